-- The samples go in on the first load only: while the ledger is empty (the script records its
-- steps right after this) and there are no tournaments. A sample that was deleted stays
-- deleted when the script runs again, and so does every sample after all were deleted.
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
WHERE NOT EXISTS (SELECT 1 FROM schema_migrations) AND NOT EXISTS (SELECT 1 FROM tournaments)
ORDER BY s.n;
