#!/usr/bin/env bash
# Stops the DynamoDB Local started by start.sh PIDFILE; quiet when it is not running.
pidfile="${1:?usage: stop.sh PIDFILE}"
if [[ -f "$pidfile" ]]; then
  pid="$(cat "$pidfile")"
  kill "$pid" 2>/dev/null && { for _ in $(seq 1 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done; }
  rm -f "$pidfile" "${pidfile%.pid}.log"
fi
exit 0
