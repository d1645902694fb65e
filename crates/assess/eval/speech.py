#!/usr/bin/env python3
"""Answers read aloud by espeak-ng and transcribed by the project's speech sidecar (Whisper base),
so the grader can be measured on what speech recognition makes of them.

    speech.py --out DIR DATA.jsonl...

Takes a subset stratified by grade from the unseen-question and unseen-domain test splits (at
most --per-stratum answers per dataset, split and grade band, the first by sha1 of their id) and
every answer of the interview set, speaks each with one of three espeak-ng voices (none is the
interviewer's Piper voice), resamples to 16 kHz with sox, and sends it to speech/sidecar.py over
its socket, as the self-hosted interviewer does. Writes DIR/spoken-public.jsonl and
DIR/spoken-interview.jsonl: the same records with `answer` replaced by the transcript, `typed`
keeping the original, `voice`, and `split` set to `spoken`; the public subset also as
DIR/typed-public.jsonl (split `typed`). The public subset's grades are scaled to 0-1 and its
dataset is `speech-subset`, so typed and spoken are two splits of one set.

Needs espeak-ng and sox (Debian packages) and scripts/speech-deps.sh's models
(~/.cache/hirelane/speech.env). Whisper is deterministic here (beam search, no sampling), so
the transcripts are reproducible on one machine; they are kept so the figures are too.
"""

import argparse
import base64
import hashlib
import json
import os
import socket
import subprocess
import sys
import tempfile
import time
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
VOICES = ["en-us", "en-gb", "en-us+f3"]
SPLITS = {"unseen-questions", "unseen-domains"}
PER_STRATUM = 22


def strata(record, lo, hi):
    g = (record["grade"] - lo) / (hi - lo)
    return "low" if g < 0.34 else "mid" if g < 0.67 else "high"


def select(records, per_stratum):
    scale = defaultdict(lambda: [float("inf"), float("-inf")])
    for r in records:
        s = scale[r["dataset"]]
        s[0], s[1] = min(s[0], r["grade"]), max(s[1], r["grade"])
    public, interview = defaultdict(list), []
    for r in records:
        if r["dataset"] == "interview":
            interview.append(r)
            continue
        lo, hi = scale[r["dataset"]]
        r = dict(r, grade=(r["grade"] - lo) / (hi - lo))
        if r["split"] in SPLITS and r["answer"].strip():
            public[(r["dataset"], r["split"], strata(r, 0.0, 1.0))].append(r)
    chosen = []
    for key in sorted(public):
        group = sorted(public[key], key=lambda r: hashlib.sha1(r["id"].encode()).hexdigest())
        chosen += group[:per_stratum]
    return chosen, interview


def speak(text, voice, workdir):
    wav, pcm = workdir / "a.wav", workdir / "a.raw"
    subprocess.run(["espeak-ng", "-v", voice, "-w", str(wav), text], check=True)
    subprocess.run(["sox", str(wav), "-r", "16000", "-c", "1", "-b", "16", "-e", "signed-integer",
                    "-t", "raw", str(pcm)], check=True)
    return pcm.read_bytes()


class Sidecar:
    def __init__(self, workdir):
        env = dict(line.split("=", 1) for line in
                   (Path.home() / ".cache/hirelane/speech.env").read_text().splitlines()
                   if "=" in line and not line.startswith("#"))
        self.path = str(workdir / "speech.sock")
        self.proc = subprocess.Popen(
            [env["SPEECH_PYTHON"], str(ROOT / "speech/sidecar.py"), "--socket", self.path,
             "--stt-model", env["SPEECH_STT_MODEL"], "--tts-voice", env["SPEECH_TTS_VOICE"],
             "--threads", "2"], stderr=subprocess.DEVNULL)
        deadline = time.monotonic() + 600
        while True:
            try:
                self.sock = socket.socket(socket.AF_UNIX)
                self.sock.connect(self.path)
                break
            except OSError:
                if self.proc.poll() is not None or time.monotonic() > deadline:
                    sys.exit("the speech sidecar did not start")
                time.sleep(1)
        self.reader = self.sock.makefile("r")
        self.next_id = 0

    def transcribe(self, pcm):
        self.next_id += 1
        req = {"id": self.next_id, "op": "transcribe", "language": "en",
               "pcm16": base64.b64encode(pcm).decode()}
        self.sock.sendall((json.dumps(req) + "\n").encode())
        answer = json.loads(self.reader.readline())
        if not answer.get("ok"):
            raise RuntimeError(answer)
        return answer["text"].strip()

    def close(self):
        self.sock.close()
        self.proc.terminate()
        self.proc.wait()


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--out", type=Path, required=True)
    ap.add_argument("--per-stratum", type=int, default=PER_STRATUM)
    ap.add_argument("--sets", default="public,interview", help="which of public,interview")
    ap.add_argument("data", nargs="+", type=Path)
    args = ap.parse_args()
    records = [json.loads(l) for p in args.data for l in open(p) if l.strip()]
    public, interview = select(records, args.per_stratum)
    args.out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        workdir = Path(tmp)
        sidecar = None
        try:
            for name, group in (("public", public), ("interview", interview)):
                if name not in args.sets.split(","):
                    continue
                if name == "public":
                    write(args.out / "typed-public.jsonl",
                          [dict(r, dataset="speech-subset", split="typed") for r in group])
                # Transcripts are appended as they come, so an interrupted run resumes.
                path = args.out / f"spoken-{name}.jsonl"
                done = {json.loads(l)["id"] for l in open(path)} if path.exists() else set()
                with open(path, "a", encoding="utf-8", newline="\n") as f:
                    for i, r in enumerate(group):
                        if r["id"] in done:
                            continue
                        sidecar = sidecar or Sidecar(workdir)
                        voice = VOICES[i % len(VOICES)]
                        text = (sidecar.transcribe(speak(r["answer"], voice, workdir))
                                if r["answer"].strip() else "")
                        row = dict(r, dataset="speech-subset" if name == "public" else r["dataset"],
                                   split="spoken", answer=text, typed=r["answer"], voice=voice)
                        f.write(json.dumps(row, ensure_ascii=False, separators=(",", ":")) + "\n")
                        f.flush()
                        print(f"{name} {i + 1}/{len(group)}", file=sys.stderr, flush=True)
        finally:
            if sidecar:
                sidecar.close()


def write(path, rows):
    with open(path, "w", encoding="utf-8", newline="\n") as f:
        for r in rows:
            f.write(json.dumps(r, ensure_ascii=False, separators=(",", ":")) + "\n")


if __name__ == "__main__":
    main()
