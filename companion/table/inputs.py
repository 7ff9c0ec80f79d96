"""The devices' inputs on the writer thread: a tag tapped on the reader, the dice button pressed,
a roll sent by the dice unit. Each becomes one command (or a wait's answer, or a notice)."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

from ..hardware.device import Event, Press, Tap, UnitRoll
from ..rules import Rejected, Text
from ..rules.edition import load_edition, shipped_editions
from ..rules.taps import resolve, split_card, split_meaning
from ..rules.texts import Sentence
from .meaning import TapMeaning, piece_of_tag, what_tap_means
from .result import Result
from .routing import confirmations
from .words import people_of, refusal_words

if TYPE_CHECKING:
    from ..hardware.dice_unit import DiceUnit
    from ..hardware.enroll import Enrolment
    from ..ledger import GameStore
    from .apply_path import ApplyPath
    from .computer_prompts import ComputerPrompts
    from .meaning import Registry
    from .token_waits import TokenWaits
    from .writer import Writer

log = logging.getLogger(__name__)


def nak_word(store: GameStore | None) -> str:
    """DICE-PROTOCOL's NAK words: OFF (no game), BUSY (a decision waits), NOTURN (no roll due)."""
    decision = store.game.decision() if store is not None else None
    if decision is None:
        return "OFF"
    return "BUSY" if decision.blocks else "NOTURN"


def elsewhere(uid: str, meaning: TapMeaning) -> Sentence:
    """The refusal of a tag enrolled for another board only: what it is there, and which board."""
    board: object = meaning.value  # a family's edition file: its id (the table's data folder names it)
    thing: object = meaning.written
    if meaning.value in shipped_editions():
        edition = load_edition(meaning.value)
        board = edition.names
        kind, value = split_meaning(meaning.written)
        if kind == "deed" and value in edition.by_id:
            thing = edition.by_id[value]
        elif kind == "card":
            deck, number = split_card(value)
            if deck in edition.deck_names:
                thing = {lang: f"{name} {number}" for lang, name in edition.deck_names[deck].items()}
    return Text("tap.other_board", uid, thing, board)


class DeviceInputs:
    """What each device's input does: queued on the writer by `on_event`, then, on the writer
    thread, applied through the apply path or given to the token waits."""

    def __init__(self, writer: Writer, path: ApplyPath, token_waits: TokenWaits,
                 registry: Registry | None = None, dice_unit: DiceUnit | None = None,
                 prompts: ComputerPrompts | None = None) -> None:
        self.writer = writer
        self.prompts = prompts  # what the people move for a computer: a tap or a press may confirm it
        self.path = path
        self.token_waits = token_waits
        self.registry = registry  # UID -> meaning ("deed:...", "token:<piece>", ...) or None
        self.dice_unit = dice_unit
        self.enrolment: Enrolment | None = None  # while the Banker page enrols tags

    def on_event(self, event: Event) -> None:
        """The devices' callback: queued for the writer, never blocking a device thread."""
        self.writer.stir()
        if isinstance(event, Tap):
            self.writer.enqueue(lambda: self._tap(event.uid))
        elif isinstance(event, Press):
            self.writer.enqueue(lambda: self._banker_step("button") if event.held
                                else self._press(event.long))
        elif isinstance(event, UnitRoll):
            self.writer.enqueue(lambda: self._unit_roll(event))

    def _tap(self, uid: str) -> Result:
        enrolment = self.enrolment
        if enrolment is not None and enrolment.running:  # taps go to enrolment, not the game
            return self._enrol_tap(enrolment, uid)
        store = self.path.store
        game = store.game if store is not None else None
        meaning: TapMeaning = what_tap_means(uid, game, self.registry)
        if meaning.kind == "unknown":
            log.info("unknown tag %s", uid)
            return self.path.refused(Text("tap.unknown", uid), kind="unknown_tag", detail={"uid": uid})
        if meaning.kind == "elsewhere":  # another board's deed or card: this game has no such thing
            log.info("tag %s is %s of the %s board", uid, meaning.written, meaning.value)
            detail = {"uid": uid, "edition": meaning.value, "meaning": meaning.written}
            return self.path.refused(elsewhere(uid, meaning), kind="other_board", detail=detail)
        if meaning.kind == "banker":  # the banker's own tag: the banker's step at the table
            return self._banker_step("tag")
        command = None
        refused: Rejected | None = None
        if game is not None and meaning.in_game:
            try:
                command = resolve(game, uid)
            except Rejected as why:
                refused = why
        # A computer's token with its prompts waiting: it says they are done, unless a screen
        # waits to confirm a command with it or the game gives the tap a meaning (a bid).
        if (meaning.kind == "token" and meaning.player and command is None and self.prompts is not None
                and self.prompts.takes_token(game, meaning.player)
                and not confirmations(self.token_waits.waits, meaning.player)):
            return self.prompts.confirm("token")
        # A token tap goes to the one screen waiting for it, if any (routing.py decides: the
        # game's own taps come before any pairing).
        if meaning.kind == "token" and meaning.player and self.token_waits.waits:
            answered = self.token_waits.token_tapped(meaning.player, piece_of_tag(uid, self.registry),
                                                    command is not None)
            if answered is not None:
                return answered
        if refused is not None:
            people = people_of(game)
            money = game.edition.money if game is not None else None
            return self.path.refused(refused.reason, words=refusal_words(refused, people, money))
        if command is not None:
            return self.path.apply({"do": "tap", "tag": uid}, "reader")
        if meaning.kind == "deed":
            return self.path.ok(kind="show_deed", detail={"square": meaning.value})
        return self.path.ok(kind="ignored", detail={"uid": uid, "meaning": meaning.text})

    def _enrol_tap(self, enrolment: Enrolment, uid: str) -> Result:
        """A tap while the Banker page enrols: the step's tag, told to no screen but the banker's
        page (it polls the enrolment: the UIDs are not for every screen on the wifi)."""
        ok = enrolment.tapped(uid)
        if self.path.feedback is not None:
            (self.path.feedback.accepted if ok else self.path.feedback.rejected)()
        return Result(ok, "" if ok else "not enrolled", kind="enrolment", detail=enrolment.last)

    def _banker_step(self, how: str) -> Result:
        """The banker at the table ("tag" or "button" held): for the screen waiting for it that
        the people choose (token_waits.py), never told to any other screen: none can time it."""
        return self.token_waits.banker_act(how)

    def _press(self, long: bool) -> Result:
        # (A hold long enough to be the banker's step comes as Press(held=True): see on_event. A
        # press is a roll or the end of a turn, whatever choice is open: never the banker's pick.)
        if long:
            return self.path.apply({"do": "end_turn"}, "button")
        if self.path.store is None:
            return self.path.refused(Text("table.no_game"))
        if self.prompts is not None and self.prompts.takes_press(self.path.store.game):
            return self.prompts.confirm("button")  # the computer's things are moved: it goes on
        d1, d2 = self.path.roll_dice()
        result = self.path.apply({"do": "roll", "dice": [d1, d2]}, "button")
        if result.ok and self.dice_unit is not None:
            try:
                self.dice_unit.show(d1, d2)
            except Exception:  # the unit is optional: its trouble never costs a roll
                log.warning("could not show the roll on the dice unit", exc_info=True)
        return result

    def _unit_roll(self, roll: UnitRoll) -> Result:
        result = self.path.apply({"do": "roll", "dice": list(roll.dice)}, "dice")
        unit = self.dice_unit
        if unit is not None:
            if result.ok:
                unit.ack(roll.unit, roll.seq)
            else:
                unit.nak(roll.unit, roll.seq, nak_word(self.path.store))
        return result
