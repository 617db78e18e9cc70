# Sourced by scripts/test: makes sure promtool (Debian's prometheus package) is there to check the
# shipped alerting rules (docs/monitoring/alerts.rules.yml), installing the package when it is not.
# Without root or apt-get the run fails here, loudly. Only the binaries are wanted: no service is
# started in a container.
ensure_promtool() {
  command -v promtool >/dev/null && return 0
  section "installing Debian's prometheus package for promtool"
  apt_install "no promtool" prometheus
}
