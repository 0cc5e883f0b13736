"""htmlforge.crawl, htmlforge.arrow and htmlforge.warc: the functions on
payloads, the same over Arrow arrays, and WARC records as Arrow batches."""

import threading
import time

import pyarrow as pa
import pytest
from warcfile import corpus_pages, warc_bytes

import htmlforge
from htmlforge import arrow, crawl, warc

PAGE = (
    b'<html lang=en><title>Shop</title><base href="/shop/">'
    b'<meta name=description content="All of it"><meta property=og:title content=Shop>'
    b'<p>Hello <b>world</b><script>track()</script> <a href="cart?id=1">Cart</a>'
    b'<img src=a.png alt=A><img alt=B>'
)
URL = "https://example.com/index.html"


def test_payload_functions():
    assert crawl.text(PAGE) == "Hello world Cart"
    assert crawl.title(PAGE) == "Shop"
    assert crawl.title(b"<p>no title") is None
    assert crawl.links(PAGE, URL) == ["https://example.com/shop/cart?id=1"]
    # Without the record's URL a relative link does not resolve.
    assert crawl.links(b"<a href=x>x</a><a href=https://a.example/>a</a>") == ["https://a.example/"]
    assert crawl.select(PAGE, "img", attr="alt") == ["A", "B"]
    assert crawl.select(PAGE, "img[src]", attr="src") == ["a.png"]
    assert crawl.select(PAGE, "p b") == ["world"]
    assert crawl.select(PAGE, "b", outer_html=True) == ["<b>world</b>"]
    assert crawl.metadata(PAGE, URL) == {
        "lang": "en",
        "description": "All of it",
        "canonical": None,
        "robots": None,
        "open_graph": [("og:title", "Shop")],
        "encoding": "UTF-8",
        "encoding_source": "fallback",
    }
    # A str is already decoded; bytearray is read as bytes.
    assert crawl.text(PAGE.decode()) == crawl.text(bytearray(PAGE)) == "Hello world Cart"


def test_http_charset_decides_the_encoding():
    koi8 = "<p>Привет".encode("koi8-r")
    assert crawl.text(koi8, "koi8-r") == "Привет"
    assert crawl.metadata(koi8, charset="koi8-r")["encoding_source"] == "transport"
    assert crawl.charset_from_content_type("text/html; charset=KOI8-R") == "KOI8-R"
    assert crawl.charset_from_content_type("text/html") is None
    assert crawl.text(koi8, crawl.charset_from_content_type("text/html;charset=koi8-r")) == "Привет"


def test_misuse_raises_and_bad_html_does_not():
    with pytest.raises(htmlforge.SelectorError) as error:
        crawl.select(PAGE, "a[")
    assert error.value.column >= 1
    with pytest.raises(TypeError):
        crawl.text(12)
    with pytest.raises(TypeError):
        crawl.text("<p>x", "utf-8")
    with pytest.raises(ValueError):
        crawl.select(PAGE, "a", attr="href", outer_html=True)
    assert crawl.text(b"\xff\xfe<\x00p\x00>\x00" + b"\x00\xd8" * 3) is not None
    # Limits apply by default, and can be chosen.
    deep = b"<div>" * 100_000
    assert crawl.text(deep) == ""
    assert crawl.text(b"<p>0123456789", limits={"max_input_bytes": 8}) == "01234"


def test_arrow_batches_give_the_payload_functions_answers():
    pages = [body for _, _, body in corpus_pages()] + [PAGE]
    for payloads in (pa.array(pages, pa.binary()), pa.array(pages, pa.large_binary())):
        for threads in (None, 1, 2):
            assert arrow.text(payloads, threads=threads).to_pylist() == [crawl.text(page) for page in pages]
        assert arrow.title(payloads).to_pylist() == [crawl.title(page) for page in pages]
        links = arrow.select(payloads, "a[href]", attr="href").to_pylist()
        assert links == [crawl.select(page, "a[href]", attr="href") for page in pages]


def test_arrow_columns_nulls_and_types():
    payloads = pa.array([PAGE, None, "<p>Привет".encode("koi8-r")])
    charsets = pa.array([None, None, "koi8-r"])
    urls = pa.array([URL, URL, None])
    assert arrow.text(payloads, charsets=charsets).to_pylist() == ["Hello world Cart", None, "Привет"]
    links = arrow.links(payloads, urls=urls)
    assert links.type == pa.list_(pa.string())
    assert links.to_pylist() == [["https://example.com/shop/cart?id=1"], None, []]
    metadata = arrow.metadata(payloads, charsets=charsets, urls=urls).to_pylist()
    assert metadata[0]["lang"] == "en" and metadata[0]["open_graph"] == [("og:title", "Shop")]
    assert metadata[1] is None
    assert metadata[2]["encoding"] == "KOI8-R"
    # Text columns are read as UTF-8; views and chunked columns work too.
    assert arrow.title(pa.array([PAGE.decode()], pa.large_string())).to_pylist() == ["Shop"]
    assert arrow.title(pa.array([PAGE], pa.binary_view())).to_pylist() == ["Shop"]
    chunked = pa.chunked_array([[PAGE], [None, PAGE]], pa.binary())
    answer = arrow.text(chunked, urls=pa.chunked_array([[URL], [URL, URL]]))
    assert isinstance(answer, pa.ChunkedArray) and answer.num_chunks == 2
    assert answer.to_pylist() == ["Hello world Cart", None, "Hello world Cart"]
    with pytest.raises(TypeError):
        arrow.text(pa.array([1, 2]))
    with pytest.raises(ValueError):
        arrow.text(payloads, urls=pa.array([URL]))
    with pytest.raises(ValueError):
        arrow.text(payloads, threads=0)
    with pytest.raises(htmlforge.SelectorError):
        arrow.select(payloads, "a[")


def test_arrow_batch_releases_the_gil():
    # A batch of large pages on a worker thread, while this thread counts:
    # holding the GIL would stop the counting for the whole batch.
    payloads = pa.array([b"<p>" + b"word " * 400_000] * 8)
    done = threading.Event()
    started = time.perf_counter()
    worker = threading.Thread(target=lambda: (arrow.text(payloads, threads=1), done.set()))
    worker.start()
    longest, last = 0.0, time.perf_counter()
    while not done.is_set():
        now = time.perf_counter()
        longest, last = max(longest, now - last), now
    worker.join()
    took = time.perf_counter() - started
    assert longest < took / 4, f"the GIL was held {longest:.3f} s of {took:.3f} s"


@pytest.mark.parametrize("reader", ["fastwarc", "warcio"])
@pytest.mark.parametrize("gzipped", [True, False])
def test_warc_record_batches(tmp_path, reader, gzipped):
    pages = corpus_pages()
    path = tmp_path / ("corpus.warc.gz" if gzipped else "corpus.warc")
    path.write_bytes(warc_bytes(pages, gzipped=gzipped))
    if reader == "fastwarc":
        from fastwarc.warc import ArchiveIterator
    else:
        from warcio.archiveiterator import ArchiveIterator
    with open(path, "rb") as stream:
        batches = list(warc.record_batches(ArchiveIterator(stream), batch_size=4))
    assert [batch.num_rows for batch in batches] == [4, 4, len(pages) - 8]
    assert all(batch.schema == warc.SCHEMA for batch in batches)
    table = pa.Table.from_batches(batches)
    assert table["uri"].to_pylist() == [url for url, _, _ in pages]
    assert table["html"].to_pylist() == [body for _, _, body in pages]
    charsets = [crawl.charset_from_content_type(content_type) for _, content_type, _ in pages]
    assert table["charset"].to_pylist() == charsets
    with pytest.raises(ValueError):
        next(warc.record_batches(iter(()), batch_size=0))
