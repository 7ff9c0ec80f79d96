"""The Pi's installer and hotspot script: shellcheck finds nothing, `--dry-run` on this machine tells
every step (user, virtualenv, config, unit, enable, hotspot) and changes nothing, and the config file
it installs lists every setting of companion/config.py with the hardware's values."""

from __future__ import annotations

import dataclasses
import hashlib
import os
import re
import shutil
import subprocess
import tomllib
from pathlib import Path

import pytest

from companion.config import Config, WifiConfig, parse_config

ROOT = Path(__file__).resolve().parent.parent
SYSTEMD = ROOT / "systemd"
# Everything the installer would create or change, looked at before and after a dry run.
TOUCHED = ["/etc/companion", "/opt/companion", "/etc/systemd/system/companion.service",
           "/usr/local/bin/companion", "/etc/avahi/services/companion.service",
           "/etc/NetworkManager/dnsmasq-shared.d/companion.conf",
           "/var/lib/companion", "/etc/passwd", "/etc/group", "/etc/hosts", "/etc/hostname",
           "/boot/firmware/config.txt", "/boot/config.txt"]


def snapshot() -> dict[str, str]:
    seen = {}
    for name in TOUCHED:
        path = Path(name)
        if path.is_file():
            seen[name] = hashlib.sha256(path.read_bytes()).hexdigest()
        elif path.is_dir():
            seen[name] = "dir: " + " ".join(sorted(os.listdir(path)))
        else:
            seen[name] = "absent"
    seen["user"] = subprocess.run(["getent", "passwd", "companion"], capture_output=True, text=True).stdout
    return seen


def script(name: str, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(["bash", str(SYSTEMD / name), *args], capture_output=True, text=True, timeout=120)


def test_shellcheck_finds_nothing() -> None:
    shellcheck = shutil.which("shellcheck")
    if shellcheck is None:
        pytest.fail("shellcheck is missing: install the Debian package shellcheck (.ci/run does)")
    scripts = sorted(str(path) for path in SYSTEMD.glob("*.sh"))
    assert len(scripts) == 3
    done = subprocess.run([shellcheck, *scripts], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stdout + done.stderr


def test_the_dry_run_tells_every_step_and_changes_nothing() -> None:
    before = snapshot()
    done = script("install.sh", "--dry-run")
    assert done.returncode == 0, done.stdout + done.stderr
    assert snapshot() == before
    out = done.stdout
    steps = re.findall(r"^==> (.*)$", out, re.MULTILINE)
    for words in ("SPI", "Debian packages", "the user companion",
                  "the program: a virtualenv in /opt/companion/venv",
                  "the config: /etc/companion/config.toml", "the name: companion.local", "the hotspot",
                  "the unit: /etc/systemd/system/companion.service", "enable and start the service",
                  "done: the dashboard"):
        assert any(step.startswith(words) for step in steps), (words, steps)
    lines = [line.strip() for line in out.splitlines()]
    assert any(re.match(r"would run: useradd --system .*--groups gpio,spi,dialout .*companion$", line)
               or line == "user companion exists" for line in lines)
    assert ("would run: python3 -m venv /opt/companion/venv" in lines
            or "virtualenv exists: updating it" in lines)
    pip = "would run: /opt/companion/venv/bin/pip install --quiet"
    assert f"{pip} --upgrade '/tmp/companion-src[pi]'" in lines
    assert f"{pip} --no-deps 'mfrc522-python>=0.0.9,<0.1'" in lines
    assert "would run: /opt/companion/venv/bin/python -P -m companion.compiled" in lines
    assert any(line.startswith("would write /etc/companion/config.toml") for line in lines) or \
        any(line.startswith("kept as it is") for line in lines)
    assert "would run: install -m 0644 " + str(SYSTEMD / "companion.service") + \
        " /etc/systemd/system/companion.service" in lines
    assert "would run: systemctl enable companion" in lines
    assert any(line.startswith("Debian packages: ") and "nginx-light libnginx-mod-stream" in line
               for line in steps)
    assert "would run: systemctl disable --now nginx" in lines  # Debian's own nginx gives way
    assert any(line.startswith("would run: nmcli connection ") and "802-11-wireless.mode ap" in line
               and "ipv4.method shared" in line and "wifi-sec.key-mgmt wpa-psk" in line for line in lines)
    assert "http://companion.local/" in lines
    assert any(line.startswith("http://10.42.0.1/ on the table's wifi") for line in lines)
    assert WifiConfig().password not in out  # a password is never printed


def test_the_uninstall_dry_run_changes_nothing_and_keeps_the_games_unless_purged() -> None:
    before = snapshot()
    kept = script("install.sh", "--uninstall", "--dry-run")
    purged = script("install.sh", "--uninstall", "--purge", "--dry-run")
    assert snapshot() == before
    assert kept.returncode == purged.returncode == 0, kept.stderr + purged.stderr
    assert "kept: /etc/companion (the config) and /var/lib/companion (the games)" in kept.stdout
    assert "would run: rm -rf /etc/companion /var/lib/companion" in purged.stdout
    assert "would run: rm -rf /opt/companion" in kept.stdout


def test_help_and_bad_options() -> None:
    shown = script("install.sh", "--help")
    assert shown.returncode == 0 and "--dry-run" in shown.stdout and "--uninstall" in shown.stdout
    assert not shown.stdout.startswith("!")
    wrong = script("install.sh", "--frobnicate")
    assert wrong.returncode == 2 and "unknown option --frobnicate" in wrong.stderr
    assert script("install.sh", "--purge", "--dry-run").returncode == 2
    assert script("install.sh", "--hostname", "Not A Name", "--dry-run").returncode == 2
    assert script("hotspot.sh", "--help").returncode == 0


def test_the_hotspot_comes_from_the_config_and_hides_the_password(tmp_path: Path) -> None:
    config = tmp_path / "config.toml"
    config.write_text('[wifi]\nssid = "Table 7"\npassword = "it\'s-a-secret"\n')
    done = script("hotspot.sh", "--dry-run", "--config", str(config))
    assert done.returncode == 0, done.stderr
    assert "it's-a-secret" not in done.stdout
    assert "802-11-wireless.ssid 'Table 7'" in done.stdout
    assert "wifi-sec.psk '(the password from the config)'" in done.stdout
    assert "address=/companion.local/10.42.0.1" in done.stdout
    config.write_text('[wifi]\npassword = "short"\n')
    done = script("hotspot.sh", "--dry-run", "--config", str(config))
    assert done.returncode == 1 and "8 to 63 characters" in done.stderr


def test_the_shipped_config_lists_every_setting_with_the_hardware_values() -> None:
    text = (SYSTEMD / "config.toml").read_text()
    raw = tomllib.loads(text)
    config = parse_config(raw, "systemd/config.toml")
    for f in dataclasses.fields(Config):
        default = getattr(Config(), f.name)
        if dataclasses.is_dataclass(default):
            assert set(raw[f.name]) == {g.name for g in dataclasses.fields(default)}, f.name
        else:
            assert f.name in raw, f.name
    assert (config.reader.driver, config.button.driver, config.feedback.driver) == ("mfrc522", "gpio", "gpio")
    assert (config.dice_unit.driver, config.dice_unit.port) == ("serial", "auto")
    assert config.server.front == "nginx"  # the installed table has nginx in front (README, "The server")
    # The pins are the wiring's, which are config.py's defaults.
    defaults = Config()
    for section in ("reader", "button", "feedback"):
        for f in dataclasses.fields(getattr(defaults, section)):
            if f.name != "driver":
                ours, wired = getattr(config, section), getattr(defaults, section)
                assert getattr(ours, f.name) == getattr(wired, f.name), (section, f.name)
    # install.sh puts a new password on exactly this line.
    assert re.findall(r'^password = "(.*?)"', text, re.MULTILINE) == [WifiConfig().password]
    assert config.wifi == WifiConfig()


def test_ci_installs_the_tools_these_tests_need() -> None:
    packages = re.search(r"^APT_PACKAGES=\((.*)\)$", (ROOT / ".ci" / "run").read_text(), re.MULTILINE)
    assert packages is not None
    wanted = {"shellcheck", "systemd", "nginx-light", "libnginx-mod-stream", "strace"}
    assert wanted <= set(packages.group(1).split())


def test_the_companion_command_runs_the_program_with_the_services_config(tmp_path: Path) -> None:
    program = tmp_path / "program"
    program.write_text('#!/bin/sh\necho "$STATE_DIRECTORY $LG_WD $*"\n')
    program.chmod(0o755)
    me = subprocess.run(["id", "-un"], capture_output=True, text=True, check=True).stdout.strip()
    text = (SYSTEMD / "companion.sh").read_text()
    for old, new in (("ACCOUNT=companion", f"ACCOUNT={me}"),  # already the service's user: no sudo
                     ("PROGRAM=/opt/companion/venv/bin/companion", f"PROGRAM={program}")):
        assert text.count(old) == 1
        text = text.replace(old, new)
    wrapper = tmp_path / "companion"
    wrapper.write_text(text)
    wrapper.chmod(0o755)

    def said(*args: str) -> str:
        return subprocess.run([str(wrapper), *args], capture_output=True, text=True, check=True,
                              timeout=30).stdout.strip()

    data = "/var/lib/companion"
    config = "--config /etc/companion/config.toml"
    assert said("doctor", "--simulate") == f"{data} {data} doctor {config} --simulate"
    assert said("games", "--json") == f"{data} {data} games --json"


FAKE_NMCLI = """#!/bin/sh
# nmcli as far as hotspot.sh uses it: every call is logged; the state comes from files.
printf '%s\\n' "$*" >>"$NMCLI_LOG"
case "$*" in
    "-t -f NAME connection show") cat "$NMCLI_STATE/connections" 2>/dev/null ;;
    "-g GENERAL.CONNECTION device show wlan0") cat "$NMCLI_STATE/wlan0" 2>/dev/null ;;
esac
exit 0
"""


@pytest.mark.skipif(os.geteuid() != 0, reason="hotspot.sh changes the network: it runs as root only")
def test_the_hotspot_is_made_then_updated_and_never_cuts_a_wifi_session(tmp_path: Path) -> None:
    bin_dir, state = tmp_path / "bin", tmp_path / "state"
    bin_dir.mkdir()
    state.mkdir()
    (bin_dir / "nmcli").write_text(FAKE_NMCLI)
    (bin_dir / "nmcli").chmod(0o755)
    config = tmp_path / "config.toml"
    config.write_text('[wifi]\nssid = "Table 7"\npassword = "k7mp-x2qa-9fht"\n')
    log = tmp_path / "nmcli.log"
    env = {**os.environ, "PATH": f"{bin_dir}:{os.environ['PATH']}", "NMCLI_LOG": str(log),
           "NMCLI_STATE": str(state), "DNSMASQ": str(tmp_path / "dnsmasq" / "companion.conf")}

    def hotspot() -> subprocess.CompletedProcess[str]:
        log.write_text("")
        return subprocess.run(["bash", str(SYSTEMD / "hotspot.sh"), "--config", str(config)], env=env,
                              capture_output=True, text=True, timeout=60)

    done = hotspot()
    assert done.returncode == 0, done.stderr
    calls = log.read_text().splitlines()
    add = next(call for call in calls if call.startswith("connection add "))
    assert add.startswith("connection add type wifi ifname wlan0 con-name companion-hotspot autoconnect yes "
                          "ssid Table 7 ")
    assert "802-11-wireless.mode ap" in add and "ipv4.method shared" in add
    assert add.endswith("wifi-sec.key-mgmt wpa-psk wifi-sec.proto rsn wifi-sec.pairwise ccmp "
                        "wifi-sec.group ccmp wifi-sec.psk k7mp-x2qa-9fht")
    assert calls[-1] == "connection up companion-hotspot"
    assert "k7mp-x2qa-9fht" not in done.stdout + done.stderr
    dnsmasq = (tmp_path / "dnsmasq" / "companion.conf").read_text()
    assert dnsmasq.endswith("address=/companion.local/10.42.0.1\n")

    (state / "connections").write_text("Home\ncompanion-hotspot\n")
    (state / "wlan0").write_text("Home\n")  # on the home wifi now: perhaps this very session
    done = hotspot()
    assert done.returncode == 0, done.stderr
    calls = log.read_text().splitlines()
    assert any(call.startswith("connection modify companion-hotspot connection.interface-name wlan0 ")
               for call in calls)
    assert not any(call.startswith(("connection add", "connection up")) for call in calls)
    assert 'wlan0 is on "Home" now: the hotspot takes over at the next boot' in done.stdout


@pytest.mark.skipif(os.geteuid() != 0, reason="the installer's files belong to root")
def test_the_config_is_written_once_with_a_new_password_and_then_kept(tmp_path: Path) -> None:
    etc = tmp_path / "etc"
    steps = f"""
        source {SYSTEMD / "install.sh"}
        ETC={etc}; CONFIG={etc}/config.toml; ACCOUNT=root
        write_config
        write_config
    """
    done = subprocess.run(["bash", "-c", steps], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert "with a new wifi password" in done.stdout and "kept as it is" in done.stdout
    config = etc / "config.toml"
    assert oct(config.stat().st_mode & 0o777) == "0o640" and oct(etc.stat().st_mode & 0o777) == "0o750"
    wifi = parse_config(tomllib.loads(config.read_text())).wifi
    assert re.fullmatch(r"[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4}", wifi.password)
    assert wifi.password != WifiConfig().password
    shipped = (SYSTEMD / "config.toml").read_text().splitlines()
    assert [line for line in config.read_text().splitlines() if line not in shipped] == [
        f'password = "{wifi.password}"  # 8 to 63 characters (WPA2)']


def wanted_packages(*overrides: str) -> list[str]:
    """The Debian packages install.sh would ask for, with some of its checks answered by the test."""
    done = subprocess.run(["bash", "-c", f"source {SYSTEMD / 'install.sh'}; " + "; ".join(overrides)
                           + "; wanted_packages"], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    return done.stdout.split()


def test_without_networkmanager_the_hotspot_gets_dnsmasq_and_wpasupplicant_too() -> None:
    """apt-get --no-install-recommends would leave out what network-manager only recommends."""
    absent = wanted_packages("installed() { [[ $1 != network-manager ]]; }", "python_at_least() { false; }")
    assert {"network-manager", "dnsmasq-base", "wpasupplicant"} <= set(absent)
    present = wanted_packages("installed() { true; }", "python_at_least() { false; }")
    assert "network-manager" in present and "dnsmasq-base" not in present


def test_on_python_3_13_lgpio_can_be_built() -> None:
    trixie = wanted_packages("installed() { true; }", "python_at_least() { (( $1 == 3 && $2 <= 13 )); }")
    assert {"swig", "liblgpio-dev"} <= set(trixie)
    bookworm = wanted_packages("installed() { true; }", "python_at_least() { (( $1 == 3 && $2 <= 11 )); }")
    assert "swig" not in bookworm and "liblgpio-dev" not in bookworm


def test_a_config_from_before_the_nginx_front_gets_it_and_keeps_the_rest(tmp_path: Path) -> None:
    etc = tmp_path / "etc"
    etc.mkdir()
    old = '# mine\nport = 80\n\n[odds]\nenabled = false\n'
    (etc / "config.toml").write_text(old)
    steps = f"""
        source {SYSTEMD / "install.sh"}
        ETC={etc}; CONFIG={etc}/config.toml; ACCOUNT=root
        write_config
        write_config
    """
    done = subprocess.run(["bash", "-c", steps], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout.count("front = \"nginx\" added") == 1  # once: the second run finds it
    text = (etc / "config.toml").read_text()
    assert text.startswith(old)
    config = parse_config(tomllib.loads(text))
    assert config.server.front == "nginx" and config.odds.enabled is False and config.port == 80
