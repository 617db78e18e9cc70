# Sourced by scripts/test: the previous release (the newest in CHANGELOG.md that names its commit),
# built from this repository's own history into .testbed/previous-release/<commit> once, for the
# rolling upgrade suite (test/slurm/upgrade.test.ts). Exports SURVEYOR_PREVIOUS_RELEASE (its
# directory) and SURVEYOR_PREVIOUS_VERSION. Its dependencies are this checkout's when its lock file
# is the same, else installed from the npm registry.
ensure_previous_release() {
  local line version commit dir
  line=$(grep -m1 -E '^## [0-9]+\.[0-9]+\.[0-9]+ .* commit [0-9a-f]{7,40}$' "$root/CHANGELOG.md") ||
    { echo "CHANGELOG.md names no release with its commit: the upgrade suite needs one" >&2; exit 1; }
  version=$(sed -E 's/^## ([0-9.]+) .*/\1/' <<<"$line")
  commit=$(sed -E 's/.* commit ([0-9a-f]+)$/\1/' <<<"$line")
  dir="${SURVEYOR_TESTBED_DIR:-$root/.testbed}/previous-release/$commit"
  if [ ! -f "$dir/dist/hosts/cli/main.js" ]; then
    # A shallow clone lacks it: its history is fetched from where it was cloned, once.
    if ! git -C "$root" cat-file -e "$commit^{commit}" 2>/dev/null &&
      [ "$(git -C "$root" rev-parse --is-shallow-repository)" = true ]; then
      git -C "$root" fetch --quiet --unshallow 2>/dev/null || true
    fi
    git -C "$root" cat-file -e "$commit^{commit}" 2>/dev/null ||
      { echo "release $version's commit $commit is not in this clone's history, and it could not be fetched" >&2; exit 1; }
    section "building the previous release $version ($commit) from history"
    rm -rf "$dir"
    mkdir -p "$dir"
    git -C "$root" archive "$commit" | tar -x -C "$dir"
    # Biome finds nested configurations anywhere under the checkout and refuses a second root one.
    rm -f "$dir/biome.json"
    if git -C "$root" diff --quiet "$commit" HEAD -- package-lock.json; then
      ln -s "$root/node_modules" "$dir/node_modules"
    else
      (cd "$dir" && npm ci --no-audit --no-fund >/dev/null) || { echo "npm ci of release $version failed" >&2; exit 1; }
    fi
    (cd "$dir" && "$root/node_modules/.bin/tsc" -p tsconfig.json) ||
      { rm -rf "$dir/dist"; echo "release $version ($commit) did not build (above)" >&2; exit 1; }
  fi
  export SURVEYOR_PREVIOUS_RELEASE="$dir" SURVEYOR_PREVIOUS_VERSION="$version"
}
