// uuid6 from TypeORM 0.3 (node-postgres): uuid6 (CREATE EXTENSION, unless the
// SQL edition's plain script was run beforehand) and the table with its
// DEFAULT uuid_generate_v7() made by a migration (typeorm/migrations/), keys
// read back by Repository.save (RETURNING), the creation time read with the
// query builder's select('uuid_extract_time(i.id)'), order across two data
// sources (two connections), and a time range with uuid_v7_floor bounds as
// parameters on the primary key's index. TypeORM sends unnamed statements:
// nothing is prepared on the server. Connects with libpq's environment
// variables; run by test/clients/run.sh.
'use strict';
const path = require('path');
const { DataSource } = require('typeorm');
const { TypeormItem } = require('./typeorm/entities');
const t = require('./tap');

function dataSource() {
  return new DataSource({
    type: 'postgres',
    host: process.env.PGHOST,
    port: Number(process.env.PGPORT),
    username: process.env.PGUSER,
    database: process.env.PGDATABASE,
    entities: [TypeormItem],
    migrations: [path.join(__dirname, 'typeorm', 'migrations', '*.js')],
    poolSize: 1,
  });
}

async function insert(ds, n) {
  const item = await ds.getRepository(TypeormItem).save({ n });
  return item.id;
}

async function main() {
  const a = dataSource();
  const b = dataSource();
  await a.initialize();
  await b.initialize();

  await t.run('table', async () => {
    const extensions = async () => (await a.query(t.EXTENSION_COUNT_SQL))[0].n;
    const before = await extensions();
    await a.query('DROP TABLE IF EXISTS typeorm_items');
    await a.query('DROP TABLE IF EXISTS migrations'); // TypeORM's record of the migrations run
    await a.runMigrations();
    t.checkExtension(before, await extensions());
    const got = (await a.query(t.DEFAULT_FUNCTION_SQL, ['typeorm_items']))[0].f;
    t.check(`the migration's DEFAULT calls ${t.schema}.uuid_generate_v7`, got === `${t.schema}.uuid_generate_v7`, got);
  });

  await t.run('returning version 7 keys', async () => {
    const keys = [await insert(a, 1), await insert(a, 2), await insert(a, 3)];
    t.check('Repository.save() reads the key back: version 7 keys (as strings)', keys.every(t.isV7), keys.join('\n'));
  });

  await t.run('creation time', async () => {
    const clock = async () => (await a.query('SELECT clock_timestamp() AS now'))[0].now;
    const start = await clock();
    const key = await insert(a, 50);
    const end = await clock();
    const { made } = await a.getRepository(TypeormItem).createQueryBuilder('i')
      .select('uuid_extract_time(i.id)', 'made')
      .where('i.id = :id', { id: key })
      .getRawOne();
    t.checkCreationTime("select('uuid_extract_time(i.id)', 'made')", made, start, end);
  });

  await t.run('insertion order across connections', async () => {
    const pid = async (ds) => (await ds.query('SELECT pg_backend_pid() AS pid'))[0].pid;
    const pids = [await pid(a), await pid(b)];
    t.check('two data sources, two backends', pids[0] !== pids[1], pids);
    const keys = [];
    for (let n = 100; n < 120; n++) keys.push(await insert(n % 2 === 0 ? a : b, n));
    t.check('keys returned in insertion order rise, alternating connections', t.rising(keys), keys.join('\n'));
    const byKey = (await a.getRepository(TypeormItem).createQueryBuilder('i')
      .where('i.n BETWEEN 100 AND 119').orderBy('i.id').getMany()).map((r) => r.n);
    t.check('ORDER BY id is insertion order across the two connections',
      byKey.join() === Array.from({ length: 20 }, (_, i) => 100 + i).join(), byKey.join());
  });

  await t.run('time range, index condition', async () => {
    const before = [];
    for (let n = 200; n < 205; n++) before.push(await insert(a, n));
    await t.sleep(5);
    const cut = (await a.query('SELECT clock_timestamp() AS now'))[0].now;
    await t.sleep(5);
    const after = [];
    for (let n = 205; n < 210; n++) after.push(await insert(a, n));
    const until = new Date(cut.getTime() + 3600 * 1000);
    const made = a.getRepository(TypeormItem).createQueryBuilder('i')
      .where('i.id >= uuid_v7_floor(:since) AND i.id < uuid_v7_floor(:until)', { since: cut, until })
      .orderBy('i.id');
    const got = (await made.getMany()).map((r) => r.id);
    t.check('uuid_v7_floor bounds as parameters select the keys made after the cut',
      got.join() === after.join(), `got ${got}\nbefore the cut ${before}\nafter ${after}`);
    const [text, params] = made.getQueryAndParameters();
    const plan = await a.transaction(async (manager) => {
      await manager.query('SET LOCAL enable_seqscan = off');
      return (await manager.query(`EXPLAIN ${text}`, params)).map((r) => r['QUERY PLAN']).join('\n');
    });
    t.check('the range is an index condition on the primary key',
      plan.includes('Index Cond') && plan.includes('PK_typeorm_items') && !plan.includes('Filter'), `${text}\n${plan}`);
  });

  await a.destroy();
  await b.destroy();
  t.done();
}

main().catch((e) => {
  console.log(`not ok - typeorm_test.js stopped: ${e.stack || e}`);
  process.exitCode = 1;
});
