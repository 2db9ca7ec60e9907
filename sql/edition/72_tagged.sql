-- Tagged keys, as src/core/tag.hpp and src/pg/tag_functions.cpp: a v7 of the
-- database's v7 sequence, laid out as uuid_generate_v7() lays it out, whose
-- last 32 bits are the 24-bit tag mark 0x7A9C3E and the caller's tag (0-255);
-- uuid_extract_tag reads the tag of a v7 that carries the mark, NULL of any
-- other UUID.
--
-- The tick is uuid_generate_v7()'s (uuid6_sql_draw: the read-only check, the
-- transaction's WAL record for durability, one nextval(); lifted when more
-- than 0.75 ms behind the clock, as the spread generator lifts it): tagged
-- and untagged v7 keys of a database never share a tick and sort in the
-- order they were made, whatever their tags, the tag lying below the tick.
--
-- Security (see 00_sequences.sql): SQL-standard helpers bound at
-- installation and inlined; the public functions PL/pgSQL of control flow
-- and qualified calls with exact argument types, no SET clause (the
-- generator is a hot path); the error from a raiser with a pinned path.

-- The C library's 22023 for a tag outside 0-255. (A raiser: runs only to
-- raise, pinned path.)
CREATE FUNCTION uuid6_sql_tag_refused(tag integer, seal @extschema@.uuid6_sql_seal) RETURNS bigint
    LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE
    SET search_path = pg_catalog, pg_temp AS $$
BEGIN
  RAISE EXCEPTION 'a key''s tag must be from 0 to 255, got %', tag
    USING ERRCODE = 'invalid_parameter_value',
          HINT = 'The tag is the key''s last byte: number the kinds of keys, for example the tables, from 0.';
END
$$;
COMMENT ON FUNCTION uuid6_sql_tag_refused(integer, @extschema@.uuid6_sql_seal) IS
    'uuid6 internal: raises the 22023 error of a tag outside 0-255 (a raiser: pinned search_path, runs only to raise)';

-- A tag checked: 0-255, else the error.
CREATE FUNCTION uuid6_sql_tag(tag integer, seal @extschema@.uuid6_sql_seal) RETURNS bigint
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN CASE WHEN tag >= 0 AND tag <= 255 THEN tag::bigint
                ELSE @extschema@.uuid6_sql_tag_refused(tag, true::@extschema@.uuid6_sql_seal) END;
COMMENT ON FUNCTION uuid6_sql_tag(integer, @extschema@.uuid6_sql_seal) IS
    'uuid6 internal: a key''s tag, 22023 outside 0-255 (SQL-standard body, inlined)';

-- The tagged key of a tick t of the v7 sequence: the high word of a v7; the
-- low word of a v7 (variant, the counter, uuid6.node_id in bits 74-89 or
-- random bits when node is -1, random bits below) with its last 32 bits
-- replaced by the mark (bits 96-119) and the checked tag (bits 120-127).
CREATE FUNCTION uuid6_sql_tagged_key(t bigint, node integer, r bigint, tag bigint, seal @extschema@.uuid6_sql_seal) RETURNS uuid
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN @extschema@.uuid6_sql_key(
             @extschema@.uuid6_sql_hi_v7(t, true::@extschema@.uuid6_sql_seal),
             (CASE WHEN node < 0 THEN @extschema@.uuid6_sql_lo(t & 255, r, true::@extschema@.uuid6_sql_seal)
                   ELSE @extschema@.uuid6_sql_lo_node(t & 255, r, node, true::@extschema@.uuid6_sql_seal) END
              & -4294967296) | (8035390::bigint << 8) | tag, true::@extschema@.uuid6_sql_seal);
COMMENT ON FUNCTION uuid6_sql_tagged_key(bigint, integer, bigint, bigint, @extschema@.uuid6_sql_seal) IS
    'uuid6 internal: the tagged key of a tick of the v7 sequence, a node id (-1: none), 64 random bits and a checked tag (SQL-standard body, inlined)';

-- The generator. The tag is checked before a tick is drawn, so that a
-- refused call takes none.
CREATE FUNCTION uuid_generate_v7_tagged(tag integer) RETURNS uuid
    LANGUAGE plpgsql VOLATILE STRICT PARALLEL UNSAFE AS $$
DECLARE
  checked bigint := @extschema@.uuid6_sql_tag($1, true::@extschema@.uuid6_sql_seal);
  t bigint := @extschema@.uuid6_sql_draw(7, true::@extschema@.uuid6_sql_seal);
BEGIN
  IF @extschema@.uuid6_sql_behind(7, t, true::@extschema@.uuid6_sql_seal) THEN
    t := @extschema@.uuid6_sql_lifted(7, t, true::@extschema@.uuid6_sql_seal);
  END IF;
  RETURN @extschema@.uuid6_sql_tagged_key(t, @extschema@.uuid6_sql_node_id(true::@extschema@.uuid6_sql_seal),
                                          @extschema@.uuid6_sql_random(true::@extschema@.uuid6_sql_seal), checked,
                                          true::@extschema@.uuid6_sql_seal);
END
$$;
COMMENT ON FUNCTION uuid_generate_v7_tagged(integer) IS
    'Next UUIDv7 of the cluster''s v7 sequence, as uuid_generate_v7() makes it, carrying the tag (0-255) in its last byte after a 24-bit mark: it sorts with every v7 key in the order they were made, whatever the tags; 22023 for another tag, NULL for NULL';

-- The tag of a UUID's two words: its last byte where it is a v7 of the RFC
-- variant (version nibble 0111, variant 10) carrying the mark, else NULL.
CREATE FUNCTION uuid6_sql_tag_of(hi bigint, lo bigint, seal @extschema@.uuid6_sql_seal) RETURNS integer
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN CASE WHEN (hi & 61440) = 28672 AND ((lo >> 62) & 3) = 2 AND ((lo >> 8) & 16777215) = 8035390
                THEN (lo & 255)::integer END;
COMMENT ON FUNCTION uuid6_sql_tag_of(bigint, bigint, @extschema@.uuid6_sql_seal) IS
    'uuid6 internal: the tag of a tagged key''s two 64-bit words, NULL for any other UUID (SQL-standard body, inlined)';

CREATE FUNCTION uuid_extract_tag(uuid) RETURNS integer
    LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $$
-- Qualified calls with exact argument types only (see 12_time.sql).
DECLARE
  hi bigint := @extschema@.uuid6_sql_word($1, 0, true::@extschema@.uuid6_sql_seal);
  lo bigint := @extschema@.uuid6_sql_word($1, 8, true::@extschema@.uuid6_sql_seal);
BEGIN
  RETURN @extschema@.uuid6_sql_tag_of(hi, lo, true::@extschema@.uuid6_sql_seal);
END
$$;
COMMENT ON FUNCTION uuid_extract_tag(uuid) IS
    'The tag (0-255) of a key made by uuid_generate_v7_tagged: the last byte of a v7 that carries the tag mark; NULL for any other UUID (a v7 made otherwise carries the mark by chance once in 2^24)';
