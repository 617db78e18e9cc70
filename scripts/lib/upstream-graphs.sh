# Sourced by scripts/test and scripts/bench: the DALiuGE and EAGLE projects' own graphs that some
# suites run unchanged (test/README.md, "Upstream graphs"), each at the commit
# test/fixtures/upstream-graphs.tsv pins and checked against its sha256 there, gathered in
# $SURVEYOR_TESTBED_DIR/upstream-graphs; exports SURVEYOR_UPSTREAM_GRAPHS (set it yourself to use a
# folder of your own as it is). Each graph is copied from SURVEYOR_UPSTREAM_GRAPHS_COPY when that
# folder has it (for a machine that cannot reach GitHub, as our CI's: .ci/run names its copy),
# else fetched from raw.githubusercontent.com. A graph neither gives, or one
# whose sum differs, fails the run here, loudly.
ensure_upstream_graphs() {
  [ -n "${SURVEYOR_UPSTREAM_GRAPHS:-}" ] && return 0
  local dir="${SURVEYOR_TESTBED_DIR:-$root/.testbed}/upstream-graphs"
  local copy="${SURVEYOR_UPSTREAM_GRAPHS_COPY:-}"
  local name repo commit path sum got
  mkdir -p "$dir"
  while IFS=$'\t' read -r name repo commit path sum; do
    case "$name" in '' | '#'*) continue ;; esac
    if [ -f "$dir/$name" ] && [ "$(sha256sum "$dir/$name" | cut -d' ' -f1)" = "$sum" ]; then continue; fi
    rm -f "$dir/$name" "$dir/$name.part"
    if [ -n "$copy" ] && [ -f "$copy/$name" ]; then
      cp "$copy/$name" "$dir/$name.part"
    else
      section "fetching the upstream graph $name ($repo @ ${commit:0:7})"
      curl -fsSL --max-time 60 -o "$dir/$name.part" "https://raw.githubusercontent.com/$repo/$commit/$path" || {
        rm -f "$dir/$name.part"
        echo "cannot fetch the upstream graph $name ($repo @ $commit, $path) from GitHub${copy:+, and $copy has no copy}: set SURVEYOR_UPSTREAM_GRAPHS_COPY to a folder of them (test/README.md, \"Upstream graphs\")" >&2
        exit 1
      }
    fi
    got=$(sha256sum "$dir/$name.part" | cut -d' ' -f1)
    [ "$got" = "$sum" ] || {
      rm -f "$dir/$name.part"
      echo "the upstream graph $name has sha256 $got, not $sum as test/fixtures/upstream-graphs.tsv pins ($repo @ $commit)" >&2
      exit 1
    }
    mv "$dir/$name.part" "$dir/$name"
  done <"$root/test/fixtures/upstream-graphs.tsv"
  export SURVEYOR_UPSTREAM_GRAPHS="$dir"
}
