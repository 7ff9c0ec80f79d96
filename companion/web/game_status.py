"""A stored game's status ("playing", "over: Ann won", "archived") in every language.

The ledger keeps the status as a short English line in the game's own file (ledger/game_list.py); the
Banker page lists it in its screen's language, so the words are said here, from the
"banker-game-status-" messages of companion/i18n.
"""

from __future__ import annotations

from ..rules.texts import LANGUAGES
from .presence import said

WORDS = {"playing": "game.status.playing", "over": "game.status.over", "archived": "game.status.archived"}
WON_PREFIX, WON_SUFFIX = "over: ", " won"


def status_words(status: str) -> dict[str, str]:
    """The status in every language; a line it does not know (why a game is damaged) as it is."""
    if status in WORDS:
        return said(WORDS[status])
    winner = status.removeprefix(WON_PREFIX).removesuffix(WON_SUFFIX)
    if winner and f"{WON_PREFIX}{winner}{WON_SUFFIX}" == status:
        return said("game.status.won", player=winner)
    return dict.fromkeys(LANGUAGES, status)
