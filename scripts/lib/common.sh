# Shared helpers for the project's scripts: source it, don't run it.
# Every step prints a one-line banner; a failing step names itself and the likely cause.

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
export PATH="$ROOT/node_modules/.bin:$HOME/.cargo/bin:$PATH"
# The Foundry binaries themselves ahead of npm's node_modules/.bin wrappers, which exit 0 whatever
# forge/cast/anvil returned (see scripts/lib/foundry.sh).
for foundry_dir in "$ROOT"/node_modules/@foundry-rs/{forge,cast,anvil}-*/bin; do
  [ -d "$foundry_dir" ] && PATH="$foundry_dir:$PATH"
done
unset foundry_dir

step() {
  CURRENT_STEP="$1"
  printf '\n==> %s\n' "$1"
}

die() {
  printf 'error: %s\n' "$*" >&2
  exit 1
}

on_error() {
  local status=$?
  printf '\nerror: step "%s" failed (exit %s). %s\n' "${CURRENT_STEP:-setup}" "$status" "${STEP_HINT:-}" >&2
  exit "$status"
}

trap on_error ERR
