"""The auction's "wait" button (`POST /api/auction/wait`): anyone at the table (a phone, the shared
Table page, the banker) gives everyone the opening wait again, once per auction; the clock
(companion/table/auction_clock.py) does it on the table's writer and sends the state again with
the new deadline. Asked again, or with no auction running, it is refused (422) and changes nothing.
"""

from __future__ import annotations

from flask import Blueprint, Flask, Response, current_app

from ..table import Result
from ..table.words import words
from .common import answer

auction = Blueprint("auction", __name__, url_prefix="/api/auction")


@auction.post("/wait")
def wait() -> tuple[Response, int]:
    clock = current_app.extensions.get("companion.auctions")
    if clock is None:  # the table's clock is off ([table] auction_seconds = 0): nothing to wait for
        said = words("auction.wait_none")
        return answer(Result(False, said["en"], words=said))
    return answer(clock.wait())


def install(app: Flask, clock: object | None) -> None:
    """The auction clock the wait goes to (None: the table runs no clock)."""
    app.extensions["companion.auctions"] = clock
