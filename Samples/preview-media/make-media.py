#!/usr/bin/env python3
"""Regenerates the media of Samples/preview-kinds.json, byte for byte: a wide and a tall PNG
written with zlib (wide is scaled down to 220 pt, tall is shown at its natural size) and a
short WAV used as the audio attachment of both voice messages (the JSON gives the durations)."""
import math, os, struct, wave, zlib

HERE = os.path.dirname(os.path.abspath(__file__))

def png(path, width, height, pixel):
    rows = b"".join(b"\x00" + b"".join(bytes(pixel(x, y)) for x in range(width)) for y in range(height))
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    with open(path, "wb") as f:
        f.write(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(rows, 9)) + chunk(b"IEND", b""))

def stripes(x, y):
    """Wide: 400 x 150, horizontal bands of a sunset."""
    band = y // 25
    return [(255, 200, 120), (250, 160, 100), (230, 110, 90), (170, 80, 110), (90, 60, 120), (40, 40, 90)][band]

def tower(x, y):
    """Tall: 90 x 200, a grey tower on sky, narrower than 220 pt so shown as is."""
    if 30 <= x < 60 and y >= 40:
        return (120, 120, 130) if (y // 20 + x // 10) % 2 else (150, 150, 160)
    return (150, 200, 240)

png(os.path.join(HERE, "wide.png"), 400, 150, stripes)
png(os.path.join(HERE, "tall.png"), 90, 200, tower)

with wave.open(os.path.join(HERE, "voice.wav"), "wb") as w:
    w.setnchannels(1); w.setsampwidth(1); w.setframerate(4000)
    w.writeframes(bytes(128 + int(40 * math.sin(2 * math.pi * 220 * i / 4000)) for i in range(8000)))
