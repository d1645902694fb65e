"""Signs the quick start's recruiter in for the API fuzzer; prints the access token.

Usage: api_sign_in.py BASE_URL OUTBOX_DIR. Waits for the server, requests a code, reads it from
the newest sign-in mail in the outbox and exchanges it.
"""

import json
import sys
import time
import urllib.request
from pathlib import Path

EMAIL = "admin@example.com"
SUBJECT = "Subject: Your Hirelane sign-in code: "


def post(url: str, body: dict | None = None) -> dict:
    data = json.dumps(body).encode() if body is not None else b""
    request = urllib.request.Request(url, data=data, method="POST")
    request.add_header("Content-Type", "application/json")
    with urllib.request.urlopen(request, timeout=10) as response:
        return json.load(response)


def main() -> None:
    base, outbox = sys.argv[1], Path(sys.argv[2])
    for _ in range(300):
        try:
            urllib.request.urlopen(f"{base}/healthz", timeout=1)
            break
        except OSError:
            time.sleep(0.1)
    else:
        sys.exit("the server did not start")
    post(f"{base}/api/auth/requestotp?email={EMAIL}&retry=false")
    for _ in range(100):
        codes = [
            line[len(SUBJECT):].strip()
            for mail in sorted(outbox.glob("*.eml"), key=lambda p: p.stat().st_mtime)
            for line in mail.read_text().splitlines()
            if line.startswith(SUBJECT)
        ]
        if codes:
            break
        time.sleep(0.05)
    else:
        sys.exit("no sign-in mail in the outbox")
    answer = post(f"{base}/api/auth/verifyotp", {"email": EMAIL, "otpCode": codes[-1]})
    print(answer["data"]["token"])


if __name__ == "__main__":
    main()
