#!/usr/bin/env bash
# npm test: every test. Lint and types, unit and API tests (SQLite), the production build, browser tests.
set -euo pipefail
mkdir -p reports
bash scripts/ensure-chromium.sh
echo "== lint and types"
npx biome check .
npx tsc --noEmit -p .
echo "== unit and API tests (SQLite)"
npx vitest run --reporter=default --reporter=json --outputFile.json=reports/vitest.json
echo "== production build"
npm run build
echo "== browser tests (Chromium)"
npx playwright test
node scripts/test-summary.mjs reports/vitest.json reports/playwright.json
