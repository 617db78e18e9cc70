#!/usr/bin/env python3
"""The archive testbed's object store: moto's S3 server, with what the tests need around it.

Usage: objectstore.py PORT BUCKET LOG LINK_SECONDS

CASDA's async SODA results are pre-signed links to Pawsey's object store. This serves the same on
127.0.0.1:PORT: moto (a real S3 implementation, from PyPI) behind a WSGI layer that

- takes the archive's files (POST /_testbed/publish?key=K with the bytes: stored in the bucket
  through S3's own signed PUT) and answers a pre-signed GET link to each, valid LINK_SECONDS;
  POST /_testbed/presign?key=K signs another for a stored object. It remembers each link's query
  exactly as issued: a link whose query arrives changed (decoded,
  re-encoded, reordered) gets S3's 403 SignatureDoesNotMatch;
- refuses a link past its X-Amz-Date + X-Amz-Expires, or issued before POST /_testbed/expire
  (?key=K: that object's links only), with S3's own expiry answer (403 AccessDenied, "Request has
  expired");
- refuses a signed link that also carries an Authorization header, as S3 does (400);
- on POST /_testbed/cut?key=K&after=N, ends the next GET of K after N bytes (a dropped link);
- writes one JSON line per request to LOG: method, path, whether the link was signed, Range, status,
  the bytes sent, its own refusal's code if it refused, and which credentials came with it (the
  scheme, never the value).

"""
import json
import sys
import threading
import time
from datetime import datetime, timezone
from urllib.parse import parse_qs

import boto3
from botocore.config import Config
from moto.moto_server.werkzeug_app import DomainDispatcherApplication, create_backend_app
from werkzeug.serving import make_server

port, bucket, log_path, link_seconds = int(sys.argv[1]), sys.argv[2], sys.argv[3], int(sys.argv[4])
endpoint = f"http://127.0.0.1:{port}"
lock = threading.Lock()
issued = {}  # signature -> (raw query, issued at)
expired_before = {}  # key (or "" for every key) -> links issued before this time count as expired
cuts = {}  # path -> bytes to send before the connection drops
log = open(log_path, "a", buffering=1)


def s3_error(start_response, status, code, message, extra=""):
    body = (
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        f"<Error><Code>{code}</Code><Message>{message}</Message>{extra}"
        "<RequestId>testbed</RequestId><HostId>testbed</HostId></Error>"
    ).encode()
    start_response(status, [("Content-Type", "application/xml"), ("Content-Length", str(len(body)))])
    return [body]


def iso(t):
    return datetime.fromtimestamp(t, timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


def signer():
    return boto3.client(
        "s3",
        endpoint_url=endpoint,
        region_name="ap-southeast-2",
        aws_access_key_id="testbedarchive",
        aws_secret_access_key="testbedarchivesecret",
        config=Config(signature_version="s3v4"),
    )


def admin(environ, start_response):
    path, q = environ["PATH_INFO"], parse_qs(environ.get("QUERY_STRING", ""))
    if path in ("/_testbed/publish", "/_testbed/presign"):
        key = q["key"][0]
        client = signer()
        if path == "/_testbed/publish":
            length = int(environ.get("CONTENT_LENGTH") or 0)
            client.put_object(Bucket=bucket, Key=key, Body=environ["wsgi.input"].read(length))
        url = client.generate_presigned_url(
            "get_object", Params={"Bucket": bucket, "Key": key}, ExpiresIn=link_seconds
        )
        query = url.split("?", 1)[1]
        with lock:
            issued[parse_qs(query)["X-Amz-Signature"][0]] = (query, time.time())
        body = url.encode()
    elif path == "/_testbed/expire":
        with lock:
            expired_before[q.get("key", [""])[0]] = time.time()
        body = b"expired"
    elif path == "/_testbed/cut":
        with lock:
            cuts[f"/{bucket}/{q['key'][0]}"] = int(q["after"][0])
        body = b"cut"
    else:
        start_response("404 Not Found", [("Content-Type", "text/plain")])
        return [b"no such testbed action"]
    start_response("200 OK", [("Content-Type", "text/plain"), ("Content-Length", str(len(body)))])
    return [body]


def check_link(environ, start_response, entry):
    """None when the signed link may be served; else S3's refusal."""
    raw = environ.get("QUERY_STRING", "")
    q = parse_qs(raw)
    sig = q.get("X-Amz-Signature", [""])[0]
    key = environ["PATH_INFO"].split("/", 2)[-1]
    with lock:
        known = issued.get(sig)
        floor = max(expired_before.get("", 0.0), expired_before.get(key, 0.0))
    if "HTTP_AUTHORIZATION" in environ:
        entry["refused"] = "InvalidArgument"
        return s3_error(start_response, "400 Bad Request", "InvalidArgument", "Only one auth mechanism allowed")
    if known is None or known[0] != raw:
        entry["refused"] = "SignatureDoesNotMatch"
        return s3_error(
            start_response,
            "403 Forbidden",
            "SignatureDoesNotMatch",
            "The request signature we calculated does not match the signature you provided.",
        )
    signed_at = datetime.strptime(q["X-Amz-Date"][0], "%Y%m%dT%H%M%SZ").replace(tzinfo=timezone.utc).timestamp()
    ends = signed_at + int(q["X-Amz-Expires"][0])
    now = time.time()
    if now > ends or known[1] <= floor:
        entry["refused"] = "RequestExpired"
        return s3_error(
            start_response,
            "403 Forbidden",
            "AccessDenied",
            "Request has expired",
            f"<X-Amz-Expires>{q['X-Amz-Expires'][0]}</X-Amz-Expires>"
            f"<Expires>{iso(min(ends, floor) if known[1] <= floor else ends)}</Expires>"
            f"<ServerTime>{iso(now)}</ServerTime>",
        )
    return None


class Dropped(Exception):
    pass


def app(moto):
    def serve(environ, start_response):
        if environ["PATH_INFO"].startswith("/_testbed/"):
            return admin(environ, start_response)
        return proxied(environ, start_response)

    def proxied(environ, start_response):
        signed = "X-Amz-Signature=" in environ.get("QUERY_STRING", "")
        entry = {
            "t": round(time.time(), 3),
            "method": environ["REQUEST_METHOD"],
            "path": environ["PATH_INFO"],
            "signed": signed,
            "range": environ.get("HTTP_RANGE"),
            "authorization": (environ.get("HTTP_AUTHORIZATION") or "").split(" ")[0] or None,
            "cookie": "HTTP_COOKIE" in environ,
            "status": None,
            "bytes": 0,
            "refused": None,
        }

        def started(status, headers, *rest):
            entry["status"] = int(status.split(" ")[0])
            return start_response(status, headers, *rest)

        refusal = check_link(environ, started, entry) if signed else None
        body = refusal if refusal is not None else moto(environ, started)
        with lock:
            cut = cuts.pop(environ["PATH_INFO"], None) if environ["REQUEST_METHOD"] == "GET" and refusal is None else None
        try:
            for chunk in body:
                if cut is not None and entry["bytes"] + len(chunk) > cut:
                    chunk = chunk[: cut - entry["bytes"]]
                    entry["bytes"] += len(chunk)
                    yield chunk
                    raise Dropped(f"cut after {cut} bytes")
                entry["bytes"] += len(chunk)
                yield chunk
        finally:
            log.write(json.dumps(entry) + "\n")
            if hasattr(body, "close"):
                body.close()

    return serve


server = make_server("127.0.0.1", port, app(DomainDispatcherApplication(create_backend_app)), threaded=True)
threading.Thread(target=server.serve_forever, daemon=True).start()
signer().create_bucket(Bucket=bucket, CreateBucketConfiguration={"LocationConstraint": "ap-southeast-2"})
print(f"object store on {endpoint}, bucket {bucket}", flush=True)
threading.Event().wait()
