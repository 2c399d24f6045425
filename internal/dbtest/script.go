package dbtest

import (
	"fmt"
	"os/exec"
	"path/filepath"
	"testing"

	"campus.example/apps/internal/sqldb"
)

// SourceScript loads the SQL script at path into the local MariaDB with the command-line
// client's `source` command, as root over the Unix socket, as a deployer would.
func SourceScript(t testing.TB, path string) {
	t.Helper()
	skipOnGaleraTarget(t, "loading a script with the mariadb client")
	Admin(t) // skip or fail like every MariaDB test when the server is missing
	client := clientCommand(t)
	abs, err := filepath.Abs(path)
	if err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command(client, "-u", "root", "-e", "source "+abs).CombinedOutput()
	if err != nil {
		t.Fatalf("%s -e \"source %s\": %v\n%s", client, path, err, out)
	}
}

// clientCommand finds the mariadb (or mysql) client, which `source` needs.
func clientCommand(t testing.TB) string {
	t.Helper()
	for _, name := range []string{"mariadb", "mysql"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	if InCI() {
		t.Fatal("the mariadb client is required under CI=true")
	}
	t.Skip("no mariadb or mysql client on PATH")
	return ""
}

// TempUser creates a MariaDB user that logs in over TCP from 127.0.0.1 with a random
// password and holds privileges on database, and drops it when the test ends.
func TempUser(t testing.TB, database, privileges string) (user, password string) {
	t.Helper()
	admin := Admin(t)
	user, password = "t_"+RandomHex(6), RandomHex(16)
	for _, stmt := range []string{
		fmt.Sprintf("CREATE USER '%s'@'127.0.0.1' IDENTIFIED BY '%s'", user, password),
		fmt.Sprintf("GRANT %s ON `%s`.* TO '%s'@'127.0.0.1'", privileges, database, user),
	} {
		if _, err := admin.Exec(stmt); err != nil {
			t.Fatalf("create test user: %v", err)
		}
	}
	t.Cleanup(func() {
		if _, err := admin.Exec(fmt.Sprintf("DROP USER IF EXISTS '%s'@'127.0.0.1'", user)); err != nil {
			t.Errorf("drop test user %s: %v", user, err)
		}
	})
	return user, password
}

// OpenAsNewUser creates a user with privileges on database (see TempUser) and connects as that
// user over TCP, the way a deployment does: a mysql:// URL without the password, which comes
// separately as the services' *_DB_PASSWORD variables give it. It returns the pool, closed when
// the test ends, and the user's name.
func OpenAsNewUser(t testing.TB, database, privileges string) (*sqldb.DB, string) {
	t.Helper()
	user, password := TempUser(t, database, privileges)
	src, err := sqldb.ParseURL("mysql://"+user+"@127.0.0.1:3306/"+database, password)
	if err != nil {
		t.Fatal(err)
	}
	return mustOpen(t, src), user
}
