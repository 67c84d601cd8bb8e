# Two commands on a fresh machine: `make run` and `make test`.
SHELL := /bin/bash
NODE_MODULES_STAMP := node_modules/.package-lock.json
SRC := $(shell find lib src builtins allowedpaths -name '*.ts' ! -name '*.test.ts' 2>/dev/null)
SCENARIOS ?= ../shared/upstream-scenarios

.PHONY: all install sysdeps build run test lint unit attacks bash-test conformance bench bench-parse typecheck clean

# Debian packages the comparison tests run the real tools from (present on a fresh machine of this
# kind; installed when missing, best effort: tests that need them skip cleanly without them)
SYS_PKGS := procps iproute2 lsof util-linux tmux binutils coreutils grep sed findutils gawk ripgrep diffutils tar gzip xxd bsdextrautils tree bc file
sysdeps:
	@missing=""; for t in ps ip ss lsof unshare tmux strings gawk rg diff tar gzip xxd column tree bc file; do command -v $$t >/dev/null 2>&1 || missing="$$missing $$t"; done; \
	if [ -n "$$missing" ]; then \
	  echo "installing Debian packages for:$$missing"; \
	  if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
	    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $(SYS_PKGS) >/dev/null || echo "warning: apt-get failed; comparison tests that need$$missing will skip"; \
	  else echo "warning: cannot install$$missing (not root or no apt-get); those comparison tests will skip"; fi; \
	fi

all: build

$(NODE_MODULES_STAMP): package.json package-lock.json
	npm ci --no-audit --no-fund
	@touch $(NODE_MODULES_STAMP)

install: $(NODE_MODULES_STAMP)

dist/rshell.js: $(NODE_MODULES_STAMP) $(SRC) scripts/build.mjs scripts/build-cli.mjs scripts/cli-launcher.mjs tsconfig.json
	node scripts/build.mjs

build: dist/rshell.js

# rshell on the current directory, read-only, every command allowed
run: build
	dist/rshell.js --allowed-paths "$(CURDIR)" --allow-all-commands

typecheck: $(NODE_MODULES_STAMP)
	npx tsc -p tsconfig.json --noEmit

# the product is type-checked by the build (tsconfig.json: strict, noUncheckedIndexedAccess, no
# unused locals or parameters); here the tests too (tsconfig.tests.json), biome (biome.jsonc) and
# knip for exports, files and dependencies nothing uses (knip.jsonc)
lint: $(NODE_MODULES_STAMP)
	npx tsc -p tsconfig.tests.json
	npx biome lint
	npx knip --no-progress

unit: build sysdeps
	npx vitest run

# the resource-attack corpus (tests/security/attacks.ts, both isolation modes) and the fuzz
# (tests/fuzz/; RSHELL_FUZZ_RUNS=100000 for a long run): alone, as they time every run. The
# in-process promise is the deadline + 100 ms (ATTACK_MARGIN_MS=100 checks it on an idle machine);
# here 500 ms, as CI shares 2 cores with the attack hosts and a few steps are not metered yet
ATTACK_MARGIN_MS ?= 500
attacks: build
	RSHELL_TIMING=1 ATTACK_MARGIN_MS=$(ATTACK_MARGIN_MS) npx vitest run

# every bash-asserted scenario under tests/scenarios/ through real bash, byte for byte
bash-test: build
	node tests/harness/bash-compare.mjs tests/scenarios

test: build lint unit attacks bash-test

conformance: build
	node tests/harness/conformance.mjs $(SCENARIOS)

bench: build
	node bench/run.mjs

bench-parse: build
	node bench/parse.mjs

clean:
	rm -rf dist
