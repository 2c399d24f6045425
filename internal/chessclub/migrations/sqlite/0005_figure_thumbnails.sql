-- Thumbnails of member photos, one per photo; see photos.go. A photo stored before
-- thumbnails existed has no row here until its thumbnail is first asked for.

CREATE TABLE IF NOT EXISTS figure_thumbnails (
  figure_id TEXT NOT NULL PRIMARY KEY REFERENCES figures (id) ON DELETE CASCADE,
  content_type TEXT NOT NULL,
  size INTEGER NOT NULL,
  width INTEGER NOT NULL,
  height INTEGER NOT NULL
);
