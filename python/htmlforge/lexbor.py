"""selectolax's module ``selectolax.lexbor`` under htmlforge: a program that
does ``from selectolax.lexbor import LexborHTMLParser`` runs on htmlforge
with ``from htmlforge.lexbor import LexborHTMLParser``."""

from htmlforge._native import LexborAttributes, LexborHTMLParser, LexborNode, SelectolaxError

__all__ = ["LexborAttributes", "LexborHTMLParser", "LexborNode", "SelectolaxError"]
