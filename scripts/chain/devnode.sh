#!/usr/bin/env bash
# Gives the other scripts a Nitro dev node to talk to, running the ArbOS version Arbitrum One runs:
#   NITRO_RPC set  -> checks that node answers and is Nitro, prints its chain id and ArbOS version;
#                     starts nothing.
#   Docker running -> starts offchainlabs/nitro-node (pinned) in --dev mode on 127.0.0.1:8547 in the
#                     background, waits until it answers and prints how to stop it.
#   neither        -> says so in one line and exits 1.
# On the dev chain (412346) below that version it then upgrades the chain: `--dev` starts at an older
# version, and the dev account may schedule an ArbOS upgrade as a chain owner (needs cast). It never
# schedules a version the node's Nitro release cannot run: that would stop the chain for good.
set -euo pipefail
source "$(dirname "$0")/../lib/common.sh"
source "$ROOT/scripts/lib/nitro.sh"
source "$ROOT/scripts/lib/meter.sh"

usage() {
  cat <<EOF
Usage: scripts/chain/devnode.sh [--help]

Starts a Nitro dev node (${NITRO_IMAGE_DEFAULT}, --dev, chain ${NITRO_DEV_CHAIN_ID})
with Docker, on http://127.0.0.1:\${NITRO_PORT:-8547}, or checks the node given by NITRO_RPC.
A dev chain below the ArbOS version Arbitrum One runs is upgraded to it, if the node's Nitro
release runs it (the versions and the release each needs: stylus-meter rules).

Environment:
  NITRO_RPC             use this node instead of starting one (e.g. http://127.0.0.1:8547)
  NITRO_IMAGE           Docker image (default ${NITRO_IMAGE_DEFAULT})
  NITRO_PORT            host port for the node's HTTP RPC (default 8547)
  NITRO_CONTAINER       container name (default stylus-poseidon-nitro)
  NITRO_START_TIMEOUT   seconds to wait for the node to answer (default 180)
  NITRO_ARBOS           ArbOS version for the dev chain (default: Arbitrum One's)
  DOCKER                docker command (default docker)
EOF
}

case "${1:-}" in
  "") ;;
  -h | --help) usage; exit 0 ;;
  *) printf 'error: devnode: unknown argument "%s" (see scripts/chain/devnode.sh --help)\n' "$1" >&2; exit 2 ;;
esac

[[ "${NITRO_ARBOS:-0}" =~ ^[0-9]+$ ]] || die "devnode: NITRO_ARBOS=\"$NITRO_ARBOS\" is not an ArbOS version"

# One-line summary of a reachable Nitro node; dies naming the cause otherwise.
check_nitro() {
  local url="$1" origin="$2"
  rpc_chain_id "$url" || die "devnode: $origin: $RPC_ERROR"
  nitro_chain_id "$url" ||
    die "devnode: $origin: chain id $CHAIN_ID is not an Arbitrum Nitro node: $RPC_ERROR"
  nitro_arbos_version "$url" || die "devnode: $origin: $RPC_ERROR"
  printf 'devnode: Nitro node at %s answers: chain id %s%s, ArbOS %s\n' "$url" "$CHAIN_ID" \
    "$([ "$CHAIN_ID" = "$NITRO_DEV_CHAIN_ID" ] && echo ' (the --dev chain)' || true)" "$ARBOS_VERSION"
}

# cast_dev ARGS...: cast send as the dev account; dies naming what failed.
cast_dev() {
  local what="$1" out
  shift
  out="$(cast send --json --rpc-url "$URL_CHECKED" --private-key "$NITRO_DEV_PRIVATE_KEY" "$@" 2>&1)" ||
    die "devnode: $what failed: $(printf '%s' "$out" | grep -v '^[[:space:]]*$' | tail -1)"
  printf '%s' "$out" | grep -q '"status":"0x1"' || die "devnode: $what: the transaction did not succeed"
  echo "ok: $what"
}

# arbos_target: ARBOS_TARGET = NITRO_ARBOS, else the version Arbitrum One runs; MINIMUM_NITRO = the
# first Nitro release that runs it (both from the meter's rules).
arbos_target() {
  ARBOS_TARGET="${NITRO_ARBOS:-$(meter_rule arbitrum_one)}"
  MINIMUM_NITRO="$(meter_rule "minimum_nitro.$ARBOS_TARGET" 2>/dev/null)" ||
    die "devnode: NITRO_ARBOS=$ARBOS_TARGET: the meter models ArbOS $(meter_rule oldest) to $(meter_rule newest); choose one of them"
}

# runnable_target URL: refuses, before anything is sent, a target the node's Nitro release cannot
# run (once scheduled, the chain refuses every block, a rescheduled upgrade included). A node that
# does not say its release is trusted only with NITRO_ARBOS given.
runnable_target() {
  local url="$1" version minimum best="" retry
  nitro_release "$url"
  retry="NITRO_RPC=$url"
  [ -n "${NITRO_RPC:-}" ] || retry="NITRO_PORT=${PORT:-8547}"
  if [ -z "$NITRO_RELEASE" ]; then
    [ -n "${NITRO_ARBOS:-}" ] && return 0
    die "devnode: the node does not say which Nitro release it runs (web3_clientVersion: \"${NITRO_CLIENT:-no answer}\"), so upgrading the dev chain to ArbOS $ARBOS_TARGET could stop it for good (ArbOS $ARBOS_TARGET needs Nitro $MINIMUM_NITRO or later); name the version the node runs: NITRO_ARBOS=$ARBOS_TARGET $retry scripts/chain/devnode.sh"
  fi
  release_at_least "$NITRO_RELEASE" "$MINIMUM_NITRO" && return 0
  for version in $(seq "$(meter_rule oldest)" "$ARBOS_TARGET"); do
    minimum="$(meter_rule "minimum_nitro.$version" 2>/dev/null)" || continue
    release_at_least "$NITRO_RELEASE" "$minimum" && best="$version"
  done
  die "devnode: the node runs Nitro $NITRO_RELEASE, which cannot run ArbOS $ARBOS_TARGET (it needs Nitro $MINIMUM_NITRO or later); scheduling it would stop the dev chain for good, so nothing was sent.$(
    [ -n "$best" ] && [ "$best" -gt "$ARBOS_VERSION" ] && echo " Upgrade to what it runs: NITRO_ARBOS=$best $retry scripts/chain/devnode.sh;") Or run a node of Nitro $MINIMUM_NITRO or later."
}

# ensure_arbos URL: brings the dev chain to ArbOS $ARBOS_TARGET. ArbOS applies a scheduled upgrade when
# the next block starts, stepping through every version in between (Nitro arbos/arbosState
# arbosstate.go UpgradeArbosVersion), and a dev node makes a block only for a transaction: so the
# chain owner schedules it for timestamp 0 (at once) and sends one transaction.
ensure_arbos() {
  URL_CHECKED="$1"
  arbos_target
  [ "$CHAIN_ID" = "$NITRO_DEV_CHAIN_ID" ] || {
    [ "$ARBOS_VERSION" -ge "$ARBOS_TARGET" ] ||
      echo "devnode: warning: chain $CHAIN_ID runs ArbOS $ARBOS_VERSION, below $ARBOS_TARGET (Arbitrum One); not a dev chain, so left as it is"
    return 0
  }
  [ "$ARBOS_VERSION" -lt "$ARBOS_TARGET" ] || return 0
  step "Dev chain: ArbOS $ARBOS_VERSION -> $ARBOS_TARGET (ArbOwner.scheduleArbOSUpgrade at $ARB_OWNER)"
  runnable_target "$URL_CHECKED"
  echo "the node runs Nitro ${NITRO_RELEASE:-of an unnamed release, trusted by NITRO_ARBOS}; ArbOS $ARBOS_TARGET needs $MINIMUM_NITRO or later"
  command -v cast >/dev/null ||
    die "devnode: the dev chain runs ArbOS $ARBOS_VERSION and upgrading it needs cast: run scripts/setup.sh"
  if [ "$(cast call --rpc-url "$URL_CHECKED" "$ARB_OWNER_PUBLIC" "isChainOwner(address)(bool)" "$NITRO_DEV_ADDRESS")" != true ]; then
    cast_dev "ArbDebug.becomeChainOwner()" "$ARB_DEBUG" "becomeChainOwner()"
  fi
  cast_dev "ArbOwner.scheduleArbOSUpgrade($ARBOS_TARGET, 0)" "$ARB_OWNER" "scheduleArbOSUpgrade(uint64,uint64)" "$ARBOS_TARGET" 0
  cast_dev "a transaction to start the next block (0 wei to the dev account)" --value 0 "$NITRO_DEV_ADDRESS"
  nitro_arbos_version "$URL_CHECKED" || die "devnode: $RPC_ERROR"
  [ "$ARBOS_VERSION" = "$ARBOS_TARGET" ] ||
    die "devnode: the dev chain runs ArbOS $ARBOS_VERSION after the upgrade to $ARBOS_TARGET was scheduled (docker logs ${CONTAINER:-the node})"
  echo "devnode: the dev chain runs ArbOS $ARBOS_VERSION (ArbSys.arbOSVersion() = $((ARBOS_VERSION + ARB_SYS_ARBOS_VERSION_OFFSET)))"
}

if [ -n "${NITRO_RPC:-}" ]; then
  step "Check the node at NITRO_RPC=$NITRO_RPC"
  check_nitro "$NITRO_RPC" "NITRO_RPC"
  ensure_arbos "$NITRO_RPC"
  exit 0
fi

DOCKER="${DOCKER:-docker}"
IMAGE="${NITRO_IMAGE:-$NITRO_IMAGE_DEFAULT}"
PORT="${NITRO_PORT:-8547}"
CONTAINER="${NITRO_CONTAINER:-stylus-poseidon-nitro}"
TIMEOUT="${NITRO_START_TIMEOUT:-180}"
URL="http://127.0.0.1:$PORT"

hint="(start Docker or export NITRO_RPC=http://...)"
command -v "$DOCKER" >/dev/null 2>&1 ||
  die "devnode: no Nitro node: Docker is not installed and NITRO_RPC is not set $hint"
"$DOCKER" info >/dev/null 2>&1 ||
  die "devnode: no Nitro node: Docker daemon not reachable and NITRO_RPC not set $hint"

step "Is a node already answering on $URL?"
if rpc_chain_id "$URL"; then
  check_nitro "$URL" "port $PORT"
  echo "devnode: already running; nothing started."
  ensure_arbos "$URL"
  exit 0
fi
echo "no: starting one"

step "Start $IMAGE --dev as container $CONTAINER (the first run pulls about 1.3 GB)"
STEP_HINT="docker could not start the container; see its message above."
# A stopped container of the same name would block `docker run --name`. No --rm: if the node dies
# on start, its log stays readable.
"$DOCKER" rm -f "$CONTAINER" >/dev/null 2>&1 || true
# HTTP flags as Arbitrum's "Run a local Nitro dev node" docs give them; 0.0.0.0 inside the container,
# published on the host's loopback only.
"$DOCKER" run --detach --name "$CONTAINER" -p "127.0.0.1:$PORT:8547" "$IMAGE" \
  --dev --http.addr=0.0.0.0 --http.port=8547 --http.api=net,web3,eth,debug \
  --http.corsdomain='*' --http.vhosts='*' >/dev/null

step "Wait for the node to answer on $URL (up to ${TIMEOUT}s)"
deadline=$((SECONDS + TIMEOUT))
until rpc_chain_id "$URL"; do
  if [ "$("$DOCKER" inspect -f '{{.State.Running}}' "$CONTAINER" 2>/dev/null || echo false)" != true ]; then
    die "devnode: container $CONTAINER stopped before answering; its log: $DOCKER logs $CONTAINER"
  fi
  [ "$SECONDS" -lt "$deadline" ] ||
    die "devnode: $IMAGE did not answer on $URL within ${TIMEOUT}s ($RPC_ERROR); see: $DOCKER logs $CONTAINER"
  sleep 1
done
check_nitro "$URL" "port $PORT"
ensure_arbos "$URL"

cat <<EOF

The Nitro dev node runs in the background (container $CONTAINER).
  deploy to it:  NITRO_RPC=$URL scripts/chain/deploy.mjs
  its log:       $DOCKER logs -f $CONTAINER
  stop it:       $DOCKER rm -f $CONTAINER
EOF
