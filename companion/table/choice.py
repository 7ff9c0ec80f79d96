"""A choice at the table: which of the screens waiting for a physical act gets it.

A tap of Ann's token (with screens waiting to pair) or the banker's step (with screens waiting for
it) carries no choice of screen, so it opens one, and the people at the table make it by
something they see (Bluetooth's numeric comparison is the model: the same digits on both sides,
confirmed by a person):

- each waiting screen shows its code ("472");
- the table's own screen (and the banker's) lists the codes; touching one picks it;
- and, for a table with no such screen, the table offers the codes one at a time (every waiting
  screen shows whether it is its own code that is offered, and for how long): the same act again
  (Ann's token tapped again; the banker's tag laid again, or the dice button held again) while a
  screen's code is offered picks that screen. Nothing else picks: a press of the dice button to
  roll stays a roll, so nobody hands the banker's step to a screen without meaning to.

The offer order is at random, but for screens that have been the banker's, which come first for
the banker's step (one that asks while a choice is open is offered at once): never the order
screens asked in, so asking first wins nothing. One act makes one round of offers: the choice ends
when every screen in it has been offered once (and not before ROUND seconds), and an act after
that opens a new one, so a step made later for another reason is never taken as the again of an
old one. An act repeated
within GRACE seconds of the offer changing picks nothing (it may have been meant for the code
before: the screens learn of the change a moment late); the people are told to wait for theirs.

Pure: the time is passed in (the writer's monotonic clock), so tests move it.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass, field

from .waits import BANKER, TokenWait

OFFER = 5.0  # seconds each waiting screen's code is offered when several wait (a token tap)
OFFER_BANKER = 10.0  # ... for the banker's step: room for the dice button's 6 s hold
GRACE = 1.0  # a repeated act this soon after the offer changed picks nothing
ROUND = 20.0  # a choice nobody made lasts at least this long after its act (one offer, to a phone
# in a pocket), and ends once every screen in it was offered once (the screens go on waiting)

TOO_SOON, PICKED, NOTHING = "too_soon", "picked", "nothing"


@dataclass
class Choice:
    kind: str  # PAIR or BANKER: what the act was
    player: str | None  # PAIR: whose token was tapped
    opened: float  # the act's time
    order: list[TokenWait] = field(default_factory=list)  # the screens it chooses among, in offer order
    id: str = field(default_factory=lambda: secrets.token_urlsafe(9))
    current: int = 0  # the index in `order` offered now
    since: float = 0.0  # when it began to be offered
    changed: float | None = None  # when the offer last changed (None: it is the act's first)
    offer: float = OFFER  # seconds each screen's code is offered while several wait
    piece: str | None = None  # PAIR: the piece whose token was tapped (the pairing follows it)

    @classmethod
    def open(cls, kind: str, player: str | None, waits: list[TokenWait], now: float) -> Choice:
        choice = cls(kind, player, now, since=now, offer=OFFER_BANKER if kind == BANKER else OFFER)
        choice.order = _shuffled(waits)
        return choice

    @property
    def deadline(self) -> float:
        return self.opened + max(ROUND, len(self.order) * self.offer)

    @property
    def offered(self) -> TokenWait | None:
        return self.order[self.current] if self.order else None

    def add(self, wait: TokenWait, now: float) -> bool:
        """A screen that asked while the choice is open joins it, after everyone already in it;
        a screen that has been the banker's is offered at once (the banker's own phone, asking
        after a step: no guest can be such a screen). True when the offer changed."""
        if wait in self.order:
            return False
        if self.kind == BANKER and wait.known and not (self.offered is not None and self.offered.known):
            self.order.insert(self.current, wait)
            self.since = self.changed = now
            return True
        self.order.append(wait)
        return False

    def drop(self, wait: TokenWait, now: float) -> bool:
        """A screen no longer waits (withdrawn, expired, answered): True when it was offered now
        (the next is offered from now)."""
        if wait not in self.order:
            return False
        at = self.order.index(wait)
        self.order.remove(wait)
        if at < self.current:
            self.current -= 1
            return False
        if at == self.current:
            if self.current >= len(self.order):
                self.current = 0
            self.since = self.changed = now
            return True
        return False

    def next_change(self) -> float | None:
        """When the offer moves on (None: it stays: one screen waits, or none)."""
        return self.since + self.offer if len(self.order) > 1 else None

    def tick(self, now: float) -> bool:
        """Move the offer on as far as the time says: True when it changed."""
        change = self.next_change()
        if change is None or now < change:
            return False
        steps = int((now - self.since) // self.offer)
        self.current = (self.current + steps) % len(self.order)
        self.since += steps * self.offer
        self.changed = self.since
        return True

    def repeated(self, now: float) -> tuple[str, TokenWait | None]:
        """The act again: (PICKED, the screen offered), (TOO_SOON, None) within GRACE of the offer
        changing, or (NOTHING, None) when nobody waits any more."""
        self.tick(now)
        wait = self.offered
        if wait is None:
            return NOTHING, None
        if self.changed is not None and now - self.changed < GRACE:
            return TOO_SOON, None
        return PICKED, wait

    def ready(self) -> float | None:
        """From when the act again takes the screen offered (None: at once)."""
        return None if self.changed is None else self.changed + GRACE

    def by_code(self, code: str) -> TokenWait | None:
        """The screen showing this code (picked on the table's own screen)."""
        return next((w for w in self.order if w.code == code), None)

    def until(self, now: float) -> float | None:
        """How long the offer stands (None: until the choice ends)."""
        change = self.next_change()
        return None if change is None else max(0.0, change - now)


def _shuffled(waits: list[TokenWait]) -> list[TokenWait]:
    """Known banker screens first (for the banker's step), each part in an order nobody chose."""
    known = [w for w in waits if w.kind == BANKER and w.known]
    rest = [w for w in waits if w not in known]
    return _random_order(known) + _random_order(rest)


def _random_order(waits: list[TokenWait]) -> list[TokenWait]:
    pool, order = list(waits), []
    while pool:
        order.append(pool.pop(secrets.randbelow(len(pool))))
    return order
