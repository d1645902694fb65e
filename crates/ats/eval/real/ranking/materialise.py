#!/usr/bin/env python3
"""Copies the ranking set's resumes from the fetched public snapshot into the evaluation data root.

The resumes are not in git (SOURCES.md says why). Run after the search tool's `fetch` of
github:zaid-ali753/Resume-Screening-101:

    python3 crates/ats/eval/real/ranking/materialise.py [--mirror DIR] [--root DIR]

It reads UpdatedResumeDataSet.csv at the pinned commit, drops exact duplicates (the CSV repeats
most resumes several times), keeps the first ten distinct resumes of each chosen category in
file order, writes them as <root>/resumes-ranking/<profession>/NN.txt and checks every file
against manifest.sha256. Nothing here depends on scores: the choice is by category and order.
"""

import argparse
import csv
import hashlib
import io
import os
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
COMMIT = "8cf616a638fd9ca780e091094a45062384e40423"
CSV_PATH = "UpdatedResumeDataSet.csv"
PER_PROFESSION = 10
# Category in the CSV -> profession (the JD file under jds/ has the same name).
CATEGORIES = {
    "Advocate": "advocate",
    "Arts": "arts",
    "Business Analyst": "business-analyst",
    "Civil Engineer": "civil-engineer",
    "Data Science": "data-science",
    "Electrical Engineering": "electrical-engineer",
    "Health and fitness": "health-fitness",
    "HR": "hr",
    "Java Developer": "java-developer",
    "Mechanical Engineer": "mechanical-engineer",
    "Sales": "sales",
}


def default_root() -> Path:
    env = os.environ.get("HIRELANE_EVAL_DATA")
    if env:
        return Path(env)
    shared = HERE.parents[4].parent / "shared" / "eval-data"
    if shared.parent.is_dir():
        return shared
    return Path.home() / ".cache" / "hirelane" / "eval-data"


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--mirror", default="/work/.mirror/zaid-ali753+Resume-Screening-101/repo")
    ap.add_argument("--root", type=Path, default=default_root())
    ap.add_argument("--write-manifest", action="store_true")
    args = ap.parse_args()
    raw = subprocess.run(
        ["git", "--git-dir", args.mirror, "show", f"{COMMIT}:{CSV_PATH}"],
        check=True,
        capture_output=True,
    ).stdout
    rows = csv.DictReader(io.StringIO(raw.decode("utf-8", errors="replace")))
    seen: set[str] = set()
    chosen: dict[str, list[str]] = {p: [] for p in CATEGORIES.values()}
    for row in rows:
        profession = CATEGORIES.get(row["Category"].strip())
        text = row["Resume"].replace("\r\n", "\n").strip() + "\n"
        digest = hashlib.sha256(text.encode()).hexdigest()
        if profession is None or digest in seen or len(chosen[profession]) >= PER_PROFESSION:
            continue
        seen.add(digest)
        chosen[profession].append(text)
    out = args.root / "resumes-ranking"
    manifest = {}
    for line in (HERE / "manifest.sha256").read_text().splitlines():
        digest, name = line.split(maxsplit=1)
        manifest[name] = digest
    written = {}
    for profession, texts in chosen.items():
        (out / profession).mkdir(parents=True, exist_ok=True)
        for i, text in enumerate(texts, 1):
            name = f"{profession}/{i:02}.txt"
            (out / name).write_text(text, encoding="utf-8")
            written[name] = hashlib.sha256(text.encode()).hexdigest()
    if args.write_manifest or not manifest:
        lines = [f"{d}  {n}" for n, d in sorted(written.items())]
        (HERE / "manifest.sha256").write_text("\n".join(lines) + "\n")
        print(f"wrote manifest for {len(written)} files")
    elif written != manifest:
        bad = sorted(set(written.items()) ^ set(manifest.items()))
        print(f"manifest mismatch: {bad[:5]}", file=sys.stderr)
        return 1
    counts = {p: len(t) for p, t in chosen.items()}
    print(f"{sum(counts.values())} resumes in {out}: {counts}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
