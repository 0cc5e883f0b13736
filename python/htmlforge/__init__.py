"""htmlforge: an HTML parser that follows the WHATWG HTML standard to the letter.

Two APIs over one Rust core:

- the Pythonic one: :func:`parse`, :func:`parse_fragment`, :class:`Document`,
  :class:`Node`, and the streaming :class:`Parser`;
- selectolax's: :class:`HTMLParser` (also ``LexborHTMLParser``),
  :class:`LexborNode` and :class:`LexborAttributes`, so that a selectolax
  program needs only its import changed (``htmlforge.lexbor`` stands for
  ``selectolax.lexbor``).

Every call that parses, selects, serializes or extracts text releases the
GIL, and documents may be used from several threads.
"""

from htmlforge._native import (
    Document,
    DomError,
    LexborAttributes,
    LexborHTMLParser,
    LexborNode,
    Node,
    ParseError,
    Parser,
    SelectolaxError,
    SelectorError,
    __version__,
    parse,
    parse_fragment,
)

#: selectolax's parser under the name selectolax programs import.
HTMLParser = LexborHTMLParser

__all__ = [
    "Document",
    "DomError",
    "HTMLParser",
    "LexborAttributes",
    "LexborHTMLParser",
    "LexborNode",
    "Node",
    "ParseError",
    "Parser",
    "SelectolaxError",
    "SelectorError",
    "__version__",
    "parse",
    "parse_fragment",
]
