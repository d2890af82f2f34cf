#!/usr/bin/env bash
# Install gouji-table as an appliance on Raspberry Pi OS (Bookworm or later, Pi 4 or 5).
#
#   sudo systemd/install-pi.sh            # install or upgrade, enable and (re)start the service
#   sudo systemd/install-pi.sh --no-start # install and enable only (e.g. before wiring)
#
# Run it from a checkout of the project. It is safe to run again: the config file in
# /etc/gouji-table and the journal in /var/lib/gouji-table are never replaced.
set -euo pipefail

START=1
for arg in "$@"; do
    case "$arg" in
        --no-start) START=0 ;;
        -h|--help) sed -n '2,9p' "$0"; exit 0 ;;
        *) echo "install-pi: unknown option $arg (try --help)" >&2; exit 2 ;;
    esac
done

SRC="$(cd "$(dirname "$0")/.." && pwd)"
PREFIX=/opt/gouji-table
VENV="$PREFIX/venv"
UNIT=gouji-table.service

[ "$(id -u)" -eq 0 ] || { echo "install-pi: run as root (sudo $0)" >&2; exit 1; }
command -v apt-get >/dev/null || { echo "install-pi: needs apt-get (Raspberry Pi OS)" >&2; exit 1; }
[ -f "$SRC/pyproject.toml" ] || { echo "install-pi: $SRC is not a gouji-table checkout" >&2; exit 1; }
if ! grep -qi 'raspberry pi' /proc/device-tree/model 2>/dev/null; then
    echo "install-pi: warning: this does not look like a Raspberry Pi; continuing" >&2
fi

echo "== apt packages"
# picamera2 and lgpio come from apt (built for the Pi's libcamera / kernel); the venv sees
# them through --system-site-packages. SDL2 libraries for pygame's KMS/DRM full screen.
apt-get update -qq
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends \
    python3-venv python3-pip python3-picamera2 python3-lgpio \
    fonts-noto-cjk fonts-wqy-zenhei \
    libsdl2-2.0-0 libsdl2-ttf-2.0-0 libsdl2-image-2.0-0 libgbm1 libdrm2

echo "== virtual environment $VENV"
install -d -m 0755 "$PREFIX"
[ -x "$VENV/bin/python" ] || python3 -m venv --system-site-packages "$VENV"
"$VENV/bin/pip" install --quiet --upgrade pip
# Keep NumPy at the system's version: picamera2's compiled helpers (simplejpeg) are built
# against it, and a different NumPy inside the venv would break their import.
SYS_NUMPY="$(python3 -c 'import numpy; print(numpy.__version__)')"
echo "numpy==$SYS_NUMPY" > "$PREFIX/constraints.txt"
"$VENV/bin/pip" install --quiet --upgrade --constraint "$PREFIX/constraints.txt" "$SRC"
rm -rf "$PREFIX/docs" && cp -r "$SRC/docs" "$PREFIX/docs"

echo "== user, directories, udev rules"
install -D -m 0644 "$SRC/systemd/sysusers.d/gouji-table.conf" /usr/lib/sysusers.d/gouji-table.conf
install -D -m 0644 "$SRC/systemd/tmpfiles.d/gouji-table.conf" /usr/lib/tmpfiles.d/gouji-table.conf
install -D -m 0644 "$SRC/systemd/udev/99-gouji-table.rules" /etc/udev/rules.d/99-gouji-table.rules
systemd-sysusers /usr/lib/sysusers.d/gouji-table.conf
systemd-tmpfiles --create /usr/lib/tmpfiles.d/gouji-table.conf
udevadm control --reload
udevadm trigger --subsystem-match=tty --subsystem-match=gpio

CONFIG=/etc/gouji-table/config.toml
if [ ! -e "$CONFIG" ]; then
    echo "== starter config $CONFIG"
    cat > "$CONFIG" <<'TOML'
# gouji-table configuration. Only keys set here change the packaged defaults;
# `gouji-table config --dump` prints them all, docs/config.md explains each.

[table]
name = "够级桌"
preset = "match"

# [gpio]
# pass_pin = 5

# [panels]
# enabled = true
TOML
    chmod 0644 "$CONFIG"
fi
"$VENV/bin/gouji-table" config --check --config "$CONFIG"

echo "== service"
install -D -m 0644 "$SRC/systemd/$UNIT" "/etc/systemd/system/$UNIT"
systemctl daemon-reload
systemctl enable "$UNIT"
if [ "$START" -eq 1 ]; then
    systemctl restart "$UNIT"
    echo "started: journalctl -u gouji-table -f   to watch it"
else
    echo "enabled; start with: systemctl start gouji-table"
fi
