"""Benchmarks: ``python -m pushlab.bench [luck|rummy|all] [--quick] [--seed N]`` prints JSON.

Speed claims in pushlab come from here, never from timed unit tests. The package is
laid out so that nothing imports in a circle:

- :mod:`pushlab.bench.common`: what every section shares (:class:`~pushlab.bench.common.Config`,
  timing helpers, the :func:`~pushlab.bench.common.section` registry maker);
- one module per section (:mod:`pushlab.bench.luck`, :mod:`pushlab.bench.rummy`), each
  exporting ``BENCHMARKS``, a dict ``{name: f(cfg) -> dict}``; a section imports only
  :mod:`~pushlab.bench.common` and the library, never the runner;
- ``pushlab/bench/__main__.py``: the runner, the only module that knows every section
  (:data:`SECTIONS` there).

Adding a benchmark to a section::

    @benchmark                         # in pushlab/bench/luck.py (or rummy.py)
    def engine_games(cfg):             # cfg.quick, cfg.seed, cfg.size(full, quick)
        ...
        return {"games_per_s": 123.4}

A benchmark that cannot run yet returns ``{"skipped": "why"}``. Each one should take
well under a minute (the full run stays under about two minutes).
"""
