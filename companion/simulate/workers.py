"""Games split across worker processes (`--jobs`), gathered back in seed order.

Each worker is a fresh Python that loads the engine it is told to (a compiled build through its
finder, or the pure modules) before anything imports the engine, so what the parent has imported
never decides it. Slices of seeds are handed out as workers finish the last one: a busy core slows
the run, never changes it, since a game depends only on its seed.
"""

from __future__ import annotations

import os
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

if TYPE_CHECKING:
    from .chunk import Job, Record

Progress = Callable[[int, int], None]  # (games done, games in all)

# -P: nothing of the working directory on sys.path; the parent's own package folder goes first.
BOOT = ("import sys; sys.path.insert(0, sys.argv[1]); from companion.simulate.workers import serve; "
        "serve(int(sys.argv[2]), int(sys.argv[3]))")


class WorkerError(Exception):
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

    def __init__(self, build: Build | None) -> None:
        child_reads, parent_writes = os.pipe()
        parent_reads, child_writes = os.pipe()
        self.process = subprocess.Popen(
            [sys.executable, "-P", "-c", BOOT, str(ROOT), str(child_reads), str(child_writes)],
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


def play_all(job: Job, seeds: Sequence[int], jobs: int, build: Build | None,
             progress: Progress | None = None) -> Played:
    """Play every seed under every arm of `job` in up to `jobs` processes, with `build` (or pure)."""
    size = slice_size(len(seeds), jobs)
    slices = [list(seeds[i:i + size]) for i in range(0, len(seeds), size)]
    workers = [Worker(build) for _ in range(min(jobs, len(slices)))]
    failed = True
    try:
        engines = {worker.receive()[1] for worker in workers}
        wanted = "pure" if build is None else "compiled"
        if engines != {wanted}:
            raise WorkerError(f"the workers loaded the {' and '.join(sorted(engines))} engine, "
                              f"not the {wanted} one")
        for worker in workers:
            worker.to.send(job)
        started = time.perf_counter()
        results: list[Any] = [None] * len(slices)
        waiting = list(range(len(slices)))[::-1]
        busy: dict[Connection, tuple[Worker, int]] = {}

        def hand_out(worker: Worker) -> None:
            if waiting:
                index = waiting.pop()
                worker.to.send((index, slices[index]))
                busy[worker.back] = (worker, index)

        for worker in workers:
            hand_out(worker)
        done, total = 0, len(seeds) * len(job.arms)
        while busy:
            for ready in wait(list(busy)):
                worker, index = busy.pop(ready)  # type: ignore[arg-type]
                _, played, landed = worker.receive()
                results[index] = (played, landed)
                hand_out(worker)
                done += len(played) * len(job.arms)
                if progress is not None:
                    progress(done, total)
        seconds = time.perf_counter() - started
        failed = False
    finally:
        for worker in workers:
            worker.stop(at_once=failed)
    landing: Counter[str] = Counter()
    records = []
    for played, landed in results:
        records.extend(played)
        landing.update(landed)
    return Played(records, landing, seconds, wanted, len(workers))


def serve(reads: int, writes: int) -> None:
    """A worker's life: load the engine, say which, then play each slice it is sent until the end."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the parent's to handle
    inbox = Connection(reads, writable=False)
    outbox = Connection(writes, readable=False)
    try:
        folder = inbox.recv()
        if folder is not None:
            build = Build.read(Path(folder))
            if build is None:
                raise StaleBuild(f"no compiled engine in {folder}")
            install(build)
        from .chunk import play_slice

        outbox.send(("ready", engine_in_use()))
        job = inbox.recv()
        while True:
            try:
                index, seeds = inbox.recv()
            except EOFError:
                return
            played, landed = play_slice(job, seeds)
            outbox.send(("done", played, landed))
    except Exception as exc:
        outbox.send(("error", type(exc).__name__, str(exc), traceback.format_exc()))
