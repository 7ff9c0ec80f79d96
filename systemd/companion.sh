#!/bin/sh
# The `companion` command of an installed table: systemd/install.sh puts it in
# /usr/local/bin/companion. It runs the program as the service's user, with the service's config
# and data folder, so `companion doctor`, `companion enroll` and `companion games` see the table
# the service sees (and may use its devices).
set -eu

ACCOUNT=companion
PROGRAM=/opt/companion/venv/bin/companion
CONFIG=/etc/companion/config.toml
DATA=/var/lib/companion

if [ "$(id -un)" != "$ACCOUNT" ]; then
    exec sudo -u "$ACCOUNT" -- "$0" "$@"
fi
# The service's data folder, and lgpio's pipes there too (as the service has them). Run from it,
# as the service is: lgpio changes folder and back, which fails from a caller's 0700 home.
export STATE_DIRECTORY="$DATA" LG_WD="$DATA"
cd "$DATA" 2>/dev/null || cd /
case "${1:-}" in
    enroll)
        if systemctl is-active --quiet companion 2>/dev/null; then
            echo "companion: the service is using the reader; first: sudo systemctl stop companion" >&2
            echo "           (and afterwards: sudo systemctl start companion)" >&2
            exit 1
        fi
        shift
        exec "$PROGRAM" enroll --config "$CONFIG" "$@"
        ;;
    doctor | run)
        command="$1"
        shift
        exec "$PROGRAM" "$command" --config "$CONFIG" "$@"
        ;;
esac
exec "$PROGRAM" "$@"
