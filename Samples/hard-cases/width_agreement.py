#!/usr/bin/env python3
"""Line-count and width agreement of two measurement files ({"id","lines","width"} JSONL, px):
the share of messages with the same line count, and of those, the share whose widths are
within TOLERANCE px (default 0.5). Lists every line-count miss with its text when given the
corpus (--corpus FILE). Usage: width_agreement.py A.jsonl B.jsonl [--corpus C.jsonl] [--tolerance 0.5]"""
import argparse, json

def load(path):
    return {r["id"]: r for r in map(json.loads, filter(str.strip, open(path, encoding="utf-8")))}

def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("a"); ap.add_argument("b")
    ap.add_argument("--corpus"); ap.add_argument("--tolerance", type=float, default=0.5)
    ap.add_argument("--skip-prefix", action="append", default=[],
                    help="ids starting with this are reported apart (deliberate differences)")
    args = ap.parse_args()
    a, b = load(args.a), load(args.b)
    texts = load(args.corpus) if args.corpus else {}
    ids = [i for i in a if i in b]
    skipped = [i for i in ids if any(i.startswith(p) for p in args.skip_prefix)]
    ids = [i for i in ids if i not in skipped]
    same = [i for i in ids if a[i]["lines"] == b[i]["lines"]]
    close = [i for i in same if abs(a[i]["width"] - b[i]["width"]) <= args.tolerance]
    print("messages %d (+%d set apart)" % (len(ids), len(skipped)))
    print("same line count: %d / %d = %.1f%%" % (len(same), len(ids), 100 * len(same) / max(1, len(ids))))
    print("width within %.2f px where lines agree: %d / %d = %.1f%%"
          % (args.tolerance, len(close), len(same), 100 * len(close) / max(1, len(same))))
    for i in ids:
        if a[i]["lines"] != b[i]["lines"]:
            print("  line miss %s: %d vs %d lines, width %.2f vs %.2f  %r" % (i, a[i]["lines"], b[i]["lines"],
                  a[i]["width"], b[i]["width"], texts.get(i, {}).get("text", "")))
    for i in same:
        if i not in close:
            print("  width miss %s: %.2f vs %.2f  %r" % (i, a[i]["width"], b[i]["width"], texts.get(i, {}).get("text", "")[:80]))
    for i in skipped:
        print("  set apart %s: %d vs %d lines, width %.2f vs %.2f" % (i, a[i]["lines"], b[i]["lines"], a[i]["width"], b[i]["width"]))

main()
