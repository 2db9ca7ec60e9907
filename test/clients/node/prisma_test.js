// uuid6 from Prisma ORM 7: Prisma Client (the prisma-client-js generator, run by
// test/clients/run.sh with `prisma generate` from prisma/schema.prisma) over node-postgres
// with @prisma/adapter-pg. The migrations of prisma/migrations (the first creates uuid6 unless
// the SQL edition's plain script was run beforehand, the second the table with its DEFAULT
// uuid_generate_v7()) are applied in order, each migration.sql as one script, as `prisma
// migrate deploy` applies them; keys read back by create(), the creation time read with
// $queryRaw, order across two clients (two connections), and a time range with uuid_v7_floor
// bounds on the primary key's index, written as SQL and as findMany() bounds. Prisma's
// adapter sends unnamed statements: nothing is prepared on the server. Connects with libpq's
// environment variables; run by test/clients/run.sh.
'use strict';
const fs = require('fs');
const path = require('path');
const { PrismaClient } = require('@prisma/client');
const { PrismaPg } = require('@prisma/adapter-pg');
const t = require('./tap');

// One connection per client, so that two clients are two backends. @prisma/adapter-pg 7.10 reads
// a timestamptz as if the session's zone were UTC, and sends a Date as UTC digits without a zone:
// the session's TimeZone is set to UTC on every connection (run.sh's server is in another zone).
function connect() {
  const adapter = new PrismaPg({
    host: process.env.PGHOST,
    port: Number(process.env.PGPORT),
    user: process.env.PGUSER,
    database: process.env.PGDATABASE,
    options: '-c TimeZone=UTC',
    max: 1,
  });
  return new PrismaClient({ adapter });
}

// The migrations in name order, each migration.sql run as one script.
async function migrate(prisma) {
  const dir = path.join(__dirname, 'prisma', 'migrations');
  for (const name of fs.readdirSync(dir).filter((n) => fs.existsSync(path.join(dir, n, 'migration.sql'))).sort()) {
    await prisma.$executeRawUnsafe(fs.readFileSync(path.join(dir, name, 'migration.sql'), 'utf8'));
  }
}

async function main() {
  const a = connect();
  const b = connect();
  const count = async () => (await a.$queryRawUnsafe(t.EXTENSION_COUNT_SQL))[0].n;
  // The server's clock as a Date made here from seconds since the epoch (a number), so that it
  // does not depend on how Prisma reads or sends a timestamptz.
  const clock = async () => new Date(1000 * (await a.$queryRaw`SELECT extract(epoch FROM clock_timestamp())::float8 AS e`)[0].e);
  const insert = async (client, n) => (await client.prismaItem.create({ data: { n } })).id;

  await t.run('table', async () => {
    const before = await count();
    await a.$executeRawUnsafe('DROP TABLE IF EXISTS prisma_items');
    await migrate(a);
    t.checkExtension(before, await count());
    const got = (await a.$queryRawUnsafe(t.DEFAULT_FUNCTION_SQL, 'prisma_items'))[0].f;
    t.check(`the migration's DEFAULT calls ${t.schema}.uuid_generate_v7`, got === `${t.schema}.uuid_generate_v7`, got);
  });

  await t.run('returning version 7 keys', async () => {
    const keys = [await insert(a, 1), await insert(a, 2), await insert(a, 3)];
    t.check('prisma.prismaItem.create() reads the key back: version 7 keys (as strings)', keys.every(t.isV7), keys.join('\n'));
  });

  await t.run('creation time', async () => {
    const start = await clock();
    const key = await insert(a, 50);
    const end = await clock();
    const rows = await a.$queryRaw`SELECT uuid_extract_time(id) AS made FROM prisma_items WHERE id = ${key}::uuid`;
    t.checkCreationTime('$queryRaw (uuid_extract_time)', rows[0].made, start, end);
  });

  await t.run('insertion order across connections', async () => {
    const pid = async (client) => (await client.$queryRaw`SELECT pg_backend_pid() AS pid`)[0].pid;
    const pids = [await pid(a), await pid(b)];
    t.check('two Prisma clients, two backends', pids[0] !== pids[1], pids);
    const keys = [];
    for (let n = 100; n < 120; n++) keys.push(await insert(n % 2 === 0 ? a : b, n));
    t.check('keys returned in insertion order rise, alternating connections', t.rising(keys), keys.join('\n'));
    const byKey = (await a.prismaItem.findMany({ where: { n: { gte: 100, lte: 119 } }, orderBy: { id: 'asc' } }))
      .map((r) => r.n);
    t.check('ORDER BY id is insertion order across the two connections',
      byKey.join() === Array.from({ length: 20 }, (_, i) => 100 + i).join(), byKey.join());
  });

  await t.run('time range, index condition', async () => {
    const before = [];
    for (let n = 200; n < 205; n++) before.push(await insert(a, n));
    await t.sleep(5);
    const cut = await clock();
    await t.sleep(5);
    const after = [];
    for (let n = 205; n < 210; n++) after.push(await insert(a, n));
    const until = new Date(cut.getTime() + 3600 * 1000);
    const got = (await a.$queryRaw`SELECT id FROM prisma_items
      WHERE id >= uuid_v7_floor(${cut}) AND id < uuid_v7_floor(${until}) ORDER BY id`).map((r) => r.id);
    t.check('uuid_v7_floor bounds select the keys made after the cut',
      got.join() === after.join(), `got ${got}\nbefore the cut ${before}\nafter ${after}`);
    const [{ from, to }] = await a.$queryRaw`SELECT uuid_v7_floor(${cut})::text AS from, uuid_v7_floor(${until})::text AS to`;
    const items = await a.prismaItem.findMany({ where: { id: { gte: from, lt: to } }, orderBy: { id: 'asc' } });
    t.check('findMany() with the uuid_v7_floor bounds selects the same keys',
      items.map((r) => r.id).join() === after.join(), `got ${items.map((r) => r.id)}\nafter ${after}`);
    const text = 'SELECT id FROM prisma_items WHERE id >= uuid_v7_floor($1) AND id < uuid_v7_floor($2) ORDER BY id';
    const zone = (await a.$queryRaw`SELECT current_setting('TimeZone') AS tz`)[0].tz;
    t.check('the session runs in UTC, as connect() sets it', zone === 'UTC', zone);
    const plan = await a.$transaction(async (tx) => {
      await tx.$executeRawUnsafe('SET LOCAL enable_seqscan = off');
      return (await tx.$queryRawUnsafe(`EXPLAIN ${text}`, cut, until)).map((r) => r['QUERY PLAN']).join('\n');
    });
    t.check('the range is an index condition on the primary key',
      plan.includes('Index Cond') && plan.includes('prisma_items_pkey') && !plan.includes('Filter'), `${text}\n${plan}`);
  });

  await a.$disconnect();
  await b.$disconnect();
  t.done();
}

main().catch((e) => {
  console.log(`not ok - prisma_test.js stopped: ${e.stack || e}`);
  process.exitCode = 1;
});
