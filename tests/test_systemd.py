"""The service unit: `systemd-analyze verify` finds nothing to say, `systemd-analyze security` rates
it 2.0 or lower, the settings the Pi depends on are there, and the daemon runs under
MemoryDenyWriteExecute (the kernel's PR_SET_MDWE, the same refusal)."""

from __future__ import annotations

import ctypes
import ipaddress
import re
import shutil
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

from tests.ports import free_port

# slow: starts processes, servers or browsers, or builds (`make check` leaves it out)
pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parent.parent
UNIT = ROOT / "systemd" / "companion.service"
EXEC = "/opt/companion/venv/bin/companion"
PR_SET_MDWE, PR_GET_MDWE, PR_MDWE_REFUSE_EXEC_GAIN = 65, 66, 1


def analyze() -> str:
    """systemd-analyze; its absence is a failure (.ci/run installs the systemd package)."""
    path = shutil.which("systemd-analyze")
    if path is None:
        pytest.fail("systemd-analyze is missing: install the Debian package systemd (.ci/run does)")
    return path


def settings() -> dict[str, list[str]]:
    """Every `Key=value` of the unit, a key's values in order (sections merged)."""
    found: dict[str, list[str]] = {}
    for line in UNIT.read_text().splitlines():
        line = line.strip()
        if line and not line.startswith(("#", "[")):
            key, _, value = line.partition("=")
            found.setdefault(key, []).append(value)
    return found


def test_systemd_analyze_verify_is_clean(tmp_path: Path) -> None:
    # verify insists that ExecStart's program exists: the same unit, pointing at a stand-in.
    stub = tmp_path / "companion"
    stub.write_text("#!/bin/sh\nexit 0\n")
    stub.chmod(0o755)
    text = UNIT.read_text()
    assert text.count(f"ExecStart={EXEC} ") == 1
    unit = tmp_path / "companion.service"
    unit.write_text(text.replace(f"ExecStart={EXEC} ", f"ExecStart={stub} "))
    done = subprocess.run([analyze(), "verify", "--man=no", str(unit)], capture_output=True, text=True,
                          timeout=60)
    assert (done.returncode, done.stdout + done.stderr) == (0, "")


def test_the_unmodified_unit_fails_verify_only_for_the_missing_program() -> None:
    done = subprocess.run([analyze(), "verify", "--man=no", str(UNIT)], capture_output=True, text=True,
                          timeout=60)
    if Path(EXEC).exists():
        pytest.skip(f"{EXEC} is installed on this machine")
    assert done.returncode != 0
    complaints = [line for line in (done.stdout + done.stderr).splitlines() if line.strip()]
    assert complaints == [f"companion.service: Command {EXEC} is not executable: No such file or directory"]


def test_systemd_analyze_security_rates_it_2_or_lower() -> None:
    done = subprocess.run([analyze(), "security", "--offline=true", "--no-pager", str(UNIT)],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    match = re.search(r"Overall exposure level for companion\.service: (\d+\.\d+)", done.stdout)
    assert match, done.stdout[-2000:]
    assert float(match.group(1)) <= 2.0, done.stdout


def test_the_settings_the_table_depends_on() -> None:
    unit = settings()
    assert unit["Type"] == ["notify"] and unit["NotifyAccess"] == ["main"]
    assert unit["WatchdogSec"] == ["30s"] and unit["Restart"] == ["on-failure"]
    assert unit["ExecStart"] == [f"{EXEC} run --config /etc/companion/config.toml"]
    assert unit["User"] == unit["Group"] == ["companion"]
    assert unit["SupplementaryGroups"] == ["gpio spi dialout audio"]  # audio: the voice's sound cards
    assert unit["StateDirectory"] == ["companion"]
    assert "LG_WD=/var/lib/companion" in unit["Environment"]
    assert unit["Wants"] == ["modprobe@cdc_acm.service"]
    assert unit["After"][0].split() == ["modprobe@cdc_acm.service", "network.target"]
    # the daemon needs no network to start: waiting for one costs a minute at boot without wifi
    assert not any("network-online" in value for key in ("Wants", "After", "Requires")
                   for value in unit.get(key, []))
    assert unit["DevicePolicy"] == ["closed"]
    assert unit["DeviceAllow"] == ["/dev/spidev0.0 rw", "char-gpiochip rw", "char-ttyACM rw", "char-alsa rw"]
    assert unit["CapabilityBoundingSet"] == unit["AmbientCapabilities"] == ["CAP_NET_BIND_SERVICE"]
    assert unit["ProtectSystem"] == ["strict"]
    for key in ("ProtectHome", "PrivateTmp", "NoNewPrivileges", "ProtectKernelTunables",
                "ProtectKernelModules", "ProtectKernelLogs", "ProtectControlGroups", "ProtectClock",
                "ProtectHostname",
                "RestrictNamespaces", "LockPersonality", "MemoryDenyWriteExecute", "RestrictRealtime",
                "RestrictSUIDSGID"):
        assert unit[key] == ["yes"], key
    assert "ProcSubset" not in unit  # gpiozero and rpi-lgpio read the Pi's model in /proc
    assert unit["IPAddressDeny"] == ["any"]
    # The local networks, IPv6 too: a tablet reaching companion.local over IPv6 must not stall.
    allowed = [ipaddress.ip_network(word) for line in unit["IPAddressAllow"] for word in line.split()
               if word not in ("localhost", "link-local")]
    tablets = ("fe80::1c2b:3ff:fe4d:5e6f", "fe80:0:0:1::1", "fd12:3456:789a::5", "192.168.1.23", "10.42.0.7")
    for tablet in tablets:
        assert any(ipaddress.ip_address(tablet) in net for net in allowed), tablet
    assert not any(ipaddress.ip_address("2a00:1450:4009:81f::200e") in net for net in allowed)


def test_the_shipped_config_serves_port_80_from_the_state_directory() -> None:
    import tomllib

    from companion.config import parse_config

    config = parse_config(tomllib.loads((ROOT / "systemd" / "config.toml").read_text()))
    assert config.data == "/var/lib/" + settings()["StateDirectory"][0]
    assert config.port == 80  # the unit's one capability: CAP_NET_BIND_SERVICE


def mdwe_supported() -> bool:
    libc = ctypes.CDLL(None, use_errno=True)
    return libc.prctl(PR_GET_MDWE, 0, 0, 0, 0) >= 0


# Run the rest of the command line with writable+executable memory refused, as MemoryDenyWriteExecute does.
MDWE = f"""
import ctypes, os, sys
libc = ctypes.CDLL(None, use_errno=True)
if libc.prctl({PR_SET_MDWE}, {PR_MDWE_REFUSE_EXEC_GAIN}, 0, 0, 0) != 0:
    sys.exit("PR_SET_MDWE failed: errno %d" % ctypes.get_errno())
os.execv(sys.executable, [sys.executable, *sys.argv[1:]])
"""


@pytest.mark.skipif(not sys.platform.startswith("linux") or not mdwe_supported(),
                    reason="the kernel has no PR_SET_MDWE (Linux 6.3 and later)")
def test_the_daemon_runs_without_writable_executable_memory(tmp_path: Path) -> None:
    probe = subprocess.run([sys.executable, "-c", MDWE, "-c",
                            f"import ctypes; print(ctypes.CDLL(None).prctl({PR_GET_MDWE}, 0, 0, 0, 0))"],
                           capture_output=True, text=True, timeout=30)
    assert probe.stdout.strip() == "1", probe.stderr  # inherited across exec, as under systemd
    port = free_port()
    log = tmp_path / "daemon.log"
    with open(log, "w") as err:
        proc = subprocess.Popen([sys.executable, "-c", MDWE, "-m", "companion.cli", "run", "--simulate",
                                 "--port", str(port), "--host", "127.0.0.1",
                                 "--data", str(tmp_path / "data")],
                                stdout=subprocess.DEVNULL, stderr=err, cwd=ROOT)
    try:
        deadline = time.monotonic() + 20
        state = None
        while time.monotonic() < deadline and proc.poll() is None:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/api/state", timeout=1) as response:
                    state = response.status
                    break
            except OSError:
                time.sleep(0.1)
        assert state == 200, log.read_text()
    finally:
        proc.terminate()
        code = proc.wait(timeout=20)
    assert code == 0, log.read_text()
    doctor = subprocess.run([sys.executable, "-c", MDWE, "-m", "companion.cli", "doctor", "--simulate",
                             "--data", str(tmp_path / "data")], capture_output=True, text=True, timeout=60,
                            cwd=ROOT)
    assert doctor.returncode == 0, doctor.stdout + doctor.stderr
