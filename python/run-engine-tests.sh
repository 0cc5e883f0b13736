#!/usr/bin/env bash
# The engines' tests (tests-engines/): the recipes of
# docs/parsing-a-crawl.md on a Dask LocalCluster of worker processes, on
# PySpark in local mode and on Polars, in the venv that run-tests.sh built
# (run it first: it builds the wheel and installs it). Installs Dask,
# PySpark and Polars from PyPI into that venv, and Java (which PySpark
# needs) from Debian's packages when `java` is missing; prints the time
# each step took.
set -euo pipefail
cd "$(dirname "$0")"
venv="$(cd .. && pwd)/target/python-tests/venv/bin"
[ -x "$venv/python" ] || { echo "no venv at $venv: run python/run-tests.sh first"; exit 1; }

times=()
step() {
    local name="$1"
    shift
    echo "== python engines: $name"
    local start=$SECONDS
    "$@"
    times+=("$(printf '%6d s  python engines: %s' "$((SECONDS - start))" "$name")")
}

# PySpark 4 runs on Java 17 or later: Debian's OpenJDK 17 headless runtime.
java_runtime() {
    if command -v java >/dev/null; then
        java -version 2>&1 | head -1
    else
        apt-get update -qq && apt-get install -y -qq --no-install-recommends openjdk-17-jre-headless
    fi
}
step "Java for PySpark (Debian's openjdk-17-jre-headless when missing)" java_runtime
# pyspark is a 456 MB sdist whose wheel pip builds once and caches; its
# [sql] extra brings pandas, which PySpark 4.3 supports below 3.0.
step "pip install dask[distributed], pyspark[sql] and polars (PyPI)" \
    "$venv/pip" install --quiet --disable-pip-version-check "dask[distributed]" "pyspark[sql]" "pandas<3" polars
step "pytest tests-engines" "$venv/pytest" -q -p no:cacheprovider tests-engines "$@"

printf '%s\n' "${times[@]}"
