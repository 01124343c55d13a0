# Sourced by the test script: when there is no display (or XE_FORCE_XVFB=1), start Xvfb
# on a free display number with openbox as its window manager (fullscreen and minimise
# need one), export DISPLAY, and stop both on exit.
xe_start_xvfb() {
  if [ -n "${DISPLAY:-}" ] && [ "${XE_FORCE_XVFB:-0}" != 1 ]; then return 0; fi
  local n
  for n in $(seq 90 130); do
    [ -e "/tmp/.X11-unix/X$n" ] || [ -e "/tmp/.X$n-lock" ] || break
  done
  Xvfb ":$n" -screen 0 1920x1080x24 -nolisten tcp >"${TMPDIR:-/tmp}/xe-xvfb-$n.log" 2>&1 &
  XE_XVFB_PID=$!
  export DISPLAY=":$n"
  for _ in $(seq 50); do
    [ -e "/tmp/.X11-unix/X$n" ] && break
    sleep 0.1
  done
  openbox >"${TMPDIR:-/tmp}/xe-openbox-$n.log" 2>&1 &
  XE_WM_PID=$!
  sleep 0.5
  trap 'kill "$XE_WM_PID" "$XE_XVFB_PID" 2>/dev/null || true' EXIT
}
