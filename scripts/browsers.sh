# Debian's Chromium builds the journeys run in (e2e/playwright.config.ts): the headless shell for
# most, the full browser for the few that need it. Source it, call install_browsers LOG early (the
# install, when any is missing, runs in the background: 36 s on a fresh machine here) and
# browsers_ready before the journeys.

browsers_install=
install_browsers() {
  local missing=()
  command -v chromium >/dev/null || missing+=(chromium)
  command -v chromium-headless-shell >/dev/null || missing+=(chromium-headless-shell)
  [ ${#missing[@]} -gt 0 ] || return 0
  (apt-get update -qq && apt-get install -y -qq -o DPkg::Lock::Timeout=300 "${missing[@]}" >/dev/null) \
    >"$1" 2>&1 &
  browsers_install=$!
}

browsers_ready() {
  if [ -n "$browsers_install" ] && ! wait "$browsers_install"; then
    echo "Chromium could not be installed:"; cat "$1"
  fi
  browsers_install=
}
