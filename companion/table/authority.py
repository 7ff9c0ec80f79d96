"""Who may give a command, decided by the writer on the state it is about to apply the command
to, in the same step as the apply: a screen speaks for one seat (its session's pairing, never the
request's body), and its command must be that seat's move then. A command that names no player is
the speaker's own, never whoever happens to be current when the writer gets to it."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..rules import CommandError, Game
from ..rules.commands import BANKER, COMMANDS
from .result import BANKER_ONLY, NOT_YOURS, UNPAIRED, Result
from .words import words


@dataclass(frozen=True)
class Speaker:
    """The seat a screen speaks for: its player's name, in the game its pairing is for."""

    player: str
    game: str | None = None  # None: whatever game runs (a token tapped now, on the reader)


def refusal(key: str, kind: str, **values: Any) -> Result:
    said = words(key, **values)
    return Result(False, said["en"], refusal=kind, words=said)


def check(game: Game, game_id: str, command: dict[str, Any],
          speaker: Speaker) -> tuple[dict[str, Any], Result | None]:
    """(the command to apply, None) when the speaker may give it now, with the speaker named as
    its player when it named none; else (the command, the refusal, in every language)."""
    if speaker.game is not None and speaker.game != game_id:
        return command, refusal("authority.unpaired", UNPAIRED)
    if speaker.player not in game.seats:
        return command, refusal("authority.unpaired", UNPAIRED)
    who = COMMANDS[command["do"]][3]
    if who == BANKER:
        return command, refusal("authority.banker_only", BANKER_ONLY)
    owner = _owner(game, command)  # whose move it is now, as the engine says
    if owner != speaker.player:
        if owner is None:
            return command, refusal("authority.not_now", NOT_YOURS, player=speaker.player)
        return command, refusal("authority.not_yours", NOT_YOURS, owner=owner, player=speaker.player)
    if who not in ("player", "from") and command.get("player") is None:
        command = {**command, "player": speaker.player}  # named: the rules check it is theirs
    return command, None


def own(command: dict[str, Any], speaker: Speaker) -> dict[str, Any]:
    """The command as the speaker's (for a command confirmed on the shared Table page by
    whichever token is tapped): the field that says whose it is set to the speaker."""
    who = COMMANDS[command["do"]][3]
    if who in ("player", "from"):
        return {**command, who: speaker.player}
    return {k: v for k, v in command.items() if k != "player"}  # check() names the speaker


def _owner(game: Game, command: dict[str, Any]) -> str | None:
    """Whose move the command is now, as the engine says: the player a bid, a trade... names, or
    whoever the turn, the offer, the choice or the draw is for (a player such a command names is
    only a claim, compared with this)."""
    who = COMMANDS[command["do"]][3]
    probe = command if who in ("player", "from") else {k: v for k, v in command.items() if k != "player"}
    if probe.get("do") == "roll" and "dice" not in probe:
        probe = {**probe, "dice": [1, 1]}  # whose roll it is does not depend on the dice
    try:
        seat = game.actor(probe)
    except CommandError:
        return None
    return game.names[seat] if seat is not None else None
