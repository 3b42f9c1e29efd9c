#!/usr/bin/env python3
"""Build the static book of the lessons (``make site``): Sphinx + MyST-NB + sphinx-book-theme.

Usage::

    python scripts/build_site.py            # -> build/site/index.html
    python scripts/build_site.py --out DIR  # elsewhere
    python scripts/build_site.py --no-execute  # quick: check the sources, lessons not run

Steps:

1. Stage a Sphinx source tree in ``build/site-src/`` that mirrors the
   repository's paths (so launch links point at the real files):
   ``docs/site/*`` (conf.py, the index and API pages) at its root,
   ``docs/rules/*.md`` and ``notebooks/*.ipynb``; and the teacher's guide in every
   language (``teachers/``, made from ``docs/teachers/`` by :mod:`pushlab.guide.pages`)
   with its handouts (``_extra/handouts/<lang>/``: printable pages, copied as they are).
2. Execute every lesson with nbclient (fresh kernel each, widget state kept),
   so the pages carry their plots and tables; two lessons at a time (``--jobs``).
3. Where a widget stands, its output becomes a static note: "this needs a live
   kernel", with links to open the lesson as a Voilà app or in JupyterLab on
   Binder, followed by a snapshot of what the widget showed (its HTML, text and
   captured plots; buttons drawn inert). Each lesson gets a launch bar under
   its title: Binder (JupyterLab), and "open as an app" (Voilà) when the
   lesson has widgets.
4. ``sphinx-build -W --keep-going`` (warnings are errors) into ``build/site/``.

The GitHub repository the launch links point at is ``$PUSHLAB_REPO``
(default ``pushlab/pushlab``; set it to your fork's ``org/repo``).
"""

from __future__ import annotations

import argparse
import html
import os
import re
import shutil
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from urllib.parse import quote

import nbformat

REPO = Path(__file__).resolve().parents[1]
SITE_SRC = REPO / "docs" / "site"
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
WIDGET_STATE = "application/vnd.jupyter.widget-state+json"
BINDER = "https://mybinder.org/v2/gh"


def repo_slug() -> str:
    """The GitHub ``org/repo`` the launch links point at."""
    return os.environ.get("PUSHLAB_REPO", "pushlab/pushlab")


def binder_url(path: str, app: bool = False, slug: str | None = None) -> str:
    """Binder URL opening ``path`` (repository-relative) in JupyterLab, or as a Voilà app.

    >>> binder_url("notebooks/02-play.ipynb", slug="o/r")
    'https://mybinder.org/v2/gh/o/r/HEAD?urlpath=lab/tree/notebooks/02-play.ipynb'
    >>> binder_url("notebooks/02-play.ipynb", app=True, slug="o/r")
    'https://mybinder.org/v2/gh/o/r/HEAD?urlpath=voila/render/notebooks/02-play.ipynb'
    """
    where = "voila/render/" if app else "lab/tree/"
    return f"{BINDER}/{slug or repo_slug()}/HEAD?urlpath={where}{path}"


# ------------------------------------------------------------------ widget snapshots

BOX_MODELS = {"VBoxModel": "column", "BoxModel": "column", "HBoxModel": "row", "GridBoxModel": "row",
              "AccordionModel": "column", "TabModel": "column", "StackModel": "column"}


def _model(ref, state: dict):
    """The stored state of widget ``ref`` (``"IPY_MODEL_<id>"`` or an id), or None."""
    model_id = ref[len("IPY_MODEL_"):] if isinstance(ref, str) and ref.startswith("IPY_MODEL_") else ref
    return state.get(model_id)


def _output_html(output: dict) -> str:
    """One captured output (of an Output widget) as static HTML."""
    data = output.get("data", {})
    if output.get("output_type") == "stream":
        return f"<pre>{html.escape(output.get('text', ''))}</pre>"
    if "image/png" in data:
        alt = html.escape(data.get("text/plain", "plot"))
        return f'<img src="data:image/png;base64,{data["image/png"].strip()}" alt="{alt}">'
    if "text/html" in data:
        return data["text/html"]
    if "text/plain" in data and WIDGET_VIEW not in data:
        return f"<pre>{html.escape(data['text/plain'])}</pre>"
    return ""


def _live_links(markup: str) -> str:
    """Links of a widget's HTML to other lessons (``et/00-welcome.ipynb``, relative to
    ``notebooks/``) point at those lessons as Voilà apps on Binder: a static page has no
    ``.ipynb`` to open and no kernel to run it."""
    def live(match):
        path, query = match.group(1), match.group(2) or ""
        url = binder_url("notebooks/" + path, app=True) + quote(query, safe="")
        return f'href="{html.escape(url)}"'
    return re.sub(r'href="(?![a-z][a-z0-9+.-]*:|/|#)([^"?#]+\.ipynb)(\?[^"#]*)?"', live, markup)


def snapshot(ref, state: dict, depth: int = 0) -> str:
    """Static HTML of what widget ``ref`` showed when the notebook ran ("" if nothing to show)."""
    model = _model(ref, state)
    if model is None or depth > 30:
        return ""
    name, s = model.get("model_name", ""), model.get("state", {})
    if s.get("layout") and (_model(s["layout"], state) or {}).get("state", {}).get("display") == "none":
        return ""
    if name in BOX_MODELS:
        inner = "".join(snapshot(c, state, depth + 1) for c in s.get("children", []))
        return f'<div class="pushlab-snap-box" style="display:flex;flex-direction:{BOX_MODELS[name]};gap:4px">{inner}</div>' if inner else ""
    if name in ("HTMLModel", "HTMLMathModel"):
        return f"<div>{_live_links(s.get('value', ''))}</div>" if s.get("value") else ""
    if name == "LabelModel":
        return f"<span>{html.escape(str(s.get('value', '')))}</span>" if s.get("value") else ""
    if name == "OutputModel":
        return "".join(_output_html(o) for o in s.get("outputs", []))
    if name in ("ButtonModel", "ToggleButtonModel"):
        label = s.get("description") or s.get("tooltip") or ""
        return f'<span class="pushlab-snap-control">{html.escape(label)}</span>' if label else ""
    if s.get("description") and ("value" in s or "index" in s):  # sliders, dropdowns, checkboxes...
        labels, index = s.get("_options_labels"), s.get("index")
        value = labels[index] if labels and isinstance(index, int) and 0 <= index < len(labels) else s.get("value")
        value = "" if isinstance(value, (dict, list)) or value is None else value
        return (f'<span class="pushlab-snap-control">{html.escape(str(s["description"]))} '
                f'{html.escape(str(value))}</span>')
    return ""


def live_note(path: str, inner: str, slug: str | None = None) -> str:
    """The static stand-in of one widget: it needs a live kernel, where to get one, then its snapshot."""
    app, lab = binder_url(path, app=True, slug=slug), binder_url(path, slug=slug)
    shot = f'<div class="pushlab-snapshot">{inner}</div>' if inner else ""
    return (
        '<div class="admonition note pushlab-live-widget">'
        '<p class="admonition-title">Interactive: needs a live Python kernel</p>'
        "<p>An interactive widget stands here. A static page has no kernel to run it: "
        f'<a href="{app}">open this lesson as an app</a> (Voilà on Binder) or '
        f'<a href="{lab}">launch it in JupyterLab on Binder</a>'
        " (or locally: <code>pushlab serve</code>)."
        + (" Below is what it showed when this page was built." if inner else "")
        + f"</p>{shot}</div>"
    )


def make_static(nb, path: str, slug: str | None = None) -> int:
    """Replace every widget output of executed notebook ``nb`` by its static note; returns how many."""
    state = nb.metadata.get("widgets", {}).get(WIDGET_STATE, {}).get("state", {})
    count = 0
    for cell in nb.cells:
        if cell.cell_type != "code":
            continue
        for i, out in enumerate(cell.get("outputs", [])):
            data = out.get("data", {})
            if WIDGET_VIEW in data:
                count += 1
                note = live_note(path, snapshot(data[WIDGET_VIEW].get("model_id"), state), slug)
                cell.outputs[i] = nbformat.v4.new_output("display_data", data={"text/html": note})
    nb.metadata.pop("widgets", None)  # no widget JavaScript on the static page
    return count


def launch_cell(path: str, has_widgets: bool, slug: str | None = None):
    """The launch bar put under a lesson's title (a MyST note)."""
    links = [f"[Launch on Binder]({binder_url(path, slug=slug)}) (JupyterLab: run and edit the lesson)"]
    if has_widgets:
        links.append(f"[Open as an app]({binder_url(path, app=True, slug=slug)}) "
                     "(Voilà: the interactive widgets work, code hidden)")
    text = ("This is a static page: the code ran when the site was built, so plots and tables are "
            "here, but nothing reacts. For the live lesson: " + "; ".join(links) + ".")
    if has_widgets:
        text += " Locally: `pip install \"pushlab[serve]\"` then `pushlab serve`."
    cell = nbformat.v4.new_markdown_cell(":::{admonition} Run this lesson live\n:class: tip\n" + text + "\n:::")
    cell.metadata["tags"] = ["pushlab-launch"]
    return cell


# ------------------------------------------------------------------ staging and building


def execute(nb, cwd: Path, timeout: int = 600):
    """Run every cell of ``nb`` in a fresh python3 kernel (widget state stored); returns ``nb``."""
    from nbclient import NotebookClient

    client = NotebookClient(nb, timeout=timeout, kernel_name="python3", store_widget_state=True,
                            resources={"metadata": {"path": str(cwd)}})
    client.execute()
    return nb


def stage_lesson(src: Path, dest: Path, slug: str | None = None, run: bool = True) -> tuple[int, float]:
    """Execute lesson ``src`` (unless not ``run``), make it static, add the launch bar, write it to ``dest``."""
    start = time.perf_counter()
    nb = nbformat.read(src, as_version=4)
    if run:
        execute(nb, dest.parent)
    path = f"notebooks/{src.name}"
    widgets = make_static(nb, path, slug)
    first_md = next((i for i, c in enumerate(nb.cells) if c.cell_type == "markdown"), None)
    at = first_md + 1 if first_md is not None and nb.cells[first_md].source.lstrip().startswith("# ") else 0
    nb.cells.insert(at, launch_cell(path, widgets > 0, slug))
    nbformat.write(nb, dest)
    return widgets, time.perf_counter() - start


def stage_guide(stage_dir: Path, slug: str | None = None) -> None:
    """The teacher's guide in every language (``teachers/``) and its handouts (``_extra/handouts/``,
    copied to the site's root): :func:`pushlab.guide.pages.build`."""
    from pushlab.guide.pages import build as build_guide

    start = time.perf_counter()
    written = build_guide(stage_dir, slug=slug or repo_slug())
    pages = sum(kind == "page" for kind in written.values())
    print(f"build_site: teacher's guide: {pages} pages and {len(written) - pages} handouts in "
          f"{time.perf_counter() - start:.1f} s", flush=True)


def stage(stage_dir: Path, slug: str | None = None, run: bool = True, jobs: int = 2) -> None:
    """Lay out the Sphinx sources in ``stage_dir`` (executing every lesson unless not ``run``,
    ``jobs`` lessons at a time: each runs in its own kernel process)."""
    if stage_dir.exists():
        shutil.rmtree(stage_dir)
    shutil.copytree(SITE_SRC, stage_dir, ignore=shutil.ignore_patterns("__pycache__", "_build"))
    shutil.copytree(REPO / "docs" / "rules", stage_dir / "docs" / "rules")
    lessons = stage_dir / "notebooks"
    lessons.mkdir()
    sources = sorted((REPO / "notebooks").glob("*.ipynb"))
    pool = ThreadPoolExecutor(max_workers=max(1, jobs))
    try:
        futures = [pool.submit(stage_lesson, src, lessons / src.name, slug, run=run) for src in sources]
        stage_guide(stage_dir, slug)                   # while the lessons run in their kernels
        for src, future in zip(sources, futures):      # in order; the first error stops the build
            widgets, seconds = future.result()
            print(f"build_site: {'executed' if run else 'staged (not run)'} {src.name} in {seconds:.1f} s ({widgets} widget outputs made static)",
                  flush=True)
    except BaseException:
        pool.shutdown(wait=True, cancel_futures=True)   # lessons not started are not run
        raise
    pool.shutdown()


def build(out: Path, stage_dir: Path, run: bool = True, jobs: int = 2) -> int:
    """Stage, then run sphinx-build with warnings as errors; returns its exit status."""
    start = time.perf_counter()
    stage(stage_dir, run=run, jobs=jobs)
    if out.exists():
        shutil.rmtree(out)
    argv = [sys.executable, "-m", "sphinx", "-W", "--keep-going", "-b", "html", "-q",
            "-d", str(stage_dir.with_name(stage_dir.name + "-doctrees")), str(stage_dir), str(out)]
    status = subprocess.call(argv)
    total = time.perf_counter() - start
    if status == 0:
        print(f"build_site: {out / 'index.html'} built in {total:.0f} s", flush=True)
    else:
        print(f"build_site: sphinx-build failed (status {status}); warnings are errors", file=sys.stderr)
    return status


def main(argv=None) -> int:
    """Command line: build the site."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=REPO / "build" / "site", help="output folder")
    parser.add_argument("--stage", type=Path, default=REPO / "build" / "site-src", help="staging folder")
    parser.add_argument("--no-execute", action="store_true",
                        help="do not run the lessons (a quick check of the sources: no outputs, no plots)")
    parser.add_argument("--jobs", type=int, default=2,
                        help="lessons executed at a time (default 2: one per core of a small CI machine)")
    args = parser.parse_args(argv)
    return build(args.out.resolve(), args.stage.resolve(), run=not args.no_execute, jobs=args.jobs)


if __name__ == "__main__":
    sys.exit(main())
