#!/usr/bin/env python3
"""Independent check: rank the server team's demo resumes (demo/, made by demo/resumegen.py,
not by the ats authors) with `hirelane-ats rank --json` and report pairwise accuracy against
the fit each resume was generated with (files 01, 04, 07, 10 strong; 02, 05, 08 partial;
03, 06, 09 poor: resumegen.py assigns fit by position).

Usage (from the repository root, after `cargo build -p ats --release --bin hirelane-ats`):
    python3 crates/ats/eval/check_demo.py
"""
import json
import os
import subprocess
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
EXE = Path(os.environ.get("CARGO_TARGET_DIR", ROOT / "target")) / "release" / "hirelane-ats"
GAIN = {"strong": 2, "partial": 1, "poor": 0}


def main():
    jobs = json.loads((ROOT / "demo/jobs.json").read_text())
    correct = pairs = 0.0
    for job in jobs:
        with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as f:
            json.dump(job, f)
        out = subprocess.run([str(EXE), "rank", "--json", "--jd", f.name, str(ROOT / "demo/resumes" / job["key"])],
                             check=True, capture_output=True, text=True).stdout
        os.unlink(f.name)
        rows = json.loads(out)
        fit = {r["file"]: ["strong", "partial", "poor"][(int(Path(r["file"]).name[:2]) - 1) % 3] for r in rows}
        c = p = 0.0
        for a in rows:
            for b in rows:
                if GAIN[fit[a["file"]]] > GAIN[fit[b["file"]]]:
                    p += 1
                    c += 1 if a["atsScore"] > b["atsScore"] else 0.5 if a["atsScore"] == b["atsScore"] else 0
        correct, pairs = correct + c, pairs + p
        print(f"{job['key']:<10} pairwise {c / p:.3f}  scores " +
              " ".join(f"{r['atsScore']}{fit[r['file']][0]}" for r in rows))
    print(f"{'overall':<10} pairwise {correct / pairs:.3f}")


if __name__ == "__main__":
    main()
