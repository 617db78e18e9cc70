# Sourced by the other scripts: runs setup, then puts the chosen Node.js first on PATH.
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
"$root/scripts/setup"
PATH="$(cat "$root/.tools/node-bin"):$PATH"
export PATH
