-- The v4 facade of a v7 with the key given as bytea (SPEC section 6c), bit
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

-- The transform in both directions: checks the key and the input's
-- version, then XORs the mask into the 48-bit time and writes the target
-- version. The two public forms below name themselves in its errors.
CREATE FUNCTION uuid6_sql_facade(id uuid, key bytea, function_name text, expected integer,
                                 target integer)
    RETURNS uuid LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $$
DECLARE
  t constant text := id::text;
  b bytea;
  k0 bigint;
  k1 bigint;
  m0 bigint;
  m1 bigint;
  v0 bigint;
  v1 bigint;
  v2 bigint;
  v3 bigint;
BEGIN
  IF octet_length(key) <> 16 THEN
    RAISE EXCEPTION 'a facade key is 16 bytes, not %', octet_length(key)
      USING ERRCODE = 'invalid_parameter_value';
  END IF;
  IF substr(t, 15, 1) <> expected::text OR substr(t, 20, 1) NOT IN ('8', '9', 'a', 'b') THEN
    RETURN @extschema@.uuid6_sql_wrong_version(function_name, expected, id);
  END IF;
  -- The key's two words and the message's, each 8 bytes read little-endian;
  -- the second message word is octets 14 and 15 with the length, 10, in its
  -- top byte.
  k0 := get_byte(key, 0) | (get_byte(key, 1) << 8) | (get_byte(key, 2) << 16)
        | (get_byte(key, 3)::bigint << 24) | (get_byte(key, 4)::bigint << 32)
        | (get_byte(key, 5)::bigint << 40) | (get_byte(key, 6)::bigint << 48)
        | (get_byte(key, 7)::bigint << 56);
  k1 := get_byte(key, 8) | (get_byte(key, 9) << 8) | (get_byte(key, 10) << 16)
        | (get_byte(key, 11)::bigint << 24) | (get_byte(key, 12)::bigint << 32)
        | (get_byte(key, 13)::bigint << 40) | (get_byte(key, 14)::bigint << 48)
        | (get_byte(key, 15)::bigint << 56);
  b := uuid_send(id);
  m0 := (get_byte(b, 6) & 15) | (get_byte(b, 7) << 8) | ((get_byte(b, 8) & 63) << 16)
        | (get_byte(b, 9)::bigint << 24) | (get_byte(b, 10)::bigint << 32)
        | (get_byte(b, 11)::bigint << 40) | (get_byte(b, 12)::bigint << 48)
        | (get_byte(b, 13)::bigint << 56);
  m1 := get_byte(b, 14) | (get_byte(b, 15) << 8) | (10::bigint << 56);
  -- "somepseudorandomlygeneratedbytes"
  v0 := k0 # 8317987319222330741;
  v1 := k1 # 7237128888997146477;
  v2 := k0 # 7816392313619706465;
  v3 := k1 # 8387220255154660723;
  -- Eight SipRounds: two after each message word, four to finish.
  v3 := v3 # m0;
  FOR r IN 1..8 LOOP
    IF r = 3 THEN
      v0 := v0 # m0;
      v3 := v3 # m1;
    ELSIF r = 5 THEN
      v0 := v0 # m1;
      v2 := v2 # 255;
    END IF;
    v0 := (((v0 >> 1) + (v1 >> 1) + (v0 & v1 & 1)) << 1) | ((v0 # v1) & 1);
    v1 := ((v1 << 13) | ((v1 >> 51) & 8191)) # v0;
    v0 := (v0 << 32) | ((v0 >> 32) & 4294967295);
    v2 := (((v2 >> 1) + (v3 >> 1) + (v2 & v3 & 1)) << 1) | ((v2 # v3) & 1);
    v3 := ((v3 << 16) | ((v3 >> 48) & 65535)) # v2;
    v0 := (((v0 >> 1) + (v3 >> 1) + (v0 & v3 & 1)) << 1) | ((v0 # v3) & 1);
    v3 := ((v3 << 21) | ((v3 >> 43) & 2097151)) # v0;
    v2 := (((v2 >> 1) + (v1 >> 1) + (v2 & v1 & 1)) << 1) | ((v2 # v1) & 1);
    v1 := ((v1 << 17) | ((v1 >> 47) & 131071)) # v2;
    v2 := (v2 << 32) | ((v2 >> 32) & 4294967295);
  END LOOP;
  RETURN (lpad(to_hex(('x' || substr(t, 1, 8) || substr(t, 10, 4))::bit(48)::bigint
                      # ((v0 # v1 # v2 # v3) & 281474976710655)), 12, '0')
          || target::text || substr(t, 16, 3) || substr(t, 20, 4) || substr(t, 25, 12))::uuid;
END
$$;
COMMENT ON FUNCTION uuid6_sql_facade(uuid, bytea, text, integer, integer) IS
    'uuid6 internal: the facade transform (SipHash-2-4 mask over the 48-bit time) from version expected to version target, under a 16-byte key';

CREATE FUNCTION uuid_v7_to_facade(id uuid, key bytea) RETURNS uuid
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    RETURN @extschema@.uuid6_sql_facade(id, key, 'uuid_v7_to_facade', 7, 4);
COMMENT ON FUNCTION uuid_v7_to_facade(uuid, bytea) IS
    'the v4 facade of a UUIDv7 under the given 16-byte key (uuidv47''s transform); 22023 for another version or a key that is not 16 bytes';

CREATE FUNCTION uuid_facade_to_v7(facade uuid, key bytea) RETURNS uuid
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    RETURN @extschema@.uuid6_sql_facade(facade, key, 'uuid_facade_to_v7', 4, 7);
COMMENT ON FUNCTION uuid_facade_to_v7(uuid, bytea) IS
    'the UUIDv7 behind a v4 facade under the given 16-byte key; 22023 for another version or a key that is not 16 bytes';
