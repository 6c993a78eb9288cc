# The kit's two commands: `make lab` runs it, `make test` checks it.
# Both create .venv on first use and reinstall only when pyproject.toml changes.

PYTHON ?= python3
VENV   ?= .venv
PY     := $(VENV)/bin/python
HOST   := 127.0.0.1
PORT   ?= 8888
# Set OPEN=no to start the server without opening a browser.
OPEN   ?= yes
# The language: KIT_LANG=es, LANG=es, or the desktop's own LANG=es_ES.UTF-8 give
# Spanish; bg Bulgarian; C, POSIX, en and any other English (kit/i18n.py reads the same).
# On make's command line LANG= beats a KIT_LANG of the environment.
LANGUAGE_CHOICE := $(if $(filter command line,$(origin KIT_LANG)),$(KIT_LANG),$(if \
  $(filter command line,$(origin LANG)),$(LANG),$(or $(KIT_LANG),$(LANG),en)))
LANGUAGE_CODE := $(firstword $(subst _, ,$(subst ., ,$(subst -, ,$(LANGUAGE_CHOICE)))))
KIT_LANGUAGE := $(or $(filter es bg,$(LANGUAGE_CODE)),en)
# A language's lessons are under notebooks/<code>/ (English: notebooks/ itself).
LESSONS_DIR := notebooks$(if $(filter en,$(KIT_LANGUAGE)),,/$(KIT_LANGUAGE))
NOTEBOOK ?= $(LESSONS_DIR)/00_welcome.ipynb
# JupyterLab's own menus: the Spanish language pack; there is no Bulgarian one.
LAB_LOCALE := $(if $(filter es,$(KIT_LANGUAGE)),es_ES,en)
ROOT_FLAG := $(if $(filter 0,$(shell id -u)),--allow-root,)
# Lab serves all of notebooks/, not only the language's folder (its default, the
# opened file's folder): the Bulgarian welcome links to the English IOTA and Mattix
# courses in ../iota/, which were outside a root of notebooks/bg/ and did nothing.
LAB_ROOT := $(if $(filter notebooks/%,$(NOTEBOOK)),--ServerApp.root_dir=notebooks,)
BROWSER_FLAG := $(if $(filter no,$(OPEN)),--no-browser,)
NBVAL := --nbval --nbval-current-env --nbval-sanitize-with tests/nbval_sanitize.cfg

.DEFAULT_GOAL := help
.PHONY: help lab app test fast lint bare bench soak voila lessons clean handouts slides grading hub hub-allowed hub-link hub-warm

# Stop early, in one line, when there is no Python 3.10+ with venv and pip to
# build .venv from (only checked while .venv does not exist yet).
ifeq ($(wildcard $(PY)),)
ifneq ($(filter lab app test fast lint bench soak voila lessons handouts slides grading hub hub-link,$(MAKECMDGOALS)),)
PY_OK := $(shell $(PYTHON) -c 'import sys, venv, ensurepip; print(int(sys.version_info >= (3, 10)))' 2>/dev/null)
ifneq ($(PY_OK),1)
$(error The kit needs Python 3.10 or newer with venv and pip; '$(PYTHON)' is not that. Install one, or run: make $(firstword $(MAKECMDGOALS)) PYTHON=/path/to/python3.11)
endif
endif
endif

help:
	@echo "make lab    start JupyterLab on http://$(HOST):$(PORT) with the welcome lesson (PORT=, OPEN=no, LANG=es|bg)"
	@echo "make app    play in the browser, no code shown: pick a game, the seats, Start (PORT=, OPEN=no, LANG=es|bg)"
	@echo "make test   run every test: unit, notebooks (nbval) and browser tests"
	@echo "make fast   run the fast tests only (no notebooks, no browser)"
	@echo "make lint   ruff over kit/ and tests/, mypy over kit/ (the first step of test and fast)"
	@echo "make bare   the engines in a venv with nothing installed: no ipywidgets, no pip"
	@echo "make bench  run the engine benchmarks"
	@echo "make soak   10,000 seeded games of each game, every invariant checked (long; SOAK=\"--games 200\")"
	@echo "make voila  run one notebook as an app (NOTEBOOK=notebooks/...)"
	@echo "make lessons  re-run lesson notebooks and save their outputs (NB=notebooks/...)"
	@echo "make handouts every lesson as HTML and PDF in build/handouts/ (student and teacher copies)"
	@echo "make slides   every lesson as a reveal.js deck in build/slides/ (projects offline: open index.html)"
	@echo "make grading  write the graded puzzle sets for nbgrader into grading/source/"
	@echo "make hub      a JupyterHub for a class on http://localhost:$(HUB_PORT) (docs/teaching.md)"
	@echo "make hub-link LESSON=notebooks/iota/03_scoring.ipynb  the link that opens a lesson on the hub"
	@echo "make hub-warm [LESSON=...]  10 min before class: every listed student's server started (docs/teaching.md)"

$(PY):
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip

$(VENV)/.installed: pyproject.toml | $(PY)
	$(PY) -m pip install --quiet -e .
	@touch $@

# nbgrader (for the graded sets' tests) brings Lab menus and server extensions
# a student does not need in the shared .venv: off, its command line stays.
$(VENV)/.installed-test: pyproject.toml $(VENV)/.installed
	$(PY) -m pip install --quiet -e '.[test]'
	$(VENV)/bin/jupyter labextension disable --level=sys_prefix @jupyter/nbgrader >/dev/null 2>&1
	for ext in formgrader validate_assignment assignment_list course_list; do \
	  $(VENV)/bin/jupyter server extension disable --sys-prefix nbgrader.server_extensions.$$ext >/dev/null 2>&1 || exit 1; done
	@touch $@

# Lab's news and update toast off (it would ask to go online and covers the
# board): a settings default inside .venv, so the user's own settings win and
# are never touched.
LAB_DEFAULTS := $(VENV)/share/jupyter/lab/settings/overrides.d/kit.json
$(LAB_DEFAULTS): | $(VENV)/.installed
	@mkdir -p $(@D)
	@echo '{"@jupyterlab/apputils-extension:notification": {"fetchNews": "false", "checkForUpdates": false}}' > $@

# Lab's language is a settings default too, written on every start (LANG= may
# change between runs); a language the user picks in Lab's menu still wins.
LAB_LANGUAGE := $(VENV)/share/jupyter/lab/settings/overrides.d/kit-language.json
lab: $(VENV)/.installed $(LAB_DEFAULTS)
	@echo '{"@jupyterlab/translation-extension:plugin": {"locale": "$(LAB_LOCALE)"}}' > $(LAB_LANGUAGE)
	KIT_LANG=$(KIT_LANGUAGE) $(VENV)/bin/jupyter lab --ServerApp.ip=$(HOST) --port=$(PORT) \
	  --ServerApp.port_retries=0 $(ROOT_FLAG) $(LAB_ROOT) $(BROWSER_FLAG) $(NOTEBOOK)

# The browser tests run in a pytest process of their own: Playwright's sync API
# leaves an asyncio loop running in the main thread, and a board built in a later
# test would hand its computer turns to that loop instead of playing them.
test: lint
	$(PY) -m pytest tests notebooks $(NBVAL) -m "not browser"
	$(PY) -m pytest tests -m browser

fast: lint
	$(PY) -m pytest tests -m "not browser"

# The gates, before any test: style and likely bugs (ruff), types (mypy, [tool.mypy]).
lint: $(VENV)/.installed-test
	$(VENV)/bin/ruff check kit tests
	$(VENV)/bin/mypy

# The engines with the standard library alone: a venv without pip or any package,
# the kit on its path (tests/bare_engines.py says what it runs).
BARE ?= build/bare-venv
bare:
	rm -rf $(BARE)
	$(PYTHON) -m venv --without-pip $(BARE)
	$(BARE)/bin/python -c 'import sys, sysconfig; open(sysconfig.get_path("purelib") + "/kit-source.pth", "w").write("$(CURDIR)\n")'
	$(BARE)/bin/python -I tests/bare_engines.py

bench: $(VENV)/.installed
	@for script in bench_engines bench_boards bench_explore; do echo "== benchmarks/$$script.py"; $(PY) benchmarks/$$script.py || exit 1; done

# Not part of `make test`: it runs long on a small machine. SOAK= passes options.
soak: $(VENV)/.installed
	$(PY) benchmarks/soak.py $(SOAK)

# Voila with the kit's "offline" page template (share/jupyter/voila/templates):
# Voila's own page asks a CDN for icon styles; a classroom may have no internet.
VOILA := JUPYTER_PATH=$(CURDIR)/share/jupyter$(if $(JUPYTER_PATH),:$(JUPYTER_PATH)) \
  $(VENV)/bin/voila --template=offline --Voila.ip=$(HOST) --port=$(PORT) \
  --Voila.port_retries=0 $(BROWSER_FLAG)

app: $(VENV)/.installed
	KIT_LANG=$(KIT_LANGUAGE) $(VOILA) $(LESSONS_DIR)/play.ipynb

voila: $(VENV)/.installed
	KIT_LANG=$(KIT_LANGUAGE) $(VOILA) $(NOTEBOOK)

clean:
	rm -rf $(VENV) .hypothesis

# Re-run lesson notebooks and save their outputs (after editing a lesson).
lessons: $(VENV)/.installed-test
	$(PY) -m kit.lessons.execute $(or $(NB),notebooks/*.ipynb notebooks/*/*.ipynb notebooks/*/*/*.ipynb)

# ---- Teaching a class (docs/teaching.md) ---------------------------------------
HUB_PORT ?= 8000
# The hub's public address: localhost, not 127.0.0.1: each student's server is
# on <name>.localhost, an origin of its own (deploy/jupyterhub_config.py).
HUB_URL  ?= $(or $(KIT_HUB_HOST),http://localhost:$(HUB_PORT))
LESSON   ?= notebooks/00_welcome.ipynb
# The proxy in front of the hub, from npm, inside the project (build/ is not committed).
CHP := build/hub/node_modules/.bin/configurable-http-proxy
# The class tools (JupyterHub, nbgitpuller, nbgrader) are the `class` extra.
$(VENV)/.installed-class: pyproject.toml $(VENV)/.installed
	$(PY) -m pip install --quiet -e '.[class]'
	@touch $@

# Lessons as HTML (code hidden, pictures inline) and PDF (system chromium).
handouts: $(VENV)/.installed
	$(PY) -m kit.classroom.handouts build/handouts

# Lessons as reveal.js decks for a projector (no code, no solutions); reveal.js
# from npm into build/slides/node_modules, so the folder works offline.
slides: $(VENV)/.installed
	$(PY) -m kit.classroom.slides build/slides

# One nbgrader source notebook per game from the puzzles as they are now.
grading: $(VENV)/.installed-class
	$(PY) -m kit.classroom.grading grading

$(CHP):
	npm install --prefix build/hub --no-audit --no-fund --loglevel=error configurable-http-proxy@5

# The class hub on 127.0.0.1 (deploy/jupyterhub_config.py says what to set).
# As root: an account per student, a password each, limits, the student runtime
# in /opt/kit-class, only the names of the class list (one a line):
#   sudo KIT_CLASS_LIST=class.txt make hub
# Any user, a one-account demo (nothing walled off):
#   KIT_HUB_DEMO=1 KIT_CLASS_PASSWORD=... make hub
# The checks come first, before anything is installed; HUB_UID= only for their test.
HUB_UID ?= $(shell id -u)
hub-allowed:
	@$(PYTHON) -c 'import os, sys; from kit.classroom.hub import open_class_refusal, refusal; \
	demo = os.environ.get("KIT_HUB_DEMO") == "1"; \
	r = refusal(int(sys.argv[1]), demo) or ("" if demo else open_class_refusal(os.environ)); \
	sys.exit(r or 0)' $(HUB_UID)
	@test "$$KIT_HUB_DEMO" != 1 || test -n "$$KIT_CLASS_PASSWORD" || { echo "The demo hub needs a class password (8+ characters): KIT_HUB_DEMO=1 KIT_CLASS_PASSWORD=... make hub"; exit 2; }

hub: hub-allowed $(VENV)/.installed-class $(CHP)
	mkdir -p build/hub/state
	cd build/hub/state && KIT_HUB_PORT=$(HUB_PORT) KIT_CLASS_LIST="$(if $(KIT_CLASS_LIST),$(abspath $(KIT_CLASS_LIST)))" \
	  $(CURDIR)/$(VENV)/bin/jupyterhub -f $(CURDIR)/deploy/jupyterhub_config.py

# Warm servers (kit/classroom/warm.py): beside a running `sudo make hub` with a
# class list, about 10 minutes before class, start every listed student's server,
# pull the lessons and start the lesson's kernel (LESSON=, default the welcome).
hub-warm: $(VENV)/.installed-class
	KIT_HUB_PORT=$(HUB_PORT) KIT_HUB_STATE=$(CURDIR)/build/hub/state \
	  $(PY) -m kit.classroom.warm $(if $(LESSON),--lesson $(LESSON))

# The nbgitpuller link opening LESSON on the hub (REPO=, BRANCH=, HUB_URL= to change).
hub-link: $(VENV)/.installed
	@$(PY) -m kit.classroom.hub $(LESSON) $(HUB_URL) $(REPO) $(BRANCH)
