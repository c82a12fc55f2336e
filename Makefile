# Tavolo. `make run` starts the server; `make test` runs every test, installing what a
# fresh Debian machine lacks (Chromium from apt, the npm packages with npm ci).

GO        ?= go
BIN       := bin/tavolo
CHROMIUM  := /usr/bin/chromium
SUDO      := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: run build test test-go test-js test-browser lint bench browser-deps clean

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

clean:
	rm -rf bin test-results playwright-report
