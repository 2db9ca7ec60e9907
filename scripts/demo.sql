\pset footer off
SET client_min_messages = warning;
CREATE EXTENSION IF NOT EXISTS uuid6;
SET timezone = 'UTC';

\echo '\n-- Primary keys that sort by creation time, from one cluster-wide sequence'
DROP TABLE IF EXISTS demo_orders;
CREATE TABLE demo_orders (id uuid PRIMARY KEY DEFAULT uuid_generate_v7(), item text);
INSERT INTO demo_orders (item) VALUES ('tea'), ('coffee'), ('cake');
SELECT id, item, uuid_extract_time(id) AS created FROM demo_orders ORDER BY id;

\echo '\n-- One of each version, and the time each one carries'
SELECT v, id, uuid_extract_time(id) AS "time", uuid_extract_time(id, true) AS "time (sub-ms)"
FROM (VALUES ('v6', uuid_generate_v6()), ('v7', uuid_generate_v7()), ('v8', uuid_generate_v8())) AS t(v, id);

\echo '\n-- Backfilling keys from an existing timestamp'
SELECT uuid_generate_v7('2024-05-01 12:34:56.789012+00') AS backfilled,
       uuid_extract_time(uuid_generate_v7('2024-05-01 12:34:56.789012+00'), true) AS reads_back;

\echo '\n-- RFC 9562 test vectors: v1 <-> v6, times, and a v4 (no time)'
SELECT uuid_v1_to_v6('c232ab00-9414-11ec-b3c8-9f6bdeced846') AS v1_to_v6,
       uuid_v6_to_v1('1ec9414c-232a-6b00-b3c8-9f6bdeced846') AS v6_to_v1;
SELECT uuid_extract_time('017f22e2-79b0-7cc3-98c4-dc0c0c07398f') AS v7_time,
       uuid_extract_time('919108f7-52d1-4320-9bac-f847db4148a8') AS v4_time;

\echo '\n-- RFC 9562 B.2: a name-based v8'
SELECT uuid_generate_v8(sha256(uuid_send('6ba7b810-9dad-11d1-80b4-00c04fd430c8')
                               || convert_to('www.example.com', 'UTF8'))) AS v8_from_sha256;

\echo '\n-- Rows created in a time range, straight from the primary key'
SELECT count(*) AS created_in_the_last_hour FROM demo_orders
WHERE id >= uuid_v7_floor(now() - interval '1 hour') AND id < uuid_v7_floor(now() + interval '1 second');

\echo '\n-- What a UUID holds'
SELECT * FROM uuid_inspect('1ec9414c-232a-6b00-b3c8-9f6bdeced846');

\echo '\n-- The same key as a ULID, and back; pg_uuidv7''s names for its time'
SELECT uuid_to_ulid(id) AS ulid, uuid_from_ulid(uuid_to_ulid(id)) = id AS round_trip,
       uuid_v7_to_timestamptz(id) AS created
FROM demo_orders ORDER BY id DESC LIMIT 1;

\echo '\n-- Where the sequences live, how they are doing, and what the state file restored'
SELECT version, mode, generated, clock_regressions, ahead_of_clock_us, restored_from FROM uuid6_status();
\echo '(all its columns: \\x then SELECT * FROM uuid6_status();)'
