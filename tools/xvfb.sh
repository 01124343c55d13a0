# Sourced by the test script: when there is no display (or XE_FORCE_XVFB=1), start Xvfb
# on a free display number with openbox as its window manager (fullscreen and minimise
# need one), export DISPLAY, and stop both on exit.
# The number is ours only when its lock file holds our server's pid: the X server creates
# that file atomically, so of two started for one number, one gives up (try the next).
xe_start_xvfb() {
  if [ -n "${DISPLAY:-}" ] && [ "${XE_FORCE_XVFB:-0}" != 1 ]; then return 0; fi
  local n owner
  for n in $(seq 90 130); do
    [ -e "/tmp/.X11-unix/X$n" ] || [ -e "/tmp/.X$n-lock" ] && continue
    Xvfb ":$n" -screen 0 1920x1080x24 -nolisten tcp >"${TMPDIR:-/tmp}/xe-xvfb-$n.log" 2>&1 &
    XE_XVFB_PID=$!
    owner=
    for _ in $(seq 100); do
      kill -0 "$XE_XVFB_PID" 2>/dev/null || break
      if [ -e "/tmp/.X11-unix/X$n" ]; then
        owner=$(tr -d ' \n' <"/tmp/.X$n-lock" 2>/dev/null || true)
        [ -n "$owner" ] && break
      fi
      sleep 0.1
    done
    [ "$owner" = "$XE_XVFB_PID" ] && break
    kill "$XE_XVFB_PID" 2>/dev/null || true
    wait "$XE_XVFB_PID" 2>/dev/null || true
    XE_XVFB_PID=
  done
  if [ -z "${XE_XVFB_PID:-}" ]; then
    echo "xvfb.sh: no free X display number in 90-130" >&2
    return 1
  fi
  export DISPLAY=":$n"
  openbox >"${TMPDIR:-/tmp}/xe-openbox-$n.log" 2>&1 &
  XE_WM_PID=$!
  sleep 0.5
  trap 'kill "$XE_WM_PID" "$XE_XVFB_PID" 2>/dev/null || true' EXIT
}
