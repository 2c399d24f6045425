// Package flagenv gives command-line flags environment-variable twins.
//
// A flag set on the command line wins; otherwise its twin in the environment applies;
// otherwise the flag's default. Defaults shown by -h are the built-in ones, never values read
// from the environment, which may hold secrets.
package flagenv

import (
	"flag"
	"fmt"
)

// Twins maps flag names to environment variable names.
type Twins map[string]string

// Describe appends "(env NAME)" to each twinned flag's usage, for -h. Call it after defining
// the flags and before parsing.
func Describe(fs *flag.FlagSet, twins Twins) {
	fs.VisitAll(func(f *flag.Flag) {
		if env, ok := twins[f.Name]; ok {
			f.Usage += fmt.Sprintf(" (env %s)", env)
		}
	})
}

// Apply sets each flag that the command line left alone from its environment twin, when that
// is non-empty. Call it after fs.Parse.
func Apply(fs *flag.FlagSet, twins Twins, getenv func(string) string) error {
	explicit := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { explicit[f.Name] = true })
	for name, env := range twins {
		if explicit[name] {
			continue
		}
		v := getenv(env)
		if v == "" {
			continue
		}
		if err := fs.Set(name, v); err != nil {
			return fmt.Errorf("%s: %w", env, err)
		}
	}
	return nil
}
