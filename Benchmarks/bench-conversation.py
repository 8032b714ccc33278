#!/usr/bin/env python3
"""Writes the bench corpus's first N texts as a JSON conversation (docs/json-format.md), in
sender runs of 1-4 messages drawn with seed 375, for whole-process `bubbles render` timings:

    python3 Benchmarks/bench-conversation.py /tmp/bench/out/corpus.jsonl 200 > conv200.json"""
import json
import random
import sys


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    with open(sys.argv[1], encoding='utf-8') as corpus:
        texts = [json.loads(line)['text'] for line in corpus if line.strip()][:int(sys.argv[2])]
    draw, messages, outgoing = random.Random(375), [], True
    while len(messages) < len(texts):
        for _ in range(draw.randint(1, 4)):
            if len(messages) == len(texts):
                break
            index = len(messages)
            messages.append({'id': str(index + 1), 'sender': 'me@example.com' if outgoing else 'ann@example.com',
                             'time': '2024-05-01T09:%02d:%02dZ' % (index // 60 % 60, index % 60),
                             'kind': 'text', 'text': texts[index]})
        outgoing = not outgoing
    json.dump({'version': 1, 'account': 'me@example.com',
               'participants': [{'id': 'me@example.com', 'name': 'Me'}, {'id': 'ann@example.com', 'name': 'Ann'}],
               'messages': messages}, sys.stdout, ensure_ascii=False)


if __name__ == '__main__':
    main()
