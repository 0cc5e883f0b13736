#!/usr/bin/env bash
# Builds the htmlforge wheel, installs it into a fresh virtual environment
# with the test dependencies from PyPI, and runs the pytest suite; prints
# the time each step took. Run from anywhere: `bash python/run-tests.sh`.
# Extra arguments go to pytest (e.g. `-k selectolax`).
set -euo pipefail
cd "$(dirname "$0")"
root="$(cd .. && pwd)"
work="$root/target/python-tests"
python="${PYTHON:-python3}"

# The tests need no fat LTO: the same release settings as CI's
# pathological benchmark, so the two builds share their artifacts.
export CARGO_PROFILE_RELEASE_LTO=off CARGO_PROFILE_RELEASE_CODEGEN_UNITS=16 CARGO_PROFILE_RELEASE_DEBUG=0

times=()
step() {
    local name="$1"
    shift
    echo "== python: $name"
    local start=$SECONDS
    "$@"
    times+=("$(printf '%6d s  python: %s' "$((SECONDS - start))" "$name")")
}

fresh_venv() {
    rm -rf "$work"
    "$python" -m venv "$work/venv"
}
step "a fresh venv ($("$python" --version))" fresh_venv
venv="$work/venv/bin"
step "pip install maturin and the test dependencies (PyPI)" \
    "$venv/pip" install --quiet --disable-pip-version-check maturin pytest selectolax pyarrow fastwarc warcio
step "maturin build --release (the abi3 wheel)" \
    "$venv/maturin" build --release --quiet -i "$venv/python" -o "$work/wheels"
step "pip install the wheel" \
    "$venv/pip" install --quiet --disable-pip-version-check --no-index "$work"/wheels/htmlforge-*.whl
step "pytest" "$venv/pytest" -q -p no:cacheprovider "$@"

printf '%s\n' "${times[@]}"
