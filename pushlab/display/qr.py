"""QR codes of addresses: an inline SVG for a page, block characters for a terminal.

Both need ``segno`` (installed by the ``serve``, ``lab`` and ``test`` extras); where it is
missing, :func:`qr_available` says so and callers show the address alone.
"""

from __future__ import annotations

import importlib.util
import io

__all__ = ["qr_available", "qr_svg", "qr_text"]


def qr_available() -> bool:
    """True when ``segno`` can be imported (QR codes can be drawn)."""
    return importlib.util.find_spec("segno") is not None


def qr_svg(text: str, scale: int = 6) -> str:
    """``text`` as a QR code, an inline ``<svg>`` element (black on white, quiet zone of 2).

    >>> qr_svg("http://192.168.1.5:8866/").startswith("<svg")
    True
    """
    import segno

    out = io.BytesIO()
    segno.make(text, error="m").save(out, kind="svg", scale=scale, xmldecl=False, svgns=True,
                                     title=None, desc=None, border=2)
    return out.getvalue().decode("utf-8")


def qr_text(text: str) -> str:
    """``text`` as a QR code drawn with block characters for a terminal (two rows of modules
    per line, quiet zone included), readable by a phone's camera from the screen."""
    import segno

    qr = segno.make(text, error="m")
    rows = [[bool(v) for v in row] for row in qr.matrix_iter(scale=1, border=2)]
    if len(rows) % 2:
        rows.append([False] * len(rows[0]))
    chars = {(False, False): "\u2588", (True, True): " ", (False, True): "\u2580", (True, False): "\u2584"}
    return "\n".join("".join(chars[(top, bottom)] for top, bottom in zip(rows[i], rows[i + 1]))
                     for i in range(0, len(rows), 2))
