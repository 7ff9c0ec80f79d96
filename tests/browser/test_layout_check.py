"""The layout reader (tests/browser/layout.js) on a page made to fail it: what it must find, it
finds (text over text in any order on the page, text cut, sideways scroll, text off the screen), and
what a person cannot see (hidden, transparent, in a closed <details>, under an opaque layer,
scrolled away) it leaves alone. Every page check of the suite stands on it."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page

from .layout import layout_problems

BAD = """
<body style="margin:0; font: 16px sans-serif">
  <div style="position:relative; height:120px">
    <span id="low" style="position:absolute; top:60px; left:0">Lower first</span>
    <span id="high" style="position:absolute; top:10px; left:200px">Top</span>
    <span id="apart" style="position:absolute; top:61px; left:300px">Apart</span>
    <span id="under" style="position:absolute; top:62px; left:20px">Lying under</span>
    <span id="side" style="position:absolute; top:12px; left:300px">Beside</span>
  </div>
  <div id="clip" style="width:40px; overflow:hidden; white-space:nowrap">A sentence far too long</div>
  <div id="wide" style="width:80px; overflow-x:auto"><div style="width:400px">wide</div></div>
  <div id="off" style="position:relative; left:-300px; white-space:nowrap">off to the left</div>
</body>"""

HIDDEN = """
<body style="margin:0; font: 16px sans-serif">
  <div style="position:relative; height:200px">
    <span style="position:absolute; top:0; left:0">Shown alone</span>
    <div style="display:none"><span style="position:absolute; top:0; left:0">Not displayed</span></div>
    <div style="opacity:0"><span style="position:absolute; top:0; left:0">Transparent</span></div>
    <div style="visibility:hidden"><span style="position:absolute; top:0; left:0">Invisible</span></div>
    <details style="position:absolute; top:40px; left:0"><summary>Summary</summary>
      <span style="position:absolute; top:0; left:0">Folded away</span></details>
    <div style="position:absolute; top:100px; left:0">Under a layer</div>
    <div data-layer style="position:absolute; top:95px; left:0; background:#fff">A spotlight</div>
  </div>
  <div style="height:40px; overflow-y:auto">
    <div style="height:40px">Seen in the log</div>
    <div>Scrolled away</div>
  </div>
  <div>Where the scrolled line would be</div>
</body>"""


@pytest.fixture
def page(browser: Browser) -> Iterator[Page]:
    context = browser.new_context(viewport={"width": 390, "height": 844})
    try:
        yield context.new_page()
    finally:
        context.close()


def test_the_reader_finds_what_a_person_would_notice(page: Page) -> None:
    page.set_content(BAD)
    problems = layout_problems(page)
    overlaps = sorted(p for p in problems if p.startswith("text over text"))
    # The later box on the page lies higher, and another box starts between the two: the pair is
    # found whatever comes between.
    assert len(overlaps) == 1 and "Lower first" in overlaps[0] and "Lying under" in overlaps[0], problems
    cut = [p for p in problems if p.startswith('text cut: "A sentence far too long"')]
    assert cut and "div#clip" in cut[0], problems
    assert any(p.startswith("div#wide scrolls sideways") for p in problems), problems
    assert any(p.startswith('text off the screen: "off to the left"') for p in problems), problems
    near = ("Beside", '"Top"', "Apart")  # near is not over
    assert not any(word in p for word in near for p in problems), problems


def test_the_reader_leaves_alone_what_nobody_sees(page: Page) -> None:
    page.set_content(HIDDEN)
    assert layout_problems(page) == []
