// Package oracletest finds the chess oracle data (../shared/chess-oracle beside the
// repository) for tests. The data lives outside the repository, so a test that needs it asks
// Dir: under CI=true a missing folder fails the test, anywhere else it skips it with a message
// that says where the data was looked for.
package oracletest

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Dir returns the oracle's sub-folder sub (for example "swiss"), found from the test's working
// directory: the nearest parent holding go.mod is the repository root, and the oracle is
// ../shared/chess-oracle from there. In a linked git worktree the main worktree's root is
// tried as well, since the data sits beside the repository, not beside each worktree. It
// fails the test under CI=true when the folder is missing, and skips it otherwise.
func Dir(t testing.TB, sub string) string {
	t.Helper()
	root, err := repoRoot()
	if err != nil {
		t.Fatalf("finding the repository root: %v", err)
	}
	var tried []string
	for _, r := range []string{root, mainWorktree(root)} {
		if r == "" {
			continue
		}
		dir := filepath.Join(filepath.Dir(r), "shared", "chess-oracle", sub)
		if st, err := os.Stat(dir); err == nil && st.IsDir() {
			return dir
		}
		tried = append(tried, dir)
	}
	if inCI() {
		t.Fatalf("oracle data is required under CI=true; not found at %s", strings.Join(tried, " or "))
	}
	t.Skipf("oracle data not found at %s, skipping (it is required under CI=true)", strings.Join(tried, " or "))
	return ""
}

// Files returns the paths of the files in the oracle's sub-folder sub whose names end in ext,
// sorted, failing the test when there are none.
func Files(t testing.TB, sub, ext string) []string {
	t.Helper()
	dir := Dir(t, sub)
	paths, err := filepath.Glob(filepath.Join(dir, "*"+ext))
	if err != nil {
		t.Fatal(err)
	}
	if len(paths) == 0 {
		t.Fatalf("no %s files in %s", ext, dir)
	}
	return paths
}

// repoRoot walks up from the working directory to the folder that holds go.mod.
func repoRoot() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir, nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", os.ErrNotExist
		}
		dir = parent
	}
}

// mainWorktree returns the root of the main worktree when root is a linked git worktree (its
// .git is a file "gitdir: MAIN/.git/worktrees/NAME"), and "" otherwise.
func mainWorktree(root string) string {
	b, err := os.ReadFile(filepath.Join(root, ".git"))
	if err != nil {
		return ""
	}
	gitdir, ok := strings.CutPrefix(strings.TrimSpace(string(b)), "gitdir: ")
	if !ok {
		return ""
	}
	// MAIN/.git/worktrees/NAME → MAIN
	worktrees := filepath.Dir(filepath.Clean(gitdir))
	if filepath.Base(worktrees) != "worktrees" {
		return ""
	}
	return filepath.Dir(filepath.Dir(worktrees))
}

// inCI reports whether the tests run under CI=true, where missing data is a failure.
func inCI() bool {
	v := strings.ToLower(os.Getenv("CI"))
	return v == "true" || v == "1"
}
