"""What became of one input, as the table says it: stored, or refused with a reason a player can
read and the kind of refusal it is. The table knows nothing of HTTP: the web layer picks a status
from the kind (companion/web/common.py)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

# The kinds of refusal. RULES: the rules said no; MALFORMED: not a command; NOT_YOURS: the seat
# the screen speaks for may not give it; UNPAIRED: the screen speaks for no seat of this game;
# BANKER_ONLY: the banker's command; CONFLICT: the request no longer stands (asked again, another
# game, several screens waited for one tap, withdrawn); NO_GAME; TIMEOUT: no token came in time;
# TOO_MANY: a bound was reached (waits, churn); STORAGE: the file could not be written; BUSY: the
# writer did not get to it in time; GONE: the client left first; STOPPING; NOT_FOUND; BUG.
RULES, MALFORMED, NOT_YOURS = "rules", "malformed", "not_yours"
UNPAIRED, BANKER_ONLY = "unpaired", "banker_only"
CONFLICT, NO_GAME, TIMEOUT, TOO_MANY = "conflict", "no_game", "timeout", "too_many"
STORAGE, BUSY, GONE, STOPPING, NOT_FOUND, BUG = "storage", "busy", "gone", "stopping", "not_found", "bug"


@dataclass
class Result:
    """What became of one input: stored (seq), refused (a reason a player can read), or nothing."""

    ok: bool
    reason: str = ""
    seq: int | None = None
    state: dict[str, Any] | None = None
    messages: list[str] = field(default_factory=list)
    kind: str = "command"  # "command", "new_game", "open_game", "paired", "waiting", "show_deed", ...
    detail: dict[str, Any] = field(default_factory=dict)
    refusal: str = ""  # for a refusal: one of the kinds above (RULES when not said)
    words: dict[str, str] | None = None  # the reason in every language

    def __post_init__(self) -> None:
        if not self.ok and not self.refusal:
            self.refusal = RULES


INTERNAL_ERROR = "internal error: nothing changed"
BUSY_TEXT = "The table is busy and did not get to this in time; nothing was done, try again"
GONE_TEXT = "The screen that sent this went away before the table got to it; nothing was done"
