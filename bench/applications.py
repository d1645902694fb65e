#!/usr/bin/env python3
"""Inbound applications benchmark: N candidates apply to a published job at once, and the
autopilot invites the ones whose resume passes.

    python3 bench/applications.py [--applications 200] [--concurrency 32] [--postgres URL [--instances 2]]

Starts the release server (`$CARGO_TARGET_DIR/release/hirelane`, see bench/intake.py) with the
bundled voice simulator, creates the demo's backend JD (demo/jobs.json), publishes it, creates an
assistant and turns the autopilot on (invite on Pass). Then N applications are submitted through
the public job board API (`POST /api/Careers/Jobs/{slug}/Apply`, multipart, no sign-in), each with
its own e-mail address and one of the demo's backend resumes (PDF and DOCX, strong, partial and
poor), `--concurrency` at a time. It reports when the last application was answered, when every
candidate was analysed and when every Pass candidate had been invited (the autopilot's invite
e-mails counted in the outbox), and checks that nobody was invited twice and no Fail candidate
was invited. The per-client limit is lifted for the run: every request comes from 127.0.0.1.
Standard library only. Traffic goes to 127.0.0.1 only.
"""

import argparse
import json
import os
import socket
import subprocess
import sys
import time
import uuid
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from intake import BenchServer  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent


def form_body(fields, file_name, content):
    """A multipart form of text `fields` and the file part `resume`."""
    boundary = uuid.uuid4().hex
    body = b""
    for name, value in fields.items():
        body += (f"--{boundary}\r\nContent-Disposition: form-data; name=\"{name}\"\r\n\r\n"
                 f"{value}\r\n").encode()
    body += (f"--{boundary}\r\nContent-Disposition: form-data; name=\"resume\"; "
             f"filename=\"{file_name}\"\r\nContent-Type: application/octet-stream\r\n\r\n").encode()
    body += content + f"\r\n--{boundary}--\r\n".encode()
    return body, f"multipart/form-data; boundary={boundary}"


def invitations(outbox):
    """Addresses the autopilot's invitations went to (one entry per mail)."""
    sent = []
    for mail in outbox.glob("*.eml"):
        text = mail.read_text(errors="replace")
        if "Subject: Interview invitation" in text:
            to = next((line[4:].strip() for line in text.splitlines() if line.startswith("To: ")), "")
            sent.append(to)
    return sent


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--applications", type=int, default=200)
    parser.add_argument("--concurrency", type=int, default=32)
    parser.add_argument("--postgres", help="admin URL, e.g. postgres://postgres@127.0.0.1:5432/postgres")
    parser.add_argument("--instances", type=int, default=1)
    parser.add_argument("--timeout", type=float, default=120.0)
    args = parser.parse_args()

    os.environ["HIRELANE__CAREERS__APPLICATIONS_PER_IP_PER_HOUR"] = str(args.applications * 10)
    sim = None
    if args.instances > 1:
        # Instances of one deployment share one voice provider: a standalone simulator (each
        # instance's in-process one would not know the assistants the others made).
        target = Path(os.environ.get("CARGO_TARGET_DIR", Path.home() / ".cache/hirelane/target"))
        binary = os.environ.get("VAPI_SIM_BIN", str(target / "debug/vapi-sim"))
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            port = probe.getsockname()[1]
        sim = subprocess.Popen([binary, "--port", str(port), "--api-key", "bench-key"],
                               stdout=subprocess.DEVNULL)
        os.environ.update(HIRELANE__VOICE__BASE_URL=f"http://127.0.0.1:{port}",
                          HIRELANE__VOICE__API_KEY="bench-key", HIRELANE__VOICE__SIMULATED="true",
                          HIRELANE__VOICE__PHONE_NUMBER_ID="bench-number",
                          HIRELANE__VOICE__WEBHOOK_SECRET="bench-webhook-secret")
        time.sleep(0.5)
    try:
        return run(args)
    finally:
        if sim:
            sim.terminate()


def run(args):
    resumes = sorted((ROOT / "demo/resumes/backend").iterdir())
    job = next(j for j in json.loads((ROOT / "demo/jobs.json").read_text()) if j["key"] == "backend")

    with BenchServer(args.postgres, args.instances) as server:
        client = server.client
        status, created = client.request("POST", "/api/Drive/CreateJobFolder", {
            k: job[k] for k in ("jdname", "jddescription", "keySkills", "experience", "resumeRequired")})
        assert status == 200, created
        jd = created["jobDescId"]
        status, posting = client.request("PUT", "/api/Careers/Posting", {
            "jobDescId": jd, "published": True, "slug": "bench-backend", "location": "Bengaluru",
            "country": "IN", "workType": "hybrid"})
        assert status == 200, posting
        status, assistant = client.request("POST", "/api/Voice/assistants", {
            "assistantName": "Bench screen", "candidateName": "Candidate", "role": job["jdname"],
            "experience": "5 years", "interviewTime": "15", "topics": ["Python"],
            "questions": ["Tell me about a service you run"], "tools": []})
        assert status == 200, assistant
        status, autopilot = client.request("PUT", "/api/Careers/Autopilot", {
            "jobDescId": jd, "enabled": True, "assistantId": assistant["id"]})
        assert status == 200, autopilot

        def apply(n):
            resume = resumes[n % len(resumes)]
            body, content_type = form_body({
                "fullName": f"Applicant {n}", "email": f"applicant{n}@bench.example",
                "phone": f"+91 98{n:08d}", "consent": "on", "note": "", "website": ""},
                resume.name, resume.read_bytes())
            target = server.clients[n % len(server.clients)]
            status, answer = target.request("POST", "/api/Careers/Jobs/bench-backend/Apply", body,
                                            {"Content-Type": content_type})
            if status != 200:
                raise RuntimeError(f"application {n}: {status} {answer}")

        start = time.monotonic()
        with ThreadPoolExecutor(args.concurrency) as pool:
            list(pool.map(apply, range(args.applications)))
        submitted = time.monotonic() - start

        analysed_at = invited_at = None
        outbox = server.data / "outbox"
        while time.monotonic() - start < args.timeout:
            _, rows = client.request("GET", f"/api/Drive/ViewJDResumes?JdID={jd}")
            pending = sum(r["analysisStatus"] in ("queued", "analysing") for r in rows)
            if pending == 0 and analysed_at is None:
                analysed_at = time.monotonic() - start
            passed = {r["candidateEmail"] for r in rows if r["recommendation"] == "Pass"}
            if analysed_at is not None and passed <= set(invitations(outbox)):
                invited_at = time.monotonic() - start
                break
            time.sleep(0.05)
        sent = invitations(outbox)
        failed = {r["candidateEmail"] for r in rows if r["recommendation"] == "Fail"}
        print(json.dumps({
            "backend": server.backend, "instances": args.instances, "cpus": os.cpu_count(),
            "applications": args.applications, "concurrency": args.concurrency,
            "candidates": len(rows), "pass": len(passed), "fail": len(failed),
            "submitted_seconds": round(submitted, 2),
            "all_analysed_seconds": analysed_at and round(analysed_at, 2),
            "all_pass_invited_seconds": invited_at and round(invited_at, 2),
            "invitations": len(sent), "invited_twice": len(sent) - len(set(sent)),
            "fail_invited": len(failed & set(sent)),
            "peak_rss_mib": server.peak_rss_mib(),
        }, indent=2))
        if invited_at is None or len(sent) != len(set(sent)) or failed & set(sent):
            return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
