package sqldb_test

import (
	"strings"
	"testing"

	"campus.example/apps/internal/sqldb"
)

func TestParseURL(t *testing.T) {
	tests := []struct {
		raw, password string
		dialect       sqldb.Dialect
		display       string
		net, addr     string
		user, pass    string
		dbName        string
	}{
		{raw: "sqlite:data/x.db", dialect: sqldb.SQLite, display: "sqlite:data/x.db"},
		{raw: "sqlite:///tmp/x.db", dialect: sqldb.SQLite, display: "sqlite:/tmp/x.db"},
		{raw: "mysql://app:pw@db.internal:3307/catalog", dialect: sqldb.MySQL, display: "mysql://app@db.internal:3307/catalog",
			net: "tcp", addr: "db.internal:3307", user: "app", pass: "pw", dbName: "catalog"},
		{raw: "mysql://app:pw@db/catalog", password: "override", dialect: sqldb.MySQL, display: "mysql://app@db:3306/catalog",
			net: "tcp", addr: "db:3306", user: "app", pass: "override", dbName: "catalog"},
		{raw: "mysql://app@/catalog?socket=/run/mysqld/mysqld.sock", password: "p", dialect: sqldb.MySQL,
			display: "mysql://app@unix(/run/mysqld/mysqld.sock)/catalog", net: "unix", addr: "/run/mysqld/mysqld.sock", user: "app", pass: "p", dbName: "catalog"},
		{raw: "mysql://app:p%40ss@h:1/d", dialect: sqldb.MySQL, display: "mysql://app@h:1/d", net: "tcp", addr: "h:1", user: "app", pass: "p@ss", dbName: "d"},
	}
	for _, tc := range tests {
		t.Run(tc.raw, func(t *testing.T) {
			src, err := sqldb.ParseURL(tc.raw, tc.password)
			if err != nil {
				t.Fatal(err)
			}
			if src.Dialect != tc.dialect || src.String() != tc.display {
				t.Errorf("got %v %q, want %v %q", src.Dialect, src.String(), tc.dialect, tc.display)
			}
			if tc.dialect != sqldb.MySQL {
				return
			}
			c := src.MySQL
			if c.Net != tc.net || c.Addr != tc.addr || c.User != tc.user || c.Passwd != tc.pass || c.DBName != tc.dbName || !c.ParseTime {
				t.Errorf("config %s %s %s %s %s parseTime=%v", c.Net, c.Addr, c.User, c.Passwd, c.DBName, c.ParseTime)
			}
		})
	}
}

func TestParseURL_Errors(t *testing.T) {
	for _, raw := range []string{"", "sqlite:", "postgres://u:secret@h/d", "mysql://:secret@h/d", "mysql://u:secret@h/", "mysql://u:secret@h/a/b", "mysql://u:sec ret@h\x7f/d"} {
		_, err := sqldb.ParseURL(raw, "")
		if err == nil {
			t.Errorf("ParseURL(%q) succeeded", raw)
			continue
		}
		if strings.Contains(err.Error(), "secret") || strings.Contains(err.Error(), "sec ret") {
			t.Errorf("error for %q repeats the password: %v", raw, err)
		}
	}
}
