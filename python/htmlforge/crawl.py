"""Functions from one crawled record's payload to plain values.

Each takes the payload (``bytes``, or ``str`` already decoded), the HTTP
charset when the response named one (``charset_from_content_type`` takes it
out of a ``Content-Type``), and for links the record's URL. Each parses with
the GIL released and, unless ``limits`` says otherwise, with the untrusted
limits: a record's time and memory are bounded by its size, whatever its
bytes. Nothing but strings and lists comes back, so nothing but bytes and
strings crosses a task boundary.

>>> from htmlforge import crawl
>>> html = b'<title>Shop</title><p>Hi <a href="cart">Cart</a><script>x()</script>'
>>> crawl.text(html)
'Hi Cart'
>>> crawl.title(html)
'Shop'
>>> crawl.links(html, "https://example.com/shop/")
['https://example.com/shop/cart']
>>> crawl.select(html, "a", attr="href")
['cart']

The same functions over Arrow arrays of payloads are in
:mod:`htmlforge.arrow`.
"""

from htmlforge import _native

#: The text a reader sees of the page: ``text(html, charset=None, *,
#: scripting=True, limits="untrusted") -> str``.
text = _native.crawl_text
#: The title, as ``document.title`` reads it: ``title(html, charset=None,
#: ...) -> str | None``.
title = _native.crawl_title
#: The hyperlinks resolved against the base URL (``url``, then any
#: ``<base href>``): ``links(html, url=None, charset=None, ...) -> list[str]``.
links = _native.crawl_links
#: What each match of a CSS selector gives (its text, ``attr``'s value, or
#: with ``outer_html=True`` its HTML): ``select(html, selector, charset=None,
#: *, attr=None, outer_html=False, ...) -> list[str]``.
select = _native.crawl_select
#: What the page declares about itself: ``metadata(html, url=None,
#: charset=None, ...) -> dict`` with ``lang``, ``description``,
#: ``canonical``, ``robots``, ``open_graph``, ``encoding``,
#: ``encoding_source``.
metadata = _native.crawl_metadata
#: The charset label of a ``Content-Type`` value, or ``None``.
charset_from_content_type = _native.crawl_charset_from_content_type

__all__ = ["charset_from_content_type", "links", "metadata", "select", "text", "title"]
