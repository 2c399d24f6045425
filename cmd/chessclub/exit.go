package main

import "errors"

// statusError is an error that chooses the process's exit status. A subcommand wraps its error
// with withStatus; main prints the error and exits with exitStatus(err).
type statusError struct {
	status int
	err    error
}

func (e *statusError) Error() string { return e.err.Error() }
func (e *statusError) Unwrap() error { return e.err }

// withStatus marks err to end the process with the given exit status; a nil err stays nil.
func withStatus(status int, err error) error {
	if err == nil {
		return nil
	}
	return &statusError{status: status, err: err}
}

// usageStatus is the exit status of a command used wrongly or given bad input (a file that
// cannot be read, an unknown code): 2, as flag and most Unix tools use it.
const usageStatus = 2

// exitStatus returns the exit status for an error run returned: the one it was marked with,
// or 1.
func exitStatus(err error) int {
	var se *statusError
	if errors.As(err, &se) {
		return se.status
	}
	return 1
}
