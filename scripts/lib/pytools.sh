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

# The Python client's tools and test peers (clients/python): the generator and formatter of its
# typed package, and the notebook layer's own dependencies, pinned, in a venv of their own made
# once under $SURVEYOR_TESTBED_DIR/pyclient; the client itself installed editable, so the tests
# read the checkout's. Exports SURVEYOR_PYCLIENT_BIN (the venv's bin directory) and
# SURVEYOR_CLIENT_PYTHON.
ensure_pyclient() {
  local dir="${SURVEYOR_TESTBED_DIR:-$root/.testbed}/pyclient"
  local want="openapi-python-client==0.29.1 ruff==0.17.6 httpx==0.28.1 attrs==26.1.0 python-dateutil==2.9.0.post0 astropy==8.0.2 tqdm==4.70.1"
  # An editable install maps the packages there were when it ran: made again when they change.
  local lock="$want $(sha256sum "$root/clients/python/pyproject.toml" | cut -c1-16) $(ls "$root/clients/python" | grep -v -e '\.egg-info$' -e '^__pycache__$' -e '^build$' | tr '\n' ' ')"
  if [ "$(cat "$dir/.surveyor-lock" 2>/dev/null || true)" != "$lock" ]; then
    section "installing the Python client's tools ($want) into $dir"
    command -v python3 >/dev/null || { echo "no python3 on PATH: the Python client needs one (with venv)" >&2; exit 1; }
    rm -rf "$dir"
    python3 -m venv "$dir/venv" || { echo "python3 -m venv failed (Debian: install python3-venv)" >&2; exit 1; }
    # shellcheck disable=SC2086
    "$dir/venv/bin/pip" install -q --disable-pip-version-check $want || { echo "pip install $want failed" >&2; exit 1; }
    "$dir/venv/bin/pip" install -q --disable-pip-version-check --no-deps -e "$root/clients/python" ||
      { echo "pip install -e clients/python failed" >&2; exit 1; }
    echo "$lock" > "$dir/.surveyor-lock"
  fi
  export SURVEYOR_PYCLIENT_BIN="$dir/venv/bin"
  export SURVEYOR_CLIENT_PYTHON="$dir/venv/bin/python"
}
