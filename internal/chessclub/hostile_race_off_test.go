//go:build !race

package chessclub_test

// bombSide is the side of the hostile suite's PNG decompression bomb: 36 MP, under the
// 40 MP pixel limit, from a file of a few kilobytes (see hostile_race_on_test.go).
const bombSide = 6000
