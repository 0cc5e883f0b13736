"""htmlforge.sanitize against nh3.clean (ammonia through PyO3) in Python, on
both corpora: each page (decoded as UTF-8, lossily, as the Rust side's
`sanitize_compare` does) sanitized as a fragment with each library's
default configuration. Prints a Markdown table: MB/s of input, the best of
the rounds, and the length of what each keeps.

    pip install nh3
    python python/bench/sanitize_bench.py [--rounds 5]
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path
from typing import Callable

import nh3

import htmlforge

REPO = Path(__file__).resolve().parents[2]
CORPORA = {"bench/corpus": REPO / "bench" / "corpus", "bench/corpus-docs": REPO / "bench" / "corpus-docs"}


def best(pages: list[str], rounds: int, clean: Callable[[str], str]) -> tuple[float, int]:
    """The best time of `rounds` passes of `clean` over `pages`, and the
    total length of its outputs."""
    fastest = float("inf")
    kept = 0
    for _ in range(rounds):
        start = time.perf_counter()
        kept = sum(len(clean(page)) for page in pages)
        fastest = min(fastest, time.perf_counter() - start)
    return fastest, kept


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    print(f"htmlforge {htmlforge.__version__}, nh3 {getattr(nh3, '__version__', '?')}")
    print("| corpus | pages | MB | htmlforge.sanitize | nh3.clean | ratio | kept (htmlforge) | kept (nh3) |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|")
    for name, directory in CORPORA.items():
        pages = [p.read_bytes().decode("utf-8", "replace") for p in sorted(directory.glob("*.html"))]
        mb = sum(len(page.encode("utf-8")) for page in pages) / 1e6
        forge, forge_kept = best(pages, args.rounds, htmlforge.sanitize)
        other, other_kept = best(pages, args.rounds, nh3.clean)
        print(
            f"| `{name}` | {len(pages)} | {mb:.2f} | {mb / forge:.1f} MB/s | {mb / other:.1f} MB/s "
            f"| {other / forge:.1f}× | {forge_kept:,} | {other_kept:,} |"
        )


if __name__ == "__main__":
    main()
