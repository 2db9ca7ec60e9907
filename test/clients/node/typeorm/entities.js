// The TypeORM entity of test/clients/node/typeorm_test.js, as an EntitySchema
// (plain JavaScript, no decorators): a uuid key whose DEFAULT is uuid6's
// generator. TypeORM leaves a column with a default out of the INSERT and
// reads it back with RETURNING.
const { EntitySchema } = require('typeorm');

const TypeormItem = new EntitySchema({
  name: 'TypeormItem',
  tableName: 'typeorm_items',
  columns: {
    id: { type: 'uuid', primary: true, default: () => 'uuid_generate_v7()' },
    n: { type: 'int' },
  },
});

module.exports = { TypeormItem };
