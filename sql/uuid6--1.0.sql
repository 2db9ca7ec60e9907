-- uuid6 1.0: RFC 9562 UUIDv6, v7 and v8 generators, time extraction and
-- v1 <-> v6 conversion. Generators are VOLATILE PARALLEL SAFE; everything
-- else is IMMUTABLE STRICT PARALLEL SAFE.

\echo Use "CREATE EXTENSION uuid6" to load this file. \quit

-- Generators: the next value of the cluster-wide sequence of each version.

CREATE FUNCTION uuid_generate_v6() RETURNS uuid
    AS 'MODULE_PATHNAME', 'uuid_generate_v6' LANGUAGE C VOLATILE PARALLEL SAFE;
COMMENT ON FUNCTION uuid_generate_v6() IS
    'Next UUIDv6 of the cluster-wide sequence: 100-ns Gregorian timestamp, counting clock_seq, random node';

CREATE FUNCTION uuid_generate_v7() RETURNS uuid
    AS 'MODULE_PATHNAME', 'uuid_generate_v7' LANGUAGE C VOLATILE PARALLEL SAFE;
COMMENT ON FUNCTION uuid_generate_v7() IS
    'Next UUIDv7 of the cluster-wide sequence: Unix ms, sub-ms fraction in rand_a, counter and random rand_b';

CREATE FUNCTION uuid_generate_v8() RETURNS uuid
    AS 'MODULE_PATHNAME', 'uuid_generate_v8' LANGUAGE C VOLATILE PARALLEL SAFE;
COMMENT ON FUNCTION uuid_generate_v8() IS
    'Next UUIDv8 of the cluster-wide sequence in uuid6''s layout: 16-ns Unix timestamp, 8-bit sequence, random node';

-- Backfill: a value for a given instant, outside the sequences.

CREATE FUNCTION uuid_generate_v6("at" timestamptz) RETURNS uuid
    AS 'MODULE_PATHNAME', 'uuid_generate_v6_at' LANGUAGE C VOLATILE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION uuid_generate_v6(timestamptz) IS
    'A UUIDv6 for the given instant with random clock_seq and node, outside the sequence (for backfilling keys)';

CREATE FUNCTION uuid_generate_v7("at" timestamptz) RETURNS uuid
    AS 'MODULE_PATHNAME', 'uuid_generate_v7_at' LANGUAGE C VOLATILE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION uuid_generate_v7(timestamptz) IS
    'A UUIDv7 for the given instant (to the microsecond) with random rand_b, outside the sequence (for backfilling keys)';

CREATE FUNCTION uuid_generate_v8("at" timestamptz) RETURNS uuid
    AS 'MODULE_PATHNAME', 'uuid_generate_v8_at' LANGUAGE C VOLATILE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION uuid_generate_v8(timestamptz) IS
    'A UUIDv8 (uuid6 layout) for the given instant with random sequence and node, outside the sequence (for backfilling keys)';

CREATE FUNCTION uuid_generate_v8(custom bytea) RETURNS uuid
    AS 'MODULE_PATHNAME', 'uuid_generate_v8_custom' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION uuid_generate_v8(bytea) IS
    'A UUIDv8 from the first 16 of the given bytes with version and variant set (RFC 9562 section 5.8, Appendix B.2)';

-- Reading and reshaping UUIDs.

CREATE FUNCTION uuid_extract_time(uuid) RETURNS timestamptz
    AS 'MODULE_PATHNAME', 'uuid_extract_time' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION uuid_extract_time(uuid) IS
    'Creation time of a v1 or v6 (to the microsecond), v7 (to the millisecond) or v8 read by uuid6''s own layout (meaningless for other generators'' v8); NULL for other versions and variants';

CREATE FUNCTION uuid_extract_time(uuid, sub_ms boolean) RETURNS timestamptz
    AS 'MODULE_PATHNAME', 'uuid_extract_time_sub_ms' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION uuid_extract_time(uuid, boolean) IS
    'As uuid_extract_time(uuid); with sub_ms true a v7 also reads rand_a as the RFC 9562 Method 3 sub-millisecond fraction (microsecond precision)';

CREATE FUNCTION uuid_v1_to_v6(uuid) RETURNS uuid
    AS 'MODULE_PATHNAME', 'uuid_v1_to_v6' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION uuid_v1_to_v6(uuid) IS
    'The UUIDv6 with the same timestamp, clock_seq and node as the given UUIDv1 (lossless)';

CREATE FUNCTION uuid_v6_to_v1(uuid) RETURNS uuid
    AS 'MODULE_PATHNAME', 'uuid_v6_to_v1' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION uuid_v6_to_v1(uuid) IS
    'The UUIDv1 with the same timestamp, clock_seq and node as the given UUIDv6 (lossless)';

CREATE FUNCTION uuid_v7_floor(timestamptz) RETURNS uuid
    AS 'MODULE_PATHNAME', 'uuid_v7_floor' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION uuid_v7_floor(timestamptz) IS
    'The smallest UUIDv7 of the given instant''s millisecond: id >= uuid_v7_floor(a) AND id < uuid_v7_floor(b) selects keys made in [a, b)';

CREATE FUNCTION uuid_v6_floor(timestamptz) RETURNS uuid
    AS 'MODULE_PATHNAME', 'uuid_v6_floor' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION uuid_v6_floor(timestamptz) IS
    'The smallest UUIDv6 of the given instant (100-ns precision): id >= uuid_v6_floor(a) AND id < uuid_v6_floor(b) selects keys made in [a, b)';

CREATE FUNCTION uuid_extract_node(uuid) RETURNS integer
    AS 'MODULE_PATHNAME', 'uuid_extract_node' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION uuid_extract_node(uuid) IS
    'The 16 node bits of a v6 (bits 80-95), v7 or v8 (bits 74-89): the generating cluster''s uuid6.node_id when it had one set, random bits otherwise; NULL for other versions and variants';

CREATE FUNCTION uuid_inspect(id uuid,
    OUT version integer, OUT variant text, OUT "time" timestamptz,
    OUT clock_seq integer, OUT counter integer, OUT node text)
    RETURNS record
    AS 'MODULE_PATHNAME', 'uuid_inspect' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION uuid_inspect(uuid) IS
    'Fields of a UUID: version (NULL unless RFC 9562 variant), variant, time as uuid_extract_time, clock_seq (v1, v6), counter (v7 top of rand_b, v8 seq), node in hex (v1, v6, v8)';

-- The draft-era UUIDv7 (draft-peabody-dispatch-new-uuid-format -01/-02):
-- 36-bit Unix seconds and a binary fraction of the second. Only for systems
-- that hold such keys; new keys should use uuid_generate_v7().

CREATE FUNCTION uuid_generate_v7_draft("precision" text DEFAULT 'us') RETURNS uuid
    AS 'MODULE_PATHNAME', 'uuid_generate_v7_draft' LANGUAGE C VOLATILE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION uuid_generate_v7_draft(text) IS
    'Next UUIDv7 in the pre-RFC draft layout (36-bit Unix seconds, binary fraction) at precision ''ms'', ''us'' or ''ns'', from a cluster-wide sequence per precision; not RFC 9562 v7';

CREATE FUNCTION uuid_extract_time_draft(uuid) RETURNS timestamptz
    AS 'MODULE_PATHNAME', 'uuid_extract_time_draft' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION uuid_extract_time_draft(uuid) IS
    'Creation time of a v7 in the pre-RFC draft layout, read precision-blind as 36-bit seconds plus a binary fraction (to the microsecond); NULL for other versions';

-- Operations.

CREATE FUNCTION uuid6_status(
    OUT mode text, OUT node_id integer, OUT version integer, OUT generated bigint,
    OUT clock_regressions bigint, OUT largest_regression_us bigint, OUT ahead_of_clock_us bigint)
    RETURNS SETOF record
    AS 'MODULE_PATHNAME', 'uuid6_status' LANGUAGE C VOLATILE PARALLEL SAFE ROWS 3;
COMMENT ON FUNCTION uuid6_status() IS
    'Where the sequences live (shared_preload, dsm_registry, lazy_shmem or backend_local), uuid6.node_id, and per version: values generated, clock regressions seen, the largest one, and how far the sequence is ahead of the clock';
