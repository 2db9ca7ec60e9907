// The Knex migration of test/clients/node/knex_test.js: a table keyed by
// uuid6's generator, the DEFAULT given as raw SQL.
exports.up = (knex) =>
  knex.schema.createTable('knex_items', (table) => {
    table.uuid('id').primary().defaultTo(knex.raw('uuid_generate_v7()'));
    table.integer('n').notNullable();
  });

exports.down = (knex) => knex.schema.dropTable('knex_items');
