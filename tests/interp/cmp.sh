#!/bin/bash
# Developer helper: run one script through bash and rshell (all commands allowed, cwd = a temp dir)
# and show both outputs.  tests/interp/cmp.sh 'script'
d=$(mktemp -d); cd "$d"
echo "--- bash"; bash --norc --noprofile -c "$1" </dev/null 2>&1 | sed 's/^bash: line [0-9]*: //; s/^bash: //'; echo "[exit ${PIPESTATUS[0]}]"
echo "--- rshell"; node /work/main/dist/rshell.js --allow-all-commands --allowed-paths "$d" -c "$1" </dev/null 2>&1; echo "[exit $?]"
rm -rf "$d"
