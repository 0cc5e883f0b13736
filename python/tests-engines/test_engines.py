"""The engines' recipes of docs/parsing-a-crawl.md, on a cluster of worker
processes (Dask), on Spark in local mode (``mapInArrow``) and on Polars
(``map_batches``), over WARC files of the vendored pages written at test
time: each must give exactly the single-process results, record for
record."""

import os
import sys

import pytest
import recipes
from test_recipes import single_process_texts
from warcfile import write_corpus_warcs

#: Enough files for every worker to get several tasks.
FILES = 4


@pytest.fixture(scope="module")
def warc_paths(tmp_path_factory):
    return write_corpus_warcs(tmp_path_factory.mktemp("warc"), FILES)


def test_dask_local_cluster_with_worker_processes(warc_paths):
    namespace = recipes.run("one process", "dask")
    found = namespace["dask_texts"](warc_paths, workers=2)
    assert found == single_process_texts(warc_paths)


def test_pyspark_local_map_in_arrow(warc_paths, tmp_path, monkeypatch):
    from pyspark.sql import SparkSession

    # Spark's Python workers start in the driver's folder and put it first
    # on their path: away from python/, whose htmlforge/ (no native
    # module) would hide the installed package.
    monkeypatch.chdir(tmp_path)

    # The executors' Python is this one (the venv with htmlforge); the
    # driver and executors talk over the loopback interface only.
    os.environ["PYSPARK_PYTHON"] = sys.executable
    os.environ["SPARK_LOCAL_IP"] = "127.0.0.1"
    spark = (
        SparkSession.builder.master("local[2]")
        .appName("htmlforge parsing a crawl")
        .config("spark.ui.enabled", "false")
        .config("spark.driver.bindAddress", "127.0.0.1")
        .config("spark.sql.shuffle.partitions", str(FILES))
        .getOrCreate()
    )
    try:
        namespace = recipes.run("spark")
        rows = namespace["spark_texts"](spark, warc_paths).collect()
    finally:
        spark.stop()
    # Spark gives the rows of the tasks in any order: each record once,
    # with the single process's text.
    expected = single_process_texts(warc_paths)
    assert len(rows) == len(expected)
    assert {row["uri"]: row["text"] for row in rows} == dict(expected)


def test_polars_map_batches(warc_paths):
    import polars as pl
    import pyarrow as pa
    from fastwarc.warc import ArchiveIterator

    from htmlforge import warc

    batches = []
    for path in warc_paths:
        with open(path, "rb") as stream:
            batches += warc.record_batches(ArchiveIterator(stream))
    frame = pl.from_arrow(pa.Table.from_batches(batches))
    found = recipes.run("polars")["polars_texts"](frame)
    assert list(found.iter_rows()) == single_process_texts(warc_paths)
