#!/usr/bin/env python3
"""What an API token's per-request lookup costs beside a recruiter's session (issue 34 §1).

    python3 bench/api_tokens.py [--postgres URL] [--rate 100] [--seconds 15]

Starts the server (`HIRELANE_BIN`, by default the release build) on a fresh database, signs in,
makes an API token holding `jobs:read`, then runs `GET /api/Drive/JDFolders` (a light route, so
the guard's share shows) at a fixed rate over 16 keep-alive connections, once with the session's
access token and once with the API token, and a closed loop of each for the most it sustains.
The token's per-minute limit is lifted for the run so the limiter's 429s do not count as speed.
Standard library only; all traffic goes to 127.0.0.1 and every loop is bounded in count and time.
"""

import argparse
import asyncio
import json
import os

from intake import BenchServer  # bench/intake.py, beside this file
from lists import closed_loop, fixed_rate  # bench/lists.py, beside this file

PATH = "/api/Drive/JDFolders"


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--postgres")
    parser.add_argument("--rate", type=int, default=100)
    parser.add_argument("--seconds", type=int, default=15)
    args = parser.parse_args()
    os.environ["HIRELANE__AUTH__API_TOKEN_REQUESTS_PER_MINUTE"] = str(10**9)
    with BenchServer(postgres=args.postgres) as server:
        status, created = server.client.request(
            "POST", "/api/Settings/ApiTokens", {"name": "Bench", "scopes": ["jobs:read"]})
        assert status == 201, created
        tokens = {"session": server.client.token, "api token": created["secret"]}
        results = {}
        for label, token in tokens.items():
            steady = asyncio.run(fixed_rate(server.ports, token, [PATH], args.rate, args.seconds, 16))
            loop = asyncio.run(closed_loop(server.ports, token, [PATH], args.seconds, 16))
            results[label] = {"fixed_rate": steady, "closed_loop": loop}
        print(json.dumps({"backend": server.backend, "rate": args.rate, **results}, indent=2))


if __name__ == "__main__":
    main()
