"""The table's side of the waits for a physical act (waits.py): adding, withdrawing and expiring
them, giving a token tap to the one wait it answers (routing.py), the choices at the table that a
tap or the banker's step opens among the screens waiting for it (choice.py), and publishing what
the next tap will do (taps_view.py) whenever that changes. Everything here runs on the writer
thread."""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from .authority import Speaker, own, plays_itself
from .choice import PICKED, TOO_SOON, Choice
from .result import CONFLICT, NO_GAME, NOT_YOURS, STOPPING, TIMEOUT, TOO_MANY, Result
from .routing import AMBIGUOUS, CHOOSE, CONFIRMS, REPEAT, WRONG, pairing_held, route
from .taps_view import choices_view, taps_view
from .waits import BANKER, PAIR, TokenWait, fresh_code, no_room
from .words import people_of, words

if TYPE_CHECKING:
    from ..rules import Game
    from .apply_path import ApplyPath

log = logging.getLogger(__name__)

TAPS_EVERY = 0.1  # seconds: the taps notice is pushed at most this often


def said(key: str, refusal: str, **values: Any) -> Result:
    text = words(key, **values)
    return Result(False, text["en"], refusal=refusal, words=text)


class TokenWaits:
    """The screens waiting for a physical act, the choices at the table among them, and the
    `taps` view of it all. Told and answered through the apply path (`path`): a confirming tap's
    command is applied there, as any other input."""

    def __init__(self, path: ApplyPath, clock: Callable[[], float] = time.monotonic) -> None:
        self.path = path
        self.clock = clock  # the writer's clock (tests move it)
        self.waits: list[TokenWait] = []
        self.choices: dict[str, Choice] = {}  # by kind (PAIR, BANKER): the one choice open for each
        self.published_taps: dict[str, Any] = taps_view(None, [])  # what the next tap does now (any thread)
        self.published_choices: dict[str, Any] = {"choices": []}  # with their codes (the table's own screens)
        self._taps_pushed: dict[str, Any] = self.published_taps  # ... as last pushed to the screens
        self._taps_pushed_at = float("-inf")
        self._taps_due: float | None = None  # when a change held back is to be pushed

    def _game(self) -> Game | None:
        store = self.path.store
        return store.game if store is not None else None

    # ---- on the writer -------------------------------------------------------------------------

    def add(self, wait: TokenWait) -> Result:
        if self.path.store is None and wait.kind != BANKER:
            return said("token.no_game", NO_GAME)
        self.end_waits("token.replaced", CONFLICT, screen=wait.screen)
        full = no_room(wait, self.waits)
        if full is not None:
            return said("token.too_many_address" if full == "address" else "token.too_many", TOO_MANY)
        if wait.chosen_at_table:
            wait.code = fresh_code(w.code for w in self.waits)
        wait.start(self.clock())
        self.waits.append(wait)
        choice = self.choices.get(wait.kind)
        if choice is not None:  # an act already came: this screen is among those chosen from
            choice.add(wait, self.clock())
            self._tell_offer(choice)
        if wait.kind == PAIR:
            text = words("token.wait_pair", code=wait.code)
        elif wait.kind == BANKER:
            text = {lang: "" for lang in words("token.wait_confirm_any")}  # the web words it (presence.py)
        elif wait.player is not None:
            text = words("token.wait_confirm", player=wait.player)
        else:
            text = words("token.wait_confirm_any")
        return Result(True, text["en"], kind="waiting", words=text,
                      detail={"request": wait.id, "player": wait.player, "code": wait.code})

    def until_next_deadline(self) -> float | None:
        deadlines = [w.deadline for w in self.waits]
        for choice in self.choices.values():
            deadlines.append(choice.deadline)
            change = choice.next_change()
            if change is not None:
                deadlines.append(change)
        if self._taps_due is not None:
            deadlines.append(self._taps_due)
        if not deadlines:
            return None
        return max(0.0, min(deadlines) - self.clock())

    def expire(self) -> None:
        now = self.clock()
        for wait in [w for w in self.waits if w.deadline <= now]:
            self._remove(wait)
            if wait.kind == PAIR:
                key = "token.expired_pair"
            elif wait.kind == BANKER:
                key = "token.expired_banker"
            else:
                key = "token.expired_confirm" if wait.player is not None else "token.expired_confirm_any"
            self._answer(wait, said(key, TIMEOUT, player=wait.player))
        self.tick_choices()

    def tick_choices(self) -> None:
        """The choices' offers moved on as far as the time says (each screen in one told), and a
        choice past its time closed."""
        now = self.clock()
        for kind, choice in list(self.choices.items()):
            if choice.deadline <= now or not choice.order:
                self._close_choice(kind)
            elif choice.tick(now):
                self._tell_offer(choice)

    def _remove(self, wait: TokenWait) -> None:
        """A wait leaves the list, and any choice it was in (which offers the next, if it was this)."""
        if wait in self.waits:
            self.waits.remove(wait)
        choice = self.choices.get(wait.kind)
        if choice is not None and wait in choice.order:
            moved = choice.drop(wait, self.clock())
            self._tell(wait, None)
            if not choice.order:
                self._close_choice(wait.kind)
            elif moved:
                self._tell_offer(choice)

    def end_waits(self, key: str, refusal: str, screen: str | None = None) -> Result:
        for wait in [w for w in self.waits if screen is None or w.screen == screen]:
            self._remove(wait)
            self._answer(wait, said(key, refusal))
        return Result(True, kind="ignored")

    def end_game_waits(self) -> None:
        """Another game: the waits asked of the old one end (a wait for the banker's step stays)."""
        for wait in [w for w in self.waits if w.kind != BANKER]:
            self._remove(wait)
            self._answer(wait, said("token.game_changed", CONFLICT))
        self._close_choice(PAIR)

    def end_all_waits(self, key: str) -> None:
        self.end_waits(key, STOPPING if key == "token.closing" else CONFLICT)
        for kind in list(self.choices):
            self._close_choice(kind)

    @staticmethod
    def _answer(wait: TokenWait, result: Result) -> None:
        result.detail = {**result.detail, "request": wait.id}
        try:
            wait.answer(result)
        except Exception:
            log.exception("a screen's token wait could not be answered")

    # ---- choices at the table --------------------------------------------------------------

    def _open_choice(self, kind: str, player: str | None, piece: str | None = None) -> Choice:
        """The act opens a choice among the screens waiting for it (one open per kind: a new act
        replaces the choice of an earlier one, whose screens go on waiting)."""
        if kind in self.choices:
            self._close_choice(kind)
        choice = Choice.open(kind, player, [w for w in self.waits if w.kind == kind], self.clock())
        choice.piece = piece
        self.choices[kind] = choice
        self._tell_offer(choice)
        return choice

    def _close_choice(self, kind: str) -> None:
        choice = self.choices.pop(kind, None)
        if choice is not None:
            for wait in choice.order:
                self._tell(wait, None)

    def _tell_offer(self, choice: Choice) -> None:
        """Every screen in the choice is told which code is offered now, and whether it is its own."""
        offered = choice.offered
        now = self.clock()
        until = choice.until(now)
        ready = choice.ready()
        until_ms = None if until is None else round((time.time() + until) * 1000)
        ready_ms = None if ready is None or ready <= now else round((time.time() + ready - now) * 1000)
        for wait in choice.order:
            self._tell(wait, {"choice": choice.id, "act": choice.kind, "player": choice.player,
                              "code": offered.code if offered is not None else None,
                              "yours": wait is offered, "ready": ready_ms, "until": until_ms,
                              "count": len(choice.order)})

    @staticmethod
    def _tell(wait: TokenWait, offer: dict[str, Any] | None) -> None:
        if wait.offered is None:
            return
        try:
            wait.offered(offer)
        except Exception:
            log.exception("a waiting screen could not be told the offer")

    def choose(self, choice_id: str, code: str | None, by: str) -> Result:
        choice = next((c for c in self.choices.values() if c.id == choice_id), None)
        if choice is None:
            return said("choice.gone", CONFLICT)
        if code is None:
            self._close_choice(choice.kind)
            return Result(True, kind="ignored")
        wait = choice.by_code(code)
        if wait is None:
            return said("choice.no_code", CONFLICT, code=code)
        return self._picked(choice, wait, by)

    def _picked(self, choice: Choice, wait: TokenWait, how: str) -> Result:
        """The people chose this screen: it gets the act (paired, or logged in as the banker); the
        others in the choice go on waiting (and are told the choice is over)."""
        choice.order.remove(wait)
        self._close_choice(choice.kind)
        self._remove(wait)
        if self.path.feedback is not None:
            self.path.feedback.accepted()
        if wait.kind == PAIR:
            assert choice.player is not None
            result = Result(True, kind="paired", detail={"player": choice.player, "piece": choice.piece,
                                                         "by": how})
        else:
            result = Result(True, kind="banker_in", detail={"by": how})
        self._answer(wait, result)
        return Result(True, kind="chosen", detail={"act": choice.kind, "player": choice.player})

    def _acted_again(self, choice: Choice, how: str) -> Result:
        """The act repeated while the choice is open: the screen offered now gets it."""
        outcome, wait = choice.repeated(self.clock())
        if outcome == PICKED and wait is not None:
            return self._picked(choice, wait, how)
        if self.path.feedback is not None:
            self.path.feedback.rejected()
        key = "choice.too_soon" if outcome == TOO_SOON else "choice.gone"
        text = words(key)
        self.path.push({"type": "refused", "reason": text["en"], "words": text, "kind": "choice"})
        return Result(False, text["en"], refusal=CONFLICT, words=text, kind="choice")

    def banker_act(self, how: str) -> Result:
        """The banker's step at the table ("tag", "button"), or the dice button pressed while a
        choice it opened is still open: for the screen the people choose, never the one that
        asked first (and told to no screen when nobody waits: none can time it)."""
        choice = self.choices.get(BANKER)
        if choice is not None and choice.order:
            return self._acted_again(choice, how)
        if any(w.kind == BANKER for w in self.waits):
            self._open_choice(BANKER, None)
        if self.path.feedback is not None:
            self.path.feedback.accepted()
        return Result(True, kind="banker_step", detail={"by": how})

    def token_tapped(self, player: str, piece: str | None, game_wants: bool) -> Result | None:
        """A token of a player in this game: the wait it answers gets it (or a choice opens among
        the screens waiting to pair), or None when the tap is the game's (or nobody's)."""
        game = self._game()
        where = route(game, self.waits, player, game_wants, self.choices.get(PAIR))
        if where.kind == AMBIGUOUS:
            count = len(where.waits)
            for wait in where.waits:
                self._remove(wait)
                self._answer(wait, said("token.ambiguous", CONFLICT, count=count))
            if self.path.feedback is not None:
                self.path.feedback.rejected()
            return Result(False, words("token.ambiguous", count=count)["en"], kind="identify",
                          refusal=CONFLICT)
        if where.kind in (CHOOSE, REPEAT) and game is not None and plays_itself(game, player):
            # no choice opens: no phone plays it
            text = words("authority.computer_seat", game.forms, player=player)
            return self.path.refused(text["en"], kind="identify", words=text, refusal=NOT_YOURS)
        if where.kind == CHOOSE:
            self._open_choice(PAIR, player, piece)
            if self.path.feedback is not None:
                self.path.feedback.accepted()
            return Result(True, kind="choosing", detail={"player": player})
        if where.kind == REPEAT:
            return self._acted_again(self.choices[PAIR], "token")
        if where.kind == WRONG:  # told at the table; the confirmation waits for its own player
            text = words("token.wrong", people_of(game), tapped=player,
                         player=where.waits[0].player)
            return self.path.refused(text["en"], kind="identify", words=text, refusal=NOT_YOURS)
        if where.kind == CONFIRMS:
            wait = where.waits[0]
            self._remove(wait)
            result = self._confirmed(wait, player)
            self._answer(wait, result)
            return result
        if game_wants and PAIR in self.choices:  # the game wants the taps now: no pairing meanwhile
            self._close_choice(PAIR)
        return None

    def _confirmed(self, wait: TokenWait, player: str) -> Result:
        """The token that confirms a command: applied now as that player's move, if it is one
        (checked by the writer on the state it applies it to)."""
        assert wait.command is not None
        speaker = Speaker(player, wait.game)
        command = wait.command if wait.player is not None else own(wait.command, speaker)
        return self.path.apply(command, "tablet", speaker=speaker)

    def publish_taps(self) -> None:
        """After every piece of the writer's work: the taps view, worked out again, is what
        `taps()` answers at once; it is pushed to the screens when it changed, at most every
        TAPS_EVERY seconds (a flood of requests to wait and withdraw is one notice, not one each:
        the screens' streams never fall behind on it). The choices (with their codes) go to the
        table's own screens alone (the web sends a `choice` notice to them)."""
        game = self._game()
        if PAIR in self.choices and pairing_held(game):
            self._close_choice(PAIR)
        view = taps_view(game, self.waits, self.choices.get(PAIR))
        if view != self.published_taps:
            self.published_taps = view
        chosen = choices_view(self.choices.values(), self.clock())
        if chosen != self.published_choices:
            self.published_choices = chosen
            self.path.push({"type": "choice", **chosen})
        if self.published_taps == self._taps_pushed:
            self._taps_due = None
            return
        now = self.clock()
        if now - self._taps_pushed_at < TAPS_EVERY:
            self._taps_due = self._taps_pushed_at + TAPS_EVERY
            return
        self._taps_pushed, self._taps_pushed_at, self._taps_due = self.published_taps, now, None
        self.path.push({"type": "taps", **self.published_taps})
