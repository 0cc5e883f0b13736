from htmlforge._native import (
    Document as Document,
    DomError as DomError,
    LexborAttributes as LexborAttributes,
    LexborHTMLParser as LexborHTMLParser,
    LexborNode as LexborNode,
    Node as Node,
    ParseError as ParseError,
    Parser as Parser,
    SanitizerConfigError as SanitizerConfigError,
    SelectolaxError as SelectolaxError,
    SelectorError as SelectorError,
    __version__ as __version__,
    parse as parse,
    parse_fragment as parse_fragment,
    parse_html as parse_html,
    sanitize as sanitize,
)

HTMLParser = LexborHTMLParser
