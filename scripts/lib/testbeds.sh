# Sourced by scripts/test and scripts/chaos: `testbeds_up name...` starts each named testbed
# (scripts/testbed/<name>) unless it runs already, stops at exit the ones it started, and exports
# their variables. A testbed that cannot start fails the run here, loudly.
testbeds_stops=""
testbeds_up() {
  local name
  for name in "$@"; do
    section "$name testbed (scripts/testbed/$name)"
    if ! "$root/scripts/testbed/$name" status >/dev/null 2>&1; then
      "$root/scripts/testbed/$name" start >/dev/null || { echo "the $name testbed did not start (see above)" >&2; exit 1; }
      testbeds_stops="'$root/scripts/testbed/$name' stop 2>/dev/null; $testbeds_stops"
      trap 'eval "$testbeds_stops"' EXIT
    fi
  done
  set -a
  for name in "$@"; do . <("$root/scripts/testbed/$name" env); done
  set +a
}
