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
import time
import tomllib
from pathlib import Path

import pytest

from companion.config import Config, WifiConfig, parse_config

# slow: starts processes, servers or browsers, or builds (`make check` leaves it out)
pytestmark = pytest.mark.slow

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
    scripts += [str(ROOT / ".ci" / "container-job"), str(ROOT / ".ci" / "container-checks.sh")]
    done = subprocess.run([shellcheck, *scripts], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stdout + done.stderr


def test_the_dry_run_tells_every_step_and_changes_nothing() -> None:
    before = snapshot()
    done = script("install.sh", "--dry-run", "--hotspot")
    assert done.returncode == 0, done.stdout + done.stderr
    assert snapshot() == before
    out = done.stdout
    steps = re.findall(r"^==> (.*)$", out, re.MULTILINE)
    for words in ("SPI", "Debian packages", "the user companion",
                  "the program: a virtualenv in /opt/companion/venv",
                  "the config: /etc/companion/config.toml", "the name: companion.local",
                  "the unit: /etc/systemd/system/companion.service", "enable and start the service",
                  "ssh: keys only on the table's wifi", "the hotspot", "the compiled engine",
                  "done: the dashboard"):
        assert any(step.startswith(words) for step in steps), (words, steps)
    # In this order: the hotspot, which may cut a session over wlan0, only once the service runs,
    # and the compiled engine's build after both.
    order = [next(i for i, step in enumerate(steps) if step.startswith(words))
             for words in ("enable and start the service", "ssh: keys only", "the hotspot",
                           "the compiled engine")]
    assert order == sorted(order), steps
    lines = [line.strip() for line in out.splitlines()]
    assert any(re.match(r"would run: useradd --system .*--groups gpio,spi,dialout,audio .*companion$", line)
               or line == "user companion exists" for line in lines)
    assert any(re.fullmatch(r"would run: python3 -m venv (--system-site-packages )?/opt/companion/venv", line)
               for line in lines)
    pip = "would run: /opt/companion/venv/bin/pip install --quiet"
    # lgpio from a wheel or the distribution, never its source build (liblgpio-dev: not on Debian 13)
    assert f"{pip} --only-binary lgpio --upgrade '/tmp/companion-src[pi]'" in lines
    assert f"{pip} --no-deps 'mfrc522-python>=0.0.9,<0.1'" in lines
    assert any(re.fullmatch(r"would run in the background: COMPANION_COMPILED_RECIPE=(full|fit) nice "
                            r"/opt/companion/venv/bin/python -P -m companion\.compiled", line)
               for line in lines) or any(line.startswith("skipped: ") and "needs about 350 MB" in line
                                         for line in lines)
    assert any(line.startswith("would write /etc/companion/config.toml") for line in lines) or \
        any(line.startswith("kept as it is") for line in lines)
    assert "would run: install -m 0644 " + str(SYSTEMD / "companion.service") + \
        " /etc/systemd/system/companion.service" in lines
    assert ("would run: systemctl enable companion" in lines
            or "skipped (no systemd as PID 1): systemctl enable companion" in lines)
    assert any(line.startswith("Debian packages: ") and "nginx-light libnginx-mod-stream" in line
               for line in steps)
    assert ("would run: systemctl disable --now nginx" in lines  # Debian's own nginx gives way
            or "skipped (no systemd as PID 1): systemctl disable --now nginx" in lines)
    assert any(line.startswith("would run: nmcli connection ") and "802-11-wireless.mode ap" in line
               and "ipv4.method shared" in line and "wifi-sec.key-mgmt wpa-psk" in line
               and line.endswith("wifi-sec.pmf 1") for line in lines)
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
    assert config.server.front == "nginx"  # the installed table has nginx in front (docs/server.md)
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
    program.write_text('#!/bin/sh\necho "$STATE_DIRECTORY $LG_WD $(pwd) $*"\n')
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

    data = tmp_path / "data"
    data.mkdir()
    assert text.count("DATA=/var/lib/companion") == 1
    wrapper.write_text(text.replace("DATA=/var/lib/companion", f"DATA={data}"))
    home = tmp_path / "home"
    home.mkdir(mode=0o700)

    def said(*args: str) -> str:
        # Started from the caller's own folder: it runs from the data folder, as the service does
        # (lgpio changes folder and back, which fails from a 0700 home).
        return subprocess.run([str(wrapper), *args], capture_output=True, text=True, check=True, cwd=home,
                              timeout=30).stdout.strip()

    config = "--config /etc/companion/config.toml"
    assert said("doctor", "--simulate") == f"{data} {data} {data} doctor {config} --simulate"
    assert said("games", "--json") == f"{data} {data} {data} games --json"


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
           "NMCLI_STATE": str(state), "DNSMASQ": str(tmp_path / "dnsmasq" / "companion.conf"),
           **radios(tmp_path)}

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
    assert "ipv6.method disabled" in add  # no guest reaches the Pi by IPv6 (docs/pi.md, "ssh")
    assert add.endswith("wifi-sec.key-mgmt wpa-psk wifi-sec.proto rsn wifi-sec.pairwise ccmp "
                        "wifi-sec.group ccmp wifi-sec.psk k7mp-x2qa-9fht wifi-sec.pmf 1")
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


def test_the_hotspot_always_gets_dnsmasq_and_wpasupplicant() -> None:
    """A NetworkManager installed without recommends has neither (they are only recommended)."""
    for installed in ("[[ $1 != network-manager ]]", "true"):
        wanted = wanted_packages(f"installed() {{ {installed}; }}", "distribution_gpio() { false; }")
        assert {"network-manager", "dnsmasq-base", "wpasupplicant"} <= set(wanted)


def test_the_gpio_libraries_come_from_the_distribution_or_wheels_never_a_source_build() -> None:
    """Raspberry Pi OS has python3-lgpio and python3-spidev; Debian 13 has no liblgpio-dev to build with."""
    pi_os = wanted_packages("installed() { false; }", "apt-cache() { printf '  Candidate: 0.2.2-1\\n'; }")
    assert {"python3-lgpio", "python3-spidev"} <= set(pi_os)
    debian = wanted_packages("installed() { false; }", "apt-cache() { printf '  Candidate: (none)\\n'; }")
    assert "python3-lgpio" not in debian
    for wanted in (pi_os, debian):
        assert not {"swig", "liblgpio-dev"} & set(wanted)
    venv = subprocess.run(["bash", "-c", f"source {SYSTEMD / 'install.sh'}; DRY=1; installed() {{ false; }}; "
                           "apt-cache() { printf '  Candidate: 0.2.2-1\\n'; }; create_venv"],
                          capture_output=True, text=True, timeout=60)
    assert venv.returncode == 0, venv.stderr
    assert "would run: python3 -m venv --system-site-packages /opt/companion/venv" in venv.stdout


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


def radios(tmp_path: Path, wlan0: bool = True, blocked: bool = False) -> dict[str, str]:
    """A stand-in for /sys/class/net and /sys/class/rfkill: a wlan0 (or none), blocked or not."""
    net, rfkill = tmp_path / "sys-net", tmp_path / "sys-rfkill"
    (rfkill / "rfkill0").mkdir(parents=True, exist_ok=True)
    (rfkill / "rfkill0" / "type").write_text("wlan\n")
    (rfkill / "rfkill0" / "soft").write_text("1\n" if blocked else "0\n")
    (rfkill / "rfkill0" / "hard").write_text("0\n")
    net.mkdir(exist_ok=True)
    if wlan0:
        (net / "wlan0" / "phy80211").mkdir(parents=True, exist_ok=True)
    return {"SYS_NET": str(net), "SYS_RFKILL": str(rfkill)}


FAKE_SS = """#!/bin/sh
# ss as install.sh asks it: the established connections to port 22.
cat "$NMCLI_STATE/ss" 2>/dev/null
"""
FAKE_IP = """#!/bin/sh
# ip as install.sh asks it: every address, and the global IPv4 ones.
case "$*" in
    "-o addr show") cat "$NMCLI_STATE/addr" ;;
    "-o -4 addr show scope global") grep ' inet .* scope global' "$NMCLI_STATE/addr" ;;
esac
"""
FAKE_SSHD = """#!/bin/sh
# sshd -T as install.sh asks it: where the keys of the user are (a key is there: the family has one).
echo "authorizedkeysfile $NMCLI_STATE/authorized_keys"
"""
FAKE_SLEEP = """#!/bin/sh
# sleep until the test says the install has finished (a scheduled switch waits on this).
while [ ! -e "$NMCLI_STATE/finished" ]; do /bin/sleep 0.05; done
"""
WLAN0 = "3: wlan0    inet 192.168.1.40/24 brd 192.168.1.255 scope global dynamic wlan0\\  valid_lft forever\n"
ETH0 = "2: eth0    inet 192.168.1.41/24 brd 192.168.1.255 scope global dynamic eth0\\  valid_lft forever\n"


@pytest.mark.skipif(os.geteuid() != 0, reason="hotspot.sh changes the network: it runs as root only")
@pytest.mark.parametrize("case", ["home wifi only", "--hotspot over wlan0", "ethernet too"])
def test_an_install_over_ssh_on_wlan0_keeps_its_session(tmp_path: Path, case: str) -> None:
    """The hotspot step with a fake nmcli that logs every call: nothing that would take wlan0 off
    the home wifi happens while the install's ssh session on wlan0 still needs it."""
    bin_dir, state = tmp_path / "bin", tmp_path / "state"
    bin_dir.mkdir()
    state.mkdir()
    for name, text in (("nmcli", FAKE_NMCLI), ("ss", FAKE_SS), ("ip", FAKE_IP), ("sleep", FAKE_SLEEP),
                       ("sshd", FAKE_SSHD)):
        (bin_dir / name).write_text(text)
        (bin_dir / name).chmod(0o755)
    (state / "authorized_keys").write_text("ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI family@laptop\n")
    (state / "wlan0").write_text("Home\n")  # wlan0 is on the home wifi
    (state / "connections").write_text("Home\n")
    wired = case == "ethernet too"
    (state / "addr").write_text(WLAN0 + (ETH0 if wired else ""))
    via = "192.168.1.41" if wired else "192.168.1.40"  # the session's address on this machine
    (state / "ss").write_text(f"0      0      {via}:22      192.168.1.10:51234\n")
    config = tmp_path / "config.toml"
    config.write_text('[wifi]\nssid = "Table 7"\npassword = "k7mp-x2qa-9fht"\n')
    log = tmp_path / "nmcli.log"
    log.write_text("")
    env = {**os.environ, "PATH": f"{bin_dir}:{os.environ['PATH']}", "NMCLI_LOG": str(log),
           "NMCLI_STATE": str(state), "DNSMASQ": str(tmp_path / "dnsmasq" / "companion.conf"),
           **radios(tmp_path)}
    env.pop("SSH_CONNECTION", None)  # sudo drops it: the connections to port 22 tell
    hotspot = "yes" if case == "--hotspot over wlan0" else "auto"
    steps = f"""
        source {SYSTEMD / "install.sh"}
        CONFIG={config}; HOTSPOT={hotspot}; SWITCH_DELAY=10
        setup_hotspot
        addresses
    """
    done = subprocess.run(["bash", "-c", steps], env=env, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stdout + done.stderr
    calls = log.read_text().splitlines()
    with log.open("a") as f:
        f.write("-- the install has finished --\n")
    (state / "finished").touch()
    if case == "home wifi only":
        changes = ("connection add", "connection up", "connection modify")
        assert not any(call.startswith(changes) for call in calls)
        assert "skipped: the Pi has no other way in than the wifi" in done.stdout
        assert "http://10.42.0.1/" not in done.stdout
        return
    add = next(call for call in calls if call.startswith("connection add "))  # the path is really taken
    assert "802-11-wireless.mode ap" in add
    if wired:
        assert calls[-1] == "connection up companion-hotspot"  # the session is on eth0: at once
        assert "This ssh session comes in over wlan0" not in done.stdout
        return
    assert not any(call.startswith("connection up") for call in calls)  # not while it ran
    paragraph = done.stdout[done.stdout.index("This ssh session comes in over wlan0"):]
    assert '"Table 7"' in paragraph and "http://10.42.0.1/" in paragraph
    assert "done: the dashboard" in done.stdout  # its last words were out before the switch
    deadline = time.monotonic() + 30
    while "connection up companion-hotspot" not in log.read_text() and time.monotonic() < deadline:
        time.sleep(0.1)
    after = log.read_text().split("-- the install has finished --\n", 1)[1]
    assert after.splitlines() == ["connection up companion-hotspot"]


@pytest.mark.skipif(os.geteuid() != 0, reason="hotspot.sh changes the network: it runs as root only")
@pytest.mark.parametrize("radio", ["no wlan0", "rfkill-blocked"])
def test_a_radio_that_cannot_come_up_is_explained_and_touches_nothing(tmp_path: Path, radio: str) -> None:
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    (bin_dir / "nmcli").write_text(FAKE_NMCLI)
    (bin_dir / "nmcli").chmod(0o755)
    log = tmp_path / "nmcli.log"
    log.write_text("")
    env = {**os.environ, "PATH": f"{bin_dir}:{os.environ['PATH']}", "NMCLI_LOG": str(log),
           "NMCLI_STATE": str(tmp_path), "DNSMASQ": str(tmp_path / "dnsmasq.conf"),
           **radios(tmp_path, wlan0=radio != "no wlan0", blocked=radio == "rfkill-blocked")}
    done = subprocess.run(["bash", str(SYSTEMD / "hotspot.sh"), "--config", str(SYSTEMD / "config.toml")],
                          env=env, capture_output=True, text=True, timeout=60)
    assert done.returncode == 3, done.stdout + done.stderr
    assert ("no wifi radio" if radio == "no wlan0" else "blocked (rfkill)") in done.stdout
    assert log.read_text() == ""
    # In the installer it is a warning, after the unit: the install goes on.
    steps = f"""
        source {SYSTEMD / "install.sh"}
        HOTSPOT=yes; ssh_interfaces() {{ :; }}
        setup_hotspot
        echo "went on"
    """
    done = subprocess.run(["bash", "-c", steps], env=env, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0 and "warning: the hotspot is not up" in done.stdout, done.stdout + done.stderr
    assert done.stdout.rstrip().endswith("went on")


@pytest.mark.skipif(os.geteuid() != 0, reason="hotspot.sh writes its DNS file: it runs as root only")
def test_the_hotspot_names_the_table_by_its_hostname(tmp_path: Path) -> None:
    done = subprocess.run(["bash", str(SYSTEMD / "hotspot.sh"), "--dry-run", "--hostname", "table7",
                           "--config", str(SYSTEMD / "config.toml")], capture_output=True, text=True,
                          timeout=60, env={**os.environ, **radios(tmp_path)})
    assert done.returncode == 0, done.stderr
    assert "address=/table7.local/10.42.0.1" in done.stdout and "companion.local" not in done.stdout


# In a mount and network namespace of its own: a private /etc/ssh (Debian's sshd_config, a host
# key), /etc/passwd with sshd's privilege separation user, /run, and the addresses of the table's
# wifi (the Pi 10.42.0.1, a guest 10.42.0.23) and of a home network on lo. The installer's own step
# writes its drop-in and checks it; then a real sshd is asked in by each.
SSH_TRIAL = """
set -euo pipefail
tmp="$1" sshd="$2" template="$3" installer="$4"
mkdir -p "$tmp/etc-ssh/sshd_config.d" "$tmp/run"
cp "$template" "$tmp/etc-ssh/sshd_config"
ssh-keygen -q -t ed25519 -N '' -f "$tmp/etc-ssh/ssh_host_ed25519_key"
mount --bind "$tmp/etc-ssh" /etc/ssh
cp /etc/passwd "$tmp/passwd"
grep -q '^sshd:' "$tmp/passwd" || echo 'sshd:x:64999:65534::/run/sshd:/usr/sbin/nologin' >>"$tmp/passwd"
mount --bind "$tmp/passwd" /etc/passwd
mount -t tmpfs tmpfs /run  # no /run/sshd: as on a Pi whose ssh is switched off, the step makes it
ip link set lo up
for address in 10.42.0.1/24 10.42.0.23/32 192.168.1.40/24 192.168.1.23/32; do
    ip addr add "$address" dev lo
done
set --  # the installer, sourced, reads no options
source "$installer"
run_systemd() { :; }  # no reload of the machine's own ssh
ssh_keys_only
"$sshd" -p 2222 -o PidFile="$tmp/sshd.pid" -E "$tmp/sshd.log"
trap 'kill "$(cat "$tmp/sshd.pid")"' EXIT
for _ in $(seq 50); do [[ -s $tmp/sshd.pid ]] && break; sleep 0.1; done
for pair in "guest 10.42.0.23 10.42.0.1" "guest-to-eth0 10.42.0.23 192.168.1.40" \\
    "home 192.168.1.23 192.168.1.40"; do
    set -- $pair
    said="$(ssh -p 2222 -b "$2" -o BatchMode=yes -o StrictHostKeyChecking=no -o UserKnownHostsFile=/dev/null \
        -o IdentitiesOnly=yes -o IdentityFile=/dev/null "ann@$3" true 2>&1 || true)"
    echo "$1: $(grep -o 'Permission denied ([a-z,-]*)' <<<"$said")"
done
"""


def system_sshd() -> tuple[str, Path]:
    """The system's sshd and Debian's sshd_config beside it, or a skip (a failure where CI says
    they must be there: .ci/run installs openssh-server)."""
    found = shutil.which("sshd") or ("/usr/sbin/sshd" if Path("/usr/sbin/sshd").exists() else None)
    template = Path(found).resolve().parents[1] / "share" / "openssh" / "sshd_config" if found else None
    if found is None or template is None or not template.exists() or shutil.which("ssh") is None:
        if os.environ.get("COMPANION_REQUIRE_SSHD"):
            pytest.fail("openssh-server and openssh-client are needed here (.ci/run installs them)")
        pytest.skip("no sshd (openssh-server) on this machine")
    return str(Path(found).resolve()), template


@pytest.mark.skipif(os.geteuid() != 0, reason="a namespace of its own, sshd's host keys: as root only")
def test_on_the_table_wifi_ssh_asks_a_guest_no_password_and_the_home_network_keeps_it(tmp_path: Path) -> None:
    """docs/pi.md, "ssh": no guest of the table's wifi reaches a password prompt of the Pi, whichever
    of the Pi's addresses they knock at; on the home network ssh is as it was (nobody locked out)."""
    sshd, template = system_sshd()
    done = subprocess.run(["unshare", "--mount", "--net", "bash", "-c", SSH_TRIAL, "trial", str(tmp_path),
                           sshd, str(template), str(SYSTEMD / "install.sh")],
                          capture_output=True, text=True, timeout=120,
                          env={**os.environ, "PATH": f"{Path(sshd).parent}:{os.environ['PATH']}"})
    assert done.returncode == 0, done.stdout + done.stderr
    assert "a guest of the table's wifi is offered keys only; elsewhere: any" in done.stdout
    tried = dict(line.split(": ", 1) for line in done.stdout.splitlines()
                 if line.startswith(("guest", "home")))
    assert tried == {"guest": "Permission denied (publickey)",
                     "guest-to-eth0": "Permission denied (publickey)",
                     "home": "Permission denied (publickey,password)"}, done.stdout
    dropin = (tmp_path / "etc-ssh" / "sshd_config.d" / "companion-table-wifi.conf").read_text()
    assert "Match Address 10.42.0.0/24" in dropin and "docs/pi.md" in dropin


def test_an_install_over_wlan0_without_an_ssh_key_keeps_the_home_wifi(tmp_path: Path) -> None:
    """--hotspot over an ssh session on wlan0 (no ethernet) would leave a family that logs in with
    a password no way back in (the table's wifi takes keys only): the hotspot waits for a key."""
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    keys = tmp_path / "keys"
    (bin_dir / "sshd").write_text(f"#!/bin/sh\necho 'authorizedkeysfile {keys}/%u .ssh/none'\n")
    (bin_dir / "sshd").chmod(0o755)
    env = {**os.environ, "PATH": f"{bin_dir}:{os.environ['PATH']}", "SUDO_USER": "root"}
    steps = f"""
        source {SYSTEMD / "install.sh"}
        HOTSPOT=yes; ssh_interfaces() {{ echo wlan0; }}; wired_up() {{ false; }}
        bash() {{ echo "hotspot.sh ran: $*"; }}
        setup_hotspot
    """
    done = subprocess.run(["bash", "-c", steps], env=env, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "hotspot.sh ran" not in done.stdout
    assert "no key in ~/.ssh/authorized_keys" in done.stdout and "ssh-copy-id root@" in done.stdout
    assert "warning: the hotspot is not made" in done.stdout
    # The positive control: with a key where sshd looks, the switch goes ahead as before.
    keys.mkdir()
    (keys / "root").write_text("ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI family@laptop\n")
    done = subprocess.run(["bash", "-c", steps], env=env, capture_output=True, text=True, timeout=60)
    assert "hotspot.sh ran:" in done.stdout and "--switch-in" in done.stdout, done.stdout + done.stderr
    assert "with your key: on the table's" in done.stdout


@pytest.mark.parametrize("systemd", [True, False])
def test_without_systemd_as_pid_1_it_says_which_steps_it_skipped(systemd: bool) -> None:
    """A container or chroot has no systemd running: hostnamectl and systemctl would fail there."""
    steps = f"""
        source {SYSTEMD / "install.sh"}
        DRY=1; booted() {{ {"true" if systemd else "false"}; }}; have() {{ [[ $1 != raspi-config ]]; }}
        hostname() {{ echo raspberrypi; }}
        set_name
        install_unit
        addresses
    """
    done = subprocess.run(["bash", "-c", steps], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stdout + done.stderr
    out = done.stdout
    if systemd:  # the control: the same steps, told as they would run
        assert "would run: hostnamectl set-hostname companion" in out
        assert "would run: systemctl enable companion" in out and "skipped" not in out
        return
    assert "skipped (no systemd as PID 1): hostnamectl set-hostname companion" in out
    listed = out[out.index("not done here, for want of systemd as PID 1"):].splitlines()[1:]
    assert [line.strip() for line in listed] == [
        "hostnamectl set-hostname companion", "systemctl enable avahi-daemon",
        "systemctl restart avahi-daemon", "systemctl daemon-reload", "systemctl enable companion",
        "systemctl restart companion"]
    assert "would run: install -m 0644" in out  # what needs no systemd is still done


def test_a_run_is_logged_and_the_next_says_where_the_last_one_stopped(tmp_path: Path) -> None:
    log = tmp_path / "install.log"

    def run(body: str) -> str:
        steps = f"""
            source {SYSTEMD / "install.sh"}
            LOG={log}
            start_log
            {body}
        """
        done = subprocess.run(["bash", "-c", steps], capture_output=True, text=True, timeout=60)
        assert done.returncode == 0, done.stderr
        return done.stdout

    first = run('step "the program: a virtualenv"; echo "a pip that fails half-way"')  # and stops
    assert "stopped after" not in first  # the control: nothing before it to resume
    text = log.read_text()
    assert "install.sh: started" in text and "a pip that fails half-way" in text
    second = run('step "check: this machine"; echo "install.sh: finished now"')
    assert "the last run" in second and "stopped after: the program: a virtualenv" in second
    assert "takes every step again" in second
    assert "stopped after" not in run("true")  # the second one finished


@pytest.mark.parametrize(("available_mb", "expected"), [
    (4000, "COMPANION_COMPILED_RECIPE=full nice"),
    (500, "COMPANION_COMPILED_RECIPE=fit nice"),
    (200, None),
], ids=["a Pi 4: the full build", "a Zero 2 W: the build made to fit", "too little: none"])
def test_the_compiled_build_is_chosen_by_the_memory_and_swap_available(
        tmp_path: Path, available_mb: int, expected: str | None) -> None:
    """MemAvailable and SwapFree together decide: the full build, the one made to fit, or none."""
    meminfo = tmp_path / "meminfo"
    half = available_mb * 1024 // 2
    meminfo.write_text(f"MemTotal:  9999999 kB\nMemFree:  1 kB\nMemAvailable:  {half} kB\n"
                       f"SwapTotal:  {half} kB\nSwapFree:  {half} kB\n")
    done = subprocess.run(["bash", "-c", f"source {SYSTEMD / 'install.sh'}; DRY=1; MEMINFO={meminfo}; "
                           "build_compiled"], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    background = [line.strip() for line in done.stdout.splitlines() if "would run in the background" in line]
    if expected is None:
        assert background == [] and f"skipped: {available_mb} MB of memory and swap available" in done.stdout
        assert "pure engine" in done.stdout
    else:
        assert len(background) == 1 and expected in background[0], done.stdout
        assert ("the build made to fit" in done.stdout) == (expected.endswith("fit nice"))


def test_uninstall_stops_the_whole_background_build_before_removing_the_program(tmp_path: Path) -> None:
    """The build's compilers are children of its python: stopping only the python let them write on
    into the program's folder while it was removed ("Directory not empty", the folder left behind)."""
    prefix, venv = tmp_path / "opt", tmp_path / "opt" / "venv"
    (venv / "bin").mkdir(parents=True)
    meminfo = tmp_path / "meminfo"
    meminfo.write_text("MemAvailable:  4000000 kB\nSwapFree:  0 kB\n")
    # The stand-in build: a "python" whose child (a compiler) keeps writing build files, as gcc does.
    python = venv / "bin" / "python"
    python.write_text(f"#!/bin/bash\n(while true; do mkdir -p {venv}/build.$$;"
                      f" touch {venv}/build.$$/o.$RANDOM; sleep 0.01; done) &\nwait\n")
    python.chmod(0o755)
    steps = f"""
        source {SYSTEMD / "install.sh"}
        PREFIX={prefix}; VENV={venv}; MEMINFO={meminfo}
        build_compiled >/dev/null
        for _ in $(seq 1 100); do [[ -n $(ls -d {venv}/build.* 2>/dev/null) ]] && break; sleep 0.05; done
        stop_compiled_build
        rm -rf {prefix} && echo "removed"
    """
    done = subprocess.run(["bash", "-c", steps], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "removed" in done.stdout and not prefix.exists()
    writers = subprocess.run(["pgrep", "-f", str(venv)], capture_output=True, text=True)
    subprocess.run(["pkill", "-KILL", "-f", str(venv)], check=False)  # none, unless this test fails
    assert writers.stdout == "", "a process of the build still runs"
