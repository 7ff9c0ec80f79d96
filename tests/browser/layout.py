"""What a person would notice on a page, checked from its element boxes: a page that scrolls
sideways, text cut off by a box too small for it, text over other text, and buttons for moves the
rules do not allow now (every visible action button is matched with the server's legal list)."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from playwright.sync_api import Page

# Every text node's boxes, and every box that clips or scrolls sideways.
LAYOUT_JS = "\n".join(line for line in (Path(__file__).parent / "layout.js").read_text(encoding="utf-8")
                      .splitlines() if not line.startswith("//")).strip()


def layout_problems(page: Page) -> list[str]:
    return page.evaluate(LAYOUT_JS)


def assert_layout(page: Page, where: str) -> None:
    """Looked at from the top of the page (nothing scrolled under the sticky header)."""
    page.evaluate("window.scrollTo(0, 0)")
    page.wait_for_timeout(100)
    problems = layout_problems(page)
    assert not problems, f"{where}: " + "\n  ".join(problems[:25])


# ---- buttons only for legal commands -----------------------------------------------------------

def _listed(state: dict[str, Any], player: str, **fields: Any) -> bool:
    entries = state["legal"]["players"].get(player, []) if player != "banker" else state["legal"]["banker"]
    return any(all(e["command"].get(k) == v for k, v in fields.items()) for e in entries)


SIMPLE = {"roll": "roll", "end-turn": "end_turn", "pay-jail-fine": "pay_jail_fine",
          "use-jail-card": "use_jail_card", "bankrupt": "bankrupt", "buy": "buy", "decline": "decline",
          "accept": "accept", "reject": "reject", "withdraw": "reject", "claim-rent": "claim_rent",
          "counter": "trade"}
ON_SQUARE = {"build": "build", "sell-building": "sell_building", "mortgage": "mortgage",
             "unmortgage": "unmortgage"}


def button_allowed(test: str, state: dict[str, Any], me: str | None) -> bool:
    """Whether a visible action button (its data-test) is for a command the server lists now for
    the player it acts for: this screen's player, or on a shared screen the one it names."""
    pending = state.get("pending") or {}
    answer = re.match(r"^action-answer-[^\t]+\t([^\t]+)\t(\{.*\})$", test)
    if answer:  # a kind's generic answer (decision.js's answers): the very command, for that player
        who, command = answer.group(1), json.loads(answer.group(2))
        entries = state["legal"]["players"].get(who, []) if who != "banker" else state["legal"]["banker"]
        return (me is None or who == me) and any(e["command"] == command for e in entries)
    named = re.match(r"^action-(bid-10|bid-50|bid-custom|pass)-(.+)$", test)
    if named:
        doing, who = named.groups()
        return _listed(state, who, do="pass" if doing == "pass" else "bid")
    m = re.match(r"^action-(.+)$", test)
    if not m:
        return True
    action = m.group(1)
    who = me or {"buy": pending.get("player"), "decline": pending.get("player"),
                 "accept": pending.get("to"), "reject": pending.get("to"), "counter": pending.get("to"),
                 "withdraw": pending.get("from"), "claim-rent": pending.get("player")}.get(action) \
        or state.get("turn")
    if action == "reject" and me is None:
        return _listed(state, pending.get("to"), do="reject")
    if action in SIMPLE:
        return _listed(state, who, do=SIMPLE[action])
    if action in ("bid-10", "bid-50", "bid-custom", "pass"):
        return _listed(state, who, do="pass" if action == "pass" else "bid")
    if action.startswith("choose-"):
        return _listed(state, who, do="choose", option=action.removeprefix("choose-"))
    if action.startswith("sell-all-"):
        return _listed(state, who, do="sell_all_buildings")
    for prefix, doing in ON_SQUARE.items():
        if action.startswith(prefix + "-") and not action.startswith("sell-all"):
            square = action.removeprefix(prefix + "-")
            if prefix == "mortgage" and action.startswith("mortgage-"):
                return _listed(state, who, do=doing, square=square)
            return _listed(state, who, do=doing, square=square)
    if action == "draw":
        return _listed(state, who, do="draw")
    return False


def visible_actions(page: Page) -> list[str]:
    """Each visible action button's data-test; a generic answer's with the player and the command it
    sends, tab-separated (a name may hold spaces)."""
    return page.evaluate("""() => Array.from(document.querySelectorAll('main [data-test^="action-"]'))
      .filter((b) => b.offsetParent !== null).map((b) => (b.dataset.command
        ? [b.getAttribute('data-test'), b.dataset.player, b.dataset.command].join('\\t')
        : b.getAttribute('data-test')))""")


def assert_only_legal_buttons(page: Page, state: dict[str, Any], me: str | None, where: str) -> None:
    shown = visible_actions(page)
    wrong = [test for test in shown if not button_allowed(test, state, me)]
    assert not wrong, f"{where}: buttons for moves the rules do not allow now: {wrong}"
