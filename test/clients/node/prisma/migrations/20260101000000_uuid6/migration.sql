-- uuid6's C library is an extension to create; the SQL edition's plain
-- script, run beforehand with psql, is not, and is left as it is.
DO $$
BEGIN
    IF to_regproc('uuid6_sql_edition_version') IS NULL THEN
        CREATE EXTENSION IF NOT EXISTS uuid6;
    END IF;
END
$$;
