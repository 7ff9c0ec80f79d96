"""The big reads' answers, kept a while (issue 36): what the same question gets at the same
committed seq of the same game is the same for every screen, so it is worked out once.

The paged reads (/api/log, /api/history, /api/chart, /api/feed/log, /api/feed/ledger) and the
story (/api/feed) are each a function of the game, the seq it was read at and what was asked
(path, query, and the longest page the asker may have: common.page_max). After every stored
command each watching History page asks for what came after the seq it has, the same read from
every screen; and a flood of one read costs one read. An answer is kept under the game and seq
it says it was read at, and found by the table's last published state (the two differ only while
a command is being published: the lookup then misses and the read is made).

Bounded by BUDGET bytes and ENTRIES answers (the least recently asked go first); an answer over
LARGEST is not kept. A new or reopened game (any state that is no plain command) clears them all.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable
from typing import Any

from flask import Flask, Response, current_app, jsonify, request

from .common import page_max
from .context import Context, context

BUDGET = 4 * 1024 * 1024  # bytes of answers kept
LARGEST = BUDGET // 8  # bytes of the largest answer kept (a 2,000-entry worded page is ~0.7 MB)
ENTRIES = 256  # answers kept at most (each key holds a query string too)

Key = tuple[str, int, tuple[Any, ...]]


class Answers:
    """The kept answers (JSON bytes) by (game, seq, what was asked); thread-safe."""

    def __init__(self, budget: int = BUDGET, entries: int = ENTRIES) -> None:
        self.budget = budget
        self.entries = entries
        self._kept: OrderedDict[Key, bytes] = OrderedDict()
        self._size = 0
        self._lock = threading.Lock()
        self.hits = 0
        self.misses = 0

    def get(self, key: Key) -> bytes | None:
        with self._lock:
            data = self._kept.get(key)
            if data is None:
                self.misses += 1
                return None
            self._kept.move_to_end(key)
            self.hits += 1
            return data

    def put(self, key: Key, data: bytes) -> None:
        if len(data) > min(LARGEST, self.budget):
            return
        with self._lock:
            old = self._kept.pop(key, None)
            self._size += len(data) - (len(old) if old is not None else 0)
            self._kept[key] = data
            while self._size > self.budget or len(self._kept) > self.entries:
                _key, dropped = self._kept.popitem(last=False)
                self._size -= len(dropped)

    def clear(self) -> None:
        with self._lock:
            self._kept.clear()
            self._size = 0


def answers() -> Answers:
    return current_app.extensions["companion.answers"]  # type: ignore[no-any-return]


def kept(read: Callable[[], Any]) -> Response:
    """This request's JSON answer: kept, when the same was asked at the game's current seq;
    else `read()`, kept for the next asker (an answer of no game is not kept)."""
    state = context().table.snapshot()
    asked = (request.path, page_max(), tuple(sorted(request.args.items(multi=True))))
    found = answers().get((state["game"], state["seq"], asked)) if state is not None else None
    if found is not None:
        return current_app.response_class(found, mimetype="application/json")
    answer = read()
    response = jsonify(answer)
    game, seq = (answer.get("game"), answer.get("seq")) if isinstance(answer, dict) else (None, None)
    if isinstance(game, str) and isinstance(seq, int):
        answers().put((game, seq, asked), response.get_data())
    return response


def install(app: Flask, ctx: Context) -> None:
    """The kept answers of this app, cleared whenever the table publishes a state that is no
    plain command (a new game, another one opened, a repair)."""
    kept_here = app.extensions["companion.answers"] = Answers()

    def listen(event: dict[str, Any]) -> None:
        if event.get("type") == "state" and event.get("kind") not in ("command", "restamp"):
            kept_here.clear()

    ctx.table.listeners.append(listen)
