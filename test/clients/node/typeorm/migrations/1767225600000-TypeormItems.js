// The TypeORM migration of test/clients/node/typeorm_test.js: uuid6 (the C
// library is an extension to create; the SQL edition's plain script, run
// beforehand with psql, is not, and is left as it is), then the table, as
// `typeorm migration:generate` writes it from typeorm/entities.js.
module.exports = class TypeormItems1767225600000 {
  name = 'TypeormItems1767225600000';

  async up(queryRunner) {
    await queryRunner.query(`
      DO $$
      BEGIN
        IF to_regproc('uuid6_sql_edition_version') IS NULL THEN
          CREATE EXTENSION IF NOT EXISTS uuid6;
        END IF;
      END
      $$`);
    await queryRunner.query(
      'CREATE TABLE "typeorm_items" ("id" uuid NOT NULL DEFAULT uuid_generate_v7(), "n" integer NOT NULL, ' +
      'CONSTRAINT "PK_typeorm_items" PRIMARY KEY ("id"))');
  }

  async down(queryRunner) {
    await queryRunner.query('DROP TABLE "typeorm_items"');
  }
};
