"""The maths behind every worked example on the site: small, typed, pure NumPy.

Conventions follow PyTorch: functions act along ``axis=-1`` by default, float32 and
float64 inputs keep their type, and other inputs are promoted to float64. Bad input
raises ``ValueError`` or ``TypeError``; nothing returns a silent NaN, except where the
mathematics itself has no answer (a fully masked softmax row), which is documented.

>>> import notation
>>> notation.softmax([0.0, 0.0]).tolist()
[0.5, 0.5]
"""

from notation.activations import *  # noqa: F403
from notation.activations import __all__ as _activations
from notation.attention import *  # noqa: F403
from notation.attention import __all__ as _attention
from notation.calculus import *  # noqa: F403
from notation.calculus import __all__ as _calculus
from notation.classical import *  # noqa: F403
from notation.classical import __all__ as _classical
from notation.cost import *  # noqa: F403
from notation.cost import __all__ as _cost
from notation.elementary import *  # noqa: F403
from notation.elementary import __all__ as _elementary
from notation.encoding import *  # noqa: F403
from notation.encoding import __all__ as _encoding
from notation.generative import *  # noqa: F403
from notation.generative import __all__ as _generative
from notation.information import *  # noqa: F403
from notation.information import __all__ as _information
from notation.layers import *  # noqa: F403
from notation.layers import __all__ as _layers
from notation.linalg import *  # noqa: F403
from notation.linalg import __all__ as _linalg
from notation.matrices import *  # noqa: F403
from notation.matrices import __all__ as _matrices
from notation.metrics import *  # noqa: F403
from notation.metrics import __all__ as _metrics
from notation.normalization import *  # noqa: F403
from notation.normalization import __all__ as _normalization
from notation.numerics import *  # noqa: F403
from notation.numerics import __all__ as _numerics
from notation.optimization import *  # noqa: F403
from notation.optimization import __all__ as _optimization
from notation.optimizers import *  # noqa: F403
from notation.optimizers import __all__ as _optimizers
from notation.positions import *  # noqa: F403
from notation.positions import __all__ as _positions
from notation.probability import *  # noqa: F403
from notation.probability import __all__ as _probability
from notation.reinforcement import *  # noqa: F403
from notation.reinforcement import __all__ as _reinforcement
from notation.statistics import *  # noqa: F403
from notation.statistics import __all__ as _statistics
from notation.transformer import *  # noqa: F403
from notation.transformer import __all__ as _transformer

__all__ = [
    *_activations,
    *_attention,
    *_calculus,
    *_classical,
    *_cost,
    *_elementary,
    *_encoding,
    *_generative,
    *_information,
    *_layers,
    *_linalg,
    *_matrices,
    *_metrics,
    *_normalization,
    *_numerics,
    *_optimization,
    *_optimizers,
    *_positions,
    *_probability,
    *_reinforcement,
    *_statistics,
    *_transformer,
]
