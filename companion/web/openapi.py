"""The API described for machines (OpenAPI 3.1), kept beside the routes it names.

Every request body has its full schema: one per table-script command (made from the shapes in
companion/rules/commands.py, so a command added there is described here), the new game with its
house rules (from HouseRules), and the small bodies of the other endpoints. tests/test_schemathesis.py
sends what these schemas allow, and much that they do not, and checks that every answer is one
documented here and none is a 5xx.
"""

from __future__ import annotations

from typing import Any

from ..rules import commands as shapes
from ..rules.house_rules import definitions
from ..rules.seats import LEVELS

JSON = dict[str, Any]
ERROR: JSON = {
    "type": "object",
    "properties": {"error": {"type": "string"}, "words": {"type": "object"}, "report": {"type": "string"}},
    "required": ["error"],
}
ANY: JSON = {"type": "object"}

STRING: JSON = {"type": "string"}
INTEGER: JSON = {"type": "integer"}
SIDE: JSON = {
    "type": "object",
    "properties": {"cash": {"type": "integer", "minimum": 0}, "squares": {"type": "array", "items": STRING},
                   "jail_cards": {"type": "integer", "minimum": 0}},
    "additionalProperties": False,
}
# The field checks of companion/rules/commands.py, as JSON Schema.
FIELD_SCHEMAS: dict[Any, JSON] = {
    shapes._str: STRING,
    shapes._int: INTEGER,
    shapes._dice: {"type": "array", "items": INTEGER, "minItems": 2, "maxItems": 2},
    shapes._ids: {"type": "array", "items": STRING},
    shapes._side: SIDE,
    shapes._kind: {"enum": ["house", "hotel"]},
}


def command_schemas() -> list[JSON]:
    """One schema per table-script command a screen may send (not new_game)."""
    out = []
    for name, (_handler, required, optional, who) in shapes.COMMANDS.items():
        properties: JSON = {"do": {"const": name}}
        for key, check in {**required, **optional}.items():
            properties[key] = FIELD_SCHEMAS[check]
        needed = ["do", *required]
        if name == "roll":  # the table rolls: dice only from the banker, or with manual_dice
            needed.remove("dice")
        properties["confirm"] = {"const": "token", "description": "a shared tablet: the acting "
                                 "player's token tap confirms it (answered 202)"}
        out.append({"title": name, "type": "object", "properties": properties, "required": needed,
                    "description": f"given by: {who}"})
    return out


TYPES = {"int": "integer", "bool": "boolean", "fraction": "number", "optint": ["integer", "null"]}


def house_rules_schema() -> JSON:
    """The house rules as the engine defines them (house_rules.definitions)."""
    properties: JSON = {}
    for rule in definitions():
        if rule["kind"] == "choice":
            properties[rule["key"]] = {"enum": rule["choices"]}
            continue
        schema: JSON = {"type": TYPES[rule["kind"]]}
        if "min" in rule:
            schema["minimum"] = rule["min"]
        if rule.get("max") is not None:
            schema["maximum"] = rule["max"]
        properties[rule["key"]] = schema
    return {"type": "object", "properties": properties, "additionalProperties": False}


NEW_GAME: JSON = {
    "type": "object",
    "properties": {
        "players": {"type": "array", "items": STRING, "minItems": 2, "maxItems": 8},
        "rules": house_rules_schema(),
        "seed": INTEGER,
        "tokens": {"type": "object", "additionalProperties": STRING},
        "auction_clock": {"type": "object", "additionalProperties": False, "properties": {
            "seconds": {"type": "integer", "minimum": 0, "maximum": 600},
            "opening": {"type": "integer", "minimum": 1, "maximum": 600}}},
        "genders": {"type": "object", "additionalProperties": {"enum": ["she", "he", "not_said", None]}},
        "computer": {"type": "object", "additionalProperties": {"enum": list(LEVELS)},
                     "description": "the seats the table's computer plays, each at a level; at least one "
                     "player is a person"},
        "edition": {"type": "string", "description": "a shipped edition (london, the default) or the id "
                    "of a valid edition file in the data folder's editions/ (GET /api/rules lists them)"},
    },
    "required": ["players"],
}
PIN: JSON = {"type": "object", "properties": {"pin": STRING}, "required": ["pin"]}

# Responses every route may give besides its own: the table's own checks of any request.
COMMON = {400: "the body is not one JSON object within bounds", 403: "from another site or address",
          413: "the body is too large"}
# ... and the server's, before the app sees a request, to a screen that is not the table's own
# when strangers have too many requests on their way (companion/web/lanes.py).
BUSY = {429: "too many requests on their way from this address: ask again after Retry-After",
        503: "the table is busy with other screens' requests: ask again after Retry-After"}

# path -> method -> (summary, {status: description}, request body schema or None, parameters)
Route = tuple[str, dict[int, str], JSON | None, list[JSON]]
QUERY_AFTER = [
    {"name": "after", "in": "query", "required": False, "schema": INTEGER,
     "description": "the seq last seen: 204 while it is still the current one"},
    {"name": "game", "in": "query", "required": False, "schema": STRING},
]
PAGED = [  # a window of the log (web/API.md, "Paged reads")
    {"name": "after", "in": "query", "required": False, "schema": INTEGER,
     "description": "the entries after this seq (the `next` of the last page; default 0)"},
    {"name": "limit", "in": "query", "required": False, "schema": INTEGER,
     "description": "at most this many entries (1,000 by default; at most 2,000 for a paired screen or "
                    "the banker's, 200 for any other)"},
]
PLAYER = {"name": "player", "in": "query", "required": False, "schema": STRING}
PAGED_ANSWERS = {400: "after or limit is not a number", 503: "the game cannot be read now: ask again"}
ROUTES: dict[str, dict[str, Route]] = {
    "/api/state": {"get": ("The printed state of TABLE-SCRIPT.md with seq, game and legal; with "
                           "?after=<seq>, 204 while unchanged (polling)",
                           {200: "state", 204: "unchanged", 400: "after is not a number"}, None,
                           QUERY_AFTER)},
    "/api/events": {"get": ("Server-Sent Events: state, notice, devices, session, request, and poll "
                            "(evicted: poll /api/state instead)",
                            {200: "event stream", 503: "the companion is stopping: poll /api/state"},
                            None, [])},
    "/api/board": {"get": ("The board and the decks of this edition", {200: "edition"}, None, [])},
    "/api/history": {"get": ("The money movements of a window of entries, with balances after",
                             {200: "transfers", **PAGED_ANSWERS}, None, [PLAYER, *PAGED])},
    "/api/chart": {"get": ("Each player's cash over a window of entries", {200: "points", **PAGED_ANSWERS},
                           None, PAGED)},
    "/api/log": {"get": ("A window of stored entries, undos included", {200: "entries", **PAGED_ANSWERS},
                         None, PAGED)},
    "/api/games": {
        "get": ("The stored games and the current one", {200: "games"}, None, []),
        "post": ("Banker: start a game", {201: "started", 400: "malformed, or an edition this table cannot "
                                          "play (nothing changed)", 401: "not the banker", 422: "refused",
                                          500: "internal error (nothing changed)",
                                          503: "storage failed or the table is busy"}, NEW_GAME, []),
    },
    "/api/auction/wait": {"post": ("Anyone: more time for the running auction, once per auction",
                                   {200: "the state with its new deadline", 422: "refused",
                                    503: "the table is busy"}, None, [])},
    "/api/names/{name}": {"get": ("Banker: the gender (pymorphy3's guess, or a Latin-script name's "
                                  "from a list of common given names) and Russian cases of a "
                                  "player's name (what the new-game form pre-fills)",
                                  {200: "the guess", 401: "not the banker"}, None, [])},
    "/api/games/{game_id}/open": {"post": ("Banker: resume a stored game",
                                           {200: "resumed", 401: "not the banker", 404: "no such game",
                                            503: "storage failed or the table is busy"}, None, [])},
    "/api/games/{game_id}/recover": {"post": ("Banker: a game damaged in every record goes on as a new game",
                                              {201: "recovered", 401: "not the banker",
                                               404: "no such game", 503: "not damaged, or storage failed"},
                                              None, [])},
    "/api/devices": {"get": ("Each device's status", {200: "statuses"}, None, [])},
    "/api/session": {"get": ("Who this screen is", {200: "session"}, None, [])},
    "/api/requests/{request_id}": {"get": ("This screen's token wait: waiting, or its outcome",
                                           {200: "the request", 404: "no such request of this screen"},
                                           None, [])},
    "/api/requests/{request_id}/cancel": {"post": ("This screen stops waiting for a token",
                                                   {200: "withdrawn", 404: "no such request of this screen"},
                                                   None, [])},
    "/api/qr.svg": {"get": ("A QR code to join the page or the wifi", {200: "SVG"}, None,
                            [{"name": "for", "in": "query", "required": False,
                              "schema": {"enum": ["join", "wifi"]}}])},
    "/api/commands": {"post": ("One table-script command", {
        200: "stored", 202: "the table's screen's (or a paired phone's) command: waiting for the "
        "player's token (the outcome comes as event: request)", 401: "not paired / not the banker",
        403: "not this player's move, dice a screen may not choose, or a token asked for by a "
        "screen that is not the table's own", 409: "no game",
        422: "refused by the rules", 429: "too many screens waiting for a token",
        500: "internal error (nothing changed)",
        503: "storage failed, the table too busy, or the client gone (not applied later)"},
        {"oneOf": command_schemas()}, [])},
    "/api/pair": {"post": ("Pair this screen with a player: by a token tap and the people's choice "
                           "of this screen's code at the table (202 with the code; the offers and the "
                           "outcome through the event stream), or by the banker",
                           {200: "paired (banker)", 202: "waiting for a token tap", 401: "not the banker",
                            409: "no game yet", 422: "no such player",
                            429: "too many screens waiting for a token", 503: "the table is busy"},
                           {"type": "object", "properties": {"player": STRING}}, [])},
    "/api/unpair": {"post": ("This screen only watches", {200: "unpaired"}, None, [])},
    "/api/banker/setup": {"post": ("Set the banker PIN at first start, once the banker's step at the "
                                   "table confirms it (202; the outcome as event: request)",
                                   {202: "waiting for the banker's step", 409: "already set",
                                    422: "not 6-12 digits", 429: "too many screens waiting"}, PIN, [])},
    "/api/banker/login": {"post": ("Log in as the banker", {200: "banker", 401: "wrong PIN",
                                                            409: "no PIN set yet",
                                                            429: "too many wrong PINs at this table: "
                                                                 "no PIN is checked for retry_after s"},
                                   PIN, [])},
    "/api/banker/presence": {"post": ("Log in at the table: the banker's step there (the banker's tag, "
                                      "the dice button held) and the banker's choice of this screen's "
                                      "code log it in (202 with the code; the outcome as event: request)",
                                      {202: "waiting for the banker's step", 429: "too many screens waiting"},
                                      None, [])},
    "/api/banker/clock": {
        "get": ("Banker: the Pi's time and a screen's proposed time", {200: "times", 401: "not the banker"},
                None, []),
        "post": ("Banker: take the proposed time read (use: true) or drop it (use: false), naming "
                 "it by the id GET showed (proposal)",
                 {200: "decided", 400: "use must be true or false; proposal must be an id",
                  401: "not the banker", 409: "no screen proposed a time, or the one named is no longer kept",
                  503: "the table is busy"},
                 {"type": "object", "properties": {"use": {"type": "boolean"}, "proposal": STRING},
                  "required": ["use", "proposal"]}, []),
    },
    "/api/banker/logout": {"post": ("Stop being the banker on this screen", {200: "done"}, None, [])},
    "/api/banker/enrolment": {
        "get": ("Banker: the enrolment running (its step, progress, last tap) and every meaning a tag "
                "can have, with whether one has it", {200: "status", 401: "not the banker"}, None, []),
        "post": ("Banker: enrol a whole set (what: set; cards, again), redo one tag (what: one, meaning) "
                 "or enrol an unknown tag at once (what: one, meaning, uid); taps go to it meanwhile",
                 {201: "started (or enrolled)", 400: "not set or one", 401: "not the banker",
                  409: "no tags file", 422: "no such meaning, not a UID, or a tag in use",
                  503: "the table is busy"},
                 {"type": "object", "properties": {
                     "what": {"enum": ["set", "one"]}, "cards": {"type": "boolean"},
                     "again": {"type": "boolean"}, "meaning": STRING, "uid": STRING},
                  "required": ["what"]}, []),
    },
    "/api/banker/enrolment/undo": {"post": ("Banker: the run's last tag taken back (asked again)",
                                            {200: "undone", 401: "not the banker",
                                             422: "nothing to undo", 503: "the table is busy"}, None, [])},
    "/api/banker/enrolment/stop": {"post": ("Banker: the run stops (every tag so far stays saved)",
                                            {200: "stopped", 401: "not the banker",
                                             503: "the table is busy"}, None, [])},
    "/api/banker/screens": {"get": ("Banker: every paired screen, and the banker's",
                                    {200: "screens", 401: "not the banker"}, None, [])},
    "/api/banker/screens/{screen_id}/revoke": {"post": ("Banker: that screen no longer plays nor banks",
                                                        {200: "revoked", 401: "not the banker",
                                                         404: "no such screen"}, None, [])},
    "/api/undo": {"post": ("Banker: undo the last N commands", {
        200: "undone", 401: "not the banker", 422: "refused", 500: "internal error (nothing changed)",
        503: "storage failed or the table is busy"},
        {"type": "object", "properties": {"count": {"type": "integer", "minimum": 1}}}, [])},
    "/api/redo": {"post": ("Banker: redo the last undone command", {
        200: "redone", 401: "not the banker", 422: "nothing to redo", 500: "internal error (nothing changed)",
        503: "storage failed or the table is busy"}, None, [])},
    "/api/export/{game_id}.{fmt}": {"get": ("Banker: the table script (jsonl) or money ledger (csv), "
                                            "or its signature (jsonl.sig, csv.sig)",
                                            {200: "file", 401: "not the banker",
                                             404: "no such game or format", 503: "the table is busy"},
                                            None, [])},
    "/api/openapi.json": {"get": ("This description (OpenAPI 3.1)", {200: "the document"}, None, [])},
    "/api/clock": {"post": ("A screen's clock: proposed to the banker when the Pi's clock is stale",
                            {200: "checked", 400: "not a time the companion can believe"},
                            {"type": "object", "properties": {"time": {"type": "number"}},
                             "required": ["time"]}, [])},
    "/api/feed": {"get": ("The story of the game in words (en, ru): the newest lines", {200: "items"}, None,
                          [{"name": "limit", "in": "query", "required": False, "schema": INTEGER}])},
    "/api/feed/ledger": {"get": ("The money movements of a window of entries with their words (en, ru)",
                                 {200: "transfers", **PAGED_ANSWERS}, None, [PLAYER, *PAGED])},
    "/api/feed/log": {"get": ("A window of stored entries in words (en, ru), undone ones marked",
                              {200: "entries", **PAGED_ANSWERS}, None, PAGED)},
    "/api/voice": {"get": ("The table's voice: its newest utterances (en, ru), with their WAVs in "
                           "simulated mode; whether its process runs, its restarts, why it is silent",
                           {200: "utterances"}, None, [])},
    "/api/voice/language": {"post": ("The language the table's own screen shows: the table's voice "
                                     "speaks it", {200: "the table speaks it", 400: "not a language the "
                                                   "table speaks", 403: "not the table's own screen"},
                                     {"type": "object", "properties": {"lang": STRING}, "required": ["lang"]},
                                     [])},
    "/api/voice/wav/{name}": {"get": ("One utterance's WAV (simulated mode)", {200: "audio/wav",
                                                                             404: "no such WAV"}, None, [])},
    "/api/pieces": {"get": ("Each player's piece (car, dog, ...)", {200: "pieces"}, None, [])},
    "/api/rules": {"get": ("The house rules (key, kind, default, range or choices), the editions this "
                           "table knows (shipped, and the data folder's files with the refused ones and "
                           "why) and the pieces of the edition asked for, as the engine defines them",
                           {200: "rules", 404: "no such edition"}, None,
                           [{"name": "edition", "in": "query", "required": False, "schema": STRING,
                             "description": "whose pieces (default london)"}])},
    "/api/odds": {"get": ("The win chances after the last turn and every turn before it, the trade "
                          "advisor's answer and the game review (enabled: false when switched off)",
                          {200: "odds"}, None, [])},
    "/api/odds/shared": {"post": ("Banker: show (true) or hide (false) the chances on shared screens",
                                  {200: "set", 400: "shown must be true or false", 401: "not the banker",
                                   503: "the table is busy"},
                                  {"type": "object", "properties": {"shown": {"type": "boolean"}},
                                   "required": ["shown"]}, [])},
    "/api/taps": {"get": ("What the next token tap will do, and every screen waiting for one",
                          {200: "next and waiting"}, None, [])},
    "/api/screens/{screen_id}/not-me": {"post": (
        "Not me: unpair a screen (the screen itself, its player's other screens, the table's own "
        "screen or the banker)", {200: "unpaired", 403: "not this screen's to undo",
                                  404: "no such screen", 409: "that screen is not paired"}, None, [])},
    "/api/computer/prompts": {"get": ("What the people are asked to move for a computer player now (its "
                                      "piece, deeds, houses, cards: en, ru) and how they confirm it",
                                      {200: "prompts"}, None, [])},
    "/api/computer/confirm": {"post": ("The people moved the computer's things: its open prompts close "
                                       "and it goes on (the table's own screens only)",
                                       {200: "confirmed", 403: "not the table's own screen",
                                        409: "nothing waits to be moved", 503: "the table is busy"},
                                       None, [])},
    "/api/choices": {"get": ("The choices open at the table (which waiting screen a token tap pairs, "
                             "which gets the banker's step) with the codes: the table's own screen and "
                             "the banker's only", {200: "choices", 403: "not the table's screen"}, None, [])},
    "/api/choices/{choice_id}": {"post": (
        "The people's choice on the table's own screen: the screen showing this code gets the act "
        "(code null: nobody)", {200: "chosen", 400: "code must be a string or null",
                                403: "not the table's screen", 409: "no such choice or code now",
                                503: "the table is busy"},
        {"type": "object", "properties": {"code": {"type": ["string", "null"]}}, "required": ["code"]},
        [])},
    "/api/table-screen": {"post": (
        "Make this screen the table's own screen (the banker's PIN, or a screen logged in as the "
        "banker)", {200: "the table's screen", 401: "wrong PIN", 409: "no PIN set yet",
                    429: "too many wrong PINs at this table"}, PIN, [])},
    "/api/table-screen/leave": {"post": ("This screen is no longer the table's own screen",
                                         {200: "done"}, None, [])},
    "/api/deeds": {"get": ("Each deed's card: price, rents, house cost, mortgage value", {200: "deeds"},
                           None, [])},
    "/api/time": {"get": ("This machine's clock (ms since 1970), for countdowns", {200: "now"}, None, [])},
    "/api/sim/tags": {"get": ("Simulated table: the enrolled tags", {200: "tags", 404: "not simulated"},
                              None, [])},
    "/api/sim/tap": {"post": ("Simulated table: tap a tag",
                              {202: "tapped", 404: "not simulated / no such tag"},
                              {"type": "object", "properties": {"uid": STRING, "meaning": STRING}}, [])},
    "/api/sim/press": {"post": ("Simulated table: press the dice button (long: end the turn; hold: "
                                "held for banker_hold seconds, the banker's step)",
                                {202: "pressed", 404: "not simulated / the button cannot be held"},
                                {"type": "object", "properties": {"long": {"type": "boolean"},
                                                                  "hold": {"type": "boolean"}}}, [])},
    "/api/sim/unit": {"post": ("Simulated table: roll on the dice unit",
                               {202: "rolled", 404: "not simulated / no dice unit"}, None, [])},
}

MEDIA = {"/api/events": "text/event-stream", "/api/qr.svg": "image/svg+xml"}


def _path_parameters(path: str) -> list[JSON]:
    names = [part[1:-1] for piece in path.split("/") for part in _braced(piece)]
    return [{"name": name, "in": "path", "required": True, "schema": {"type": "string"}} for name in names]


def _braced(piece: str) -> list[str]:
    out, start = [], piece.find("{")
    while start >= 0:
        end = piece.index("}", start)
        out.append(piece[start:end + 1])
        start = piece.find("{", end)
    return out


def spec() -> JSON:
    paths: JSON = {}
    for path, methods in ROUTES.items():
        paths[path] = {}
        for method, (summary, responses, body, parameters) in methods.items():
            answers = {**BUSY, **COMMON, **responses} if method == "post" else {**BUSY, **responses}
            operation: JSON = {
                "summary": summary,
                "responses": {
                    str(code): _response(path, code, text) for code, text in sorted(answers.items())
                },
            }
            if body is not None:
                operation["requestBody"] = {
                    "required": "required" in body or "oneOf" in body,
                    "content": {"application/json": {"schema": body}},
                }
            every = _path_parameters(path) + parameters
            if every:
                operation["parameters"] = every
            paths[path][method] = operation
    return {
        "openapi": "3.1.0",
        "info": {"title": "Table companion", "version": "0.1.0",
                 "description": "The live game of a physical Monopoly table; see web/API.md."},
        "paths": paths,
        "components": {"securitySchemes": {
            "bankerPin": {"type": "apiKey", "in": "header", "name": "X-Banker-Pin"},
            "session": {"type": "apiKey", "in": "cookie", "name": "session"},
        }},
    }


def _response(path: str, code: int, text: str) -> JSON:
    if code == 204:
        return {"description": text}
    if code == 200 and path in MEDIA:
        return {"description": text, "content": {MEDIA[path]: {"schema": {"type": "string"}}}}
    if code == 200 and path.startswith("/api/export/"):
        return {"description": text, "content": {"application/jsonl": {"schema": {"type": "string"}},
                                                 "text/csv": {"schema": {"type": "string"}},
                                                 "application/json": {"schema": ANY}}}
    return {"description": text, "content": {"application/json": {"schema": ERROR if code >= 400 else ANY}}}
