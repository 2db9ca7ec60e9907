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
