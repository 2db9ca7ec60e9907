-- The draft-era UUIDv7 (draft-peabody-dispatch-new-uuid-format -01/-02,
-- §4.4): 36-bit Unix seconds and a binary fraction of the second, read back
-- precision-blind. Never the default: uuid_generate_v7() stays RFC 9562.
SET timezone = 'UTC';
SET datestyle = 'ISO, YMD';
-- An error's context differs between the editions (a PL/pgSQL line in the SQL
-- edition, none in the C library): it is not shown.
\set SHOW_CONTEXT never

-- The draft's worked example (§4.4.4.2): fraction bits 0101 0101 0101 0101
-- (0x5555) are 21845 / 65536 s = 0.3333282 s.
SELECT uuid_extract_time_draft('00000000-0555-7500-8000-000000000000') AS example_0x5555;

-- Values built by hand for 2022-02-22 19:22:22.123456789 UTC, second 0x621537EE,
-- as uuid_generate_v7_draft writes them:
--   ms: fraction floor(0.123 * 2^12) = 0x1F7 in subsec_a, sequence 1 in subsec_b
--   us: fraction ceil(0.123456 * 2^24) = 0x1F9AD0 over subsec_a and subsec_b,
--       sequence 1 in the top 14 bits of subsec_seq_node
--   ns: fraction ceil(0.123456789 * 2^38) over subsec_a, subsec_b and 14 bits,
--       then sequence 1 in 8 bits
-- Decoding truncates to the microsecond: the us and ns values read back as
-- exactly .123456, the ms one less than one fraction step (244 us) before
-- its millisecond (its sequence bits read as sub-ms noise, as the draft says
-- they will). A us fraction rounded down (0x1F9ACF, as another generator may
-- write it) reads one microsecond early: never late.
SELECT p, u, uuid_extract_time_draft(u) AS draft_time,
       (uuid_inspect(u)).version
FROM (VALUES ('ms', '0621537e-e1f7-7001-8000-000000000000'::uuid),
             ('us', '0621537e-e1f9-7ad0-8001-000000000000'),
             ('ns', '0621537e-e1f9-7add-8dcf-010000000000'),
             ('us rounded down', '0621537e-e1f9-7acf-8001-000000000000')) AS t(p, u);

-- Generation at each precision: version 7, now, strictly increasing. "Now"
-- is between the statement's start (less 10 ms: a tick of the SQL edition may
-- lag the clock by a millisecond, and 'ms' reads 1/4096 s early) and the
-- clock read after the keys were made, however slowly they were made.
SELECT p, count(*) AS generated,
       count(*) FILTER (WHERE id <= previous) AS not_increasing,
       bool_and((uuid_inspect(id)).version = 7) AS all_v7,
       bool_and(uuid_extract_time_draft(id) BETWEEN statement_timestamp() - interval '10 ms'
                                                AND clock_timestamp()) AS all_now
FROM (SELECT p, id, lag(id) OVER (PARTITION BY p ORDER BY n) AS previous
      FROM unnest(ARRAY['ms', 'us', 'ns']) AS p,
           LATERAL (SELECT n, uuid_generate_v7_draft(p) AS id FROM generate_series(1, 10000) AS n) AS g) AS s
GROUP BY p ORDER BY p;
-- Read back, a fresh 'us' or 'ns' value is never later than clock_timestamp()
-- taken right after it: decoding truncates to the microsecond (docs/design.md, Ticks and layouts).
SELECT p, count(*) AS samples, count(*) FILTER (WHERE uuid_extract_time_draft(id) > t) AS late
FROM unnest(ARRAY['us', 'ns']) AS p,
     LATERAL (SELECT uuid_generate_v7_draft(p) AS id, clock_timestamp() AS t
              FROM generate_series(1, 10000) OFFSET 0) AS g
GROUP BY p ORDER BY p;
-- The default precision is 'us'.
SELECT pg_get_function_arguments('uuid_generate_v7_draft'::regproc) AS arguments;

-- Read the RFC 9562 way, a draft value is meaningless: its seconds are
-- taken for milliseconds (and vice versa).
SELECT uuid_extract_time(id) - uuid_extract_time_draft(id) > interval '100 years' AS rfc_reading_is_wrong
FROM (SELECT uuid_generate_v7_draft('ms') AS id) AS s;

-- Non-v7 and NULL in: NULL out.
SELECT uuid_extract_time_draft('919108f7-52d1-4320-9bac-f847db4148a8') AS v4,
       uuid_extract_time_draft('1ec9414c-232a-6b00-b3c8-9f6bdeced846') AS v6,
       uuid_extract_time_draft('0621537e-e1f7-7001-c000-000000000000') AS microsoft_variant,
       uuid_extract_time_draft(NULL) IS NULL AS null_uuid,
       uuid_generate_v7_draft(NULL) IS NULL AS null_precision;

-- An unknown precision is an error.
SELECT uuid_generate_v7_draft('s');
\echo SQLSTATE :LAST_ERROR_SQLSTATE
SELECT uuid_generate_v7_draft('MS');
\echo SQLSTATE :LAST_ERROR_SQLSTATE
