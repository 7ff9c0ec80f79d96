"""Who is the table's own: the one decision of who comes first (issue 36). The table's own
screens (a phone paired to a player, the banker's screen, the table's own screen the banker set
up) are served before strangers, from
workers strangers cannot take (lanes.py), keep their event streams when strangers' are evicted
(events.py) and may read the longest pages (common.window); everyone else is a stranger.

It is decided from the session the request's cookie names, by the session store on the server,
never by the address (anyone on the wifi may have any number of them) nor by anything else the
client says: a cookie the server did not issue (sessions.ServerSessions.issued) is a stranger's,
and so is an issued one that holds nothing (a screen watching, or waiting to pair).
"""

from __future__ import annotations

from werkzeug.http import parse_cookie

from .sessions import COOKIE, ServerSessions, SessionStore


def table_own(store: SessionStore, sid: str | None) -> bool:
    """Whether this session is the table's own: it holds something (a player, the banker, the
    table's own screen: sessions.Screen.holds)."""
    return store.holds(sid)


def own_cookie(interface: ServerSessions, cookie_header: str) -> bool:
    """Whether a request with this Cookie header comes from the table's own screen: the session
    it names was issued by this server and is the table's own. Cheap enough for the server's
    loop to ask of every request before any thread takes it (an HMAC and a dictionary lookup);
    the cookie is parsed as Flask parses it, so both see the same session."""
    if not cookie_header:
        return False
    sid = parse_cookie(cookie_header).get(COOKIE, "")
    return bool(sid) and interface.issued(sid) and table_own(interface.store, sid)
