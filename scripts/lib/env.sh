# Sourced by the other scripts: runs setup, then puts the chosen Node.js first on PATH.
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
"$root/scripts/setup"
PATH="$(cat "$root/.tools/node-bin"):$PATH"
export PATH
# A section's heading with the time since the script started, so a log shows where minutes go.
section() { printf '== %s [%dm%02ds]\n' "$*" $((SECONDS / 60)) $((SECONDS % 60)); }
# Installs Debian packages for a test peer, or fails loudly saying what needs them (`$1`) when this
# machine has no apt-get or is not root.
apt_install() {
  local what="$1"
  shift
  command -v apt-get >/dev/null || { echo "$what: no apt-get to install $*; install them yourself" >&2; exit 1; }
  [ "$(id -u)" = 0 ] || { echo "$what: installing $* needs root (Debian's packages)" >&2; exit 1; }
  DEBIAN_FRONTEND=noninteractive apt-get update -qq >/dev/null || { echo "apt-get update failed" >&2; exit 1; }
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "$@" >/dev/null ||
    { echo "apt-get install $* failed" >&2; exit 1; }
}
