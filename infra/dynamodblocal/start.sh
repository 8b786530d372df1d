#!/usr/bin/env bash
# Starts DynamoDB Local in memory on a free port and prints its endpoint URL on stdout.
# The process id goes to the file named by $1 (stop it with stop.sh FILE).
# -sharedDb: one database whatever the credentials and region of the client (DynamoDB Local
# otherwise keeps one per access key and region).
set -euo pipefail
pidfile="${1:?usage: start.sh PIDFILE}"
root="$(cd "$(dirname "$0")/../.." && pwd)"
dir="${DDB_DIR:-$root/.tools/dynamodb-local}"
"$(dirname "$0")/install.sh"
port="$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])' 2>/dev/null || echo $((20000 + RANDOM % 20000)))"
log="${pidfile%.pid}.log"
(cd "$dir" && exec java -Djava.library.path=DynamoDBLocal_lib -jar DynamoDBLocal.jar -inMemory -sharedDb -port "$port") >"$log" 2>&1 &
echo $! >"$pidfile"
for _ in $(seq 1 150); do
  if (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; then
    echo "http://127.0.0.1:$port"
    exit 0
  fi
  if ! kill -0 "$(cat "$pidfile")" 2>/dev/null; then
    echo "dynamodb-local: exited early, log:" >&2; cat "$log" >&2; exit 1
  fi
  sleep 0.2
done
echo "dynamodb-local: no answer on port $port after 30 s" >&2
kill "$(cat "$pidfile")" 2>/dev/null || true
exit 1
