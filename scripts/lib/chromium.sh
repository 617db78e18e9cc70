# Sourced by scripts/test: makes sure Debian's Chromium is there for the console's browser tests
# (the console tests, test/e2e/console*.test.ts, drive it with playwright-core), installing the package when it is
# not, and exports SURVEYOR_CHROMIUM. Without root or apt-get the run fails here, loudly.
ensure_chromium() {
  local path="${SURVEYOR_CHROMIUM:-/usr/bin/chromium}"
  if [ ! -x "$path" ]; then
    section "installing Debian's chromium for the console's browser tests"
    apt_install "no Chromium at $path (or set SURVEYOR_CHROMIUM)" chromium
    path=/usr/bin/chromium
  fi
  export SURVEYOR_CHROMIUM="$path"
}
