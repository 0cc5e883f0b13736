"""htmlforge: an HTML parser that follows the WHATWG HTML standard to the letter.

Two APIs over one Rust core:

- the Pythonic one: :func:`parse`, :func:`parse_fragment`, :class:`Document`
  and :class:`Node`;
- selectolax's: :class:`HTMLParser` (also ``LexborHTMLParser``) and
  :class:`LexborNode`, so that a selectolax program needs only its import
  changed.

Every call that parses, selects, serializes or extracts text releases the
GIL, and documents may be used from several threads.
"""

from htmlforge._native import (
    Document,
    DomError,
    Node,
    ParseError,
    SelectolaxError,
    SelectorError,
    __version__,
    parse,
    parse_fragment,
)

__all__ = [
    "Document",
    "DomError",
    "Node",
    "ParseError",
    "SelectolaxError",
    "SelectorError",
    "__version__",
    "parse",
    "parse_fragment",
]
