// uuid6 from Drizzle ORM (node-postgres): uuid6 (CREATE EXTENSION, unless the
// SQL edition's plain script was run beforehand: a custom migration, as
// drizzle-kit generate --custom makes), the table and its DEFAULT
// uuid_generate_v7() made by drizzle's migrator from the migration drizzle-kit
// generated (drizzle/schema.js: .default(sql`uuid_generate_v7()`)), the
// creation time read with sql`uuid_extract_time(...)`, keys read
// back with .returning(), order across two connections, a time range with
// uuid_v7_floor bounds as parameters on the primary key's index, and a
// statement prepared with .prepare(name) whose cached plan still makes a
// fresh key each time. Connects with libpq's environment variables; run by
// test/clients/run.sh.
'use strict';
const path = require('path');
const { Client } = require('pg');
const { drizzle } = require('drizzle-orm/node-postgres');
const { migrate } = require('drizzle-orm/node-postgres/migrator');
const { and, eq, gte, lt, sql } = require('drizzle-orm');
const { drizzleItems } = require('./drizzle/schema');
const t = require('./tap');

async function insert(db, n) {
  const [row] = await db.insert(drizzleItems).values({ n }).returning({ id: drizzleItems.id });
  return row.id;
}

async function main() {
  const ca = new Client();
  const cb = new Client();
  await ca.connect();
  await cb.connect();
  const a = drizzle(ca);
  const b = drizzle(cb);

  await t.run('table', async () => {
    const extensions = async () => (await ca.query(t.EXTENSION_COUNT_SQL)).rows[0].n;
    const before = await extensions();
    await ca.query('DROP TABLE IF EXISTS drizzle_items');
    await ca.query('DROP SCHEMA IF EXISTS drizzle CASCADE'); // the migrator's journal
    await migrate(a, { migrationsFolder: path.join(__dirname, 'drizzle', 'migrations') });
    t.checkExtension(before, await extensions());
    const got = (await ca.query(t.DEFAULT_FUNCTION_SQL, ['drizzle_items'])).rows[0].f;
    t.check(`the migration's DEFAULT calls ${t.schema}.uuid_generate_v7`, got === `${t.schema}.uuid_generate_v7`, got);
  });

  await t.run('returning version 7 keys', async () => {
    const keys = [await insert(a, 1), await insert(a, 2), await insert(a, 3)];
    t.check('.returning() gives version 7 keys (as strings)', keys.every(t.isV7), keys.join('\n'));
  });

  await t.run('creation time', async () => {
    const clock = async () => (await ca.query('SELECT clock_timestamp() AS now')).rows[0].now;
    const start = await clock();
    const key = await insert(a, 50);
    const end = await clock();
    const [{ made }] = await a
      .select({ made: sql`uuid_extract_time(${drizzleItems.id})`.mapWith((v) => new Date(v)) })
      .from(drizzleItems)
      .where(eq(drizzleItems.id, key));
    t.checkCreationTime('sql`uuid_extract_time(...)`', made, start, end);
  });

  await t.run('insertion order across connections', async () => {
    t.check('two connections, two backends', ca.processID !== cb.processID, [ca.processID, cb.processID]);
    const keys = [];
    for (let n = 100; n < 120; n++) keys.push(await insert(n % 2 === 0 ? a : b, n));
    t.check('keys returned in insertion order rise, alternating connections', t.rising(keys), keys.join('\n'));
    const byKey = (await ca.query('SELECT n FROM drizzle_items WHERE n BETWEEN 100 AND 119 ORDER BY id')).rows.map((r) => r.n);
    t.check('ORDER BY id is insertion order across the two connections',
      byKey.join() === Array.from({ length: 20 }, (_, i) => 100 + i).join(), byKey.join());
  });

  await t.run('prepared statement, cached plan', async () => {
    const c = new Client();
    await c.connect();
    const keys = [];
    let plans;
    try {
      await c.query('SET plan_cache_mode = force_generic_plan');
      const db = drizzle(c);
      const insertItem = db.insert(drizzleItems)
        .values({ n: sql.placeholder('n') })
        .returning({ id: drizzleItems.id })
        .prepare('insert_drizzle_item');
      for (let n = 300; n < 312; n++) keys.push((await insertItem.execute({ n }))[0].id);
      plans = (await c.query(
        "SELECT generic_plans FROM pg_prepared_statements WHERE name = 'insert_drizzle_item'")).rows;
    } finally {
      await c.end();
    }
    t.check('the prepared INSERT was prepared on the server and its cached plan reused',
      plans.length === 1 && Number(plans[0].generic_plans) >= 11, JSON.stringify(plans));
    t.check('a cached plan makes a fresh, rising key each time', t.rising(keys) && keys.length === 12, keys.join('\n'));
  });

  await t.run('time range, index condition', async () => {
    const before = [];
    for (let n = 200; n < 205; n++) before.push(await insert(a, n));
    await t.sleep(5);
    const cut = (await ca.query('SELECT clock_timestamp() AS now')).rows[0].now;
    await t.sleep(5);
    const after = [];
    for (let n = 205; n < 210; n++) after.push(await insert(a, n));
    const until = new Date(cut.getTime() + 3600 * 1000);
    const made = a.select({ id: drizzleItems.id }).from(drizzleItems)
      .where(and(gte(drizzleItems.id, sql`uuid_v7_floor(${cut})`), lt(drizzleItems.id, sql`uuid_v7_floor(${until})`)))
      .orderBy(drizzleItems.id);
    const got = (await made).map((r) => r.id);
    t.check('uuid_v7_floor bounds as parameters select the keys made after the cut',
      got.join() === after.join(), `got ${got}\nbefore the cut ${before}\nafter ${after}`);
    const { sql: text, params } = made.toSQL();
    await ca.query('BEGIN');
    await ca.query('SET LOCAL enable_seqscan = off');
    const plan = (await ca.query(`EXPLAIN ${text}`, params)).rows.map((r) => r['QUERY PLAN']).join('\n');
    await ca.query('ROLLBACK');
    t.check('the range is an index condition on the primary key',
      plan.includes('Index Cond') && plan.includes('drizzle_items_pkey') && !plan.includes('Filter'), `${text}\n${plan}`);
  });

  await ca.end();
  await cb.end();
  t.done();
}

main().catch((e) => {
  console.log(`not ok - drizzle_test.js stopped: ${e.stack || e}`);
  process.exitCode = 1;
});
