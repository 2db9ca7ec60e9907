// The drizzle schema of test/clients/node/drizzle_test.js: a table keyed by
// uuid6's generator, the default given as SQL. drizzle-kit generate wrote
// drizzle/migrations/ from it (drizzle.config.js).
const { pgTable, uuid, integer } = require('drizzle-orm/pg-core');
const { sql } = require('drizzle-orm');

const drizzleItems = pgTable('drizzle_items', {
  id: uuid('id').primaryKey().default(sql`uuid_generate_v7()`),
  n: integer('n').notNull(),
});

module.exports = { drizzleItems };
