"""The pathological bench's four sanitizer families (bench/src/families.rs)
through the Python package, for an instruction count that load does not
blur: `Document.parseHTML` with the family's configuration, then the
document serialized. Run under callgrind at n = 0 (Python's own start), n
and 4n; the ratio of (4n - 0) to (n - 0) instructions is the growth:

    valgrind --tool=callgrind --callgrind-out-file=/dev/null \
        python python/bench/sanitize_instructions.py sanitize-attributes 250000
"""

import sys

import htmlforge


def attributes(n: int) -> str:
    return "<p" + "".join(f" a{i}=x" for i in range(n // 12)) + ">x"


FAMILIES = {
    "sanitize-nested-replaced": (lambda n: "<b>x<i>" * (n // 8), {"replaceWithChildrenElements": ["b", "i"]}),
    "sanitize-attributes": (attributes, "default"),
    "sanitize-javascript-urls": (lambda n: "<a href='javascript:x()' onclick=y>a</a>" * (n // 40), {}),
    "sanitize-nested-templates": (
        lambda n: "<template><div title=t onclick=x>" * (n // 40),
        {"removeElements": ["span"]},
    ),
}

if __name__ == "__main__":
    family, n = sys.argv[1], int(sys.argv[2])
    make, config = FAMILIES[family]
    if n:
        len(htmlforge.parse_html(make(n), config).html)
