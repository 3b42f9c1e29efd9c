"""Sphinx configuration of the static book of the lessons (built by ``make site``).

``scripts/build_site.py`` stages the sources (this folder, ``docs/rules/`` and
the executed ``notebooks/``) in ``build/site-src/`` and runs sphinx-build with
warnings as errors. The tool: Sphinx + MyST-NB + sphinx-book-theme (the stack
Jupyter Book 1 is made of, used directly; see docs/decisions.md).
"""

import os

import pushlab

SLUG = os.environ.get("PUSHLAB_REPO", "pushlab/pushlab")

project = "pushlab"
author = "pushlab developers"
copyright = "2026, pushlab developers (MIT License)"
release = version = pushlab.__version__

extensions = [
    "myst_nb",
    "sphinx.ext.autodoc",
    "sphinx.ext.autosummary",
]
exclude_patterns = ["_build", "**.ipynb_checkpoints", "api/_templates", "_extra"]
templates_path = ["_templates"]

# The lessons were executed by scripts/build_site.py (widgets made static there).
nb_execution_mode = "off"
nb_ipywidgets_js = {}  # no widget JavaScript from a CDN: widgets are static notes
nb_merge_streams = True
myst_enable_extensions = ["colon_fence", "dollarmath"]
myst_heading_anchors = 3

# API reference from the docstrings: one page per module (autosummary, recursive).
autosummary_generate = True
autosummary_imported_members = False
# Each object is documented once, on the page of the module that defines it (a
# package's __all__ re-exports would describe it twice).
autodoc_default_options = {"members": True, "show-inheritance": True, "ignore-module-all": True}
autodoc_member_order = "bysource"
autodoc_typehints = "description"

html_theme = "sphinx_book_theme"
html_title = f"pushlab {release}: lessons about two card games called Push"
html_static_path = ["_static"]
# The handouts (pushlab.guide.handouts: standalone pages to print), staged by
# scripts/build_site.py in _extra/handouts/<lang>/ and copied to the site's root as they are.
html_extra_path = ["_extra"] if os.path.isdir(os.path.join(os.path.dirname(__file__), "_extra")) else []
html_css_files = ["pushlab.css"]
html_theme_options = {
    "repository_url": f"https://github.com/{SLUG}",
    "repository_branch": "main",
    "path_to_docs": "",
    "use_repository_button": True,
    "launch_buttons": {"binderhub_url": "https://mybinder.org", "notebook_interface": "jupyterlab"},
    "show_toc_level": 2,
}


# The teacher's guide in other languages (teachers/<lang>/, pushlab.guide.pages): the page's
# body carries its language (and direction) so that screen readers, hyphenation and
# right-to-left layout follow it; the book itself stays English.
GUIDE_LANGUAGES = {"et": "ltr", "cs": "ltr", "ar": "rtl", "eo": "ltr"}


def _guide_language(app, pagename, templatename, context, doctree):
    """Wrap a translated guide page's body in ``<div lang=.. dir=..>``."""
    parts = pagename.split("/")
    if len(parts) > 2 and parts[0] == "teachers" and parts[1] in GUIDE_LANGUAGES and "body" in context:
        lang = parts[1]
        context["body"] = f'<div lang="{lang}" dir="{GUIDE_LANGUAGES[lang]}">{context["body"]}</div>'


def setup(app):
    """Sphinx hook: the guide's page languages."""
    app.connect("html-page-context", _guide_language)
