"""The language a screen opens in (issue 22, item 10): a first visit follows the browser's
Accept-Language (a ru-RU phone opens in Russian), `?lang=` wins over it, anything else is
English; the join QR code carries the language of the screen that shows it."""

from __future__ import annotations

import io
import re

import pytest
import segno

from tests.web_support import Rig


def opened_in(rig: Rig, path: str, accept: str | None = None) -> str:
    headers = {"Accept-Language": accept} if accept is not None else {}
    answer = rig.client().get(path, headers=headers)
    assert answer.status_code == 200
    assert "Accept-Language" in answer.headers.get("Vary", "")  # a cache keeps one per language
    found = re.search(r'<html lang="([^"]*)"', answer.get_data(as_text=True))
    assert found is not None
    return found.group(1)


@pytest.mark.parametrize("path", ["/", "/player", "/history", "/chart", "/banker"])
def test_a_russian_phone_opens_every_page_in_russian(rig: Rig, path: str) -> None:
    assert opened_in(rig, path, "ru-RU,ru;q=0.9,en-US;q=0.8,en;q=0.7") == "ru"
    assert opened_in(rig, path, "en-GB,en;q=0.9") == "en"  # the control: an English phone


@pytest.mark.parametrize(("accept", "lang"), [
    (None, "en"), ("", "en"), ("de-DE,de;q=0.9", "en"), ("de-DE,ru;q=0.5", "ru"),
    ("en;q=0.4,ru;q=0.8", "ru"), ("*", "en"), ("ru;q=0", "en"), ("ru;q=x,,;;", "en"),
    ("x" * 5000, "en"),
])
def test_accept_language_picks_the_best_language_the_table_speaks(rig: Rig, accept: str | None,
                                                                  lang: str) -> None:
    assert opened_in(rig, "/", accept) == lang


def test_the_address_wins_over_the_browser_and_nonsense_is_ignored(rig: Rig) -> None:
    assert opened_in(rig, "/?lang=en", "ru-RU") == "en"
    assert opened_in(rig, "/?lang=ru", "en-GB") == "ru"
    assert opened_in(rig, '/?lang="><script>', "ru-RU") == "ru"  # not reflected: the browser's
    assert opened_in(rig, "/?lang=de", None) == "en"


def svg_of(text: str) -> bytes:
    out = io.BytesIO()
    segno.make(text, error="m").save(out, kind="svg", scale=6, border=2, dark="#000", light="#fff")
    return out.getvalue()


@pytest.mark.parametrize(("query", "text"), [
    ("&lang=ru", "http://localhost/?lang=ru"), ("&lang=en", "http://localhost/?lang=en"),
    ("", "http://localhost/"), ("&lang=xx", "http://localhost/"),
])
def test_the_join_code_carries_the_language(rig: Rig, query: str, text: str) -> None:
    answer = rig.client().get(f"/api/qr.svg?for=join{query}")
    assert answer.status_code == 200 and answer.data == svg_of(text)
