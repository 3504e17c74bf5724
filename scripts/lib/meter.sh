# shellcheck shell=bash
# The offline meter for the scripts: its path, built on first use, and the version rules it applies
# (`stylus-meter rules`), so no script types an ArbOS number again. Source it after common.sh.

METER_BIN="${CARGO_TARGET_DIR:-$ROOT/target}/tools/stylus-meter"

# meter_ready: builds the meter if it is not there yet (cargo's own progress shows).
meter_ready() {
  [ -x "$METER_BIN" ] && return 0
  printf 'building the offline meter first (cargo build --profile tools -p stylus-meter; several minutes on a cold target)\n' >&2
  (cd "$ROOT" && cargo build --profile tools --locked -p stylus-meter >&2) ||
    die "could not build the offline meter (cargo build --profile tools -p stylus-meter failed above)"
}

# meter_rule PATH: one of the meter's rules, e.g. `arbitrum_one`, `thresholds.contract_limit`,
# `minimum_nitro.61` (stylus-meter rules --get); fails, naming the path, when there is none.
meter_rule() {
  meter_ready
  "$METER_BIN" rules --get "$1"
}
