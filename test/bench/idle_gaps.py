"""Idle stretches of healthy DALiuGE sessions (scripts/bench idle): how long a running session goes
with no application running and no data drop being written, the condition idle_fail_minutes
fails (core/domain/stalls.ts). Each upstream graph that completes runs through DALiuGE's own
tools on the DALiuGE testbed while its status and graph status are read as fast as the island
manager answers. Prints one line per graph; asserts nothing.

Usage: python idle_gaps.py DIM_PORT DLG GRAPH...
"""
import json, os, subprocess, sys, tempfile, time, urllib.request


def get(url):
    with urllib.request.urlopen(url, timeout=10) as r:
        return json.load(r)


def run(dim_port, dlg, graph):
    sid = "idle-%s-%d" % (os.path.basename(graph).split(".")[0], os.getpid())
    base = "http://127.0.0.1:%s/api/sessions/%s" % (dim_port, sid)
    tmp = tempfile.mkdtemp(prefix="surveyor-idle-")
    pgt, pg = os.path.join(tmp, "g.pgt"), os.path.join(tmp, "g.pg")
    quiet = dict(stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    subprocess.run([dlg, "unroll-and-partition", "-L", graph, "-N", "2", "-o", pgt], check=True, **quiet)
    subprocess.run([dlg, "map", "-P", pgt, "-H", "127.0.0.1", "-p", dim_port, "-o", pg], check=True, **quiet)
    submit = subprocess.Popen([dlg, "submit", "-P", pg, "-H", "127.0.0.1", "-p", dim_port, "-s", sid], **quiet)
    samples, idle_since, longest, start, codes = 0, None, 0.0, time.time(), []
    while time.time() - start < 300:
        try:
            status, drops = get(base + "/status"), get(base + "/graph/status")
        except Exception:
            time.sleep(0.01)
            continue
        codes = list(status.values()) if isinstance(status, dict) else [status]
        if codes and all(c in (4, 5, 6) for c in codes):
            break
        if not codes or any(c != 3 for c in codes):
            idle_since = None
            continue
        samples += 1
        busy = any((s.get("execStatus") if "execStatus" in s else s.get("status")) == 1 for s in drops.values())
        now = time.time()
        idle_since = None if busy else (idle_since or now)
        if idle_since is not None:
            longest = max(longest, now - idle_since)
    submit.wait()
    print("%-32s %6d samples while running  %6.1f s  longest idle %.3f s  ended %s"
          % (os.path.basename(graph), samples, time.time() - start, longest, codes))


if __name__ == "__main__":
    for g in sys.argv[3:]:
        run(sys.argv[1], sys.argv[2], g)
