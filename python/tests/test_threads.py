"""Threads: the GIL is released while a large document parses, and one
document can be read from several threads at once."""

import hashlib
import statistics
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

import htmlforge

CORPUS = Path(__file__).resolve().parents[2] / "bench" / "corpus"


def large_document(megabytes: int = 8) -> bytes:
    pages = b"".join(path.read_bytes() for path in sorted(CORPUS.glob("*.html")))
    return b"<!DOCTYPE html><body>" + pages * max(1, (megabytes << 20) // len(pages))


@pytest.mark.parametrize("kind", [bytes, str])
def test_another_thread_runs_while_a_large_document_parses(kind):
    data = large_document(25)
    if kind is str:
        # Not ASCII (the corpus has characters past U+00FF): the parse
        # transcodes the str's own characters to UTF-8 without the GIL.
        data = data.decode("utf-8", "replace")

    # Each run is paired with one of the machine's own pauses: the same
    # loop while another thread spends as long hashing without the GIL. On
    # a loaded machine the scheduler alone takes the loop's core for tens
    # of milliseconds; what the GIL adds is the difference of the medians
    # of five runs, so that one run the scheduler upset decides nothing.
    runs, floors, took = [], [], []
    for _ in range(5):
        ticks, longest, parse_took = loop_while(lambda: htmlforge.parse(data))
        _, floor, _ = loop_while(lambda: hash_for(parse_took))
        runs.append(longest)
        floors.append(floor)
        took.append(parse_took)
        # The loop kept running through the parse: it ticked many times
        # (holding the GIL would pause it for all of the parse).
        assert ticks > 1000, ticks
    added = statistics.median(runs) - statistics.median(floors)
    # The GIL added under 5% of the parse to the loop's longest pause.
    assert added < 0.05 * statistics.median(took), (runs, floors, took)


def hash_for(seconds: float) -> None:
    """Work without the GIL for `seconds`: hashlib releases it while it
    hashes a large buffer."""
    block = bytes(1 << 20)
    end = time.perf_counter() + seconds
    while time.perf_counter() < end:
        hashlib.sha256(block)


def loop_while(work) -> tuple[int, float, float]:
    """(iterations, longest pause, time of `work`) of a loop on this
    thread while another thread runs `work`."""
    done = threading.Event()
    took = [0.0]

    def run():
        start = time.perf_counter()
        work()
        took[0] = time.perf_counter() - start
        done.set()

    worker = threading.Thread(target=run)
    ticks = 0
    longest = 0.0
    last = time.perf_counter()
    worker.start()
    while not done.is_set():
        now = time.perf_counter()
        longest = max(longest, now - last)
        last = now
        ticks += 1
    worker.join()
    return ticks, longest, took[0]


def test_one_document_from_several_threads():
    document = htmlforge.parse(large_document()[: 2 << 20])
    expected = len(document.select("a[href]"))

    def work(_):
        links = document.select("a[href]")
        text = document.visible_text()
        return len(links), len(text) > 0

    with ThreadPoolExecutor(max_workers=4) as pool:
        results = list(pool.map(work, range(16)))
    assert results == [(expected, True)] * 16


def test_readers_and_a_writer():
    document = htmlforge.parse("<ul>" + "<li>x" * 2000 + "</ul>")
    ul = document.select_one("ul")
    stop = threading.Event()
    errors = []

    def reader():
        while not stop.is_set():
            try:
                html = ul.outer_html
                assert html.startswith("<ul>")
            except Exception as error:  # noqa: BLE001 - reported below
                errors.append(error)

    readers = [threading.Thread(target=reader) for _ in range(3)]
    for thread in readers:
        thread.start()
    for item in document.select("li")[:500]:
        item.remove()
    stop.set()
    for thread in readers:
        thread.join()
    assert errors == []
    assert len(document.select("li")) == 1500
