#!/usr/bin/env bash
# The table's own wifi: a NetworkManager hotspot on wlan0 whose name and password are the [wifi]
# settings of the companion's config. The tablets join it and open http://companion.local/ (or
# http://10.42.0.1/). Run again after changing the name or the password: it updates the hotspot.
#
#   sudo /opt/companion/hotspot.sh                 (installed there by systemd/install.sh)
#   sudo systemd/hotspot.sh --config FILE          another config file
#   systemd/hotspot.sh --dry-run                   print what it would do; change nothing
#   sudo systemd/hotspot.sh --remove               delete the hotspot (wlan0 is free again)
#
# wlan0 switches to the hotspot now only if it is on no other wifi (that may be how this session
# came in), else at the next boot; --now switches it now anyway, --switch-in SECONDS a little
# later, in the background (install.sh uses it, so that its last words reach an ssh session first).
# Other options: --ifname IFACE (default wlan0), --hostname NAME (the table's name, default
# companion: NAME.local on the hotspot's DNS), --help. hardware/wifi.md explains it all.
# Exit status 3: no radio to make it with (no wlan0, or rfkill-blocked): it says why.
set -euo pipefail

CONFIG=/etc/companion/config.toml
IFNAME=wlan0
CONNECTION=companion-hotspot
ADDRESS=10.42.0.1/24
DNSMASQ="${DNSMASQ:-/etc/NetworkManager/dnsmasq-shared.d/companion.conf}"  # tests put it elsewhere
NAME=companion
NOW=0
SWITCH_IN=0
# Where the radios are (tests put them elsewhere).
SYS_NET="${SYS_NET:-/sys/class/net}"
SYS_RFKILL="${SYS_RFKILL:-/sys/class/rfkill}"
DRY=0
REMOVE=0

usage() {
    sed -n '2,17s/^# \{0,1\}//p' "${BASH_SOURCE[0]}"
}

while (($#)); do
    case "$1" in
        --config)
            [[ $# -ge 2 ]] || { echo "hotspot.sh: --config needs a file" >&2; exit 2; }
            CONFIG="$2"
            shift
            ;;
        --ifname)
            [[ $# -ge 2 ]] || { echo "hotspot.sh: --ifname needs an interface" >&2; exit 2; }
            IFNAME="$2"
            shift
            ;;
        --hostname)
            [[ $# -ge 2 ]] || { echo "hotspot.sh: --hostname needs a name" >&2; exit 2; }
            NAME="$2"
            shift
            ;;
        --now) NOW=1 ;;
        --switch-in)
            [[ $# -ge 2 && $2 =~ ^[0-9]+$ ]] || { echo "hotspot.sh: --switch-in needs seconds" >&2; exit 2; }
            NOW=1
            SWITCH_IN="$2"
            shift
            ;;
        --dry-run | -n) DRY=1 ;;
        --remove) REMOVE=1 ;;
        -h | --help) usage; exit 0 ;;
        *) echo "hotspot.sh: unknown option $1 (see --help)" >&2; exit 2 ;;
    esac
    shift
done

say() { printf '    %s\n' "$*"; }

# Run a command, or in a dry run only say it. The wifi password is never printed.
run() {
    local out=() word
    for word in "$@"; do
        if [[ -n ${PASSWORD:-} && $word == "$PASSWORD" ]]; then
            out+=("'(the password from the config)'")
        elif [[ $word =~ ^[A-Za-z0-9_./=:,@%+-]+$ ]]; then
            out+=("$word")
        else
            out+=("'${word//\'/\'\\\'\'}'")
        fi
    done
    if ((DRY)); then
        say "would run: ${out[*]}"
    else
        say "\$ ${out[*]}"
        "$@"
    fi
}

have_connection() {
    command -v nmcli >/dev/null 2>&1 &&
        nmcli -t -f NAME connection show 2>/dev/null | grep -qx "$CONNECTION"
}

if ((!DRY)) && [[ $EUID -ne 0 ]]; then
    echo "hotspot.sh: run it as root (sudo)" >&2
    exit 1
fi

if ((REMOVE)); then
    if have_connection; then
        run nmcli connection delete "$CONNECTION"
    else
        say "no $CONNECTION connection"
    fi
    run rm -f "$DNSMASQ"
    exit 0
fi

# The name and the password, read with Python's own TOML parser (the config's defaults if unset).
[[ -r $CONFIG ]] || { echo "hotspot.sh: cannot read $CONFIG" >&2; exit 1; }
mapfile -t WIFI < <(python3 - "$CONFIG" <<'PY'
import sys, tomllib
with open(sys.argv[1], "rb") as f:
    wifi = tomllib.load(f).get("wifi", {})
print(wifi.get("ssid", "companion"))
print(wifi.get("password", "monopoly-table"))
PY
)
SSID="${WIFI[0]:-}"
PASSWORD="${WIFI[1]:-}"
if ((${#SSID} < 1 || ${#SSID} > 32)); then
    echo "hotspot.sh: [wifi] ssid in $CONFIG must be 1 to 32 characters" >&2
    exit 1
fi
if ((${#PASSWORD} < 8 || ${#PASSWORD} > 63)); then
    echo "hotspot.sh: [wifi] password in $CONFIG must be 8 to 63 characters (WPA2)" >&2
    exit 1
fi
say "wifi \"$SSID\" on $IFNAME, the Pi at ${ADDRESS%/*} (from $CONFIG)"

# The radio first: there must be one, and not blocked. Raspberry Pi OS keeps it blocked (rfkill)
# until the wifi country is set, as on a fresh image of a 5 GHz model (Raspberry Pi Imager's
# settings set it).
no_radio() {
    say "$1"
    if ((DRY)); then
        say "(a real run stops here with status 3)"
    else
        exit 3
    fi
}
country=""
if command -v raspi-config >/dev/null 2>&1; then
    country="$(raspi-config nonint get_wifi_country 2>/dev/null || true)"
    [[ -n $country ]] || say "warning: no wifi country is set, so the radio may stay off:" \
        "sudo raspi-config nonint do_wifi_country GB (your country's two letters), then reboot"
fi
if [[ ! -e $SYS_NET/$IFNAME ]]; then
    no_radio "no wifi radio: this machine has no $IFNAME, so there is no hotspot to make"
elif [[ -d $SYS_NET/$IFNAME/phy80211 ]]; then
    phy="$(basename "$(readlink -f "$SYS_NET/$IFNAME/phy80211")")"
    for radio in "$SYS_RFKILL"/rfkill*; do
        [[ -r $radio/type && "$(cat "$radio/type")" == wlan ]] || continue
        [[ ! -e $radio/device || "$(basename "$(readlink -f "$radio/device")")" == "$phy" ]] || continue
        if [[ "$(cat "$radio/soft" 2>/dev/null)" == 1 || "$(cat "$radio/hard" 2>/dev/null)" == 1 ]]; then
            no_radio "$IFNAME is blocked (rfkill): ${country:+the wifi country is $country; }set the wifi country" \
                "(sudo raspi-config nonint do_wifi_country GB), then sudo rfkill unblock wifi, then run this again"
        fi
    done
fi

if ((!DRY)) && ! command -v nmcli >/dev/null 2>&1; then
    echo "hotspot.sh: NetworkManager is missing: sudo apt install network-manager" >&2
    exit 1
fi

# WPA2 only (CCMP): tablets refuse or stall on the mixed WPA/WPA2 mode some drivers offer.
# ipv4.method shared: NetworkManager hands out addresses (DHCP) and answers DNS on 10.42.0.0/24,
# and shares the Pi's wired internet, if any. The priority wins wlan0 at boot over a home wifi.
# ipv6.method disabled: the table's wifi carries IPv4 alone, so a guest reaches the Pi by no IPv6
# address either (not even a link-local one): ssh's keys-only rule for the wifi names its IPv4
# addresses (install.sh, docs/pi.md "ssh").
SETTINGS=(
    connection.autoconnect yes
    connection.autoconnect-priority 100
    802-11-wireless.ssid "$SSID"
    802-11-wireless.mode ap
    802-11-wireless.band bg
    ipv4.method shared
    ipv4.addresses "$ADDRESS"
    ipv6.method disabled
    wifi-sec.key-mgmt wpa-psk
    wifi-sec.proto rsn
    wifi-sec.pairwise ccmp
    wifi-sec.group ccmp
    wifi-sec.psk "$PASSWORD"
    # Protected management frames off: WPA2 hotspots on the Pi's brcmfmac fail on Trixie with them
    # negotiated (raspberrypi/linux#7247).
    wifi-sec.pmf 1
)
if have_connection; then
    run nmcli connection modify "$CONNECTION" connection.interface-name "$IFNAME" "${SETTINGS[@]}"
else
    run nmcli connection add type wifi ifname "$IFNAME" con-name "$CONNECTION" autoconnect yes \
        ssid "$SSID" "${SETTINGS[@]}"
fi

# NAME.local for tablets that ask the hotspot's DNS rather than mDNS (older Androids).
if ((DRY)); then
    say "would write $DNSMASQ: address=/$NAME.local/${ADDRESS%/*}"
else
    install -d -m 0755 "$(dirname "$DNSMASQ")"
    printf '# The table companion (systemd/hotspot.sh): its name on the hotspot, for tablets without mDNS.\naddress=/%s.local/%s\n' \
        "$NAME" "${ADDRESS%/*}" >"$DNSMASQ"
    say "wrote $DNSMASQ"
fi

# Switch wlan0 over now, unless it is on another wifi at the moment (that may be how this
# session came in, and switching would cut it) and --now was not given: then at the next boot.
current=""
if command -v nmcli >/dev/null 2>&1; then
    current="$(nmcli -g GENERAL.CONNECTION device show "$IFNAME" 2>/dev/null || true)"
fi
if [[ -n $current && $current != "$CONNECTION" ]] && ((!NOW)); then
    say "$IFNAME is on \"$current\" now: the hotspot takes over at the next boot (sudo reboot),"
    say "or now with: sudo nmcli connection up $CONNECTION (this cuts a session that came over that wifi)"
elif ((SWITCH_IN)); then
    if ((DRY)); then
        say "would run in $SWITCH_IN s, in the background: nmcli connection up $CONNECTION"
    else
        # Its own session: it outlives this one, which the switch ends.
        # shellcheck disable=SC2016 # expanded by that sh, from its arguments
        setsid nohup sh -c 'sleep "$1"; exec nmcli connection up "$2"' sh "$SWITCH_IN" "$CONNECTION" \
            >/dev/null 2>&1 </dev/null &
        say "$IFNAME switches to the hotspot in $SWITCH_IN s"
    fi
else
    run nmcli connection up "$CONNECTION"
fi
