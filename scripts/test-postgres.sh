#!/usr/bin/env bash
# The API tests again, on PostgreSQL: each test file gets its own schema in TEST_DATABASE_URL.
#
# Only the files that reach PostgreSQL run here. A test file reaches it only through TEST_DATABASE_URL: by importing
# test/support/test-database.ts (directly or through test-app.ts and the other support modules) or by reading the
# variable itself. `vitest related` takes every file that mentions the variable and runs each test file that is one
# of them or imports one, through Vitest's own module graph, so a new database test is picked up without a list to
# keep. The others (pure functions, the web app's units, CLI scripts that spawn with SQLite) would run exactly as in
# `npm test`: running them again proved nothing.
set -euo pipefail
export TEST_DATABASE_URL="${TEST_DATABASE_URL:-postgres://postgres@127.0.0.1:5432/test}"
if ! node -e "const c=new (require('pg').Client)(process.env.TEST_DATABASE_URL);c.connect().then(()=>c.end()).catch(e=>{console.error(e.message);process.exit(1)})"; then
  echo "PostgreSQL is not reachable at $TEST_DATABASE_URL: start it or set TEST_DATABASE_URL." >&2
  exit 1
fi
mapfile -t readers < <(grep -rl --include='*.ts' TEST_DATABASE_URL src test scripts)
mkdir -p reports
echo "== API tests that reach the database (PostgreSQL)"
npx vitest related --run "${readers[@]}" --reporter=default --reporter=json --outputFile.json=reports/vitest-postgres.json
node scripts/test-summary.mjs reports/vitest-postgres.json
