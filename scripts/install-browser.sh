#!/usr/bin/env bash
# Installs what the browser tests need, when it is missing: Debian's `chromium` (apt-get, which
# needs root) and the `playwright` Python package (pip), which drives the system's Chromium and
# downloads no browser of its own. Exits at once when both are there.
#
#   scripts/install-browser.sh            # install what is missing
#   scripts/install-browser.sh --check    # only say what is missing; exit 1 if anything is
set -euo pipefail

missing=()
command -v chromium > /dev/null || missing+=(chromium)
python3 -c "import playwright" 2> /dev/null || missing+=(playwright)
if [ "${#missing[@]}" -eq 0 ]; then
    exit 0
fi
if [ "${1:-}" = "--check" ]; then
    echo "missing for the browser tests: ${missing[*]} (scripts/install-browser.sh installs them)" >&2
    exit 1
fi
for package in "${missing[@]}"; do
    case "$package" in
        chromium)
            if [ "$(id -u)" -ne 0 ] && ! command -v sudo > /dev/null; then
                echo "chromium is missing, and installing it with apt-get needs root" >&2
                exit 1
            fi
            as_root=""
            [ "$(id -u)" -ne 0 ] && as_root="sudo"
            $as_root apt-get update -qq
            DEBIAN_FRONTEND=noninteractive $as_root apt-get install -y -qq chromium > /dev/null
            ;;
        playwright)
            python3 -m pip install --quiet playwright
            ;;
    esac
done
