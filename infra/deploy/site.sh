#!/usr/bin/env bash
# site.sh [--region REGION] STACK [SITE_DIR]: uploads the built site (default site/dist) to
# the stack's bucket with a config.json naming the stack's WebSocket URL, and invalidates the
# CloudFront cache. Needs the AWS CLI with credentials for the stack's account.
#
# Region: --region, else AWS_REGION or AWS_DEFAULT_REGION, else the region `sam deploy
# --guided` saved in samconfig.toml at the repository root, else `aws configure get region`;
# every AWS CLI call gets it.
#
# Caching: every file under assets/ carries a content hash in its name (site/build.mjs), so
# it goes up immutable for a year and is never deleted (a page loaded before this upload
# still finds its files); everything else (the html pages, the service worker sw.js,
# config.json, 404.html) goes up no-cache, so browsers revalidate it and pick up the new
# asset names at once. Uploads run assets first, pages last, so no page ever names a file
# not yet there. Files whose names start with a dot (build stamps such as .stamp) are not
# uploaded.
#
# Compression: one rule. Every file goes up as itself and CloudFront compresses it for the
# viewer (Compress: true, brotli or gzip), except each *.wasm (the engines, assets/engine-
# <family>-<HASH>/madang.wasm): it goes up under its own name as the build's gzip copy
# (<file>.gz; gzip -9 here when the build has none) with Content-Encoding: gzip and
# Content-Type: application/wasm, so the largest file is compressed on every request whatever
# CloudFront's best-effort compression does (CloudFront never recompresses an object stored
# with a Content-Encoding). The other .br/.gz copies the build writes for `madang serve` stay
# home: S3 cannot choose between them by Accept-Encoding.
#
# 404.html (the page CloudFront shows for a missing path) comes from SITE_DIR when the build
# makes one, else from infra/deploy/404.html.
set -euo pipefail
region="${AWS_REGION:-${AWS_DEFAULT_REGION:-}}"
if [[ "${1:-}" == --region ]]; then
  region="${2:?usage: site.sh [--region REGION] STACK [SITE_DIR]}"
  shift 2
fi
stack="${1:?usage: site.sh [--region REGION] STACK [SITE_DIR]}"
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
src="${2:-$root/site/dist}"
[[ -f "$src/index.html" ]] || { echo "site.sh: $src/index.html missing: build the site first" >&2; exit 1; }
if [[ -z "$region" && -f "$root/samconfig.toml" ]]; then
  region="$(sed -n 's/^[[:space:]]*region[[:space:]]*=[[:space:]]*"\([^"]*\)".*/\1/p' "$root/samconfig.toml" | head -n 1)"
fi
if [[ -z "$region" ]]; then
  region="$(aws configure get region || true)"
fi
[[ -n "$region" ]] || { echo "site.sh: no region: pass --region or set AWS_REGION" >&2; exit 1; }

awsr() { aws --region "$region" "$@"; }

output() {
  awsr cloudformation describe-stacks --stack-name "$stack" \
    --query "Stacks[0].Outputs[?OutputKey=='$1'].OutputValue" --output text
}
ws="$(output WebSocketURL)"
bucket="$(output SiteBucketName)"
dist="$(output SiteDistributionId)"
for v in ws bucket dist; do
  [[ -n "${!v}" && "${!v}" != None ]] || { echo "site.sh: stack $stack in $region has no $v output" >&2; exit 1; }
done

immutable="public, max-age=31536000, immutable"
revalidate="no-cache"
hidden=(--exclude ".*" --exclude "*/.*")
copies=(--exclude "*.br" --exclude "*.gz") # the build's precompressed copies

tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT

# 1. Content-hashed assets, engine folders included (kept: no --delete), then the wasm
#    among them gzip-encoded.
if [[ -d "$src/assets" ]]; then
  awsr s3 sync "$src/assets" "s3://$bucket/assets" "${hidden[@]}" "${copies[@]}" --exclude "*.wasm" \
    --cache-control "$immutable"
fi
(cd "$src" && find . -type f -name '*.wasm' ! -path '*/.*') | while read -r f; do
  f="${f#./}"
  cache="$revalidate"
  [[ "$f" == assets/* ]] && cache="$immutable"
  packed="$src/$f.gz"
  if [[ ! -f "$packed" ]]; then
    packed="$tmp/wasm/$f"
    mkdir -p "$(dirname "$packed")"
    gzip -9 -n -c "$src/$f" >"$packed"
  fi
  awsr s3 cp "$packed" "s3://$bucket/$f" \
    --content-type application/wasm --content-encoding gzip --cache-control "$cache"
done

# 2. The pages and everything else outside assets/, revalidated on every use; pages gone
#    from the build are deleted (excluded paths are left alone by --delete).
awsr s3 sync "$src" "s3://$bucket" --delete "${hidden[@]}" "${copies[@]}" --exclude "assets/*" \
  --exclude "*.wasm" --exclude "config.json" --exclude "404.html" --cache-control "$revalidate"

printf '{"ws":"%s"}\n' "$ws" >"$tmp/config.json"
awsr s3 cp "$tmp/config.json" "s3://$bucket/config.json" \
  --content-type application/json --cache-control "$revalidate"
page404="$here/404.html"
[[ -f "$src/404.html" ]] && page404="$src/404.html"
awsr s3 cp "$page404" "s3://$bucket/404.html" \
  --content-type "text/html; charset=utf-8" --cache-control "$revalidate"

awsr cloudfront create-invalidation --distribution-id "$dist" --paths "/*" >/dev/null
echo "site.sh: uploaded $src to s3://$bucket ($region); WebSocket $ws"
