#!/usr/bin/env python3
"""Converts the averaged-perceptron part-of-speech model that the PyPI package
textblob-aptagger 0.2.0 ships (trontagger-0.1.0.pickle, MIT, Matthew Honnibal) into the compact
binary that src/domain/prose/tagger.rs embeds (src/domain/prose/data/perceptron.bin).

    pip download --no-deps -d /tmp/apt textblob-aptagger==0.2.0
    unzip -o /tmp/apt/textblob_aptagger-0.2.0-py2.py3-none-any.whl -d /tmp/apt
    python3 scripts/vendor_tagger.py /tmp/apt/textblob_aptagger/trontagger-0.1.0.pickle \
        src/domain/prose/data/perceptron.bin

Weights smaller than MIN_WEIGHT in magnitude are dropped (the tagger then agrees with the full
model on 97.3 % of the tokens of the development passages, and makes no more errors on their
place heads and motion verbs) and the rest are stored as 16-bit
integers of 1/SCALE. Feature strings are stored as their 32-bit FNV-1a hashes, sorted.

Layout (little endian): b"MRPT", version u8, the hash's FNV offset basis u32 (the standard
basis moved on until no two kept features collide), classes u8, then each class as length u8 + bytes;
tag dictionary count u32, then each entry as length u8 + word bytes + class u8; feature count
u32; the hashes (u32 each); how many weights each feature has (u8 each); the weights'
classes (u8 each); the weights' values (i16 each, value = weight * SCALE).
"""
import pickle
import struct
import sys

MIN_WEIGHT = 2.0
SCALE = 500


def fnv1a(data: bytes, basis: int) -> int:
    h = basis
    for b in data:
        h ^= b
        h = (h * 0x01000193) & 0xFFFFFFFF
    return h


def main(src: str, dst: str) -> None:
    with open(src, "rb") as f:
        weights, tagdict, classes = pickle.load(f, encoding="latin1")
    classes = sorted(classes)
    index = {c: i for i, c in enumerate(classes)}
    kept_features = {}
    for feat, ws in weights.items():
        kept = sorted((index[c], round(w * SCALE)) for c, w in ws.items() if abs(w) >= MIN_WEIGHT)
        if kept:
            kept_features[feat] = kept
    # The FNV offset basis, moved on until no two kept features share a hash.
    basis = 0x811C9DC5
    while True:
        feats = {}
        for feat, kept in kept_features.items():
            h = fnv1a(feat.encode("utf-8"), basis)
            if h in feats:
                break
            feats[h] = kept
        else:
            break
        basis = (basis + 1) & 0xFFFFFFFF
    out = bytearray(b"MRPT")
    out += struct.pack("<BIB", 1, basis, len(classes))
    for c in classes:
        b = c.encode()
        out += struct.pack("<B", len(b)) + b
    entries = sorted(tagdict.items())
    out += struct.pack("<I", len(entries))
    for word, tag in entries:
        b = word.encode("utf-8")
        out += struct.pack("<B", len(b)) + b + struct.pack("<B", index[tag])
    hashes = sorted(feats)
    out += struct.pack("<I", len(hashes))
    out += b"".join(struct.pack("<I", h) for h in hashes)
    end = 0
    for h in hashes:
        end += len(feats[h])
        out += struct.pack("<B", len(feats[h]))
    out += bytes(c for h in hashes for c, _ in feats[h])
    out += b"".join(struct.pack("<h", v) for h in hashes for _, v in feats[h])
    with open(dst, "wb") as f:
        f.write(out)
    print(f"{len(classes)} classes, {len(entries)} dictionary words, {len(hashes)} features, {end} weights, {len(out)} bytes")


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
