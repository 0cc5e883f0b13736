"""The Python package's benchmark: htmlforge against selectolax, turbohtml,
resiliparse, lxml, BeautifulSoup and html5lib, interleaved in one run, on
both corpora (bench/corpus: web pages; bench/corpus-docs: documentation
pages), for three jobs:

- parse: the page's bytes to a tree;
- select: parse, then the `href` of every `a[href]`;
- text: parse, then the text of the body's text nodes.

and the GIL stall: the longest pause of a Python loop on the main thread
while another thread parses a 25 MB document, as a share of the parse.
The Rust API's figures for the same jobs come from the bench crate's
`jobs` binary. Prints a Markdown table (MB/s, best of the rounds).

    python python/bench/bench.py [--rounds 5] [--jobs-binary target/release/jobs]

Libraries that are not installed are left out:
`pip install selectolax turbohtml resiliparse lxml beautifulsoup4 html5lib`.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Callable, Optional

REPO = Path(__file__).resolve().parents[2]
CORPORA = {"web pages": REPO / "bench" / "corpus", "docs pages": REPO / "bench" / "corpus-docs"}
JOBS = ("parse", "select", "text")


def engines() -> dict[str, dict[str, Callable[[bytes], object]]]:
    """Each installed library's three jobs, on a page's bytes."""
    found: dict[str, dict[str, Callable[[bytes], object]]] = {}

    import htmlforge

    found["htmlforge (selectolax API)"] = {
        "parse": lambda page: htmlforge.HTMLParser(page),
        "select": lambda page: [a.attributes.get("href") for a in htmlforge.HTMLParser(page).css("a[href]")],
        "text": lambda page: htmlforge.HTMLParser(page).body.text(),
    }
    found["htmlforge (parse API)"] = {
        "parse": lambda page: htmlforge.parse(page),
        "select": lambda page: [a.get("href") for a in htmlforge.parse(page).select("a[href]")],
        "text": lambda page: htmlforge.parse(page).body.text_content,
    }
    try:
        from selectolax.lexbor import LexborHTMLParser

        found["selectolax (lexbor)"] = {
            "parse": lambda page: LexborHTMLParser(page),
            "select": lambda page: [a.attributes.get("href") for a in LexborHTMLParser(page).css("a[href]")],
            "text": lambda page: LexborHTMLParser(page).body.text(),
        }
    except ImportError:
        pass
    try:
        import turbohtml

        found["turbohtml"] = {
            "parse": lambda page: turbohtml.parse(page),
            "select": lambda page: [a.attr("href") for a in turbohtml.parse(page).select("a[href]")],
            "text": lambda page: turbohtml.parse(page).select_one("body").text,
        }
    except ImportError:
        pass
    try:
        from resiliparse.parse.html import HTMLTree

        found["resiliparse (lexbor)"] = {
            "parse": lambda page: HTMLTree.parse_from_bytes(page, "utf-8"),
            "select": lambda page: [
                a.getattr("href") for a in HTMLTree.parse_from_bytes(page, "utf-8").body.query_selector_all("a[href]")
            ],
            "text": lambda page: HTMLTree.parse_from_bytes(page, "utf-8").body.text,
        }
    except ImportError:
        pass
    try:
        import lxml.html

        found["lxml"] = {
            "parse": lambda page: lxml.html.fromstring(page),
            "select": lambda page: lxml.html.fromstring(page).xpath("//a[@href]/@href"),
            "text": lambda page: lxml.html.fromstring(page).body.text_content(),
        }
    except ImportError:
        pass
    try:
        import bs4

        found["BeautifulSoup (lxml)"] = {
            "parse": lambda page: bs4.BeautifulSoup(page, "lxml"),
            "select": lambda page: [a.get("href") for a in bs4.BeautifulSoup(page, "lxml").select("a[href]")],
            "text": lambda page: bs4.BeautifulSoup(page, "lxml").body.get_text(),
        }
    except ImportError:
        pass
    try:
        import html5lib

        xhtml = "{http://www.w3.org/1999/xhtml}"
        found["html5lib"] = {
            "parse": lambda page: html5lib.parse(page),
            "select": lambda page: [a.get("href") for a in html5lib.parse(page).iter(xhtml + "a") if a.get("href") is not None],
            "text": lambda page: "".join(html5lib.parse(page).find(xhtml + "body").itertext()),
        }
    except ImportError:
        pass
    return found


def pages_of(directory: Path) -> list[bytes]:
    return [path.read_bytes() for path in sorted(directory.glob("*.html"))]


def one_pass(job: Callable[[bytes], object], pages: list[bytes]) -> float:
    start = time.perf_counter()
    for page in pages:
        job(page)
    return time.perf_counter() - start


def gil_stall(parse: Callable[[bytes], object], document: bytes) -> tuple[float, float]:
    """(longest pause of the main thread's loop, parse time) while another
    thread parses `document`: holding the GIL shows as a pause of most of
    the parse."""
    done = threading.Event()
    took = [0.0]

    def work() -> None:
        start = time.perf_counter()
        parse(document)
        took[0] = time.perf_counter() - start
        done.set()

    worker = threading.Thread(target=work)
    longest = 0.0
    last = time.perf_counter()
    worker.start()
    while not done.is_set():
        now = time.perf_counter()
        longest = max(longest, now - last)
        last = now
    worker.join()
    return longest, took[0]


def rust_jobs(binary: Optional[str], directory: Path, rounds: int) -> dict[str, float]:
    if binary is None:
        command = ["cargo", "run", "--quiet", "--release", "-p", "htmlforge-bench", "--bin", "jobs", "--"]
    else:
        command = [binary]
    output = subprocess.run(
        [*command, str(directory), str(rounds)], check=True, capture_output=True, text=True, cwd=REPO
    ).stdout
    return {name: float(value) for name, value in (line.split() for line in output.splitlines())}


def main() -> None:
    arguments = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    arguments.add_argument("--rounds", type=int, default=5)
    arguments.add_argument("--jobs-binary", help="the bench crate's `jobs` binary (default: cargo run it)")
    arguments.add_argument("--no-rust", action="store_true", help="leave out the Rust API's figures")
    arguments.add_argument("--gil-mb", type=int, default=25, help="size of the GIL-stall document")
    options = arguments.parse_args()

    found = engines()
    corpora = {name: pages_of(directory) for name, directory in CORPORA.items()}
    sizes = {name: sum(map(len, pages)) for name, pages in corpora.items()}
    best: dict[tuple[str, str, str], float] = {}
    # Interleaved: each round runs every engine on every job and corpus,
    # so that a change of load on the machine touches them all alike.
    for _ in range(options.rounds):
        for corpus, pages in corpora.items():
            for engine, jobs in found.items():
                for job in JOBS:
                    took = one_pass(jobs[job], pages)
                    key = (engine, corpus, job)
                    best[key] = min(best.get(key, float("inf")), took)

    web = corpora["web pages"]
    document = b"<!DOCTYPE html><body>" + b"".join(web) * max(1, (options.gil_mb << 20) // sum(map(len, web)))
    stalls = {}
    for engine, jobs in found.items():
        stalls[engine] = min((gil_stall(jobs["parse"], document) for _ in range(3)), key=lambda stall: stall[0] / stall[1])

    rust = {}
    if not options.no_rust:
        for corpus, directory in CORPORA.items():
            rust[corpus] = rust_jobs(options.jobs_binary, directory, options.rounds)

    load = os.getloadavg()[0]
    print(f"Python {sys.version.split()[0]}, {options.rounds} rounds, load average {load:.1f}; MB/s, best round")
    print()
    header = ["package"] + [f"{job} ({corpus})" for corpus in CORPORA for job in JOBS] + [f"GIL stall, {len(document) >> 20} MB parse"]
    print("| " + " | ".join(header) + " |")
    print("|" + "---|" * len(header))
    for engine in found:
        cells = [engine]
        for corpus in CORPORA:
            for job in JOBS:
                cells.append(f"{sizes[corpus] / best[(engine, corpus, job)] / 1e6:,.0f}")
        longest, took = stalls[engine]
        cells.append(f"{100 * longest / took:.1f}% ({longest * 1000:.1f} of {took * 1000:.0f} ms)")
        print("| " + " | ".join(cells) + " |")
    if rust:
        cells = ["htmlforge (Rust API)"]
        for corpus in CORPORA:
            for job in JOBS:
                cells.append(f"{rust[corpus][job]:,.0f}")
        cells.append("–")
        print("| " + " | ".join(cells) + " |")


if __name__ == "__main__":
    main()
