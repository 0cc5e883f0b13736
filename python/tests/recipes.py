"""The Python recipes of docs/parsing-a-crawl.md, as the tests run them:
each fenced ``python`` block whose first line is ``# recipe: NAME``."""

import re
from pathlib import Path

PAGE = Path(__file__).resolve().parents[2] / "docs" / "parsing-a-crawl.md"

_BLOCK = re.compile(r"^```python\n# recipe: (?P<name>[^\n]+)\n(?P<code>.*?)^```$", re.MULTILINE | re.DOTALL)


def recipes():
    """``{name: code}`` of the page's recipes, in page order."""
    return {match["name"]: match["code"] for match in _BLOCK.finditer(PAGE.read_text(encoding="utf-8"))}


def run(*names):
    """The namespace the named recipes define, run in the order given.

    The namespace's module name is one that no ``import`` finds, so that
    Dask and Spark pickle its functions by value, as they do a script's."""
    found = recipes()
    namespace = {"__name__": "parsing_a_crawl_recipes"}
    for name in names:
        exec(compile(found[name], f"{PAGE}: recipe {name}", "exec"), namespace)
    return namespace
