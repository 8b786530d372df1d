#!/usr/bin/env bash
# Installs DynamoDB Local into $DDB_DIR (default .tools/dynamodb-local, gitignored) unless it
# is already there. DynamoDBLocal.jar ships in the emulator/ folder of the npm package
# amplify-dynamodb-simulator; only that folder is unpacked, its npm dependencies are not needed.
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
dir="${DDB_DIR:-$root/.tools/dynamodb-local}"
pkg="amplify-dynamodb-simulator@2.9.30"
if [[ -f "$dir/DynamoDBLocal.jar" ]]; then
  exit 0
fi
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
echo "dynamodb-local: fetching $pkg through npm" >&2
(cd "$tmp" && npm pack --silent "$pkg" >/dev/null)
tarball="$(ls "$tmp"/*.tgz)"
mkdir -p "$tmp/x"
tar -xzf "$tarball" -C "$tmp/x" package/emulator
mkdir -p "$(dirname "$dir")"
rm -rf "$dir"
mv "$tmp/x/package/emulator" "$dir"
test -f "$dir/DynamoDBLocal.jar" || { echo "dynamodb-local: DynamoDBLocal.jar missing from $pkg" >&2; exit 1; }
echo "dynamodb-local: installed in $dir" >&2
