#!/usr/bin/env bash
# npm test: every test. Lint and types, unit and API tests (SQLite), the production build, browser tests.
#
# What waits on something other than the CPU runs beside what does not: Chromium's install (apt-get, only when it is
# missing) and the production build go on while the linter, the type checker and Vitest run; the browser tests
# start once all three are done. Each side-job's output is printed when it ends, so the log still reads in order.
set -euo pipefail
mkdir -p reports

# Starts `name` in the background with its output in reports/<name>.log; finish waits for it and prints that log.
declare -A jobs=()
start() {
  local name=$1
  shift
  "$@" >"reports/$name.log" 2>&1 &
  jobs[$name]=$!
}
finish() {
  local name=$1 status=0
  wait "${jobs[$name]}" || status=$?
  cat "reports/$name.log"
  if [ "$status" -ne 0 ]; then
    echo "npm test: $name failed (exit $status)" >&2
    exit "$status"
  fi
}
trap 'kill ${jobs[*]} 2>/dev/null || true' EXIT

start chromium bash scripts/ensure-chromium.sh
start build npm run build --silent
echo "== lint and types"
npx biome check .
npx tsc --noEmit -p .
echo "== unit and API tests (SQLite)"
npx vitest run --reporter=default --reporter=json --outputFile.json=reports/vitest.json
echo "== production build"
finish build
echo "== browser tests (Chromium)"
finish chromium
npx playwright test
node scripts/test-summary.mjs reports/vitest.json reports/playwright.json
