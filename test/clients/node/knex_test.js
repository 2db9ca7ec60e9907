// uuid6 from Knex: uuid6 (CREATE EXTENSION, unless the SQL edition's plain
// script was run beforehand), the table and its DEFAULT uuid_generate_v7()
// made by migrations (knex_migrations/), the creation time read with
// knex.raw('uuid_extract_time(id)'), keys read back with .returning('id'), order
// across two Knex instances (two connections), and a time range with
// uuid_v7_floor bounds as bindings on the primary key's index. Knex sends
// unnamed statements: nothing is prepared on the server. Connects with
// libpq's environment variables; run by test/clients/run.sh.
'use strict';
const path = require('path');
const knexFactory = require('knex');
const t = require('./tap');

function connect() {
  return knexFactory({
    client: 'pg',
    connection: {
      host: process.env.PGHOST,
      port: Number(process.env.PGPORT),
      user: process.env.PGUSER,
      database: process.env.PGDATABASE,
    },
    pool: { min: 1, max: 1 },
  });
}

async function insert(knex, n) {
  const [row] = await knex('knex_items').insert({ n }).returning('id');
  return row.id;
}

async function main() {
  const a = connect();
  const b = connect();
  const migrations = { directory: path.join(__dirname, 'knex_migrations'), tableName: 'knex_migrations' };

  await t.run('table', async () => {
    const extensions = async () => (await a.raw(t.EXTENSION_COUNT_SQL)).rows[0].n;
    const before = await extensions();
    await a.migrate.rollback(migrations, true);
    await a.migrate.latest(migrations);
    t.checkExtension(before, await extensions());
    const got = (await a.raw(t.DEFAULT_FUNCTION_SQL.replace('$1', '?'), ['knex_items'])).rows[0].f;
    t.check(`the migration's DEFAULT calls ${t.schema}.uuid_generate_v7`, got === `${t.schema}.uuid_generate_v7`, got);
  });

  await t.run('returning version 7 keys', async () => {
    const keys = [await insert(a, 1), await insert(a, 2), await insert(a, 3)];
    t.check(".returning('id') gives version 7 keys (as strings)", keys.every(t.isV7), keys.join('\n'));
  });

  await t.run('creation time', async () => {
    const clock = async () => (await a.raw('SELECT clock_timestamp() AS now')).rows[0].now;
    const start = await clock();
    const key = await insert(a, 50);
    const end = await clock();
    const { made } = await a('knex_items').where({ id: key }).first(a.raw('uuid_extract_time(id) AS made'));
    t.checkCreationTime("knex.raw('uuid_extract_time(id)')", made, start, end);
  });

  await t.run('insertion order across connections', async () => {
    const pid = async (k) => (await k.raw('SELECT pg_backend_pid() AS pid')).rows[0].pid;
    const pids = [await pid(a), await pid(b)];
    t.check('two Knex instances, two backends', pids[0] !== pids[1], pids);
    const keys = [];
    for (let n = 100; n < 120; n++) keys.push(await insert(n % 2 === 0 ? a : b, n));
    t.check('keys returned in insertion order rise, alternating connections', t.rising(keys), keys.join('\n'));
    const byKey = (await a('knex_items').whereBetween('n', [100, 119]).orderBy('id').select('n')).map((r) => r.n);
    t.check('ORDER BY id is insertion order across the two connections',
      byKey.join() === Array.from({ length: 20 }, (_, i) => 100 + i).join(), byKey.join());
  });

  await t.run('time range, index condition', async () => {
    const before = [];
    for (let n = 200; n < 205; n++) before.push(await insert(a, n));
    await t.sleep(5);
    const cut = (await a.raw('SELECT clock_timestamp() AS now')).rows[0].now;
    await t.sleep(5);
    const after = [];
    for (let n = 205; n < 210; n++) after.push(await insert(a, n));
    const until = new Date(cut.getTime() + 3600 * 1000);
    const made = (knex) => knex('knex_items')
      .where('id', '>=', knex.raw('uuid_v7_floor(?)', [cut]))
      .andWhere('id', '<', knex.raw('uuid_v7_floor(?)', [until]))
      .orderBy('id');
    const got = (await made(a).select('id')).map((r) => r.id);
    t.check('uuid_v7_floor bounds as bindings select the keys made after the cut',
      got.join() === after.join(), `got ${got}\nbefore the cut ${before}\nafter ${after}`);
    const plan = await a.transaction(async (trx) => {
      await trx.raw('SET LOCAL enable_seqscan = off');
      const { sql, bindings } = made(trx).select('id').toSQL();
      return (await trx.raw(`EXPLAIN ${sql}`, bindings)).rows.map((r) => r['QUERY PLAN']).join('\n');
    });
    t.check('the range is an index condition on the primary key',
      plan.includes('Index Cond') && plan.includes('knex_items_pkey') && !plan.includes('Filter'), plan);
  });

  await a.destroy();
  await b.destroy();
  t.done();
}

main().catch((e) => {
  console.log(`not ok - knex_test.js stopped: ${e.stack || e}`);
  process.exitCode = 1;
});
