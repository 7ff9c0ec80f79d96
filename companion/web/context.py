"""What every part of the web app shares: the `Context` the daemon (or a test) builds and
`create_app` keeps, and `context()`, which a view asks for it. Its own module, so the
blueprints and app.py import it and never each other.

The table's answer to a screen is worked out here too (`Context.outcome`, and `Context.public`,
which takes the Pi's paths out of a message): a request's answer (common.py) and a token wait's,
sent from the table's writer thread (waiting.py, below this module: the context holds its
records), are the same, and neither module imports the other for it."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING, Any

from flask import current_app

from ..config import WifiConfig
from ..hardware.tags import TagRegistry
from ..odds.shared import SharedScreens
from ..table import Result, Table
from ..table import result as refusals
from .auth import BankerPin
from .clock_proposal import Proposal
from .events import Broker, sse
from .presence import Presence
from .priority import table_own
from .sessions import Screen, SessionStore
from .waiting import Outcomes

if TYPE_CHECKING:
    from ..odds.live import LiveOdds

# The pages (templates and static files) are package data of companion.web, so an installed table
# (systemd/install.sh: a non-editable install in /opt/companion/venv) finds them as a checkout does.
WEB_DIR = Path(str(resources.files("companion.web").joinpath("site")))

# An absolute path of two or more parts (/home/pi/.local/..., /var/lib/companion/games/x.sqlite):
# a message for a screen never names the Pi's files. The API's own paths are left as they are.
_PATH = re.compile(r"(?<![\w.:/])/(?!api/)[\w.@+-]+(?:/[\w.@+-]*)+")

# The table says what kind of refusal it is (companion/table/result.py); HTTP's word for it is
# picked here alone.
STATUS = {
    refusals.RULES: 422, refusals.MALFORMED: 400, refusals.NOT_YOURS: 403, refusals.UNPAIRED: 401,
    refusals.BANKER_ONLY: 403, refusals.CONFLICT: 409, refusals.NO_GAME: 409, refusals.TIMEOUT: 408,
    refusals.TOO_MANY: 429, refusals.STORAGE: 503, refusals.BUSY: 503, refusals.GONE: 503,
    refusals.STOPPING: 503, refusals.NOT_FOUND: 404, refusals.BUG: 500,
}


def status_of(result: Result) -> int:
    """The HTTP status of a refusal (200 for a result that is no refusal)."""
    return 200 if result.ok else STATUS.get(result.refusal, 422)


@dataclass
class Simulator:
    """What the virtual table can do with the simulated devices (given by the daemon)."""

    tap: Callable[[str], None]
    press: Callable[[bool], None]
    unit_press: Callable[[], bool] | None = None
    hold: Callable[[], None] | None = None  # the dice button held for the banker's step


@dataclass
class Context:
    table: Table
    data_dir: Path
    pin: BankerPin
    broker: Broker = field(default_factory=Broker)
    simulator: Simulator | None = None
    devices: Callable[[], dict[str, str]] = dict  # the table's devices, each with its status
    # Lines that join the devices' on the Banker page (the voice's, web/voice.py): name -> status
    also_listed: dict[str, Callable[[], str]] = field(default_factory=dict)
    tags: Callable[[], dict[str, str]] = dict  # the enrolled tags: UID -> meaning
    wifi: WifiConfig = field(default_factory=WifiConfig)
    web_dir: Path = WEB_DIR
    pair_timeout: float = 90.0  # how long a screen waits to pair (a tap, the choice, the tap again)
    confirm_timeout: float = 30.0  # how long a command waits for the token that confirms it
    manual_dice: bool = False  # the table rolls ordinary dice: players may send the dice they read
    banker_hold: float = 6.0  # seconds the dice button is held for the banker's step ([button])
    sessions: SessionStore = field(init=False)
    odds: LiveOdds | None = None  # when the odds are on (the daemon's), for GET /api/odds
    outcomes: Outcomes = field(init=False)  # token waits' outcomes, for polling
    presence: Presence = field(init=False)  # screens waiting for the banker's step
    clock_proposal: Proposal = field(init=False)  # a screen's time, until the banker says
    odds_shared: SharedScreens = field(init=False)  # whether shared screens show the chances

    def __post_init__(self) -> None:
        self.sessions = SessionStore(self.data_dir, changed=self._session_changed)
        self.outcomes = Outcomes()
        self.presence = Presence(self, hold=self.banker_hold)
        self.clock_proposal = Proposal()
        self.odds_shared = SharedScreens(self.data_dir)
        self.broker.holds = lambda sid: table_own(self.sessions, sid)  # whose streams are kept
        self.broker.banker = lambda sid: self.sessions.get(sid).banker  # who hears a tag's UID

    def publish(self, event: dict[str, Any]) -> None:
        """The table's listener: every change to every stream, but the choices at the table (with
        the codes of the waiting screens), which go to the table's own screen and the banker's."""
        if event.get("type") == "choice":
            self.broker.send_where(sse("notice", event), lambda sid: self.sessions.get(sid).at_table)
        else:
            self.broker.publish(event)

    def tags_of(self, edition: str | None) -> dict[str, str]:
        """The enrolled tags at a game of this edition: the tokens, the banker's tag, and that
        edition's deeds and cards (the table's registry knows each board's; a plain `tags` is
        taken as the one edition it is)."""
        registry = self.table.registry
        if isinstance(registry, TagRegistry):
            return registry.as_dict(edition)
        return self.tags()

    def device_status(self) -> dict[str, str]:
        """What the Banker page lists under devices: the table's, then the lines that join them."""
        return {**self.devices(), **{name: status() for name, status in self.also_listed.items()}}

    def public(self, message: str) -> str:
        """A message with the data folder (and any other file path) taken out."""
        for folder in {str(self.data_dir), str(self.data_dir.resolve())}:
            if len(folder) > 1:
                message = message.replace(folder, "the data folder")
        return _PATH.sub("(a file of the companion)", message)

    def outcome(self, result: Result, created: bool = False) -> tuple[int, dict[str, Any]]:
        """What the table's answer is to a screen: (status, body), the same over HTTP and through
        the event stream (a token-confirmed command's outcome)."""
        if result.ok:
            # The state this command made (a fresh snapshot could already include a later command).
            state = result.state if result.state is not None else self.table.snapshot()
            return (201 if created else 200), {"seq": result.seq, "state": state, "messages": result.messages}
        said: dict[str, Any] = {"error": self.public(result.reason)}
        if result.words:
            said["words"] = {lang: self.public(text) for lang, text in result.words.items()}
        if "report" in result.detail:
            said["report"] = result.detail["report"]
        if "retry_after" in result.detail:
            said["retry_after"] = result.detail["retry_after"]
        return status_of(result), said

    def _session_changed(self, sid: str, screen: Screen) -> None:
        self.broker.send(sse("session", screen.public()), session=sid)


def context() -> Context:
    """The context of the app serving this request."""
    return current_app.extensions["companion"]  # type: ignore[no-any-return]
