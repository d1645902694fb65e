#!/usr/bin/env python3
"""A JD's hiring board with 5,000 candidates: the board API under load and the first screen in
Chromium.

    python3 bench/board.py [--postgres URL] [--candidates 5000] [--rate 200] [--seconds 20]

Starts the release server (serving web/dist) on a free loopback port with a fresh database,
imports the candidates by CSV into one JD and spreads them over stages through the Move API
(a fifth rejected, a tenth withdrawn, in moves of 500), then:
  * a fixed-rate run of `GET /api/Pipeline/Board` (`--rate` requests/s over 64 keep-alive
    connections, latency from each request's scheduled start: no coordinated omission) with
    p50/p95/p99 and errors, and a closed-loop run for the highest throughput;
  * bench/board-first-screen.mjs: Debian's Chromium opens /jd/{id}/board signed in, five times,
    and reports the time from navigation to the first column's cards on screen.
Standard library only (the browser part uses web/node_modules' playwright-core); all traffic goes
to 127.0.0.1 and every loop is bounded in count and time.
"""

import argparse
import asyncio
import json
import random
import subprocess
import time
from pathlib import Path

from intake import BenchServer  # bench/intake.py, beside this file
from lists import closed_loop, fixed_rate  # bench/lists.py, beside this file

ROOT = Path(__file__).resolve().parent.parent


def seed(client, candidates, rng):
    _, created = client.request("POST", "/api/Drive/CreateJobFolder", {
        "jdname": "Board bench", "keySkills": "Python, SQL, React", "experience": "3 years",
        "resumeRequired": False})
    jd = created["jobDescId"]
    rows = ["name,email,phone"] + [f"Candidate {i},b{i}@example.com,+91 9{rng.randint(100000000, 999999999)}"
                                   for i in range(candidates)]
    client.import_csv(jd, rows)
    ids = []
    offset = 0
    while True:
        _, page = client.request("GET", f"/api/Pipeline/Board?jdId={jd}&stage=new&limit=200&offset={offset}")
        cards = page["columns"][0]["cards"]
        if not cards:
            break
        ids += [card["resumeId"] for card in cards]
        offset += len(cards)
    rng.shuffle(ids)
    plan = [("rejected", ids[: candidates // 5]), ("withdrawn", ids[candidates // 5: candidates * 3 // 10])]
    for stage, chosen in plan:
        for at in range(0, len(chosen), 500):
            moves = [{"resumeId": i, "fromStage": "new"} for i in chosen[at:at + 500]]
            status, answer = client.request("POST", "/api/Pipeline/Move",
                                            {"candidates": moves, "stage": stage, "reason": "Bench"})
            assert status == 200, answer
    return jd


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--postgres")
    parser.add_argument("--candidates", type=int, default=5_000)
    parser.add_argument("--rate", type=int, default=200)
    parser.add_argument("--seconds", type=int, default=20)
    args = parser.parse_args()

    with BenchServer(args.postgres, web_dist=ROOT / "web" / "dist") as server:
        client, token = server.client, server.client.token
        rng = random.Random(1)
        started = time.monotonic()
        jd = seed(client, args.candidates, rng)
        seeded = round(time.monotonic() - started, 1)
        if server.database:
            database = args.postgres.rsplit("/", 1)[0] + "/" + server.database
            subprocess.run(["psql", database, "-qc", "VACUUM ANALYZE"], check=True)
        _, board = client.request("GET", f"/api/Pipeline/Board?jdId={jd}")
        paths = [f"/api/Pipeline/Board?jdId={jd}"]
        results = {
            "backend": server.backend, "candidates": args.candidates, "seed_seconds": seeded,
            "columns": {c["stage"]: c["count"] for c in board["columns"] if c["count"]},
            "board_bytes": len(json.dumps(board)),
            "fixed_rate": asyncio.run(fixed_rate(server.ports, token, paths, args.rate, args.seconds, 64)),
            "max_throughput": asyncio.run(closed_loop(server.ports, token, paths, 10, 64)),
        }
        browser = subprocess.run(
            ["node", str(ROOT / "bench" / "board-first-screen.mjs"), f"http://127.0.0.1:{server.port}",
             str(jd), token],
            cwd=ROOT / "web", capture_output=True, text=True, timeout=300)
        if browser.returncode != 0:
            raise SystemExit(f"board-first-screen.mjs failed:\n{browser.stderr}")
        results["first_screen"] = json.loads(browser.stdout)
        results["peak_rss_mib"] = server.peak_rss_mib()
        print(json.dumps(results, indent=2))


if __name__ == "__main__":
    main()
