"""The html5lib tree-construction tests and WPT's newer parsing tests,
through the Python API (htmlforge.Parser and the Node API), which guards
the marshalling of every kind of node: every case the Rust suite runs
(tests/tree_construction.rs), with its skip list
(tests/expectations/tree-construction-skip.txt, the same list), scripting
off and on, the input whole and one character per feed. One pytest test
per file and feeding."""

import pytest

from treetests import all_files, case_name, run, skip_list

FILES = all_files()
SKIPS = skip_list()


def test_every_suite_is_there():
    suites = {name.split("/")[0] if "/" in name and name.split("/")[0] in ("custom", "wpt") else "html5lib" for name in FILES}
    assert suites == {"html5lib", "custom", "wpt"}
    assert sum(len(tests) for tests in FILES.values()) > 1500
    # Every skipped case exists.
    cases = {
        case_name(test, scripting, chunked)
        for tests in FILES.values()
        for test in tests
        for scripting in test.scripting_modes()
        for chunked in (False, True)
    }
    assert set(SKIPS) <= cases


@pytest.mark.parametrize("chunked", [False, True], ids=["whole", "chunk=1"])
@pytest.mark.parametrize("file", sorted(FILES))
def test_file(file, chunked):
    failures = []
    for test in FILES[file]:
        for scripting in test.scripting_modes():
            case = case_name(test, scripting, chunked)
            if case in SKIPS:
                continue
            actual = run(test, scripting, chunked)
            if actual != test.document:
                failures.append(f"{case}\n--- input\n{test.data}\n--- expected\n{test.document}\n--- actual\n{actual}")
    assert not failures, f"{len(failures)} failed:\n\n" + "\n\n".join(failures[:5])
