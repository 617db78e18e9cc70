# Sourced by scripts/test: makes sure promtool (Debian's prometheus package) is there to check the
# shipped alerting rules (docs/monitoring/alerts.rules.yml), installing the package when it is not.
# Without root or apt-get the run fails here, loudly.
ensure_promtool() {
  command -v promtool >/dev/null && return 0
  section "installing Debian's prometheus package for promtool"
  command -v apt-get >/dev/null || { echo "no promtool and no apt-get to install it: install Prometheus's promtool" >&2; exit 1; }
  [ "$(id -u)" = 0 ] || { echo "no promtool: install Debian's prometheus package (needs root)" >&2; exit 1; }
  # Only the binaries are wanted: no service is started in a container (policy-rc.d says so).
  DEBIAN_FRONTEND=noninteractive apt-get update -qq >/dev/null || { echo "apt-get update failed" >&2; exit 1; }
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends prometheus >/dev/null ||
    { echo "apt-get install prometheus failed" >&2; exit 1; }
}
