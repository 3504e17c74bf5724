# shellcheck shell=bash
# Shared helpers for the project's scripts: source it, don't run it.
# Every step prints a one-line banner; a failing step names itself and the likely cause.

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
export PATH="$ROOT/node_modules/.bin:$HOME/.cargo/bin:$PATH"
# The Foundry binaries themselves ahead of npm's node_modules/.bin wrappers, which exit 0 whatever
# forge/cast/anvil returned (scripts/lib/foundry.sh finds them; absent before npm install).
source "$ROOT/scripts/lib/foundry.sh"
for foundry_tool in forge cast anvil; do
  if foundry_tool_path=$(foundry_bin "$foundry_tool" 2>/dev/null); then
    PATH="$(dirname "$foundry_tool_path"):$PATH"
  fi
done
unset foundry_tool foundry_tool_path

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
