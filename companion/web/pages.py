"""The pages: each a template that loads its data from the API (its JSON twin) in the browser."""

from __future__ import annotations

from flask import Blueprint, Response, abort, make_response, render_template, request, send_file
from jinja2 import TemplateNotFound

from .. import i18n
from ..i18n import LANGUAGES
from ..rules import load_edition
from .context import context

pages = Blueprint("pages", __name__)

PAGES = {"/": "table", "/player": "player", "/history": "history", "/chart": "chart",
         "/banker": "banker", "/virtual": "virtual"}


def page_language() -> str:
    """The language a page opens in before the screen has chosen one: `?lang=ru` (the join QR
    carries it), else the best of the browser's Accept-Language (a ru-RU phone opens in
    Russian), else English. A screen's own choice (kept by the browser) wins over both."""
    asked = request.args.get("lang", "")
    if asked in LANGUAGES:
        return asked
    return request.accept_languages.best_match(LANGUAGES, default="en") or "en"


def money_sign() -> str:
    """The sign amounts are written with until the page has a state: the current game's edition's,
    or the default edition's when no game is played (the new-game form)."""
    store = context().table.store
    return (store.game.edition if store is not None else load_edition()).money.sign


def _render(name: str) -> Response:
    simulated = context().simulator is not None
    if name == "virtual" and not simulated:
        abort(404)
    try:
        page = render_template(f"{name}.html", simulated=simulated, lang=page_language(), page=name,
                               languages=LANGUAGES, money_sign=money_sign())
    except TemplateNotFound:
        abort(404)
    response = make_response(page)
    response.vary.add("Accept-Language")
    return response


for _path, _name in PAGES.items():
    pages.add_url_rule(_path, _name, lambda _name=_name: _render(_name))


@pages.get("/i18n/<lang>.ftl")
def messages(lang: str) -> Response:
    """Every message of a language, the same companion/i18n file the Python side words from (the
    pages format it with @fluent/bundle, static/js/i18n.js)."""
    if lang not in LANGUAGES:
        abort(404)
    return send_file(i18n.ftl_path(lang), mimetype="text/plain; charset=utf-8", max_age=0)
