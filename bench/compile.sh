#!/usr/bin/env bash
# Compile the rule engine, the bots and the game loop with mypyc into .build/compiled/.
# The same source files, type-checked and turned into C extensions; the package in the source tree
# stays pure Python. Use it with PYTHONPATH=.build/compiled.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
out=.build/compiled
rm -rf "$out"
mkdir -p "$out"
cp -r companion "$out/"
find "$out" -name __pycache__ -prune -exec rm -rf {} +
cd "$out"
../../.venv/bin/mypyc companion/rules/*.py companion/bots/player.py companion/simulate/play.py \
    > ../mypyc.log 2>&1 || { tail -20 ../mypyc.log >&2; exit 1; }
echo "compiled engine in $out"
