#!/usr/bin/env bash
# Runs the tests with the machine's clock set to each of several dates (Debian's faketime), to
# show that no test depends on the day it runs: the demo company's holidays and changed hours
# included. Database tests run on the embedded database only here, since a PostgreSQL server
# keeps its own clock. The browser tests are left out by default: Chromium under libfaketime
# spins (each test runs into its time-outs), and its clock is what the wizard reads; they pick
# their times from what the server offers instead of from a date.
#
#   bash scripts/test-on-dates.sh                       # unit and component tests, default dates
#   DATES="2026-12-23 2027-01-01" bash scripts/test-on-dates.sh apps/server/src/modules/scheduling
#
# Arguments go to Vitest (a file, --project unit|web, ...); without any, the unit and web projects.
set -euo pipefail
cd "$(dirname "$0")/.."
command -v faketime >/dev/null || { echo "faketime is missing: apt-get install -y faketime"; exit 1; }

# Two days before each of the demo's days off (tests often pick "the day after tomorrow"), and
# days whose week holds one: Thanksgiving, an inspector's week away and extra Saturday, the
# year's end.
DATES="${DATES:-2026-11-24 2026-11-25 2026-12-03 2026-12-22 2026-12-23 2026-12-30}"
(($#)) || set -- --project unit --project web
failed=()
for date in $DATES; do
  echo "▶ tests with the clock at $date 15:00 UTC"
  # '@' starts the clock at that instant and lets it run on; FAKETIME_DONT_RESET lets a child
  # process (a server the test starts, Chromium) go on with the same clock instead of starting
  # it again. Monotonic clocks stay real, so timeouts keep working.
  if ! env -u TEST_DATABASE_URL TZ=UTC FAKETIME_DONT_RESET=1 FAKETIME_DONT_FAKE_MONOTONIC=1 faketime -f "@$date 15:00:00" npx vitest run "$@"; then
    failed+=("$date")
  fi
done
if ((${#failed[@]})); then
  echo "✖ failed with the clock at: ${failed[*]}"
  exit 1
fi
echo "✓ passed on every date: $DATES"
