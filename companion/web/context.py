"""What every part of the web app shares: the `Context` the daemon (or a test) builds and
`create_app` keeps, and `context()`, which a view asks for it. Its own module, so the
blueprints and app.py import it and never each other."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING, Any

from flask import current_app

from ..config import WifiConfig
from ..odds.shared import SharedScreens
from ..table import Table
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

    def device_status(self) -> dict[str, str]:
        """What the Banker page lists under devices: the table's, then the lines that join them."""
        return {**self.devices(), **{name: status() for name, status in self.also_listed.items()}}

    def _session_changed(self, sid: str, screen: Screen) -> None:
        self.broker.send(sse("session", screen.public()), session=sid)


def context() -> Context:
    """The context of the app serving this request."""
    return current_app.extensions["companion"]  # type: ignore[no-any-return]
