#!/usr/bin/env python3
"""Outgoing webhooks: 10,000 events delivered to a local receiver, with the time from each
event's commit to its arrival.

    python3 bench/webhooks.py [--postgres URL] [--events 10000] [--batch 100] [--pause 0.2]

Starts the server (`HIRELANE_BIN`, default the release build) with
`webhooks.allow_private_targets` on, subscribes a receiver this script runs (Python's threaded
HTTP server on 127.0.0.1, answering 200) to `candidate.uploaded` with personal data (the
candidate's name says which import made them), then imports the candidates by CSV in batches of
`--batch`, `--pause` seconds apart. An event is committed before its import's answer comes, so
the time from that answer to the delivery's arrival is the enqueue-to-delivery time (short by
the answer's own transfer, well under a millisecond). Reports p50/p95/p99/max, the wall time,
and how many events arrived more than once (should be none). Standard library only;
all traffic stays on 127.0.0.1 and every wait is bounded.
"""

import argparse
import json
import os
import statistics
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from intake import BenchServer  # bench/intake.py, beside this file


class Receiver(BaseHTTPRequestHandler):
    arrivals = {}  # event id -> (arrival time, batch)
    repeats = 0
    lock = threading.Lock()

    def do_POST(self):
        body = self.rfile.read(int(self.headers.get("content-length", 0)))
        now = time.monotonic()
        event = json.loads(body)
        batch = int(event["data"]["candidate"]["candidateName"].split()[1])
        with Receiver.lock:
            if event["id"] in Receiver.arrivals:
                Receiver.repeats += 1
            else:
                Receiver.arrivals[event["id"]] = (now, batch)
        self.send_response(200)
        self.send_header("content-length", "0")
        self.end_headers()

    def log_message(self, *args):
        pass


def percentile(values, p):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * p / 100))]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--postgres")
    parser.add_argument("--events", type=int, default=10_000)
    parser.add_argument("--batch", type=int, default=100)
    parser.add_argument("--pause", type=float, default=0.2)
    args = parser.parse_args()

    receiver = ThreadingHTTPServer(("127.0.0.1", 0), Receiver)
    threading.Thread(target=receiver.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{receiver.server_address[1]}/hooks"
    os.environ["HIRELANE__WEBHOOKS__ALLOW_PRIVATE_TARGETS"] = "true"
    os.environ.setdefault("HIRELANE__WEBHOOKS__POLL_INTERVAL_MS", "100")

    with BenchServer(args.postgres) as server:
        client = server.client
        status, _ = client.request("POST", "/api/Settings/Webhooks", {
            "url": url, "eventTypes": ["candidate.uploaded"], "includePersonalData": True})
        assert status == 201, status
        status, created = client.request("POST", "/api/Drive/CreateJobFolder", {
            "jdname": "Webhook bench", "jddescription": "<p>Deliveries.</p>", "keySkills": "Python, SQL, HTTP",
            "experience": "1 year", "resumeRequired": False})
        assert status == 200, created
        jd = created["jobDescId"]
        committed = {}
        started = time.monotonic()
        batches = (args.events + args.batch - 1) // args.batch
        for batch in range(batches):
            size = min(args.batch, args.events - batch * args.batch)
            rows = ["name,email,phone"] + [f"Bench {batch} {i},w{batch}x{i}@example.com,+91 98{batch:04d}{i:04d}"
                                           for i in range(size)]
            client.import_csv(jd, rows)
            committed[batch] = time.monotonic()
            time.sleep(args.pause)
        deadline = time.monotonic() + 600
        while len(Receiver.arrivals) < args.events and time.monotonic() < deadline:
            time.sleep(0.1)
        finished = time.monotonic()
        latencies = [(at - committed[batch]) * 1000 for at, batch in Receiver.arrivals.values()]
        print(json.dumps({
            "backend": server.backend,
            "events": args.events,
            "delivered": len(Receiver.arrivals),
            "repeats": Receiver.repeats,
            "batch": args.batch,
            "pause_s": args.pause,
            "enqueue_to_delivery_ms": {
                "p50": round(statistics.median(latencies), 1),
                "p95": round(percentile(latencies, 95), 1),
                "p99": round(percentile(latencies, 99), 1),
                "max": round(max(latencies), 1),
            },
            "wall_s": round(finished - started, 1),
        }, indent=2))
    receiver.shutdown()


if __name__ == "__main__":
    main()
