// TAP-like output for the client programs of test/clients/: "ok N - name" or
// "not ok N - name" with the reason indented below, then "1..N"; the process
// exits 1 when any check failed (test/clients/run.sh counts the lines).
'use strict';

let count = 0;
let failed = 0;

function check(name, condition, diagnostic = '') {
  count += 1;
  if (condition) {
    console.log(`ok ${count} - ${name}`);
  } else {
    failed += 1;
    console.log(`not ok ${count} - ${name}`);
    String(diagnostic).split('\n').slice(0, 20).forEach((l) => console.log(`#   ${l}`));
  }
  return condition;
}

// Runs an async body; an exception is a failed check named NAME.
async function run(name, body) {
  try {
    await body();
  } catch (e) {
    check(`${name} (raised)`, false, e.stack || String(e));
  }
}

function done() {
  console.log(`1..${count}`);
  process.exitCode = failed || count === 0 ? 1 : 0;
}

// A UUID of version 7 and the RFC 9562 variant, in its text form (JavaScript
// has no UUID type: node-postgres reads uuid as a string).
function isV7(key) {
  return typeof key === 'string' && /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/.test(key);
}

// Keys compare as uuid does when their text is compared, lower case.
function rising(keys) {
  return keys.every((k, i) => i === 0 || keys[i - 1] < k);
}

// The function a column's DEFAULT calls, as schema.name.
const DEFAULT_FUNCTION_SQL = `
SELECT n.nspname || '.' || p.proname AS f
FROM pg_attrdef d
JOIN pg_depend dep ON dep.classid = 'pg_attrdef'::regclass AND dep.objid = d.oid
                  AND dep.refclassid = 'pg_proc'::regclass
JOIN pg_proc p ON p.oid = dep.refobjid
JOIN pg_namespace n ON n.oid = p.pronamespace
JOIN pg_attribute a ON a.attrelid = d.adrelid AND a.attnum = d.adnum
WHERE d.adrelid = $1::regclass AND a.attname = 'id'`;

// How many extensions named uuid6 the database has.
const EXTENSION_COUNT_SQL = "SELECT count(*)::int AS n FROM pg_extension WHERE extname = 'uuid6'";

const schema = process.env.UUID6_SCHEMA || 'public';
const edition = process.env.UUID6_EDITION || 'c';

// The migration's first step, given the count of extension uuid6 in the
// database before and after the migration: with the C library it created the
// extension in a fresh database; with the SQL edition, whose plain script was
// run beforehand, it made none.
function checkExtension(before, after) {
  if (edition === 'c') {
    check('a fresh database: no extension uuid6 before the migration', before === 0, before);
    check('the migration created extension uuid6', after === 1, after);
  } else {
    check('the SQL edition, installed beforehand, is used as it is: the migration made no extension',
      before === 0 && after === 0, [before, after]);
  }
}

// MADE, the creation time read from a key made between START and END (the
// server's clock either side of the INSERT, as Dates: milliseconds, rounded
// down), is a Date neither earlier than the insert's start less uuid6's lag
// bound (a key's time may lie up to a millisecond behind its making) nor
// later than its end.
function checkCreationTime(how, made, start, end) {
  check(`the creation time read through ${how} is within the insert: not before its start less the lag bound (1 ms), not after its end`,
    made instanceof Date && start instanceof Date && end instanceof Date && start.getTime() - 1 <= made.getTime() && made <= end,
    `start ${start && start.toISOString ? start.toISOString() : start}\nmade  ${made && made.toISOString ? made.toISOString() : made}\nend   ${end && end.toISOString ? end.toISOString() : end}`);
}
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

module.exports = {
  check, run, done, isV7, rising, checkExtension, checkCreationTime,
  DEFAULT_FUNCTION_SQL, EXTENSION_COUNT_SQL, schema, edition, sleep,
};
