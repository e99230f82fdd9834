"""The SVG writer escapes text and attributes as the standard library's XML writer
does, byte for byte, without loading it (it pulls ``urllib.request`` into every
picture command)."""

from __future__ import annotations

import json
import subprocess
import sys
from xml.sax.saxutils import escape as xml_escape
from xml.sax.saxutils import quoteattr

from hypothesis import given
from hypothesis import strategies as st

from solver.drawing.svg import attributes, escape, quoted, text, title

MARKUP = st.text(alphabet=st.sampled_from("ab &<>\"'\n\r\t;#é\x00"), max_size=30) | st.text()
"""Text heavy in the characters that need escaping, and any text at all."""


@given(MARKUP)
def test_text_is_escaped_as_the_xml_writer_escapes_it(content: str) -> None:
    assert escape(content) == xml_escape(content)
    assert title(content) == f"<title>{xml_escape(content)}</title>"
    assert text(1, 2, content) == f'<text x="1" y="2">{xml_escape(content)}</text>'


@given(MARKUP)
def test_attributes_are_quoted_as_the_xml_writer_quotes_them(value: str) -> None:
    assert quoted(value) == quoteattr(value)
    assert attributes({"data_v": value, "x": 1.5}) == f' data-v={quoteattr(value)} x="1.5"'


def test_loading_the_writer_loads_no_xml_or_url_library() -> None:
    probe = "import json, sys\nimport solver.drawing.svg\nprint(json.dumps(sorted(sys.modules)))"
    run = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, check=True, timeout=120
    )
    loaded = set(json.loads(run.stdout))
    assert sorted(loaded & {"xml.sax", "xml.sax.saxutils", "urllib.request"}) == []
