"""Where many independent jobs run: in this process, on a process pool, or on a Dask cluster.

One home for the choice ``pushlab search`` and ``pushlab soak`` (and any caller of
:func:`pushlab.luck.search.search` or :func:`pushlab.soak.soak`) make from ``--workers``
and ``--dask``. Results never depend on it: the callers seed every job themselves.

>>> with executor(1) as ex:
...     ex is None                     # one worker: run in this process
True
>>> with executor(2) as ex:
...     ex.submit(sum, [1, 2]).result()
3
"""

from __future__ import annotations

import concurrent.futures as cf
from contextlib import contextmanager

from pushlab.errors import SetupError

__all__ = ["executor"]


@contextmanager
def executor(workers: int = 1, dask: str | None = None):
    """The executor for ``workers`` processes, or a Dask cluster's; closed on leaving.

    ``dask``: None (processes: ``workers`` > 1, else None, i.e. in this process),
    ``"local"`` (a Dask ``LocalCluster`` of ``workers`` processes) or a scheduler
    address such as ``"tcp://10.0.0.5:8786"``; Dask is the optional extra
    ``pip install "pushlab[dask]"``, used through ``Client.get_executor()``.
    """
    if dask is None:
        if workers <= 1:
            yield None
            return
        pool = cf.ProcessPoolExecutor(workers)
        try:
            yield pool
        finally:
            pool.shutdown(wait=True, cancel_futures=True)
        return
    try:
        from distributed import Client, LocalCluster
    except ImportError:
        raise SetupError('Dask is not installed: pip install "pushlab[dask]"') from None
    cluster = None
    if dask == "local":
        cluster = LocalCluster(n_workers=max(1, workers), threads_per_worker=1,
                               processes=True, dashboard_address=None)
        client = Client(cluster)
    else:
        client = Client(dask)
    try:
        yield client.get_executor()
    finally:
        client.close()
        if cluster is not None:
            cluster.close()
