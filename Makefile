# Souk: `make run` starts the store, `make test` runs every test,
# `make bench` prints the benchmark figures.
# `make test` uses pipefail.
SHELL := /bin/bash
GO ?= go
# nodynamic: the WebP encoder always runs as WebAssembly (never a system
# libwebp), so every binary, with cgo or without, is the same and static.
export GOFLAGS ?= -mod=mod -tags=nodynamic

.PHONY: run build test test-go go-tests test-fuzz test-browser browser-tests bench searcheval typecheck generate clean audit

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

## test: every test (Go on SQLite, and on PostgreSQL when TEST_DATABASE_URL is set; fuzzing; browser tests).
## Three lanes run side by side once the test binary is built, each line prefixed with its lane:
## [check] go vet and the TypeScript check, [go] the Go suite then the fuzz targets, [browser] the
## browser suite; it fails if any lane fails.
# The log of all lanes is kept in TEST_LOG, and what failed, where and why, is printed last
# (.ci/failures.awk): a CI page shows only the end of the output.
TEST_LOG ?= /tmp/souk-test.log
test: node_modules
	$(GO) build -o bin/souk-test .
	@set -o pipefail; : > $(TEST_LOG); \
	 lane() { n=$$1; shift; "$$@" 2>&1 | sed -u "s/^/[$$n] /" | tee -a $(TEST_LOG); }; \
	 lane check sh -c '$(GO) vet ./... && npx tsc --noEmit -p views' & c=$$!; \
	 lane go sh -c '$(MAKE) -s go-tests && $(MAKE) -s test-fuzz' & g=$$!; \
	 lane browser $(MAKE) -s browser-tests & b=$$!; \
	 wait $$c; cs=$$?; wait $$g; gs=$$?; wait $$b; bs=$$?; \
	 awk -f .ci/failures.awk $(TEST_LOG); \
	 echo "test: checks exit $$cs, go and fuzz exit $$gs, browser exit $$bs"; test $$cs -eq 0 -a $$gs -eq 0 -a $$bs -eq 0

test-go: node_modules
	$(GO) vet ./...
	$(MAKE) -s go-tests

# The server package is the longest (its tests each run a store and mostly wait: -parallel, see
# eachStore), so it starts at once beside the other packages instead of after them. Eight at a
# time: at four it took 17 minutes using 5 of CPU; at eight 6.5, with at most 47 PostgreSQL
# connections open (of the default 100).
go-tests:
	@set -o pipefail; \
	 $(GO) test -count=1 -parallel 8 -timeout 40m ./server/ & s=$$!; \
	 $(GO) test -count=1 -p 2 -timeout 40m $$($(GO) list ./... | grep -v '^souk/server$$'); r=$$?; \
	 wait $$s; ss=$$?; test $$r -eq 0 -a $$ss -eq 0

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
	$(MAKE) -s browser-tests

# E2E_JOBS files at a time, each with its own store and Chromium.
E2E_JOBS ?= 2
browser-tests:
	node --test --test-concurrency=$(E2E_JOBS) views/e2e/

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
