#!/usr/bin/env bash
# shellcheck disable=SC2015 # pass and fail always succeed: A && pass || fail is if-then-else here
# Inside a booted Debian container (the container job, .ci/container-job): install the table from
# /src as a Pi's owner would, then check what the issue asks, one line each: "PASS what",
# "FAIL what: why" or "SKIP what: why". Exit status 1 if anything failed.
set -uo pipefail
PIN=135790
failed=0
pass() { echo "PASS $*"; }
fail() { echo "FAIL $*"; failed=1; }
check() {  # check WHAT COMMAND...: PASS when the command succeeds
    local what="$1"
    shift
    if out="$("$@" 2>&1)"; then pass "$what"; else fail "$what: $(tail -n 3 <<<"$out" | tr '\n' ' ')"; fi
}

# ssh as a Pi has it (Raspberry Pi OS ships openssh-server): the install makes it keys only on the
# table's wifi (docs/pi.md, "ssh").
if apt-get update -qq >/dev/null 2>&1 &&
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends openssh-server >/dev/null 2>&1; then
    pass "openssh-server installed, as on a Pi"
else
    fail "openssh-server could not be installed"
fi

# The install, with the hotspot asked for: there is no wifi radio here, so it must say so and go on.
bash /src/systemd/install.sh --hotspot >/var/log/companion-job-install.log 2>&1
status=$?
if ((status == 0)); then pass "install.sh ran to its end"; else fail "install.sh: exit $status (/var/log/companion-job-install.log)"; fi
if grep -q "no wifi radio" /var/log/companion-job-install.log && grep -q "warning: the hotspot is not up" /var/log/companion-job-install.log; then
    pass "no wifi radio: the hotspot step says so and the install goes on"
else
    fail "the hotspot step did not say that there is no radio"
fi
grep -q "^install.sh: finished" /var/log/companion-install.log && pass "the run is logged in /var/log/companion-install.log" ||
    fail "no finished run in /var/log/companion-install.log"

methods() {  # what sshd offers a connection from $1 to $2: publickey, or any
    sshd -T -C "user=root,host=guest,addr=$1,laddr=$2,lport=22" 2>/dev/null | awk '$1 == "authenticationmethods" {print $2}'
}
guest="$(methods 10.42.0.23 10.42.0.1)" home="$(methods 192.168.1.23 192.168.1.40)"
if [[ $guest == publickey && $home == any ]] && sshd -t && systemctl is-active --quiet ssh; then
    pass "ssh: keys only for a guest of the table's wifi, as before on the home network; sshd runs"
else
    fail "ssh: a guest is offered '${guest:-?}', the home network '${home:-?}' (sshd -T)"
fi

for _ in $(seq 60); do systemctl is-active --quiet companion && break; sleep 1; done
check "the unit is active" systemctl is-active companion
exposure="$(systemd-analyze security companion.service --no-pager 2>/dev/null | sed -n 's/.*Overall exposure level for companion.service: \([0-9.]*\).*/\1/p')"
if [[ -n $exposure ]] && python3 -c "import sys; sys.exit(float('$exposure') > 2.0)"; then
    pass "systemd-analyze security: $exposure (at most 2.0)"
else
    fail "systemd-analyze security: ${exposure:-no figure}"
fi
main="$(systemctl show -p MainPID --value companion)"
user="$(ps -o user= -p "$main" 2>/dev/null | tr -d ' ')"
[[ $user == companion ]] && pass "the daemon runs as companion" || fail "the daemon runs as ${user:-nobody} (pid $main)"
limits="$(systemctl show -p TasksMax -p MemoryMax -p LimitNOFILE companion | tr '\n' ' ')"
if [[ $limits == *"TasksMax=128"* && $limits == *"MemoryMax=314572800"* && $limits == *"LimitNOFILE=16384"* ]] &&
    grep -q "^Max open files *16384" "/proc/$main/limits"; then
    pass "under the unit's limits: $limits"
else
    fail "the unit's limits: $limits"
fi
for _ in $(seq 60); do python3 -c "import urllib.request; urllib.request.urlopen('http://127.0.0.1/api/state', timeout=5)" 2>/dev/null && break; sleep 1; done
check "it serves /api/state on port 80 (nginx in front)" python3 -c "import urllib.request; urllib.request.urlopen('http://127.0.0.1/api/state', timeout=5)"
check "it serves the Table page" python3 -c "import urllib.request; urllib.request.urlopen('http://127.0.0.1/', timeout=5)"

# A banker PIN, as the Banker page would set it, then a game through the API.
systemctl stop companion
runuser -u companion -- /opt/companion/venv/bin/python -c \
    "from pathlib import Path; from companion.web.auth import BankerPin; BankerPin(Path('/var/lib/companion'), '$PIN')"
systemctl start companion
for _ in $(seq 60); do python3 -c "import urllib.request; urllib.request.urlopen('http://127.0.0.1/api/state', timeout=5)" 2>/dev/null && break; sleep 1; done
if played="$(python3 /src/.ci/container_game.py http://127.0.0.1 "$PIN" 2>&1)"; then
    pass "a game plays through the API ($played)"
else
    fail "a game through the API: $played"
fi
tasks="$(systemctl show -p TasksCurrent --value companion)"
main="$(systemctl show -p MainPID --value companion)"
[[ $tasks =~ ^[0-9]+$ ]] ||
    tasks="$(find /proc/"$main"/task -mindepth 1 -maxdepth 1 | wc -l) threads of the daemon (TasksCurrent not reported here)"
pass "tasks after the game: $tasks; TasksMax=128"
check "companion doctor runs" bash -c 'companion doctor; (( $? < 2 ))'

# --uninstall: nothing left but the data (the config and the games).
check "install.sh --uninstall" bash /src/systemd/install.sh --uninstall
left=""
for path in /opt/companion /usr/local/bin/companion /etc/systemd/system/companion.service /etc/avahi/services/companion.service \
    /etc/ssh/sshd_config.d/companion-table-wifi.conf; do
    [[ -e $path ]] && left+=" $path"
done
systemctl is-active --quiet companion && left+=" (the service still runs)"
[[ -z $left ]] && pass "--uninstall leaves nothing but the data" || fail "--uninstall left:$left"
[[ -f /etc/companion/config.toml && -d /var/lib/companion ]] && pass "the config and the games stay" ||
    fail "--uninstall removed the config or the games"
exit "$failed"
