#!/usr/bin/env python3
"""Bulk intake benchmark: N generated resumes through the HTTP API until all are analysed.

    python3 demo/resumegen.py bulk 500 /tmp/bulk500          # make the resumes once
    python3 bench/intake.py /tmp/bulk500 [--postgres URL [--instances 2]] [--concurrency 8]

Starts the release server (`$CARGO_TARGET_DIR/release/hirelane`) on a free loopback port with a
fresh data directory (SQLite, or a fresh PostgreSQL database with --postgres), signs in through
the API with the code from the outbox, creates one JD per folder of resumes, uploads every file
(one request per file, a few at a time, as the web app does), polls until no candidate is queued
or being analysed, and reports the wall time, the rate and the server's peak resident memory
(VmHWM). Standard library only. Traffic goes to 127.0.0.1 only.
"""

import argparse
import http.client
import json
import os
import re
import shutil
import socket
import subprocess
import sys
import tempfile
import threading
import time
import uuid
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Client:
    def __init__(self, port):
        self.port = port
        self.token = None
        self.local = threading.local()

    def conn(self):
        if not hasattr(self.local, "c"):
            self.local.c = http.client.HTTPConnection("127.0.0.1", self.port, timeout=60)
        return self.local.c

    def request(self, method, path, body=None, headers=None):
        headers = dict(headers or {})
        if self.token:
            headers["Authorization"] = f"Bearer {self.token}"
        if isinstance(body, (dict, list)):
            body = json.dumps(body).encode()
            headers["Content-Type"] = "application/json"
        for attempt in range(2):
            try:
                c = self.conn()
                c.request(method, path, body=body, headers=headers)
                r = c.getresponse()
                data = r.read()
                return r.status, (json.loads(data) if data and data[:1] in b"[{" else data)
            except (ConnectionError, http.client.HTTPException):
                del self.local.c
                if attempt:
                    raise

    def upload(self, jd, path):
        status, answer = self.post_file(f"/api/Drive/UploadResume?jdId={jd}", "resumeFile", path.name,
                                        path.read_bytes())
        if status != 200:
            raise RuntimeError(f"{path.name}: {status} {answer}")

    def import_csv(self, jd, lines):
        """Imports candidates from CSV `lines` (a header first) into JD `jd`."""
        status, answer = self.post_file(f"/api/Drive/UploadCandidatesCsv?jobDescId={jd}", "csvFile", "c.csv",
                                        "\n".join(lines).encode())
        if status != 200:
            raise RuntimeError(f"CSV import: {status} {answer}")

    def post_file(self, path, field, name, content):
        """POSTs one file as the multipart field `field`."""
        boundary = uuid.uuid4().hex
        body = (f"--{boundary}\r\nContent-Disposition: form-data; name=\"{field}\"; "
                f"filename=\"{name}\"\r\nContent-Type: application/octet-stream\r\n\r\n").encode()
        body += content + f"\r\n--{boundary}--\r\n".encode()
        return self.request("POST", path, body, {"Content-Type": f"multipart/form-data; boundary={boundary}"})


def peak_rss_kib(pid):
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmHWM:"):
                return int(line.split()[1])
    except OSError:
        return None
    return None


class BenchServer:
    """The release server on a free loopback port with a fresh data directory (and a fresh
    PostgreSQL database when `postgres` names an admin URL), signed in as a bench recruiter.
    With `instances` > 1 (PostgreSQL only) that many servers share the database and the data
    directory (its files folder standing in for a shared bucket), each on its own port; `ports`
    and `clients` list them and `client`/`port` are the first. Everything it made is removed on
    exit."""

    def __init__(self, postgres=None, instances=1, web_dist=None):
        if instances > 1 and not postgres:
            raise SystemExit("several instances need --postgres")
        self.postgres = postgres
        self.instances = instances
        self.web_dist = web_dist

    def __enter__(self):
        target = Path(os.environ.get("CARGO_TARGET_DIR", Path.home() / ".cache/hirelane/target"))
        binary = Path(os.environ.get("HIRELANE_BIN", target / "release/hirelane"))
        self.data = Path(tempfile.mkdtemp(prefix="hirelane-bench-"))
        self.ports = [free_port() for _ in range(self.instances)]
        self.port = self.ports[0]
        env = dict(os.environ, HIRELANE__DATA_DIR=str(self.data), HIRELANE__LOG__LEVEL="warn",
                   HIRELANE__SERVER__OPS_ADDRESS="127.0.0.1:0",
                   HIRELANE__WEB__DIST_DIR=str(self.web_dist or self.data / "no-web"))
        self.database = None
        if self.postgres:
            self.database = f"hl_bench_{os.getpid()}"
            subprocess.run(["psql", self.postgres, "-qc", f'CREATE DATABASE "{self.database}"'], check=True)
            env["HIRELANE__DATABASE__URL"] = self.postgres.rsplit("/", 1)[0] + "/" + self.database
        subprocess.run([binary, "user", "add", "bench@example.com", "Bench Runner"], env=env, check=True,
                       stdout=subprocess.DEVNULL)
        self.processes = [subprocess.Popen([binary, "serve"], env=dict(env, HIRELANE__SERVER__PORT=str(port)))
                          for port in self.ports]
        self.clients = [Client(port) for port in self.ports]
        self.client = self.clients[0]
        for client in self.clients:
            for _ in range(300):
                try:
                    if client.request("GET", "/healthz")[0] == 200:
                        break
                except OSError:
                    pass
                time.sleep(0.1)
        self.client.request("POST", "/api/auth/requestotp?email=bench@example.com&retry=false")
        code = None
        for _ in range(50):
            mails = list((self.data / "outbox").glob("*.eml"))
            if mails:
                code = re.search(r"sign-in code is (\d{6})", mails[0].read_text()).group(1)
                break
            time.sleep(0.1)
        _, session = self.client.request("POST", "/api/auth/verifyotp",
                                         {"email": "bench@example.com", "otpCode": code})
        for client in self.clients:
            client.token = session["data"]["token"]
        self.backend = "postgres" if self.postgres else "sqlite"
        return self

    def peak_rss_mib(self):
        """The peak resident memory of each instance (one number with one instance)."""
        peaks = [peak_rss_kib(process.pid) for process in self.processes]
        peaks = [round(peak / 1024, 1) if peak else None for peak in peaks]
        return peaks[0] if len(peaks) == 1 else peaks

    def __exit__(self, *exc):
        for process in self.processes:
            process.terminate()
        for process in self.processes:
            process.wait(timeout=30)
        shutil.rmtree(self.data, ignore_errors=True)
        if self.database:
            subprocess.run(["psql", self.postgres, "-qc", f'DROP DATABASE IF EXISTS "{self.database}" WITH (FORCE)'])


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("resumes", type=Path)
    parser.add_argument("--postgres", help="admin URL, e.g. postgres://postgres@127.0.0.1:5432/postgres")
    parser.add_argument("--concurrency", type=int, default=8)
    parser.add_argument("--instances", type=int, default=1,
                        help="servers sharing the PostgreSQL database; uploads alternate between them")
    args = parser.parse_args()

    with BenchServer(args.postgres, args.instances) as server:
        client = server.client
        files = []
        jobs = []
        for folder in sorted(p for p in (args.resumes / "resumes").iterdir() if p.is_dir()):
            status, created = client.request("POST", "/api/Drive/CreateJobFolder", {
                "jdname": f"Bench {folder.name}", "keySkills": "Python, SQL, React, AWS, Docker",
                "experience": "3+ years", "jddescription": "<p>Benchmark JD</p>"})
            jobs.append(created["jobDescId"])
            files += [(created["jobDescId"], f) for f in sorted(folder.iterdir())]

        start = time.monotonic()
        with ThreadPoolExecutor(args.concurrency) as pool:
            list(pool.map(lambda n: server.clients[n % len(server.clients)].upload(*files[n]),
                          range(len(files))))
        uploaded = time.monotonic() - start
        while True:
            pending = 0
            for jd in jobs:
                _, rows = client.request("GET", f"/api/Drive/ViewJDResumes?JdID={jd}")
                pending += sum(r["analysisStatus"] in ("queued", "analysing") for r in rows)
            if pending == 0:
                break
            time.sleep(0.05)
        total = time.monotonic() - start
        done = 0
        for jd in jobs:
            _, rows = client.request("GET", f"/api/Drive/ViewJDResumes?JdID={jd}")
            done += sum(r["analysisStatus"] == "done" for r in rows)
        print(json.dumps({
            "backend": server.backend, "resumes": len(files), "analysed": done,
            "upload_seconds": round(uploaded, 2), "total_seconds": round(total, 2),
            "resumes_per_second": round(len(files) / total, 1),
            "peak_rss_mib": server.peak_rss_mib(),
            "concurrency": args.concurrency, "instances": args.instances, "cpus": os.cpu_count(),
        }, indent=2))


if __name__ == "__main__":
    sys.exit(main())
