"""Issue 38, point 6: a colour group's name in one form wherever a page shows it, as the edition
writes it ("dark blue", "тёмно-синяя"), in words and in the squares' tooltips, never capitalised by
a sentence or upper-cased by CSS: Ann's phone (her deeds by group, a deed card), the Table page
(the board, the story, her seat panel) and the Virtual table's tags, at 390x844 and 1024x768 in
English and Russian. (The sentences themselves: tests/test_group_names.py.)"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from companion.i18n import LANGUAGES
from tests.browser.support import Api, Shots
from tests.browser.test_table_experience import context, open_page, paired_phone, settle

# Every match of any group's name in any case, in the visible text and in the tooltips and labels:
# each must be the name as written, in a box that does not change its case.
SHOWN_JS = r"""(forms) => {
  const escape = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const names = forms.slice().sort((a, b) => b.length - a.length);
  const re = new RegExp(`(?<![\\p{L}-])(${names.map(escape).join("|")})(?![\\p{L}-])`, "giu");
  const found = [], wrong = [];
  const look = (text, el, where) => {
    for (const m of text.matchAll(re)) {
      found.push(m[0]);
      const transform = el ? getComputedStyle(el).textTransform : "none";
      const said = `${where} [${transform}]: ${text.trim().slice(0, 120)}`;
      if (!forms.includes(m[0]) || transform !== "none") wrong.push(said);
    }
  };
  const walk = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let n = walk.nextNode(); n; n = walk.nextNode()) {
    const el = n.parentElement;
    if (el.closest("script, style") || !el.checkVisibility()) continue;
    look(n.textContent, el, "text");
  }
  for (const el of document.querySelectorAll("[title], [aria-label]")) {
    for (const attr of ["title", "aria-label"]) {
      if (el.getAttribute(attr)) look(el.getAttribute(attr), null, attr);
    }
  }
  return { found, wrong };
}"""


def group_forms(api: Api, lang: str) -> list[str]:
    return [group["name"][lang] for group in api.board()["groups"].values()]


def shown_as_written(page: Page, forms: list[str], where: str, at_least: int = 1) -> None:
    seen = page.evaluate(SHOWN_JS, forms)
    wrong = "\n  ".join(seen["wrong"][:20])
    assert not wrong, f"{where}: a group's name in another form:\n  {wrong}"
    assert len(seen["found"]) >= at_least, f"{where}: no group's name found ({seen['found']})"


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("size", ["phone", "tablet"])
def test_a_groups_name_has_one_form_on_every_page(screens: Any, api: Api, artifacts: Path,
                                                 size: str, lang: str) -> None:
    shots = Shots(artifacts, f"group-names-{size}-{lang}-", iter(range(1, 50)))
    forms = group_forms(api, lang)
    dark_blue = api.board()["groups"]["dark blue"]["name"][lang]
    api.new_game(["Ann", "Bob"])
    for square in ("park-lane", "mayfair", "old-kent-road", "kings-cross-station"):
        api.must({"do": "give_deed", "square": square, "to": "Ann"})
    api.must({"do": "build", "player": "Ann", "square": "mayfair"})
    api.must({"do": "build", "player": "Ann", "square": "park-lane"})
    api.must({"do": "sell_all_buildings", "player": "Ann", "group": "dark blue"})  # a story line
    api.must({"do": "build", "player": "Ann", "square": "mayfair"})  # a house again: "sell all" offered

    ann = paired_phone(screens, size, lang, "Ann")
    heading = ann.get_by_test_id("deed-group-dark-blue").locator("h3")
    expect(heading).to_contain_text(dark_blue)
    settle(ann)
    shots.take(ann, "my deeds", full_page=True)
    shown_as_written(ann, forms, "Ann's deeds", at_least=2)
    ann.get_by_test_id("deed-card-mayfair").click()
    card = ann.get_by_test_id("deed-card")
    expect(card).to_contain_text(dark_blue)
    shots.take(ann, "deed card")
    shown_as_written(ann, forms, "the deed card", at_least=3)

    shared = context(screens, size, lang)
    table = open_page(screens, shared, "/", lang)
    sold = table.get_by_test_id("feed-item").filter(has_text=dark_blue)
    expect(sold).to_have_count(1)
    settle(table)
    shots.take(table, "table")
    shown_as_written(table, forms, "the Table page", at_least=22)  # every lot's tooltip, the story
    table.get_by_test_id("open-seat-Ann").click()
    expect(table.get_by_test_id("seat-panel")).to_be_visible()
    settle(table)
    shots.take(table, "seat panel")
    shown_as_written(table, forms, "Ann's seat panel", at_least=24)

    virtual = open_page(screens, shared, "/virtual", lang)
    expect(virtual.get_by_test_id("sim-group-dark-blue")).to_contain_text(dark_blue)
    settle(virtual)
    shots.take(virtual, "virtual table", full_page=True)
    shown_as_written(virtual, forms, "the Virtual table", at_least=8)
