"""docs/russian-review.md, every Russian message rendered for a native reader (issue 42), is what
`python -m tools.russian_review` writes now: every message of both languages renders for every
sample (a Fluent error raises: no message is ever left unrendered)."""

from __future__ import annotations

from tools.russian_review import COMMAND, PEOPLE, REVIEW, review


def test_the_review_is_current_and_every_message_renders() -> None:
    made = review()  # raises on any message that does not render in either language
    assert REVIEW.read_text(encoding="utf-8") == made, f"docs/russian-review.md is out of date: run {COMMAND}"


def test_the_review_declines_the_sample_names_and_agrees_the_plurals() -> None:
    text = REVIEW.read_text(encoding="utf-8")
    assert all(name in text for name in PEOPLE)
    assert "Анна платит Илье £1 ренты за Станцию Кингс Кросс" in text  # the dative, the accusative
    assert "За Сашей долг £1 000 перед Яном" in text  # no gender said: no verb to agree
    assert "тысяча фунтов" in text and "одна тысяча" not in text  # as people say it
