"""The devices' inputs on the writer thread: a tag tapped on the reader, the dice button pressed,
a roll sent by the dice unit. Each becomes one command (or a wait's answer, or a notice)."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

from ..hardware.device import Event, Press, Tap, UnitRoll
from ..rules import Rejected, Text
from ..rules.taps import resolve
from .choice import Choice
from .meaning import TapMeaning, what_tap_means
from .result import Result
from .waits import TokenWait
from .words import refusal_words

if TYPE_CHECKING:
    from ..hardware.dice_unit import DiceUnit
    from ..hardware.enroll import Enrolment
    from ..hardware.feedback import Signals
    from ..ledger import GameStore
    from .meaning import Registry

log = logging.getLogger(__name__)


def nak_word(store: GameStore | None) -> str:
    """DICE-PROTOCOL's NAK words: OFF (no game), BUSY (a decision waits), NOTURN (no roll due)."""
    decision = store.game.decision() if store is not None else None
    if decision is None:
        return "OFF"
    return "BUSY" if decision.blocks else "NOTURN"


class DeviceInputs:
    """Mixed into Table: what each device's input does."""

    store: GameStore | None
    registry: Registry | None
    feedback: Signals | None
    dice_unit: DiceUnit | None
    waits: list[TokenWait]
    choices: dict[str, Choice]
    enrolment: Enrolment | None = None  # while the Banker page enrols tags

    def on_event(self, event: Event) -> None:
        """The devices' callback: queued for the writer, never blocking a device thread."""
        self._stir()  # type: ignore[attr-defined]
        if isinstance(event, Tap):
            self._call(lambda: self._tap(event.uid))  # type: ignore[attr-defined]
        elif isinstance(event, Press):
            self._call(lambda: self._banker_step("button") if event.held  # type: ignore[attr-defined]
                       else self._press(event.long))
        elif isinstance(event, UnitRoll):
            self._call(lambda: self._unit_roll(event))  # type: ignore[attr-defined]

    def _tap(self, uid: str) -> Result:
        enrolment = self.enrolment
        if enrolment is not None and enrolment.running:  # taps go to enrolment, not the game
            return self._enrol_tap(enrolment, uid)
        store = self.store
        game = store.game if store is not None else None
        meaning: TapMeaning = what_tap_means(uid, game, self.registry)
        if meaning.kind == "unknown":
            log.info("unknown tag %s", uid)
            return self._refused(Text("tap.unknown", uid), kind="unknown_tag", detail={"uid": uid})  # type: ignore[attr-defined]
        if meaning.kind == "banker":  # the banker's own tag: the banker's step at the table
            return self._banker_step("tag")
        command = None
        refused: Rejected | None = None
        if game is not None and meaning.in_game:
            try:
                command = resolve(game, uid)
            except Rejected as why:
                refused = why
        # A token tap goes to the one screen waiting for it, if any (routing.py decides: the
        # game's own taps come before any pairing).
        if meaning.kind == "token" and meaning.player and self.waits:
            answered = self._token_tapped(meaning.player, uid, command is not None)  # type: ignore[attr-defined]
            if answered is not None:
                return answered
        if refused is not None:
            people = game.forms if game is not None else None
            return self._refused(refused.reason, words=refusal_words(refused, people))  # type: ignore[attr-defined]
        if command is not None:
            return self._apply({"do": "tap", "tag": uid}, "reader")  # type: ignore[attr-defined]
        if meaning.kind == "deed":
            return self._ok(kind="show_deed", detail={"square": meaning.value})  # type: ignore[attr-defined]
        return self._ok(kind="ignored", detail={"uid": uid, "meaning": meaning.text})  # type: ignore[attr-defined]

    def _enrol_tap(self, enrolment: Enrolment, uid: str) -> Result:
        """A tap while the Banker page enrols: the step's tag, told to no screen but the banker's
        page (it polls the enrolment: the UIDs are not for every screen on the wifi)."""
        ok = enrolment.tapped(uid)
        if self.feedback is not None:
            (self.feedback.accepted if ok else self.feedback.rejected)()
        return Result(ok, "" if ok else "not enrolled", kind="enrolment", detail=enrolment.last)

    def _banker_step(self, how: str) -> Result:
        """The banker at the table ("tag" or "button" held): for the screen waiting for it that
        the people choose (token_waits.py), never told to any other screen: none can time it."""
        return self._banker_act(how)  # type: ignore[attr-defined, no-any-return]

    def _press(self, long: bool) -> Result:
        # (A hold long enough to be the banker's step comes as Press(held=True): see on_event. A
        # press is a roll or the end of a turn, whatever choice is open: never the banker's pick.)
        if long:
            return self._apply({"do": "end_turn"}, "button")  # type: ignore[attr-defined]
        if self.store is None:
            return self._refused(Text("table.no_game"))  # type: ignore[attr-defined]
        d1, d2 = self.roll_dice()  # type: ignore[attr-defined]
        result: Result = self._apply({"do": "roll", "dice": [d1, d2]}, "button")  # type: ignore[attr-defined]
        if result.ok and self.dice_unit is not None:
            try:
                self.dice_unit.show(d1, d2)
            except Exception:  # the unit is optional: its trouble never costs a roll
                log.warning("could not show the roll on the dice unit", exc_info=True)
        return result

    def _unit_roll(self, roll: UnitRoll) -> Result:
        result: Result = self._apply({"do": "roll", "dice": list(roll.dice)}, "dice")  # type: ignore[attr-defined]
        unit = self.dice_unit
        if unit is not None:
            if result.ok:
                unit.ack(roll.unit, roll.seq)
            else:
                unit.nak(roll.unit, roll.seq, nak_word(self.store))
        return result
