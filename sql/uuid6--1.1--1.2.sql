-- uuid6 1.1 -> 1.2. Every SQL change from 1.1 on goes here; make builds the
-- 1.2 install script as the 1.0 script followed by the upgrade steps, so a
-- fresh install and an update run the same statements.
\echo Use "ALTER EXTENSION uuid6 UPDATE TO '1.2'" to load this file. \quit

-- ---------------------------------------------------------------------------
-- The v4 facade of a v7: uuidv47's keyed, exactly invertible transform
-- (SipHash-2-4 mask over the 48-bit time, version 7 <-> 4), bit for bit
-- compatible with its reference. With the key from the setting
-- uuid6.facade_key the functions are STABLE (the setting can change within a
-- session); with the key given as bytea they are IMMUTABLE and can be used
-- in indexes and generated columns.

CREATE FUNCTION uuid_v7_to_facade(id uuid) RETURNS uuid
    AS 'MODULE_PATHNAME', 'uuid_v7_to_facade' LANGUAGE C STABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION uuid_v7_to_facade(uuid) IS
    'the v4 facade of a UUIDv7 under the key in uuid6.facade_key (uuidv47''s transform): the time hidden, every other bit kept; 22023 for another version, 55000 when no key is set';

CREATE FUNCTION uuid_facade_to_v7(facade uuid) RETURNS uuid
    AS 'MODULE_PATHNAME', 'uuid_facade_to_v7' LANGUAGE C STABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION uuid_facade_to_v7(uuid) IS
    'the UUIDv7 behind a v4 facade, under the key in uuid6.facade_key; a v4 that is not a facade under that key gives a meaningless v7; 22023 for another version, 55000 when no key is set';

CREATE FUNCTION uuid_v7_to_facade(id uuid, key bytea) RETURNS uuid
    AS 'MODULE_PATHNAME', 'uuid_v7_to_facade_key' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION uuid_v7_to_facade(uuid, bytea) IS
    'the v4 facade of a UUIDv7 under the given 16-byte key (uuidv47''s transform); 22023 for another version or a key that is not 16 bytes';

CREATE FUNCTION uuid_facade_to_v7(facade uuid, key bytea) RETURNS uuid
    AS 'MODULE_PATHNAME', 'uuid_facade_to_v7_key' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION uuid_facade_to_v7(uuid, bytea) IS
    'the UUIDv7 behind a v4 facade under the given 16-byte key; 22023 for another version or a key that is not 16 bytes';

CREATE FUNCTION uuid6_facade_key_id() RETURNS text
    AS 'MODULE_PATHNAME', 'uuid6_facade_key_id' LANGUAGE C STABLE PARALLEL SAFE;
COMMENT ON FUNCTION uuid6_facade_key_id() IS
    'which key uuid6.facade_key holds, without revealing it: SipHash-2-4 under the key of the 16 ASCII bytes "uuid6 facade key", as 16 hex digits; not reversible; NULL when no key is set';

-- ---------------------------------------------------------------------------
-- Keys follow the database: each database keeps, in WAL, the lease of each
-- RFC 9562 generator (the clock part of the last tick handed out there may
-- reach), written with the extension owner's rights before any key beyond
-- it is handed out; and the mark of the server that last wrote them. Dumps
-- carry their values; a server that finds another's mark lifts its
-- sequences above the leases before making keys here.

CREATE SEQUENCE uuid6_lease_v6 AS bigint MINVALUE 0 START 0 NO CYCLE;
CREATE SEQUENCE uuid6_lease_v7 AS bigint MINVALUE 0 START 0 NO CYCLE;
CREATE SEQUENCE uuid6_lease_v8 AS bigint MINVALUE 0 START 0 NO CYCLE;
CREATE SEQUENCE uuid6_lease_server AS bigint MINVALUE 0 START 0 NO CYCLE;
COMMENT ON SEQUENCE uuid6_lease_v6 IS
    'uuid6: this database''s lease of the version 6 sequence, in 100-ns ticks since 1582: no v6 key above it is made here before it is written. Written by uuid6 only';
COMMENT ON SEQUENCE uuid6_lease_v7 IS
    'uuid6: this database''s lease of the version 7 sequence, in 1/4096 ms since 1970: no v7 key above it is made here before it is written. Written by uuid6 only';
COMMENT ON SEQUENCE uuid6_lease_v8 IS
    'uuid6: this database''s lease of the version 8 sequence, in 16-ns ticks since 1970: no v8 key above it is made here before it is written. Written by uuid6 only';
COMMENT ON SEQUENCE uuid6_lease_server IS
    'uuid6: the mark of the server that last wrote this database''s leases; another server''s mark makes a server lift its sequences above the leases first. Written by uuid6 only';
SELECT pg_catalog.pg_extension_config_dump('uuid6_lease_v6', '');
SELECT pg_catalog.pg_extension_config_dump('uuid6_lease_v7', '');
SELECT pg_catalog.pg_extension_config_dump('uuid6_lease_v8', '');
SELECT pg_catalog.pg_extension_config_dump('uuid6_lease_server', '');
-- Anyone may read them (a dump does); only the extension's owner, whose
-- rights uuid6 uses to write them, may change them.
GRANT SELECT ON SEQUENCE uuid6_lease_v6, uuid6_lease_v7, uuid6_lease_v8, uuid6_lease_server TO PUBLIC;
GRANT SELECT, UPDATE ON SEQUENCE uuid6_lease_v6, uuid6_lease_v7, uuid6_lease_v8, uuid6_lease_server
    TO @extowner@;

DROP FUNCTION uuid6_status();
CREATE FUNCTION uuid6_status(
    OUT mode text, OUT node_id integer, OUT version integer, OUT generated bigint,
    OUT clock_regressions bigint, OUT largest_regression_us bigint, OUT ahead_of_clock_us bigint,
    OUT restored_from text, OUT restored_until timestamptz, OUT state_saved_at timestamptz,
    OUT persisted_until timestamptz, OUT database_lease text, OUT database_lease_until timestamptz,
    OUT database_lease_written boolean)
    RETURNS SETOF record
    AS 'MODULE_PATHNAME', 'uuid6_status' LANGUAGE C VOLATILE PARALLEL SAFE ROWS 3;
COMMENT ON FUNCTION uuid6_status() IS
    'Where the sequences live (shared_preload, dsm_registry or lazy_shmem), uuid6.node_id, and per version: values generated, clock regressions seen, the largest one, how far the sequence is ahead of the clock, what the state file gave when the shared state was created (restored_from, the time the restored sequence stood at, when that file was saved), the time up to which the state file now covers the sequence, and this database''s lease: its sequence, the time up to which it covers keys made here, and whether this session writes it (false during recovery, in a read-only transaction or in parallel mode, where the state file alone covers new keys)';
