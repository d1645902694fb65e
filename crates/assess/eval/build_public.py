#!/usr/bin/env python3
"""Builds the public dev sets of the answer grader as compact JSON lines.

The public sets are not committed to this repository (see SOURCES.md): this script turns their
original release files into the one format `hirelane-assess eval` reads, one answer a line:

    {"id", "dataset", "split", "qid", "question", "reference", "answer", "grade", "label"}

`grade` is on the dataset's own numeric scale (SOURCES.md says how each label maps to it).

Usage:
    build_public.py semeval DIR OUT.jsonl   # DIR: the unpacked semeval-3way.zip (training/, test/)
    build_public.py saf DIR OUT.jsonl       # DIR: the SAF release's data/ folder (English part)

Standard library only; the output is sorted and byte-stable, so its sha256 can be pinned.
"""

import json
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

# SemEval-2013 Task 7, 3-way labels. The 2-way label (correct or not) is the numeric grade: the
# 3-way "incorrect" class lumps partially correct answers with irrelevant ones, so no order
# between it and "contradictory" is defensible.
SEMEVAL_GRADE = {"correct": 1.0, "contradictory": 0.0, "incorrect": 0.0}
SEMEVAL_SPLITS = {
    "training": "train",
    "test-unseen-answers": "unseen-answers",
    "test-unseen-questions": "unseen-questions",
    "test-unseen-domains": "unseen-domains",
}


def clean(text):
    return " ".join((text or "").split())


def semeval(root, out):
    rows = []
    for path in sorted(Path(root).rglob("*.xml")):
        parts = path.parts
        # The release holds the same answers under 2way/ and 3way/; the 3-way files carry both.
        if not any(a in ("training", "test") and b == "3way" for a, b in zip(parts, parts[1:])):
            continue
        corpus = "beetle" if "beetle" in parts else "scientsbank"
        split = next((SEMEVAL_SPLITS[p] for p in parts if p in SEMEVAL_SPLITS), None)
        if split is None:
            continue
        q = ET.parse(path).getroot()
        refs = q.find("referenceAnswers")
        # Beetle lists alternative correct answers by category; the first BEST one is the
        # reference a recruiter would write. SciEntsBank has exactly one.
        best = [r for r in refs if r.get("category") in (None, "BEST")] or list(refs)
        reference = clean(best[0].text)
        for a in q.find("studentAnswers"):
            label = a.get("accuracy")
            rows.append({
                "id": a.get("id"),
                "dataset": f"semeval-{corpus}",
                "split": split,
                "qid": q.get("id"),
                "question": clean(q.findtext("questionText")),
                "reference": reference,
                "answer": clean(a.text),
                "grade": SEMEVAL_GRADE[label],
                "label": label,
            })
    write(rows, out)


def saf(root, out):
    splits = {"training": "train", "unseen_answers": "unseen-answers",
              "unseen_questions": "unseen-questions"}
    rows = []
    for path in sorted(Path(root).rglob("*.xml")):
        parts = path.parts
        if "english" not in parts:
            continue
        split = next((splits[p] for p in parts if p in splits), None)
        if split is None:
            continue
        q = ET.parse(path).getroot()
        reference = clean(q.find("referenceAnswers")[0].text)
        for a in q.find("studentAnswers"):
            rows.append({
                "id": a.get("id"),
                "dataset": "saf-en",
                "split": split,
                "qid": q.get("id"),
                "question": clean(q.findtext("questionText")),
                "reference": reference,
                "answer": clean(a.findtext("response")),
                "grade": float(a.findtext("score").strip()),
                "label": clean(a.findtext("verification_feedback")),
            })
    write(rows, out)


def write(rows, out):
    rows.sort(key=lambda r: (r["split"], r["qid"], r["id"]))
    with open(out, "w", encoding="utf-8", newline="\n") as f:
        for r in rows:
            f.write(json.dumps(r, ensure_ascii=False, separators=(",", ":")) + "\n")
    print(f"{out}: {len(rows)} answers", file=sys.stderr)


if __name__ == "__main__":
    if len(sys.argv) != 4 or sys.argv[1] not in ("semeval", "saf"):
        sys.exit(__doc__)
    {"semeval": semeval, "saf": saf}[sys.argv[1]](sys.argv[2], sys.argv[3])
