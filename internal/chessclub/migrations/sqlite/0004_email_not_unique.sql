-- E-mail addresses are no longer unique; see mysql/0004_email_not_unique.sql.

UPDATE members SET email_key = NULL WHERE email_key IS NOT NULL;
