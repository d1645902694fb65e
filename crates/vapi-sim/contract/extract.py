#!/usr/bin/env python3
"""Extract the Vapi component schemas the simulator (and Hirelane's client) must honour.

Reads the provider's OpenAPI document, keeps the named root schemas plus everything they
reference ($ref closure), drops prose-only keywords (descriptions, examples, titles, defaults)
and writes one compact JSON file with one schema per line, so a regenerated file diffs by schema.

Usage (from the repository root):
    python3 crates/vapi-sim/contract/extract.py \
        ../shared/reference/vapi-openapi-2026-08.json \
        crates/vapi-sim/contract/vapi-2026-08-schemas.json
"""

import hashlib
import json
import sys

# Answers the simulator gives, requests Hirelane's client sends, and the webhook envelope.
ROOTS = [
    "Assistant",
    "AssistantPinnedConflictResponseDTO",
    "Call",
    "CallBatchResponse",
    "CreateAssistantDTO",
    "CreateCallDTO",
    "CreateWebCallDTO",
    "ServerMessage",
    "ServerMessageEndOfCallReport",
    "ServerMessageStatusUpdate",
    "UpdateAssistantDTO",
]

# Keywords that only document; the validator never reads them.
PROSE = {"description", "example", "examples", "title", "deprecated", "default", "writeOnly",
         "discriminator", "externalDocs"}


def strip(node):
    if isinstance(node, dict):
        out = {}
        for key, value in node.items():
            if key == "properties":
                # Property names are data, not keywords: a property called "title" stays.
                out[key] = {name: strip(sub) for name, sub in value.items()}
            elif key in PROSE or key.startswith("x-"):
                continue
            else:
                out[key] = strip(value)
        return out
    if isinstance(node, list):
        return [strip(v) for v in node]
    return node


def refs(node, found):
    if isinstance(node, dict):
        for key, value in node.items():
            if key == "$ref" and isinstance(value, str):
                found.append(value.rsplit("/", 1)[-1])
            else:
                refs(value, found)
    elif isinstance(node, list):
        for v in node:
            refs(v, found)


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    src, dst = sys.argv[1], sys.argv[2]
    raw = open(src, "rb").read()
    doc = json.loads(raw)
    schemas = doc["components"]["schemas"]
    keep, todo = set(), list(ROOTS)
    while todo:
        name = todo.pop()
        if name in keep:
            continue
        keep.add(name)
        found = []
        refs(schemas[name], found)
        todo.extend(found)
    lines = [
        "{",
        '"source": %s,' % json.dumps(src.rsplit("/", 1)[-1]),
        '"sha256": %s,' % json.dumps(hashlib.sha256(raw).hexdigest()),
        '"roots": %s,' % json.dumps(ROOTS),
        '"schemas": {',
    ]
    names = sorted(keep)
    for i, name in enumerate(names):
        body = json.dumps(strip(schemas[name]), separators=(",", ":"), sort_keys=True)
        lines.append("%s:%s%s" % (json.dumps(name), body, "," if i + 1 < len(names) else ""))
    lines += ["}", "}"]
    with open(dst, "w") as out:
        out.write("\n".join(lines) + "\n")
    print("wrote %d schemas to %s" % (len(names), dst))


if __name__ == "__main__":
    main()
