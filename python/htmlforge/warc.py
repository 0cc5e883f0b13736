"""WARC records as Arrow batches, from FastWARC's or warcio's ``ArchiveIterator``.

>>> from fastwarc.warc import ArchiveIterator          # or warcio's
>>> from htmlforge import arrow, warc
>>> with open("crawl.warc.gz", "rb") as stream:        # doctest: +SKIP
...     for batch in warc.record_batches(ArchiveIterator(stream)):
...         text = arrow.text(batch["html"], charsets=batch["charset"])

Each batch has the columns of :data:`SCHEMA`, one row per response record
in file order: ``uri`` (``WARC-Target-URI``), ``charset`` (the HTTP
``Content-Type``'s charset label, or null) and ``html`` (the payload:
warcio decodes a transfer or content encoding, FastWARC gives the bytes as
stored). The payload is read while the iterator is on its record, so that
FastWARC may reuse its buffers.
"""

import pyarrow as pa

from htmlforge import _native

__all__ = ["SCHEMA", "record_batches", "records"]

#: The columns of :func:`record_batches`' batches.
SCHEMA = pa.schema(
    [
        pa.field("uri", pa.string()),
        pa.field("charset", pa.string()),
        pa.field("html", pa.binary()),
    ]
)


def records(archive_iterator, record_types=("response",)):
    """``(uri, charset, payload)`` of each record of ``archive_iterator``
    (FastWARC's or warcio's) whose ``WARC-Type`` is one of
    ``record_types``, in file order."""
    wanted = {record_type.encode() for record_type in record_types}
    for record in archive_iterator:
        if hasattr(record, "rec_type"):
            yield from _warcio(record, wanted)
        else:
            yield from _fastwarc(record, wanted)


def _warcio(record, wanted):
    if record.rec_type.encode() not in wanted:
        return
    content_type = record.http_headers.get_header("Content-Type") if record.http_headers else None
    uri = record.rec_headers.get_header("WARC-Target-URI")
    yield uri, _charset(content_type), record.content_stream().read()


def _fastwarc(record, wanted):
    if record.headers.get("WARC-Type", "").encode() not in wanted:
        return
    content_type = record.http_headers.get("Content-Type") if record.http_headers else None
    uri = record.headers.get("WARC-Target-URI")
    yield uri, _charset(content_type), record.reader.read()


def _charset(content_type):
    return _native.crawl_charset_from_content_type(content_type) if content_type else None


def record_batches(archive_iterator, *, batch_size=1000, record_types=("response",)):
    """The records of :func:`records` as ``pyarrow.RecordBatch`` es of at
    most ``batch_size`` rows with the columns of :data:`SCHEMA`."""
    if batch_size < 1:
        raise ValueError("batch_size must be at least 1")
    rows = []
    for record in records(archive_iterator, record_types):
        rows.append(record)
        if len(rows) == batch_size:
            yield _batch(rows)
            rows = []
    if rows:
        yield _batch(rows)


def _batch(rows):
    columns = zip(*rows)
    arrays = [pa.array(column, field.type) for column, field in zip(columns, SCHEMA)]
    return pa.RecordBatch.from_arrays(arrays, schema=SCHEMA)
