# Tavolo. `make run` starts the server; `make test` runs every test, installing what a
# fresh Debian machine lacks (Chromium from apt, the npm packages with npm ci).

GO        ?= go
BIN       := bin/tavolo
CHROMIUM  := /usr/bin/chromium
SUDO      := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: run build test test-go test-js test-browser lint bench bench-load browser-deps clean

run: build
	./$(BIN)

build:
	$(GO) build -o $(BIN) ./cmd/tavolo

test: lint test-go test-js test-browser

test-go:
	$(GO) test -race -count=1 ./...

test-js:
	node --test pwa/test/

test-browser: build browser-deps
	PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npx playwright test

browser-deps: node_modules/.installed
	@[ -x $(CHROMIUM) ] || { $(SUDO) apt-get update -qq && $(SUDO) apt-get install -y -qq chromium; }

node_modules/.installed: package.json package-lock.json
	PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm ci --no-audit --no-fund
	touch $@

lint:
	@out=$$(gofmt -l $$(git ls-files '*.go')); if [ -n "$$out" ]; then echo "gofmt needed:"; echo "$$out"; exit 1; fi
	$(GO) vet ./...

bench:
	$(GO) test -run '^$$' -bench . -benchmem ./...
	@echo "Live updates under load (60 s, 3,000 SSE streams): make bench-load [TABLES=500 RATE=1 SECONDS=60]"

# Diamant with a phone each under load: TABLES tables of 6 phones on SSE, each acting RATE
# times a second for SECONDS, with the real store (web/diamant_load_test.go).
TABLES  ?= 500
RATE    ?= 1
SECONDS ?= 60
bench-load:
	TAVOLO_LOAD=1 TAVOLO_LOAD_TABLES=$(TABLES) TAVOLO_LOAD_RATE=$(RATE) TAVOLO_LOAD_SECONDS=$(SECONDS) \
		$(GO) test -run TestLoadPhoneTables -count=1 -v -timeout 30m ./web/ | grep -E 'LOAD|load_test'

clean:
	rm -rf bin test-results playwright-report
