// Package boundaries holds no code: its test holds the module's rules of which package may
// import which, checked over what `go list` says each package depends on, so that the layout
// the packages' documentation describes is a fact, not a hope.
package boundaries
