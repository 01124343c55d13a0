#!/usr/bin/python3
"""Independent implementation of the DXBC container checksum, for the tests.

The checksum is MD5's compression function with the standard initial state, run over the
container from byte 20 on, with DXBC's own padding instead of MD5's length trailer:
the bit count B (32 bits) goes first in the final block when the leftover is under 56
bytes, else into an extra block; (B >> 2) | 1 is the block's last word.

Usage: dxbc_checksum.py FILE -> prints the four checksum words (hex), and whether the
checksum stored in bytes 4..19 matches.
"""
import math
import struct
import sys

S = [7, 12, 17, 22] * 4 + [5, 9, 14, 20] * 4 + [4, 11, 16, 23] * 4 + [6, 10, 15, 21] * 4
K = [int(abs(math.sin(i + 1)) * 2**32) & 0xFFFFFFFF for i in range(64)]


def rotl(x, c):
    return ((x << c) | (x >> (32 - c))) & 0xFFFFFFFF


def compress(state, block):
    m = struct.unpack("<16I", block)
    a, b, c, d = state
    for i in range(64):
        if i < 16:
            f, g = (b & c) | (~b & d), i
        elif i < 32:
            f, g = (d & b) | (~d & c), (5 * i + 1) % 16
        elif i < 48:
            f, g = b ^ c ^ d, (3 * i + 5) % 16
        else:
            f, g = c ^ (b | (~d & 0xFFFFFFFF)), (7 * i) % 16
        f &= 0xFFFFFFFF
        a, d, c, b = d, c, b, (b + rotl((a + f + K[i] + m[g]) & 0xFFFFFFFF, S[i])) & 0xFFFFFFFF
    return [(x + y) & 0xFFFFFFFF for x, y in zip(state, (a, b, c, d))]


def dxbc_checksum(data):
    state = [0x67452301, 0xEFCDAB89, 0x98BADCFE, 0x10325476]
    full = len(data) // 64 * 64
    for i in range(0, full, 64):
        state = compress(state, data[i:i + 64])
    bits = (len(data) * 8) & 0xFFFFFFFF
    tail = (bits >> 2) | 1
    left = data[full:]
    if len(left) < 56:
        block = struct.pack("<I", bits) + left + b"\x80"
        block += b"\x00" * (60 - len(block)) + struct.pack("<I", tail)
        state = compress(state, block)
    else:
        block = left + b"\x80" + b"\x00" * (63 - len(left))
        state = compress(state, block)
        state = compress(state, struct.pack("<I", bits) + b"\x00" * 56 + struct.pack("<I", tail))
    return state


def main():
    data = open(sys.argv[1], "rb").read()
    words = dxbc_checksum(data[20:])
    stored = list(struct.unpack("<4I", data[4:20]))
    print(" ".join(f"{w:08x}" for w in words), "match" if words == stored else "mismatch")


if __name__ == "__main__":
    main()
