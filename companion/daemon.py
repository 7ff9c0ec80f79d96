"""`companion run`: devices -> the table (single writer) -> the ledger -> the live stream, served by
waitress. Shuts down cleanly on SIGTERM; logs one line per stored command."""

from __future__ import annotations

import json
import logging
import re
import signal
import sys
import threading
import webbrowser
from dataclasses import dataclass
from itertools import count
from pathlib import Path
from typing import TYPE_CHECKING, Any

from . import notify
from .config import Config
from .editions import SHIPPED, table_editions
from .hardware.button import SimulatedButton
from .hardware.dice import roll
from .hardware.reader import TappedFromCode
from .hardware.tags import TagRegistry, editions, registry_path
from .ledger import DataFolder, FolderLocked, LedgerError
from .odds import live as live_odds
from .table import Table
from .table.auction_clock import AuctionClock
from .table.computer import ComputerPlayers
from .table.devices import Devices
from .table.problem_words import reason_of
from .voice.start import started as started_voice
from .web import BankerPin, Context, Simulator, create_app
from .web import auction as auction_web
from .web import voice as voice_web

if TYPE_CHECKING:
    from .odds.live import LiveOdds
    from .voice.runtime import Voice
    from .web.front import Front

log = logging.getLogger("companion")

# Seconds a thread holding the GIL keeps it while another waits (Python's default: 0.005). The
# table's writer takes the GIL back after every fsync and SQLite call; behind a stranger's read
# (a page of the story worked out) it waited up to 5 ms each time. At 1 ms, under issue 36's read
# flood (bench/server_load.py --no-attack --read-flood, load average 26 to 35, two runs each
# way in turn): banker's ack p50 182 and 188 ms against 300 and 362, p99 809 and 850 ms against
# 1,039 and 1,638, 85 and 84 commands in 30 s against 50 and 52.
GIL_SWITCH = 0.001

# A stored game's status once it has ended ("over", "over: Ann won"; a game this table cannot
# write to says so after it, and is not opened by itself).
FINISHED = re.compile(r"over(: .* won)?")
WRITER_ANSWERS_WITHIN = 10.0  # seconds; less than half of the service's WatchdogSec


@dataclass
class Parts:
    """What `companion run` has started, kept together so that a failed start and a stop close the
    same things in the same order: nothing left running, nothing closed before what still uses it."""

    folder: DataFolder
    table: Table
    devices: Devices
    auctions: AuctionClock | None
    ctx: Context
    app: Any
    odds: LiveOdds | None
    voice: Voice
    computers: ComputerPlayers | None = None
    front: Front | None = None
    server: Any = None  # waitress's, once it listens

    def close(self) -> None:
        """The front first (nobody reaches the table any more), then the server and the devices
        (nothing new comes in), then the workers, the table and its folder last (the lock goes with
        the folder, so the next daemon may start)."""
        if self.front is not None:
            self.front.stop()
        if self.server is not None:
            self.server.task_dispatcher.shutdown(timeout=5)
            self.server.close()
            self.devices.stop()  # started once the server listens
        if self.computers is not None:
            self.computers.close()
        if self.auctions is not None:
            self.auctions.close()
        if self.odds is not None:
            self.odds.close()
        self.voice.close()
        self.table.close()
        self.folder.close()


@dataclass
class Daemon:
    config: Config
    data_dir: Path
    simulate: bool = False
    dice_port: str | None = None
    banker_pin: str | None = None
    open_browser: bool = False

    def run(self) -> int:
        """Start, serve until SIGTERM or SIGINT, stop: 0 then; 1 if the data folder or the port
        cannot be had, or the nginx front stopped under us."""
        sys.setswitchinterval(GIL_SWITCH)
        folder = self._open_folder()
        if folder is None:
            return 1
        parts = self._wire(folder)
        if not self._listen(parts):
            parts.close()
            return 1
        watcher = self._start_devices(parts)
        self._announce(parts)
        watchdog = self._watch(parts, watcher)
        return self._serve_until_stopped(parts, watchdog)

    def _open_folder(self) -> DataFolder | None:
        """The data folder, locked: a second daemon on the same folder (or one we cannot write) is
        said plainly before anything else starts (None then)."""
        try:
            self.data_dir.mkdir(parents=True, exist_ok=True)
            copy = Path(self.config.backup_copy) if self.config.backup_copy else None
            return DataFolder(self.data_dir, backup_copy=copy)
        except (FolderLocked, LedgerError) as exc:
            log.error("%s", reason_of(exc))
            return None

    def _wire(self, folder: DataFolder) -> Parts:
        """The table (the single writer), its game resumed, and what listens to it: the web app,
        the live odds (after the screens' listeners) and the voice. No device runs yet: a port in
        use must be said before one starts."""
        registry = TagRegistry.load(registry_path(self.config.tags, self.data_dir))
        if self.simulate and not len(registry):  # made-up tags (saved with any enrolled in the browser)
            registry = simulated_tags(registry.path)
        devices = Devices.from_config(self.config, self.data_dir, self.dice_port)
        table = Table(folder, roll=roll, registry=registry, feedback=devices.feedback,
                      dice_unit=devices.dice_unit)
        table.listeners.append(log_command)
        table.prompts.configure(self.config.computer.confirm, self.config.computer.confirm_seconds)
        auctions = AuctionClock(table, self.config.table.auction_seconds) \
            if self.config.table.auction_seconds > 0 else None
        self._resume(table, folder)
        ctx = Context(
            table=table,
            data_dir=self.data_dir,
            pin=BankerPin(self.data_dir, self.banker_pin),
            simulator=simulator(devices) if self.simulate else None,
            devices=devices.status,
            tags=registry.as_dict,  # as enrolled now (the Banker page may enrol more)
            wifi=self.config.wifi,
            manual_dice=self.config.manual_dice,
            banker_hold=self.config.button.banker_hold,
        )
        app = create_app(ctx)
        odds = live_odds.started(self.config.odds, table, ctx.broker.publish)  # after the screens'
        if odds is not None:
            table.listeners.append(odds.listen)
            table.stirring.append(odds.stir)
        ctx.odds = odds  # GET /api/odds (the odds blueprint is one of app.BLUEPRINTS)
        auction_web.install(app, auctions)
        voice = started_voice(self.config.voice, table, self.data_dir, self.simulate)
        voice_web.install(app, ctx, voice)
        # The computer seats play by themselves (idle at a table of people only), each next step
        # held while the people's prompts for its things are open, the odds' trade advice giving
        # their answers' reasons when it comes in time.
        computer = self.config.computer
        computers = ComputerPlayers(table, pace=computer.pace, deadline=computer.deadline,
                                    holding=table.prompts.holding,
                                    advice=odds.trade_advice if odds is not None else None).start()
        return Parts(folder=folder, table=table, devices=devices, auctions=auctions, ctx=ctx,
                     app=app, odds=odds, voice=voice, computers=computers)

    def _listen(self, parts: Parts) -> bool:
        """Listen first, on the port or behind the nginx front: a port in use (or a front that
        cannot start) is said plainly, before any device starts (False then)."""
        from .web.front import Front, FrontError
        from .web.serve import create_server, listen

        host, port = self.config.host, self.config.port
        parts.front = Front(host, port, self.data_dir) if self.config.server.front == "nginx" else None
        try:
            if parts.front is not None:
                listen(host, port).close()  # is the port free for nginx?
                server = create_server(parts.app, unix=parts.front.app_socket)
                try:
                    parts.front.start()
                except FrontError:
                    server.close()
                    raise
            else:
                server = create_server(parts.app, host=host, port=port)
        except FrontError as exc:
            log.error("cannot start the nginx front: %s", exc)
            return False
        except OSError as exc:
            log.error("cannot serve on %s port %s: %s (is another server using it? try --port)",
                      host, port, exc.strerror or exc)
            return False
        parts.server = server
        return True

    @staticmethod
    def _start_devices(parts: Parts) -> threading.Thread:
        """The devices feed the table from now on; the watcher tells every dashboard when one (or
        the voice) goes offline or comes back."""
        parts.devices.start(parts.table.on_event)
        watcher = threading.Thread(target=watch_devices, args=(parts.ctx,), daemon=True)
        watcher.start()
        return watcher

    def _announce_editions(self) -> None:
        """The family's edition files the table found (docs/editions.md), and why any is refused:
        a bad file is said here and on the Banker page, and never offered."""
        editions = table_editions(self.data_dir)
        found = [f"{e.id} ({e.source})" for e in editions.known.values() if e.source != SHIPPED]
        if found:
            log.info("editions from the data folder: %s", ", ".join(found))
        for refused in editions.refused:
            more = f" (and {len(refused.problems) - 1} more)" if len(refused.problems) > 1 else ""
            log.warning("edition file %s refused: %s%s", refused.file, refused.problems[0], more)

    def _announce(self, parts: Parts) -> None:
        """Say where the table is served and where a family starts (the console's lines), open the
        browser if asked, and tell systemd we are ready: only once listening."""
        shown_host = "localhost" if self.config.host in ("0.0.0.0", "::") else self.config.host
        port = self.config.port if parts.front is not None else parts.server.effective_port
        url = f"http://{shown_host}:{port}/"
        log.info("serving the table on %s (data in %s)%s%s", url, self.data_dir,
                 ", simulated devices" if self.simulate else "",
                 ", nginx in front" if parts.front else "")
        log.info(start_here(url, pin_set=parts.ctx.pin.is_set, simulate=self.simulate))
        self._announce_editions()
        if self.open_browser:
            threading.Timer(0.3, lambda: webbrowser.open(url)).start()
        notify.ready(f"serving the table on {url}")

    @staticmethod
    def _watch(parts: Parts, watcher: threading.Thread) -> notify.Watchdog:
        """systemd's watchdog, pinged only while every part is alive. The writer counts as alive
        only when a no-op makes the round trip through its queue: a writer stuck in a command gets
        the companion restarted (WatchdogSec=30s)."""
        table, ctx, front = parts.table, parts.ctx, parts.front
        return notify.Watchdog({
            "the table writer": lambda: table.responsive(timeout=WRITER_ANSWERS_WITHIN),
            "the event broker": lambda: watcher.is_alive() and not ctx.broker.closing.is_set(),
            **({"the nginx front": front.alive} if front is not None else {}),
            **parts.devices.liveness(),
        }).start()

    @staticmethod
    def _serve_until_stopped(parts: Parts, watchdog: notify.Watchdog) -> int:
        """Serve until SIGTERM or SIGINT (0), or until the nginx front stops (1: nobody can reach
        the table, the service starts again); then stop everything.

        A signal only says "stop" and wakes the server's loop: an exception raised from the handler
        could land inside waitress's own handling of a connection and be swallowed there (seen:
        SIGTERM while a channel was closing), leaving the daemon running."""
        server, front = parts.server, parts.front
        stopping: list[str] = []
        status = 0

        def stop(signum: int, _frame: Any) -> None:
            stopping.append(signal.Signals(signum).name)
            server.pull_trigger()

        previous = {s: signal.signal(s, stop) for s in (signal.SIGTERM, signal.SIGINT)}
        try:
            while not stopping:
                server.asyncore.loop(timeout=server.adj.asyncore_loop_timeout, map=server._map,
                                     use_poll=server.adj.asyncore_use_poll, count=1)
                if front is not None and not front.alive():
                    log.error("the nginx front stopped: stopping too (the service starts again)")
                    stopping.append("the nginx front stopped")
                    status = 1
            log.info("stopping (%s)", stopping[0])
        finally:
            if parts.odds is not None:  # before anything else: no stopped worker may be left behind
                parts.odds.resume()
            watchdog.stop()  # the parts stop on purpose now, none must be taken for dead
            notify.stopping()
            for sig, handler in previous.items():
                signal.signal(sig, handler)
            parts.ctx.broker.close()  # ends the event streams, so their threads come back
            parts.close()
        log.info("stopped")
        return status

    @staticmethod
    def _resume(table: Table, folder: DataFolder) -> None:
        """Carry on with the game a command was last stored in (after a restart or a power cut),
        not the newest created: the one being played when the table stopped, or the one that had
        just ended there, whose result the Table page shows until a new game starts."""
        for info in sorted(folder.games(), key=lambda i: (i.last_move, i.started), reverse=True):
            if info.status == "playing" or FINISHED.fullmatch(info.status):
                result = table.open_game(info.id)
                if result.ok:
                    log.info("resumed game %s (%s)", info.id, ", ".join(info.players))
                else:
                    log.warning("could not resume game %s: %s", info.id, result.reason)
                return


def simulated_tags(path: Path) -> TagRegistry:
    """Made-up UIDs for every piece, and for every deed and printed card of every shipped edition
    (each enrolled for its board, the default one's first), so the virtual table has tags to tap
    whatever edition its game is played on."""
    free = list(dict.fromkeys(f"token:{piece}" for edition in editions() for piece in edition.pieces))
    free += ["banker"]  # the banker's tag: the banker's step at the table
    boards = {edition.id: [*(f"deed:{sq.id}" for sq in edition.ownable),
                           *(f"card:{deck}:{card.number}" for deck, cards in edition.decks.items()
                             for card in cards)]
              for edition in editions()}
    uids = (f"5a{index:012x}" for index in count(1))
    return TagRegistry(path, {next(uids): meaning for meaning in free},
                       {edition: {next(uids): meaning for meaning in meanings}
                        for edition, meanings in boards.items()})


def simulator(devices: Devices) -> Simulator:
    button, reader = devices.button, devices.reader
    # --simulate made them so (Config.simulated): anything else is a bug, not a table to run
    assert isinstance(button, SimulatedButton) and isinstance(reader, TappedFromCode), (button, reader)

    def press(long: bool) -> None:
        # A long press takes a second; the request need not wait for the finger.
        threading.Thread(target=button.press, kwargs={"long": long}, daemon=True).start()

    def hold() -> None:  # held for banker_hold seconds: the banker's step
        threading.Thread(target=button.press, kwargs={"held": True}, daemon=True).start()

    def tap(uid: str) -> None:  # placed, and lifted after a few polls by the reader itself
        reader.tap(uid)

    unit = getattr(devices.dice_unit, "simulated", None)
    return Simulator(
        tap=tap,
        press=press,
        hold=hold,
        unit_press=(lambda: unit.press() is not None) if unit is not None else None,
    )


def start_here(url: str, pin_set: bool, simulate: bool) -> str:
    """The console's line that says where a family starts: the Banker page (README's Quick start
    says the same), and what to do there; with --simulate, where the banker's tag is."""
    first = "log in" if pin_set else "set the banker PIN"
    tag = f"; the banker's tag is a button on the Virtual table, {url}virtual" if simulate else ""
    return f"start here: the Banker page, {url}banker ({first}, then start a game{tag})"


def watch_devices(ctx: Context, interval: float = 1.0) -> None:
    """Tell every dashboard when a device (or the voice) goes offline or comes back."""
    last: dict[str, str] = {}
    while not ctx.broker.closing.is_set():
        now = ctx.device_status()
        if now != last:
            if last:
                log.info("devices: %s", ", ".join(f"{k} {v}" for k, v in now.items()))
            ctx.broker.publish({"type": "devices", "devices": now})
            last = now
        ctx.broker.closing.wait(interval)


def log_command(event: dict[str, Any]) -> None:
    if event.get("type") == "state" and event.get("command") is not None:
        log.info("#%s %s %s -> %s", event["seq"], event.get("source"),
                 json.dumps(event["command"], ensure_ascii=False), "; ".join(event["messages"]))
    elif event.get("type") == "refused":
        log.info("refused: %s", event.get("reason"))


