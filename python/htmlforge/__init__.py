"""htmlforge: an HTML parser that follows the WHATWG HTML standard to the letter.

Two APIs over one Rust core:

- the Pythonic one: :func:`parse`, :func:`parse_fragment`, :class:`Document`,
  :class:`Node`, and the streaming :class:`Parser`;
- selectolax's: :class:`HTMLParser` (also ``LexborHTMLParser``),
  :class:`LexborNode` and :class:`LexborAttributes`, so that a selectolax
  program needs only its import changed (``htmlforge.lexbor`` stands for
  ``selectolax.lexbor``);
- the HTML Sanitizer API: :func:`sanitize` (an element's ``setHTML``) and
  :func:`parse_html` (``Document.parseHTML``), with a browser's
  configuration dictionaries.

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
    SanitizerConfigError,
    SelectolaxError,
    SelectorError,
    __version__,
    parse,
    parse_fragment,
    parse_html,
    sanitize,
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
    "SanitizerConfigError",
    "SelectolaxError",
    "SelectorError",
    "__version__",
    "parse",
    "parse_fragment",
    "parse_html",
    "sanitize",
]
