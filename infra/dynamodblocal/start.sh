#!/usr/bin/env bash
# Starts DynamoDB Local in memory on a free port and prints its endpoint URL on stdout.
# The process id goes to the file named by $1 (stop it with stop.sh FILE).
# -sharedDb: one database whatever the credentials and region of the client (DynamoDB Local
# otherwise keeps one per access key and region).
set -euo pipefail
pidfile="${1:?usage: start.sh PIDFILE}"
root="$(cd "$(dirname "$0")/../.." && pwd)"
dir="${DDB_DIR:-$root/.tools/dynamodb-local}"
log="${pidfile%.pid}.log"
"$(dirname "$0")/install.sh"

listening() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }

# A port nobody listens on, from the dynamic range.
free_port() {
  local p
  for _ in $(seq 1 50); do
    p=$((20000 + RANDOM % 40000))
    listening "$p" || { echo "$p"; return 0; }
  done
  return 1
}

for attempt in 1 2 3; do
  port="$(free_port)"
  (cd "$dir" && exec java -Djava.library.path=DynamoDBLocal_lib -jar DynamoDBLocal.jar -inMemory -sharedDb -port "$port") >"$log" 2>&1 &
  pid=$!
  echo "$pid" >"$pidfile"
  for _ in $(seq 1 150); do
    if ! kill -0 "$pid" 2>/dev/null; then
      break # exited: the port was taken meanwhile, or Java failed; see below
    fi
    if listening "$port"; then
      echo "http://127.0.0.1:$port"
      exit 0
    fi
    sleep 0.2
  done
  kill "$pid" 2>/dev/null || true
  echo "dynamodb-local: attempt $attempt on port $port failed:" >&2
  tail -5 "$log" >&2 || true
done
echo "dynamodb-local: could not start (Java 17 needed: java -version)" >&2
exit 1
