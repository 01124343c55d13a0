#!/usr/bin/env python3
"""Checks that a screenshot shows drawn UI, not an empty clear: the share of pixels that
differ from the most common colour (the background) and the number of distinct colours.
Reads 8-bit RGB/RGBA PNGs (what the sandbox and ImageMagick's PNG24: write), no Pillow.
Usage: png_check.py FILE [--min-covered F] [--min-colours N] [--region X0 Y0 X1 Y1]"""
import argparse
import struct
import sys
import zlib
from collections import Counter


def read_png(path):
    data = open(path, "rb").read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        sys.exit(f"{path}: not a PNG")
    pos, idat = 8, b""
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            width, height, depth, colour, _, _, interlace = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            idat += body
        pos += 12 + length
    if depth != 8 or colour not in (2, 6) or interlace:
        sys.exit(f"{path}: only 8-bit RGB/RGBA non-interlaced PNGs are read (depth {depth}, colour type {colour})")
    bpp = 3 if colour == 2 else 4
    raw, stride = zlib.decompress(idat), width * bpp
    rows, prev = [], bytearray(stride)
    for y in range(height):
        f, line = raw[y * (stride + 1)], bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride):
            a = line[i - bpp] if i >= bpp else 0
            b, c = prev[i], prev[i - bpp] if i >= bpp else 0
            if f == 1: line[i] = (line[i] + a) & 255
            elif f == 2: line[i] = (line[i] + b) & 255
            elif f == 3: line[i] = (line[i] + (a + b) // 2) & 255
            elif f == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        rows.append(bytes(line))
        prev = line
    return width, height, bpp, rows


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("file")
    ap.add_argument("--min-covered", type=float, default=0.0)
    ap.add_argument("--min-colours", type=int, default=0)
    ap.add_argument("--region", type=int, nargs=4, metavar=("X0", "Y0", "X1", "Y1"))
    args = ap.parse_args()
    width, height, bpp, rows = read_png(args.file)
    x0, y0, x1, y1 = args.region or (0, 0, width, height)
    pixels = Counter()
    for y in range(y0, min(y1, height)):
        row = rows[y]
        for x in range(x0, min(x1, width)):
            pixels[row[x * bpp:x * bpp + 3]] += 1
    total = sum(pixels.values())
    background, count = pixels.most_common(1)[0]
    covered = 1 - count / total
    print(f"{args.file}: {width}x{height}, region {x0},{y0}-{x1},{y1}: {covered:.1%} of pixels drawn over the "
          f"background #{background.hex()}, {len(pixels)} colours")
    if covered < args.min_covered or len(pixels) < args.min_colours:
        sys.exit(f"{args.file}: expected at least {args.min_covered:.0%} drawn and {args.min_colours} colours")


if __name__ == "__main__":
    main()
