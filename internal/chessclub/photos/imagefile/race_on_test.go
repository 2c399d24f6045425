//go:build race

package imagefile

// raceDetector is set when the tests run with -race, which makes pixel loops many times
// slower; tests that measure memory over large images then use smaller ones.
const raceDetector = true
