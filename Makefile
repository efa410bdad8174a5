# ListingLift — the two set-up commands are `make dev` and `make test`.
.DEFAULT_GOAL := help
.PHONY: help dev test bench build setup clean

help: ## list the targets
	@grep -E '^[a-z-]+:.*## ' $(MAKEFILE_LIST) | awk -F':.*## ' '{printf "  make %-8s %s\n", $$1, $$2}'

dev: ## run the product locally: Auth emulator + server with local adapters (Ctrl-C stops)
	@scripts/dev.sh

test: ## every test: Go, store contract suite, front end, Playwright in Chromium
	@scripts/test.sh

bench: ## benchmarks with the figures the issues set targets for
	@scripts/bench.sh

build: ## build the web app and the server binary into .bin/
	@scripts/setup.sh && bash -c 'source scripts/lib.sh && build_web && build_server' && echo "built .bin/server and frontend/dist"

setup: ## install what is missing (npm ci, pinned Go tools, Chromium)
	@scripts/setup.sh --browser

clean: ## remove build output and local data
	rm -rf .bin frontend/dist var
