#!/usr/bin/env python3
"""Fits the grader's linear model (crates/assess/src/model.rs) on the public training splits.

    hirelane-assess eval --embeddings EMB.bin --features F.jsonl DATA.jsonl...   # with the model
    hirelane-assess eval --lexical --features F-LEX.jsonl DATA.jsonl...          # without it
    fit.py F.jsonl F-LEX.jsonl

For each feature file: non-negative least squares of the human grade (scaled to 0-1) on the
signals of its mode (with embeddings: `lexical, similarity, length x similarity`; lexical:
`lexical, length x coverage, novelty`; chosen by leave-one-dataset-out agreement among a few
candidate sets) over the answers of the `train` splits, every dataset weighted alike whatever its size, leaving out answers the form
rules flag (their score is set by the rules, not the fit). Prints the coefficients as Rust, and,
as a check that the fit travels, Pearson r on each dataset's test splits for a model fitted
without that dataset (leave one dataset out).

Needs numpy and scipy.
"""

import json
import sys
from collections import defaultdict

import numpy as np
from scipy.optimize import nnls

# The model's signals, in model.rs's order; each mode fits its own subset, the rest weigh 0.
NAMES = ["coverage", "lexical", "similarity", "length x coverage", "length x similarity",
         "novelty"]
USED = {
    "embeddings": ["lexical", "similarity", "length x similarity"],
    "lexical": ["lexical", "length x coverage", "novelty"],
}
RULED = {"noAnswerHeard", "echoesQuestion", "otherLanguage", "notProse"}


def signals(f):
    sim = max(0.0, f.get("similarity") or 0.0)
    return {"coverage": f["coverage"], "lexical": f["lexical"], "similarity": sim,
            "length x coverage": f["length"] * f["coverage"],
            "length x similarity": f["length"] * sim, "novelty": f["novelty"]}


def rows(path):
    out = []
    for line in open(path):
        r = json.loads(line)
        out.append((r["dataset"], r["split"], signals(r["features"]), r["grade"], set(r["flags"])))
    mode = "embeddings" if any(r[2]["similarity"] for r in out) else "lexical"
    return out, mode


def fit(data, mode):
    train = [r for r in data if r[1] == "train" and not (r[4] & RULED)]
    count = defaultdict(int)
    for r in train:
        count[r[0]] += 1
    w = np.sqrt(np.array([1.0 / count[r[0]] for r in train]))
    x = np.array([[r[2][n] for n in USED[mode]] + [1.0, -1.0] for r in train])
    y = np.array([r[3] for r in train])
    coef, _ = nnls(x * w[:, None], y * w)
    weights = dict(zip(USED[mode], coef[:-2]))
    return coef[-2] - coef[-1], np.array([weights.get(n, 0.0) for n in NAMES])


def predict(model, s):
    intercept, weights = model
    return float(np.clip(intercept + weights @ np.array([s[n] for n in NAMES]), 0.0, 1.0))


def report(path):
    data, mode = rows(path)
    intercept, weights = fit(data, mode)
    print(f"// {path}: {sum(1 for r in data if r[1] == 'train')} training answers, {mode}")
    print(f"intercept: {intercept:.4f},")
    print("weights: [" + ", ".join(f"{w:.4f}" for w in weights) + "],")
    print(f"//   ({', '.join(NAMES)})")
    datasets = sorted({r[0] for r in data if r[1] == "train"})
    for held in datasets:
        model = fit([r for r in data if r[0] != held], mode)
        for split in sorted({r[1] for r in data if r[0] == held and r[1] != "train"}):
            test = [r for r in data if r[0] == held and r[1] == split]
            pred = [predict(model, r[2]) for r in test]
            r_ = np.corrcoef(pred, [r[3] for r in test])[0, 1]
            print(f"//   without {held}: {split} r = {r_:.3f} ({len(test)} answers)")


if __name__ == "__main__":
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    for p in sys.argv[1:]:
        report(p)
