-- Custom SQL migration file, put your code below! --
DO $$
BEGIN
    IF to_regproc('uuid6_sql_edition_version') IS NULL THEN
        CREATE EXTENSION IF NOT EXISTS uuid6;
    END IF;
END
$$;
