#!/usr/bin/env python3
"""Generates the archive testbed's tables and files, deterministically.

Usage: make_data.py INPUTS_DIR BASE_URL SOURCES

Writes CSV files for the resource descriptors beside them (ivoa/obscore, casda/evaluation and
casda/files, hipass/hicat) and, under casda/files/, a real FITS file for every visibility of every
source's latest scheduling block: about 1 MB each for the few sources the staging tests read, 5.6 kB
for the rest (a survey stages them all: about 90 MB for 10,000 sources), with evaluation tarballs
for the former. obscore's sizes are the files' own. Rows are shaped like CASDA's: obscore
with CASDA's extra filename and filesize (kB) columns, datalink access URLs, ASKAP-<sbid> ids.
"""
import csv
import io
import os
import sys
import tarfile

import numpy as np
from astropy.io import fits

inputs, base_url, n_sources = sys.argv[1], sys.argv[2].rstrip("/"), int(sys.argv[3])
links = f"{base_url}/casda/q/links/api?ID="

# Sources with real files: (identifier, number of beams in the latest scheduling block, group,
# store). A group other than "public" is proprietary: the datalink answer carries no token for it.
# Store "object": the SODA results are pre-signed links to the object store, as CASDA serves them
# now, and only the first beam has a .checksum result (the others and the evaluation tarball none).
STAGED = [
    ("HIPASSJ1318-21", 2, "public", "archive"),
    ("HIPASSJ1337-29", 1, "public", "archive"),
    ("HIPASSJ1320-99", 1, "wallaby-team", "archive"),
    ("HIPASSJ1341-41", 2, "public", "object"),
    # The same again, for the tests that expire and cut the store's links (their own files).
    ("HIPASSJ1342-42", 2, "public", "object"),
]
# Sources in the catalogue but without visibilities, and the reverse.
NO_VIS = {"HIPASSJ1321-98"}


def identifier(i):
    idx, dd = divmod(i, 90)
    hh, mm = divmod(idx, 60)
    return f"HIPASSJ{hh:02d}{mm:02d}-{dd:02d}"


def sources():
    # Sources in the object store come last, so that adding them moved no other source's row.
    late = [s for s, _, _, store in STAGED if store == "object"]
    names = [s for s, _, _, store in STAGED if store != "object"] + sorted(NO_VIS)
    i = 0
    while len(names) < n_sources - len(late):
        names.append(identifier(i))
        i += 1
    names += late
    return names


def sexagesimal(value, hours):
    sign = "-" if value < 0 else ("" if hours else "+")
    v = abs(value) / (15 if hours else 1)
    d = int(v)
    m = int((v - d) * 60)
    s = ((v - d) * 60 - m) * 60
    return f"{sign}{d:02d} {m:02d} {s:04.1f}" if hours else f"{sign}{d:02d} {m:02d} {int(s):02d}"


def write_csv(path, header, rows):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(header)
        w.writerows(rows)


def fits_bytes(seed, shape):
    rng = np.random.default_rng(seed)
    hdu = fits.PrimaryHDU(rng.standard_normal(shape).astype(np.float32))
    hdu.header["ORIGIN"] = "surveyor archive testbed"
    buf = io.BytesIO()
    hdu.writeto(buf)
    return buf.getvalue()


SMALL_SHAPE = (2, 16, 16)
SMALL_HEADER = None


def small_fits_bytes(seed):
    """A survey's file: astropy writes the header once; each file is it and its own data."""
    global SMALL_HEADER
    if SMALL_HEADER is None:
        SMALL_HEADER = fits_bytes(0, SMALL_SHAPE)[:2880]
    data = np.random.default_rng(seed).standard_normal(SMALL_SHAPE).astype(">f4").tobytes()
    return SMALL_HEADER + data + b"\0" * (-len(data) % 2880)


def tar_bytes(name, text):
    buf = io.BytesIO()
    with tarfile.open(fileobj=buf, mode="w") as tf:
        data = text.encode()
        info = tarfile.TarInfo(name)
        info.size = len(data)
        info.mtime = 1700000000
        tf.addfile(info, io.BytesIO(data))
    return buf.getvalue()


obscore, evaluation, files, hicat = [], [], [], []
files_dir = os.path.join(inputs, "casda", "files")
os.makedirs(files_dir, exist_ok=True)
staged = {s: (beams, group, store) for s, beams, group, store in STAGED}
rng = np.random.default_rng(20261123)
scan = 254000
for i, src in enumerate(sources()):
    ra = (i * 137.507764) % 360
    dec = -90 + (i * 61.803398) % 90
    short = src[len("HIPASS"):]
    if src in staged or i % 17 != 5:  # every 17th source is missing from the catalogue: its flag is false
        rv = 500 + (i * 37) % 9000
        hicat.append([short, sexagesimal(ra, True), sexagesimal(dec, False), rv + 40, rv - 40, rv])
    if src in NO_VIS:
        continue
    beams, group, store = staged.get(src, (1 + i % 2, "public", "archive"))
    latest_sbid = 30000 + i * 2 + 1
    # An older scheduling block, then the latest one with `beams` beams (only the latest counts).
    blocks = [(latest_sbid - 1, 1, 60000.0 + i), (latest_sbid, beams, 60100.0 + i)]
    for sbid, nbeams, t_min in blocks:
        for b in range(nbeams):
            scan += 1
            did = f"scan-{sbid}-{scan}"
            name = f"{src}_SB{sbid}_beam{b:02d}.fits"
            if sbid == latest_sbid:
                body = fits_bytes(scan, (4, 256, 256)) if src in staged else small_fits_bytes(scan)
                with open(os.path.join(files_dir, name), "wb") as f:
                    f.write(body)
                files.append([did, name, group, len(body), store, "yes" if store == "archive" or b == 0 else "no"])
                size = len(body)
            else:
                size = int(rng.integers(2_000_000, 9_000_000)) * 1024
            obscore.append([
                "visibility", "visibility.calibrated", 2, "WALLABY" if i % 3 else "ASKAP Pilot Survey for WALLABY",
                f"ASKAP-{sbid}", did, links + did, "application/fits", (size + 1023) // 1024,
                src, f"{ra:.6f}", f"{dec:.6f}", f"{t_min:.5f}", f"{t_min + 0.4:.5f}",
                "ASKAP", "ASKAP", name, (size + 1023) // 1024,
                # Proprietary data carries the day it is released (ObsCore's obs_release_date).
                "2025-01-01T00:00:00" if group == "public" else "2027-06-30T00:00:00",
            ])
        eval_name = f"calibration-metadata-processing-logs-SB{sbid}_2025-01-01.tar"
        eval_did = f"evaluation-{sbid}"
        if src in staged and sbid == latest_sbid:
            body = tar_bytes(f"SB{sbid}/processing.log", f"calibration of SB{sbid}\n" * 200)
            with open(os.path.join(files_dir, eval_name), "wb") as f:
                f.write(body)
            files.append([eval_did, eval_name, group, len(body), store, "yes" if store == "archive" else "no"])
            esize = len(body)
        else:
            esize = 20480
        evaluation.append([sbid, "calibration", eval_name, (esize + 1023) // 1024, links + eval_did])
        evaluation.append([sbid, "validation", f"validation-SB{sbid}.tar", 12, links + f"validation-{sbid}"])

write_csv(os.path.join(inputs, "ivoa", "data", "obscore.csv"),
          ["dataproduct_type", "dataproduct_subtype", "calib_level", "obs_collection", "obs_id",
           "obs_publisher_did", "access_url", "access_format", "access_estsize", "target_name",
           "s_ra", "s_dec", "t_min", "t_max", "facility_name", "instrument_name", "filename",
           "filesize", "obs_release_date"], obscore)
write_csv(os.path.join(inputs, "casda", "data", "evaluation.csv"),
          ["sbid", "format", "filename", "filesize", "access_url"], evaluation)
write_csv(os.path.join(inputs, "casda", "data", "files.csv"),
          ["did", "path", "access_group", "size", "store", "checksum"], files)
write_csv(os.path.join(inputs, "hipass", "data", "hicat.csv"),
          ["HIPASS", "RAJ2000", "DEJ2000", "RV50max", "RV50min", "RVmom"], hicat)
print(f"{len(obscore)} obscore rows, {len(evaluation)} evaluation rows, {len(hicat)} catalogue rows, "
      f"{len(files)} files", file=sys.stderr)
