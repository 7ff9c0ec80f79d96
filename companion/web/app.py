"""The Flask application: pages, their JSON twins, the live stream. Built by `create_app`,
with everything it needs passed in (the table, the data folder, the simulator) and no
module-level state, so tests make as many as they like."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from flask import Flask, jsonify, request
from werkzeug.exceptions import HTTPException

from ..config import WifiConfig
from ..table import Table
from .auth import BankerPin, secret_key
from .events import Broker

MAX_BODY = 16 * 1024
WEB_DIR = Path(__file__).resolve().parents[2] / "web"


@dataclass
class Simulator:
    """What the virtual table can do with the simulated devices (given by the daemon)."""

    tap: Callable[[str], None]
    press: Callable[[bool], None]
    unit_press: Callable[[], bool] | None = None


@dataclass
class Context:
    table: Table
    data_dir: Path
    pin: BankerPin
    broker: Broker = field(default_factory=Broker)
    simulator: Simulator | None = None
    devices: Callable[[], dict[str, str]] = dict
    tags: Callable[[], dict[str, str]] = dict  # the enrolled tags: UID -> meaning
    wifi: WifiConfig = field(default_factory=WifiConfig)
    web_dir: Path = WEB_DIR
    pair_timeout: float = 30.0


def create_app(ctx: Context, testing: bool = False) -> Flask:
    app = Flask(
        __name__,
        template_folder=str(ctx.web_dir / "templates"),
        static_folder=str(ctx.web_dir / "static"),
        static_url_path="/static",
    )
    app.config.update(
        SECRET_KEY=secret_key(ctx.data_dir),
        SESSION_COOKIE_SAMESITE="Strict",
        SESSION_COOKIE_HTTPONLY=True,
        MAX_CONTENT_LENGTH=MAX_BODY,
        TESTING=testing,
        DEBUG=False,
        JSON_SORT_KEYS=False,
    )
    app.extensions["companion"] = ctx
    ctx.table.listeners.append(ctx.broker.publish)

    from .api import api
    from .pages import pages

    app.register_blueprint(api)
    app.register_blueprint(pages)
    from . import feed, screens

    feed.install(app, ctx)
    app.register_blueprint(screens.screens)

    @app.errorhandler(HTTPException)
    def http_error(exc: HTTPException) -> Any:
        if request.path.startswith("/api/"):
            messages = {
                413: "That request is too large",
                404: "There is no such page",
                405: "That method is not allowed here",
            }
            response = jsonify({"error": messages.get(exc.code or 500, exc.description)})
            return response, exc.code
        return exc

    return app


def context() -> Context:
    from flask import current_app

    return current_app.extensions["companion"]  # type: ignore[no-any-return]
