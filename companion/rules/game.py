"""The game's public face: `Game`, what the rest of the companion asks of a game, and `new_game`,
which starts one from a script's first line.

`Game` stands on `BaseGame` (core.py: the state and the money primitives every rule goes through)
and adds what only the top floor can know: `apply` runs a command's handler (commands.py),
`decision()` and `next_kind()` ask decision.py, `legal_commands()` legal.py, `actor()` actor.py.
`apply` is whole or nothing: the state is saved before a command and put back if anything at all
goes wrong, a rule's refusal or a bug, so no command ever leaves half a trace.
"""

from __future__ import annotations

import json
from collections import OrderedDict
from typing import Any, Final

from .actor import actor
from .commands import HANDLERS, _int, _str, dispatch
from .core import SILENT, BaseGame, Outcome
from .decision import Decision, answering, decide, kind_now, next_kind
from .edition import DEFAULT_EDITION, Edition, load_edition, parse_edition
from .edition_check import edition_problems
from .errors import Malformed, Rejected
from .house_rules import HouseRules
from .legal import Legal, legal_commands
from .seats import LEVELS

UNDO_DEPTH: Final = 64  # states `push` keeps for `pop`; older ones are dropped


class Game(BaseGame):
    """A game under the rules of RULES.md. Dice are inputs; decks are shuffled from the seed."""

    __slots__ = ()

    # ---- applying commands -------------------------------------------------------------------

    def apply(self, command: dict[str, Any], guarded: bool = True, quiet: bool = False,
              well_formed: bool = False) -> Outcome:
        """Apply one table-script command, whole or not at all.

        Raises Malformed or Rejected for what the rules refuse; anything else is a bug. Either
        way the game is exactly as it was before the call.

        `guarded=False` skips saving the state first, for games nobody keeps (bots simulating
        millions of them): a rule's refusal still changes nothing (every check comes before any
        change), but after a bug the game is half-changed and must be thrown away.
        `quiet=True` keeps no story: no event is told and no transfer recorded (the outcome
        returned is empty), for games whose story nobody reads; the game plays the same.
        `well_formed=True`: the caller vouches for the command's shape (bots' own commands, made
        right by construction), so its fields are not checked again; whether the rules take it
        is checked as always, by its handler.
        """
        handler, cmd = (HANDLERS[command["do"]], command) if well_formed else dispatch(command)
        if self.over:
            raise Rejected(self.game_over_reason())
        self.quiet = quiet
        if quiet:
            self.outcome = SILENT
            handler(self, cmd)
            if self.debts:
                self.settle_debts()
            return SILENT
        if not guarded:
            self.outcome = unguarded = Outcome(command)
            handler(self, cmd)
            if self.debts:
                self.settle_debts()
            return unguarded
        saved = self.save()
        previous = self.outcome
        try:
            self.outcome = outcome = Outcome(command)
            handler(self, cmd)
            if self.debts:
                self.settle_debts()
        except BaseException:
            self.load(saved)
            self.outcome = previous
            raise
        return outcome

    def push(self, command: dict[str, Any]) -> Outcome:
        """`apply`, keeping the state before it so that `pop` can take the command back exactly."""
        saved = self.save()
        previous = self.outcome
        stack = self.undo_stack
        try:
            outcome = self.apply(command)
            stack.append(saved)
            if len(stack) > UNDO_DEPTH:
                del stack[0]
        except BaseException:
            if stack and stack[-1] is saved:
                stack.pop()
            self.load(saved)
            self.outcome = previous
            raise
        return outcome

    def pop(self) -> None:
        """Take back the last command `push` applied (IndexError when none is kept)."""
        self.load(self.undo_stack.pop())

    def is_legal(self, command: dict[str, Any]) -> bool:
        """Would the rules take this command now? Tried and rolled back, so nothing changes."""
        saved = self.save()
        outcome = self.outcome
        try:
            self.apply(command)
        except (Rejected, Malformed):
            return False
        finally:
            self.load(saved)
            self.outcome = outcome
        return True

    def decision(self) -> Decision | None:
        """The one decision that holds up play now (None once the game is over)."""
        return decide(self)

    def decision_kind(self) -> str:
        """Just the kind of `decision()` ("" once the game is over), without making one."""
        return kind_now(self)

    def next_kind(self) -> str:
        """The kind of what is answered next, an open rent claim included (what bots dispatch on)."""
        return next_kind(self)

    def answering(self) -> int:
        """The seat whose move comes next: whoever answers the open decision, else the current player."""
        return answering(self)

    def legal_commands(self, player: int | str | None) -> list[Legal]:
        """Every command this player (a seat or a name; None: the banker) may give now."""
        seat = self.seats.get(player) if isinstance(player, str) else player
        if isinstance(player, str) and seat is None:
            return []
        return legal_commands(self, seat)

    def actor(self, command: dict[str, Any]) -> int | None:
        """Whose move a command is: a seat, or None when it is the banker's (raises Malformed)."""
        return actor(self, command)


def new_game(command: Any) -> Game:
    """Start a game from a script's first line: players, seed, house rules, edition, tag map."""
    if type(command) is not dict or command.get("do") != "new_game":
        raise Malformed('a script starts with {"do": "new_game", ...}')
    players = command.get("players")
    if type(players) is not list or not all(_str(p) for p in players):
        raise Malformed('new_game: "players" must be a list of names')
    seed = command.get("seed", 0)
    if not _int(seed):
        raise Malformed('new_game: "seed" must be a whole number')
    tags = command.get("tags") or {}
    if type(tags) is not dict or not all(_str(k) and _str(v) for k, v in tags.items()):
        raise Malformed('new_game: "tags" must map tag ids to "token:NAME" or "deed:SQUARE"')
    edition = command.get("edition", DEFAULT_EDITION)
    if not _str(edition) or not edition.replace("-", "").isalnum() or not edition.isascii():
        raise Malformed('new_game: "edition" must be an edition name')
    if command.get("board") is not None:
        board = inline_edition(edition, command["board"])
    else:
        try:
            board = load_edition(edition)
        except FileNotFoundError:
            raise Malformed(f"new_game: there is no edition called {edition!r}") from None
    rules = HouseRules.from_dict(command.get("rules"))
    forms = command.get("forms") or {}
    if not _forms(forms, players):
        raise Malformed('new_game: "forms" must map players to {"gender": "she", "he" or null, '
                        '"ru": {"gen": ..., "dat": ..., "acc": ..., "ins": ..., "pre": ...} or null}')
    computer = command.get("computer") or {}
    if type(computer) is not dict or not set(computer) <= set(players) \
            or not all(level in LEVELS for level in computer.values()):
        raise Malformed(f'new_game: "computer" must map players to a level ({", ".join(LEVELS)})')
    if len(computer) == len(players):
        raise Malformed('new_game: at least one player is a person (not every seat a "computer")')
    return Game(players, seed=seed, rules=rules, edition=board, tags=tags, forms=forms, computer=computer)


_INLINE: OrderedDict[str, Edition] = OrderedDict()
KEPT_INLINE: Final = 8


def inline_edition(edition: str, board: Any) -> Edition:
    """The board a game carries in its first line (an edition file's content, kept with the game
    so that it replays the same after the file is changed or gone), checked as the file was.
    The same board gives the same Edition again (a game is rebuilt from its first line often)."""
    if type(board) is not dict:
        raise Malformed('new_game: "board" must be the content of an edition file')
    key = json.dumps(board, sort_keys=True, ensure_ascii=False)
    found = _INLINE.get(key)
    if found is None:
        problems = edition_problems(board)
        if problems:
            more = f" (and {len(problems) - 1} more)" if len(problems) > 1 else ""
            raise Malformed(f"new_game: the board of edition {edition!r} cannot be played: "
                            f"{problems[0]}{more}")
        try:
            found = parse_edition(board)
        except (ValueError, KeyError, TypeError) as exc:  # a card kind this engine cannot play yet
            raise Malformed(f"new_game: the board of edition {edition!r} cannot be played: {exc}") from None
        if len(_INLINE) >= KEPT_INLINE:
            _INLINE.popitem(last=False)
        _INLINE[key] = found
    if found.id != edition:
        raise Malformed(f"new_game: the board is the edition {found.id!r}, not {edition!r}")
    return found


CASE_KEYS = frozenset({"gen", "dat", "acc", "ins", "pre"})


def _forms(forms: Any, players: list[str]) -> bool:
    """The players' genders and cases (worked out by the table at new game: companion/i18n),
    each for a player of the game, in the shape the wording reads."""
    if type(forms) is not dict or not set(forms) <= set(players):
        return False
    for form in forms.values():
        if type(form) is not dict or not set(form) <= {"gender", "ru"}:
            return False
        if form.get("gender") not in (None, "she", "he"):
            return False
        cases = form.get("ru")
        if cases is not None and (type(cases) is not dict or set(cases) != CASE_KEYS
                                  or not all(_str(v) and v for v in cases.values())):
            return False
    return True
