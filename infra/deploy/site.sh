#!/usr/bin/env bash
# site.sh STACK [SITE_DIR]: uploads the built site (default site/dist) to the stack's bucket
# with a config.json naming the stack's WebSocket URL, and invalidates the CloudFront cache.
# *.wasm files go up gzip-encoded as application/wasm, so they are served compressed whatever
# CloudFront's own compression does. Needs the AWS CLI with credentials for the stack's account.
set -euo pipefail
stack="${1:?usage: site.sh STACK [SITE_DIR]}"
root="$(cd "$(dirname "$0")/../.." && pwd)"
src="${2:-$root/site/dist}"
[[ -f "$src/index.html" ]] || { echo "site.sh: $src/index.html missing: build the site first" >&2; exit 1; }

output() {
  aws cloudformation describe-stacks --stack-name "$stack" \
    --query "Stacks[0].Outputs[?OutputKey=='$1'].OutputValue" --output text
}
ws="$(output WebSocketURL)"
bucket="$(output SiteBucketName)"
dist="$(output SiteDistributionId)"
for v in ws bucket dist; do
  [[ -n "${!v}" && "${!v}" != None ]] || { echo "site.sh: stack $stack has no $v output" >&2; exit 1; }
done

tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
printf '{"ws":"%s"}\n' "$ws" >"$tmp/config.json"

aws s3 sync "$src" "s3://$bucket" --delete --exclude "config.json" --exclude "*.wasm"
(cd "$src" && find . -type f -name '*.wasm') | while read -r f; do
  f="${f#./}"
  mkdir -p "$tmp/wasm/$(dirname "$f")"
  gzip -9 -n -c "$src/$f" >"$tmp/wasm/$f"
  aws s3 cp "$tmp/wasm/$f" "s3://$bucket/$f" \
    --content-type application/wasm --content-encoding gzip --cache-control "public, max-age=300"
done
aws s3 cp "$tmp/config.json" "s3://$bucket/config.json" \
  --content-type application/json --cache-control "no-cache"
aws cloudfront create-invalidation --distribution-id "$dist" --paths "/*" >/dev/null
echo "site.sh: uploaded $src to s3://$bucket; WebSocket $ws"
