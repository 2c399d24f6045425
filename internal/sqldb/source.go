// Package sqldb opens the two databases the services run on — an embedded SQLite file and a
// MySQL-compatible server — and holds the few pieces where their SQL differs: migrations,
// transactions, duplicate-key detection and case folding.
package sqldb

import (
	"errors"
	"fmt"
	"net"
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/go-sql-driver/mysql"
)

// Dialect names the SQL dialect of a database.
type Dialect int

const (
	// SQLite is the embedded database, used by default.
	SQLite Dialect = iota + 1
	// MySQL is MariaDB or MySQL, for deployments with several replicas.
	MySQL
)

func (d Dialect) String() string {
	switch d {
	case SQLite:
		return "sqlite"
	case MySQL:
		return "mysql"
	}
	return "unknown"
}

// Source says how to reach a database. Its String form never contains the password, so it
// is safe to log.
type Source struct {
	Dialect Dialect
	// Path is the SQLite file.
	Path string
	// MySQL is the driver configuration, password included.
	MySQL *mysql.Config
}

// String returns the source with any password removed.
func (s Source) String() string {
	if s.Dialect == SQLite {
		return "sqlite:" + s.Path
	}
	if s.MySQL == nil {
		return "mysql://"
	}
	addr := s.MySQL.Addr
	if s.MySQL.Net == "unix" {
		addr = "unix(" + addr + ")"
	}
	return fmt.Sprintf("mysql://%s@%s/%s", s.MySQL.User, addr, s.MySQL.DBName)
}

// ParseURL parses "sqlite:PATH" or "mysql://USER:PASSWORD@HOST:PORT/DATABASE" (optionally with
// "?socket=/path/to/mysqld.sock" to use a Unix socket instead of TCP, and with
// "wsrep_sync_wait=1" to make every read on a Galera cluster wait until the node has applied
// the writes committed on the other nodes before it: see docs/OPERATIONS.md). A non-empty password
// replaces the URL's, so deployments can keep it out of the URL. Errors never quote the URL,
// since it may hold a password.
func ParseURL(raw, password string) (Source, error) {
	switch {
	case strings.HasPrefix(raw, "sqlite:"):
		path := strings.TrimPrefix(raw, "sqlite:")
		path = strings.TrimPrefix(path, "//")
		if path == "" {
			return Source{}, errors.New("database URL: sqlite: needs a file path, as in sqlite:data/app.db")
		}
		return Source{Dialect: SQLite, Path: path}, nil
	case strings.HasPrefix(raw, "mysql://"), strings.HasPrefix(raw, "mariadb://"):
		return parseMySQL(raw, password)
	}
	return Source{}, errors.New("database URL: must start with sqlite: or mysql://")
}

func parseMySQL(raw, password string) (Source, error) {
	u, err := url.Parse(raw)
	if err != nil {
		return Source{}, errors.New("database URL: not a valid mysql:// URL")
	}
	cfg := mysql.NewConfig()
	cfg.User = u.User.Username()
	if p, ok := u.User.Password(); ok {
		cfg.Passwd = p
	}
	if password != "" {
		cfg.Passwd = password
	}
	if cfg.User == "" {
		return Source{}, errors.New("database URL: mysql:// needs a user, as in mysql://USER@HOST:3306/DATABASE")
	}
	cfg.DBName = strings.TrimPrefix(u.Path, "/")
	if cfg.DBName == "" || strings.Contains(cfg.DBName, "/") {
		return Source{}, errors.New("database URL: mysql:// needs one database name as its path")
	}
	if sock := u.Query().Get("socket"); sock != "" {
		cfg.Net, cfg.Addr = "unix", sock
	} else {
		host, port := u.Hostname(), u.Port()
		if host == "" {
			host = "127.0.0.1"
		}
		if port == "" {
			port = "3306"
		}
		cfg.Net, cfg.Addr = "tcp", net.JoinHostPort(host, port)
	}
	src := MySQLSource(cfg)
	if w := u.Query().Get("wsrep_sync_wait"); w != "" {
		n, err := strconv.Atoi(w)
		if err != nil || n < 0 || n > 15 {
			return Source{}, errors.New("database URL: wsrep_sync_wait must be a number from 0 to 15")
		}
		src.MySQL.Params["wsrep_sync_wait"] = strconv.Itoa(n)
	}
	return src, nil
}

// MySQLSource returns a source for cfg with the settings the services rely on: times parsed
// as UTC, utf8mb4, and client-side parameter interpolation, which saves a prepare round trip
// per query and is safe with utf8mb4. cfg itself is not changed.
func MySQLSource(cfg *mysql.Config) Source {
	cfg = cfg.Clone()
	cfg.ParseTime = true
	cfg.Loc = time.UTC
	cfg.InterpolateParams = true
	cfg.Collation = "utf8mb4_general_ci"
	cfg.Params = map[string]string{"time_zone": "'+00:00'"}
	cfg.Timeout = 10 * time.Second
	return Source{Dialect: MySQL, MySQL: cfg}
}
