#!/usr/bin/env python3
"""The hiring reports over 50,000 candidates with their stage histories: `GET /api/Reports/Hiring`
timed at a fixed rate (target: p95 <= 200 ms).

    python3 bench/reports.py [--postgres URL] [--candidates 50000] [--rate 4] [--seconds 30]
                             [--sequential N]

Starts the server (HIRELANE_BIN, by default the release build; a debug build's figures must be
labelled as such) on a free loopback port with a fresh database, then writes the candidates
straight into it (through the API this would take an hour): 10 JDs, three sources, every
candidate with the stage history a real one would have (New, Screened, then on through the
interview steps, some moved past them by a person, then Shortlisted, Offer, Hired, or Rejected /
Withdrawn on the way), an invite with a slot and a completion where the history has them, and
scorecards. The candidates are spread over a year; the bench asks for the whole year (every
candidate), a quarter, and one JD's year, at `--rate` requests/s (latency from each request's
scheduled start, so queueing cannot hide). Standard library only; all traffic goes to 127.0.0.1.
"""

import argparse
import asyncio
import io
import json
import random
import sqlite3
import subprocess
import time
from pathlib import Path

from intake import BenchServer  # bench/intake.py, beside this file
from lists import fixed_rate  # bench/lists.py, beside this file

HOUR = 3_600_000
DAY = 24 * HOUR
# 1 January 2026, 00:00 UTC: the seeded year's start.
YEAR_START = 1_767_225_600_000
PATH = ["screened", "invited", "scheduled", "interviewed", "shortlisted", "offer", "hired"]
SOURCES = ["resume", "csv", "applied"]


def histories(candidates, jobs, rng):
    """Rows for candidates, stage_entries, interview_invites and scorecards, ids from 1."""
    people, entries, invites, cards = [], [], [], []
    for cid in range(1, candidates + 1):
        added = YEAR_START + rng.randrange(0, 350 * DAY)
        at = added
        history = []
        stage = "new"
        # How far along the path they get, then whether they end there.
        furthest = min(len(PATH), int(rng.expovariate(0.45)))
        skip_interview = rng.random() < 0.1
        for step in PATH[:furthest]:
            if skip_interview and step in ("invited", "scheduled", "interviewed"):
                continue
            at += rng.randrange(2 * HOUR, 9 * DAY)
            by = 1 if step in ("shortlisted", "offer", "hired") else None
            history.append((step, at, by))
            stage = step
        if stage != "hired" and rng.random() < 0.5:
            at += rng.randrange(HOUR, 5 * DAY)
            ended = "rejected" if rng.random() < 0.8 else "withdrawn"
            history.append((ended, at, 1 if ended == "rejected" else None))
            stage = ended
        rank = max([PATH.index(s) + 1 for s, _, _ in history if s in PATH] or [0])
        recommendation = None if rank == 0 else ("Pass" if rng.random() < 0.6 else "Fail")
        job = 1 + cid % jobs
        people.append((cid, job, SOURCES[cid % 3], f"Candidate {cid}", f"c{cid}@example.com",
                       "done" if recommendation else "no_resume", recommendation, added, added,
                       stage, rank))
        for step, when, by in history:
            entries.append((cid, step, when, by))
        steps = {s: when for s, when, _ in history}
        if "invited" in steps:
            slot = steps.get("scheduled", steps["invited"]) + DAY if "scheduled" in steps else None
            done = steps.get("interviewed")
            state = "completed" if done else ("scheduled" if slot else "invited")
            invites.append((f"t{cid}", cid, job, "bench", state, slot, steps["invited"], done,
                            steps["invited"]))
        if "interviewed" in steps and rng.random() < 0.7:
            cards.append((cid, 1, steps["interviewed"] + HOUR))
    return people, entries, invites, cards


TABLES = {
    "candidates": "id, job_id, source, candidate_name, candidate_email, analysis_status, recommendation, "
                  "created_on, modified_on, stage, furthest_stage",
    "stage_entries": "candidate_id, stage, entered_at, by_recruiter",
    "interview_invites": "token, candidate_id, job_id, assistant_id, state, interview_at, invited_at, "
                         "completed_at, updated_at",
}


def seed_sqlite(path, rows):
    db = sqlite3.connect(path, timeout=60)
    people, entries, invites, cards = rows
    with db:
        for table, values in zip(TABLES, (people, entries, invites)):
            columns = TABLES[table]
            marks = ", ".join("?" * len(columns.split(",")))
            db.executemany(f"INSERT INTO {table} ({columns}) VALUES ({marks})", values)
        db.executemany("INSERT INTO scorecards (candidate_id, recruiter_id, technical, communication, "
                       "problem_solving, culture, recommendation, created_at, updated_at) "
                       "VALUES (?, ?, 4, 4, 4, 4, 'yes', ?, ?)", [(c, r, t, t) for c, r, t in cards])
        db.execute("ANALYZE")
    db.close()


def copy_rows(values):
    out = io.StringIO()
    for row in values:
        out.write("\t".join("\\N" if v is None else str(v) for v in row) + "\n")
    return out.getvalue()


def seed_postgres(url, rows):
    people, entries, invites, cards = rows
    cards = [(c, r, 4, 4, 4, 4, "yes", t, t) for c, r, t in cards]
    tables = dict(TABLES, scorecards="candidate_id, recruiter_id, technical, communication, "
                  "problem_solving, culture, recommendation, created_at, updated_at")
    for table, values in zip(tables, (people, entries, invites, cards)):
        subprocess.run(["psql", url, "-qc", f"COPY {table} ({tables[table]}) FROM STDIN"],
                       input=copy_rows(values), text=True, check=True)
    # Two calls: VACUUM cannot run inside the transaction one -c of several statements makes.
    subprocess.run(["psql", url, "-qc", "SELECT setval('candidates_id_seq', (SELECT MAX(id) FROM candidates))"],
                   check=True, stdout=subprocess.DEVNULL)
    subprocess.run(["psql", url, "-qc", "VACUUM ANALYZE"], check=True)


def sequential(client, path, count):
    """`count` requests one after the other: each one's own time, no queue in front of it."""
    times = []
    for _ in range(count):
        began = time.perf_counter()
        status, _ = client.request("GET", path)
        assert status == 200, status
        times.append(time.perf_counter() - began)
    times.sort()
    pick = lambda q: round(times[min(len(times) - 1, int(q * len(times)))] * 1000, 1)
    return {"requests": count, "p50_ms": pick(0.5), "p95_ms": pick(0.95), "max_ms": pick(1.0)}


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--postgres")
    parser.add_argument("--candidates", type=int, default=50_000)
    parser.add_argument("--jobs", type=int, default=10)
    parser.add_argument("--rate", type=float, default=4)
    parser.add_argument("--seconds", type=int, default=30)
    parser.add_argument("--sequential", type=int, default=0,
                        help="instead of the fixed rate: this many requests of each report one after "
                             "the other (service time without queueing, for a slow or shared machine)")
    args = parser.parse_args()

    with BenchServer(args.postgres) as server:
        client = server.client
        for n in range(args.jobs):
            status, created = client.request("POST", "/api/Drive/CreateJobFolder", {
                "jdname": f"Reports bench {n}", "keySkills": "Python, SQL, React", "experience": "3 years",
                "resumeRequired": False})
            assert status == 200, created
        rows = histories(args.candidates, args.jobs, random.Random(7))
        started = time.monotonic()
        url = None
        if server.database:
            url = args.postgres.rsplit("/", 1)[0] + "/" + server.database
            subprocess.run(["psql", url, "-qc", "UPDATE recruiters SET role = 'admin'"], check=True)
            seed_postgres(url, rows)
        else:
            path = server.data / "hirelane.db"
            db = sqlite3.connect(path, timeout=60)
            with db:
                db.execute("UPDATE recruiters SET role = 'admin'")
            db.close()
            seed_sqlite(path, rows)
        seeded = round(time.monotonic() - started, 1)
        paths = {
            "year": "/api/Reports/Hiring?from=2026-01-01&to=2026-12-31",
            "quarter": "/api/Reports/Hiring?from=2026-04-01&to=2026-06-30",
            "one JD": "/api/Reports/Hiring?from=2026-01-01&to=2026-12-31&jdId=1",
        }
        status, year = client.request("GET", paths["year"])
        assert status == 200, year
        results = {}
        for name, path in paths.items():
            if args.sequential:
                results[name] = sequential(client, path, args.sequential)
            else:
                results[name] = asyncio.run(fixed_rate([server.port], client.token, [path], args.rate,
                                                       args.seconds, 4))
        print(json.dumps({
            "backend": server.backend,
            "candidates": year["overall"]["candidates"],
            "stage_entries": len(rows[1]),
            "invites": len(rows[2]),
            "seed_seconds": seeded,
            "answer_bytes": len(json.dumps(year)),
            "rate_per_second": args.rate,
            "results": results,
            "peak_rss_mib": server.peak_rss_mib(),
        }, indent=2))


if __name__ == "__main__":
    main()
