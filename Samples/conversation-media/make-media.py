#!/usr/bin/env python3
"""Regenerates the media of Samples/conversation.json, byte for byte: small PNGs written with
zlib, a JPEG through ImageMagick's `convert` when it is there, and a 3.2 s WAV recording."""
import math, os, struct, subprocess, wave, zlib

HERE = os.path.dirname(os.path.abspath(__file__))

def png(path, width, height, pixel):
    rows = b"".join(b"\x00" + b"".join(bytes(pixel(x, y)) for x in range(width)) for y in range(height))
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    with open(path, "wb") as f:
        f.write(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(rows, 9)) + chunk(b"IEND", b""))

def harbour(x, y):
    """Sky, sun and sea, 440 x 300: wider than 220 pt, so it is shown scaled to 220 x 150."""
    if (x - 330) ** 2 + (y - 80) ** 2 < 900:
        return (255, 214, 102)
    if y < 180:
        return (120 + y // 3, 170 + y // 4, 235)
    wave_row = (y // 6) % 2 == 0 and (x // 20 + y // 6) % 3 == 0
    return (30, 90, 150) if not wave_row else (70, 140, 200)

def avatar(colour):
    def pixel(x, y):
        inside = (x - 39.5) ** 2 + (y - 39.5) ** 2 < 38 ** 2
        return colour if inside else (240, 240, 240)
    return pixel

png(os.path.join(HERE, "harbour.png"), 440, 300, harbour)
png(os.path.join(HERE, "me.png"), 80, 80, avatar((52, 120, 246)))

jpeg = os.path.join(HERE, "ticket.jpg")
try:
    subprocess.run(["convert", "-size", "160x120", "xc:#f4efe1", "-fill", "#c0392b", "-draw",
                    "rectangle 10,10 150,40", "-strip", "-quality", "80", jpeg], check=True)
except FileNotFoundError:
    print("convert (ImageMagick) not found: kept the existing ticket.jpg")

with wave.open(os.path.join(HERE, "voice.wav"), "wb") as w:
    w.setnchannels(1); w.setsampwidth(1); w.setframerate(4000)
    frames = bytes(128 + int(40 * math.sin(2 * math.pi * 220 * i / 4000) * math.sin(math.pi * i / 12800))
                   for i in range(12800))
    w.writeframes(frames)
