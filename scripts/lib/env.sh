# Sourced by the other scripts: runs setup, then puts the chosen Node.js first on PATH.
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
"$root/scripts/setup"
PATH="$(cat "$root/.tools/node-bin"):$PATH"
export PATH
# A section's heading with the time since the script started, so a log shows where minutes go.
section() { printf '== %s [%dm%02ds]\n' "$*" $((SECONDS / 60)) $((SECONDS % 60)); }
