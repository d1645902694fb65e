#!/usr/bin/env python3
"""Side-by-side PDF extraction timing: ats (in process and as a process), pdftotext (as a
process, poppler-utils) and pdfminer.six (in process, the parser under Resume-Matcher and
pyresparser), on the same fixture PDFs.

Needs: a release build (`cargo build -p ats --release --bin hirelane-ats`), `pdftotext` on PATH
and `pip install pdfminer.six`. Run from the repository root:

    CARGO_TARGET_DIR=... python3 bench/ats/compare.py [--runs 20]

Prints a Markdown table (medians, milliseconds per file) ready for docs/benchmarks.md.
"""
import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
FIXTURES = ROOT / "crates/ats/tests/fixtures"
BROKEN = {"encrypted.pdf", "scanned.pdf", "truncated.pdf", "garbage.pdf"}


def median_ms(fn, runs):
    fn()  # warm caches and imports
    samples = []
    for _ in range(runs):
        t = time.perf_counter()
        fn()
        samples.append((time.perf_counter() - t) * 1000)
    return statistics.median(samples)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=20)
    args = ap.parse_args()

    target = Path(os.environ.get("CARGO_TARGET_DIR", ROOT / "target"))
    exe = target / "release" / "hirelane-ats"
    if not exe.exists():
        sys.exit(f"{exe} missing: cargo build -p ats --release --bin hirelane-ats")
    pdfs = sorted(p for p in FIXTURES.glob("*.pdf") if p.name not in BROKEN)

    from pdfminer.high_level import extract_text  # noqa: imported late so --help works without it

    out = subprocess.run([str(exe), "bench", "--runs", str(max(args.runs, 30)), *map(str, pdfs)],
                         check=True, capture_output=True, text=True).stdout
    inproc = {Path(j["file"]).name: j for j in map(json.loads, out.splitlines())}

    rows = []
    for pdf in pdfs:
        ats_proc = median_ms(lambda: subprocess.run([str(exe), "extract", str(pdf)], check=True,
                                                    stdout=subprocess.DEVNULL), args.runs)
        poppler = median_ms(lambda: subprocess.run(["pdftotext", "-q", str(pdf), "-"], check=True,
                                                   stdout=subprocess.DEVNULL), args.runs)
        miner = median_ms(lambda: extract_text(str(pdf)), max(5, args.runs // 4))
        j = inproc[pdf.name]
        rows.append((pdf.name, j["pages"], j["extract_ms"], j["full_ms"], ats_proc, poppler, miner))

    print("| file | pages | ats extract (in process) | ats extract+parse+score | ats as a process | pdftotext process | pdfminer.six |")
    print("|---|---:|---:|---:|---:|---:|---:|")
    for name, pages, ex, full, proc, pop, miner in rows:
        print(f"| {name} | {pages} | {ex:.2f} | {full:.2f} | {proc:.2f} | {pop:.2f} | {miner:.1f} |")
    med = lambda i: statistics.median(r[i] for r in rows)
    print(f"| **median** | | **{med(2):.2f}** | **{med(3):.2f}** | **{med(4):.2f}** | **{med(5):.2f}** | **{med(6):.1f}** |")
    print()
    print(f"ats in process vs pdfminer.six: {med(6) / med(2):.0f}x faster; "
          f"vs spawning pdftotext: {med(5) / med(2):.1f}x faster; "
          f"ats as a process vs pdftotext process: {med(5) / med(4):.2f}x")


if __name__ == "__main__":
    main()
