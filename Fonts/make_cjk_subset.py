#!/usr/bin/python3
"""Make Fonts/NotoSansCJKsc-Regular-subset.otf from Debian's Noto Sans CJK collection.

Run with Debian's interpreter and python3-fonttools (not a pyenv python3):

    /usr/bin/python3 Fonts/make_cjk_subset.py [--ttc PATH] [--corpus PATH] [--out PATH]

Why a subset: the full Simplified Chinese face is ~16 MB, and the project bundles every font
it measures with. The subset keeps the characters chat text in Chinese, Japanese and Korean
actually uses (GB 2312, JIS X 0208, KS X 1001 Hangul, CJK punctuation, kana, full-width forms,
ASCII) plus every character of the benchmark corpus the full face covers, and keeps every
metric and every layout feature, so a measurement with the subset equals one with the full face.

After writing, the script reopens both fonts and refuses (exit 1) if hhea ascender, descender,
lineGap, head.unitsPerEm, or the horizontal/vertical advance of sample characters differ.
"""

import argparse
import hashlib
import json
import sys
from pathlib import Path

from fontTools import subset
from fontTools.ttLib import TTFont

HERE = Path(__file__).resolve().parent
DEFAULT_TTC = Path("/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc")
DEFAULT_CORPUS = Path("/work/shared/bench/out/corpus.jsonl")
DEFAULT_OUT = HERE / "NotoSansCJKsc-Regular-subset.otf"
FACE_INDEX = 2  # 0 JP, 1 KR, 2 SC, 3 TC, 4 HK in Debian's NotoSansCJK-Regular.ttc
EXPECTED_FAMILY = "Noto Sans CJK SC"


def two_byte_characters(codec):
    """Every character a double-byte EUC codec decodes from lead/trail bytes 0xA1-0xFE."""
    found = set()
    for lead in range(0xA1, 0xFF):
        for trail in range(0xA1, 0xFF):
            try:
                text = bytes([lead, trail]).decode(codec)
            except UnicodeDecodeError:
                continue
            if len(text) == 1:
                found.add(ord(text))
    return found


def corpus_characters(path):
    found = set()
    with open(path, encoding="utf-8") as lines:
        for line in lines:
            line = line.strip()
            if line:
                found.update(ord(c) for c in json.loads(line)["text"])
    return found


def character_sets(corpus_path):
    """The named sets, in the order the report prints them."""
    hangul = {c for c in two_byte_characters("euc_kr") if 0xAC00 <= c <= 0xD7A3}
    sets = {
        "GB 2312 (gb2312 codec)": two_byte_characters("gb2312"),
        "JIS X 0208 (euc_jp two-byte)": two_byte_characters("euc_jp"),
        "KS X 1001 Hangul syllables (euc_kr)": hangul,
        "U+3000-U+303F CJK symbols and punctuation": set(range(0x3000, 0x3040)),
        "U+3040-U+30FF hiragana and katakana": set(range(0x3040, 0x3100)),
        "U+FF00-U+FFEF half- and full-width forms": set(range(0xFF00, 0xFFF0)),
        "ASCII U+0020-U+007E": set(range(0x20, 0x7F)),
    }
    if corpus_path is not None:
        sets["benchmark corpus"] = corpus_characters(corpus_path)
    return sets


def subset_options():
    options = subset.Options()
    options.layout_features = ["*"]        # every GSUB/GPOS feature (vert, locl, halt, palt, ...)
    options.layout_scripts = ["*"]
    options.name_IDs = ["*"]               # keep the whole name table
    options.name_languages = ["*"]
    options.name_legacy = True
    options.glyph_names = False
    options.hinting = True                 # CFF hints stay as they are
    options.notdef_outline = True
    options.recalc_bounds = False          # head/hhea/vhea untouched
    options.recalc_timestamp = False       # deterministic output
    options.recalc_average_width = False
    options.recalc_max_context = False
    options.prune_unicode_ranges = False   # OS/2 untouched
    options.drop_tables = [t for t in options.drop_tables if t != "BASE"]  # keep baselines
    options.passthrough_tables = True
    options.desubroutinize = False
    return options


def advance(font, table, codepoint):
    glyph = font.getBestCmap()[codepoint]
    return font[table].metrics[glyph][0]


def verify(original, result, sample):
    problems = []
    for table, field in (("hhea", "ascent"), ("hhea", "descent"), ("hhea", "lineGap"),
                         ("head", "unitsPerEm"), ("vhea", "ascent"), ("vhea", "descent"),
                         ("OS/2", "sTypoAscender"), ("OS/2", "sTypoDescender"),
                         ("OS/2", "sTypoLineGap"), ("OS/2", "usWinAscent"), ("OS/2", "usWinDescent")):
        before, after = getattr(original[table], field), getattr(result[table], field)
        if before != after:
            problems.append(f"{table}.{field}: {before} became {after}")
    cmap = result.getBestCmap()
    for codepoint in sample:
        if codepoint not in cmap:
            problems.append(f"U+{codepoint:04X} missing from the subset")
            continue
        for table in ("hmtx", "vmtx"):
            before, after = advance(original, table, codepoint), advance(result, table, codepoint)
            if before != after:
                problems.append(f"U+{codepoint:04X} {table} advance {before} became {after}")
    return problems


def evenly_spaced(values, count):
    values = sorted(values)
    if len(values) <= count:
        return values
    step = len(values) / count
    return [values[int(i * step)] for i in range(count)]


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ttc", type=Path, default=DEFAULT_TTC)
    parser.add_argument("--corpus", type=Path, default=DEFAULT_CORPUS,
                        help="JSON lines with a 'text' field; pass '' to skip")
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT)
    args = parser.parse_args()
    corpus = args.corpus if str(args.corpus) else None

    original = TTFont(args.ttc, fontNumber=FACE_INDEX, lazy=False)
    family = original["name"].getDebugName(1)
    if family != EXPECTED_FAMILY:
        sys.exit(f"{args.ttc}: face {FACE_INDEX} is {family!r}, expected {EXPECTED_FAMILY!r}")
    full_cmap = original.getBestCmap()

    sets = character_sets(corpus)
    wanted = set()
    print(f"{'set':45} {'chars':>6} {'in face':>8}")
    for name, chars in sets.items():
        covered = chars & full_cmap.keys()
        wanted |= covered
        print(f"{name:45} {len(chars):6d} {len(covered):8d}")
    print(f"{'union kept':45} {'':6} {len(wanted):8d}")

    font = TTFont(args.ttc, fontNumber=FACE_INDEX, lazy=False,
                  recalcBBoxes=False, recalcTimestamp=False)
    subsetter = subset.Subsetter(options=subset_options())
    subsetter.populate(unicodes=sorted(wanted))
    subsetter.subset(font)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    temporary = args.out.with_name(args.out.name + ".tmp")
    font.save(temporary, reorderTables=True)
    temporary.replace(args.out)

    result = TTFont(args.out, lazy=False)
    kept = result.getBestCmap()
    print(f"cmap entries: full face {len(full_cmap)}, subset {len(kept)}; "
          f"glyphs: full {original['maxp'].numGlyphs}, subset {result['maxp'].numGlyphs}")
    missing = wanted - kept.keys()
    if missing:
        sys.exit(f"subset lacks {len(missing)} wanted characters, e.g. U+{min(missing):04X}")
    sample = evenly_spaced(wanted, 400)
    problems = verify(original, result, sample)
    if problems:
        sys.exit("metrics changed:\n  " + "\n  ".join(problems[:20]))
    print(f"verified: vertical metrics, unitsPerEm and advances of {len(sample)} sample characters "
          f"equal face {FACE_INDEX} of {args.ttc.name}")
    digest = hashlib.sha256(args.out.read_bytes()).hexdigest()
    print(f"{args.out.name}: {args.out.stat().st_size} bytes, sha256 {digest}")


if __name__ == "__main__":
    main()
