#!/usr/bin/env python3
"""Writes the committed seed corpora of the fuzz targets (fuzz/seeds/TARGET/):
small inputs drawn from the html5lib tests (read in place) and slices of
the real pages, each behind the target's knob bytes (see fuzz/src/lib.rs).
Deterministic: run it again after changing the selection and commit.

    python3 fuzz/make-seeds.py [PAGES_DIR]   # default ../shared/corpus/pages, else bench/corpus
"""
import glob, hashlib, json, os, random, shutil, sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
TESTS = os.path.join(ROOT, "tests", "html5lib-tests")
PER_TARGET = 64
MAX_SIZE = 2048
# target -> number of knob bytes in front of the markup
KNOBS = {"document_bytes": 3, "fragment": 6, "tokenizer": 4, "roundtrip": 1, "differential": 4, "untrusted_memory": 2}

def tree_inputs():
    out = []
    for path in sorted(glob.glob(os.path.join(TESTS, "tree-construction", "**", "*.dat"), recursive=True)):
        lines = open(path, "rb").read().split(b"\n")
        i = 0
        while i < len(lines):
            if lines[i] == b"#data":
                j = i + 1
                data = []
                while j < len(lines) and not lines[j].startswith(b"#errors"):
                    data.append(lines[j]); j += 1
                out.append(b"\n".join(data))
                i = j
            i += 1
    return out

def tokenizer_inputs():
    out = []
    for path in sorted(glob.glob(os.path.join(TESTS, "tokenizer", "*.test"))):
        tests = json.load(open(path, encoding="utf-8")).get("tests", [])
        for t in tests:
            try:
                out.append(t["input"].encode("utf-8", "surrogatepass"))
            except Exception:
                pass
    return out

def page_slices(pages_dir, rng, count):
    pages = sorted(glob.glob(os.path.join(pages_dir, "*.htm*")))
    out = []
    for _ in range(count):
        data = open(rng.choice(pages), "rb").read()
        start = rng.randrange(0, max(1, len(data) - MAX_SIZE))
        out.append(data[start:start + rng.randrange(256, MAX_SIZE)])
    return out

def main():
    pages_dir = sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, "..", "shared", "corpus", "pages")
    if not os.path.isdir(pages_dir):
        pages_dir = os.path.join(ROOT, "bench", "corpus")
    rng = random.Random(8)
    trees = [d for d in tree_inputs() if 0 < len(d) <= MAX_SIZE]
    tokens = [d for d in tokenizer_inputs() if 0 < len(d) <= MAX_SIZE]
    seeds_dir = os.path.join(HERE, "seeds")
    shutil.rmtree(seeds_dir, ignore_errors=True)
    for target, knobs in KNOBS.items():
        os.makedirs(os.path.join(seeds_dir, target))
        if target == "tokenizer":
            picked = rng.sample(tokens, PER_TARGET // 2) + rng.sample(trees, PER_TARGET // 4)
        else:
            picked = rng.sample(trees, PER_TARGET * 3 // 4)
        if target == "document_bytes":
            # the encoding sniffer: a BOM, a meta charset, UTF-16
            picked += [b"\xef\xbb\xbf<p>\xc3\xa9", b"\xff\xfe<\x00p\x00>\x00", b"<meta charset=windows-1251><p>\xcf\xf0",
                       b'<meta http-equiv="Content-Type" content="text/html; charset=shift_jis">\x82\xa0', b"<?xml version='1.0' encoding='utf-16'?>"]
        picked += page_slices(pages_dir, rng, PER_TARGET - len(picked))
        for data in picked:
            seed = bytes(rng.randrange(256) for _ in range(knobs)) + data
            name = hashlib.sha1(seed).hexdigest()
            open(os.path.join(seeds_dir, target, name), "wb").write(seed)
    print("seeds written to", seeds_dir)

main()
