-- The v4 facade of a v7 with the key given as bytea (docs/facade.md), bit
-- for bit as src/core/facade.cpp and src/core/siphash.hpp compute it:
--
--   message = [octet 6 & 0x0F, octet 7, octet 8 & 0x3F, octets 9..15]
--   mask    = the low 48 bits of SipHash-2-4(key, message)
--   facade  = octets 0-5 XOR mask, version 4;  v7 = the same, version 7
--
-- The forms that take the key from the setting uuid6.facade_key are not part
-- of this edition: the setting's secrecy rests on the C library's own
-- handling of it, which SQL cannot give.
--
-- SipHash works on 64-bit words with wrapping addition; bigint refuses to
-- overflow, so a sum is taken as two halves that cannot: with >> the
-- arithmetic shift, a + b = 2 * ((a >> 1) + (b >> 1) + (a & b & 1)) + ((a # b) & 1)
-- exactly, the inner sum lies inside bigint, and << (which PostgreSQL does
-- not check) wraps the doubling modulo 2^64. A left rotation by r is
-- (x << r) | ((x >> (64 - r)) & (2^r - 1)), the mask removing the copies of
-- the sign bit that >> brings in.
--
-- As in 12_time.sql (see its top): the arithmetic is in SQL-standard
-- helpers (bound at installation, inlined), the transform is PL/pgSQL of
-- control flow and qualified calls with exact argument types only (a facade
-- is made per row: no SET search_path), and errors come from a raiser with
-- a pinned search_path.

-- The arithmetic: XOR, SipHash's wrapping addition and left rotation, the
-- little-endian 64-bit word of 8 bytes, and the two message words of a UUID.
CREATE FUNCTION uuid6_sql_xor(a bigint, b bigint, seal @extschema@.uuid6_sql_seal) RETURNS bigint
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN a # b;
COMMENT ON FUNCTION uuid6_sql_xor(bigint, bigint, @extschema@.uuid6_sql_seal) IS
    'uuid6 internal: a XOR b (SQL-standard body, inlined)';

CREATE FUNCTION uuid6_sql_sip_add(a bigint, b bigint, seal @extschema@.uuid6_sql_seal) RETURNS bigint
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN (((a >> 1) + (b >> 1) + (a & b & 1)) << 1) | ((a # b) & 1);
COMMENT ON FUNCTION uuid6_sql_sip_add(bigint, bigint, @extschema@.uuid6_sql_seal) IS
    'uuid6 internal: a + b modulo 2^64 (SQL-standard body, inlined)';

CREATE FUNCTION uuid6_sql_sip_rotl(x bigint, r integer, seal @extschema@.uuid6_sql_seal) RETURNS bigint
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN (x << r) | ((x >> (64 - r)) & ((1::bigint << r) - 1));
COMMENT ON FUNCTION uuid6_sql_sip_rotl(bigint, integer, @extschema@.uuid6_sql_seal) IS
    'uuid6 internal: x rotated left by r bits (SQL-standard body, inlined)';

CREATE FUNCTION uuid6_sql_sip_rotl_xor(x bigint, r integer, y bigint, seal @extschema@.uuid6_sql_seal) RETURNS bigint
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN ((x << r) | ((x >> (64 - r)) & ((1::bigint << r) - 1))) # y;
COMMENT ON FUNCTION uuid6_sql_sip_rotl_xor(bigint, integer, bigint, @extschema@.uuid6_sql_seal) IS
    'uuid6 internal: x rotated left by r bits, XOR y (SQL-standard body, inlined)';

CREATE FUNCTION uuid6_sql_le_word(b bytea, start_octet integer, seal @extschema@.uuid6_sql_seal) RETURNS bigint
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN pg_catalog.get_byte(b, start_octet) | (pg_catalog.get_byte(b, start_octet + 1) << 8) | (pg_catalog.get_byte(b, start_octet + 2) << 16)
           | (pg_catalog.get_byte(b, start_octet + 3)::bigint << 24) | (pg_catalog.get_byte(b, start_octet + 4)::bigint << 32)
           | (pg_catalog.get_byte(b, start_octet + 5)::bigint << 40) | (pg_catalog.get_byte(b, start_octet + 6)::bigint << 48)
           | (pg_catalog.get_byte(b, start_octet + 7)::bigint << 56);
COMMENT ON FUNCTION uuid6_sql_le_word(bytea, integer, @extschema@.uuid6_sql_seal) IS
    'uuid6 internal: the 8 bytes from start_octet as a little-endian 64-bit word (SQL-standard body, inlined)';

-- The message: [octet 6 & 0x0F, octet 7, octet 8 & 0x3F, octets 9..13] and
-- [octets 14, 15, with the length, 10, in the top byte].
CREATE FUNCTION uuid6_sql_facade_m0(id uuid, seal @extschema@.uuid6_sql_seal) RETURNS bigint
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN (pg_catalog.get_byte(pg_catalog.uuid_send(id), 6) & 15) | (pg_catalog.get_byte(pg_catalog.uuid_send(id), 7) << 8)
           | ((pg_catalog.get_byte(pg_catalog.uuid_send(id), 8) & 63) << 16) | (pg_catalog.get_byte(pg_catalog.uuid_send(id), 9)::bigint << 24)
           | (pg_catalog.get_byte(pg_catalog.uuid_send(id), 10)::bigint << 32) | (pg_catalog.get_byte(pg_catalog.uuid_send(id), 11)::bigint << 40)
           | (pg_catalog.get_byte(pg_catalog.uuid_send(id), 12)::bigint << 48) | (pg_catalog.get_byte(pg_catalog.uuid_send(id), 13)::bigint << 56);
COMMENT ON FUNCTION uuid6_sql_facade_m0(uuid, @extschema@.uuid6_sql_seal) IS
    'uuid6 internal: the first message word of the facade''s SipHash (SQL-standard body, inlined)';

CREATE FUNCTION uuid6_sql_facade_m1(id uuid, seal @extschema@.uuid6_sql_seal) RETURNS bigint
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN pg_catalog.get_byte(pg_catalog.uuid_send(id), 14) | (pg_catalog.get_byte(pg_catalog.uuid_send(id), 15) << 8) | (10::bigint << 56);
COMMENT ON FUNCTION uuid6_sql_facade_m1(uuid, @extschema@.uuid6_sql_seal) IS
    'uuid6 internal: the second message word of the facade''s SipHash, with the length (SQL-standard body, inlined)';

-- The result: octets 0-5 XOR the low 48 bits of the hash, the target
-- version, the rest of the input unchanged.
CREATE FUNCTION uuid6_sql_facade_out(id uuid, hash bigint, target integer, seal @extschema@.uuid6_sql_seal) RETURNS uuid
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN @extschema@.uuid6_sql_uuid(
        ((((@extschema@.uuid6_sql_ms_high(id, false, true::@extschema@.uuid6_sql_seal)::bigint << 24) | @extschema@.uuid6_sql_ms_low(id, false, true::@extschema@.uuid6_sql_seal))
          # (hash & 281474976710655)) << 16)
        | (target << 12) | ((pg_catalog.get_byte(pg_catalog.uuid_send(id), 6) & 15) << 8) | pg_catalog.get_byte(pg_catalog.uuid_send(id), 7),
        @extschema@.uuid6_sql_word(id, 8, true::@extschema@.uuid6_sql_seal), true::@extschema@.uuid6_sql_seal);
COMMENT ON FUNCTION uuid6_sql_facade_out(uuid, bigint, integer, @extschema@.uuid6_sql_seal) IS
    'uuid6 internal: the facade transform''s output for a SipHash value and a target version (SQL-standard body, inlined)';

-- A key that is not 16 bytes, or an input of another version or variant.
CREATE FUNCTION uuid6_sql_facade_refused(id uuid, key bytea, expected integer, seal @extschema@.uuid6_sql_seal) RETURNS boolean
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN pg_catalog.octet_length(key) <> 16 OR @extschema@.uuid6_sql_version(id, true::@extschema@.uuid6_sql_seal) <> expected;
COMMENT ON FUNCTION uuid6_sql_facade_refused(uuid, bytea, integer, @extschema@.uuid6_sql_seal) IS
    'uuid6 internal: whether the facade transform refuses a key or an input (SQL-standard body, inlined)';

-- The errors, the key's first: a raiser, so its search_path is pinned.
CREATE FUNCTION uuid6_sql_facade_error(id uuid, key bytea, function_name text, expected integer, seal @extschema@.uuid6_sql_seal)
    RETURNS uuid LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE
    SET search_path = pg_catalog, pg_temp AS $$
BEGIN
  IF octet_length(key) <> 16 THEN
    RAISE EXCEPTION 'a facade key is 16 bytes, not %', octet_length(key)
      USING ERRCODE = 'invalid_parameter_value';
  END IF;
  RETURN @extschema@.uuid6_sql_wrong_version(function_name, expected, id, true::@extschema@.uuid6_sql_seal);
END
$$;
COMMENT ON FUNCTION uuid6_sql_facade_error(uuid, bytea, text, integer, @extschema@.uuid6_sql_seal) IS
    'uuid6 internal: raises the 22023 error of a facade key that is not 16 bytes or an input of another version (a raiser: pinned search_path)';

-- Integer equality as a helper, for PL/pgSQL's control flow.
CREATE FUNCTION uuid6_sql_is(a integer, b integer, seal @extschema@.uuid6_sql_seal) RETURNS boolean
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN a = b;
COMMENT ON FUNCTION uuid6_sql_is(integer, integer, @extschema@.uuid6_sql_seal) IS
    'uuid6 internal: a = b (SQL-standard body, inlined)';

-- The transform in both directions: checks the key and the input's
-- version, then XORs the mask into the 48-bit time and writes the target
-- version. The two public forms below name themselves in its errors.
-- "somepseudorandomlygeneratedbytes" starts the state; two SipRounds after
-- each message word, four to finish.
CREATE FUNCTION uuid6_sql_facade(id uuid, key bytea, function_name text, expected integer,
                                 target integer, seal @extschema@.uuid6_sql_seal)
    RETURNS uuid LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $$
-- Control flow and qualified calls with exact argument types only (see
-- 12_time.sql).
DECLARE
  m0 bigint;
  m1 bigint;
  v0 bigint;
  v1 bigint;
  v2 bigint;
  v3 bigint;
BEGIN
  IF @extschema@.uuid6_sql_facade_refused(id, key, expected, true::@extschema@.uuid6_sql_seal) THEN
    RETURN @extschema@.uuid6_sql_facade_error(id, key, function_name, expected, true::@extschema@.uuid6_sql_seal);
  END IF;
  m0 := @extschema@.uuid6_sql_facade_m0(id, true::@extschema@.uuid6_sql_seal);
  m1 := @extschema@.uuid6_sql_facade_m1(id, true::@extschema@.uuid6_sql_seal);
  v0 := @extschema@.uuid6_sql_xor(@extschema@.uuid6_sql_le_word(key, 0, true::@extschema@.uuid6_sql_seal), 8317987319222330741, true::@extschema@.uuid6_sql_seal);
  v1 := @extschema@.uuid6_sql_xor(@extschema@.uuid6_sql_le_word(key, 8, true::@extschema@.uuid6_sql_seal), 7237128888997146477, true::@extschema@.uuid6_sql_seal);
  v2 := @extschema@.uuid6_sql_xor(@extschema@.uuid6_sql_le_word(key, 0, true::@extschema@.uuid6_sql_seal), 7816392313619706465, true::@extschema@.uuid6_sql_seal);
  v3 := @extschema@.uuid6_sql_xor(@extschema@.uuid6_sql_le_word(key, 8, true::@extschema@.uuid6_sql_seal), 8387220255154660723, true::@extschema@.uuid6_sql_seal);
  v3 := @extschema@.uuid6_sql_xor(v3, m0, true::@extschema@.uuid6_sql_seal);
  FOR i IN 1..8 LOOP
    -- After two rounds the first message word goes in, after four the
    -- second with the finalisation constant (i, a loop counter, is 3 and 5
    -- there: tested with a helper, not an operator).
    IF @extschema@.uuid6_sql_is(i, 3, true::@extschema@.uuid6_sql_seal) THEN
      v0 := @extschema@.uuid6_sql_xor(v0, m0, true::@extschema@.uuid6_sql_seal);
      v3 := @extschema@.uuid6_sql_xor(v3, m1, true::@extschema@.uuid6_sql_seal);
    ELSIF @extschema@.uuid6_sql_is(i, 5, true::@extschema@.uuid6_sql_seal) THEN
      v0 := @extschema@.uuid6_sql_xor(v0, m1, true::@extschema@.uuid6_sql_seal);
      v2 := @extschema@.uuid6_sql_xor(v2, 255::bigint, true::@extschema@.uuid6_sql_seal);
    END IF;
    v0 := @extschema@.uuid6_sql_sip_add(v0, v1, true::@extschema@.uuid6_sql_seal);
    v1 := @extschema@.uuid6_sql_sip_rotl_xor(v1, 13, v0, true::@extschema@.uuid6_sql_seal);
    v0 := @extschema@.uuid6_sql_sip_rotl(v0, 32, true::@extschema@.uuid6_sql_seal);
    v2 := @extschema@.uuid6_sql_sip_add(v2, v3, true::@extschema@.uuid6_sql_seal);
    v3 := @extschema@.uuid6_sql_sip_rotl_xor(v3, 16, v2, true::@extschema@.uuid6_sql_seal);
    v0 := @extschema@.uuid6_sql_sip_add(v0, v3, true::@extschema@.uuid6_sql_seal);
    v3 := @extschema@.uuid6_sql_sip_rotl_xor(v3, 21, v0, true::@extschema@.uuid6_sql_seal);
    v2 := @extschema@.uuid6_sql_sip_add(v2, v1, true::@extschema@.uuid6_sql_seal);
    v1 := @extschema@.uuid6_sql_sip_rotl_xor(v1, 17, v2, true::@extschema@.uuid6_sql_seal);
    v2 := @extschema@.uuid6_sql_sip_rotl(v2, 32, true::@extschema@.uuid6_sql_seal);
  END LOOP;
  RETURN @extschema@.uuid6_sql_facade_out(id, @extschema@.uuid6_sql_xor(@extschema@.uuid6_sql_xor(v0, v1, true::@extschema@.uuid6_sql_seal),
                                                                         @extschema@.uuid6_sql_xor(v2, v3, true::@extschema@.uuid6_sql_seal), true::@extschema@.uuid6_sql_seal),
                                          target, true::@extschema@.uuid6_sql_seal);
END
$$;
COMMENT ON FUNCTION uuid6_sql_facade(uuid, bytea, text, integer, integer, @extschema@.uuid6_sql_seal) IS
    'uuid6 internal: the facade transform (SipHash-2-4 mask over the 48-bit time) from version expected to version target, under a 16-byte key (PL/pgSQL of qualified calls)';

-- The public forms: SQL-standard bodies, bound to uuid6_sql_facade when
-- created and inlined into the caller's query (STRICT: a call of a STRICT
-- function that uses every parameter inlines).
CREATE FUNCTION uuid_v7_to_facade(id uuid, key bytea) RETURNS uuid
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    RETURN @extschema@.uuid6_sql_facade(id, key, 'uuid_v7_to_facade', 7, 4, true::@extschema@.uuid6_sql_seal);
COMMENT ON FUNCTION uuid_v7_to_facade(uuid, bytea) IS
    'the v4 facade of a UUIDv7 under the given 16-byte key (uuidv47''s transform); 22023 for another version or a key that is not 16 bytes';

CREATE FUNCTION uuid_facade_to_v7(facade uuid, key bytea) RETURNS uuid
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    RETURN @extschema@.uuid6_sql_facade(facade, key, 'uuid_facade_to_v7', 4, 7, true::@extschema@.uuid6_sql_seal);
COMMENT ON FUNCTION uuid_facade_to_v7(uuid, bytea) IS
    'the UUIDv7 behind a v4 facade under the given 16-byte key; 22023 for another version or a key that is not 16 bytes';
