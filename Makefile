# One task runner for people and CI. `make serve` and `make test` set everything up.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
PY := $(BIN)/python
STAMP := $(VENV)/.installed
NPM := $(PY) -m notation_site.node npm
export NO_MKDOCS_2_WARNING := 1
export PYTHONHASHSEED := 0
export SOURCE_DATE_EPOCH ?= $(shell git log -1 --format=%ct 2>/dev/null || echo 0)

.PHONY: install serve build test test-reference bench fuzz check-entries check-code check-entry new-entry rename-snippet lookup read browser clean

# Create the environment and install the locked Python and npm packages, once.
# The stamp is newer than both lock files after a successful install, so a second run does nothing.
$(STAMP): requirements.lock package-lock.json pyproject.toml
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --disable-pip-version-check --require-hashes --no-deps -r requirements.lock
	$(PY) -m pip install --quiet --disable-pip-version-check --no-deps --no-build-isolation -e .
	$(NPM) ci --no-audit --no-fund --loglevel=error
	touch $(STAMP)

install: $(STAMP)

serve: $(STAMP)
	$(BIN)/mkdocs serve --dev-addr 127.0.0.1:8000

# Build beside site/ and move the result into place only when the whole build passed:
# a failed build leaves the previous site/ (or none), never a half-built one.
# ENGINE=properdocs builds the same site with ProperDocs, the maintained MkDocs 1.x fork
# (tests/site/test_engines.py checks that both give the same tree).
ENGINE ?= mkdocs
ENGINES := mkdocs properdocs
define build-site
	$(if $(and $(filter 1,$(words $(ENGINE))),$(filter $(ENGINES),$(ENGINE))),,$(error ENGINE='$(ENGINE)': expected one of $(ENGINES)))
	rm -rf site.partial site.previous
	$(BIN)/$(ENGINE) build --strict --clean --config-file mkdocs.yml --site-dir site.partial || { rm -rf site.partial; exit 1; }
	if [ -e site ]; then mv site site.previous; fi
	mv site.partial site
	rm -rf site.previous
endef
build: $(STAMP)
	$(build-site)

# A failure prints the validator's messages and its count; make adds its own "Error 1" line after them.
check-entries: $(STAMP)
	@$(PY) -m notation_site.validate

# Run entries' code lines on their example inputs and compare them with their library twin:
# make check-code ID=softmax (several: ID='softmax relu'; none: every entry). The NumPy line always,
# the PyTorch line when torch is installed (`make test-reference` installs it), saying which.
check-code: $(STAMP)
	@$(PY) -m notation_site.examples.code_lines $(ID)

# Check one entry before its pull request: make check-entry ID=softmax. What the entry touches, in a
# few minutes: the validator, its code lines, the tests of its snippets and of the library modules
# they call (with their doctests), the strict build into site/, and screenshots of entries/<id>/ at
# 1280 and 390 px in Debian's chromium (tests/check_entry.py says more). CI runs the full make test.
check-entry: $(STAMP) browser
	$(if $(filter 1,$(words $(ID))),,$(error usage: make check-entry ID=softmax (one entry id)))
	@$(PY) tests/check_entry.py checks $(ID)
	$(build-site)
	@$(PY) tests/check_entry.py page $(ID)

# Look notation up in the terminal: make lookup Q=⊙ (a glyph, name, LaTeX command or API name).
lookup: $(STAMP)
	@$(PY) -m notation_site.lookup -- $(if $(Q),'$(subst ','\'',$(Q))',$(error usage: make lookup Q=⊙))

# How the formula reader reads a formula: make read TEX='\mathbb{E}_{x \sim p}[f(x)]' (ID=<id>: as on that entry's page).
read: $(STAMP)
	@$(PY) -m notation_site.read_formula $(if $(ID),--home '$(ID)') -- $(if $(TEX),'$(subst ','\'',$(TEX))',$(error usage: make read TEX='...'))

# Start an entry: make new-entry ID=kl-divergence NAME='KL divergence' TOPIC=information-theory SYMBOL='...'
# (it asks for what is not given; AFTER=entropy places it after that entry on the topic page, SNIPPET=
# names the example). Writes the entry, a snippet stub and a test stub, all marked TODO.
cmdline = $(if $(filter command line,$(origin $(1))),$(value $(1)))
new-entry: export NEW_ENTRY_ID := $(call cmdline,ID)
new-entry: export NEW_ENTRY_NAME := $(call cmdline,NAME)
new-entry: export NEW_ENTRY_TOPIC := $(call cmdline,TOPIC)
new-entry: export NEW_ENTRY_SYMBOL := $(call cmdline,SYMBOL)
new-entry: export NEW_ENTRY_SNIPPET := $(call cmdline,SNIPPET)
new-entry: export NEW_ENTRY_AFTER := $(call cmdline,AFTER)
new-entry: $(STAMP)
	@$(PY) -m notation_site.new_entry

# Rename a snippet everywhere it is named: make rename-snippet OLD=kl_divergence NEW=kl_divergence_asymmetry
rename-snippet: export RENAME_SNIPPET_OLD := $(call cmdline,OLD)
rename-snippet: export RENAME_SNIPPET_NEW := $(call cmdline,NEW)
rename-snippet: $(STAMP)
	@$(PY) -m notation_site.new_entry

# Debian's chromium for the browser tests; installed with apt where missing (never `playwright install`).
# CHROMIUM names another Chromium-based browser already on the machine (GitHub's runners have Chrome).
export CHROMIUM ?= /usr/bin/chromium
browser:
	@test -x $(CHROMIUM) || { \
	  echo "Installing Debian's chromium for the browser tests"; \
	  SUDO=$$(test "$$(id -u)" = 0 || echo sudo); \
	  $$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq chromium >/dev/null; }

# Everything but the PyTorch comparison (`make test-reference`), which needs torch.
test: $(STAMP) browser
	$(PY) -m pytest -m "not reference" --durations=40

# The library against PyTorch (CPU), scikit-learn and SciPy, and the entries' PyTorch code lines
# (tests/site/test_code_lines.py): torch, scipy, jax (for the SciPy and JAX names in entries' aliases),
# scikit-learn (the classical entries' reference, tests/reference/test_sklearn_classical.py) and
# transformers (what the entries say of Hugging Face, tests/reference/test_transformers_behaviour.py) are
# installed into .venv here only, never by `make install` or `make test`. The tests fail, rather than
# skip, when one is missing.
TORCH_VERSION := 2.13.0
SCIPY_VERSION := 1.17.1
JAX_VERSION := 0.10.2
SKLEARN_VERSION := 1.9.1
TRANSFORMERS_VERSION := 5.23.0
test-reference: $(STAMP)
	@$(PY) -c "import sys, torch; sys.exit(torch.__version__.split('+')[0] != '$(TORCH_VERSION)')" 2>/dev/null || \
	  $(PY) -m pip install --quiet --disable-pip-version-check torch==$(TORCH_VERSION)
	@$(PY) -c "import sys, scipy; sys.exit(scipy.__version__ != '$(SCIPY_VERSION)')" 2>/dev/null || \
	  $(PY) -m pip install --quiet --disable-pip-version-check scipy==$(SCIPY_VERSION)
	@$(PY) -c "import sys, jax; sys.exit(jax.__version__ != '$(JAX_VERSION)')" 2>/dev/null || \
	  $(PY) -m pip install --quiet --disable-pip-version-check jax==$(JAX_VERSION)
	@$(PY) -c "import sys, sklearn; sys.exit(sklearn.__version__ != '$(SKLEARN_VERSION)')" 2>/dev/null || \
	  $(PY) -m pip install --quiet --disable-pip-version-check scikit-learn==$(SKLEARN_VERSION)
	@$(PY) -c "import sys, transformers; sys.exit(transformers.__version__ != '$(TRANSFORMERS_VERSION)')" 2>/dev/null || \
	  $(PY) -m pip install --quiet --disable-pip-version-check transformers==$(TRANSFORMERS_VERSION)
	NOTATION_REQUIRE_TORCH=1 $(PY) -m pytest -m reference tests/reference tests/site/test_code_lines.py

clean:
	rm -rf site site.partial site.previous .pytest_cache

# Fuzz the formula reader (tests/reader_fuzz.py): FUZZ_INPUTS generated formulas read in Node.js, then
# FUZZ_BROWSER of them on a freshly built read/ page. Prints the inputs tried, the slowest, and each
# failure with its seed and index (rerun one: .venv/bin/python tests/reader_fuzz.py --seed S --only N).
FUZZ_INPUTS ?= 50000
FUZZ_SEED ?= 20261213
FUZZ_BROWSER ?= 300
fuzz: $(STAMP) browser
	$(PY) tests/reader_fuzz.py --inputs $(FUZZ_INPUTS) --seed $(FUZZ_SEED) --browser $(FUZZ_BROWSER)

# Performance figures (page load vs a MathJax baseline, build cost, search); prints tables, asserts nothing.
bench: $(STAMP) browser
	cd tests && ../$(PY) -m bench.run $(BENCH)
