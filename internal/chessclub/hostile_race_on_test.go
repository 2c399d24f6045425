//go:build race

package chessclub_test

// bombSide is the side of the hostile suite's PNG decompression bomb. Under the race
// detector, which checks every memory access, decoding and scaling a 36 MP photo takes
// 8–10 s of CPU on its own (0.4 s without it), past the suite's 10 s hang limit on a busy
// machine; 16 MP still takes the same path (a full decode within the memory budget, then a
// box shrink) in 3–4 s.
const bombSide = 4000
