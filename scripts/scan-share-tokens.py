#!/usr/bin/env python3
"""Fail when a log holds a share-link token (issue 28: bearer links never reach logs).

Usage: scripts/scan-share-tokens.py PATH...   (files, or folders searched for *.log)

A token (backend/sharelink) is base64url without padding of: expiry (8 bytes,
big-endian Unix seconds) | share id (22 base64url characters) | report id |
HMAC-SHA256 (32 bytes). Every run of base64url characters long enough to be
one is decoded and counted when it has that shape: a plausible expiry and a
share id in base64url's alphabet. Tokens found are never printed, only where
and how many.
"""
import base64
import os
import re
import sys

EXPIRY, SHARE_ID, MAC = 8, 22, 32
MIN_LEN = -(-(EXPIRY + SHARE_ID + 1 + MAC) * 4 // 3)  # sharelink.MinTokenLen: 84
CANDIDATE = re.compile(r"[A-Za-z0-9_-]{%d,}" % MIN_LEN)
B64URL = set(b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
# Expiries a live token can have: from 2020 to 2200.
EARLIEST, LATEST = 1577836800, 7258118400


def is_token(s):
    if len(s) % 4 == 1:
        return False
    try:
        b = base64.urlsafe_b64decode(s + "=" * (-len(s) % 4))
    except ValueError:
        return False
    if len(b) < EXPIRY + SHARE_ID + 1 + MAC:
        return False
    expiry = int.from_bytes(b[:EXPIRY], "big")
    return EARLIEST <= expiry <= LATEST and all(c in B64URL for c in b[EXPIRY:EXPIRY + SHARE_ID])


def tokens_in(text):
    # Runs of base64url characters are tried whole: paths, URLs and JSON
    # carry a token between separators (/, ?, quotes, spaces).
    return [m.group(0) for m in CANDIDATE.finditer(text) if is_token(m.group(0))]


def files(paths):
    for p in paths:
        if os.path.isdir(p):
            for root, _, names in os.walk(p):
                for n in sorted(names):
                    if n.endswith(".log"):
                        yield os.path.join(root, n)
        elif os.path.isfile(p):
            yield p


def main(argv):
    if len(argv) < 2:
        print(__doc__.strip(), file=sys.stderr)
        return 2
    found = scanned = 0
    for f in files(argv[1:]):
        scanned += 1
        with open(f, encoding="utf-8", errors="replace") as fh:
            n = len(tokens_in(fh.read()))
        if n:
            print(f"share tokens in {f}: {n}")
            found += n
    print(f"share-token scan: {found} token(s) in {scanned} log file(s)")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
