# shellcheck shell=bash
# The Foundry binaries themselves (source it, don't run it):
#   source scripts/lib/foundry.sh; FORGE=$(foundry_bin forge) || exit 1
# npm's node_modules/.bin/{forge,cast,anvil} are node wrappers (@foundry-rs/<tool>/bin.mjs, 1.7.1) that
# exit 0 whatever the binary returned: through them a failing `forge test` or `forge fmt --check`
# passes. The binary lives in the platform package npm installed (@foundry-rs/<tool>-<os>-<arch>).
foundry_bin() {
  local root matches
  root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
  matches=("$root"/node_modules/@foundry-rs/"$1"-*/bin/"$1")
  if [ "${#matches[@]}" -ne 1 ] || [ ! -x "${matches[0]}" ]; then
    echo "foundry_bin: no single $1 binary under node_modules/@foundry-rs/$1-*/bin (run npm ci)" >&2
    return 1
  fi
  echo "${matches[0]}"
}
