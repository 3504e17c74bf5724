#!/usr/bin/env bash
# Gives the other scripts a Nitro dev node to talk to:
#   NITRO_RPC set  -> checks that node answers and is Nitro, prints its chain id; starts nothing.
#   Docker running -> starts offchainlabs/nitro-node (pinned) in --dev mode on 127.0.0.1:8547 in the
#                     background, waits until it answers and prints how to stop it.
#   neither        -> says so in one line and exits 1.
set -euo pipefail
source "$(dirname "$0")/lib/common.sh"
source "$ROOT/scripts/lib/nitro.sh"

usage() {
  cat <<EOF
Usage: scripts/devnode.sh [--help]

Starts a Nitro dev node (${NITRO_IMAGE_DEFAULT}, --dev, chain ${NITRO_DEV_CHAIN_ID})
with Docker, on http://127.0.0.1:\${NITRO_PORT:-8547}, or checks the node given by NITRO_RPC.

Environment:
  NITRO_RPC             use this node instead of starting one (e.g. http://127.0.0.1:8547)
  NITRO_IMAGE           Docker image (default ${NITRO_IMAGE_DEFAULT})
  NITRO_PORT            host port for the node's HTTP RPC (default 8547)
  NITRO_CONTAINER       container name (default stylus-poseidon-nitro)
  NITRO_START_TIMEOUT   seconds to wait for the node to answer (default 180)
  DOCKER                docker command (default docker)
EOF
}

case "${1:-}" in
  "") ;;
  -h | --help) usage; exit 0 ;;
  *) printf 'error: devnode: unknown argument "%s" (see scripts/devnode.sh --help)\n' "$1" >&2; exit 2 ;;
esac

# One-line summary of a reachable Nitro node; dies naming the cause otherwise.
check_nitro() {
  local url="$1" origin="$2"
  rpc_chain_id "$url" || die "devnode: $origin: $RPC_ERROR"
  nitro_chain_id "$url" ||
    die "devnode: $origin: chain id $CHAIN_ID is not an Arbitrum Nitro node: $RPC_ERROR"
  printf 'devnode: Nitro node at %s answers: chain id %s%s\n' "$url" "$CHAIN_ID" \
    "$([ "$CHAIN_ID" = "$NITRO_DEV_CHAIN_ID" ] && echo ' (the --dev chain)' || true)"
}

if [ -n "${NITRO_RPC:-}" ]; then
  step "Check the node at NITRO_RPC=$NITRO_RPC"
  check_nitro "$NITRO_RPC" "NITRO_RPC"
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

cat <<EOF

The Nitro dev node runs in the background (container $CONTAINER).
  deploy to it:  NITRO_RPC=$URL scripts/deploy.sh
  its log:       $DOCKER logs -f $CONTAINER
  stop it:       $DOCKER rm -f $CONTAINER
EOF
