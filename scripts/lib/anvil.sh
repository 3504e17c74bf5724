# shellcheck shell=bash
# A local anvil for the scripts that measure on one (source it after scripts/lib/foundry.sh, with
# step and fail defined):
#   start_anvil PORT PORT_VARIABLE [anvil flags...]
# starts `anvil --port PORT --hardfork cancun --silent [flags]` in the background, sets RPC, stops it
# (stop_anvil: and waits, so the port is free again) when the script exits, and fails unless it answers. The
# port's variable is named in the failure, for the case another process holds the port.
# stop_anvil: stops the anvil start_anvil started and waits for it (a script that sets its own EXIT
# trap calls it there).
stop_anvil() {
  kill "$ANVIL_PID" 2>/dev/null || true
  wait "$ANVIL_PID" 2>/dev/null || true
}

start_anvil() {
  local port="$1" variable="$2"
  shift 2
  RPC="http://127.0.0.1:$port"
  "$ANVIL" --port "$port" --hardfork cancun --silent "$@" &
  ANVIL_PID=$!
  trap stop_anvil EXIT
  for _ in $(seq 1 50); do
    "$CAST" chain-id --rpc-url "$RPC" >/dev/null 2>&1 && break
    sleep 0.2
  done
  "$CAST" chain-id --rpc-url "$RPC" >/dev/null 2>&1 || fail "anvil did not answer on $RPC"
  # Something else answering on the port while our anvil died would be measured instead.
  kill -0 "$ANVIL_PID" 2>/dev/null || fail "anvil exited (port $port in use? set $variable)"
}
