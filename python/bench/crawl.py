"""The crawl benchmark (issue 33's targets), in one run: a ``.warc.gz`` of
4 × the corpus pages (one gzip member per record, as crawlers write them)
through each pipeline, in megabytes of HTML per CPU second (one core),
best of the rounds, the pipelines interleaved round by round:

- FastWARC read only, and FastWARC + resiliparse ``extract_plain_text`` /
  + selectolax ``body.text()`` (the anchors), + ``htmlforge.crawl.text``
  per record, + ``htmlforge.warc`` batches through ``htmlforge.arrow.text``
  (one thread): Python, one core;
- the Rust side on one thread (the crawl crate's ``warc_speed`` example):
  the reader alone, reader + text, the text function on payloads in
  memory, and the Arrow batch function on the same payloads; and the same
  payloads as a pyarrow array through ``htmlforge.arrow.text`` (threads=1);
- the CLI: ``htmlforge warc --text`` on 1 and on 2 threads.

    python python/bench/crawl.py [--pages /work/shared/corpus/pages] [--rounds 5]
        [--cli target/release/htmlforge] [--rust-example target/release/examples/warc_speed]

Build the two binaries first (``cargo build --release -p htmlforge-cli``,
``cargo build --release -p htmlforge-crawl --all-features --example
warc_speed``). Pipelines whose package is missing are left out.
"""

from __future__ import annotations

import argparse
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO / "python" / "tests"))
from warcfile import warc_bytes  # noqa: E402


def corpus_warc(pages: Path, copies: int, folder: Path) -> tuple[Path, int, int]:
    """The ``.warc.gz`` of ``copies`` × the pages; its path, records and
    bytes of HTML."""
    files = sorted(pages.glob("*.html"))
    fetched = [
        (f"https://corpus.example/{copy}/{page.name}", "text/html", page.read_bytes())
        for copy in range(copies)
        for page in files
    ]
    path = folder / "corpus.warc.gz"
    path.write_bytes(warc_bytes(fetched, gzipped=True, compresslevel=6))
    return path, len(fetched), sum(len(body) for _, _, body in fetched)


def python_pipelines(path: Path) -> dict:
    """Each installed pipeline: a function reading the whole file."""
    from fastwarc.warc import ArchiveIterator, WarcRecordType

    def fastwarc(per_payload):
        def run():
            with open(path, "rb") as stream:
                for record in ArchiveIterator(stream, record_types=WarcRecordType.response):
                    per_payload(record.reader.read(), record.http_charset)

        return run

    found = {"FastWARC read only": fastwarc(lambda payload, charset: None)}
    try:
        from resiliparse.extract.html2text import extract_plain_text
        from resiliparse.parse.encoding import detect_encoding
        from resiliparse.parse.html import HTMLTree

        found["FastWARC + resiliparse extract_plain_text"] = fastwarc(
            lambda payload, charset: extract_plain_text(
                HTMLTree.parse_from_bytes(payload, charset or detect_encoding(payload))
            )
        )
    except ImportError:
        pass
    try:
        from selectolax.lexbor import LexborHTMLParser

        def selectolax_text(payload, charset):
            body = LexborHTMLParser(payload).body
            return body.text() if body is not None else ""

        found["FastWARC + selectolax body.text()"] = fastwarc(selectolax_text)
    except ImportError:
        pass
    from htmlforge import arrow, crawl, warc

    found["FastWARC + htmlforge.crawl.text"] = fastwarc(crawl.text)

    def batches():
        with open(path, "rb") as stream:
            for batch in warc.record_batches(ArchiveIterator(stream), batch_size=500):
                arrow.text(batch["html"], charsets=batch["charset"], threads=1)

    found["FastWARC + htmlforge.warc batches + arrow.text"] = batches
    return found


def in_memory(path: Path) -> dict:
    """``htmlforge.arrow.text`` on the payloads as one pyarrow array."""
    import pyarrow as pa
    from fastwarc.warc import ArchiveIterator

    from htmlforge import arrow, warc

    with open(path, "rb") as stream:
        table = pa.Table.from_batches(warc.record_batches(ArchiveIterator(stream)))
    html, charsets = table["html"].combine_chunks(), table["charset"].combine_chunks()
    return {"pyarrow array + htmlforge.arrow.text (in memory)": lambda: arrow.text(html, charsets=charsets, threads=1)}


def cli_pipelines(cli: Path, path: Path) -> dict:
    def run(threads):
        def cli_run():
            with open(os.devnull, "wb") as null:
                subprocess.run([str(cli), "warc", "--text", "--threads", str(threads), str(path)], stdout=null, check=True)

        return cli_run

    return {"CLI warc --text, 1 thread": run(1), "CLI warc --text, 2 threads": run(2)}


def cpu_seconds() -> float:
    """CPU seconds of this process and of its finished children."""
    own, children = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--pages", type=Path, default=Path("/work/shared/corpus/pages"))
    parser.add_argument("--copies", type=int, default=4)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--cli", type=Path, default=REPO / "target" / "release" / "htmlforge")
    parser.add_argument("--rust-example", type=Path, default=REPO / "target" / "release" / "examples" / "warc_speed")
    args = parser.parse_args()

    with tempfile.TemporaryDirectory() as folder:
        path, records, html_bytes = corpus_warc(args.pages, args.copies, Path(folder))
        print(f"{records} records, {html_bytes / 1e6:.1f} MB of HTML, {path.stat().st_size / 1e6:.1f} MB gzipped")
        pipelines = python_pipelines(path) | in_memory(path)
        if args.cli.exists():
            pipelines |= cli_pipelines(args.cli, path)
        # CPU seconds (the process's, and its children's for the CLI), so
        # that other processes on a shared machine do not count; the CLI's
        # wall time too, for its speed-up on two threads.
        best = {name: 0.0 for name in pipelines}
        wall = {name: 0.0 for name in pipelines if name.startswith("CLI")}
        for _ in range(args.rounds):
            for name, run in pipelines.items():
                started, cpu = time.perf_counter(), cpu_seconds()
                run()
                took, cpu = time.perf_counter() - started, cpu_seconds() - cpu
                best[name] = max(best[name], html_bytes / 1e6 / cpu)
                if name in wall:
                    wall[name] = max(wall[name], html_bytes / 1e6 / took)
        rust = {}
        if args.rust_example.exists():
            output = subprocess.run(
                [str(args.rust_example), str(path), str(args.rounds)], capture_output=True, text=True, check=True
            ).stdout
            rust = {f"Rust, one thread: {name}": float(speed) for name, speed in (line.split("\t") for line in output.splitlines())}

    print(f"load average {os.getloadavg()[0]:.2f}; best of {args.rounds} rounds")
    print("| pipeline | MB/s of HTML per CPU second |")
    print("|---|---|")
    for name, speed in (best | rust).items():
        print(f"| {name} | {speed:,.0f} |")
    for name, speed in wall.items():
        print(f"| {name}, wall clock | {speed:,.0f} |")
    one, two = wall.get("CLI warc --text, 1 thread"), wall.get("CLI warc --text, 2 threads")
    if one and two:
        print(f"CLI warc, 2 threads / 1 thread, wall clock: {two / one:.2f}×")
    batch, function = best["pyarrow array + htmlforge.arrow.text (in memory)"], rust.get("Rust, one thread: text")
    if function:
        print(f"Arrow batch from Python / the Rust function: {batch / function:.2f}")


if __name__ == "__main__":
    main()
