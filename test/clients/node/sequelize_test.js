// uuid6 from Sequelize 6 (node-postgres): uuid6 (CREATE EXTENSION, unless the
// SQL edition's plain script was run beforehand) and the table with its
// DEFAULT uuid_generate_v7() made by a migration in sequelize-cli's form
// (sequelize_migrations/, run by Umzug with SequelizeStorage, as sequelize-cli
// does), keys read back by Model.create (RETURNING), the creation time read
// with sequelize.fn('uuid_extract_time', ...), order across two Sequelize
// instances (two connections), and a time range with uuid_v7_floor bounds on
// the primary key's index. Sequelize sends unnamed statements: nothing is
// prepared on the server. Connects with libpq's environment variables; run by
// test/clients/run.sh.
'use strict';
const path = require('path');
const { Sequelize, DataTypes, Op } = require('sequelize');
const { Umzug, SequelizeStorage } = require('umzug');
const t = require('./tap');

function connect() {
  return new Sequelize({
    dialect: 'postgres',
    host: process.env.PGHOST,
    port: Number(process.env.PGPORT),
    username: process.env.PGUSER,
    database: process.env.PGDATABASE,
    logging: false,
    pool: { min: 1, max: 1 },
  });
}

// Sequelize puts every attribute into its INSERT (a key without a value as
// NULL): the model names the same default as the migration, which Sequelize
// writes into the INSERT as SQL, and reads the key back with RETURNING.
function model(sequelize) {
  return sequelize.define('SequelizeItem', {
    id: { type: DataTypes.UUID, primaryKey: true, defaultValue: Sequelize.literal('uuid_generate_v7()') },
    n: { type: DataTypes.INTEGER, allowNull: false },
  }, { tableName: 'sequelize_items', timestamps: false });
}

function migrator(sequelize) {
  return new Umzug({
    migrations: {
      glob: path.join(__dirname, 'sequelize_migrations', '*.js'),
      resolve: ({ name, path: file, context }) => {
        const migration = require(file);
        return { name, up: () => migration.up(context, Sequelize), down: () => migration.down(context, Sequelize) };
      },
    },
    context: sequelize.getQueryInterface(),
    storage: new SequelizeStorage({ sequelize }),
    logger: undefined,
  });
}

async function insert(Item, n) {
  const item = await Item.create({ n });
  return item.id;
}

async function main() {
  const a = connect();
  const b = connect();
  const ItemA = model(a);
  const ItemB = model(b);
  const one = async (text) => (await a.query(text, { type: Sequelize.QueryTypes.SELECT }))[0];

  await t.run('table', async () => {
    const before = (await one(t.EXTENSION_COUNT_SQL)).n;
    await a.query('DROP TABLE IF EXISTS sequelize_items');
    await a.query('DROP TABLE IF EXISTS "SequelizeMeta"'); // the migrations run, as sequelize-cli records them
    await migrator(a).up();
    t.checkExtension(before, (await one(t.EXTENSION_COUNT_SQL)).n);
    const got = (await a.query(t.DEFAULT_FUNCTION_SQL, { bind: ['sequelize_items'], type: Sequelize.QueryTypes.SELECT }))[0].f;
    t.check(`the migration's DEFAULT calls ${t.schema}.uuid_generate_v7`, got === `${t.schema}.uuid_generate_v7`, got);
  });

  await t.run('returning version 7 keys', async () => {
    const keys = [await insert(ItemA, 1), await insert(ItemA, 2), await insert(ItemA, 3)];
    t.check('Model.create() reads the key back: version 7 keys (as strings)', keys.every(t.isV7), keys.join('\n'));
  });

  await t.run('creation time', async () => {
    const clock = async () => (await one('SELECT clock_timestamp() AS now')).now;
    const start = await clock();
    const key = await insert(ItemA, 50);
    const end = await clock();
    const item = await ItemA.findByPk(key, {
      attributes: [[a.fn('uuid_extract_time', a.col('id')), 'made']],
    });
    t.checkCreationTime("sequelize.fn('uuid_extract_time', sequelize.col('id'))", item.get('made'), start, end);
  });

  await t.run('insertion order across connections', async () => {
    const pid = async (s) => (await s.query('SELECT pg_backend_pid() AS pid', { type: Sequelize.QueryTypes.SELECT }))[0].pid;
    const pids = [await pid(a), await pid(b)];
    t.check('two Sequelize instances, two backends', pids[0] !== pids[1], pids);
    const keys = [];
    for (let n = 100; n < 120; n++) keys.push(await insert(n % 2 === 0 ? ItemA : ItemB, n));
    t.check('keys returned in insertion order rise, alternating connections', t.rising(keys), keys.join('\n'));
    const byKey = (await ItemA.findAll({ where: { n: { [Op.between]: [100, 119] } }, order: [['id', 'ASC']] }))
      .map((r) => r.n);
    t.check('ORDER BY id is insertion order across the two connections',
      byKey.join() === Array.from({ length: 20 }, (_, i) => 100 + i).join(), byKey.join());
  });

  await t.run('time range, index condition', async () => {
    const before = [];
    for (let n = 200; n < 205; n++) before.push(await insert(ItemA, n));
    await t.sleep(5);
    const cut = (await one('SELECT clock_timestamp() AS now')).now;
    await t.sleep(5);
    const after = [];
    for (let n = 205; n < 210; n++) after.push(await insert(ItemA, n));
    const until = new Date(cut.getTime() + 3600 * 1000);
    let text = '';
    const got = (await ItemA.findAll({
      where: { id: { [Op.gte]: a.fn('uuid_v7_floor', cut), [Op.lt]: a.fn('uuid_v7_floor', until) } },
      order: [['id', 'ASC']],
      logging: (statement) => { text = statement.replace(/^Executing \([^)]*\): /, ''); },
    })).map((r) => r.id);
    t.check('uuid_v7_floor bounds select the keys made after the cut',
      got.join() === after.join(), `got ${got}\nbefore the cut ${before}\nafter ${after}`);
    const plan = await a.transaction(async (transaction) => {
      await a.query('SET LOCAL enable_seqscan = off', { transaction });
      const rows = await a.query(`EXPLAIN ${text}`, { transaction, type: Sequelize.QueryTypes.SELECT });
      return rows.map((r) => r['QUERY PLAN']).join('\n');
    });
    t.check('the range is an index condition on the primary key',
      plan.includes('Index Cond') && plan.includes('sequelize_items_pkey') && !plan.includes('Filter'), `${text}\n${plan}`);
  });

  await a.close();
  await b.close();
  t.done();
}

main().catch((e) => {
  console.log(`not ok - sequelize_test.js stopped: ${e.stack || e}`);
  process.exitCode = 1;
});
