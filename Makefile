# Tavolo. `make run` starts the server (ADDR=HOST:PORT, DATA=FOLDER, ARGS=more flags);
# `make run-lan` starts it for the phones of the local network; `make test` runs every
# test, installing what a fresh Debian machine lacks (Chromium and PostgreSQL from apt, the
# npm packages with npm ci).

GO        ?= go
BIN       := bin/tavolo
CHROMIUM  := /usr/bin/chromium
SUDO      := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: run run-lan say-building build engine generate test test-go test-js test-browser lint bench bench-load bench-load-sweep pgo browser-deps postgres-deps clean screens

# The server's flags from make's variables: make run ADDR=0.0.0.0:9000 DATA=/tmp/t.
ADDR ?=
DATA ?=
ARGS ?=
RUN_FLAGS = $(if $(ADDR),--addr $(ADDR)) $(if $(DATA),--data $(DATA)) $(ARGS)

run: say-building build
	@echo "Starting Tavolo: $(BIN)$(if $(strip $(RUN_FLAGS)), $(strip $(RUN_FLAGS)))"
	@./$(BIN) $(RUN_FLAGS)

# For the phones at the table: every interface of this computer, port 8080 unless ADDR says.
run-lan: ADDR = 0.0.0.0:8080
run-lan: run

say-building:
	@echo "Building Tavolo: the server and its offline engine (the first time takes a few minutes; then seconds)…"

build: engine
	@echo "  the server: $(BIN)"
	@$(GO) build -o $(BIN) ./cmd/tavolo

# The offline engine (pwa/engine/README.md): the server built for the browser, and Go's
# loader for it from the same toolchain; the module compressed once, here (brotli at its
# best takes about 100 s of CPU on it, and is done again only when the module changed),
# and the list of the three files' hashes. The server embeds them all.
engine:
	@echo "  the offline engine: pwa/engine/tavolo.wasm (Go built for WebAssembly), compressed once"
	@GOOS=js GOARCH=wasm $(GO) build -trimpath -ldflags='-s -w' -o pwa/engine/tavolo.wasm ./cmd/tavolo-offline
	@cp "$$($(GO) env GOROOT)/lib/wasm/wasm_exec.js" pwa/engine/wasm_exec.js
	@$(GO) run ./cmd/precompress pwa/engine/tavolo.wasm

# The pages' Go code from their templ files (web/page/*.templ); the generated files are
# committed, and lint fails when they are not what templ makes.
# templ's code, then pointed at templtext.String (internal/templtext says why).
generate:
	$(GO) tool templ generate -path web
	$(GO) run ./internal/templtext/rewrite web

test: lint test-go test-js test-browser

# Our packages: ./... would take in the Go files an npm package carries in node_modules.
PKGS = $$($(GO) list ./... | grep -v /node_modules/)

test-go: postgres-deps
	$(GO) test -race -count=1 $(PKGS)

test-js:
	node --test pwa/test/

test-browser: build browser-deps postgres-deps
	PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npx playwright test

# Screenshots of every game's screens at 320×568 and 390×844, light and dark, into screens/
# (pwa/screens): to look at before saying a screen is done; SCREENS_FULL=1 for whole pages.
# Not a test.
screens: build browser-deps
	PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npx playwright test -c pwa/screens/playwright.config.mjs

browser-deps: node_modules/.installed
	@[ -x $(CHROMIUM) ] || { $(SUDO) apt-get update -qq && $(SUDO) apt-get install -y -qq chromium; }

# The PostgreSQL tests (web/store/postgres, internal/pgtest, web's of several servers, the
# browser's two-servers.spec.mjs) start a server of their own in a temporary folder from
# Debian's postgresql package: installed when missing, as Chromium is. Only its programs are used; the cluster the package may start is left alone.
postgres-deps:
	@ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || { $(SUDO) apt-get update -qq && $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql; }

node_modules/.installed: package.json package-lock.json
	PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm ci --no-audit --no-fund
	touch $@

# gofmt, the generated pages up to date, go vet, staticcheck (a Go tool pinned in go.mod),
# and ESLint's recommended rules on the JavaScript (eslint.config.mjs).
lint: node_modules/.installed
	@out=$$(gofmt -l $$(git ls-files '*.go')); if [ -n "$$out" ]; then echo "gofmt needed:"; echo "$$out"; exit 1; fi
	@t=$$(mktemp -d) && for f in $$(git ls-files 'web/*.templ'); do mkdir -p $$t/$$(dirname $$f) && cp $$f $$t/$$f; done && \
		$(GO) tool templ generate -path $$t/web >/dev/null 2>&1 && $(GO) run ./internal/templtext/rewrite $$t/web && for f in $$(git ls-files 'web/*.templ'); do \
		cmp -s $$t/$${f%.templ}_templ.go $${f%.templ}_templ.go || { echo "make generate needed: $$f"; rm -rf $$t; exit 1; }; done; rm -rf $$t
	$(GO) vet $(PKGS)
	$(GO) tool staticcheck $(PKGS)
	npx eslint .

# With the engine built, so that BenchmarkEngineDownload serves it. Then Diamant's long
# tournament of computer explorers against the baselines (TestStrength, about ten minutes).
bench: engine
	$(GO) test -run '^$$' -bench . -benchmem $(PKGS)
	TAVOLO_STRENGTH=1 $(GO) test -run '^TestStrength$$' -count=1 -v -timeout 60m ./companion/diamant/ | grep -E 'players|FAIL|ok'
	@echo "Live updates under load (60 s, 3,000 SSE streams): make bench-load [GAME=diamant|donuts MODE=process|inprocess TABLES=500 RATE=1 SECONDS=60]"

# A phone each under load (issue #5): TABLES tables of GAME (diamant: 6 phones a table;
# donuts: 2, a game of two players on two phones), every phone on SSE, each table acting
# RATE times a second for SECONDS, with the real store (web/load_test.go, the game's part in
# web/load_GAME_test.go).
# The server is the real binary in a process of its own, measured from /proc (its RSS, peak
# RSS and CPU); SERVER_ENV is its Go settings, e.g. SERVER_ENV="GOMEMLIMIT=250MiB GOGC=50"
# (the server does not inherit GOMEMLIMIT/GOGC/GODEBUG from make). MODE=inprocess runs the
# server in the test's process instead, as ../shared/bench/ssefloor runs its clients with
# its server: the p99 is compared with that floor in this mode, since in its own process
# the server competes with the generator for the machine's cores. STORE=postgres keeps the
# tables in PostgreSQL (a server the test starts, fsync on: pgtest.Durable), SERVERS=2 runs
# two server processes on it with each table's phones split over them.
GAME    ?= diamant
MODE    ?= process
TABLES  ?= 500
RATE    ?= 1
SECONDS ?= 60
SERVER_ENV ?=
STORE   ?= sqlite
SERVERS ?= 1
LOAD_TEST = TAVOLO_LOAD=1 TAVOLO_LOAD_INPROCESS=$(if $(filter inprocess,$(MODE)),1,) TAVOLO_LOAD_GAME=$(GAME) TAVOLO_LOAD_TABLES=$(TABLES) TAVOLO_LOAD_SECONDS=$(SECONDS) \
	TAVOLO_LOAD_STORE=$(STORE) TAVOLO_LOAD_SERVERS=$(SERVERS) \
	TAVOLO_LOAD_SERVER_ENV="$(SERVER_ENV)" $(GO) test -run TestLoadPhoneTables -count=1 -v -timeout 30m ./web/
bench-load: $(if $(filter postgres,$(STORE)),postgres-deps,)
	TAVOLO_LOAD_RATE=$(RATE) $(LOAD_TEST) | grep -E 'LOAD|load_([a-z]+_)?test|loadproc_test|FAIL'

# The highest sustained rate: steps the rate up (SECONDS=30 each) and stops after the first
# step whose p99 passes 100 ms; the last step under it is the answer.
SWEEP_RATES ?= 0.6 0.8 1.0 1.2 1.4 1.6 1.8 2.0 2.4 2.8 3.2 4 5 6 8 10
bench-load-sweep: SECONDS = 30
bench-load-sweep:
	@best=none; for r in $(SWEEP_RATES); do \
		line=$$(TAVOLO_LOAD_RATE=$$r $(LOAD_TEST) | grep '^LOAD'); \
		echo "$$line"; \
		p99=$$(echo "$$line" | sed -n 's/.* p99=\([0-9.]*\)ms.*/\1/p'); \
		if [ -z "$$p99" ] || awk "BEGIN{exit !($$p99 > 100)}"; then break; fi; \
		best="$$line"; \
	done; echo "highest sustained (p99 under 100 ms): $$best"

# The server is built with profile-guided optimization: go build reads the CPU profile
# cmd/tavolo/default.pgo, the server's own under make bench-load (Diamant's and Donuts',
# merged), and inlines what is hot there (about 4 % less CPU an action). Made again after a
# large change of the live path; a profile of older code still helps (Go's PGO is meant so).
PGO_DIR = $(CURDIR)/bin/pgo
pgo:
	rm -rf $(PGO_DIR) && mkdir -p $(PGO_DIR)/diamant $(PGO_DIR)/donuts
	TAVOLO_LOAD_PROFILE=$(PGO_DIR)/diamant $(MAKE) --no-print-directory bench-load GAME=diamant SECONDS=60
	TAVOLO_LOAD_PROFILE=$(PGO_DIR)/donuts $(MAKE) --no-print-directory bench-load GAME=donuts SECONDS=60
	$(GO) tool pprof -proto $(PGO_DIR)/diamant/server-cpu.prof $(PGO_DIR)/donuts/server-cpu.prof > cmd/tavolo/default.pgo

clean:
	rm -rf bin test-results playwright-report
