"""The plainest legal move of a game read from /api/state, and the daemon's processes as /proc shows
them: shared by the server tests (tests/server_support.py), bench/server_load.py and the container
job (.ci/container_game.py). Standard library only: the container runs it with the system's python3.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

ENDING_FIRST = ("end_turn", "roll", "decline", "pass", "pay_jail_fine")  # a turn ends when it may
ROLLING_FIRST = ("roll", "end_turn", "decline", "pass", "pay_jail_fine")  # a double is rolled again


def next_command(state: dict[str, Any], order: Sequence[str] = ENDING_FIRST,
                 dice: Callable[[], list[int]] | None = None) -> dict[str, Any] | None:
    """The game's next legal move, played as plainly as possible (nothing bought, nothing bid);
    `dice` gives a roll its dice (the banker's, where the table has no dice unit)."""
    decision = state.get("decision")
    if decision is None:
        return None
    kind, players, options = decision["kind"], decision.get("players") or [], decision.get("options") or []
    player = players[0] if players else None
    if kind == "choice":
        return {"do": "choose", "option": (state.get("pending") or {}).get("options", ["pay"])[0]}
    if kind == "debt":
        return {"do": "bankrupt", "player": player}
    if kind == "trade":
        return {"do": "reject", "player": player}
    for wanted in order:
        if wanted in options:
            command: dict[str, Any] = {"do": wanted}
            if wanted == "pass":
                command["player"] = player
            if wanted == "roll" and dice is not None:
                command["dice"] = dice()
            return command
    return {"do": options[0], "player": player} if options else None


def children(pid: int) -> list[int]:
    """The processes this one started (every thread's children)."""
    found: list[int] = []
    for task in Path(f"/proc/{pid}/task").glob("*"):
        try:
            found += [int(p) for p in (task / "children").read_text().split()]
        except OSError:
            pass
    return found


def command_line(pid: int) -> str:
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode()
    except OSError:
        return ""


def nginx_of(pid: int) -> list[int]:
    """The nginx this daemon started: its program is nginx ("nginx: master process ..." once it
    has named itself). Not "nginx" anywhere in the command line: a child the daemon has forked
    and not yet exec'd (an odds worker starting with a new game) still shows the daemon's own,
    whose data folder is named after a test about nginx."""
    return [p for p in children(pid) if Path(command_line(p).split(" ", 1)[0]).name.startswith("nginx")]
