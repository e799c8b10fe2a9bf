#!/usr/bin/env python3
"""Draws Casebook's app icons (a book with a pulse line) as PNGs, without
image libraries. Run once; the PNGs are committed under public/icons/."""
import struct
import zlib


def png(path, size, maskable=False):
    bg = (29, 78, 216)
    fg = (255, 255, 255)
    pad = 0.2 if maskable else 0.1
    rows = []
    for y in range(size):
        row = bytearray([0])
        for x in range(size):
            u, v = x / size, y / size
            inside_bg = maskable or (abs(u - 0.5) < 0.5 - 0.02 and abs(v - 0.5) < 0.5 - 0.02)
            color = bg if inside_bg else (0, 0, 0)
            alpha = 255 if inside_bg else 0
            # The book: a white page block.
            if pad + 0.08 < u < 1 - pad - 0.08 and pad + 0.05 < v < 1 - pad - 0.05:
                color = fg
                # Spine.
                if abs(u - 0.5) < 0.012:
                    color = bg
                # Pulse line across the pages.
                t = (u - (pad + 0.08)) / (1 - 2 * (pad + 0.08))
                yline = 0.5
                if 0.35 < t < 0.45:
                    yline = 0.5 - (t - 0.35) * 2.5
                elif 0.45 <= t < 0.55:
                    yline = 0.25 + (t - 0.45) * 5.0
                elif 0.55 <= t < 0.62:
                    yline = 0.75 - (t - 0.55) * (0.25 / 0.07)
                if abs(v - yline) < 0.025:
                    color = (220, 38, 38)
            row += bytes(color) + bytes([alpha])
        rows.append(bytes(row))
    raw = zlib.compress(b"".join(rows), 9)

    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    data = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", size, size, 8, 6, 0, 0, 0)) + chunk(b"IDAT", raw) + chunk(b"IEND", b"")
    open(path, "wb").write(data)


png("public/icons/icon-192.png", 192)
png("public/icons/icon-512.png", 512)
png("public/icons/icon-maskable-512.png", 512, maskable=True)
