"""The Python package's benchmark: htmlforge's two Python APIs beside the
Rust API doing the same work in the same process, and selectolax,
turbohtml, resiliparse, lxml, BeautifulSoup and html5lib, interleaved in
one run, on both corpora (bench/corpus: web pages; bench/corpus-docs:
documentation pages), for three jobs:

- parse: the page's bytes to a tree;
- select: parse, then the `href` of every `a[href]`;
- text: parse, then the text of the body's text nodes.

The Rust API's rows call the extension's `_rust_job` (the job written as a
Rust program does it, with the parse options of the Python API beside it),
so each Python API is compared with the Rust API on the same pages, in the
same process, one pass after the other.

    python python/bench/bench.py [--rounds 5] [--gil-mb 25]

prints MB/s (best of the rounds; timed by the CPU time of the thread
that runs every package's work, or --clock wall), the Python APIs' time
over the Rust API's, and the GIL stall: the longest pause of a Python loop on the main
thread while another thread parses a 25 MB document, as a share of the
parse (best of --gil-runs runs), from bytes and, for htmlforge, from str.

    python python/bench/bench.py --instructions [--engine NAME]... [--job JOB]...

counts instructions instead (valgrind's callgrind, one pass per engine,
job and corpus; stable on a loaded machine): per pass, per input byte, and
the same ratios. Each pass runs in a process of its own
(`--one ENGINE JOB CORPUS`), counted from the start to the end of the pass
loop only (the extension's `run_pass`); the callgrind files are kept in
target/callgrind-python/ for `callgrind_annotate`.

Libraries that are not installed are left out:
`pip install selectolax turbohtml resiliparse lxml beautifulsoup4 html5lib`.
"""

from __future__ import annotations

import argparse
import os
import re
import statistics
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Callable

REPO = Path(__file__).resolve().parents[2]
CORPORA = {"web pages": REPO / "bench" / "corpus", "docs pages": REPO / "bench" / "corpus-docs"}
JOBS = ("parse", "select", "text")
CALLGRIND_DIR = REPO / "target" / "callgrind-python"

Job = Callable[[bytes], object]

#: Each Python API of htmlforge and the Rust API row doing its work with
#: its parse options (scripting, limits).
PAIRS = {
    "htmlforge (selectolax API)": "Rust API (HTMLParser's options)",
    "htmlforge (parse API)": "Rust API (parse's options)",
}


def rust_jobs(scripting: bool, untrusted: bool) -> dict[str, Job]:
    from htmlforge._native import _rust_job

    def job(name: str) -> Job:
        return lambda page: _rust_job(name, page, scripting=scripting, untrusted=untrusted)

    return {name: job(name) for name in JOBS}


def engines() -> dict[str, dict[str, Job]]:
    """Each installed library's three jobs, on a page's bytes."""
    found: dict[str, dict[str, Job]] = {}

    import htmlforge

    found["htmlforge (selectolax API)"] = {
        "parse": lambda page: htmlforge.HTMLParser(page),
        "select": lambda page: [a.attributes.get("href") for a in htmlforge.HTMLParser(page).css("a[href]")],
        "text": lambda page: htmlforge.HTMLParser(page).body.text(),
    }
    # selectolax's parser: scripting off, no limits.
    found["Rust API (HTMLParser's options)"] = rust_jobs(scripting=False, untrusted=False)
    found["htmlforge (parse API)"] = {
        "parse": lambda page: htmlforge.parse(page),
        "select": lambda page: [a.get("href") for a in htmlforge.parse(page).select("a[href]")],
        "text": lambda page: htmlforge.parse(page).body.text_content,
    }
    # parse's defaults: scripting on, limits="untrusted".
    found["Rust API (parse's options)"] = rust_jobs(scripting=True, untrusted=True)
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


def one_pass(job: Job, pages: list[bytes], clock: str = "thread") -> float:
    """Seconds of one pass of `job` over `pages` (the extension's loop, the
    same for every package): the CPU time of this thread, which every
    package's work runs on (a loaded machine's other processes taking the
    core do not count), or with `clock="wall"` the time that passed."""
    from htmlforge._native import _bench_pass

    start = time.thread_time()
    wall = _bench_pass(job, pages)
    return wall if clock == "wall" else time.thread_time() - start


def gil_stall(parse: Job, document: object) -> tuple[float, float]:
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


def markdown(header: list[str], rows: list[list[str]]) -> str:
    lines = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    lines += ["| " + " | ".join(row) + " |" for row in rows]
    return "\n".join(lines)


def columns() -> list[tuple[str, str]]:
    return [(corpus, job) for corpus in CORPORA for job in JOBS]


def clock(options: argparse.Namespace) -> None:
    found = {name: jobs for name, jobs in engines().items() if not options.engine or name in options.engine}
    corpora = {name: pages_of(directory) for name, directory in CORPORA.items()}
    sizes = {name: sum(map(len, pages)) for name, pages in corpora.items()}
    for jobs in found.values():
        for job in JOBS:
            jobs[job](b"<a href=x>")  # imports, caches
    times: dict[tuple[str, str, str], list[float]] = {}
    # Interleaved: each round runs every engine on every job and corpus,
    # a Rust API row right after the Python API it stands beside, so that
    # a change of load on the machine touches them all alike.
    for _ in range(options.rounds):
        for corpus, pages in corpora.items():
            for job in JOBS:
                for engine, jobs in found.items():
                    times.setdefault((engine, corpus, job), []).append(one_pass(jobs[job], pages, options.clock))

    load = os.getloadavg()[0]
    web = corpora["web pages"]
    document = b"<!DOCTYPE html><body>" + b"".join(web) * max(1, (options.gil_mb << 20) // sum(map(len, web)))
    stalls = {}
    for engine, jobs in found.items():
        if engine.startswith("Rust API"):
            continue
        stalls[engine] = best_stall(jobs["parse"], document, options.gil_runs)
    text = document.decode("utf-8", "replace")
    text_stalls = {
        engine: best_stall(found[engine]["parse"], text, options.gil_runs) for engine in PAIRS if engine in found
    }

    clock = "CPU time of the thread" if options.clock == "thread" else "wall time"
    print(
        f"Python {sys.version.split()[0]}, {options.rounds} rounds, load average {load:.1f} (at the end of the passes);"
        f" MB/s by the {clock}, best round"
    )
    print()
    mb = len(document) / 1e6
    header = ["package"] + [f"{job} ({corpus})" for corpus, job in columns()] + [f"GIL stall, {mb:.0f} MB parse"]
    rows = []
    for engine in found:
        row = [engine]
        for corpus, job in columns():
            row.append(f"{sizes[corpus] / min(times[(engine, corpus, job)]) / 1e6:,.0f}")
        row.append(stall_cell(stalls[engine]) if engine in stalls else "–")
        rows.append(row)
    print(markdown(header, rows))
    print()
    print("The Python APIs' time over the Rust API's on the same work (best round over best round; median of the rounds' ratios in brackets), and the GIL stall of a parse from str:")
    print()
    header = ["API"] + [f"{job} ({corpus})" for corpus, job in columns()] + [f"GIL stall, {mb:.0f} MB str"]
    rows = []
    for python, rust in PAIRS.items():
        if python not in found or rust not in found:
            continue
        row = [python]
        for corpus, job in columns():
            ours, theirs = times[(python, corpus, job)], times[(rust, corpus, job)]
            median = statistics.median(a / b for a, b in zip(ours, theirs))
            row.append(f"{min(ours) / min(theirs):.2f} ({median:.2f})")
        row.append(stall_cell(text_stalls[python]))
        rows.append(row)
    print(markdown(header, rows))
    selectolax = "selectolax (lexbor)"
    if selectolax in found:
        print()
        print("selectolax's time over htmlforge's (best rounds):")
        print()
        header = ["API"] + [f"{job} ({corpus})" for corpus, job in columns()]
        rows = []
        for python in PAIRS:
            if python in found:
                rows.append(
                    [python]
                    + [
                        f"{min(times[(selectolax, corpus, job)]) / min(times[(python, corpus, job)]):.1f}×"
                        for corpus, job in columns()
                    ]
                )
        print(markdown(header, rows))


def best_stall(parse: Job, document: object, runs: int) -> tuple[float, float]:
    """The run with the smallest stall share: the load of the machine only
    lengthens pauses (another process taking the core), it never hides one
    the GIL causes."""
    return min((gil_stall(parse, document) for _ in range(runs)), key=lambda stall: stall[0] / stall[1])


def stall_cell(stall: tuple[float, float]) -> str:
    longest, took = stall
    return f"{100 * longest / took:.1f}% ({longest * 1000:.1f} of {took * 1000:.0f} ms)"


def one(engine: str, job: str, corpus: str) -> None:
    """One pass, for callgrind: warm up outside the counted loop first
    (imports, the selector cache, type objects)."""
    jobs = engines()[engine]
    pages = pages_of(CORPORA[corpus])
    jobs[job](pages[0])
    one_pass(jobs[job], pages)


CALLGRIND_TOTALS = re.compile(r"^summary:\s+(\d+)", re.MULTILINE)


def count(engine: str, job: str, corpus: str) -> int:
    """Instructions of one pass, from callgrind."""
    CALLGRIND_DIR.mkdir(parents=True, exist_ok=True)
    slug = re.sub(r"[^a-z0-9]+", "-", f"{engine} {job} {corpus}".lower()).strip("-")
    out = CALLGRIND_DIR / f"{slug}.out"
    command = [
        "valgrind",
        "--tool=callgrind",
        "--toggle-collect=*bench::run_pass*",
        f"--callgrind-out-file={out}",
        sys.executable,
        __file__,
        "--one",
        engine,
        job,
        corpus,
    ]
    # Python's string hashing is seeded per process: fixed, so that two
    # counts of the same pass agree.
    environment = {**os.environ, "PYTHONHASHSEED": "0"}
    subprocess.run(command, check=True, capture_output=True, env=environment)
    found = CALLGRIND_TOTALS.search(out.read_text())
    if found is None:
        raise RuntimeError(f"no totals in {out}")
    return int(found.group(1))


def instructions(options: argparse.Namespace) -> None:
    names = [name for name in engines() if not options.engine or name in options.engine]
    for python, rust in PAIRS.items():
        if python in names and rust not in names:
            names.append(rust)
    jobs = options.job or list(JOBS)
    sizes = {corpus: sum(map(len, pages_of(directory))) for corpus, directory in CORPORA.items()}
    counted = {}
    for corpus in CORPORA:
        for job in jobs:
            for engine in names:
                counted[(engine, corpus, job)] = count(engine, job, corpus)
                print(f"{engine}, {job}, {corpus}: {counted[(engine, corpus, job)]:,}", file=sys.stderr)
    cols = [(corpus, job) for corpus in CORPORA for job in jobs]
    print("Instructions per pass (millions) and per input byte, callgrind:")
    print()
    header = ["package"] + [f"{job} ({corpus})" for corpus, job in cols]
    rows = []
    for engine in names:
        row = [engine]
        for corpus, job in cols:
            total = counted[(engine, corpus, job)]
            row.append(f"{total / 1e6:,.1f} M ({total / sizes[corpus]:.1f}/B)")
        rows.append(row)
    print(markdown(header, rows))
    print()
    print("The Python APIs' instructions over the Rust API's on the same work:")
    print()
    rows = []
    for python, rust in PAIRS.items():
        if python in names:
            rows.append(
                [python] + [f"{counted[(python, c, j)] / counted[(rust, c, j)]:.3f}" for c, j in cols]
            )
    print(markdown(["API"] + header[1:], rows))
    selectolax = "selectolax (lexbor)"
    if selectolax in names:
        print()
        print("selectolax's instructions over htmlforge's:")
        print()
        rows = []
        for python in PAIRS:
            if python in names:
                rows.append(
                    [python] + [f"{counted[(selectolax, c, j)] / counted[(python, c, j)]:.2f}×" for c, j in cols]
                )
        print(markdown(["API"] + header[1:], rows))


def main() -> None:
    arguments = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    arguments.add_argument("--rounds", type=int, default=5)
    arguments.add_argument(
        "--clock",
        choices=("thread", "wall"),
        default="thread",
        help="time passes by the thread's CPU time (default; steady on a loaded machine) or the wall clock",
    )
    arguments.add_argument("--gil-mb", type=int, default=25, help="size of the GIL-stall document")
    arguments.add_argument("--gil-runs", type=int, default=5, help="GIL-stall runs per package (the best is kept)")
    arguments.add_argument("--engine", action="append", help="only this package (repeatable)")
    arguments.add_argument("--job", action="append", choices=JOBS, help="only this job (repeatable; --instructions)")
    arguments.add_argument("--instructions", action="store_true", help="count instructions with callgrind")
    arguments.add_argument("--one", nargs=3, metavar=("ENGINE", "JOB", "CORPUS"), help=argparse.SUPPRESS)
    options = arguments.parse_args()
    if options.one:
        one(*options.one)
    elif options.instructions:
        instructions(options)
    else:
        clock(options)


if __name__ == "__main__":
    main()
