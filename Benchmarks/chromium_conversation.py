#!/usr/bin/env python3
"""Writes the conversation ../shared/bench/chromium_render.sh screenshots, as a ChatBubbles
JSON conversation: the corpus's first N texts (default 200), in the same sender runs (the
script's fixed seed: runs of 1-4 messages, the side switching with probability 0.8), one
message a second. Its two peers become one ("ann"): a JSON conversation has two participants.

Usage: python3 Benchmarks/chromium_conversation.py CORPUS.jsonl OUT.json [N]
Then:  bubbles render OUT.json -o x.png   (against chromium_render.sh N)
"""
import json
import random
import sys

corpus, out = sys.argv[1], sys.argv[2]
count = int(sys.argv[3]) if len(sys.argv) > 3 else 200
texts = [json.loads(line)["text"] for line in open(corpus, encoding="utf-8") if line.strip()][:count]
rng = random.Random(375)  # chromium_render.sh's seed and draws, in the same order
outgoing, run, messages = False, 0, []
for index, text in enumerate(texts):
    if run == 0:
        outgoing = not outgoing if rng.random() < 0.8 else outgoing
        run = rng.randint(1, 4)
        rng.randint(0, 1)  # the script's choice of peer colour
    run -= 1
    messages.append({"id": str(index), "sender": "me@example.com" if outgoing else "ann@example.com",
                     "time": "2024-05-01T%02d:%02d:%02dZ" % (9 + index // 3600, index // 60 % 60, index % 60),
                     "kind": "text", "text": text})
conversation = {"version": 1, "account": "me@example.com",
                "participants": [{"id": "me@example.com", "name": "Me"}, {"id": "ann@example.com", "name": "Ann"}],
                "messages": messages}
with open(out, "w", encoding="utf-8") as file:
    json.dump(conversation, file, ensure_ascii=False)
