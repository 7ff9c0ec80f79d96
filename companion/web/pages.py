"""The pages: each a template that loads its data from the API (its JSON twin) in the browser."""

from __future__ import annotations

from flask import Blueprint, abort, render_template, request
from jinja2 import TemplateNotFound

from .app import context

pages = Blueprint("pages", __name__)

PAGES = {"/": "table", "/player": "player", "/history": "history", "/chart": "chart",
         "/banker": "banker", "/virtual": "virtual"}


def _render(name: str) -> str:
    simulated = context().simulator is not None
    if name == "virtual" and not simulated:
        abort(404)
    lang = request.args.get("lang", "")
    try:
        return render_template(f"{name}.html", simulated=simulated, lang=lang, page=name)
    except TemplateNotFound:
        abort(404)


for _path, _name in PAGES.items():
    pages.add_url_rule(_path, _name, lambda _name=_name: _render(_name))
