package servicetest

import (
	"bufio"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// DocShell returns the shell blocks (```sh fences) of the section named heading (a line such
// as "### Chess Club") that comes after the line parent (such as "## On MariaDB or
// MySQL") in the repository's document name (a path from the repository's root, such as
// "docs/OPERATIONS.md"), up to the next heading of the same or a higher level. Tests run
// these lines as they are written, so the documents cannot drift from what works.
func DocShell(t testing.TB, name, parent, heading string) []string {
	t.Helper()
	dir, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			break
		}
		up := filepath.Dir(dir)
		if up == dir {
			t.Fatal("no go.mod above the test's directory")
		}
		dir = up
	}
	f, err := os.Open(filepath.Join(dir, filepath.FromSlash(name)))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	level := strings.Count(strings.Fields(heading)[0], "#")
	var (
		blocks             []string
		inParent, inTarget bool
		block              *strings.Builder
	)
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		if block != nil {
			if line == "```" {
				blocks = append(blocks, block.String())
				block = nil
				continue
			}
			block.WriteString(line + "\n")
			continue
		}
		switch {
		case line == parent:
			inParent = true
			continue
		case inParent && line == heading:
			inTarget = true
			continue
		case inTarget && strings.HasPrefix(line, "#"):
			if h := strings.Fields(line)[0]; strings.Trim(h, "#") == "" && len(h) <= level {
				return blocks // the section has ended
			}
		}
		if inTarget && line == "```sh" {
			block = &strings.Builder{}
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	if len(blocks) == 0 {
		t.Fatalf("%s has no shell block under %q, %q", name, parent, heading)
	}
	return blocks
}

// Bash runs script with bash -e in dir, with the extra environment variables env, and
// returns its output; a failure fails the test.
func Bash(t testing.TB, dir, script string, env ...string) string {
	t.Helper()
	cmd := exec.Command("bash", "-e", "-c", script)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), env...)
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("bash: %v\n--- script\n%s--- output\n%s", err, script, out)
	}
	return string(out)
}

// BuildCommand builds the package in the current directory (a command's) into a temporary
// directory and returns the binary's path.
func BuildCommand(t testing.TB, name string) string {
	t.Helper()
	bin := filepath.Join(t.TempDir(), name)
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	return bin
}
