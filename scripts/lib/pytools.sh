# Sourced by scripts/test: a Python venv with the test peers from PyPI that the suites read
# documents with (the W3C PROV reference library, `prov`, for test/integration/provenance), pinned,
# made once under $SURVEYOR_TESTBED_DIR/pytools, and exports SURVEYOR_PROV_PYTHON. Without a Python 3
# with venv, or without PyPI, the run fails here, loudly.
ensure_pytools() {
  local dir="${SURVEYOR_TESTBED_DIR:-$root/.testbed}/pytools" want="prov==3.2.3"
  if [ "$(cat "$dir/.surveyor-lock" 2>/dev/null || true)" != "$want" ]; then
    section "installing the Python test peers ($want) into $dir"
    command -v python3 >/dev/null || { echo "no python3 on PATH: the PROV test needs one (with venv)" >&2; exit 1; }
    rm -rf "$dir"
    python3 -m venv "$dir/venv" || { echo "python3 -m venv failed (Debian: install python3-venv)" >&2; exit 1; }
    "$dir/venv/bin/pip" install -q --disable-pip-version-check "$want" || { echo "pip install $want failed" >&2; exit 1; }
    echo "$want" > "$dir/.surveyor-lock"
  fi
  export SURVEYOR_PROV_PYTHON="$dir/venv/bin/python"
}
