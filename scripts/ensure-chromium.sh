#!/usr/bin/env bash
# The browser tests and Lighthouse drive Debian's Chromium; no tool downloads a browser of its own.
set -euo pipefail
chrome="${CHROME_PATH:-/usr/bin/chromium}"
if [ -x "$chrome" ]; then exit 0; fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null; then
  echo "Chromium is missing: installing Debian's chromium package…"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
  [ -x "$chrome" ] && exit 0
fi
echo "Chromium not found at $chrome. Install it with 'sudo apt-get install chromium' (Debian/Ubuntu) or set CHROME_PATH." >&2
exit 1
