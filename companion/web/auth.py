"""The banker's PIN (stored hashed) and the table-wide limit on guessing it.

The PIN is stored as a salted PBKDF2 hash (no memory-hungry scrypt on a Pi Zero). A new PIN has 6
to 12 digits; a 4- or 5-digit PIN stored by an older companion still works until it is changed.

Guesses are limited for the whole table, never per client: a guest on the wifi has as many
addresses as they like (a /24 hands out 254, and one laptop can take them all). The table forgives
BURST wrong PINs at once (a banker's typos) and one more every REFILL seconds; beyond that no PIN at
all is checked (the right one neither: else a guesser would only have to keep trying) until the
next is forgiven. So in any stretch of t seconds at most BURST + t / REFILL wrong PINs are tried:
a month (2,592,000 s) allows 10 + 8,640 = 8,650 tries, under 0.9 % of the 1,000,000 six-digit
PINs, and trying half of them (the expected time to find one) takes 500,000 x 300 s, about 4.8
years. (A 4-digit PIN of an older table: 10,000 PINs in at most 35 days; change it.) What is left
of the allowance is kept in the data folder, so a restart (or a crash a guesser provoked) forgives
nothing: the table comes back at most REFILL seconds from checking a PIN again.

A guesser can therefore keep the right PIN from working on a new screen too. The banker always has
a way in that no one on the wifi can block: the banker's step at the table (their tag on the
reader, or the dice button held; see presence.py), which logs a waiting screen in without the PIN;
and a screen that has been the banker's before has an allowance of its own (the same sums), so
the banker's own phone takes the right PIN whatever guessers elsewhere do.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import math
import os
import secrets
import threading
import time
from collections import OrderedDict
from collections.abc import Callable
from pathlib import Path
from typing import Any

from ..secretfile import secret_file, write_private

MIN_DIGITS, MAX_DIGITS = 6, 12  # a new PIN
OLD_MIN_DIGITS = 4  # a PIN stored before new ones needed 6 digits still works
BURST = 10  # wrong PINs the table forgives at once (a banker's typos)
REFILL = 300.0  # seconds until the table forgives one more wrong PIN (see the docstring's sums)
KEY_BYTES = 32  # the cookie-signing secret


def secret_key(folder: Path) -> bytes:
    """The cookie-signing secret, made once and kept readable by the companion alone.

    Never half-written (see secretfile): an empty key would let Flask sign no session at all.
    """
    return secret_file(folder / "secret.key", KEY_BYTES)


ROUNDS = 100_000
TRIES_FILE = "banker-pin-tries.json"  # what is left of the table's allowance, kept across restarts
OWN_SCREENS = 16  # the banker's own screens with an allowance of their own (as presence.KNOWN)


def _hash(pin: str, salt: bytes) -> bytes:
    return hashlib.pbkdf2_hmac("sha256", pin.encode(), salt, ROUNDS)


class Allowance:
    """Wrong PINs one may still try: BURST at most, one more forgiven every REFILL seconds."""

    def __init__(self, now: float, left: float = float(BURST)) -> None:
        self.left = left
        self.counted = now  # when `left` was last worked out

    def refill(self, now: float) -> None:
        self.left = min(float(BURST), self.left + max(0.0, now - self.counted) / REFILL)
        self.counted = now

    def wait(self) -> float:
        return 0.0 if self.left >= 1.0 else (1.0 - self.left) * REFILL


class BankerPin:
    """The banker's PIN on disk (salt and PBKDF2 hash, mode 0600) and the wrong tries: the table's,
    and each of the banker's own screens'."""

    def __init__(
        self, folder: Path, pin: str | None = None, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self.path = folder / "banker-pin.json"
        self.tries_path = folder / TRIES_FILE
        self.clock = clock  # for the limit's wait (tests turn it)
        self._lock = threading.Lock()
        self._table = Allowance(clock(), self._stored_allowance())  # every screen's tries but ...
        self._own: OrderedDict[str, Allowance] = OrderedDict()  # ... the banker's own screens'
        self._known: bytes | None = None  # a quick digest of the PIN last proven right
        if pin is not None:
            self.set(pin)

    @property
    def is_set(self) -> bool:
        return self.path.exists()

    @staticmethod
    def valid(pin: Any) -> bool:
        """A PIN one may set now: 6 to 12 ASCII digits."""
        # ASCII digits only: str.isdigit() also takes "²" and "١", which no keypad types.
        digits = isinstance(pin, str) and pin.isascii() and pin.isdigit()
        return digits and MIN_DIGITS <= len(pin) <= MAX_DIGITS

    def set(self, pin: str) -> None:
        if not self.valid(pin):
            raise ValueError(f"The banker PIN is {MIN_DIGITS} to {MAX_DIGITS} digits")
        salt = secrets.token_bytes(16)
        record = {"salt": salt.hex(), "hash": _hash(pin, salt).hex()}
        self._known = None
        tmp = self.path.with_suffix(".tmp")
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(fd, "w") as f:
            json.dump(record, f)
        os.chmod(tmp, 0o600)  # a leftover .tmp keeps its mode through O_CREAT
        os.replace(tmp, self.path)

    def _stored_allowance(self) -> float:
        """What was left of the table's allowance when the companion stopped: a restart (or a
        crash a guesser provoked) forgives nothing, and the time it was down refills nothing."""
        try:
            kept = float(json.loads(self.tries_path.read_text())["allowance"])
        except (OSError, ValueError, KeyError, TypeError):
            return float(BURST)
        return min(float(BURST), kept) if math.isfinite(kept) else 0.0

    def _keep_allowance(self) -> None:
        try:
            write_private(self.tries_path, json.dumps({"allowance": self._table.left}).encode())
        except OSError:  # the limit holds in memory; only a restart would forget it
            pass

    def wait(self, now: float | None = None) -> float:
        """Seconds until the table checks a PIN again (0: it checks one now)."""
        now = self.clock() if now is None else now
        with self._lock:
            self._table.refill(now)
            return self._table.wait()

    def check(self, pin: Any, client: str = "", now: float | None = None,
              own_screen: str | None = None) -> tuple[bool, float]:
        """(right, seconds to wait) for one try: while its allowance forgives no more wrong PINs,
        nothing is checked and the try is told how long to wait.

        The allowance is the table's, shared by every screen whatever its address; a screen that
        has been the banker's (`own_screen`: its public id, which no guest can present: its cookie
        is the banker's) has one of its own instead, so guessers elsewhere never keep the banker's
        own phone from the right PIN. A try takes its place in the allowance before it is checked
        (and gives it back when right), so many tries at once are never more than the allowance.
        `client` is unused: where a try comes from changes nothing."""
        now = self.clock() if now is None else now
        with self._lock:
            if own_screen is not None:
                allowance = self._own.pop(own_screen, None) or Allowance(now)
                self._own[own_screen] = allowance
                while len(self._own) > OWN_SCREENS:
                    self._own.popitem(last=False)
            else:
                allowance = self._table
            allowance.refill(now)
            if allowance.left < 1.0:
                return False, allowance.wait()
            allowance.left -= 1.0
        right = self._right(pin)
        with self._lock:
            if right:
                allowance.left = min(float(BURST), allowance.left + 1.0)
            elif allowance is self._table:  # kept on disk: one write per wrong try, and they are few
                self._keep_allowance()
        return right, 0.0

    def _right(self, pin: Any) -> bool:
        if not isinstance(pin, str) or not self.is_set:
            return False
        quick = hashlib.sha256(pin.encode()).digest()
        if self._known is not None and hmac.compare_digest(quick, self._known):
            return True  # API clients send the PIN with every request: check it once
        record = json.loads(self.path.read_text())
        right = hmac.compare_digest(_hash(pin, bytes.fromhex(record["salt"])), bytes.fromhex(record["hash"]))
        if right:
            self._known = quick
        return right
