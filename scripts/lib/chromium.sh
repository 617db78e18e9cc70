# Sourced by scripts/test: makes sure Debian's Chromium is there for the console's browser tests
# (the console tests, test/e2e/console*.test.ts, drive it with playwright-core), installing the package when it is
# not, and exports SURVEYOR_CHROMIUM. Without root or apt-get the run fails here, loudly.
ensure_chromium() {
  local path="${SURVEYOR_CHROMIUM:-/usr/bin/chromium}"
  if [ ! -x "$path" ]; then
    section "installing Debian's chromium for the console's browser tests"
    command -v apt-get >/dev/null || { echo "no Chromium at $path and no apt-get to install it: set SURVEYOR_CHROMIUM" >&2; exit 1; }
    [ "$(id -u)" = 0 ] || { echo "no Chromium at $path: install Debian's chromium package (needs root) or set SURVEYOR_CHROMIUM" >&2; exit 1; }
    DEBIAN_FRONTEND=noninteractive apt-get update -qq >/dev/null || { echo "apt-get update failed" >&2; exit 1; }
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends chromium >/dev/null ||
      { echo "apt-get install chromium failed" >&2; exit 1; }
    path=/usr/bin/chromium
  fi
  export SURVEYOR_CHROMIUM="$path"
}
