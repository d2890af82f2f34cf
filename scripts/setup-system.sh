#!/usr/bin/env bash
# Installs the Debian / Raspberry Pi OS packages the project needs, only when missing.
# Python packages come from pyproject.toml into .venv; this covers what pip cannot:
# a CJK font for the screen and the venv module itself.
set -euo pipefail

needed=(python3-venv fonts-wqy-zenhei)
missing=()
for pkg in "${needed[@]}"; do
    dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed" || missing+=("$pkg")
done
# A pyenv or other non-Debian Python already has venv; skip python3-venv then.
if python3 -c 'import venv, ensurepip' 2>/dev/null; then
    missing=("${missing[@]/python3-venv}")
fi
missing=($(printf '%s\n' "${missing[@]}" | grep -v '^$' || true))
[ ${#missing[@]} -eq 0 ] && exit 0

if ! command -v apt-get >/dev/null; then
    echo "setup-system: please install: ${missing[*]} (no apt-get here)" >&2
    exit 0
fi
SUDO=""
[ "$(id -u)" -eq 0 ] || SUDO="sudo"
echo "setup-system: installing ${missing[*]}"
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}"
