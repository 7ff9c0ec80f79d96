"""The API described for machines (OpenAPI 3.1), kept beside the routes it names."""

from __future__ import annotations

from typing import Any

ERROR = {"type": "object", "properties": {"error": {"type": "string"}}, "required": ["error"]}

# path -> method -> (summary, {status: description}, has a JSON body)
ROUTES: dict[str, dict[str, tuple[str, dict[int, str], bool]]] = {
    "/api/state": {"get": ("The printed state of TABLE-SCRIPT.md with seq and game", {200: "state"}, False)},
    "/api/events": {"get": ("Server-Sent Events: state, notice, devices", {200: "event stream"}, False)},
    "/api/board": {"get": ("The board and the decks of this edition", {200: "edition"}, False)},
    "/api/history": {"get": ("Every money movement, with balances after", {200: "transfers"}, False)},
    "/api/chart": {"get": ("Each player's cash over the game", {200: "points"}, False)},
    "/api/log": {"get": ("Every stored entry, undos included", {200: "entries"}, False)},
    "/api/games": {
        "get": ("The stored games and the current one", {200: "games"}, False),
        "post": ("Banker: start a game", {201: "started", 400: "malformed", 401: "not the banker",
                                          422: "refused"}, True),
    },
    "/api/games/{game_id}/open": {"post": ("Banker: resume a stored game",
                                           {200: "resumed", 401: "not the banker", 404: "no such game"},
                                           False)},
    "/api/devices": {"get": ("Each device's status", {200: "statuses"}, False)},
    "/api/session": {"get": ("Who this screen is", {200: "session"}, False)},
    "/api/qr.svg": {"get": ("A QR code to join the page or the wifi", {200: "SVG"}, False)},
    "/api/commands": {"post": ("One table-script command", {
        200: "stored", 400: "malformed", 401: "not paired / not the banker", 403: "not this player's move",
        408: "no token tapped to confirm", 422: "refused by the rules", 503: "storage failed"}, True)},
    "/api/pair": {"post": ("Pair this screen with a player (token tap, or banker)",
                           {200: "paired", 401: "not the banker", 408: "no token tapped",
                            409: "no game yet", 422: "no such player"}, True)},
    "/api/unpair": {"post": ("This screen only watches", {200: "unpaired"}, False)},
    "/api/banker/setup": {"post": ("Set the banker PIN at first start", {200: "set", 409: "already set",
                                                                          422: "not 4-12 digits"}, True)},
    "/api/banker/login": {"post": ("Log in as the banker", {200: "banker", 401: "wrong PIN",
                                                            429: "too many tries"}, True)},
    "/api/banker/logout": {"post": ("Stop being the banker on this screen", {200: "done"}, False)},
    "/api/undo": {"post": ("Banker: undo the last N commands", {200: "undone", 401: "not the banker",
                                                               422: "refused"}, True)},
    "/api/redo": {"post": ("Banker: redo the last undone command", {200: "redone", 401: "not the banker",
                                                                   422: "nothing to redo"}, False)},
    "/api/export/{game_id}.{fmt}": {"get": ("Banker: the table script (jsonl) or money ledger (csv)",
                                            {200: "file", 401: "not the banker", 404: "no such game"},
                                            False)},
    "/api/openapi.json": {"get": ("This description (OpenAPI 3.1)", {200: "the document"}, False)},
    "/api/clock": {"post": ("A screen's clock, to correct a stale Pi clock",
                            {200: "checked", 400: "not a time"}, True)},
    "/api/feed": {"get": ("The story of the game in words (en, ru): the newest lines",
                          {200: "items"}, False)},
    "/api/feed/ledger": {"get": ("Every money movement with its words (en, ru)", {200: "transfers"},
                                 False)},
    "/api/feed/log": {"get": ("Every stored entry in words (en, ru), undone ones marked",
                              {200: "entries"}, False)},
    "/api/pieces": {"get": ("Each player's piece (car, dog, ...)", {200: "pieces"}, False)},
    "/api/deeds": {"get": ("Each deed's card: price, rents, house cost, mortgage value",
                           {200: "deeds"}, False)},
    "/api/time": {"get": ("This machine's clock (ms since 1970), for countdowns", {200: "now"}, False)},
    "/api/sim/tags": {"get": ("Simulated table: the enrolled tags", {200: "tags", 404: "not simulated"},
                              False)},
    "/api/sim/tap": {"post": ("Simulated table: tap a tag", {202: "tapped", 400: "no tag given",
                                                             404: "not simulated / no such tag"}, True)},
    "/api/sim/press": {"post": ("Simulated table: press the dice button", {202: "pressed"}, True)},
    "/api/sim/unit": {"post": ("Simulated table: roll on the dice unit", {202: "rolled"}, False)},
}


def spec() -> dict[str, Any]:
    paths: dict[str, Any] = {}
    for path, methods in ROUTES.items():
        paths[path] = {}
        for method, (summary, responses, has_body) in methods.items():
            operation: dict[str, Any] = {
                "summary": summary,
                "responses": {
                    str(code): {
                        "description": text,
                        "content": {"application/json": {"schema": ERROR if code >= 400 else {
                            "type": "object"}}},
                    }
                    for code, text in responses.items()
                },
            }
            if has_body:
                operation["requestBody"] = {
                    "required": method == "post" and path != "/api/unpair",
                    "content": {"application/json": {"schema": {"type": "object"}}},
                }
            parameters = [
                {"name": name, "in": "path", "required": True, "schema": {"type": "string"}}
                for name in ("game_id", "fmt") if "{" + name + "}" in path
            ]
            if parameters:
                operation["parameters"] = parameters
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
