"""One parse of a VOTable file with astropy's reader (astropy.io.votable.parse, the table's rows
materialised as a numpy masked array): prints {rows, seconds, peak_rss_bytes} as JSON."""
import json
import resource
import sys
import time

from astropy.io.votable import parse

started = time.perf_counter()
table = parse(sys.argv[1]).get_first_table()
rows = len(table.array)
seconds = time.perf_counter() - started
peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024
print(json.dumps({"rows": rows, "seconds": seconds, "peak_rss_bytes": peak}))
