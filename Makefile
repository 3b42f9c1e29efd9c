# pushlab: two commands from a clean clone (see README.md)
#   make serve   serve the lessons with Voilà at http://127.0.0.1:8866/ (warm kernel pool: POOL=2,
#                in the class language LESSON_LANG=en|et|cs|ar|eo)
#   make test    run every test: unit, doctests, notebooks (nbval), browser
# Both create .venv (python3 -m venv) and install the package into it first.
#   make site       the static HTML book of the executed lessons in build/site/
#   make site-test  make site, then check build/site/ (make test checks a site it builds itself)

PYTHON   ?= python3
VENV     ?= .venv
BIN      := $(VENV)/bin
STAMP    := $(VENV)/.installed-test
CHROMIUM ?= /usr/bin/chromium
PORT     ?= 8866
POOL     ?= 2
LESSON_LANG ?= en
SERVE_ARGS  ?= --port $(PORT) --pool $(POOL) --lang $(LESSON_LANG)
PYTEST_ARGS ?=
# make test spreads the tests over this many pytest-xdist workers (0: one process; docs/testing.md)
WORKERS  ?= 2
SITE_DIR ?= build/site
SUDO     := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
export PATH := $(abspath $(BIN)):$(PATH)

.PHONY: help serve test site site-test venv chromium postgresql strip clean catalogs accel

help:
	@echo "make serve    serve the notebooks with Voilà on http://127.0.0.1:$(PORT)/, $(POOL) warm kernels per play/rules app (POOL=0: none)"
	@echo "make test     run all tests on $(WORKERS) workers (PYTEST_ARGS='-k luck' to narrow, WORKERS=0: one process)"
	@echo "make site     build the static book of the executed lessons in $(SITE_DIR)/ (a few minutes)"
	@echo "make site-test  make site, then check its links, launch links and plots (make test builds and checks its own)"
	@echo "make catalogs extract the English strings, compile the translations, write notebooks/<lang>/"
	@echo "make accel    compile the optional rummy accelerator with Cython (pushlab.accel; make test does it too)"
	@echo "make strip    remove outputs and widget state from notebooks/*.ipynb"
	@echo "make clean    remove .venv and test artefacts"

serve: $(STAMP)
	$(BIN)/pushlab serve $(SERVE_ARGS)

test: $(STAMP) chromium postgresql accel
	$(BIN)/python -m pytest -n $(WORKERS) --durations=15 $(PYTEST_ARGS)

# The static site: Sphinx + MyST-NB + sphinx-book-theme (installed by .[test],
# also the `site` extra); warnings are errors. See scripts/build_site.py.
site: $(STAMP)
	$(BIN)/python scripts/build_site.py --out $(SITE_DIR)

site-test: site chromium
	PUSHLAB_SITE=$(SITE_DIR) $(BIN)/python -m pytest tests/test_site.py $(PYTEST_ARGS)

venv: $(STAMP)

# The optional compiled accelerator (docs/install.md, pushlab/accel/): the rummy engine's and
# bots' modules compiled by Cython, unchanged, into $(VENV)/share/pushlab-accel/, in parallel;
# only modules whose source changed are compiled again (about 1 CPU-minute for all). Without
# Cython or a C compiler it says so and pushlab runs as pure Python; tests/test_accel.py
# checks the compiled modules play exactly as the pure ones (PUSHLAB_PURE=1 forces those).
accel: $(STAMP)
	$(BIN)/python -m pushlab.accel build

# The virtual environment, re-made when pyproject.toml changes. Debian ships
# venv's pip separately (python3-venv): install it when venv cannot bootstrap pip.
$(STAMP): pyproject.toml
	@$(PYTHON) -c 'import sys; assert sys.version_info >= (3, 10), "pushlab needs Python 3.10 or newer, not " + sys.version.split()[0]'
	@if [ ! -x $(BIN)/python ] || ! $(BIN)/python -m pip --version >/dev/null 2>&1; then \
	  rm -rf $(VENV); \
	  if ! $(PYTHON) -m venv $(VENV); then \
	    echo "python3 -m venv failed: installing Debian's python3-venv"; rm -rf $(VENV); \
	    $(SUDO) apt-get update && $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y python3-venv && \
	    $(PYTHON) -m venv $(VENV); \
	  fi; \
	fi
	$(BIN)/python -m pip install -e ".[test]"
	touch $(STAMP)

# Headless Chromium for the browser tests (Playwright cannot download its own here).
chromium:
	@if [ -x "$(CHROMIUM)" ]; then echo "chromium: $(CHROMIUM)"; else \
	  echo "no $(CHROMIUM): installing Debian's chromium"; \
	  $(SUDO) apt-get update && $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y chromium; \
	fi

# A PostgreSQL server's programs, so that the class experiment store's tests run on
# PostgreSQL too (tests/pg_server.py starts a throw-away server; without one they skip).
postgresql:
	@if command -v initdb >/dev/null 2>&1 || ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1; then \
	  echo "postgresql: $$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | tail -1)"; else \
	  echo "no PostgreSQL server programs: installing Debian's postgresql"; \
	  $(SUDO) apt-get update && $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y postgresql || \
	  echo "postgresql could not be installed: the PostgreSQL store tests will be skipped"; \
	fi

# Translations (docs/i18n.md): extract the marked strings and the lesson paragraphs into
# the template pushlab.pot, compile each language's .po parts to .mo (both committed;
# compiled with a fixed date by pushlab.i18n.compile, so nothing changes when nothing was
# translated; it says what is still untranslated), then write notebooks/<lang>/ from them, and
# docs/glossary/<lang>.md from the glossaries' .toml (tests/test_glossary.py checks them all).
LOCALE    := pushlab/i18n/locale
catalogs: $(STAMP)
	mkdir -p $(LOCALE)
	$(BIN)/pybabel extract -F babel.cfg --no-location --sort-output --omit-header \
	  -k _ -k gettext -k ngettext:1,2 -o $(LOCALE)/pushlab.pot .
	$(BIN)/python -m pushlab.i18n.compile
	$(BIN)/python -m pushlab.i18n.notebook
	$(BIN)/python -m pushlab.serving
	$(BIN)/python -m pushlab.i18n.glossary

strip:
	$(PYTHON) scripts/strip_notebooks.py

clean:
	rm -rf $(VENV) tests/screenshots build dist
