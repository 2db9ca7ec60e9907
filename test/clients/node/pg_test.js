// uuid6 from node-postgres (pg): uuid6 installed (CREATE EXTENSION, unless
// the SQL edition's plain script was run beforehand) and a table keyed by
// DEFAULT uuid_generate_v7() made by DDL, the creation time read back with
// uuid_extract_time(id), keys read back with RETURNING (strings: JavaScript has no UUID
// type), order across two connections, a time range with uuid_v7_floor bounds
// as bound parameters on the primary key's index, and a named query (prepared
// on the server once per connection) whose cached plan still makes a fresh
// key each time. Connects with libpq's environment (PGHOST, PGPORT, PGUSER,
// PGDATABASE); run by test/clients/run.sh.
'use strict';
const { Client } = require('pg');
const t = require('./tap');

async function insert(client, n) {
  const res = await client.query('INSERT INTO pg_items (n) VALUES ($1) RETURNING id', [n]);
  return res.rows[0].id;
}

async function main() {
  const a = new Client();
  const b = new Client();
  await a.connect();
  await b.connect();

  await t.run('table', async () => {
    const before = (await a.query(t.EXTENSION_COUNT_SQL)).rows[0].n;
    await a.query(`
      DO $$
      BEGIN
        IF to_regproc('uuid6_sql_edition_version') IS NULL THEN
          CREATE EXTENSION IF NOT EXISTS uuid6;
        END IF;
      END
      $$`);
    t.checkExtension(before, (await a.query(t.EXTENSION_COUNT_SQL)).rows[0].n);
    await a.query('DROP TABLE IF EXISTS pg_items');
    await a.query(`
      CREATE TABLE pg_items (
        id uuid PRIMARY KEY DEFAULT uuid_generate_v7(),
        n integer NOT NULL
      )`);
    const got = (await a.query(t.DEFAULT_FUNCTION_SQL, ['pg_items'])).rows[0].f;
    t.check(`the DEFAULT calls ${t.schema}.uuid_generate_v7`, got === `${t.schema}.uuid_generate_v7`, got);
  });

  await t.run('RETURNING version 7 keys', async () => {
    const keys = [await insert(a, 1), await insert(a, 2), await insert(a, 3)];
    t.check('RETURNING id gives version 7 keys (as strings)', keys.every(t.isV7), keys.join('\n'));
  });

  await t.run('creation time', async () => {
    const clock = async () => (await a.query('SELECT clock_timestamp() AS now')).rows[0].now;
    const start = await clock();
    const key = await insert(a, 50);
    const end = await clock();
    const made = (await a.query('SELECT uuid_extract_time(id) AS made FROM pg_items WHERE id = $1', [key])).rows[0].made;
    t.checkCreationTime('uuid_extract_time(id)', made, start, end);
  });

  await t.run('insertion order across connections', async () => {
    t.check('two connections, two backends', a.processID !== b.processID, [a.processID, b.processID]);
    const keys = [];
    for (let n = 100; n < 120; n++) keys.push(await insert(n % 2 === 0 ? a : b, n));
    t.check('keys returned in insertion order rise, alternating connections', t.rising(keys), keys.join('\n'));
    const byKey = (await a.query('SELECT n FROM pg_items WHERE n BETWEEN 100 AND 119 ORDER BY id')).rows.map((r) => r.n);
    t.check('ORDER BY id is insertion order across the two connections',
      byKey.join() === Array.from({ length: 20 }, (_, i) => 100 + i).join(), byKey.join());
  });

  await t.run('prepared statement, cached plan', async () => {
    // A named query is parsed and planned on the server once per connection;
    // later calls only bind and execute the cached statement.
    const c = new Client();
    await c.connect();
    const keys = [];
    let plans;
    try {
      await c.query('SET plan_cache_mode = force_generic_plan');
      for (let n = 300; n < 312; n++) {
        const res = await c.query({
          name: 'insert-pg-item',
          text: 'INSERT INTO pg_items (n) VALUES ($1) RETURNING id',
          values: [n],
        });
        keys.push(res.rows[0].id);
      }
      plans = (await c.query(
        "SELECT generic_plans FROM pg_prepared_statements WHERE name = 'insert-pg-item'")).rows;
    } finally {
      await c.end();
    }
    t.check('the named INSERT was prepared on the server and its cached plan reused',
      plans.length === 1 && Number(plans[0].generic_plans) >= 11, JSON.stringify(plans));
    t.check('a cached plan makes a fresh, rising key each time', t.rising(keys) && keys.length === 12, keys.join('\n'));
  });

  await t.run('time range, index condition', async () => {
    const before = [];
    for (let n = 200; n < 205; n++) before.push(await insert(a, n));
    await t.sleep(5);
    const cut = (await a.query('SELECT clock_timestamp() AS now')).rows[0].now; // a Date, to the ms
    await t.sleep(5);
    const after = [];
    for (let n = 205; n < 210; n++) after.push(await insert(a, n));
    const query = `
      SELECT id FROM pg_items
      WHERE id >= uuid_v7_floor($1) AND id < uuid_v7_floor($2)
      ORDER BY id`;
    const bounds = [cut, new Date(cut.getTime() + 3600 * 1000)];
    const got = (await a.query(query, bounds)).rows.map((r) => r.id);
    t.check('uuid_v7_floor bounds as parameters select the keys made after the cut',
      got.join() === after.join(), `got ${got}\nbefore the cut ${before}\nafter ${after}`);
    await a.query('BEGIN');
    await a.query('SET LOCAL enable_seqscan = off');
    const plan = (await a.query(`EXPLAIN ${query}`, bounds)).rows.map((r) => r['QUERY PLAN']).join('\n');
    await a.query('ROLLBACK');
    t.check('the range is an index condition on the primary key',
      plan.includes('Index Cond') && plan.includes('pg_items_pkey') && !plan.includes('Filter'), plan);
  });

  await a.end();
  await b.end();
  t.done();
}

main().catch((e) => {
  console.log(`not ok - pg_test.js stopped: ${e.stack || e}`);
  process.exitCode = 1;
});
