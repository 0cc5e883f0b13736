"""The one-process recipes of docs/parsing-a-crawl.md give the answers of
htmlforge.crawl, record for record (the engines' recipes are run by
tests-engines/)."""

import recipes
from warcfile import corpus_pages, write_corpus_warcs

from htmlforge import crawl


def single_process_texts(paths):
    """What one process finds in ``paths``: each record's payload through
    ``htmlforge.crawl.text``, with no batch, pool or engine."""
    return [(url, crawl.text(body, crawl.charset_from_content_type(content_type))) for url, content_type, body in pages_in(paths)]


def pages_in(paths):
    pages, files = corpus_pages(), len(paths)
    return [page for index in range(files) for page in pages[index::files]]


def test_the_recipes_are_on_the_page():
    assert {"one process", "one record", "spark", "dask"} <= set(recipes.recipes())


def test_one_record():
    recipes.run("one record")


def test_one_process_gives_the_payload_functions_answers(tmp_path):
    paths = write_corpus_warcs(tmp_path, 3)
    namespace = recipes.run("one process")
    for threads in (None, 1):
        found = [pair for path in paths for pair in namespace["texts_of_warc"](path, threads)]
        assert found == single_process_texts(paths)
