"""What a person would notice on a page, checked from its element boxes: a page that scrolls
sideways, text cut off by a box too small for it, text over other text, and buttons for moves the
rules do not allow now (every visible action button is matched with the server's legal list)."""

from __future__ import annotations

import re
from typing import Any

from playwright.sync_api import Page

# Every text node's boxes, and every box that clips or scrolls sideways.
LAYOUT_JS = r"""() => {
  const problems = [];
  const W = window.innerWidth;
  if (document.documentElement.scrollWidth > W + 1) problems.push(`the page scrolls sideways (${document.documentElement.scrollWidth} > ${W})`);
  const name = (el) => {
    const test = el.closest("[data-test]")?.getAttribute("data-test");
    return `${el.tagName.toLowerCase()}${el.id ? "#" + el.id : ""}${el.className && typeof el.className === "string" ? "." + el.className.trim().split(/\s+/).join(".") : ""}${test ? `[${test}]` : ""}`;
  };
  const visible = (el) => {
    const folded = el.closest("details:not([open])");
    if (folded && !el.closest("summary")) return false; // inside a closed <details>
    for (let e = el; e; e = e.parentElement) {
      const s = getComputedStyle(e);
      if (s.display === "none" || s.visibility === "hidden" || Number(s.opacity) === 0) return false;
    }
    return true;
  };
  for (const el of document.querySelectorAll("body *")) {
    const s = getComputedStyle(el);
    if ((s.overflowX === "auto" || s.overflowX === "scroll") && el.scrollWidth > el.clientWidth + 1 && visible(el)) {
      problems.push(`${name(el)} scrolls sideways (${el.scrollWidth} > ${el.clientWidth})`);
    }
  }
  const boxes = [];
  // with a modal dialog open, the page behind its backdrop is out of reach: the dialog is the page
  const modal = Array.from(document.querySelectorAll("dialog[open]")).pop();
  const walker = document.createTreeWalker(modal || document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (!node.textContent.trim()) continue;
    const el = node.parentElement;
    if (!el || el.closest("script, style, noscript, title, dialog:not([open]), .visually-hidden, .skip, svg") || !visible(el)) continue;
    const range = document.createRange();
    range.selectNodeContents(node);
    let rects = Array.from(range.getClientRects()).filter((r) => r.width > 0.5 && r.height > 0.5);
    // text scrolled out of a box that scrolls (the log, the feed) is not on show, nor cut
    for (let a = el.parentElement; a && a !== document.body; a = a.parentElement) {
      const st = getComputedStyle(a);
      if (!/auto|scroll/.test(st.overflowY + st.overflowX)) continue;
      const box = a.getBoundingClientRect();
      rects = rects.filter((r) => r.bottom > box.top + 1 && r.top < box.bottom - 1 && r.right > box.left + 1 && r.left < box.right - 1);
    }
    if (!rects.length) continue;
    // cut: a text box reaching out of a box that clips it (overflow hidden or clip)
    for (let a = el; a && a !== document.body; a = a.parentElement) {
      const st = getComputedStyle(a);
      const clipsX = st.overflowX === "hidden" || st.overflowX === "clip";
      const clipsY = st.overflowY === "hidden" || st.overflowY === "clip";
      if (!clipsX && !clipsY) continue;
      const box = a.getBoundingClientRect();
      for (const r of rects) {
        if ((clipsX && (r.left < box.left - 1 || r.right > box.right + 1)) || (clipsY && (r.top < box.top - 1 || r.bottom > box.bottom + 1))) {
          problems.push(`text cut: "${node.textContent.trim().slice(0, 40)}" in ${name(el)} by ${name(a)}`);
          break;
        }
      }
    }
    for (const r of rects) {
      if (r.left < -1 || r.right > W + 1) problems.push(`text off the screen: "${node.textContent.trim().slice(0, 40)}" in ${name(el)}`);
      boxes.push({ r, el, text: node.textContent.trim().slice(0, 30) });
    }
  }
  // overlap: two text boxes of different elements on top of each other
  const free = boxes;
  for (let i = 0; i < free.length; i++) {
    for (let j = i + 1; j < free.length; j++) {
      const a = free[i], b = free[j];
      if (a.el === b.el || a.el.contains(b.el) || b.el.contains(a.el)) continue;
      const x = Math.min(a.r.right, b.r.right) - Math.max(a.r.left, b.r.left);
      const y = Math.min(a.r.bottom, b.r.bottom) - Math.max(a.r.top, b.r.top);
      if (x > 2 && y > 2) problems.push(`text over text: "${a.text}" (${name(a.el)}) and "${b.text}" (${name(b.el)})`);
    }
  }
  // toasts (in the header) never lie over a button
  for (const toast of document.querySelectorAll("[data-test=toast]")) {
    const t = toast.getBoundingClientRect();
    for (const button of document.querySelectorAll("main button")) {
      if (!visible(button)) continue;
      const r = button.getBoundingClientRect();
      if (r.width && Math.min(t.right, r.right) > Math.max(t.left, r.left) && Math.min(t.bottom, r.bottom) > Math.max(t.top, r.top)) {
        problems.push(`a toast covers the button ${name(button)}`);
      }
    }
  }
  return Array.from(new Set(problems));
}"""


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
    named = re.match(r"^action-(bid-10|bid-50|bid-custom|pass)-(.+)$", test)
    if named:
        doing, who = named.groups()
        return _listed(state, who, do="pass" if doing == "pass" else "bid")
    m = re.match(r"^action-(.+)$", test)
    if not m:
        return True
    action = m.group(1)
    who = me or {"buy": pending.get("player"), "decline": pending.get("player"),
                 "accept": pending.get("to"), "reject": pending.get("to"),
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
    return page.evaluate("""() => Array.from(document.querySelectorAll('main [data-test^="action-"]'))
      .filter((b) => b.offsetParent !== null).map((b) => b.getAttribute('data-test'))""")


def assert_only_legal_buttons(page: Page, state: dict[str, Any], me: str | None, where: str) -> None:
    shown = visible_actions(page)
    wrong = [test for test in shown if not button_allowed(test, state, me)]
    assert not wrong, f"{where}: buttons for moves the rules do not allow now: {wrong}"
