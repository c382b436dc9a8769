#!/usr/bin/env bash
# How long a newcomer waits: clone this repository's committed HEAD to a temporary folder,
# `npm install`, then time `npm start` (build, migrate, seed, serve) until /healthz answers and
# the demo tenant's home page is served. Not part of `npm test`; target: under 90 s.
# Usage: tests/bench/start-time.sh [port]   (DATABASE_URL is ignored: a fresh clone uses PGlite)
set -euo pipefail

repo="$(cd "$(dirname "$0")/../.." && pwd)"
port="${1:-$((3200 + RANDOM % 800))}"
work="$(mktemp -d -t studio-start-XXXXXX)"
server_pid=""

cleanup() {
  if [ -n "$server_pid" ] && kill -0 "$server_pid" 2>/dev/null; then
    # npm start runs under its own session (setsid): end that group, which we started.
    kill -TERM -- "-$server_pid" 2>/dev/null || true
    for _ in $(seq 1 50); do kill -0 "$server_pid" 2>/dev/null || break; sleep 0.2; done
    kill -KILL -- "-$server_pid" 2>/dev/null || true
  fi
  rm -rf "$work"
}
trap cleanup EXIT

now() { date +%s.%N; }
seconds() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.1f", b - a }'; }

echo "start-time: cloning $repo to $work/app"
git clone --quiet "$repo" "$work/app"
cd "$work/app"

install_started="$(now)"
npm install --no-audit --no-fund --loglevel=error >"$work/install.log" 2>&1 || { cat "$work/install.log"; exit 1; }
install_done="$(now)"
echo "start-time: npm install took $(seconds "$install_started" "$install_done") s"

started="$(now)"
env -u DATABASE_URL -u REDIS_URL -u SMTP_URL -u DATA_DIR -u NODE_ENV PORT="$port" setsid npm start >"$work/start.log" 2>&1 &
server_pid=$!

healthy=""
served=""
deadline=$(( $(date +%s) + 180 ))
while [ "$(date +%s)" -lt "$deadline" ]; do
  if ! kill -0 "$server_pid" 2>/dev/null; then
    echo "start-time: npm start exited early" >&2
    cat "$work/start.log" >&2
    exit 1
  fi
  if [ -z "$healthy" ] && curl -sf "http://127.0.0.1:$port/healthz" >/dev/null 2>&1; then healthy="$(now)"; fi
  if [ -n "$healthy" ]; then
    page="$(curl -s -H "Host: demo.localhost:$port" "http://127.0.0.1:$port/home" || true)"
    if grep -q 'Welcome to Demo Yoga Studio' <<<"$page"; then served="$(now)"; break; fi
  fi
  sleep 0.2
done

if [ -z "$served" ]; then
  echo "start-time: no demo page within 180 s" >&2
  cat "$work/start.log" >&2
  exit 1
fi

echo "--- npm start printed ---"
cat "$work/start.log"
echo "-------------------------"
echo "start-time: /healthz answered after $(seconds "$started" "$healthy") s"
echo "start-time: demo home page served after $(seconds "$started" "$served") s (target: under 90 s)"
