module github.com/impartial-go/impartial

go 1.25

require (
	github.com/leanovate/gopter v0.2.11
	golang.org/x/exp v0.0.0-20251023183803-a4bb9ffd2546
)
