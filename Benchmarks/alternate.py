#!/usr/bin/env python3
"""Whole processes, alternating: what a build or a switch changes, measured in one run.

    python3 Benchmarks/alternate.py N 'LABEL=ENV:COMMAND' 'LABEL=ENV:COMMAND' ...

Runs each COMMAND (through /bin/sh) once per round for N rounds, in turn, reversing the order
every other round so that neither side always runs first; ENV is empty or NAME~VALUE pairs
separated by ';' (e.g. BUBBLES_EXACT~own-deflate). Prints each label's median wall time, median
CPU time (user + system of the child, from wait4) and both as ratios to the first label's, and
its best wall time. A command that exits non-zero stops the run. docs/performance.md uses it
for the fast paths' table and the before/after rows."""
import os
import statistics
import subprocess
import sys
import time


def parse(spec):
    label, rest = spec.split('=', 1)
    env_text, command = rest.split(':', 1)
    env = dict(os.environ)
    for pair in filter(None, env_text.split(';')):
        name, value = pair.split('~', 1)
        env[name] = value
    return label, env, command


def run_once(env, command):
    start = time.perf_counter()
    child = subprocess.Popen(['/bin/sh', '-c', 'exec ' + command], env=env,
                             stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _, status, usage = os.wait4(child.pid, 0)
    if status != 0:
        sys.exit(f'alternate.py: {command!r} exited with status {status}')
    return time.perf_counter() - start, usage.ru_utime + usage.ru_stime


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    rounds = int(sys.argv[1])
    variants = [parse(spec) for spec in sys.argv[2:]]
    wall = {label: [] for label, _, _ in variants}
    cpu = {label: [] for label, _, _ in variants}
    for index in range(rounds):
        for label, env, command in (variants if index % 2 == 0 else variants[::-1]):
            seconds, cpu_seconds = run_once(env, command)
            wall[label].append(seconds)
            cpu[label].append(cpu_seconds)
    first = variants[0][0]
    base_wall, base_cpu = statistics.median(wall[first]), statistics.median(cpu[first])
    for label, _, _ in variants:
        w, c = statistics.median(wall[label]), statistics.median(cpu[label])
        print(f'{label:26s} wall {w * 1000:7.1f} ms ({w / base_wall:5.3f})  '
              f'cpu {c * 1000:7.1f} ms ({c / base_cpu:5.3f})  best wall {min(wall[label]) * 1000:7.1f}')


if __name__ == '__main__':
    main()
