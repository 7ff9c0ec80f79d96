"""The table's open prompts for the people: what to move for a computer player (computer_acts.py
says what), shown on the screens and said by the voice, and whether the computer must wait for
them (`holding`, asked by its driver before each next step).

With `[computer] confirm = "seconds"` a prompt holds the computer for `confirm_seconds` after it
was shown; with "act" until the people say it is done: the Table page's button (POST
/api/computer/confirm, the table's own screens alone), the computer's token laid on the reader
or the dice button pressed, each only when nothing else claims that act (inputs.py asks
`takes_token` and `takes_press`: a confirmation waiting for the token, the game's own meaning of
a tap, a person's roll come first; a computer's token never pairs a screen: routing.py).

It is one of the table's listeners (on the writer thread): after every committed state it works
out the new acts and pushes a `prompts` notice whenever the open prompts change; `published` is
that view (any thread), which GET /api/computer/prompts answers.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..rules import CommandError
from .authority import plays_itself
from .computer_acts import Act, Board, acts, words_all
from .result import CONFLICT, Result
from .words import words

if TYPE_CHECKING:
    from ..rules import Game
    from .apply_path import ApplyPath

SECONDS, ACT = "seconds", "act"
KEPT = 24  # open prompts at most (act mode, nobody confirming): the newest are what matters


@dataclass(frozen=True)
class Prompt:
    """One act asked of the people, in every language, and when it was first shown."""

    id: str  # "<seq>-<n>": the committed command it came from and its place among its acts
    seq: int
    act: Act
    words: dict[str, str]
    since: float  # on the table's monotonic clock
    since_ms: int  # the same moment as ms since 1970 (what screens count with)

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "seq": self.seq, "kind": self.act.kind, "player": self.act.player,
                "words": self.words, "since": self.since_ms}


class ComputerPrompts:
    """The open prompts and the board they were worked out from. `pieces(game)`: each player's
    piece (meaning.py's, from the table's tags) for "Move Robo's car"."""

    def __init__(self, path: ApplyPath, pieces: Callable[[Game], Mapping[str, str]] = lambda _game: {},
                 confirm: str = SECONDS, seconds: float = 6.0,  # the daemon gives [computer]'s
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.path = path
        self.pieces = pieces
        self.confirm_mode = confirm
        self.seconds = seconds
        self.clock = clock
        self.board: Board | None = None  # the table as of the last committed state
        self.open: tuple[Prompt, ...] = ()  # replaced whole: read from any thread
        self.published: dict[str, Any] = self.view()

    def configure(self, confirm: str, seconds: float) -> None:
        """[computer] confirm and confirm_seconds (the daemon's config)."""
        self.confirm_mode, self.seconds = confirm, seconds
        self.published = self.view()

    # ---- asked by the computer's driver (any thread) -------------------------------------------

    def holding(self) -> bool:
        """Whether the computer waits for the people: a prompt is open and not yet confirmed
        ("act") or shown less than `seconds` ago ("seconds")."""
        shown = self.open
        if not shown:
            return False
        if self.confirm_mode == ACT:
            return True
        now = self.clock()
        return any(now < p.since + self.seconds for p in shown)

    # ---- the table's listener (writer thread) --------------------------------------------------

    def listen(self, event: dict[str, Any]) -> None:
        if event.get("type") != "state":
            return
        store = self.path.store
        if store is None:
            return
        game = store.game
        kind = event.get("kind")
        if kind in ("new_game", "open_game") or self.board is None:
            self.board = Board.of(game)
            self._set((), event.get("seq"))
            return
        if kind != "command":
            return  # a restamp: nothing moved
        after = Board.of(game)
        outcome = event.get("outcome")
        found = acts(self.board, after, outcome.story if outcome is not None else ())
        self.board = after
        kept = tuple(p for p in self.open if self._waiting(p))
        if found:
            now, now_ms = self.clock(), round(time.time() * 1000)
            seq = int(event.get("seq") or 0)
            pieces = self.pieces(game)
            kept += tuple(Prompt(f"{seq}-{i}", seq, act, words_all(act, game.edition, game.forms, pieces),
                                 now, now_ms) for i, act in enumerate(found))
        if kept != self.open:
            self._set(kept[-KEPT:], event.get("seq"))

    def _waiting(self, prompt: Prompt) -> bool:
        """Still shown: in "act" mode until confirmed; in "seconds" mode for its seconds."""
        return self.confirm_mode == ACT or self.clock() < prompt.since + self.seconds

    def _set(self, prompts: tuple[Prompt, ...], seq: Any = None) -> None:
        changed = prompts != self.open
        self.open = prompts
        self.published = self.view()
        if changed:
            self.path.push({"type": "prompts", "seq": seq, **self.published})

    def view(self) -> dict[str, Any]:
        """The open prompts as screens show them, with how they are confirmed."""
        return {"prompts": [p.to_json() for p in self.open], "confirm": self.confirm_mode,
                "seconds": self.seconds}

    # ---- confirmed (writer thread) -------------------------------------------------------------

    def confirm(self, by: str) -> Result:
        """The people say the computer's things are moved ("table", "banker", "token", "button"):
        every open prompt closes and the computer goes on."""
        if not self.open:
            said = words("computer.nothing")
            return Result(False, said["en"], refusal=CONFLICT, words=said, kind="prompts")
        count = len(self.open)
        self._set((), self.path.published.get("seq") if self.path.published else None)
        if self.path.feedback is not None:
            self.path.feedback.accepted()
        return Result(True, kind="prompts_confirmed", detail={"by": by, "count": count})

    def waits_for_act(self) -> bool:
        return self.confirm_mode == ACT and bool(self.open)

    def takes_token(self, game: Game | None, player: str) -> bool:
        """A tap of this player's token confirms the prompts (when nothing else claims it: the
        caller asks the waits and the game first): a computer's token, while prompts wait."""
        return self.waits_for_act() and game is not None and plays_itself(game, player)

    def takes_press(self, game: Game | None) -> bool:
        """A press of the dice button confirms the prompts while they wait, unless it would be a
        person's roll (a person's turn goes on as ever)."""
        if not self.waits_for_act() or game is None:
            return False
        try:
            seat = game.actor({"do": "roll", "dice": [1, 1]})
        except CommandError:
            seat = None
        return seat is None or bool(game.computer[seat])

