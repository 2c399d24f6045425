//go:build race

package chessclub

// raceDetector is set when the tests run with -race, which makes pixel loops many times
// slower; tests that measure memory over large images then use smaller ones.
const raceDetector = true
