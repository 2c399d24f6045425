-- Thumbnails of member photos, one per photo; see photos.go. A photo stored before
-- thumbnails existed has no row here until its thumbnail is first asked for.

CREATE TABLE IF NOT EXISTS figure_thumbnails (
  figure_id CHAR(32) NOT NULL PRIMARY KEY,
  content_type VARCHAR(20) NOT NULL,
  size BIGINT NOT NULL,
  width INT NOT NULL,
  height INT NOT NULL,
  CONSTRAINT figure_thumbnails_figure_fk FOREIGN KEY (figure_id) REFERENCES figures (id) ON DELETE CASCADE
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_bin;
