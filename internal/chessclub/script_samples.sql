-- The samples go in on the first load only: while the ledger is empty (the script records its
-- steps right after this) and there are no tournaments. A sample that was deleted stays
-- deleted when the script runs again, and so does every sample after all were deleted.
-- They are dated from the day the database is created, so that a new club opens on events
-- still taking entries: a blitz in 6 days, the championship from 13 days on (nine rounds, one
-- a week) and a knockout cup in 6 weeks. MariaDB counts the days when it loads the script;
-- MigrateWithSamples puts in the dates and the time of the server's clock instead (SQLite has
-- no UTC_DATE() or INTERVAL), so keep them written as UTC_DATE() + INTERVAL n DAY and
-- UTC_TIMESTAMP().
INSERT INTO tournaments (name, start_date, end_date, location, format, rounds, time_control, description, created_by, created_at)
SELECT s.name, s.start_date, s.end_date, s.location, s.format, s.rounds, s.time_control, s.description, NULL, UTC_TIMESTAMP()
FROM (
  SELECT 1 AS n, 'Club Championship' AS name, UTC_DATE() + INTERVAL 13 DAY AS start_date, UTC_DATE() + INTERVAL 69 DAY AS end_date,
         'Student Union, Room 2.14' AS location, 'swiss' AS format, 9 AS rounds, '90+30' AS time_control,
         'The club''s main event: one round a week, FIDE rated.' AS description
  UNION ALL SELECT 2, 'Newcomers'' Blitz', UTC_DATE() + INTERVAL 6 DAY, UTC_DATE() + INTERVAL 6 DAY, 'Library café', 'round_robin', NULL, '3+2',
         'Meet the club over quick games; beginners welcome.'
  UNION ALL SELECT 3, 'Knockout Cup', UTC_DATE() + INTERVAL 41 DAY, UTC_DATE() + INTERVAL 42 DAY, 'Student Union, Room 2.14', 'knockout', 5, '15+10', NULL
) AS s
WHERE NOT EXISTS (SELECT 1 FROM schema_migrations) AND NOT EXISTS (SELECT 1 FROM tournaments)
ORDER BY s.n;
