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

const schema = process.env.UUID6_SCHEMA || 'public';
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

module.exports = { check, run, done, isV7, rising, DEFAULT_FUNCTION_SQL, schema, sleep };
