#!/usr/bin/env python3
"""Prints the fingerprint of every face of every font file in this folder, as
Sources/3-Text/BubbleText/Fonts/ShippedFonts.swift lists them: run it after changing a
bundled font and paste its output there (a test checks the list against the files)."""
import glob, os, struct

def face_offsets(data):
    if data[:4] == b'ttcf':
        count = struct.unpack('>I', data[8:12])[0]
        return [struct.unpack('>I', data[12 + 4 * i:16 + 4 * i])[0] for i in range(count)]
    return [0]

def table(data, offset, tag):
    for i in range(struct.unpack('>H', data[offset + 4:offset + 6])[0]):
        record = offset + 12 + 16 * i
        if data[record:record + 4] == tag:
            return struct.unpack('>I', data[record + 8:record + 12])[0]
    raise ValueError(f'no {tag} table')

folder = os.path.dirname(os.path.abspath(__file__))
for path in sorted(glob.glob(os.path.join(folder, '*'))):
    if not path.endswith(('.ttf', '.otf', '.ttc')):
        continue
    data = open(path, 'rb').read()
    for index, offset in enumerate(face_offsets(data)):
        head, maxp = table(data, offset, b'head'), table(data, offset, b'maxp')
        adjustment = struct.unpack('>I', data[head + 8:head + 12])[0]
        glyphs = struct.unpack('>H', data[maxp + 4:maxp + 6])[0]
        print(f'        Fingerprint(bytes: {len(data)}, face: {index}, checksumAdjustment: 0x{adjustment:08X}, '
              f'glyphs: {glyphs}), // {os.path.basename(path)}')
