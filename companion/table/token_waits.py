"""The table's side of token waits (waits.py): adding, withdrawing and expiring them, giving a
token tap to the one wait it answers (routing.py), and publishing what the next tap will do
(taps_view.py) whenever that changes. Everything here runs on the writer thread."""

from __future__ import annotations

import logging
import time
from typing import TYPE_CHECKING, Any

from .authority import Speaker, own
from .result import CONFLICT, NO_GAME, STOPPING, TIMEOUT, TOO_MANY, Result
from .routing import AMBIGUOUS, CONFIRMS, PAIRS, route
from .taps_view import taps_view
from .waits import MAX_WAITS, PAIR, TokenWait
from .words import words

if TYPE_CHECKING:
    from ..hardware.feedback import Signals
    from ..ledger import GameStore

log = logging.getLogger(__name__)

TAPS_EVERY = 0.1  # seconds: the taps notice is pushed at most this often


def said(key: str, refusal: str, **values: Any) -> Result:
    text = words(key, **values)
    return Result(False, text["en"], refusal=refusal, words=text)


class TokenWaiting:
    """Mixed into Table: the screens waiting for a token, and the `taps` view of them."""

    waits: list[TokenWait]
    store: GameStore | None
    feedback: Signals | None
    published_taps: dict[str, Any]  # what the next tap does now (any thread may read it)
    _taps_pushed: dict[str, Any] | None = None  # ... as last pushed to the screens
    _taps_pushed_at: float = float("-inf")
    _taps_due: float | None = None  # when a change held back is to be pushed

    # ---- called in (through the writer) --------------------------------------------------------

    def wait_for_token(self, wait: TokenWait) -> Result:
        """A screen asks to be told whose token is tapped next (to pair it, or to confirm its
        command): answered at once, `waiting` with the request's id, and the outcome goes to
        wait.answer later. A screen's new wait replaces its old one."""
        return self.call(lambda: self._add_wait(wait))  # type: ignore[attr-defined]

    def cancel_wait(self, screen: str) -> Result:
        """The screen no longer waits (it is told so through its callback)."""
        return self.call(lambda: self._end_waits("token.cancelled", CONFLICT, screen=screen))  # type: ignore[attr-defined]

    def taps(self) -> dict[str, Any]:
        """What the next tap will do and who waits for one, as last published (any thread)."""
        return self.published_taps

    # ---- on the writer -------------------------------------------------------------------------

    def _add_wait(self, wait: TokenWait) -> Result:
        if self.store is None:
            return said("token.no_game", NO_GAME)
        self._end_waits("token.replaced", CONFLICT, screen=wait.screen)
        if len(self.waits) >= MAX_WAITS:
            return said("token.too_many", TOO_MANY)
        wait.start()
        self.waits.append(wait)
        if wait.kind == PAIR:
            text = words("token.wait_pair")
        elif wait.player is not None:
            text = words("token.wait_confirm", player=wait.player)
        else:
            text = words("token.wait_confirm_any")
        return Result(True, text["en"], kind="waiting", words=text,
                      detail={"request": wait.id, "player": wait.player})

    def _until_next_deadline(self) -> float | None:
        deadlines = [w.deadline for w in self.waits]
        if self._taps_due is not None:
            deadlines.append(self._taps_due)
        if not deadlines:
            return None
        return max(0.0, min(deadlines) - time.monotonic())

    def _expire_waits(self) -> None:
        now = time.monotonic()
        for wait in [w for w in self.waits if w.deadline <= now]:
            self.waits.remove(wait)
            if wait.kind == PAIR:
                key = "token.expired_pair"
            else:
                key = "token.expired_confirm" if wait.player is not None else "token.expired_confirm_any"
            self._answer(wait, said(key, TIMEOUT, player=wait.player))

    def _end_waits(self, key: str, refusal: str, screen: str | None = None) -> Result:
        for wait in [w for w in self.waits if screen is None or w.screen == screen]:
            self.waits.remove(wait)
            self._answer(wait, said(key, refusal))
        return Result(True, kind="ignored")

    def _end_all_waits(self, key: str) -> None:
        self._end_waits(key, STOPPING if key == "token.closing" else CONFLICT)

    @staticmethod
    def _answer(wait: TokenWait, result: Result) -> None:
        result.detail = {**result.detail, "request": wait.id}
        try:
            wait.answer(result)
        except Exception:
            log.exception("a screen's token wait could not be answered")

    def _token_tapped(self, player: str, uid: str, game_wants: bool) -> Result | None:
        """A token of a player in this game: the wait it answers gets it, or None when the tap
        is the game's (or nobody's)."""
        game = self.store.game if self.store is not None else None
        where = route(game, self.waits, player, game_wants)
        if where.kind == AMBIGUOUS:
            count = len(where.waits)
            for wait in where.waits:
                self.waits.remove(wait)
                self._answer(wait, said("token.ambiguous", CONFLICT, count=count))
            if self.feedback is not None:
                self.feedback.rejected()
            return Result(False, words("token.ambiguous", count=count)["en"], kind="identify",
                          refusal=CONFLICT)
        if where.kind == PAIRS:
            wait = where.waits[0]
            self.waits.remove(wait)
            if self.feedback is not None:
                self.feedback.accepted()
            result = Result(True, kind="paired", detail={"player": player, "piece": self._piece(uid)})
            self._answer(wait, result)
            return result
        if where.kind == CONFIRMS:
            wait = where.waits[0]
            self.waits.remove(wait)
            result = self._confirmed(wait, player)
            self._answer(wait, result)
            return result
        return None

    def _confirmed(self, wait: TokenWait, player: str) -> Result:
        """The token that confirms a command: applied now as that player's move, if it is one
        (checked by the writer on the state it applies it to)."""
        assert wait.command is not None
        speaker = Speaker(player, wait.game)
        command = wait.command if wait.player is not None else own(wait.command, speaker)
        return self._apply(command, "tablet", speaker=speaker)  # type: ignore[attr-defined]

    def _publish_taps(self) -> None:
        """After every piece of the writer's work: the taps view, worked out again, is what
        `taps()` answers at once; it is pushed to the screens when it changed, at most every
        TAPS_EVERY seconds (a flood of requests to wait and withdraw is one notice, not one each:
        the screens' streams never fall behind on it)."""
        game = self.store.game if self.store is not None else None
        view = taps_view(game, self.waits)
        if view != self.published_taps:
            self.published_taps = view
        if self.published_taps == self._taps_pushed:
            self._taps_due = None
            return
        now = time.monotonic()
        if now - self._taps_pushed_at < TAPS_EVERY:
            self._taps_due = self._taps_pushed_at + TAPS_EVERY
            return
        self._taps_pushed, self._taps_pushed_at, self._taps_due = self.published_taps, now, None
        self._push({"type": "taps", **self.published_taps})  # type: ignore[attr-defined]

    def _piece(self, uid: str) -> str | None:
        raise NotImplementedError
