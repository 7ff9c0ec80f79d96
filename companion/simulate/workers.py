"""Games split across worker processes (`--jobs`), gathered back in seed order.

Each worker is a fresh Python that loads the engine it is told to (a compiled build through its
finder, or the pure modules) before anything imports the engine, so what the parent has imported
never decides it. Slices of seeds are handed out as workers finish the last one: a busy core slows
the run, never changes it, since a game depends only on its seed.
"""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import time
import traceback
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from multiprocessing.connection import Connection, wait
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..compiled.loader import StaleBuild, engine_in_use, install
from ..compiled.modules import ROOT
from ..compiled.store import Build
from ..lifetime import die_with_parent
from .errors import SimulateError

if TYPE_CHECKING:
    from .chunk import Job, Record

Progress = Callable[[int, int], None]  # (games done, games in all)

# -P: nothing of the working directory on sys.path; the parent's own package folder goes first.
BOOT = ("import sys; sys.path.insert(0, sys.argv[1]); from companion.simulate.workers import serve; "
        "serve(int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4]), int(sys.argv[5]))")


class WorkerError(SimulateError):
    """A worker process failed; the message carries its traceback."""


@dataclass
class Played:
    """Every seed's records in seed order, the landing counts, and how the games were played."""

    records: list[tuple[Record, ...]]
    landing: Counter[str]
    seconds: float  # wall-clock, from every worker ready (engine loaded) to the last result in
    engine: str  # "compiled" or "pure"
    jobs: int  # worker processes used


def default_jobs() -> int:
    """Every core this process may run on."""
    if hasattr(os, "sched_getaffinity"):
        return len(os.sched_getaffinity(0))
    return os.cpu_count() or 1


def slice_size(seeds: int, jobs: int) -> int:
    """Small enough that the workers finish together, large enough that hand-outs cost nothing."""
    return max(1, min(64, seeds // (jobs * 8)))


class Worker:
    """One worker process and the two pipes to it."""

    def __init__(self, build: Build | None, nice: int = 0) -> None:
        child_reads, parent_writes = os.pipe()
        parent_reads, child_writes = os.pipe()
        # A low-priority worker starts low (its start-up too): `nice` where there is one.
        prefix = ["nice", "-n", str(nice)] if nice > 0 and shutil.which("nice") else []
        self.process = subprocess.Popen(
            [*prefix, sys.executable, "-P", "-c", BOOT, str(ROOT), str(child_reads), str(child_writes),
             str(nice), str(os.getpid())],
            pass_fds=(child_reads, child_writes), stdin=subprocess.DEVNULL, stdout=2,
        )
        os.close(child_reads)
        os.close(child_writes)
        self.to = Connection(parent_writes, readable=False)
        self.back = Connection(parent_reads, writable=False)
        self.to.send(None if build is None else str(build.folder))

    def receive(self) -> tuple[Any, ...]:
        try:
            message: tuple[Any, ...] = self.back.recv()
        except EOFError:
            raise WorkerError(f"a worker process stopped (exit status {self.process.wait()})") from None
        if message[0] == "error":
            _, kind, text, trace = message
            if kind == "BotError":
                from .play import BotError

                raise BotError(text)
            raise WorkerError(f"a worker process failed:\n{trace}")
        return message

    def stop(self, at_once: bool) -> None:
        self.to.close()  # the worker reads the end of its input and returns
        try:
            self.process.wait(timeout=0 if at_once else 10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        self.back.close()


class Pool:
    """Worker processes that stay up for many runs (the table's odds) or one (`play_all`).

    A run hands a job (any picklable object with a `play(items)` method) and slices of its items
    to whichever worker is free, and gathers the results back in the items' order: a busy core
    slows a run, never changes it. `nice` > 0 lowers the workers' priority (the table's odds run
    beside the table, which must never wait for them).
    """

    def __init__(self, jobs: int, build: Build | None, nice: int = 0) -> None:
        self.build = build
        self.workers = [Worker(build, nice) for _ in range(max(1, jobs))]
        self.failed = True
        try:
            engines = {worker.receive()[1] for worker in self.workers}
            self.engine = "pure" if build is None else "compiled"
            if engines != {self.engine}:
                raise WorkerError(f"the workers loaded the {' and '.join(sorted(engines))} engine, "
                                  f"not the {self.engine} one")
            self.failed = False
        finally:
            if self.failed:
                self.close()

    @property
    def jobs(self) -> int:
        return len(self.workers)

    def run(self, job: Any, slices: Sequence[Sequence[Any]], progress: Callable[[int], None] | None = None,
            cancelled: Callable[[], bool] | None = None,
            fold: Callable[[int, Any], None] | None = None,
            hold: Callable[[], float] | None = None) -> list[Any] | None:
        """Each slice's `job.play(slice)`, in the slices' order; None when `cancelled()` said so
        between two slices (the slices under way are waited for and dropped). With `fold`, each
        result is handed to it as it comes in (slice number, result) and none is kept. With
        `hold`, no slice is handed out while it says to wait (seconds > 0): the workers idle."""
        self.failed = True
        workers = self.workers[:len(slices)] or self.workers[:1]
        for worker in workers:
            worker.to.send(("job", job))
        results: list[Any] = [None] * len(slices) if fold is None else []
        waiting = list(range(len(slices)))[::-1]
        busy: dict[Connection, tuple[Worker, int]] = {}
        stop = False

        def hand_out(worker: Worker) -> None:
            if waiting and not stop:
                index = waiting.pop()
                worker.to.send(("slice", index, slices[index]))
                busy[worker.back] = (worker, index)

        idle = list(workers)
        while True:
            if cancelled is not None and cancelled():
                stop = True
            pause = hold() if hold is not None and waiting and not stop else 0.0
            if pause <= 0:
                while idle and waiting and not stop:
                    hand_out(idle.pop())
            if not busy:
                if stop or not waiting:
                    break
                time.sleep(min(pause, 0.05))
                continue
            for ready in wait(list(busy), timeout=0.05 if pause > 0 else None):
                worker, index = busy.pop(ready)  # type: ignore[call-overload]  # wait() answers one of the given
                if fold is not None:
                    fold(index, worker.receive()[1])
                else:
                    results[index] = worker.receive()[1]
                if progress is not None:
                    progress(index)
                idle.append(worker)
        self.failed = False
        return None if stop else results

    def close(self) -> None:
        for worker in self.workers:
            worker.stop(at_once=self.failed)
        self.workers = []

    def __enter__(self) -> Pool:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def play_all(job: Job, seeds: Sequence[int], jobs: int, build: Build | None,
             progress: Progress | None = None) -> Played:
    """Play every seed under every arm of `job` in up to `jobs` processes, with `build` (or pure)."""
    size = slice_size(len(seeds), jobs)
    slices = [list(seeds[i:i + size]) for i in range(0, len(seeds), size)]
    total = len(seeds) * len(job.arms)
    done = 0

    def count(index: int) -> None:
        nonlocal done
        done += len(slices[index]) * len(job.arms)
        if progress is not None:
            progress(done, total)

    with Pool(min(jobs, len(slices)), build) as pool:
        started = time.perf_counter()
        results = pool.run(job, slices, progress=count)
        seconds = time.perf_counter() - started
        assert results is not None
        engine, used = pool.engine, pool.jobs
    landing: Counter[str] = Counter()
    records = []
    for played, landed in results:
        records.extend(played)
        landing.update(landed)
    return Played(records, landing, seconds, engine, used)


def lower_priority(nice: int) -> None:
    """A worker of the table's odds: behind everything else on the machine (nice, and on Linux
    the idle scheduling class, which runs only when a core has nothing else to do)."""
    if nice <= 0:
        return
    try:
        os.nice(max(0, nice - os.nice(0)))  # up to `nice` (it may have been started niced already)
    except OSError:
        pass
    if hasattr(os, "sched_setscheduler") and hasattr(os, "SCHED_IDLE"):
        try:
            os.sched_setscheduler(0, os.SCHED_IDLE, os.sched_param(0))
        except OSError:
            pass


def serve(reads: int, writes: int, nice: int = 0, parent: int = 0) -> None:
    """A worker's life: load the engine, say which, then play each slice of the job it was last
    sent, until its input ends."""
    if parent:  # killed by the kernel when the daemon dies, stopped or not (companion/lifetime.py)
        die_with_parent(parent)
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the parent's to handle
    lower_priority(nice)
    inbox = Connection(reads, writable=False)
    outbox = Connection(writes, readable=False)
    try:
        folder = inbox.recv()
        if folder is not None:
            build = Build.read(Path(folder))
            if build is None:
                raise StaleBuild(f"no compiled engine in {folder}")
            install(build)
        from .. import bots, rules  # noqa: F401 - the engine, loaded now: the one said to be in use

        outbox.send(("ready", engine_in_use()))
        job: Any = None
        while True:
            try:
                message = inbox.recv()
            except EOFError:
                return
            if message[0] == "job":
                job = message[1]
                continue
            _, _index, items = message
            outbox.send(("done", job.play(items)))
    except Exception as exc:
        outbox.send(("error", type(exc).__name__, str(exc), traceback.format_exc()))
