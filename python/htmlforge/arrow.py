"""The functions of :mod:`htmlforge.crawl` over Arrow arrays of payloads.

A column of payloads (``binary``, ``large_binary``, ``binary_view``, or the
three string types), with optional columns of HTTP charsets and URLs, in;
one answer per row out (a null payload gives a null row). This is the shape
Spark's ``mapInArrow``, Ray Data's ``map_batches(batch_format="pyarrow")``,
Daft and DataFusion hand over.

- The arrays are read through the Arrow C data interface where they are:
  the payloads are not copied.
- The GIL is released for the whole batch, whose rows run on a pool of one
  thread per core (``threads=None``); an engine that already runs one task
  per core (Spark executors, Dask worker processes) passes ``threads=1``.
- Each row is parsed with the untrusted limits unless ``limits`` says
  otherwise.

>>> import pyarrow as pa
>>> from htmlforge import arrow
>>> html = pa.array([b"<p>one", None, b"<title>t</title>two"])
>>> arrow.text(html).to_pylist()
['one', None, 'two']
>>> arrow.select(html, "p").to_pylist()
[['one'], None, []]

A ``pyarrow.ChunkedArray`` (a table's column) gives a ``ChunkedArray``,
chunk by chunk.
"""

from functools import wraps

import pyarrow as pa

from htmlforge import _native

__all__ = ["links", "metadata", "select", "text", "title"]


def _chunkwise(native):
    """``native`` over an array, or chunk by chunk over a ChunkedArray
    (whose charset and URL columns are cut to the payloads' chunks)."""

    @wraps(native)
    def batch_function(payloads, *args, charsets=None, urls=None, **kwargs):
        if not isinstance(payloads, pa.ChunkedArray):
            return native(payloads, *args, charsets=_array(charsets), urls=_array(urls), **kwargs)
        chunks, start = [], 0
        for chunk in payloads.chunks:
            end = start + len(chunk)
            chunks.append(
                native(
                    chunk,
                    *args,
                    charsets=_slice(charsets, start, end),
                    urls=_slice(urls, start, end),
                    **kwargs,
                )
            )
            start = end
        if not chunks:
            # No chunk to ask the answer's type of: run an empty one.
            chunks.append(native(pa.array([], payloads.type), *args, **kwargs))
        return pa.chunked_array(chunks)

    return batch_function


def _array(column):
    """A charset or URL column as one array (a ChunkedArray combined)."""
    if isinstance(column, pa.ChunkedArray):
        return column.combine_chunks()
    return column


def _slice(column, start, end):
    if column is None:
        return None
    return _array(column.slice(start, end - start))


#: Each row's visible text: ``text(payloads, *, charsets=None, urls=None,
#: threads=None, scripting=True, limits="untrusted") -> pa.StringArray``.
text = _chunkwise(_native.arrow_text)
#: Each row's title (null without one), a ``string`` array.
title = _chunkwise(_native.arrow_title)
#: Each row's links resolved against its URL, a ``list<string>`` array.
links = _chunkwise(_native.arrow_links)
#: What each match of ``selector`` gives in each row (text, ``attr``'s value,
#: or with ``outer_html=True`` its HTML), a ``list<string>`` array:
#: ``select(payloads, selector, *, attr=None, outer_html=False, ...)``.
select = _chunkwise(_native.arrow_select)
#: Each row's metadata, a struct array (the fields of
#: :func:`htmlforge.crawl.metadata`; ``open_graph`` is a map).
metadata = _chunkwise(_native.arrow_metadata)
