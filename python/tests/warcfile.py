"""WARC files for the tests, written as crawlers write them: a ``warcinfo``
record, then a ``request`` and a ``response`` record per page, each record
its own gzip member (the layout of Common Crawl's ``.warc.gz`` files)."""

import gzip
import uuid
from pathlib import Path

CORPUS = Path(__file__).resolve().parents[2] / "bench" / "corpus"

#: The HTTP ``Content-Type`` of the corpus pages: every third names its
#: charset, as many responses do, so both the transport and sniffing paths run.
CONTENT_TYPES = ("text/html; charset=utf-8", "text/html", "text/html;charset=UTF-8")


def corpus_pages():
    """``(url, content_type, body)`` of each vendored page, in name order."""
    pages = sorted(CORPUS.glob("*.html"))
    return [
        (f"https://corpus.example/{page.stem}", CONTENT_TYPES[index % 3], page.read_bytes())
        for index, page in enumerate(pages)
    ]


def record(warc_type, uri, content_type, block):
    headers = [
        "WARC/1.1",
        f"WARC-Type: {warc_type}",
        f"WARC-Record-ID: <urn:uuid:{uuid.uuid5(uuid.NAMESPACE_URL, f'{warc_type} {uri}')}>",
        "WARC-Date: 2026-11-28T00:00:00Z",
    ]
    if uri is not None:
        headers.append(f"WARC-Target-URI: {uri}")
    headers += [f"Content-Type: {content_type}", f"Content-Length: {len(block)}", "", ""]
    return "\r\n".join(headers).encode() + block + b"\r\n\r\n"


def warc_bytes(pages, *, gzipped=True, compresslevel=1):
    """The WARC file of ``pages`` (``(url, content_type, body)`` each)."""
    records = [record("warcinfo", None, "application/warc-fields", b"software: htmlforge tests\r\n")]
    for url, content_type, body in pages:
        request = f"GET / HTTP/1.1\r\nHost: {url}\r\n\r\n".encode()
        records.append(record("request", url, "application/http; msgtype=request", request))
        response = f"HTTP/1.1 200 OK\r\nContent-Type: {content_type}\r\n\r\n".encode() + body
        records.append(record("response", url, "application/http; msgtype=response", response))
    if not gzipped:
        return b"".join(records)
    return b"".join(gzip.compress(one, compresslevel=compresslevel) for one in records)


def write_corpus_warcs(folder, files):
    """The corpus pages spread over ``files`` ``.warc.gz`` files in
    ``folder``, page i in file i % files; returns their paths."""
    pages = corpus_pages()
    paths = []
    for index in range(files):
        path = Path(folder) / f"corpus-{index}.warc.gz"
        path.write_bytes(warc_bytes(pages[index::files]))
        paths.append(str(path))
    return paths
