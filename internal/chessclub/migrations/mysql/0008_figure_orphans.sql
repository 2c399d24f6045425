-- Photo ids whose files may exist in the photo store without a photo record: an upload's,
-- written before its files are stored and deleted when it is recorded, and a replaced
-- photo's, written when it is replaced and deleted once its files are removed. The sweep
-- removes the files of rows older than an hour; see photosweep.go. Numbered 8 to leave 7
-- to the idempotency keys.

CREATE TABLE IF NOT EXISTS figure_orphans (
  figure_id CHAR(32) NOT NULL PRIMARY KEY,
  since DATETIME NOT NULL,
  KEY figure_orphans_since (since)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_bin;
