#!/usr/bin/env bash
# The API and unit tests again, on PostgreSQL: each test file gets its own schema in TEST_DATABASE_URL.
set -euo pipefail
export TEST_DATABASE_URL="${TEST_DATABASE_URL:-postgres://postgres@127.0.0.1:5432/test}"
if ! node -e "const c=new (require('pg').Client)(process.env.TEST_DATABASE_URL);c.connect().then(()=>c.end()).catch(e=>{console.error(e.message);process.exit(1)})"; then
  echo "PostgreSQL is not reachable at $TEST_DATABASE_URL: start it or set TEST_DATABASE_URL." >&2
  exit 1
fi
mkdir -p reports
echo "== unit and API tests (PostgreSQL)"
npx vitest run --reporter=default --reporter=json --outputFile.json=reports/vitest-postgres.json
node scripts/test-summary.mjs reports/vitest-postgres.json
