"""A small SVG writer: elements as text, numbers formatted the same way every time.

Every picture is built from these helpers (each game's board in its package's
``picture.py``, the Manno cards and plots in ``api.render``), so the output is
plain SVG 1.1 text with no raster data, no scripts and no outside references,
and the same input always gives the same bytes.

>>> element("circle", cx=1.5, cy=2, r=3.0, fill="#fff")
'<circle cx="1.5" cy="2" r="3" fill="#fff"/>'
>>> group([text(10, 20, "a < b", class_="sign")], class_="row", data_x="1")
'<g class="row" data-x="1"><text x="10" y="20" class="sign">a &lt; b</text></g>'
"""

from __future__ import annotations

from collections.abc import Iterable

Attr = str | int | float | None

FONT = "DejaVu Sans, Verdana, Arial, sans-serif"
"""One font stack for every picture (the SVG names it; no font is embedded)."""


def escape(content: str) -> str:
    """Text as element content: ``&``, ``<`` and ``>`` as entities.

    >>> escape("a < b & c")
    'a &lt; b &amp; c'
    """
    return content.replace("&", "&amp;").replace(">", "&gt;").replace("<", "&lt;")


def quoted(value: str) -> str:
    r"""An attribute value in its quotes, escaped as XML writers do: in double quotes
    unless it holds one (then single, or ``&quot;`` if it holds both kinds); line
    breaks and tabs as character references.

    >>> print(quoted("a<b"), quoted('say "hi"'), quoted("it's \"x\""), quoted("1\n2"))
    "a&lt;b" 'say "hi"' "it's &quot;x&quot;" "1&#10;2"
    """
    escaped = escape(value).replace("\n", "&#10;").replace("\r", "&#13;").replace("\t", "&#9;")
    if '"' not in escaped:
        return f'"{escaped}"'
    if "'" not in escaped:
        return f"'{escaped}'"
    return '"' + escaped.replace('"', "&quot;") + '"'


def number(value: float) -> str:
    """A coordinate as short, fixed text: at most 2 decimals, no trailing zeros.

    >>> number(3.0), number(2.456), number(-0.001), number(10)
    ('3', '2.46', '0', '10')
    """
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def attributes(attrs: dict[str, Attr]) -> str:
    """Attribute text; ``class_`` -> ``class``, ``data_x`` -> ``data-x``, ``None`` left out."""
    parts = []
    for name, value in attrs.items():
        if value is None:
            continue
        key = name.rstrip("_").replace("_", "-")
        shown = number(value) if isinstance(value, int | float) else value
        parts.append(f" {key}={quoted(shown)}")
    return "".join(parts)


def element(tag: str, children: Iterable[str] = (), **attrs: Attr) -> str:
    """One element with its attributes and children (already SVG text)."""
    inner = "".join(children)
    if not inner:
        return f"<{tag}{attributes(attrs)}/>"
    return f"<{tag}{attributes(attrs)}>{inner}</{tag}>"


def group(children: Iterable[str], **attrs: Attr) -> str:
    """A ``<g>`` around ``children``."""
    return f"<g{attributes(attrs)}>{''.join(children)}</g>"


def text(x: float, y: float, content: str, **attrs: Attr) -> str:
    """A ``<text>`` at ``(x, y)``, its content escaped."""
    return f"<text{attributes({'x': x, 'y': y, **attrs})}>{escape(content)}</text>"


def title(content: str) -> str:
    """A ``<title>``: the accessible name of the element it opens."""
    return f"<title>{escape(content)}</title>"


def document(width: float, height: float, body: Iterable[str], label: str) -> str:
    """A whole SVG document, ``label`` as its title and accessible name.

    >>> document(10, 5, [], "empty")[:60]
    '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="5'
    """
    head = attributes(
        {
            "xmlns": "http://www.w3.org/2000/svg",
            "width": width,
            "height": height,
            "viewBox": f"0 0 {number(width)} {number(height)}",
            "role": "img",
            "aria-label": label,
            "font-family": FONT,
        }
    )
    return f"<svg{head}>{title(label)}{''.join(body)}</svg>\n"


def path(points: Iterable[tuple[float, float]], closed: bool = False) -> str:
    """Path data through ``points`` (straight lines).

    >>> path([(0, 0), (1, 2.5)], closed=True)
    'M0 0L1 2.5Z'
    """
    moves = [f"{'L' if i else 'M'}{number(x)} {number(y)}" for i, (x, y) in enumerate(points)]
    return "".join(moves) + ("Z" if closed else "")
