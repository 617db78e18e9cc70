#!/usr/bin/python3
"""Runs `dachs serve ...` with one change to how DaCHS lists a UWS job's results.

CASDA's async SODA jobs list their results as pre-signed links to an object store, not as files
under the job's URL. DaCHS writes every result into the job's folder and lists it under
<job>/results/<name>; here a result of the type below holds a link instead (the SODA service writes
it after uploading the file to the testbed's object store), and the job's result list names that
link, exactly as written, as the result's href. Every other result is listed as DaCHS lists it.
"""
import sys

from gavo.protocols import uwsactions
from gavo.user.cli import main

LINK_TYPE = "application/x-surveyor-link"


def results_with_links(job):
    base = job.getURL() + "/results/"
    out = []
    for res in job.getResults():
        href = base + res["resultName"]
        if res["resultType"] == LINK_TYPE:
            path, _ = job.getResult(res["resultName"])
            with open(path, encoding="ascii") as f:
                href = f.read().strip()
        out.append(uwsactions.UWS.result(id=res["resultName"], href=href))
    return uwsactions.UWS.results[out]


uwsactions._getResultsElement = results_with_links
sys.argv[0] = "dachs"
sys.exit(main())
