-- E-mail addresses are no longer unique: a registration that failed because an address was
-- taken told strangers which addresses belong to members. email_key held the folded address
-- for that uniqueness; the server no longer writes it, and this empties it, so that its
-- UNIQUE index constrains nothing (NULLs never collide). The column and index stay, as in
-- the SQLite schema, where a UNIQUE column cannot be dropped without rebuilding the table.

UPDATE members SET email_key = NULL WHERE email_key IS NOT NULL;
