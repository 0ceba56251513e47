# Souk: `make run` starts the store, `make test` runs every test,
# `make bench` prints the benchmark figures.
GO ?= go
export GOFLAGS ?= -mod=mod

.PHONY: run build test test-go test-browser bench searcheval typecheck generate clean

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
test: node_modules typecheck test-go test-browser

test-go: node_modules
	$(GO) vet ./...
	$(GO) test -count=1 -p 2 ./...

test-browser: node_modules
	$(GO) build -o bin/souk-test .
	node --test views/e2e/

## bench: render time, cached throughput and latency, bundle size, memory
searcheval: node_modules
	$(GO) run . searcheval

bench: node_modules
	$(GO) run . bench

generate:
	$(GO) generate ./ent

clean:
	rm -rf bin data static/dist/assets static/dist/server.js static/dist/manifest.json
