# `make test` runs every test; see README.md.
.PHONY: test run-creatures run-chessclub bench

test:
	bash scripts/test.sh

run-creatures:
	go run ./cmd/creatures

run-chessclub:
	go run ./cmd/chessclub

bench:
	bash scripts/bench.sh
