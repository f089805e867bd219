#!/bin/sh
# make/need.sh: the one way the pack installs a Debian package it needs.
#
#   sh make/need.sh [--why TEXT] PACKAGE[=PROBE] ...
#
# For each PACKAGE that is not installed (dpkg), or whose PROBE (a command name or an absolute file path) is
# not there when one is given, installs it with apt-get --no-install-recommends (as root), running
# `apt-get update` once if the first attempt fails. Recommended packages never come along: name every package
# a build needs. Not root, or no apt-get: stops with one line naming the packages, exit 2.
#
# Only packages of the machine's own architecture are installed here. Foreign-architecture packages (an arm64
# JDK, the arm64 libc) never go into the system: make/jdks.sh unpacks them under build/.
set -u

why=
if [ "${1:-}" = --why ]; then why=" (for $2)"; shift 2; fi
[ $# -gt 0 ] || { echo "usage: sh make/need.sh [--why TEXT] PACKAGE[=PROBE] ..." >&2; exit 2; }

missing=
for spec in "$@"; do
    pkg=${spec%%=*}
    probe=
    case $spec in *=*) probe=${spec#*=} ;; esac
    case $pkg in
        *:*) echo "error: make/need.sh installs no foreign-architecture package ($pkg): the pack keeps those under build/" >&2
             exit 2 ;;
    esac
    if [ -n "$probe" ]; then
        case $probe in
            /*) [ -e "$probe" ] && continue ;;
            *) command -v "$probe" >/dev/null 2>&1 && continue ;;
        esac
    elif [ "$(dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null)" = "install ok installed" ]; then
        continue
    fi
    missing="$missing $pkg"
done
missing=${missing# }
[ -z "$missing" ] && exit 0

if [ "$(id -u)" != 0 ] || ! command -v apt-get >/dev/null 2>&1; then
    echo "error: missing Debian packages$why: $missing (install them as root: apt-get install --no-install-recommends $missing)" >&2
    exit 2
fi
echo "make: installing $missing$why" >&2
log=${TMPDIR:-/tmp}/pack-apt.$$.log
export DEBIAN_FRONTEND=noninteractive
# One install at a time: two runs side by side (make matrix's cells, make configs' configurations) may both find a
# package missing, and a second apt-get would fail on dpkg's lock. The lock is held from the check above on (an
# install the other run finished meanwhile is then a no-op), and apt itself waits for a lock another program holds.
exec 9>"${TMPDIR:-/tmp}/pack-apt.lock"
flock 9
# shellcheck disable=SC2086 # a list of package names
if ! apt-get install -y -q -o DPkg::Lock::Timeout=300 --no-install-recommends $missing >"$log" 2>&1; then
    apt-get update -q -o DPkg::Lock::Timeout=300 >>"$log" 2>&1
    if ! apt-get install -y -q -o DPkg::Lock::Timeout=300 --no-install-recommends $missing >>"$log" 2>&1; then
        echo "error: apt-get could not install$why: $missing ($(grep -E '^E: ' "$log" | head -n 1); see $log)" >&2
        exit 2
    fi
fi
exit 0
