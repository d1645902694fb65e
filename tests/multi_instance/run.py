#!/usr/bin/env python3
"""Several `hirelane serve` instances sharing one PostgreSQL database, one S3-compatible bucket
and one SMTP server, with one instance killed mid-way.

    scripts/multi-instance.sh          # makes the venv, builds nothing, runs this file

Needs: HIRELANE_BIN (a debug build is fine), an admin PostgreSQL URL in TEST_DATABASE_URL, and
a Python with `moto[server]` (the S3-compatible server, started here on loopback), `aiosmtpd`
(the SMTP sink, run here in a thread) and `websockets` (the join page's socket in step 5), and
the speech sidecar's packages and models (`scripts/speech-deps.sh`). Everything else is the
standard library.

What it proves, in order:
  1. Two instances started at the same moment on an empty database both come up; the schema
     is migrated once (one row per migration) and no built-in recruiter is registered.
  2. Sign-in codes are delivered through SMTP; a code requested on one instance signs in on
     the other (the sessions' state is in the database).
  3. 300 resumes uploaded over both instances, one instance SIGKILLed mid-way while it holds
     analysis leases: every resume ends with exactly one row and one committed analysis (no
     duplicate, none lost), its file is in the bucket, and the survivor took over the dead
     instance's leases (rows claimed more than once are counted and reported).
  2b. The nginx sample of docs/operations.md, as written (ports, certificate and nginx's own
     file paths changed), in front of both: HTTP/2 over TLS, port 80 redirects, /metrics and
     /readyz are not reachable through it (they are on each instance's loopback operations
     port), requests are spread over both instances, and
     after the kill below every request through it is still answered.
  4. The killed instance restarts; then, with both polling every second and their test clocks
     moved together: each interview reminder (day before, hour before) goes out once; a call
     whose end-of-call report the provider lost is reconciled once; and a JD deleted 31 days
     ago is purged once, its rows gone and its files deleted from the bucket.
  5. Two more instances with the self-hosted interviewer (each with its speech sidecar, on their
     own database and bucket) behind the same nginx sample, no sticky routing: a candidate's
     interview runs through nginx over a WebSocket, the instance serving it is SIGKILLed
     mid-answer, the page reconnects through nginx (to the other instance), the interview goes
     on at the cut question and completes, and the stored transcript and recording hold every
     finished turn exactly once (the recording's chunks assembled and removed).

The instances share one voice provider, a `vapi-sim` process (VAPI_SIM_BIN, else next to the
hirelane binary) on a manual clock, as they would share one Vapi account.
"""

import calendar
import http.client
import io
import json
import os
import re
import shutil
import signal
import socket
import ssl
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse
import uuid
import xml.etree.ElementTree as ET
import zipfile
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

RESUMES = int(os.environ.get("MULTI_RESUMES", "300"))
LEASE_SECONDS = 4
# Resumes uploaded to B alone while A is held still, and how long they are.
BURST = 16
HEAVY_PROJECTS = 1500
BUCKET = "hirelane-multi"
# Production databases get their recruiters from `hirelane user add`, never the built-in one.
ADMIN = "lead@example.com"
MIGRATIONS = len(list(
    (Path(__file__).resolve().parents[2] / "crates/hirelane-core/migrations/postgres").glob("*.sql")))


def log(message):
    print(f"[multi-instance {time.strftime('%H:%M:%S')}] {message}", flush=True)


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_until(what, predicate, timeout=60.0, step=0.1):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            if predicate():
                return
        except OSError:
            pass
        time.sleep(step)
    raise AssertionError(f"timed out waiting for {what}")


# --- outside parts -------------------------------------------------------------------------

class SmtpSink:
    """aiosmtpd on a loopback port, keeping every message it accepts."""

    def __init__(self):
        from aiosmtpd.controller import Controller

        self.messages = []
        self.lock = threading.Lock()
        sink = self

        class Handler:
            async def handle_DATA(self, server, session, envelope):
                with sink.lock:
                    sink.messages.append((list(envelope.rcpt_tos), envelope.content.decode("utf-8", "replace")))
                return "250 OK"

        self.port = free_port()
        self.controller = Controller(Handler(), hostname="127.0.0.1", port=self.port)
        self.controller.start()

    def codes_for(self, email):
        with self.lock:
            found = []
            for rcpts, text in self.messages:
                if email in rcpts:
                    m = re.search(r"sign-in code: (\d{6})", text)
                    if m:
                        found.append(m.group(1))
            return found

    def stop(self):
        self.controller.stop()


class S3Server:
    """moto's S3-compatible server on loopback, with one empty bucket."""

    def __init__(self, workdir):
        self.port = free_port()
        moto = Path(sys.executable).with_name("moto_server")
        self.log = open(workdir / "moto.log", "wb")
        self.process = subprocess.Popen([str(moto), "-H", "127.0.0.1", "-p", str(self.port)],
                                        stdout=self.log, stderr=subprocess.STDOUT)
        wait_until("moto", lambda: self.request("GET", "/")[0] == 200)
        status, body = self.request("PUT", f"/{BUCKET}")
        assert status == 200, (status, body)

    def request(self, method, path):
        c = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
        try:
            c.request(method, path)
            r = c.getresponse()
            return r.status, r.read()
        finally:
            c.close()

    def keys(self):
        return self.keys_in(BUCKET)

    def keys_in(self, bucket):
        return set(self.sizes_in(bucket))

    def sizes_in(self, bucket):
        """Every object's key and size in bytes."""
        keys, token = {}, None
        while True:
            query = "list-type=2" + (f"&continuation-token={urllib.parse.quote(token)}" if token else "")
            status, body = self.request("GET", f"/{bucket}?{query}")
            assert status == 200, (status, body)
            root = ET.fromstring(body)
            ns = {"s3": root.tag.split("}")[0].strip("{")} if root.tag.startswith("{") else {}
            find = (lambda e, n: e.find(f"s3:{n}", ns)) if ns else (lambda e, n: e.find(n))
            for item in (root.findall("s3:Contents", ns) if ns else root.findall("Contents")):
                keys[find(item, "Key").text] = int(find(item, "Size").text)
            truncated = find(root, "IsTruncated")
            if truncated is None or truncated.text != "true":
                return keys
            token = find(root, "NextContinuationToken").text

    def stop(self):
        self.process.terminate()
        self.process.wait(timeout=10)
        self.log.close()


class Nginx:
    """The nginx sample of docs/operations.md, as written there, in front of both instances.
    Only what must differ on a test machine changes: the ports, a self-signed certificate, and
    where nginx writes its pid, log and temporary files."""

    def __init__(self, workdir, ports, name="nginx"):
        # Debian puts it in /usr/sbin, which a non-root PATH leaves out.
        nginx = shutil.which("nginx") or shutil.which("nginx", path="/usr/sbin")
        if not nginx:
            raise AssertionError("nginx is missing: scripts/system-deps.sh installs nginx-light")
        self.dir = workdir / name
        temp = self.dir / "temp"
        temp.mkdir(parents=True)
        temp.chmod(0o777)  # the workers may run as another user than the master
        cert, key = self.dir / "cert.pem", self.dir / "key.pem"
        subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1",
                        "-subj", "/CN=hire.example.com", "-keyout", str(key), "-out", str(cert)],
                       check=True, capture_output=True)
        docs = Path(__file__).resolve().parents[2] / "docs/operations.md"
        sample = re.search(r"```nginx\n(.*?)```", docs.read_text(), re.S).group(1)
        self.http, self.https = free_port(), free_port()
        for old, new in [("127.0.0.1:8081", f"127.0.0.1:{ports[0]}"),
                         ("127.0.0.1:8082", f"127.0.0.1:{ports[1]}"),
                         ("listen 80;", f"listen 127.0.0.1:{self.http};"),
                         ("listen 443 ssl http2;", f"listen 127.0.0.1:{self.https} ssl http2;"),
                         ("/etc/letsencrypt/live/hire.example.com/fullchain.pem", str(cert)),
                         ("/etc/letsencrypt/live/hire.example.com/privkey.pem", str(key))]:
            assert old in sample, f"the sample in docs/operations.md no longer has {old!r}"
            sample = sample.replace(old, new)
        paths = "".join(f"    {kind}_temp_path {temp / kind};\n"
                        for kind in ["client_body", "proxy", "fastcgi", "uwsgi", "scgi"])
        config = self.dir / "nginx.conf"
        config.write_text(f"daemon off;\npid {self.dir / 'nginx.pid'};\nerror_log {self.dir / 'error.log'} warn;\n"
                          f"events {{}}\nhttp {{\n    access_log off;\n{paths}{sample}}}\n")
        command = [nginx, "-p", str(self.dir), "-c", str(config)]
        checked = subprocess.run(command + ["-t"], capture_output=True, text=True)
        assert checked.returncode == 0, checked.stderr
        self.log = open(self.dir / "nginx.out", "wb")
        self.process = subprocess.Popen(command, stdout=self.log, stderr=subprocess.STDOUT)
        wait_until("nginx", lambda: self.request("GET", "/healthz")[0] == 200)

    def request(self, method, path, body=None, headers=None, tls=True):
        """`(status, headers, body)` through nginx, over HTTPS unless `tls` is false."""
        if tls:
            c = http.client.HTTPSConnection("127.0.0.1", self.https, timeout=30,
                                            context=ssl._create_unverified_context())
        else:
            c = http.client.HTTPConnection("127.0.0.1", self.http, timeout=30)
        try:
            c.request(method, path, body=body, headers=headers or {})
            r = c.getresponse()
            return r.status, r.headers, r.read()
        finally:
            c.close()

    def alpn(self):
        """The protocol nginx picks when a browser offers HTTP/2 and HTTP/1.1."""
        context = ssl._create_unverified_context()
        context.set_alpn_protocols(["h2", "http/1.1"])
        with socket.create_connection(("127.0.0.1", self.https), timeout=10) as raw:
            with context.wrap_socket(raw, server_hostname="hire.example.com") as tls:
                return tls.selected_alpn_protocol()

    def stop(self):
        self.process.terminate()
        self.process.wait(timeout=10)
        self.log.close()


HEALTHZ = 'hirelane_http_requests_total{route="/healthz",method="GET",status="2xx"}'


def nginx_spreads_and_guards(proxy, a, b):
    """Step 2b: the sample's promises, checked while both instances are up."""
    assert proxy.alpn() == "h2", proxy.alpn()
    status, headers, _ = proxy.request("GET", "/api-docs/openapi.json", tls=False)
    assert status == 301 and headers["Location"].startswith("https://"), (status, dict(headers))
    for path in ("/metrics", "/readyz"):
        status, _, _ = proxy.request("GET", path)
        assert status == 404, f"{path} through nginx answered {status}: it is on the operations port only"
    before = [metrics(Client(i.ops_port)).get(HEALTHZ, 0) for i in (a, b)]
    for _ in range(10):
        status, headers, _ = proxy.request("GET", "/healthz")
        assert status == 200 and headers["X-Request-Id"], (status, dict(headers))
    after = [metrics(Client(i.ops_port)).get(HEALTHZ, 0) for i in (a, b)]
    served = [int(x - y) for x, y in zip(after, before)]
    assert sum(served) == 10 and min(served) >= 1, f"nginx spread 10 requests as {served}"
    status, _, answer = proxy.request("POST", f"/api/auth/requestotp?email=through-nginx@example.com&retry=false")
    assert status == 200, (status, answer)
    return served


class VoiceSim:
    """One `vapi-sim` process on loopback with a manual clock: the provider every instance uses."""

    KEY = "multi-instance-sim-key"

    def __init__(self, workdir, binary):
        self.port = free_port()
        self.log = open(workdir / "vapi-sim.log", "wb")
        self.process = subprocess.Popen([binary, "--port", str(self.port), "--api-key", self.KEY,
                                         "--manual-clock", "--seed", "7"],
                                        stdout=self.log, stderr=subprocess.STDOUT)
        wait_until("vapi-sim", lambda: self.request("GET", "/_sim/clock")[0] == 200)

    @property
    def base_url(self):
        return f"http://127.0.0.1:{self.port}"

    def request(self, method, path, body=None):
        return Client(self.port, self.KEY).request(method, path, body)

    def now(self):
        status, clock = self.request("GET", "/_sim/clock")
        assert status == 200, clock
        return parse_iso(clock["now"])

    def stop(self):
        self.process.terminate()
        self.process.wait(timeout=10)
        self.log.close()


def iso(epoch):
    return time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(epoch))


def parse_iso(text):
    return calendar.timegm(time.strptime(text[:19], "%Y-%m-%dT%H:%M:%S"))


class Postgres:
    """A fresh database on the test server, dropped at the end."""

    def __init__(self, admin_url):
        self.admin_url = admin_url
        self.name = f"hl_multi_{os.getpid()}_{uuid.uuid4().hex[:6]}"
        self.psql_admin(f'CREATE DATABASE "{self.name}"')
        base, _, query = admin_url.partition("?")
        self.url = base.rsplit("/", 1)[0] + "/" + self.name + (f"?{query}" if query else "")

    def psql_admin(self, sql):
        subprocess.run(["psql", self.admin_url, "-qXc", sql], check=True, stdout=subprocess.DEVNULL)

    def rows(self, sql):
        out = subprocess.run(["psql", self.url, "-qXAt", "-F", "\t", "-c", sql], check=True,
                             capture_output=True, text=True).stdout
        return [line.split("\t") for line in out.splitlines() if line]

    def value(self, sql):
        return self.rows(sql)[0][0]

    def drop(self):
        self.psql_admin(f'DROP DATABASE IF EXISTS "{self.name}" WITH (FORCE)')


# --- hirelane ------------------------------------------------------------------------------

class Instance:
    def __init__(self, name, workdir, binary, env):
        self.name = name
        self.port = free_port()
        self.ops_port = free_port()  # /readyz and /metrics, apart from the app
        self.data = workdir / name
        self.data.mkdir()
        self.env = dict(env, HIRELANE__DATA_DIR=str(self.data), HIRELANE__SERVER__PORT=str(self.port),
                        HIRELANE__SERVER__OPS_ADDRESS=f"127.0.0.1:{self.ops_port}")
        self.binary = binary
        self.process = None

    def start(self):
        self.log = open(self.data / "server.log", "ab")
        self.process = subprocess.Popen([self.binary, "serve"], env=self.env, stdout=self.log,
                                        stderr=subprocess.STDOUT)

    def ready(self):
        if self.process.poll() is not None:
            raise AssertionError(f"{self.name} exited with {self.process.returncode}:\n{self.log_text()}")
        return Client(self.ops_port).request("GET", "/readyz")[0] == 200

    def log_text(self):
        return self.full_log()[-4000:]

    def full_log(self):
        return (self.data / "server.log").read_text(errors="replace")

    def set_clock(self, epoch):
        status, answer = Client(self.port).request("POST", "/_test/clock", {"set": iso(epoch)})
        assert status == 200, (self.name, status, answer)

    def kill(self):
        self.process.send_signal(signal.SIGKILL)
        self.process.wait()

    def stop(self):
        if self.process and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                self.process.kill()
        if self.process:
            self.log.close()


class Client:
    def __init__(self, port, token=None):
        self.port = port
        self.token = token

    def request(self, method, path, body=None, headers=None, timeout=60):
        headers = dict(headers or {})
        if self.token:
            headers["Authorization"] = f"Bearer {self.token}"
        if isinstance(body, (dict, list)):
            body = json.dumps(body).encode()
            headers["Content-Type"] = "application/json"
        c = http.client.HTTPConnection("127.0.0.1", self.port, timeout=timeout)
        try:
            c.request(method, path, body=body, headers=headers)
            r = c.getresponse()
            data = r.read()
            return r.status, (json.loads(data) if data[:1] in (b"[", b"{") else data)
        finally:
            c.close()

    def upload(self, jd, name, data):
        boundary = uuid.uuid4().hex
        body = (f"--{boundary}\r\nContent-Disposition: form-data; name=\"resumeFile\"; "
                f"filename=\"{name}\"\r\nContent-Type: application/octet-stream\r\n\r\n").encode()
        body += data + f"\r\n--{boundary}--\r\n".encode()
        return self.request("POST", f"/api/Drive/UploadResume?jdId={jd}", body,
                            {"Content-Type": f"multipart/form-data; boundary={boundary}"})


def sign_in(sink, ask, verify):
    """Requests a code on `ask`, reads it from the SMTP sink, verifies it on `verify`."""
    before = len(sink.codes_for(ADMIN))
    status, _ = ask.request("POST", f"/api/auth/requestotp?email={ADMIN}&retry=false")
    assert status == 200, status
    wait_until("the sign-in mail through SMTP", lambda: len(sink.codes_for(ADMIN)) > before, 20)
    code = sink.codes_for(ADMIN)[before]
    status, answer = verify.request("POST", "/api/auth/verifyotp", {"email": ADMIN, "otpCode": code})
    assert status == 200, (status, answer)
    return answer["data"]["token"]


SKILLS = ["Python", "SQL", "React", "AWS", "Docker", "Kubernetes", "Go", "Rust", "Java", "Terraform"]


def make_docx(i, projects=80):
    """A small but real DOCX (the parts Word writes that readers need) with a unique address."""
    skills = ", ".join(SKILLS[j % len(SKILLS)] for j in range(i % 5, i % 5 + 4))
    lines = [f"Candidate {i:03d}", f"candidate{i:03d}@example.com", f"+1 555 {1000 + i:04d}",
             "Experience", f"Software Engineer, Acme {i}, Jan 2018 - Dec 2023",
             "Skills", skills, "Education", "BSc Computer Science"]
    # Real resumes run to a page or two. The few long ones (`projects` in the thousands) keep
    # an analysis busy long enough for the kill to find leases in flight.
    lines += [f"Project {k}: built and ran {SKILLS[(i + k) % len(SKILLS)]} services for customer "
              f"team {k}, with on-call duty, code review and mentoring of {k % 7 + 1} engineers."
              for k in range(projects)]
    paragraphs = "".join(f"<w:p><w:r><w:t>{line}</w:t></w:r></w:p>" for line in lines)
    document = ('<?xml version="1.0" encoding="UTF-8" standalone="yes"?>'
                '<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main">'
                f"<w:body>{paragraphs}</w:body></w:document>")
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as z:
        z.writestr("[Content_Types].xml",
                   '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">'
                   '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>'
                   '<Default Extension="xml" ContentType="application/xml"/>'
                   '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/>'
                   "</Types>")
        z.writestr("_rels/.rels",
                   '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">'
                   '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/>'
                   "</Relationships>")
        z.writestr("word/document.xml", document)
    return f"candidate{i:03d}.docx", buffer.getvalue()


def metrics(client):
    status, text = client.request("GET", "/metrics")
    assert status == 200
    values = {}
    for line in text.decode().splitlines():
        if line and not line.startswith("#"):
            key, _, value = line.rpartition(" ")
            values[key] = float(value)
    return values


INVITED = 10
DAY_BEFORE = "Reminder: your interview tomorrow"
HOUR_BEFORE = "Reminder: your interview in one hour"


def subjects_to(sink, subject):
    """How many messages with this subject each recipient got."""
    with sink.lock:
        return Counter(rcpt for rcpts, text in sink.messages for rcpt in rcpts
                       if re.search(rf"^Subject: {re.escape(subject)}\r?$", text, re.M))


def periodic_work_runs_once(db, s3, sink, voice, a, b, jd):
    """Step 4: reminders, call reconciliation and the bin purge with both instances polling
    every second; returns figures for the report."""
    b.start()
    wait_until("B back after the kill", b.ready, 120)
    both = (a, b)
    instance_now = time.time()

    def move(epoch):
        nonlocal instance_now
        instance_now = epoch
        for instance in both:
            instance.set_clock(epoch)
        # Access tokens expire with the moved clock: sign in again, once over each instance.
        token = sign_in(sink, Client(a.port), Client(b.port))
        return Client(a.port, token), Client(b.port, token)

    ca, cb = move(instance_now)
    status, assistant = ca.request("POST", "/api/Voice/assistants", {
        "assistantName": "Shared screen", "candidateName": "Candidate", "role": "Engineer",
        "experience": "3 years", "interviewTime": "15", "topics": ["Python", "SQL", "React", "AWS"],
        "questions": ["Tell me about a service you run"], "tools": []})
    assert status == 200, (status, assistant)
    assistant = assistant["id"]

    # Reminders: ten candidates invited over B, booked over both, 26 hours ahead.
    ids = [int(r[0]) for r in db.rows(f"SELECT id FROM candidates WHERE job_id = {jd} ORDER BY id LIMIT {INVITED}")]
    status, sent = cb.request("POST", "/api/Interview/SendInvites",
                              {"jobDescId": jd, "assistantId": assistant, "resumeIds": ids})
    assert status == 200 and sent["sent"] == INVITED, (status, sent)
    invites = [r[0] for r in db.rows(f"SELECT token FROM interview_invites WHERE job_id = {jd}")]
    slot = (int(instance_now) // 900 + 26 * 4) * 900
    for n, invite in enumerate(invites):
        status, answer = (ca if n % 2 else cb).request("POST", "/api/Interview/ScheduleInterview", {
            "inviteId": invite, "candidateName": "-", "JobRole": "-", "interviewStartUtc": iso(slot),
            "timeZoneName": "UTC", "gmtValue": "GMT"})
        assert status == 200, (status, answer)
    reminders = {}
    for subject, at in [(DAY_BEFORE, slot - 23 * 3600), (HOUR_BEFORE, slot - 50 * 60)]:
        ca, cb = move(at)
        wait_until(subject, lambda: len(subjects_to(sink, subject)) == INVITED, 30)
        time.sleep(3)  # both instances poll three more times: nothing may go out again
        counts = subjects_to(sink, subject)
        assert len(counts) == INVITED and set(counts.values()) == {1}, counts
        reminders[subject] = sum(counts.values())
    claimed = db.value(f"SELECT count(*) FROM interview_invites WHERE job_id = {jd} "
                       "AND reminder_day_at IS NOT NULL AND reminder_hour_at IS NOT NULL")
    assert claimed == str(INVITED), claimed
    log(f"{INVITED} day-before and {INVITED} hour-before reminders, each sent once by two instances")

    # Reconciliation: a phone call placed over A whose end-of-call report the provider loses.
    status, faults = voice.request("POST", "/_sim/faults", {"webhooks": [
        {"action": "drop", "count": 1, "messageType": "end-of-call-report"}], "api": []})
    assert status == 200, (status, faults)
    call_at = slot + 2 * 3600
    ist = time.gmtime(call_at + 5 * 3600 + 1800)  # the form takes India's date and time
    status, call = ca.request("POST", "/api/Voice/calls", {
        "assistantId": assistant, "candidateName": "Lost Report", "phone": "+919876543210",
        "date": time.strftime("%Y-%m-%d", ist), "time": time.strftime("%H:%M", ist)})
    assert status == 200, (status, call)
    call = call["id"]
    # The provider rings, talks and hangs up; the report never reaches either instance.
    status, _ = voice.request("POST", "/_sim/clock", {"advanceSeconds": call_at + 3600 - voice.now()})
    assert status == 200
    ended = f"SELECT count(*) FROM voice_calls WHERE id = '{call}' AND status = 'ended'"
    wait_until("the call's status updates", lambda: db.value(ended) == "1", 30)
    assert db.value(f"SELECT report_received_at IS NULL FROM voice_calls WHERE id = '{call}'") == "t"
    ca, cb = move(call_at + 3 * 3600)
    reported = f"SELECT report_received_at IS NOT NULL FROM voice_calls WHERE id = '{call}'"
    wait_until("the reconciler", lambda: db.value(reported) == "t", 30)

    def stored_by():
        return [i.name for i in both for line in i.full_log().splitlines()
                if "reconciler stored a missing end-of-call report" in line and call in line]
    def about_call():
        return [line for i in both for line in i.full_log().splitlines() if call in line]
    # The line is written once the stored report is also graded (the first grading loads the
    # embedding model, seconds on a loaded machine): wait for it, then give the other
    # instance three more polls in which it must not fetch the report again.
    try:
        wait_until("the reconciler's log line", lambda: stored_by(), 30)
    except AssertionError:
        raise AssertionError("no reconciler line; the call in the logs: " + "\n".join(about_call()))
    time.sleep(3)
    stored = stored_by()
    assert len(stored) == 1, about_call()
    # The call placed over A was sealed there; whichever instance fetched it checked the seal.
    integrity = db.value(f"SELECT integrity FROM voice_calls WHERE id = '{call}'")
    assert integrity == "verified", integrity
    log(f"the lost report was fetched once, by {stored[0].upper()}, and its seal verified")

    # Purge: the JD goes to the bin over B, and 31 days later both instances purge.
    status, answer = cb.request("DELETE", f"/api/Drive/DeleteJD?id={jd}&reason=multi-instance")
    assert status == 200, (status, answer)
    files = {r[0] for r in db.rows(f"SELECT file_key FROM candidates WHERE job_id = {jd}")}
    assert files and files <= s3.keys()
    move(instance_now + 31 * 24 * 3600)
    gone = f"SELECT (SELECT count(*) FROM jobs WHERE id = {jd}) + (SELECT count(*) FROM candidates WHERE job_id = {jd})"
    wait_until("the bin purge", lambda: db.value(gone) == "0" and not (files & s3.keys()), 60, 0.5)
    for instance in both:
        assert "maintenance failed" not in instance.full_log(), instance.log_text()
    log(f"the JD, {len(files)} candidates and their files purged")
    return {
        "reminders_day_before": reminders[DAY_BEFORE],
        "reminders_hour_before": reminders[HOUR_BEFORE],
        "lost_reports_reconciled": len(stored),
        "files_purged": len(files),
    }



# --- 5. a self-hosted interview survives the kill of its instance --------------------------

VOICE_BUCKET = "hirelane-multi-voice"
VOICE_QUESTIONS = ["Tell me about a service you run.", "How do you find a slow query?"]
VOICE_ANSWERS = [
    "Yes, I am ready.",
    "I run a billing service written in Python on AWS, and I deploy it with Docker every week.",
    "I turn on the slow query log, read the query plan, and then add the missing index.",
]


def synthesize(instance, text):
    """`text` spoken by the instance's own speech sidecar (its Unix socket, one JSON line each
    way), as 16 kHz mono 16-bit PCM: the candidate's voice."""
    import base64

    path = instance.data / "speech" / f"sidecar-{instance.process.pid}.sock"
    with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as s:
        s.settimeout(120)
        s.connect(str(path))
        s.sendall((json.dumps({"op": "synthesize", "text": text, "id": 1}) + "\n").encode())
        answer = b""
        while not answer.endswith(b"\n"):
            piece = s.recv(1 << 16)
            assert piece, "the sidecar closed the connection"
            answer += piece
    reply = json.loads(answer)
    assert reply.get("ok"), reply
    return base64.b64decode(reply["pcm16"])


class Page:
    """The join page's side of the interview's WebSocket, through nginx over TLS: plays each
    turn at once, answers from a list, and records what it saw."""

    def __init__(self, proxy, invite):
        self.proxy, self.invite = proxy, invite
        self.captions, self.heard = [], []
        self.socket = None

    def web_call(self):
        """POST /Interview/WebCall through nginx, as the page does to (re)connect."""
        for _ in range(40):
            status, _, body = self.proxy.request("POST", f"/api/Interview/WebCall/{self.invite}")
            if status == 200:
                return json.loads(body)
            time.sleep(0.5)  # nginx finding out that an instance died
        raise AssertionError(f"WebCall through nginx: {status} {body[:200]}")

    def connect(self):
        from websockets.sync.client import connect

        call = self.web_call()
        url = f"wss://127.0.0.1:{self.proxy.https}{call['webCallUrl']}?token={call['callToken']}"
        self.socket = connect(url, ssl=ssl._create_unverified_context(), max_size=None,
                              open_timeout=30, close_timeout=5)
        return call

    def send_audio(self, pcm, quiet_seconds):
        pcm = pcm + b"\0\0" * (16_000 * quiet_seconds)
        for at in range(0, len(pcm), 640):
            self.socket.send(pcm[at:at + 640])

    def until_listening(self):
        """Plays every turn until the interviewer listens; `None` when the interview ended."""
        while True:
            message = self.socket.recv(timeout=180)
            if isinstance(message, bytes):
                continue
            event = json.loads(message)
            if event["type"] == "caption":
                if event.get("kind") != "acknowledgement":
                    self.captions.append(event["text"])
                self.socket.send(json.dumps({"type": "played"}))
            elif event["type"] == "heard":
                self.heard.append(event["text"])
            elif event["type"] == "state" and event["state"] == "listening":
                return event
            elif event["type"] == "ended":
                return None


def selfhosted_interview_survives_a_kill(workdir, binary, base_env, sink, s3, admin_url):
    """Step 5: two self-hosted instances behind the sample nginx (no sticky routing) on their
    own database and bucket; the instance serving an interview is SIGKILLed mid-answer, the page
    reconnects through nginx to the other, the interview completes, and the stored transcript
    and recording hold every finished turn exactly once."""
    db = Postgres(admin_url)
    status, body = s3.request("PUT", f"/{VOICE_BUCKET}")
    assert status == 200, (status, body)
    env = dict(base_env, HIRELANE__DATABASE__URL=db.url, HIRELANE__VOICE__PROVIDER="selfhosted",
               HIRELANE__STORAGE__S3__BUCKET=VOICE_BUCKET)
    for key in ("HIRELANE__VOICE__BASE_URL", "HIRELANE__VOICE__API_KEY", "HIRELANE__VOICE__PHONE_NUMBER_ID"):
        env.pop(key, None)
    c, d = Instance("c", workdir, binary, env), Instance("d", workdir, binary, env)
    proxy = None
    try:
        c.start()
        d.start()
        # Each loads its speech models first.
        wait_until("both self-hosted instances ready", lambda: c.ready() and d.ready(), 400, 0.5)
        subprocess.run([binary, "user", "add", ADMIN, "Team Lead", "--admin"],
                       env=dict(env, HIRELANE__DATA_DIR=str(workdir)), check=True, capture_output=True)
        proxy = Nginx(workdir, [c.port, d.port], "nginx-voice")
        token = sign_in(sink, Client(c.port), Client(d.port))
        cc = Client(c.port, token)
        status, created = cc.request("POST", "/api/Drive/CreateJobFolder", {
            "jdname": "Voice engineer", "keySkills": "Python, SQL, Docker", "experience": "3+ years",
            "jddescription": "<p>Interviews that survive a crash</p>"})
        assert status == 200, (status, created)
        jd = created["jobDescId"]
        name, data = make_docx(900)
        status, answer = cc.upload(jd, name, data)
        assert status == 200, (status, answer)
        analysed = f"SELECT count(*) FROM candidates WHERE job_id = {jd} AND analysis_status = 'done'"
        wait_until("the candidate analysed", lambda: db.value(analysed) == "1", 120, 0.5)
        candidate = int(db.value(f"SELECT id FROM candidates WHERE job_id = {jd}"))
        status, assistant = cc.request("POST", "/api/Voice/assistants", {
            "assistantName": "Durable screen", "candidateName": "Candidate", "role": "Platform Engineer",
            "experience": "3 years", "interviewTime": "15", "topics": [], "questions": VOICE_QUESTIONS,
            "tools": []})
        assert status == 200, (status, assistant)
        status, sent = cc.request("POST", "/api/Interview/SendInvites",
                                  {"jobDescId": jd, "assistantId": assistant["id"], "resumeIds": [candidate]})
        assert status == 200 and sent["sent"] == 1, (status, sent)
        invite = db.value(f"SELECT token FROM interview_invites WHERE job_id = {jd}")
        slot = (int(time.time()) // 900 + 4) * 900
        status, answer = cc.request("POST", "/api/Interview/ScheduleInterview", {
            "inviteId": invite, "candidateName": "-", "JobRole": "-", "interviewStartUtc": iso(slot),
            "timeZoneName": "UTC", "gmtValue": "GMT"})
        assert status == 200, (status, answer)
        for instance in (c, d):
            instance.set_clock(slot - 120)  # inside the join window; the clocks tick on

        answers = [synthesize(c, text) for text in VOICE_ANSWERS]
        page = Page(proxy, invite)
        call = page.connect()["callId"]
        for answer in answers[:2]:
            assert page.until_listening(), page.captions
            page.send_audio(answer, 2)
        assert page.until_listening(), page.captions
        # Mid-answer to the second question: the instance holding the interview is killed.
        page.send_audio(answers[2][:len(answers[2]) // 2], 0)
        holder = db.value(f"SELECT held_by FROM selfhosted_sessions WHERE call_id = '{call}'")
        serving = next(i for i in (c, d) if holder.startswith(f"{i.process.pid}-"))
        survivor = d if serving is c else c
        serving.kill()
        killed_at = time.monotonic()
        log(f"SIGKILLed {serving.name.upper()} mid-answer to question 2 of a self-hosted interview")
        try:
            while True:
                page.socket.recv(timeout=30)
        except Exception:  # the socket went with the instance
            pass
        asked_before = len(page.captions)
        page.connect()
        assert page.until_listening(), page.captions
        resumed_seconds = time.monotonic() - killed_at
        assert page.captions[asked_before] == VOICE_QUESTIONS[1], page.captions
        page.send_audio(answers[2], 2)
        assert page.until_listening() is None, page.captions
        page.socket.close()
        ended = f"SELECT count(*) FROM selfhosted_calls WHERE id = '{call}' AND status = 'ended'"
        wait_until("the interview stored as ended", lambda: db.value(ended) == "1", 120, 0.5)

        body = json.loads(db.value(f"SELECT body FROM selfhosted_calls WHERE id = '{call}'"))
        messages = body["artifact"]["messages"]
        # The interviewer's lines, without its acknowledgements of the answers ("Okay.").
        said = [m["message"] for m in messages if m["role"] == "bot" and not m.get("acknowledgement")]
        answered = [m["message"] for m in messages if m["role"] == "user"]
        assert len(said) == 4 and said[1:3] == VOICE_QUESTIONS, said
        assert len(answered) == 3 and "index" in answered[2].lower(), answered
        size = s3.sizes_in(VOICE_BUCKET).get(f"recordings/selfhosted/{call}.wav")
        assert size, "the recording is in the bucket"
        seconds = (size - 44) / (16_000 * 4)
        last = messages[-1]
        last_end = last["secondsFromStart"] + last["duration"] / 1000
        assert abs(seconds - last_end) < 0.1, (seconds, last_end)
        def chunks():
            return [k for k in s3.keys_in(VOICE_BUCKET) if k.startswith(f"recordings/selfhosted/{call}/")]
        wait_until("the recording's chunks removed once assembled", lambda: not chunks(), 30, 0.5)
        log(f"the interview went on on {survivor.name.upper()} at the cut question "
            f"({resumed_seconds:.1f} s after the kill) and ended: 4 interviewer turns, "
            f"3 answers, {seconds:.1f} s of recording, each finished turn once")
        return {
            "selfhosted_turns": len(messages),
            "selfhosted_recording_seconds": round(seconds, 1),
            "selfhosted_seconds_from_kill_to_question_again": round(resumed_seconds, 1),
        }
    except BaseException:
        for instance in (c, d):
            if instance.process:
                print(f"--- {instance.name} log tail ---\n{instance.log_text()}", file=sys.stderr)
        raise
    finally:
        if proxy:
            proxy.stop()
        for instance in (c, d):
            instance.stop()
        db.drop()


def main():
    binary = os.environ.get("HIRELANE_BIN") or str(
        Path(os.environ.get("CARGO_TARGET_DIR", Path.home() / ".cache/hirelane/target")) / "debug/hirelane")
    sim_binary = os.environ.get("VAPI_SIM_BIN") or str(Path(binary).with_name("vapi-sim"))
    admin_url = os.environ.get("TEST_DATABASE_URL", "postgres://postgres@127.0.0.1:5432/postgres")
    workdir = Path(tempfile.mkdtemp(prefix="hirelane-multi-"))
    started = time.monotonic()
    sink = SmtpSink()
    s3 = S3Server(workdir)
    voice = VoiceSim(workdir, sim_binary)
    db = Postgres(admin_url)
    instances = []
    outside = []  # started during the run, stopped at the end
    report = {}
    try:
        env = dict(
            os.environ,
            HIRELANE__DATABASE__URL=db.url,
            HIRELANE__DATABASE__MAX_CONNECTIONS="8",
            HIRELANE__AUTH__SECRET="multi-instance-shared-secret",
            HIRELANE__VOICE__WEBHOOK_SECRET="multi-instance-webhook-secret",
            HIRELANE__STORAGE__BACKEND="s3",
            HIRELANE__STORAGE__S3__ENDPOINT=f"http://127.0.0.1:{s3.port}",
            HIRELANE__STORAGE__S3__BUCKET=BUCKET,
            HIRELANE__STORAGE__S3__ACCESS_KEY_ID="testing",
            HIRELANE__STORAGE__S3__SECRET_ACCESS_KEY="testing",
            HIRELANE__STORAGE__S3__ALLOW_HTTP="true",
            HIRELANE__MAIL__TRANSPORT="smtp",
            HIRELANE__MAIL__SMTP__HOST="127.0.0.1",
            HIRELANE__MAIL__SMTP__PORT=str(sink.port),
            HIRELANE__MAIL__SMTP__SECURITY="none",
            HIRELANE__UPLOADS__ANALYSIS_LEASE_SECONDS=str(LEASE_SECONDS),
            HIRELANE__UPLOADS__ANALYSIS_WORKERS="2",
            HIRELANE__LOG__LEVEL="info",
            HIRELANE__LOG__FORMAT="json",
            HIRELANE__WEB__DIST_DIR=str(workdir / "no-web"),
            HIRELANE__VOICE__BASE_URL=voice.base_url,
            HIRELANE__VOICE__API_KEY=VoiceSim.KEY,
            HIRELANE__VOICE__PHONE_NUMBER_ID="multi-instance-number",
            HIRELANE__VOICE__RECONCILE_INTERVAL_SECONDS="1",
            HIRELANE__BACKGROUND__REMINDER_INTERVAL_SECONDS="1",
            HIRELANE__BACKGROUND__MAINTENANCE_INTERVAL_SECONDS="1",
            # Test builds only: `POST /_test/clock` moves this instance's clock.
            HIRELANE_TEST_CLOCK="1",
        )
        env.pop("RUST_LOG", None)
        a = Instance("a", workdir, binary, env)
        b = Instance("b", workdir, binary, env)
        instances += [a, b]

        # 1. Both at the same moment on an empty database.
        a.start()
        b.start()
        wait_until("both instances ready", lambda: a.ready() and b.ready(), 120)
        versions = db.rows("SELECT version, success FROM _sqlx_migrations ORDER BY version")
        assert [v for v, _ in versions] == [str(n) for n in range(1, MIGRATIONS + 1)], versions
        assert all(ok == "t" for _, ok in versions), versions
        assert db.value("SELECT count(*) FROM recruiters") == "0", "no built-in recruiter on PostgreSQL"
        subprocess.run([binary, "user", "add", ADMIN, "Team Lead", "--admin"], env=dict(env, HIRELANE__DATA_DIR=str(workdir)),
                       check=True, capture_output=True)
        log(f"both instances up on an empty database; {len(versions)} migrations applied once")
        report["migrations"] = len(versions)

        # 2. Mail through SMTP; a code asked on A signs in on B and the other way round.
        token = sign_in(sink, Client(a.port), Client(b.port))
        sign_in(sink, Client(b.port), Client(a.port))
        ca, cb = Client(a.port, token), Client(b.port, token)
        status, created = cb.request("POST", "/api/Drive/CreateJobFolder", {
            "jdname": "Multi-instance engineer", "keySkills": "Python, SQL, React, AWS, Docker",
            "experience": "3+ years", "jddescription": "<p>Shared work across instances</p>"})
        assert status == 200, (status, created)
        jd = created["jobDescId"]
        log("sign-in codes delivered through SMTP; sessions work on either instance")
        # A session ended on one instance ends on the other at once (the deny-list is shared).
        ending = sign_in(sink, Client(a.port), Client(a.port))
        status, _ = Client(a.port, ending).request("GET", "/api/auth/me")
        assert status == 200, status
        status, _ = Client(b.port, ending).request("POST", "/api/auth/logout")
        assert status == 200, status
        status, _ = Client(a.port, ending).request("GET", "/api/auth/me")
        assert status == 401, status
        status, _ = ca.request("GET", "/api/auth/me")
        assert status == 200, status
        log("a logout on B ended the session's access token on A at once")

        # 2b. docs/operations.md's nginx sample in front of both.
        proxy = Nginx(workdir, [a.port, b.port])
        outside.append(proxy)
        spread = nginx_spreads_and_guards(proxy, a, b)
        log(f"nginx (the operations guide's sample): HTTP/2 over TLS, redirect, no /metrics or /readyz, "
            f"10 requests spread {spread[0]}/{spread[1]}")
        report["nginx_spread"] = spread

        # 3. Uploads over both; B is killed mid-way while it holds leases.
        half = RESUMES // 2
        burst = [i for i in range(half, RESUMES) if i % 2][:BURST]
        resumes = [make_docx(i, HEAVY_PROJECTS if i in burst else 80) for i in range(RESUMES)]
        alive = {"b": True}
        failovers = []

        def upload(i):
            name, data = resumes[i]
            target = cb if (i % 2 and alive["b"]) else ca
            try:
                status, answer = target.upload(jd, name, data)
            except OSError:
                # The balancer's job: the instance died under the request, so send it again to
                # the survivor. Intake replaces by e-mail, so a row B committed stays one row.
                failovers.append(name)
                status, answer = ca.upload(jd, name, data)
            assert status == 200, (name, status, answer)

        with ThreadPoolExecutor(6) as pool:
            list(pool.map(upload, range(half)))
        # Hold A still so the rows being analysed now are B's, then kill B while it holds them.
        a.process.send_signal(signal.SIGSTOP)
        stopped_ms = time.time() * 1000
        try:
            with ThreadPoolExecutor(6) as pool:
                pending = [pool.submit(upload, i) for i in burst]

                held_sql = ("SELECT id, attempts FROM candidates WHERE analysis_status = 'analysing' "
                            f"AND lease_until > {int(stopped_ms) + LEASE_SECONDS * 1000}")
                held_by_b = []

                def b_holds_leases():
                    nonlocal held_by_b
                    if not db.rows(held_sql):
                        return False
                    # Freeze B, let any commit it sent land, and look again: a frozen B cannot
                    # finish what it holds, so these rows are exactly its leases at the kill.
                    b.process.send_signal(signal.SIGSTOP)
                    time.sleep(0.3)
                    held_by_b = db.rows(held_sql)
                    if not held_by_b:
                        b.process.send_signal(signal.SIGCONT)
                    return bool(held_by_b)

                wait_until("B holding analysis leases", b_holds_leases, 60, 0.01)
                b.kill()
                alive["b"] = False
                killed_at = time.monotonic()
                log(f"SIGKILLed B holding {len(held_by_b)} analysis lease(s)")
                a.process.send_signal(signal.SIGCONT)
                for f in pending:
                    f.result()
        finally:
            a.process.send_signal(signal.SIGCONT)
        rest = [i for i in range(half, RESUMES) if i not in set(burst)]
        with ThreadPoolExecutor(6) as pool:
            list(pool.map(upload, rest))
        log(f"{RESUMES} uploads answered ({len(failovers)} re-sent to A after the kill)")
        # nginx notices the dead instance on its own and retries on the survivor.
        for _ in range(6):
            status, _, answer = proxy.request("GET", "/healthz")
            assert status == 200, (status, answer)
        status, _, answer = proxy.request("POST", f"/api/auth/requestotp?email=after-the-kill@example.com&retry=false")
        assert status == 200, (status, answer)
        log("through nginx every request still answered after the kill")

        def settled():
            return db.value("SELECT count(*) FROM candidates WHERE analysis_status IN ('queued', 'analysing')") == "0"

        wait_until("every resume analysed", settled, 120, 0.25)
        takeover_seconds = time.monotonic() - killed_at

        # Exactly one row and one committed analysis per resume.
        rows = db.rows(f"SELECT candidate_email, analysis_status, ats_score IS NOT NULL, scoring_version IS NOT NULL, "
                       f"attempts, file_key FROM candidates WHERE job_id = {jd}")
        emails = [r[0] for r in rows]
        expected = {f"candidate{i:03d}@example.com" for i in range(RESUMES)}
        assert len(rows) == RESUMES, f"{len(rows)} rows for {RESUMES} resumes"
        assert set(emails) == expected and len(set(emails)) == len(emails), "a resume is missing or doubled"
        not_done = [r for r in rows if r[1] != "done" or r[2] != "t" or r[3] != "t"]
        assert not not_done, f"not analysed: {not_done[:5]}"
        attempts = [int(r[4]) for r in rows]
        retried = sum(1 for n in attempts if n > 1)

        # The survivor finished every row B was holding: each was claimed again after its lease ran out.
        after = dict(db.rows("SELECT id, attempts FROM candidates WHERE id IN (%s)" % ",".join(r[0] for r in held_by_b)))
        taken_over = [i for i, n in held_by_b if int(after[i]) > int(n)]
        assert taken_over, f"no lease of B was taken over: {held_by_b} -> {after}"

        # Files in the bucket: every row's file, and nothing but resumes and the store's probes.
        keys = s3.keys()
        missing = [r[5] for r in rows if r[5] not in keys]
        assert not missing, f"{len(missing)} files missing from the bucket, e.g. {missing[:3]}"

        # The survivor's own counters agree.
        m = metrics(Client(a.ops_port))
        assert m.get('hirelane_emails_total{result="sent"}', 0) >= 1, m
        assert m.get('hirelane_analysis_queue_depth{state="queued"}') == 0
        assert m.get('hirelane_analyses_total{outcome="done"}', 0) >= len(taken_over)

        report.update({
            "resumes": RESUMES,
            "rows": len(rows),
            "analysed_once": len(rows) - len(not_done),
            "leases_held_by_killed_instance": len(held_by_b),
            "leases_taken_over_by_survivor": len(taken_over),
            "rows_claimed_more_than_once": retried,
            "extra_attempts": sum(attempts) - len(attempts),
            "uploads_resent_after_kill": len(failovers),
            "results_dropped_after_takeover_on_survivor": m.get('hirelane_analyses_total{outcome="dropped"}', 0),
            "survivor_analyses_done": m.get('hirelane_analyses_total{outcome="done"}', 0),
            "files_in_bucket": len([k for k in keys if not k.startswith("_hirelane/")]),
            "smtp_messages": len(sink.messages),
            "seconds_from_kill_to_all_analysed": round(takeover_seconds, 1),
        })
        report.update(periodic_work_runs_once(db, s3, sink, voice, a, b, jd))
        report.update(selfhosted_interview_survives_a_kill(workdir, binary, env, sink, s3, admin_url))
        report["total_seconds"] = round(time.monotonic() - started, 1)
        print(json.dumps(report, indent=2))
        log("passed")
        return 0
    except BaseException:
        for instance in instances:
            if instance.process:
                print(f"--- {instance.name} log tail ---\n{instance.log_text()}", file=sys.stderr)
        raise
    finally:
        for part in outside:
            part.stop()
        for instance in instances:
            instance.stop()
        db.drop()
        s3.stop()
        voice.stop()
        sink.stop()


if __name__ == "__main__":
    sys.exit(main())
