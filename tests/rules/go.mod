// This directory holds no Go code. The file makes it a module of its own so
// `go ... ./...` at the root skips node_modules (some npm packages ship .go files).
module github.com/listinglift/listinglift/tests/rules

go 1.26.8
