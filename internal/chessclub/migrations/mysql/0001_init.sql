-- Chess Club schema for MySQL and MariaDB. chess.sql at the repository root is generated from
-- these files (go run ./cmd/chessclub sql > chess.sql), so the two cannot drift.
-- Every table is utf8mb4_bin: case-insensitive uniqueness comes from the *_key columns, which
-- hold the Go-folded value, so both databases compare text the same way.

CREATE TABLE IF NOT EXISTS members (
  id BIGINT NOT NULL AUTO_INCREMENT PRIMARY KEY,
  username VARCHAR(32) NOT NULL,
  username_key VARCHAR(32) NOT NULL,
  password_hash VARCHAR(255) NOT NULL,
  full_name VARCHAR(100) NOT NULL,
  email VARCHAR(254) NULL,
  email_key VARCHAR(254) NULL,
  rating INT NOT NULL DEFAULT 1200,
  role VARCHAR(10) NOT NULL DEFAULT 'member',
  joined_at DATETIME NOT NULL,
  UNIQUE KEY members_username_key (username_key),
  UNIQUE KEY members_email_key (email_key),
  CONSTRAINT members_role CHECK (role IN ('member', 'admin'))
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_bin;

CREATE TABLE IF NOT EXISTS sessions (
  token_hash CHAR(64) NOT NULL PRIMARY KEY,
  member_id BIGINT NOT NULL,
  created_at DATETIME NOT NULL,
  expires_at DATETIME NOT NULL,
  KEY sessions_member (member_id),
  CONSTRAINT sessions_member_fk FOREIGN KEY (member_id) REFERENCES members (id) ON DELETE CASCADE
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_bin;

CREATE TABLE IF NOT EXISTS tournaments (
  id BIGINT NOT NULL AUTO_INCREMENT PRIMARY KEY,
  name VARCHAR(100) NOT NULL,
  start_date DATE NOT NULL,
  end_date DATE NOT NULL,
  location VARCHAR(100) NULL,
  format VARCHAR(20) NOT NULL DEFAULT 'swiss',
  rounds SMALLINT NULL,
  time_control VARCHAR(50) NULL,
  description VARCHAR(2000) NULL,
  created_by BIGINT NULL,
  created_at DATETIME NOT NULL,
  KEY tournaments_start (start_date, id),
  KEY tournaments_created_by (created_by),
  CONSTRAINT tournaments_created_by_fk FOREIGN KEY (created_by) REFERENCES members (id) ON DELETE SET NULL,
  CONSTRAINT tournaments_dates CHECK (end_date >= start_date),
  CONSTRAINT tournaments_format CHECK (format IN ('swiss', 'round_robin', 'knockout')),
  CONSTRAINT tournaments_rounds CHECK (rounds IS NULL OR rounds BETWEEN 1 AND 30)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_bin;

CREATE TABLE IF NOT EXISTS figures (
  id CHAR(32) NOT NULL PRIMARY KEY,
  member_id BIGINT NOT NULL,
  content_type VARCHAR(20) NOT NULL,
  size BIGINT NOT NULL,
  width INT NOT NULL,
  height INT NOT NULL,
  created_at DATETIME NOT NULL,
  UNIQUE KEY figures_member (member_id),
  CONSTRAINT figures_member_fk FOREIGN KEY (member_id) REFERENCES members (id) ON DELETE CASCADE
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_bin;
