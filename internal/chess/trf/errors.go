package trf

import "fmt"

// SyntaxError is what Read returns for a file it cannot take: the place and the reason.
type SyntaxError struct {
	Line   int    // 1-based line number
	Column int    // 1-based column, in characters; 0 when the whole line is meant
	Msg    string // what is wrong, in words
}

func (e *SyntaxError) Error() string {
	if e.Column == 0 {
		return fmt.Sprintf("trf: line %d: %s", e.Line, e.Msg)
	}
	return fmt.Sprintf("trf: line %d, column %d: %s", e.Line, e.Column, e.Msg)
}

// errorf returns a *SyntaxError.
func errorf(line, col int, format string, args ...any) error {
	return &SyntaxError{Line: line, Column: col, Msg: fmt.Sprintf(format, args...)}
}
