"""The compiled engine's build, `python -m companion.compiled`, measured: time and peak memory of
each recipe (companion/compiled/recipe.py), here natively and, with --rootfs, in an arm64 root file
system run under qemu-user (binfmt_misc), then scaled to the Pis by a published CPU benchmark.

Each build starts from an empty store (a real build every time). Figures per build: wall time, CPU
time (user + system of the whole process tree: the build is one process at a time, so on an idle
machine it is the wall time too), the largest resident set of any one process of it (wait4's
ru_maxrss: cc1 or mypy) and the peak of the tree's resident sets summed (sampled every 0.1 s).
Under qemu-user a process's resident set is the emulated program's plus qemu's own (its translated
code), so the emulated peaks are upper bounds. --limit-mb runs each build in a memory cgroup with
that hard limit and no swap (a Zero 2 W's available memory, say): it fits or it is killed.

The Pis' times are estimates: the CPU time here times the ratio of single-core `sysbench cpu`
(1.0.20, `--threads=1`, primes to 10,000) here, per CPU-second, to the figures published for each
Pi (PI_SYSBENCH below). That benchmark is integer arithmetic, not a compiler's mix of memory and
branches, so the scale is a rough one; the emulated build shows that arm64 builds, and its memory.

    sudo .venv/bin/python bench/compiled_build.py                      # both recipes, natively
    sudo .venv/bin/python bench/compiled_build.py --rootfs /var/cache/companion-ci/rootfs/trixie-arm64
    sudo .venv/bin/python bench/compiled_build.py --recipe fit --limit-mb 300
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import platform
import re
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import asdict, dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from companion.compiled.recipe import ENV, RECIPES  # noqa: E402

# Single-core `sysbench cpu --threads=1 --time=60 run` (sysbench 1.0.20), events per second, from
# https://leoncode.co.uk/articles/raspberry-pi-benchmarks (Pi 3B+, 4, 5). The Zero 2 W and the 3B
# are not there: they have the 3B+'s Cortex-A53 at 1.0 and 1.2 GHz instead of 1.4, so its figure
# scaled by the clock (derived, not measured).
PI_SYSBENCH = {
    "Pi 5 (Cortex-A76, 2.4 GHz)": 2737.49,
    "Pi 4 (Cortex-A72, 1.8 GHz)": 1477.83,
    "Pi 3B+ (Cortex-A53, 1.4 GHz)": 687.45,
    "Pi 3B (Cortex-A53, 1.2 GHz; 3B+ by clock)": 687.45 * 1.2 / 1.4,
    "Pi Zero 2 W (Cortex-A53, 1.0 GHz; 3B+ by clock)": 687.45 * 1.0 / 1.4,
}
SOURCE_FILES = ("pyproject.toml", "README.md", "companion", "bench/engine_speed.py")
GAMES = ["--games", "40", "--players", "4", "--repeat", "1"]  # played by each build to compare
IN_ROOTFS = Path("/root/companion-bench")  # inside the root file system: src/, venv/, store-*/


@dataclass
class Figures:
    where: str
    recipe: str
    ok: bool
    wall_s: float
    cpu_s: float
    largest_process_mb: float
    largest_process: str
    tree_peak_mb: float
    limit_mb: int | None
    last_words: str


class TreeSampler(threading.Thread):
    """The peak of the summed resident sets of a process and all its descendants, from /proc."""

    def __init__(self, pid: int) -> None:
        super().__init__(daemon=True)
        self.pid, self.peak_kb = pid, 0
        self.largest = (0, "")  # the largest single process seen: its resident set, its name
        self.stopped = threading.Event()

    def run(self) -> None:
        while not self.stopped.wait(0.1):
            total = 0
            for pid in self._tree():
                rss, name = _rss_kb(pid)
                total += rss
                self.largest = max(self.largest, (rss, name))
            self.peak_kb = max(self.peak_kb, total)

    def _tree(self) -> list[int]:
        parents: dict[int, int] = {}
        for entry in os.scandir("/proc"):
            if entry.name.isdigit():
                try:
                    stat = Path(f"/proc/{entry.name}/stat").read_text()
                except OSError:
                    continue
                parents[int(entry.name)] = int(stat.rsplit(")", 1)[1].split()[1])
        tree, frontier = {self.pid}, [self.pid]
        while frontier:
            parent = frontier.pop()
            for child, its in parents.items():
                if its == parent and child not in tree:
                    tree.add(child)
                    frontier.append(child)
        return sorted(tree)


def _rss_kb(pid: int) -> tuple[int, str]:
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return 0, ""
    rss = re.search(r"^VmRSS:\s+(\d+)", status, re.M)
    name = re.search(r"^Name:\s+(\S+)", status, re.M)
    return (int(rss.group(1)) if rss else 0), (name.group(1) if name else "")


class MemoryCgroup:
    """A memory cgroup (v2 where its controller is on, else v1) with a hard limit and no swap."""

    def __init__(self, limit_mb: int) -> None:
        name = f"companion-bench-{os.getpid()}"
        v2 = Path("/sys/fs/cgroup")
        controllers = v2 / "cgroup.controllers"
        if controllers.exists() and "memory" in controllers.read_text().split():
            self.folder = v2 / name
            self.folder.mkdir()
            (self.folder / "memory.max").write_text(f"{limit_mb}M")
            (self.folder / "memory.swap.max").write_text("0")
        else:
            self.folder = v2 / "memory" / name
            self.folder.mkdir()
            (self.folder / "memory.limit_in_bytes").write_text(f"{limit_mb}M")
            swap = self.folder / "memory.memsw.limit_in_bytes"
            if swap.exists():
                swap.write_text(f"{limit_mb}M")

    def enter(self) -> None:
        """Run in the child before exec: the build and all it starts are in the cgroup."""
        (self.folder / "cgroup.procs").write_text(str(os.getpid()))

    def remove(self) -> None:
        for _ in range(50):
            try:
                self.folder.rmdir()
                return
            except OSError:
                time.sleep(0.1)


def measure(command: list[str], env: dict[str, str], where: str, recipe: str,
            limit_mb: int | None) -> Figures:
    """Run one build and collect its figures."""
    cgroup = MemoryCgroup(limit_mb) if limit_mb else None
    started = time.monotonic()
    with tempfile.TemporaryFile("w+") as log:
        child = subprocess.Popen(command, env=env, stdin=subprocess.DEVNULL, stdout=log,
                                 stderr=subprocess.STDOUT, preexec_fn=cgroup.enter if cgroup else None)
        sampler = TreeSampler(child.pid)
        sampler.start()
        _, status, usage = os.wait4(child.pid, 0)
        child.returncode = os.waitstatus_to_exitcode(status)
        wall = time.monotonic() - started
        sampler.stopped.set()
        sampler.join()
        log.seek(0)
        words = log.read().strip().splitlines()
    if cgroup:
        cgroup.remove()
    return Figures(where=where, recipe=recipe, ok=child.returncode == 0, wall_s=round(wall, 1),
                   cpu_s=round(usage.ru_utime + usage.ru_stime, 1),
                   largest_process_mb=round(usage.ru_maxrss / 1024), largest_process=sampler.largest[1],
                   tree_peak_mb=round(sampler.peak_kb / 1024), limit_mb=limit_mb,
                   last_words=(words[-1] if words else f"exit status {child.returncode}")[-300:])


def native_build(recipe: str, limit_mb: int | None) -> Figures:
    with tempfile.TemporaryDirectory(prefix="companion-bench-store-") as store:
        env = {**os.environ, "COMPANION_COMPILED_DIR": store, ENV: recipe}
        return measure([sys.executable, "-m", "companion.compiled"], {**env, "PYTHONPATH": str(ROOT)},
                       f"native {platform.machine()}", recipe, limit_mb)


def chroot(rootfs: Path, *command: str, check: bool = True) -> subprocess.CompletedProcess:
    return subprocess.run(["chroot", str(rootfs), *command], check=check, text=True, capture_output=True)


def _source_digest() -> str:
    digest = hashlib.sha256()
    for name in SOURCE_FILES:
        paths = sorted((ROOT / name).rglob("*")) if (ROOT / name).is_dir() else [ROOT / name]
        for path in paths:
            if path.is_file() and "__pycache__" not in path.parts:
                digest.update(f"{path.relative_to(ROOT)}\n".encode() + path.read_bytes())
    return digest.hexdigest()


def prepare_rootfs(rootfs: Path) -> None:
    """This checkout's source in the root file system, and a venv there with the project's own
    dependencies (mypy, setuptools) installed by pip: again whenever pyproject.toml changed (a
    dependency added since, fluent.syntax say, is a build that fails at mypy's first import)."""
    base = rootfs / IN_ROOTFS.relative_to("/")
    src = base / "src"
    stamp = _source_digest()
    if not (src / ".digest").is_file() or (src / ".digest").read_text() != stamp:
        shutil.rmtree(src, ignore_errors=True)  # copied again only when changed: a build may be using it
        src.mkdir(parents=True)
        for name in SOURCE_FILES:
            if (ROOT / name).is_dir():
                shutil.copytree(ROOT / name, src / name, ignore=shutil.ignore_patterns("__pycache__"))
            else:
                (src / name).parent.mkdir(parents=True, exist_ok=True)
                shutil.copyfile(ROOT / name, src / name)
        (src / ".digest").write_text(stamp)
    if not (rootfs / "proc" / "self").exists():
        subprocess.run(["mount", "-t", "proc", "proc", str(rootfs / "proc")], check=True)
    wanted = hashlib.sha256((ROOT / "pyproject.toml").read_bytes()).hexdigest()
    installed = base / "venv" / "installed-from"
    if not installed.is_file() or installed.read_text() != wanted:
        shutil.copyfile("/etc/resolv.conf", rootfs / "etc" / "resolv.conf")
        # The host's certificate authorities: pip there trusts what pip here does (a proxy's own).
        shutil.copyfile("/etc/ssl/certs/ca-certificates.crt", rootfs / "etc/ssl/certs/ca-certificates.crt")
        print(f"preparing {rootfs}: a venv and pip install of the project (emulated: minutes)", flush=True)
        if not (base / "venv" / "bin" / "python").exists():
            chroot(rootfs, "python3", "-m", "venv", str(IN_ROOTFS / "venv"))
        pip = str(IN_ROOTFS / "venv" / "bin" / "pip")
        done = chroot(rootfs, pip, "install", "-q", str(IN_ROOTFS / "src"), check=False)
        if done.returncode != 0:
            sys.exit(f"pip install in {rootfs} failed:\n{done.stdout[-2000:]}{done.stderr[-3000:]}")
        installed.write_text(wanted)


def emulated_build(rootfs: Path, recipe: str, limit_mb: int | None) -> Figures:
    machine = chroot(rootfs, "uname", "-m").stdout.strip()
    store = IN_ROOTFS / f"store-{recipe}"
    shutil.rmtree(rootfs / store.relative_to("/"), ignore_errors=True)
    script = (f"cd {IN_ROOTFS / 'src'} && COMPANION_COMPILED_DIR={store} {ENV}={recipe} "
              f"exec {IN_ROOTFS / 'venv' / 'bin' / 'python'} -m companion.compiled")
    version = chroot(rootfs, "sh", "-c", ". /etc/os-release; echo $PRETTY_NAME").stdout.strip()
    return measure(["chroot", str(rootfs), "sh", "-c", script], {"PATH": "/usr/sbin:/usr/bin:/sbin:/bin"},
                   f"emulated {machine} ({version}, qemu-user)", recipe, limit_mb)


def games_played(prefix: list[str], python: str, src: Path, store: Path, engine: str) -> str:
    """The fingerprint of GAMES played by `engine` (bench/engine_speed.py), or why there is none."""
    script = (f"cd {src} && PYTHONPATH={src} COMPANION_COMPILED_DIR={store} "
              f"exec {python} bench/engine_speed.py --engine {engine} {' '.join(GAMES)}")
    done = subprocess.run([*prefix, "sh", "-c", script], capture_output=True, text=True, check=False)
    try:
        figures = json.loads(done.stdout)
    except ValueError:
        return f"failed: {done.stderr.strip()[-300:]}"
    return f"{figures['fingerprint']} ({figures['engine']}, {figures['player_turns']} player-turns)"


def sysbench(prefix: list[str], seconds: int) -> dict[str, float] | None:
    """Single-core sysbench: events per wall second, and per CPU-second (fair on a shared machine)."""
    if shutil.which("sysbench") is None and not prefix:
        return None
    before = os.times()
    done = subprocess.run([*prefix, "sysbench", "cpu", "--threads=1", f"--time={seconds}", "run"],
                          capture_output=True, text=True, check=False)
    after = os.times()
    events = re.search(r"total number of events:\s+(\d+)", done.stdout)
    rate = re.search(r"events per second:\s+([\d.]+)", done.stdout)
    if done.returncode != 0 or not events or not rate:
        return None
    cpu = (after.children_user - before.children_user) + (after.children_system - before.children_system)
    return {"events_per_s": float(rate.group(1)), "events_per_cpu_s": round(int(events.group(1)) / cpu, 1)}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--recipe", action="append", choices=sorted(RECIPES),
                        help="a recipe to build (again for more; default: every recipe)")
    parser.add_argument("--rootfs", type=Path,
                        help="also build in this arm64 root file system under qemu-user")
    parser.add_argument("--no-native", action="store_true", help="only the emulated builds")
    parser.add_argument("--limit-mb", type=int,
                        help="run each build in a memory cgroup of this size, no swap")
    parser.add_argument("--sysbench-seconds", type=int, default=20)
    args = parser.parse_args()
    recipes = args.recipe or list(RECIPES)
    results: list[Figures] = []
    rates: dict[str, dict[str, float] | None] = {}
    games: dict[str, str] = {}
    if not args.no_native:
        rates["native"] = sysbench([], args.sysbench_seconds)
        for recipe in recipes:
            results.append(native_build(recipe, args.limit_mb))
            print(json.dumps(asdict(results[-1])), flush=True)
    if args.rootfs:
        prepare_rootfs(args.rootfs)
        rates["emulated"] = sysbench(["chroot", str(args.rootfs)], args.sysbench_seconds)
        prefix = ["chroot", str(args.rootfs)]
        python, src = str(IN_ROOTFS / "venv" / "bin" / "python"), IN_ROOTFS / "src"
        for recipe in recipes:
            results.append(emulated_build(args.rootfs, recipe, args.limit_mb))
            print(json.dumps(asdict(results[-1])), flush=True)
            if results[-1].ok:
                store = IN_ROOTFS / f"store-{recipe}"
                games[f"emulated, {recipe} build"] = games_played(prefix, python, src, store, "compiled")
        if games:
            games["emulated, pure"] = games_played(prefix, python, src, IN_ROOTFS / "none", "pure")
            games["native, pure"] = games_played([], sys.executable, ROOT, Path("/nonexistent"), "pure")
    print(json.dumps({"sysbench_single_core": rates, "games": games}))
    for who, fingerprint in games.items():
        print(f"{' '.join(GAMES)}: {who}: {fingerprint}")
    for figures in results:
        state = "built" if figures.ok else "FAILED"
        print(f"{figures.where}, {figures.recipe}: {state} in {figures.wall_s:.0f} s wall, "
              f"{figures.cpu_s:.0f} s CPU; largest process {figures.largest_process_mb:.0f} MB "
              f"({figures.largest_process or '?'}), the whole tree at most {figures.tree_peak_mb:.0f} MB"
              + (f"; in a {figures.limit_mb} MB cgroup" if figures.limit_mb else ""))
    native = rates.get("native")
    if native:
        print(f"sysbench here: {native['events_per_cpu_s']:.0f} events per CPU-second "
              f"({native['events_per_s']:.0f} per wall second)")
        for figures in (f for f in results if f.ok and f.where.startswith("native")):
            scale = native["events_per_cpu_s"]
            estimates = ", ".join(f"{board}: ~{figures.cpu_s * scale / rate / 60:.0f} min"
                                  for board, rate in PI_SYSBENCH.items())
            print(f"estimated {figures.recipe} build on a Pi (CPU here x sysbench ratio): {estimates}")
    emulated = rates.get("emulated")
    if native and emulated:
        slower = native["events_per_cpu_s"] / emulated["events_per_cpu_s"]
        print(f"qemu-user slows sysbench {slower:.1f} times")
    for recipe in recipes:
        pair = [f for f in results if f.recipe == recipe and f.ok]
        if len(pair) == 2:
            print(f"qemu-user slows the {recipe} build {pair[1].cpu_s / pair[0].cpu_s:.1f} times (CPU time)")
    return 0 if all(f.ok for f in results) else 1


if __name__ == "__main__":
    sys.exit(main())
