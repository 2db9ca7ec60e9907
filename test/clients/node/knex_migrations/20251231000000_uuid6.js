// The first Knex migration of test/clients/node/knex_test.js: uuid6's C
// library is an extension to create; the SQL edition's plain script, run
// beforehand with psql, is not, and is left as it is.
exports.up = (knex) => knex.raw(`
  DO $$
  BEGIN
    IF to_regproc('uuid6_sql_edition_version') IS NULL THEN
      CREATE EXTENSION IF NOT EXISTS uuid6;
    END IF;
  END
  $$`);

// Tables of other migrations may use uuid6: rolling back keeps it.
exports.down = () => Promise.resolve();
