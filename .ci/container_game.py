"""A game played through the API of an installed table (the container job, .ci/container-job): the
banker creates a game and plays three turns each, the dice given as the banker's (the container has
no dice unit). Standard library only: it runs with the system's python3. Exit 0 when every command
was stored; prints what it played."""

from __future__ import annotations

import json
import random
import sys
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # the checkout: /src in the container
from tests.plain_play import next_command  # noqa: E402 - standard library only, as this file

URL = sys.argv[1] if len(sys.argv) > 1 else "http://127.0.0.1"
BANKER = {"X-Banker-Pin": sys.argv[2] if len(sys.argv) > 2 else "135790"}
NEW_GAME = {"players": ["Ann", "Bob"], "seed": 3, "tokens": {"Ann": "car", "Bob": "dog"}}
dice = random.Random(7)


def call(method: str, path: str, body: Any = None) -> tuple[int, Any]:
    data = json.dumps(body).encode() if body is not None else None
    request = urllib.request.Request(URL + path, data=data, method=method,
                                     headers={"Content-Type": "application/json", "Origin": URL, **BANKER})
    try:
        with urllib.request.urlopen(request, timeout=20) as answer:
            return answer.status, json.loads(answer.read() or b"null")
    except urllib.error.HTTPError as error:
        return error.code, error.read().decode()


def main() -> int:
    status, created = call("POST", "/api/games", NEW_GAME)
    if status != 201:
        print(f"game: POST /api/games answered {status}: {created}")
        return 1
    turns = 0
    for _ in range(300):
        status, state = call("GET", "/api/state")
        command = next_command(state, dice=lambda: [dice.randint(1, 6), dice.randint(1, 6)])
        if command is None:
            break
        status, stored = call("POST", "/api/commands", command)
        if status != 200:
            print(f"game: {command} answered {status}: {stored}")
            return 1
        turns += command["do"] == "end_turn"
        if turns == 6:
            break
    status, state = call("GET", "/api/state")
    print(f"game: {turns} turns played, {state.get('seq')} entries stored")
    return 0 if turns == 6 else 1


if __name__ == "__main__":
    sys.exit(main())
