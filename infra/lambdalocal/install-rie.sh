#!/usr/bin/env bash
# install-rie.sh VERSION: installs the official AWS Lambda Runtime Interface Emulator
# (the Go module github.com/aws/aws-lambda-runtime-interface-emulator, command aws-lambda-rie)
# at VERSION into $RIE_DIR (default .tools/bin, gitignored) through the Go module proxy,
# unless that version is there already. Prints what it installs and how long it took.
set -euo pipefail
version="${1:?usage: install-rie.sh VERSION}"
root="$(cd "$(dirname "$0")/../.." && pwd)"
dir="${RIE_DIR:-$root/.tools/bin}"
module="github.com/aws/aws-lambda-runtime-interface-emulator/cmd/aws-lambda-rie"
stamp="$dir/aws-lambda-rie.version"
if [[ -x "$dir/aws-lambda-rie" && -f "$stamp" && "$(cat "$stamp")" == "$version" ]]; then
  exit 0
fi
mkdir -p "$dir"
echo "aws-lambda-rie: installing $module@$version into $dir" >&2
start=$(date +%s)
GOBIN="$dir" CGO_ENABLED=0 "${GO:-go}" install "$module@$version"
echo "$version" >"$stamp"
echo "aws-lambda-rie: installed in $(( $(date +%s) - start )) s" >&2
