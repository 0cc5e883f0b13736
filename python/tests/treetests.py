"""Reading the html5lib tree-construction tests (`.dat` files) and dumping a
tree in their format through the Python API, for test_tree_construction.py.

The format: tests/html5lib-tests/tree-construction/README.md. The reader
and the dump follow the Rust suite's (tests/src/tree_construction.rs,
parser/src/dom/dump.rs), so that both run the same cases.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Optional

import htmlforge

REPO = Path(__file__).resolve().parents[2]
HTML5LIB = REPO / "tests" / "html5lib-tests" / "tree-construction"
CUSTOM = REPO / "tests" / "custom" / "tree-construction"
WPT = REPO / "tests" / "wpt-parsing"
SKIP_LIST = REPO / "tests" / "expectations" / "tree-construction-skip.txt"

SVG = "http://www.w3.org/2000/svg"
MATHML = "http://www.w3.org/1998/Math/MathML"
ATTRIBUTE_PREFIXES = {
    "http://www.w3.org/1999/xlink": "xlink",
    "http://www.w3.org/XML/1998/namespace": "xml",
    "http://www.w3.org/2000/xmlns/": "xmlns",
}


@dataclass
class TreeTest:
    file: str  # `tests1.dat`, `custom/hostile.dat`, `wpt/tests1.dat`
    index: int  # 1-based, in its file
    data: str
    fragment: Optional[str]
    scripting: Optional[bool]
    document: str

    @property
    def name(self) -> str:
        return f"{self.file}#{self.index}"

    def scripting_modes(self) -> list[bool]:
        return [False, True] if self.scripting is None else [self.scripting]

    def runs_in_legacy_mode(self) -> bool:
        """A vendored html5lib test (2025) whose input has `<?`: it predates
        processing instructions and expects the bogus comment."""
        return not self.file.startswith(("custom/", "wpt/")) and "<?" in self.data


def parse_dat(file: str, text: str) -> list[TreeTest]:
    lines = text.split("\n")
    starts = [
        i for i, line in enumerate(lines) if line in ("#data", "#description") and (i == 0 or lines[i - 1] == "")
    ]
    tests = []
    for n, start in enumerate(starts):
        end = starts[n + 1] if n + 1 < len(starts) else len(lines)
        section = ""
        data: list[str] = []
        document: list[str] = []
        fragment = None
        scripting = None
        for line in lines[start:end]:
            if line in ("#description", "#data", "#errors", "#new-errors", "#document-fragment", "#document"):
                section = line
                continue
            if line in ("#script-on", "#script-off"):
                scripting = line == "#script-on"
                continue
            if section == "#data":
                data.append(line)
            elif section == "#document-fragment" and line:
                fragment = line
            elif section == "#document":
                document.append(line)
        tests.append(
            TreeTest(file, n + 1, "\n".join(data), fragment, scripting, "\n".join(document).rstrip("\n"))
        )
    return tests


def read_dir(directory: Path, prefix: str) -> dict[str, list[TreeTest]]:
    """The tests of each `.dat` file under `directory`, by file name."""
    files = sorted(directory.rglob("*.dat"))
    return {
        prefix + path.relative_to(directory).as_posix(): parse_dat(
            prefix + path.relative_to(directory).as_posix(), path.read_bytes().decode("utf-8", "replace")
        )
        for path in files
    }


def all_files() -> dict[str, list[TreeTest]]:
    return {**read_dir(HTML5LIB, ""), **read_dir(CUSTOM, "custom/"), **read_dir(WPT, "wpt/")}


def skip_list() -> dict[str, str]:
    """The Rust suite's skip list: case -> reason."""
    skips = {}
    for line in SKIP_LIST.read_text(encoding="utf-8").splitlines():
        line = line.strip()
        if line and not line.startswith("#"):
            case, reason = line.split(" -- ", 1)
            skips[case.strip()] = reason.strip()
    return skips


def case_name(test: TreeTest, scripting: bool, chunked: bool) -> str:
    return f"{test.name} [{'script-on' if scripting else 'script-off'}{', chunk=1' if chunked else ''}]"


class _Script:
    """The test-only script evaluator of the `scripted/` tests, as the Rust
    suite's (tests/src/test_script.rs): a sequence of statements, each one
    of `document.write(S + S + ...)` (S: string literals),
    `document.getElementById(S).id = S` and
    `document.getElementsByTagName(S)[N].setAttribute(S, S)`, run against
    the document the parser is building."""

    def __init__(self, script: str):
        self.rest = script.strip()

    def take(self, prefix: str) -> bool:
        if self.rest.startswith(prefix):
            self.rest = self.rest[len(prefix) :].lstrip()
            return True
        return False

    def expect(self, prefix: str) -> None:
        if not self.take(prefix):
            raise _CannotRun

    def literal(self) -> str:
        rest = self.rest.lstrip()
        if not rest or rest[0] not in "\"'":
            raise _CannotRun
        quote, rest = rest[0], rest[1:]
        value = []
        while True:
            if not rest:
                raise _CannotRun
            c, rest = rest[0], rest[1:]
            if c == "\\":
                if not rest:
                    raise _CannotRun
                escaped, rest = rest[0], rest[1:]
                value.append({"n": "\n", "t": "\t"}.get(escaped, escaped))
            elif c == quote:
                break
            else:
                value.append(c)
        self.rest = rest.lstrip()
        return "".join(value)

    def concatenation(self) -> str:
        value = self.literal()
        while self.take("+"):
            value += self.literal()
        return value

    def index(self) -> int:
        digits = len(self.rest) - len(self.rest.lstrip("0123456789"))
        if digits == 0:
            raise _CannotRun
        value, self.rest = int(self.rest[:digits]), self.rest[digits:]
        return value


class _CannotRun(Exception):
    pass


def run_test_script(script: str, document: htmlforge.Document) -> Optional[list[str]]:
    """Runs `script` (see `_Script`) against `document`; returns the
    strings it wrote, or None when the evaluator cannot run it."""
    statements = _Script(script)
    writes = []

    def elements() -> list[htmlforge.Node]:
        return [node for node in document.root.descendants() if node.type == "element"]

    try:
        while statements.rest:
            if statements.take("document.write("):
                writes.append(statements.concatenation())
                statements.expect(")")
            elif statements.take("document.getElementById("):
                wanted = statements.literal()
                statements.expect(")")
                statements.expect(".id")
                statements.expect("=")
                value = statements.literal()
                element = next((e for e in elements() if e.get("id") == wanted), None)
                if element is None:
                    return None
                element.set_attribute("id", value)
            elif statements.take("document.getElementsByTagName("):
                name = statements.literal()
                statements.expect(")[")
                index = statements.index()
                statements.expect("].setAttribute(")
                attribute = statements.literal()
                statements.expect(",")
                value = statements.literal()
                statements.expect(")")
                named = [e for e in elements() if e.tag == name]
                if index >= len(named):
                    return None
                named[index].set_attribute(attribute, value)
            else:
                return None
            statements.take(";")
    except _CannotRun:
        return None
    return writes


def run(test: TreeTest, scripting: bool, chunked: bool) -> str:
    """Parses the test's input through htmlforge.Parser (whole, or one
    character per feed) and dumps the tree through the Node API."""
    parser = htmlforge.Parser(
        scripting=scripting,
        fragment_context=test.fragment,
        limits=None,
        legacy_processing_instructions=test.runs_in_legacy_mode(),
    )
    run_scripts = scripting and test.file.startswith("scripted/")
    chunks = list(test.data) if chunked else [test.data]

    def after(script: Optional[str]) -> None:
        while script is not None:
            if run_scripts:
                writes = run_test_script(script, parser.document)
                assert writes is not None, f"the test-only evaluator cannot run {script!r}"
                parser.write("".join(writes))
            script = parser.resume()

    for chunk in chunks:
        after(parser.feed(chunk))
    after(parser.end())
    document = parser.finish()
    root = document.fragment if test.fragment is not None else document.root
    return dump(root)


def dump(parent: htmlforge.Node) -> str:
    lines: list[str] = []
    stack = [(child, 0) for child in reversed(parent.children)]
    while stack:
        node, depth = stack.pop()
        indent = "  " * depth
        kind = node.type
        if kind == "fragment":
            lines.append(f"| {indent}content")
        elif kind == "doctype":
            if node.public_id or node.system_id:
                lines.append(f'| {indent}<!DOCTYPE {node.name} "{node.public_id}" "{node.system_id}">')
            else:
                lines.append(f"| {indent}<!DOCTYPE {node.name}>")
        elif kind == "text":
            lines.append(f'| {indent}"{node.data}"')
        elif kind == "comment":
            lines.append(f"| {indent}<!-- {node.data} -->")
        elif kind == "processing-instruction":
            lines.append(f"| {indent}<?{node.name} {node.data}?>")
        elif kind == "element":
            prefix = {SVG: "svg ", MATHML: "math "}.get(node.namespace, "")
            lines.append(f"| {indent}<{prefix}{node.tag}>")
            attrs = []
            for namespace, _prefix, local, value in node.namespaced_attrs:
                attribute_prefix = ATTRIBUTE_PREFIXES.get(namespace)
                attrs.append((f"{attribute_prefix} {local}" if attribute_prefix else local, value))
            # "sorted lexicographically by UTF-16 code unit"
            attrs.sort(key=lambda attr: attr[0].encode("utf-16-be", "surrogatepass"))
            for name, value in attrs:
                lines.append(f'| {indent}  {name}="{value}"')
        stack.extend((child, depth + 1) for child in reversed(node.children))
        contents = node.template_contents if kind == "element" else None
        if contents is not None:
            stack.append((contents, depth + 1))
    return "\n".join(lines)
