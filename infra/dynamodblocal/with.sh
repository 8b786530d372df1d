#!/usr/bin/env bash
# with.sh CMD ARGS...: installs DynamoDB Local if missing, starts it in memory on a free port,
# runs CMD with MADANG_DYNAMODB_ENDPOINT set to its URL, and stops it afterwards, also when
# CMD fails or is interrupted. Exits with CMD's status.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
state="$(mktemp -d)"
pidfile="$state/dynamodb-local.pid"
cleanup() { "$here/stop.sh" "$pidfile"; rm -rf "$state"; }
trap cleanup EXIT
trap 'exit 130' INT TERM
endpoint="$("$here/start.sh" "$pidfile")"
echo "dynamodb-local: $endpoint" >&2
MADANG_DYNAMODB_ENDPOINT="$endpoint" "$@"
