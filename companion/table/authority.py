"""Who may give a command, decided by the writer on the state it is about to apply the command
to, in the same step as the apply: a screen speaks for one seat (its session's pairing, never the
request's body), and its command must be that seat's move then. A command that names no player is
the speaker's own, never whoever happens to be current when the writer gets to it. A computer's
seat (rules/seats.py) is spoken for by the table's computer alone (source "computer"), and the
computer speaks for nothing else: no phone plays for it, and it plays for no person."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..i18n.persons import People
from ..rules import CommandError, Game
from ..rules.commands import BANKER, COMMANDS
from .result import BANKER_ONLY, NOT_YOURS, UNPAIRED, Result
from .words import words

COMPUTER = "computer"  # the source of the commands the table's computer gives for its seats


@dataclass(frozen=True)
class Speaker:
    """The seat a screen speaks for: its player's name, in the game its pairing is for."""

    player: str
    game: str | None = None  # None: whatever game runs (a token tapped now, on the reader)


def refusal(key: str, kind: str, people: People | None = None, **values: Any) -> Result:
    said = words(key, people, **values)
    return Result(False, said["en"], refusal=kind, words=said)


def check(game: Game, game_id: str, command: dict[str, Any],
          speaker: Speaker, source: str = "tablet") -> tuple[dict[str, Any], Result | None]:
    """(the command to apply, None) when the speaker may give it now; else (the command, the
    refusal, in every language).

    A command naming a player (a bid, a trade's `from`...) must name the speaker. One that may
    name its player (a roll, a purchase, a choice, a draw) and names none is the speaker's own: it
    must be the speaker's move now, and is applied naming them; one that names the speaker goes to
    the rules, which refuse it unless it is theirs (whose turn, offer, choice or draw it is).
    """
    if speaker.game is not None and speaker.game != game_id:
        return command, refusal("authority.unpaired", UNPAIRED)
    if speaker.player not in game.seats:
        return command, refusal("authority.unpaired", UNPAIRED)
    computer = plays_itself(game, speaker.player)
    if computer != (source == COMPUTER):
        key = "authority.computer_seat" if computer else "authority.person_seat"
        return command, refusal(key, NOT_YOURS, game.forms, player=speaker.player)
    who = COMMANDS[command["do"]][3]
    if who == BANKER:
        return command, refusal("authority.banker_only", BANKER_ONLY)
    if who in ("player", "from"):
        owner: str | None = command[who]
    elif command.get("player") is not None:
        owner = command["player"]
    else:
        owner = _owner(game, command)  # whose turn, offer, choice or draw it is now
        if owner == speaker.player:
            command = {**command, "player": speaker.player}
    if owner == speaker.player:
        return command, None
    if owner is None:
        return command, refusal("authority.not_now", NOT_YOURS, game.forms, player=speaker.player)
    return command, refusal("authority.not_yours", NOT_YOURS, game.forms, owner=owner, player=speaker.player)


def plays_itself(game: Game, player: str) -> bool:
    """Whether the table's computer plays this seat (no phone pairs to it, no screen speaks for it)."""
    seat = game.seats.get(player)
    return seat is not None and bool(game.computer[seat])


def own(command: dict[str, Any], speaker: Speaker) -> dict[str, Any]:
    """The command as the speaker's (for a command confirmed on the shared Table page by
    whichever token is tapped): the field that says whose it is set to the speaker."""
    who = COMMANDS[command["do"]][3]
    if who in ("player", "from"):
        return {**command, who: speaker.player}
    return {k: v for k, v in command.items() if k != "player"}  # check() names the speaker


def _owner(game: Game, command: dict[str, Any]) -> str | None:
    """Whose move a command that names no player is now, as the engine says."""
    probe = command if "dice" in command or command.get("do") != "roll" else {**command, "dice": [1, 1]}
    try:
        seat = game.actor(probe)
    except CommandError:
        return None
    return game.names[seat] if seat is not None else None
