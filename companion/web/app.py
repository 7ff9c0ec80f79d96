"""The Flask application: pages, their JSON twins, the live stream. Built by `create_app`,
with everything it needs passed in (the table, the data folder, the simulator) and no
module-level state, so tests make as many as they like.

Every request, a page or the API, is refused unless it names the table by a name it is reached
by (DNS rebinding), and no answer may be framed by another site. Every /api/ request, whichever
blueprint serves it (add one to `BLUEPRINTS` or pass it to `create_app`), then goes through the
same checks: state-changing requests only from the table's own pages, and a POST's body read
within bounds (see common.py).
"""

from __future__ import annotations

import ipaddress
import logging
import secrets
import socket
from collections.abc import Iterable
from typing import Any

from flask import Blueprint, Flask, Response, jsonify, request
from werkzeug.exceptions import HTTPException, InternalServerError

from .. import i18n
from ..errors import CompanionError
from ..rules.errors import CommandError
from ..table.authority import plays_itself
from ..table.meaning import player_of_piece
from ..table.result import INTERNAL_ERROR
from ..table.words import words
from . import own_pass
from .acting import acting
from .answers import install as install_answers
from .auction import auction
from .auth import secret_key
from .banker import banker
from .clock import clock
from .common import BadBody, BadWindow, Unreadable, error, read_body, screen
from .computer import computer
from .context import WEB_DIR, Context, Simulator, context
from .enrolment import enrolment
from .feed import feed
from .feed import install as install_feed
from .odds import odds_api
from .pages import pages
from .priority import table_own
from .rules import rules_api
from .screens import screens
from .sessions import COOKIE, ServerSessions
from .simulated import simulated
from .voice import voice
from .watching import watching

log = logging.getLogger(__name__)

MAX_BODY = 16 * 1024
FRAME_POLICY = "frame-ancestors 'none'"


# Every blueprint of the app, each registered the same way (pass more to `create_app`).
BLUEPRINTS: tuple[Blueprint, ...] = (
    watching, acting, banker, enrolment, clock, simulated, feed, screens, pages, auction, odds_api,
    rules_api, voice, computer,
)


def create_app(ctx: Context, testing: bool = False, blueprints: Iterable[Blueprint] = ()) -> Flask:
    app = Flask(
        __name__,
        template_folder=str(ctx.web_dir / "templates"),
        static_folder=str(ctx.web_dir / "static"),
        static_url_path="/static",
    )
    key = secret_key(ctx.data_dir)
    app.config.update(
        SECRET_KEY=key,  # Flask signs nothing of ours: sessions live on the server
        SESSION_COOKIE_NAME=COOKIE,
        SESSION_COOKIE_SAMESITE="Strict",
        SESSION_COOKIE_HTTPONLY=True,
        MAX_CONTENT_LENGTH=MAX_BODY,
        TESTING=testing,
        DEBUG=False,
        JSON_SORT_KEYS=False,
    )
    app.session_interface = ServerSessions(ctx.sessions, key)  # its ids are HMACs under the key
    app.extensions["companion"] = ctx
    ctx.table.listeners.append(ctx.publish)
    ctx.table.listeners.append(lambda event: follow_game(ctx, event))
    install_feed(app, ctx)  # the story's lines after each state event
    install_answers(app, ctx)  # the big reads' answers, kept by game and seq

    for blueprint in [*BLUEPRINTS, *blueprints]:
        app.register_blueprint(blueprint)

    @app.before_request
    def guard_api() -> Any:
        # Every request, a page or a GET too (DNS rebinding). One without a Host header at all
        # (HTTP/1.0) comes from no browser, so from no rebound page.
        host = request.headers.get("Host")
        if host is not None and not table_host(host):
            return foreign_host()
        if not request.path.startswith("/api/"):
            return None
        refused = check_origin()
        if refused is not None:
            return refused
        if request.method == "POST":
            read_body()
        return None

    shared = own_pass.secret(ctx.data_dir)

    @app.after_request
    def pass_for_the_tables_own(response: Response) -> Response:
        """The table's own screens carry a pass nginx checks, strangers none (own_pass.py)."""
        if not request.path.startswith("/static/"):
            sid = screen()
            own_pass.give_or_take(shared, request, response, sid, table_own(ctx.sessions, sid))
        return response

    @app.after_request
    def no_framing(response: Response) -> Response:
        """No page of the table may be shown inside another site's page (clickjacking the banker)."""
        policy = response.headers.get("Content-Security-Policy")
        if policy is None:
            response.headers["Content-Security-Policy"] = FRAME_POLICY
        elif "frame-ancestors" not in policy:
            response.headers["Content-Security-Policy"] = f"{policy}; {FRAME_POLICY}"
        response.headers["X-Frame-Options"] = "DENY"
        return response

    @app.errorhandler(BadBody)
    def bad_body(exc: BadBody) -> Any:
        return error(exc.reason, 400)

    @app.errorhandler(BadWindow)
    def bad_window(_exc: BadWindow) -> Any:
        said = words("reads.bad_window")
        return error(said["en"], 400, words=said)

    @app.errorhandler(Unreadable)
    def unreadable(_exc: Unreadable) -> Any:
        said = words("reads.unreadable")
        response, status = error(said["en"], 503, words=said)
        response.headers["Retry-After"] = "1"
        return response, status

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

    @app.errorhandler(Exception)
    def internal_error(exc: Exception) -> Any:
        """A bug in a view: logged with its traceback, answered with a report id and nothing else.
        A failure the companion expects and words (CompanionError: the storage full, a device
        gone) is said as it is, 503: the table cannot do that now. A rule's refusal reaching here
        is a bug (the writer answers refusals), never shown as a refusal."""
        if isinstance(exc, HTTPException):
            return http_error(exc)
        if isinstance(exc, CompanionError) and not isinstance(exc, CommandError):
            log.warning("%s %s: %s", request.method, request.path, exc)
            if request.path.startswith("/api/"):
                return jsonify({"error": str(exc)}), 503
            return Response(f"{exc}\n", status=503, mimetype="text/plain")
        report = secrets.token_hex(4)
        log.error("internal error (report %s) on %s %s", report, request.method, request.path,
                  exc_info=(type(exc), exc, exc.__traceback__))
        if request.path.startswith("/api/"):
            return jsonify({"error": INTERNAL_ERROR, "report": report}), 500
        return InternalServerError()

    return app


def check_origin() -> Any:
    """A state-changing request from another site's page is refused (browsers send Origin)."""
    if request.method in ("POST", "PUT", "DELETE", "PATCH"):
        origin = request.headers.get("Origin")
        if origin is not None and origin.rstrip("/") != request.host_url.rstrip("/"):
            return error("Requests from other sites are not accepted", 403)
    return None


def foreign_host() -> Any:
    """The answer to a request for a name the table is not reached by: nothing of the table,
    to a page or to the API (a rebound page would read the wifi's QR code otherwise)."""
    said = i18n.say_all("server-foreign_host")
    if request.path.startswith("/api/"):
        return jsonify({"error": said["en"], "words": said}), 403
    return Response("".join(f"{said[lang]}\n" for lang in i18n.LANGUAGES), status=403,
                    mimetype="text/plain")


def table_host(host: str) -> bool:
    """A name the table is really reached by: an address, localhost, a .local name, this machine.

    Anything else is a page on another site whose name was pointed at the Pi (DNS rebinding):
    its requests carry a matching Origin, so only the Host tells them apart.
    """
    name = host.rsplit(":", 1)[0] if not host.endswith("]") else host
    name = name.strip("[]").rstrip(".").lower()
    try:
        ipaddress.ip_address(name)
        return True
    except ValueError:
        pass
    return name in ("localhost", socket.gethostname().lower()) or name.endswith((".local", ".localhost"))


def follow_game(ctx: Context, event: dict[str, Any]) -> None:
    """The table's listener: when another game starts or is opened, a screen paired by a piece
    follows it only to a player of the same name played by a person (the others go back to
    pairing), and each is told; a screen paired to a seat the computer plays again lets go."""
    if event.get("type") != "state":
        return
    store = ctx.table.store
    if store is None:
        return
    game = store.game
    if event.get("kind") not in ("new_game", "open_game"):
        if any(game.computer):  # a seat handed over and the handing undone: its phone lets go
            ctx.sessions.release(store.game_id, lambda player: plays_itself(game, player))
        return
    registry = ctx.tags()

    def person_of_piece(piece: str) -> str | None:  # a computer's seat keeps no phone
        player = player_of_piece(game, registry, piece)
        return None if player is None or plays_itself(game, player) else player

    ctx.sessions.follow(store.game_id, person_of_piece)


__all__ = ["BLUEPRINTS", "MAX_BODY", "WEB_DIR", "Context", "Simulator", "context", "create_app"]
