# Souk: `make run` starts the store, `make test` runs every test,
# `make bench` prints the benchmark figures.
GO ?= go
# nodynamic: the WebP encoder always runs as WebAssembly (never a system
# libwebp), so every binary, with cgo or without, is the same and static.
export GOFLAGS ?= -mod=mod -tags=nodynamic

.PHONY: run build test test-go test-fuzz test-browser bench searcheval typecheck generate clean audit

node_modules: package.json package-lock.json
	npm ci --no-audit --no-fund
	@touch node_modules

## run: install npm packages, build the bundles, seed ./data/souk.db on first start, serve :8080
run: node_modules
	$(GO) run . serve

## build: a release binary with the bundles embedded (bin/souk)
build: node_modules
	$(GO) run . build
	CGO_ENABLED=0 $(GO) build -trimpath -o bin/souk .

typecheck: node_modules
	npx tsc --noEmit -p views

## test: every test (Go on SQLite, and on PostgreSQL when TEST_DATABASE_URL is set; browser tests)
test: node_modules typecheck test-go test-fuzz test-browser

test-go: node_modules
	$(GO) vet ./...
	$(GO) test -count=1 -p 2 -timeout 25m ./...

## test-fuzz: every `go test -fuzz` target for FUZZTIME executions each. A count, not a duration:
## a duration races the fuzz coordinator's deadline (golang/go#75804) and fails with no crasher.
FUZZTIME ?= 3000x
# FuzzJSONCalls drives the whole API over a real store: ~45 ms a call, so fewer calls.
FUZZTIME_STORE ?= 200x
test-fuzz: node_modules
	@set -e; for f in $$(grep -rl --include='*_test.go' '^func Fuzz' app server); do \
	  pkg=./$$(dirname $$f); \
	  for t in $$(grep -o '^func Fuzz[A-Za-z0-9_]*' $$f | cut -c6-); do \
	    case $$t in FuzzJSONCalls) n=$(FUZZTIME_STORE);; *) n=$(FUZZTIME);; esac; \
	    echo "fuzz $$pkg $$t ($$n)"; \
	    $(GO) test -run='^$$' -fuzz="^$$t$$" -fuzztime=$$n $$pkg >/tmp/souk-fuzz.log 2>&1 || { cat /tmp/souk-fuzz.log; exit 1; }; \
	  done; \
	done

test-browser: node_modules
	$(GO) build -o bin/souk-test .
	node --test views/e2e/

## bench: render time, cached throughput and latency, bundle size, memory
searcheval: node_modules
	$(GO) run . searcheval

bench: node_modules
	$(GO) run . bench

## audit: Lighthouse (mobile and desktop, AUDIT_RUNS=3 runs each, medians) on six pages of bin/souk
## with Debian's Chromium. Not part of `make test`: Lighthouse (~185 MB) is installed on first use
## into AUDIT_CACHE, outside package.json, so `npm ci` for the tests stays small.
LIGHTHOUSE_VERSION ?= 12.8.2
CHROME_LAUNCHER_VERSION ?= 1.2.1
AUDIT_CACHE ?= .cache/audit
# 13.x needs Node 22; 12.8.2 is the newest that runs on Node 20.
$(AUDIT_CACHE)/.lighthouse-$(LIGHTHOUSE_VERSION):
	PUPPETEER_SKIP_DOWNLOAD=1 npm install --no-save --no-audit --no-fund --prefix $(AUDIT_CACHE) \
	  lighthouse@$(LIGHTHOUSE_VERSION) chrome-launcher@$(CHROME_LAUNCHER_VERSION)
	@touch $@

audit: build $(AUDIT_CACHE)/.lighthouse-$(LIGHTHOUSE_VERSION)
	AUDIT_CACHE=$(AUDIT_CACHE) node views/audit/lighthouse.mjs

generate:
	$(GO) generate ./ent

clean:
	rm -rf bin data static/dist/assets static/dist/server.js static/dist/manifest.json
