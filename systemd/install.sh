#!/usr/bin/env bash
# Install the table companion on a Raspberry Pi (Raspberry Pi OS Trixie or Bookworm) as a service
# that starts at power-on. Safe to run again: it updates what is there, keeps the config and the
# games, and so resumes a run that stopped (its log: /var/log/companion-install.log).
#
#   sudo systemd/install.sh                      install, or update to this checkout
#   systemd/install.sh --dry-run                 print every step it would take; change nothing
#   sudo systemd/install.sh --uninstall          remove the service, the program and the hotspot
#   sudo systemd/install.sh --uninstall --purge  ... and the config, the games and the user too
#
# The table's own wifi (a hotspot on wlan0) is the last step, after the service runs: by default
# only when the Pi has another way in (ethernet); --hotspot asks for it anyway (an ssh session over
# wlan0 then ends: the script says how to reconnect; ssh there takes keys only), --no-hotspot never.
# --hostname NAME (default: companion, so the dashboard is http://companion.local/), --help.
set -euo pipefail

REPO="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
PREFIX=/opt/companion
VENV="$PREFIX/venv"
ETC=/etc/companion
CONFIG="$ETC/config.toml"
UNIT=/etc/systemd/system/companion.service
WRAPPER=/usr/local/bin/companion
AVAHI_SERVICE=/etc/avahi/services/companion.service
DATA=/var/lib/companion
ACCOUNT=companion
DEVICE_GROUPS=(gpio spi dialout audio)
# The front the service starts in front of its web server (config [server] front = "nginx"):
# nginx (nginx-light on Bookworm is nginx itself) and its stream module (connections per address).
FRONT_PACKAGES=(nginx-light libnginx-mod-stream)
# The table's voice (companion/voice/): espeak-ng says the sentences, aplay (alsa-utils) plays
# them on the ALSA device [voice] device names and lists the sound cards for `companion doctor`.
VOICE_PACKAGES=(espeak-ng alsa-utils)
PACKAGES=(python3-venv python3-dev build-essential avahi-daemon network-manager "${FRONT_PACKAGES[@]}" "${VOICE_PACKAGES[@]}")
# The hotspot's DHCP and access point: network-manager only recommends them, so a NetworkManager
# installed without recommends has neither. Always asked for (they are small).
HOTSPOT_PACKAGES=(dnsmasq-base wpasupplicant)
# The GPIO and SPI libraries from the distribution, where it has them (Raspberry Pi OS: Trixie and
# Bookworm, 64- and 32-bit): the virtualenv sees them (--system-site-packages). Elsewhere pip takes
# wheels only: lgpio has none for Python 3.13, and its source build needs liblgpio-dev, which
# Debian 13 lacks (then the devices report "offline"; a container or a PC has none anyway).
GPIO_PACKAGES=(python3-lgpio python3-spidev)
LOG=/var/log/companion-install.log
# The compiled engine (companion simulate, odds): its full build (-O3, one big C file) needs ~700 MB
# at once, the build made to fit (-O2, a C file per module) ~300 MB; below these amounts of available
# memory and swap the fit one is built, or none (the pure engine is used). The same figures as
# companion/compiled/recipe.py's; bench/compiled_build.py measures them.
BUILD_MEMORY_MB=800
FIT_MEMORY_MB=350
MEMINFO=/proc/meminfo
# Seconds between the hotspot step and wlan0's switch when an ssh session is on wlan0: its last words
# reach the session first.
SWITCH_DELAY=10
READER_LIBRARY='mfrc522-python>=0.0.9,<0.1'
HOTSPOT_IP=10.42.0.1
HOTSPOT_NET="${HOTSPOT_IP%.*}.0/24"  # the guests' addresses on the table's wifi (hotspot.sh hands them out)
# ssh on the table's wifi takes keys only (docs/pi.md, "ssh"): a drop-in of the system's sshd.
SSHD_CONFIG_D=/etc/ssh/sshd_config.d
SSHD_DROPIN="$SSHD_CONFIG_D/companion-table-wifi.conf"

ARGS=("$@")
DRY=0
UNINSTALL=0
PURGE=0
HOTSPOT=auto
HOTSPOT_MADE=0
NAME=companion
REBOOT=0
CLEANUP=()
SKIPPED=()  # what could not be done here (no systemd as PID 1), told at the end
trap 'rm -rf "${CLEANUP[@]}"' EXIT

usage() {
    sed -n '2,15s/^# \{0,1\}//p' "${BASH_SOURCE[0]}"
}

while (($#)); do
    case "$1" in
        --dry-run | -n) DRY=1 ;;
        --uninstall) UNINSTALL=1 ;;
        --purge) PURGE=1 ;;
        --no-hotspot) HOTSPOT=no ;;
        --hotspot) HOTSPOT=yes ;;
        --hostname)
            [[ $# -ge 2 ]] || { echo "install.sh: --hostname needs a name" >&2; exit 2; }
            NAME="$2"
            shift
            ;;
        --hostname=*) NAME="${1#--hostname=}" ;;
        -h | --help) usage; exit 0 ;;
        *) echo "install.sh: unknown option $1 (see --help)" >&2; exit 2 ;;
    esac
    shift
done
if ((PURGE && !UNINSTALL)); then
    echo "install.sh: --purge goes with --uninstall" >&2
    exit 2
fi
if [[ ! $NAME =~ ^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$ ]]; then
    echo "install.sh: $NAME is not a host name (lower-case letters, digits and -)" >&2
    exit 2
fi

# ---- how each step is carried out (or only told, in a dry run) ------------------------------------

step() { printf '\n==> %s\n' "$*"; }
say() { printf '    %s\n' "$*"; }

# A command as one would type it: words quoted only where the shell needs it.
shown() {
    local out=() word
    for word in "$@"; do
        if [[ $word =~ ^[A-Za-z0-9_./=:,@%+-]+$ ]]; then
            out+=("$word")
        else
            out+=("'${word//\'/\'\\\'\'}'")
        fi
    done
    printf '%s' "${out[*]}"
}

# Run a command that changes the system; in a dry run only say it.
run() {
    if ((DRY)); then
        say "would run: $(shown "$@")"
    else
        say "\$ $(shown "$@")"
        "$@"
    fi
}

# Write standard input to a file (atomically), with its mode and owner; in a dry run only say it.
put() {
    local path="$1" mode="$2" owner="$3" tmp
    if ((DRY)); then
        cat >/dev/null
        say "would write $path (mode $mode, owner $owner)"
        return
    fi
    tmp="$(mktemp "$path.XXXXXX")"
    cat >"$tmp"
    chmod "$mode" "$tmp"
    chown "$owner" "$tmp"
    mv -f "$tmp" "$path"
    say "wrote $path"
}

# systemd as PID 1 (not so in a plain container or chroot): without it the steps that ask systemd
# (the host name, enabling and starting units) are skipped, and the end says which.
booted() { [[ -d /run/systemd/system ]]; }

# Run a command that needs systemd running; without it, skip it and remember so.
run_systemd() {
    if booted; then
        run "$@"
    else
        say "skipped (no systemd as PID 1): $(shown "$@")"
        SKIPPED+=("$(shown "$@")")
    fi
}

installed() { dpkg-query -W -f='${Status}' "$1" 2>/dev/null | grep -q 'install ok installed'; }
have() { command -v "$1" >/dev/null 2>&1; }

pi_model() {
    if [[ -r /proc/device-tree/model ]]; then
        tr -d '\0' </proc/device-tree/model
    fi
}

# A setting of the config file ("port", "wifi.ssid"), read with Python's own TOML parser.
setting() {
    python3 - "$1" "$2" <<'PY'
import sys, tomllib
with open(sys.argv[1], "rb") as f:
    value = tomllib.load(f)
for key in sys.argv[2].split("."):
    value = value.get(key, "") if isinstance(value, dict) else ""
print(value)
PY
}

# The config the running system has, or in a dry run before the install the one it would get.
config_file() {
    if [[ -f $CONFIG ]]; then echo "$CONFIG"; else echo "$REPO/systemd/config.toml"; fi
}

# ---- install -------------------------------------------------------------------------------------

preflight() {
    step "check: this machine"
    if ((!DRY)) && [[ $EUID -ne 0 ]]; then
        echo "install.sh: run it as root: sudo $0 ${ARGS[*]}" >&2
        exit 1
    fi
    have apt-get || { echo "install.sh: this needs Debian or Raspberry Pi OS (no apt-get)" >&2; exit 1; }
    have python3 || { echo "install.sh: python3 is missing: sudo apt install python3" >&2; exit 1; }
    if ! python3 -c 'import sys; sys.exit(sys.version_info < (3, 11))'; then
        echo "install.sh: the companion needs Python 3.11 or newer (Raspberry Pi OS Bookworm has it)" >&2
        exit 1
    fi
    [[ -f $REPO/pyproject.toml && -d $REPO/companion ]] ||
        { echo "install.sh: run it from the companion's checkout (no pyproject.toml in $REPO)" >&2; exit 1; }
    local model
    model="$(pi_model)"
    say "${model:-not a Raspberry Pi (the devices will report offline; set them to \"simulated\")}," \
        "Python $(python3 -c 'import platform; print(platform.python_version())')," \
        "source $REPO"
    ((DRY)) && say "dry run: nothing below is done, only told"
    return 0
}

enable_spi() {
    step "SPI (the RFID reader's bus)"
    if have raspi-config; then
        if [[ "$(raspi-config nonint get_spi 2>/dev/null || echo 1)" == 0 ]]; then
            say "already on"
        else
            run raspi-config nonint do_spi 0
            REBOOT=1
        fi
        return
    fi
    local boot
    for boot in /boot/firmware/config.txt /boot/config.txt; do
        [[ -f $boot ]] || continue
        if grep -Eq '^[[:space:]]*dtparam=spi=on' "$boot"; then
            say "already on in $boot"
        elif ((DRY)); then
            say "would add dtparam=spi=on to $boot"
            REBOOT=1
        else
            say "adding dtparam=spi=on to $boot"
            printf '\n# The table companion: SPI for the RFID reader\ndtparam=spi=on\n' >>"$boot"
            REBOOT=1
        fi
        return
    done
    say "no raspi-config and no /boot/firmware/config.txt: not a Raspberry Pi, SPI left alone"
}

python_at_least() {
    python3 -c "import sys; sys.exit(sys.version_info < ($1, $2))"
}

# The Debian packages this machine needs, one a line.
wanted_packages() {
    local wanted=("${PACKAGES[@]}" "${HOTSPOT_PACKAGES[@]}")
    if distribution_gpio; then
        wanted+=("${GPIO_PACKAGES[@]}")
    fi
    printf '%s\n' "${wanted[@]}"
}

# Does the distribution have the GPIO and SPI libraries (installed, or to be had from apt)?
distribution_gpio() {
    local package
    for package in "${GPIO_PACKAGES[@]}"; do
        installed "$package" && continue
        [[ "$(apt-cache policy "$package" 2>/dev/null | sed -n 's/^ *Candidate: *//p')" =~ ^[0-9] ]] || return 1
    done
}

install_packages() {
    local wanted=()
    mapfile -t wanted < <(wanted_packages)
    step "Debian packages: ${wanted[*]}"
    local missing=() package
    for package in "${wanted[@]}"; do
        installed "$package" || missing+=("$package")
    done
    if ((${#missing[@]})); then
        run apt-get update
        run env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends "${missing[@]}"
    else
        say "all installed"
    fi
    # Debian starts its own nginx (a default site on port 80) when it installs it: the companion
    # runs nginx itself, as its child, so the system's is switched off.
    if ((DRY)) || installed nginx-common; then
        if ((DRY)) || systemctl is-enabled --quiet nginx 2>/dev/null || systemctl is-active --quiet nginx 2>/dev/null; then
            run_systemd systemctl disable --now nginx
        fi
    fi
    # RPi.GPIO does not work on a Pi 5; rpi-lgpio, in the virtualenv, provides the same module.
    # Removed only when nothing else goes with it (the virtualenv does not see it anyway).
    if [[ "$(pi_model)" == *"Raspberry Pi 5"* ]] && installed python3-rpi.gpio; then
        local removed
        removed="$(apt-get -s remove python3-rpi.gpio 2>/dev/null | grep -c '^Remv ' || true)"
        if [[ $removed == 1 ]]; then
            run apt-get remove -y python3-rpi.gpio
        else
            say "python3-rpi.gpio stays: other packages need it (the virtualenv uses rpi-lgpio instead)"
        fi
    fi
}

create_user() {
    step "the user $ACCOUNT (groups ${DEVICE_GROUPS[*]})"
    local group
    for group in "${DEVICE_GROUPS[@]}"; do
        getent group "$group" >/dev/null || run groupadd --system "$group"
    done
    local groups
    groups="$(IFS=,; echo "${DEVICE_GROUPS[*]}")"
    if id "$ACCOUNT" >/dev/null 2>&1; then
        say "user $ACCOUNT exists"
        run usermod --append --groups "$groups" "$ACCOUNT"
    else
        run useradd --system --user-group --groups "$groups" --home-dir "$DATA" --no-create-home \
            --shell /usr/sbin/nologin --comment "Table companion" "$ACCOUNT"
    fi
}

create_venv() {
    step "the program: a virtualenv in $VENV"
    run install -d -m 0755 "$PREFIX"
    [[ -x $VENV/bin/python ]] && say "virtualenv exists: updating it"
    # Where the distribution has lgpio and spidev (Raspberry Pi OS), the virtualenv uses them:
    # nothing to build. Made again over an existing one, it keeps its packages.
    local venv=(python3 -m venv)
    if distribution_gpio; then
        say "the GPIO and SPI libraries: the distribution's (${GPIO_PACKAGES[*]})"
        venv+=(--system-site-packages)
    fi
    run "${venv[@]}" "$VENV"
    run "$VENV/bin/pip" install --quiet --upgrade pip
    # Built from a copy, so that the checkout gets no root-owned build/ or *.egg-info.
    local src
    if ((DRY)); then
        src="/tmp/companion-src"
        say "would copy pyproject.toml, README.md and companion/ from $REPO to $src"
    else
        src="$(mktemp -d)"
        CLEANUP+=("$src")
        copy_source "$src"
    fi
    # lgpio from a wheel only (never its source build: it needs liblgpio-dev). Without one, and
    # without the distribution's, the program goes in without the Pi's libraries.
    if run "$VENV/bin/pip" install --quiet --only-binary lgpio --upgrade "${src}[pi]"; then
        # The reader library asks for RPi.GPIO, which clashes with rpi-lgpio (the same module): no deps.
        run "$VENV/bin/pip" install --quiet --no-deps "$READER_LIBRARY"
    else
        say "warning: no lgpio for Python $(python3 -c 'import platform; print(platform.python_version())') here" \
            "(no wheel, no python3-lgpio): the reader, the button and the LEDs will report offline"
        run "$VENV/bin/pip" install --quiet --upgrade "$src"
    fi
    run "$VENV/bin/pip" install --quiet --force-reinstall --no-deps "$src"
    run install -m 0755 "$REPO/systemd/hotspot.sh" "$PREFIX/hotspot.sh"
    run install -m 0755 "$REPO/systemd/companion.sh" "$WRAPPER"
}

# What the program is built from: the project and its package (the pages are package data).
copy_source() {
    cp -a "$REPO/pyproject.toml" "$REPO/README.md" "$REPO/companion" "$1/"
}

new_password() {
    python3 -c 'import secrets
letters = "abcdefghjkmnpqrstuvwxyz23456789"
print("-".join("".join(secrets.choice(letters) for _ in range(4)) for _ in range(3)))'
}

write_config() {
    step "the config: $CONFIG"
    run install -d -m 0750 -o root -g "$ACCOUNT" "$ETC"
    if [[ -f $CONFIG ]]; then
        say "kept as it is (your settings stay; systemd/config.toml lists every setting)"
        # A config from before the nginx front: it gets the front (its one new section).
        if ! grep -Eq '^[[:space:]]*\[server\]' "$CONFIG"; then
            { cat "$CONFIG"; printf '\n'; sed -n '/^\[server\]/,/^front = /p' "$REPO/systemd/config.toml"; } |
                put "$CONFIG" 0640 "root:$ACCOUNT"
            say "with [server] front = \"nginx\" added (docs/server.md)"
        fi
        return
    fi
    local password
    password="$(new_password)"
    sed "s/^password = \"monopoly-table\"/password = \"$password\"/" "$REPO/systemd/config.toml" |
        put "$CONFIG" 0640 "root:$ACCOUNT"
    say "with a new wifi password for the table's hotspot"
}

set_name() {
    step "the name: $NAME.local (avahi)"
    local current
    current="$(hostname)"
    if [[ $current == "$NAME" ]]; then
        say "the host name is $NAME already"
    elif have raspi-config; then
        run raspi-config nonint do_hostname "$NAME"
    else
        run_systemd hostnamectl set-hostname "$NAME"
        if grep -q '^127\.0\.1\.1' /etc/hosts; then
            run sed -i "s/^127\.0\.1\.1[[:space:]].*/127.0.1.1\t$NAME/" /etc/hosts
        else
            if ((DRY)); then
                say "would add 127.0.1.1 $NAME to /etc/hosts"
            else
                printf '127.0.1.1\t%s\n' "$NAME" >>/etc/hosts
            fi
        fi
    fi
    local port
    port="$(setting "$(config_file)" port)"
    put "$AVAHI_SERVICE" 0644 root:root <<EOF
<?xml version="1.0" standalone='no'?>
<!DOCTYPE service-group SYSTEM "avahi-service.dtd">
<!-- The table companion's dashboard, announced on the local networks (systemd/install.sh). -->
<service-group>
  <name replace-wildcards="yes">Table companion on %h</name>
  <service>
    <type>_http._tcp</type>
    <port>${port:-80}</port>
    <txt-record>path=/</txt-record>
  </service>
</service-group>
EOF
    run_systemd systemctl enable avahi-daemon
    run_systemd systemctl restart avahi-daemon  # announces the new name and the dashboard
}

install_unit() {
    step "the unit: $UNIT"
    run install -m 0644 "$REPO/systemd/companion.service" "$UNIT"
    run_systemd systemctl daemon-reload
    step "enable and start the service"
    run_systemd systemctl enable companion
    # restart: a running companion takes up the new program (a game in play resumes where it was)
    run_systemd systemctl restart companion
    if ((!DRY)) && booted; then
        local tries
        for tries in $(seq 30); do
            systemctl is-active --quiet companion && break
            sleep 1
        done
        if systemctl is-active --quiet companion; then
            say "the service is running"
        else
            say "warning: the service is not running after ${tries} s: journalctl -u companion -e says why"
        fi
    fi
}

# The table's wifi is open to every guest at the table: there, the Pi's ssh takes keys only, so no
# guest ever reaches a password prompt to guess at; on the home network and ethernet it is as the
# system has it, so a family that logs in with a password is not locked out. Two blocks, as either
# says a connection is the wifi's: a guest's address (one that routes back over wlan0: hotspot.sh
# gives the wifi no IPv6, so no link-local address either), or the Pi's own address there.
SSHD_DROPIN_TEXT="# Written by the table companion's installer (systemd/install.sh); --uninstall removes it.
# On the table's own wifi (the hotspot: the Pi is $HOTSPOT_IP, its guests $HOTSPOT_NET) ssh takes
# keys only: every guest at the table is on that wifi, and none may reach a password prompt. On
# the home network and ethernet ssh is as the system has it. Why: docs/pi.md, \"ssh\".
Match Address $HOTSPOT_NET
    AuthenticationMethods publickey
    PasswordAuthentication no
    KbdInteractiveAuthentication no
Match LocalAddress $HOTSPOT_IP
    AuthenticationMethods publickey
    PasswordAuthentication no
    KbdInteractiveAuthentication no
"

# What the system's sshd makes of a connection (sshd -T -C), for a guest of the table's wifi or a
# screen on the home network: the authentication methods it would offer, "publickey" or "any".
sshd_methods() {
    local addr="$1" laddr="$2"
    sshd -T -C "user=${SUDO_USER:-root},host=guest,addr=$addr,laddr=$laddr,lport=22" 2>/dev/null |
        awk '$1 == "authenticationmethods" {print $2}'
}

ssh_keys_only() {
    step "ssh: keys only on the table's wifi ($SSHD_DROPIN)"
    if [[ ! -d $SSHD_CONFIG_D ]] || ! have sshd; then
        say "no ssh server here (openssh-server): nothing to do"
        return
    fi
    printf '%s' "$SSHD_DROPIN_TEXT" | put "$SSHD_DROPIN" 0644 root:root
    ((DRY)) && return
    # sshd checks nothing without its privilege separation directory, which only a running ssh
    # service makes (Raspberry Pi OS installs ssh switched off): made here as the service would.
    [[ -d /run/sshd ]] || run install -d -m 0755 /run/sshd
    if ! sshd -t 2>/dev/null; then
        run rm -f "$SSHD_DROPIN"
        say "warning: sshd does not take it ($(sshd -t 2>&1 | head -n 1)); removed, ssh left as it was"
        return
    fi
    local guest home
    guest="$(sshd_methods "${HOTSPOT_IP%.*}.23" "$HOTSPOT_IP")"
    home="$(sshd_methods 192.168.1.23 192.168.1.40)"
    if [[ $guest == publickey ]]; then
        say "checked (sshd -T): a guest of the table's wifi is offered keys only; elsewhere: ${home:-?}"
    else
        say "warning: sshd would offer a guest of the table's wifi '${guest:-?}', not keys only:"
        say "is the Include of $SSHD_CONFIG_D/*.conf missing from /etc/ssh/sshd_config? (docs/pi.md, \"ssh\")"
    fi
    # A running sshd reads it again; sessions open now (this one) go on.
    run_systemd systemctl try-reload-or-restart ssh
}

# Does USER have a key sshd would take (a line in one of the files its AuthorizedKeysFile names)?
has_ssh_key() {
    local user="$1" home files file
    have sshd || return 0  # no OpenSSH here: no session of it to lose
    home="$(getent passwd "$user" | cut -d: -f6)"
    files="$(sshd -T -C "user=$user,host=guest,addr=$HOTSPOT_IP,laddr=$HOTSPOT_IP,lport=22" 2>/dev/null |
        awk '$1 == "authorizedkeysfile" {$1 = ""; print}')"
    [[ -n ${files// /} ]] || files=".ssh/authorized_keys .ssh/authorized_keys2"
    for file in $files; do
        file="${file//%h/$home}"
        file="${file//%u/$user}"
        [[ $file == /* ]] || file="$home/$file"
        grep -Eq '^[[:space:]]*[^#[:space:]]' "$file" 2>/dev/null && return 0
    done
    return 1
}

# The interfaces ssh sessions to this machine come in on, one a line (sudo drops SSH_CONNECTION,
# so the established connections to port 22 are asked too).
ssh_interfaces() {
    local locals=() address
    if [[ -n ${SSH_CONNECTION:-} ]]; then
        locals+=("$(awk '{print $3}' <<<"$SSH_CONNECTION")")
    fi
    if have ss; then
        mapfile -t -O "${#locals[@]}" locals < <(ss -Htn state established '( sport = :22 )' 2>/dev/null |
            awk '{a = $(NF-1); sub(/:[0-9]+$/, "", a); gsub(/[][]/, "", a); sub(/^::ffff:/, "", a); print a}')
    fi
    for address in "${locals[@]}"; do
        [[ -n $address ]] || continue
        ip -o addr show 2>/dev/null | awk -v a="$address" '{split($4, p, "/"); if (p[1] == a) print $2}'
    done | sort -u
}

# Another way in than the wifi: a wired interface that is up with an address.
wired_up() {
    ip -o -4 addr show scope global 2>/dev/null | awk '{print $2}' | grep -Evq '^(lo|wl.*)$'
}

HOTSPOT_PARAGRAPH="This ssh session comes in over wlan0. The service is installed and running; the last
    step switches wlan0 from your home wifi to the table's own, which ends this session about $SWITCH_DELAY s
    from now. To reconnect: join the wifi \"%s\" (its password is in $CONFIG, [wifi];
    sudo cat it now) and open http://$HOTSPOT_IP/ or ssh to $HOTSPOT_IP (with your key: on the table's
    wifi ssh takes keys only); to go back to the home wifi: sudo /opt/companion/hotspot.sh --remove,
    then reboot."

NO_KEY_PARAGRAPH="This ssh session comes in over wlan0, and making the table's wifi now would end it: on the
    table's wifi ssh takes keys only (docs/pi.md, \"ssh\"), and %s has no key in ~/.ssh/authorized_keys,
    so there would be no way back in over ssh. The hotspot is not made. Add your key first (from your
    computer: ssh-copy-id %s@%s), then: sudo /opt/companion/hotspot.sh --now"

# The table's own wifi, last: it may take wlan0 off the home wifi. A failure is a warning.
setup_hotspot() {
    step "the hotspot: the table's own wifi"
    local config ssid on_wlan=0
    config="$(config_file)"
    ssid="$(setting "$config" wifi.ssid)"
    ssh_interfaces | grep -qx wlan0 && on_wlan=1
    case "$HOTSPOT" in
        no)
            say "skipped (--no-hotspot)"
            HOTSPOT_MADE=0
            return
            ;;
        auto)
            if ! wired_up; then
                say "skipped: the Pi has no other way in than the wifi (no ethernet), so it stays on the"
                say "home wifi and the tablets open http://$NAME.local/ there. The table's own wifi, for a"
                say "table away from a router: sudo /opt/companion/hotspot.sh --now (or install.sh --hotspot)"
                HOTSPOT_MADE=0
                return
            fi
            say "the Pi has ethernet: wlan0 becomes the table's own wifi \"$ssid\""
            ;;
        yes) say "asked for (--hotspot)" ;;
    esac
    local user="${SUDO_USER:-root}"
    if ((on_wlan && !DRY)) && ! wired_up && ! has_ssh_key "$user"; then
        # shellcheck disable=SC2059 # the paragraph is the format
        printf "\n    $NO_KEY_PARAGRAPH\n\n" "$user" "$user" "$(hostname -I 2>/dev/null | awk '{print $1}')"
        say "warning: the hotspot is not made (no ssh key to come back with); the service runs on the home wifi"
        HOTSPOT_MADE=0
        return
    fi
    local args=(--config "$config" --hostname "$NAME" --now)
    ((DRY)) && args+=(--dry-run)
    if ((on_wlan)); then
        # shellcheck disable=SC2059 # the paragraph is the format
        printf "\n    $HOTSPOT_PARAGRAPH\n\n" "${ssid:-companion}"
        args+=(--switch-in "$SWITCH_DELAY")
    fi
    HOTSPOT_MADE=1
    if ! bash "$REPO/systemd/hotspot.sh" "${args[@]}"; then
        HOTSPOT_MADE=0
        say "warning: the hotspot is not up (see above); the service runs all the same, on the other"
        say "networks. Fix that, then: sudo /opt/companion/hotspot.sh --now"
    fi
}

# The compiled engine `companion simulate` and the odds play with (the table itself runs the pure
# one): built in the background once the service runs, and only with the memory for it.
build_compiled() {
    step "the compiled engine (companion simulate and the odds; the table runs without it)"
    local available recipe
    available="$(awk '/^(MemAvailable|SwapFree):/ {kb += $2} END {print int(kb / 1024)}' "$MEMINFO")"
    if ((available < FIT_MEMORY_MB)); then
        say "skipped: ${available} MB of memory and swap available, even the build made to fit needs about $FIT_MEMORY_MB MB"
        say "(add swap: README, \"On the Pi\"): companion simulate uses the pure engine, and says so"
        return
    fi
    if ((available < BUILD_MEMORY_MB)); then
        recipe=fit
        say "${available} MB of memory and swap available: the build made to fit (-O2, a C file per module;"
        say "it plays the same games as fast as the full build, which needs about $BUILD_MEMORY_MB MB)"
    else
        recipe=full
    fi
    if ((DRY)); then
        say "would run in the background: COMPANION_COMPILED_RECIPE=$recipe nice $(shown "$VENV/bin/python" -P -m companion.compiled)"
        return
    fi
    # In a session of its own (setsid): its pid names its process group, so --uninstall can stop the
    # build's compilers with it, not only the python that started them.
    COMPANION_COMPILED_RECIPE=$recipe setsid nohup nice -n 19 "$VENV/bin/python" -P -m companion.compiled \
        >"$PREFIX/compiled.log" 2>&1 </dev/null &
    echo "$!" >"$PREFIX/compiled.pid"
    say "building ($recipe) in the background, minutes (estimated: 2 to 10 on a Pi 4, 5 to 30 on a Zero 2 W;"
    say "docs/pi.md); it ends with the real time in $PREFIX/compiled.log"
}

addresses() {
    local config port suffix ssid
    config="$(config_file)"
    port="$(setting "$config" port)"
    suffix=""
    [[ ${port:-80} == 80 ]] || suffix=":$port"
    ssid="$(setting "$config" wifi.ssid)"
    step "done: the dashboard"
    say "http://$NAME.local$suffix/"
    ((HOTSPOT_MADE)) && say "http://$HOTSPOT_IP$suffix/ on the table's wifi \"$ssid\" (its password: $CONFIG, [wifi])"
    local ip
    for ip in $(hostname -I 2>/dev/null || true); do
        [[ $ip == "$HOTSPOT_IP" || $ip == *:* ]] || say "http://$ip$suffix/"
    done
    say "check the hardware: companion doctor   the log: journalctl -u companion -f"
    if ((REBOOT)); then
        say "SPI was just switched on: reboot once (sudo reboot) so the reader appears"
    fi
    if ((${#SKIPPED[@]})); then
        say "not done here, for want of systemd as PID 1 (a container or chroot): do them on the Pi:"
        local skipped
        for skipped in "${SKIPPED[@]}"; do
            say "  $skipped"
        done
    fi
}

# ---- uninstall -----------------------------------------------------------------------------------

# A compiled engine's build still running in the background goes first, and all of it: its compilers
# write into $PREFIX until they end, so removing $PREFIX while they run leaves a folder behind.
stop_compiled_build() {
    local pid
    [[ -f $PREFIX/compiled.pid ]] || return 0
    pid="$(cat "$PREFIX/compiled.pid")"
    [[ $pid =~ ^[0-9]+$ ]] || return 0
    if kill -0 -- "-$pid" 2>/dev/null; then
        run kill -TERM -- "-$pid"
    elif kill -0 "$pid" 2>/dev/null; then
        run kill -TERM "$pid"  # a build started before its own session (an older install.sh)
    else
        return 0
    fi
    ((DRY)) && return 0
    for _ in $(seq 1 50); do
        kill -0 -- "-$pid" 2>/dev/null || kill -0 "$pid" 2>/dev/null || return 0
        sleep 0.2
    done
    say "the build did not stop in 10 s: killed"
    kill -KILL -- "-$pid" 2>/dev/null || kill -KILL "$pid" 2>/dev/null || true
    sleep 0.5
}

uninstall() {
    step "stop and remove the service"
    if [[ -f $UNIT ]]; then
        run_systemd systemctl disable --now companion
        run rm -f "$UNIT"
        run_systemd systemctl daemon-reload
    else
        say "no $UNIT"
    fi
    step "remove the hotspot"
    if have nmcli && nmcli -t -f NAME connection show 2>/dev/null | grep -qx companion-hotspot; then
        run nmcli connection delete companion-hotspot
    else
        say "no companion-hotspot connection"
    fi
    run rm -f /etc/NetworkManager/dnsmasq-shared.d/companion.conf "$AVAHI_SERVICE"
    step "ssh as the system had it: remove $SSHD_DROPIN"
    if [[ -f $SSHD_DROPIN ]]; then
        run rm -f "$SSHD_DROPIN"
        run_systemd systemctl try-reload-or-restart ssh
    else
        say "no $SSHD_DROPIN"
    fi
    step "remove the program: $PREFIX, $WRAPPER"
    stop_compiled_build
    run rm -rf "$PREFIX"
    run rm -f "$WRAPPER"
    if ((PURGE)); then
        step "remove the config, the games and the user (--purge)"
        run rm -rf "$ETC" "$DATA" "$LOG"
        if id "$ACCOUNT" >/dev/null 2>&1; then
            run userdel "$ACCOUNT"
        fi
    else
        step "kept: $ETC (the config) and $DATA (the games), and $LOG; --uninstall --purge removes them"
    fi
    say "SPI, the host name and the Debian packages are left as they are"
}

# Every run is logged; a run that stopped is resumed by running it again (each step checks what is
# there already), and the log says where the last one stopped.
start_log() {
    ((DRY)) && return
    if [[ -s $LOG ]] && ! tail -n 1 "$LOG" | grep -q '^install.sh: finished'; then
        printf 'install.sh: the last run (%s) stopped after: %s\n' "$LOG" \
            "$(grep '^==> ' "$LOG" | tail -n 1 | cut -c5-)"
        printf 'install.sh: this run takes every step again; those done already find nothing to do\n'
    fi
    printf '\ninstall.sh: started %s: %s\n' "$(date -u '+%F %T UTC')" "$(shown "$0" "${ARGS[@]}")" >>"$LOG"
    exec > >(tee -a "$LOG") 2>&1
}

main() {
    preflight
    if ((UNINSTALL)); then
        uninstall
        return
    fi
    start_log
    enable_spi
    install_packages
    create_user
    create_venv
    write_config
    set_name
    install_unit
    ssh_keys_only
    setup_hotspot
    build_compiled
    addresses
    ((DRY)) || echo "install.sh: finished $(date -u '+%F %T UTC')"
}

# Run, unless sourced (a test may call the steps one by one).
if [[ ${BASH_SOURCE[0]} == "$0" ]]; then
    main
fi
