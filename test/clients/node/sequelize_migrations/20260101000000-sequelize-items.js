// The Sequelize migration of test/clients/node/sequelize_test.js, in
// sequelize-cli's form (run here by Umzug, as sequelize-cli runs it): uuid6
// (the C library is an extension to create; the SQL edition's plain script,
// run beforehand with psql, is not, and is left as it is), then the table
// with its DEFAULT.
module.exports = {
  async up(queryInterface, Sequelize) {
    await queryInterface.sequelize.query(`
      DO $$
      BEGIN
        IF to_regproc('uuid6_sql_edition_version') IS NULL THEN
          CREATE EXTENSION IF NOT EXISTS uuid6;
        END IF;
      END
      $$`);
    await queryInterface.createTable('sequelize_items', {
      id: { type: Sequelize.UUID, primaryKey: true, defaultValue: Sequelize.literal('uuid_generate_v7()') },
      n: { type: Sequelize.INTEGER, allowNull: false },
    });
  },

  async down(queryInterface) {
    await queryInterface.dropTable('sequelize_items');
  },
};
