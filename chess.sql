-- Chess Club: database chessclub and every table the server needs, plus three sample
-- tournaments. Load it with the client's source command:
--
--   mariadb -u root -e "source chess.sql"        (or: mysql -u root -e "source chess.sql")
--
-- Safe to run again: every table is CREATE TABLE IF NOT EXISTS and the samples go in only
-- while the tournaments table is empty, so nothing is dropped, existing rows are kept as they
-- are, and a deleted sample does not come back.
-- It creates no database user and no member account; README.md shows how to create a user
-- with a password, and members register through the app (make one an admin with
-- `chessclub admin USERNAME`).
--
-- The tables are exactly those of internal/chessclub/migrations/mysql; a test compares the
-- information_schema of a database made by this script with one made by the server.

SET NAMES utf8mb4;
CREATE DATABASE IF NOT EXISTS `chessclub` CHARACTER SET utf8mb4 COLLATE utf8mb4_bin;
USE `chessclub`;

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

CREATE TABLE IF NOT EXISTS login_throttle (
  bucket VARCHAR(100) NOT NULL PRIMARY KEY,
  tokens DOUBLE NOT NULL,
  updated_at DATETIME(6) NOT NULL,
  KEY login_throttle_updated (updated_at)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_bin;

-- The samples go in only while the tournaments table is empty: on a fresh database, not on one
-- in use, and a sample that was deleted stays deleted when the script runs again.
INSERT INTO tournaments (name, start_date, end_date, location, format, rounds, time_control, description, created_by, created_at)
SELECT s.name, s.start_date, s.end_date, s.location, s.format, s.rounds, s.time_control, s.description, NULL, '2026-01-01 00:00:00'
FROM (
  SELECT 1 AS n, 'Autumn Club Championship' AS name, '2026-10-03' AS start_date, '2026-11-28' AS end_date,
         'Student Union, Room 2.14' AS location, 'swiss' AS format, 9 AS rounds, '90+30' AS time_control,
         'The club''s main event: one round every Saturday, FIDE rated.' AS description
  UNION ALL SELECT 2, 'Freshers'' Blitz', '2026-09-24', '2026-09-24', 'Library café', 'round_robin', NULL, '3+2',
         'Meet the club over quick games; beginners welcome.'
  UNION ALL SELECT 3, 'Knockout Cup', '2027-02-13', '2027-02-14', 'Student Union, Room 2.14', 'knockout', 5, '15+10', NULL
) AS s
WHERE NOT EXISTS (SELECT 1 FROM tournaments)
ORDER BY s.n;
