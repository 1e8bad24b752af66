#!/usr/bin/env bash
# Multi-node stage: two built server processes on the machine's PostgreSQL (a fresh database) and
# Redis, plus the S3 test server when installed, behind nginx (deploy/nginx.conf) with no sticky
# sessions; the requests, marketplace and chat E2E specs run against nginx, then one process is
# killed in the middle of a chat burst (apps/web/e2e/multinode.spec.ts). Expects `npm run build` done.
set -euo pipefail
cd "$(dirname "$0")/.."
# The Node the lockfile installed (node_modules/.bin/node), as npm scripts run.
export PATH="$PWD/node_modules/.bin:$PATH"

if ! command -v nginx >/dev/null 2>&1 && [ ! -x /usr/sbin/nginx ]; then
  echo "== installing nginx"
  apt-get update -qq
  # Only the binary is needed: the stage runs its own nginx in the foreground, not the service.
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nginx >/dev/null
fi
export NGINX_BIN="$(command -v nginx || echo /usr/sbin/nginx)"

# nginx's port; the app processes get theirs in the global setup.
E2E_PORT="$(node -e "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")"
export E2E_PORT E2E_NODES=2
export E2E_PG_ADMIN_URL="${E2E_PG_ADMIN_URL:-postgres://postgres@127.0.0.1:5432/postgres}"
export E2E_REDIS_URL="${E2E_REDIS_URL:-redis://127.0.0.1:6379/1}"

# Playwright's global teardown stops what it started and drops the database. Should the run hang or
# be killed, the trap ends its process group and removes the temp folder and the database.
export E2E_DATABASE="campusrun_e2e_$$_${RANDOM}"
TMPDIR="$(mktemp -d -t campusrun-multinode-XXXXXX)"
chmod 711 "$TMPDIR" # nginx's workers (nobody, when run as root) write request bodies under it
export TMPDIR
pw=""
cleanup() {
  if [ -n "$pw" ]; then kill -TERM -- "-$pw" 2>/dev/null || true; fi
  sleep 1
  if [ -n "$pw" ]; then kill -KILL -- "-$pw" 2>/dev/null || true; fi
  psql "$E2E_PG_ADMIN_URL" -qAtc "DROP DATABASE IF EXISTS $E2E_DATABASE WITH (FORCE)" >/dev/null 2>&1 || true
  rm -rf "$TMPDIR"
}
trap cleanup EXIT

cd apps/web
# E2E_NODES=2 selects the specs (playwright.config.ts).
setsid timeout --signal=INT --kill-after=30s 540s npx playwright test "$@" &
pw=$!
wait "$pw"
