#!/usr/bin/env bash
# Playwright drives Debian's chromium; it never downloads a browser of its own. The browser tests
# use the headless shell (the same build without the desktop browser), Lighthouse and screenshots
# the whole browser (tests/utils/chromium.ts).
set -euo pipefail
CHROMIUM="${CHROMIUM_PATH:-/usr/bin/chromium}"
SHELL_PATH="${TEST_CHROMIUM_PATH:-/usr/bin/chromium-headless-shell}"
missing=()
[ -x "$CHROMIUM" ] || missing+=(chromium)
[ -x "$SHELL_PATH" ] || missing+=(chromium-headless-shell)
if [ ${#missing[@]} -eq 0 ]; then exit 0; fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
	echo "not found: installing Debian's ${missing[*]}..."
	apt-get update -qq
	DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
	exit 0
fi
cat >&2 <<MSG
The browser tests need Debian's Chromium at $CHROMIUM and its headless shell at $SHELL_PATH;
missing: ${missing[*]}. Install them, then run the tests again:
    sudo apt-get update && sudo apt-get install -y ${missing[*]}
(or set CHROMIUM_PATH and TEST_CHROMIUM_PATH to other Chromium or Chrome binaries).
MSG
exit 1
