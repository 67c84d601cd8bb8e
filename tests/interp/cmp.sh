#!/bin/bash
# Developer helper: run one script through bash and rshell (all commands allowed, cwd = a temp dir)
# and show both outputs.  tests/interp/cmp.sh 'script'   (rshell: this tree's dist/, `make build`)
root=$(cd "$(dirname "$0")/../.." && pwd)
d=$(mktemp -d); cd "$d"
echo "--- bash"; bash --norc --noprofile -c "$1" </dev/null 2>&1 | sed 's/^bash: line [0-9]*: //; s/^bash: //'; echo "[exit ${PIPESTATUS[0]}]"
echo "--- rshell"; node "$root/dist/rshell.js" --allow-all-commands --allowed-paths "$d" -c "$1" </dev/null 2>&1; echo "[exit $?]"
rm -rf "$d"
