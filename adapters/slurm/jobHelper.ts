/**
 * `surveyor-job.py`, uploaded beside every job script. Upstream's start_dlg_cluster waits only for
 * FINISHED or CANCELLED, so a failed graph would hold the nodes until the wall time, and its exit
 * code says nothing about the graph. This helper (Python 3 standard library only) runs inside the
 * job:
 *
 * - `watch`: polls the job's own island manager (found through the nodes.txt that the highest-level
 *   manager writes under the log directory); when the session ends it records the state and the
 *   drops in error in surveyor-status.json, and on failure stops DALiuGE at once;
 * - while the session runs, `watch` also reads its drop states every few seconds and writes
 *   surveyor-progress.json when they changed: a digest of every drop's state, the drops running
 *   and those not started (the poll reads it to tell a stalled session: core/domain/stalls.ts);
 * - both record the graph's outputs (data drops nothing consumes, read from the graph file beside
 *   the status file) and those that did not end completed, for output verification;
 * - `finish`: after DALiuGE exits, records the state if `watch` did not get to (a graph that ends
 *   within one poll, or whose drop states went with DALiuGE's REST server as it finished): from
 *   the monitor's own status dump (`--dump`), else as failed with DALiuGE's exit code. Exits 0
 *   for a finished graph, 1 otherwise, so Slurm's state agrees.
 */
export const jobHelperName = 'surveyor-job.py';
export const statusFileName = 'surveyor-status.json';
export const progressFileName = 'surveyor-progress.json';
/** The physical graph beside the status file (jobScript.ts writes it there). */
export const graphFileName = 'graph.pgt.json';

export const jobHelperScript = `#!/usr/bin/env python3
"""surveyor's job helper (see the batch backend in surveyor's adapters/README.md)."""
import glob, hashlib, json, os, signal, sys, time, urllib.request

MAX_DROPS = 50
DROP_ERROR, DROP_CANCELLED, APP_ERROR = 3, 6, 3
# An output was written when it ended completed, or expired or deleted after completing (DALiuGE
# frees data only from COMPLETED); skipped ones were on a branch not taken. Neither is missing.
WRITTEN, FREED, SKIPPED = (2, 4, 5), (4, 5), 7
STATE_NAMES = ["initialized", "writing", "completed", "error", "expired", "deleted", "cancelled", "skipped"]
GRAPH_FILE = "${graphFileName}"
PROGRESS_FILE = "${progressFileName}"
PROGRESS_EVERY = 5
# Seconds a finished session's drop states are asked for before the end is recorded without them.
GRAPH_STATUS_TRIES = 5


def get(url):
    with urllib.request.urlopen(url, timeout=10) as r:
        return json.load(r)


def errored(graph_status):
    return sorted(oid for oid, s in (graph_status or {}).items()
                  if isinstance(s, dict) and (s.get("status") == DROP_ERROR or s.get("execStatus") == APP_ERROR))


def cancelled(graph_status):
    return any(isinstance(s, dict) and s.get("status") == DROP_CANCELLED for s in (graph_status or {}).values())


def linked(links):
    if isinstance(links, list):
        return any(linked(l) if isinstance(l, list) else bool(l) for l in links)
    return False


def outputs(status, graph_status):
    """The graph's outputs (data drops nothing consumes) and those not written; None if unknown."""
    if graph_status is None:
        return None
    try:
        with open(os.path.join(os.path.dirname(status), GRAPH_FILE)) as f:
            doc = json.load(f)
    except (OSError, ValueError):
        return None
    drops = doc[1] if isinstance(doc, list) and len(doc) == 2 and isinstance(doc[1], list) else doc
    outs = sorted(d["oid"] for d in drops if isinstance(d, dict) and isinstance(d.get("oid"), str)
                  and (d.get("categoryType") or d.get("type")) in ("Data", "data", "plain")
                  and not linked(d.get("consumers")) and not linked(d.get("streamingConsumers")))
    missing = []
    skipped = freed = 0
    for oid in outs:
        s = graph_status.get(oid)
        code = s.get("status") if isinstance(s, dict) else None
        skipped += code == SKIPPED
        freed += code in FREED
        if code not in WRITTEN and code != SKIPPED:
            name = (STATE_NAMES[code] if isinstance(code, int) and 0 <= code < len(STATE_NAMES)
                    else "not reported" if code is None else "state %s" % code)
            missing.append({"oid": oid, "state": name})
    return {"count": len(outs), "incomplete": missing[:MAX_DROPS], "incomplete_count": len(missing),
            "skipped_count": skipped, "freed_count": freed}


def combined(codes):
    # Ended only when every node manager's part has (as surveyor's combineNodeStates).
    if not codes or not all(c in (4, 5, 6) for c in codes):
        return None
    if 6 in codes:
        return "failed"
    if all(c == 4 for c in codes):
        return "finished"
    return "cancelled"


def record(path, doc):
    if os.path.exists(path):
        return
    doc["slurm_job_id"] = os.environ.get("SLURM_JOB_ID")
    doc["written_at"] = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())
    tmp = path + ".tmp"
    with open(tmp, "w") as f:
        json.dump(doc, f)
    os.replace(tmp, path)


def progress(graph_status):
    """A digest of every drop's state, the drops running or being written, and those not started."""
    h = hashlib.sha256()
    running, waiting = [], 0
    for oid in sorted(graph_status):
        s = graph_status[oid]
        if not isinstance(s, dict):
            continue
        h.update(("%s\\t%s\\t%s\\n" % (oid, s.get("status"), s.get("execStatus"))).encode())
        state = s.get("execStatus") if "execStatus" in s else s.get("status")
        if state == 1:
            running.append(oid)
        elif state == 0:
            waiting += 1
    return {"digest": h.hexdigest()[:32], "drops": len(graph_status), "running": running[:5],
            "running_count": len(running), "waiting_count": waiting}


def write_progress(status, doc):
    path = os.path.join(os.path.dirname(status), PROGRESS_FILE)
    doc["written_at"] = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())
    tmp = path + ".tmp"
    with open(tmp, "w") as f:
        json.dump(doc, f)
    os.replace(tmp, path)


def alive(pid):
    try:
        os.kill(pid, 0)
        return True
    except OSError:
        return False


def watch(session, logs, status, pid, port):
    host = None
    digest, looked = None, 0.0
    misses = 0
    while alive(pid):
        time.sleep(1)
        if host is None:
            found = glob.glob(os.path.join(logs, "*", "nodes.txt"))
            host = os.path.basename(os.path.dirname(found[0])) if found else None
            continue
        base = "http://%s:%d/api/sessions" % (host, port)
        try:
            mine = [s for s in get(base) if s.get("sessionId") == session]
        except Exception:
            continue
        if not mine:
            continue
        state = combined(list((mine[0].get("status") or {}).values()))
        if state is None:
            if time.time() - looked >= PROGRESS_EVERY:
                looked = time.time()
                try:
                    now = progress(get("%s/%s/graph/status" % (base, session)) or {})
                except Exception:
                    continue
                if now["digest"] != digest:
                    digest = now["digest"]
                    write_progress(status, now)
            continue
        try:
            gs = get("%s/%s/graph/status" % (base, session))
        except Exception:
            gs = None
        if gs is None and state == "finished" and misses < GRAPH_STATUS_TRIES:
            # DALiuGE stops its REST server as a finished session ends: when DALiuGE exits, finish
            # reads the drops' states from the monitor's dump instead of recording none.
            misses += 1
            continue
        drops = errored(gs)
        if state == "finished" and drops:
            state = "failed"
        reason = ("the DALiuGE session ended %s with %d drop(s) in error" % (state, len(drops))
                  if drops else "the DALiuGE session ended %s" % state)
        record(status, {"state": state, "reason": reason, "session_id": session, "source": "island manager",
                        "node_states": mine[0].get("status"), "errored_drops": drops[:MAX_DROPS],
                        "errored_count": len(drops), "outputs": outputs(status, gs)})
        if state != "finished":
            # Upstream would wait for the wall time: end DALiuGE now, so the job ends.
            try:
                os.kill(pid, signal.SIGTERM)
            except OSError:
                pass
        return


def finish(session, logs, status, rc):
    if not os.path.exists(status):
        last = None
        try:
            with open(os.path.join(logs, "status-monitoring.json")) as f:
                for line in f:
                    if line.strip():
                        last = line
        except OSError:
            pass
        if last is not None:
            gs = json.loads(last).get("gs") or {}
            drops = errored(gs)
            state = "failed" if drops else ("cancelled" if cancelled(gs) else "finished")
            reason = ("the DALiuGE session ended with %d drop(s) in error" % len(drops)
                      if drops else "the DALiuGE session ended %s" % state)
            record(status, {"state": state, "reason": reason, "session_id": session, "source": "monitor dump",
                            "errored_drops": drops[:MAX_DROPS], "errored_count": len(drops), "dlg_exit": rc,
                            "outputs": outputs(status, gs)})
        else:
            record(status, {"state": "failed", "session_id": session, "source": "exit", "dlg_exit": rc,
                            "reason": "DALiuGE exited with code %d before its session reported an end "
                                      "(see slurm-%s.out and the logs under %s)"
                                      % (rc, os.environ.get("SLURM_JOB_ID", "<job id>"), logs)})
    with open(status) as f:
        return 0 if json.load(f).get("state") == "finished" else 1


if __name__ == "__main__":
    mode, session, logs, status = sys.argv[1:5]
    if mode == "watch":
        watch(session, logs, status, int(sys.argv[5]), int(os.environ.get("SURVEYOR_DIM_PORT", "8001")))
    else:
        sys.exit(finish(session, logs, status, int(sys.argv[5])))
`;
