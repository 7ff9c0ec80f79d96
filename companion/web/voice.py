"""The table's voice for screens: `GET /api/voice` (the newest utterances, each in every language,
with its WAV in simulated mode; whether the voice's process runs, how often it was started again,
and why the table is silent if it is) and `GET /api/voice/wav/<name>` (that WAV, for the Virtual table's
player); `POST /api/voice/language` (the table's own screen says the language it shows, and the
table's voice speaks it). Each new utterance also goes out on the event stream as `event: voice`,
so a screen that switched its voice on says the planner's own sentence in its language."""

from __future__ import annotations

import re
from typing import Any

from flask import Blueprint, Flask, abort, current_app, jsonify, send_from_directory

from ..i18n import LANGUAGES
from ..table.words import words
from ..voice.runtime import Voice
from .common import body, error, screen
from .context import Context, context
from .events import sse

voice = Blueprint("voice", __name__, url_prefix="/api/voice")
WAV_NAME = re.compile(r"^\d{6}\.wav$")


def _voice() -> Voice | None:
    return current_app.extensions.get("companion.voice")


@voice.get("")
def recent() -> Any:
    found = _voice()
    if found is None:
        return jsonify({"on": False, "utterances": [], "failed": "", "running": False, "restarts": 0})
    return jsonify({"on": found.settings.enabled, "lang": found.speaks,
                    "utterances": list(found.recent), "failed": found.failed,
                    "wavs": found.wav_dir is not None,
                    "running": found.running, "restarts": found.restarts})


@voice.post("/language")
def language() -> Any:
    """The language the table's own screen shows now (said by the page as it loads and when its
    language is switched): the table's voice speaks it. Only the table's screen says it."""
    ctx = context()
    lang = body().get("lang")
    if not isinstance(lang, str) or lang not in LANGUAGES:
        said = words("voice.language_unknown", lang=repr(lang), languages=", ".join(LANGUAGES))
        return error(said["en"], 400, words=said)
    if not ctx.sessions.say_language(screen(), lang):
        said = words("voice.language_table_only")
        return error(said["en"], 403, words=said)
    return jsonify({"lang": lang})


@voice.get("/wav/<name>")
def wav(name: str) -> Any:
    found = _voice()
    if found is None or found.wav_dir is None or not WAV_NAME.match(name):
        abort(404)
    return send_from_directory(found.wav_dir, name, mimetype="audio/wav")


def install(app: Flask, ctx: Context, found: Voice | None) -> None:
    """The voice the blueprint answers for (registered with the others, in app.py), its
    utterances sent to every screen, and its status listed with the devices'. Installed again
    (another voice, or none), the newer one is the one listed."""
    app.extensions["companion.voice"] = found
    if found is not None:
        found.send = lambda said: ctx.broker.send(sse("voice", said))
        found.language = ctx.sessions.table_language  # the table's screen's, once it said
        ctx.also_listed["voice"] = lambda: found.status  # the Banker page lists it with the devices
    else:
        ctx.also_listed.pop("voice", None)
