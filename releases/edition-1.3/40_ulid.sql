-- The ULID text form (SPEC section 6b), as src/core/ulid.cpp and
-- src/pg/ulid_functions.cpp: the 128 bits in 26 characters of Crockford's
-- base32, most significant first, the first character holding only the top
-- 3 bits. The alphabet is in ASCII order, so the text sorts like the uuid.

-- Each character is 5 bits of the 130-bit string of two zero bits and the
-- UUID's 128 bits.
CREATE FUNCTION uuid_to_ulid(uuid) RETURNS text
    LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $$
DECLARE
  a constant text := '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
  b constant bit(130) := B'00' || ('x' || replace($1::text, '-', ''))::bit(128);
BEGIN
  RETURN substr(a, substring(b FROM   1 FOR 5)::integer + 1, 1) || substr(a, substring(b FROM   6 FOR 5)::integer + 1, 1)
      || substr(a, substring(b FROM  11 FOR 5)::integer + 1, 1) || substr(a, substring(b FROM  16 FOR 5)::integer + 1, 1)
      || substr(a, substring(b FROM  21 FOR 5)::integer + 1, 1) || substr(a, substring(b FROM  26 FOR 5)::integer + 1, 1)
      || substr(a, substring(b FROM  31 FOR 5)::integer + 1, 1) || substr(a, substring(b FROM  36 FOR 5)::integer + 1, 1)
      || substr(a, substring(b FROM  41 FOR 5)::integer + 1, 1) || substr(a, substring(b FROM  46 FOR 5)::integer + 1, 1)
      || substr(a, substring(b FROM  51 FOR 5)::integer + 1, 1) || substr(a, substring(b FROM  56 FOR 5)::integer + 1, 1)
      || substr(a, substring(b FROM  61 FOR 5)::integer + 1, 1) || substr(a, substring(b FROM  66 FOR 5)::integer + 1, 1)
      || substr(a, substring(b FROM  71 FOR 5)::integer + 1, 1) || substr(a, substring(b FROM  76 FOR 5)::integer + 1, 1)
      || substr(a, substring(b FROM  81 FOR 5)::integer + 1, 1) || substr(a, substring(b FROM  86 FOR 5)::integer + 1, 1)
      || substr(a, substring(b FROM  91 FOR 5)::integer + 1, 1) || substr(a, substring(b FROM  96 FOR 5)::integer + 1, 1)
      || substr(a, substring(b FROM 101 FOR 5)::integer + 1, 1) || substr(a, substring(b FROM 106 FOR 5)::integer + 1, 1)
      || substr(a, substring(b FROM 111 FOR 5)::integer + 1, 1) || substr(a, substring(b FROM 116 FOR 5)::integer + 1, 1)
      || substr(a, substring(b FROM 121 FOR 5)::integer + 1, 1) || substr(a, substring(b FROM 126 FOR 5)::integer + 1, 1);
END
$$;
COMMENT ON FUNCTION uuid_to_ulid(uuid) IS
    'The UUID as a ULID: 26 upper-case Crockford base32 characters that sort like the UUID';

-- A well-formed ULID (the pattern: 26 characters of the alphabet in either
-- case, the first at most 7) is read 5 bits a character. Anything else is
-- refused with the error the C library gives, naming what is wrong: the
-- length in characters, the first character outside the alphabet (quoted
-- only when it is a printable ASCII character), or a first character above
-- 7. Only ASCII letters are folded to upper case: upper() could map a
-- character from outside ASCII onto a letter of the alphabet. (ascii() is
-- asked only about single bytes: it refuses other multi-byte characters
-- than UTF-8's.)
CREATE FUNCTION uuid_from_ulid(text) RETURNS uuid
    LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $$
DECLARE
  -- Under the C collation whatever the argument's: regular expressions and
  -- strpos refuse a nondeterministic one.
  s constant text COLLATE "C" := $1;
  a constant text COLLATE "C" := '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
  u text COLLATE "C";
  b bit(130);
  c text COLLATE "C";
BEGIN
  IF s ~ '^[0-7][0-9ABCDEFGHJKMNPQRSTVWXYZabcdefghjkmnpqrstvwxyz]{25}$' THEN
    u := translate(s, 'abcdefghjkmnpqrstvwxyz', 'ABCDEFGHJKMNPQRSTVWXYZ');
    b := (strpos(a, substr(u,  1, 1)) - 1)::bit(5) || (strpos(a, substr(u,  2, 1)) - 1)::bit(5) || (strpos(a, substr(u,  3, 1)) - 1)::bit(5)
      || (strpos(a, substr(u,  4, 1)) - 1)::bit(5) || (strpos(a, substr(u,  5, 1)) - 1)::bit(5) || (strpos(a, substr(u,  6, 1)) - 1)::bit(5)
      || (strpos(a, substr(u,  7, 1)) - 1)::bit(5) || (strpos(a, substr(u,  8, 1)) - 1)::bit(5) || (strpos(a, substr(u,  9, 1)) - 1)::bit(5)
      || (strpos(a, substr(u, 10, 1)) - 1)::bit(5) || (strpos(a, substr(u, 11, 1)) - 1)::bit(5) || (strpos(a, substr(u, 12, 1)) - 1)::bit(5)
      || (strpos(a, substr(u, 13, 1)) - 1)::bit(5) || (strpos(a, substr(u, 14, 1)) - 1)::bit(5) || (strpos(a, substr(u, 15, 1)) - 1)::bit(5)
      || (strpos(a, substr(u, 16, 1)) - 1)::bit(5) || (strpos(a, substr(u, 17, 1)) - 1)::bit(5) || (strpos(a, substr(u, 18, 1)) - 1)::bit(5)
      || (strpos(a, substr(u, 19, 1)) - 1)::bit(5) || (strpos(a, substr(u, 20, 1)) - 1)::bit(5) || (strpos(a, substr(u, 21, 1)) - 1)::bit(5)
      || (strpos(a, substr(u, 22, 1)) - 1)::bit(5) || (strpos(a, substr(u, 23, 1)) - 1)::bit(5) || (strpos(a, substr(u, 24, 1)) - 1)::bit(5)
      || (strpos(a, substr(u, 25, 1)) - 1)::bit(5) || (strpos(a, substr(u, 26, 1)) - 1)::bit(5);
    RETURN (lpad(to_hex(substring(b FROM 3 FOR 64)::bigint), 16, '0')
            || lpad(to_hex(substring(b FROM 67 FOR 64)::bigint), 16, '0'))::uuid;
  END IF;
  IF octet_length(s) <> 26 THEN
    IF length(s) <> 26 THEN
      RAISE EXCEPTION 'invalid ULID: "%"', s
        USING ERRCODE = 'invalid_text_representation',
              DETAIL = format('A ULID has 26 characters, not %s.', length(s));
    END IF;
    -- 26 characters in more bytes: the first one beyond ASCII is named.
    FOR i IN 1..26 LOOP
      IF octet_length(substr(s, i, 1)) > 1 THEN
        RAISE EXCEPTION 'invalid ULID: "%"', s
          USING ERRCODE = 'invalid_text_representation',
                DETAIL = format('The character at position %s is not in the ULID alphabet.', i),
                HINT = 'A ULID is written with the digits and the letters A to Z except I, L, O and U, in either case.';
      END IF;
    END LOOP;
  END IF;
  -- 26 bytes: the first character that is not in the alphabet, or a first
  -- character above 7. (Where some of the 26 bytes are one character, the
  -- first of those is the first character outside the alphabet.)
  FOR i IN 1..length(s) LOOP
    c := substr(s, i, 1);
    IF strpos(a, translate(c, 'abcdefghjkmnpqrstvwxyz', 'ABCDEFGHJKMNPQRSTVWXYZ')) = 0 THEN
      IF (CASE WHEN octet_length(c) = 1 THEN ascii(c) BETWEEN 33 AND 126 ELSE false END) THEN
        RAISE EXCEPTION 'invalid ULID: "%"', s
          USING ERRCODE = 'invalid_text_representation',
                DETAIL = format('Character "%s" at position %s is not in the ULID alphabet.', c, i),
                HINT = 'A ULID is written with the digits and the letters A to Z except I, L, O and U, in either case.';
      END IF;
      RAISE EXCEPTION 'invalid ULID: "%"', s
        USING ERRCODE = 'invalid_text_representation',
              DETAIL = format('The character at position %s is not in the ULID alphabet.', i),
              HINT = 'A ULID is written with the digits and the letters A to Z except I, L, O and U, in either case.';
    END IF;
    IF i = 1 AND c NOT IN ('0', '1', '2', '3', '4', '5', '6', '7') THEN
      RAISE EXCEPTION 'invalid ULID: "%"', s
        USING ERRCODE = 'invalid_text_representation',
              DETAIL = format('The first character is "%s", above "7": the value exceeds 128 bits.', c);
    END IF;
  END LOOP;
  -- The pattern accepts everything else.
  RAISE EXCEPTION 'uuid_from_ulid found nothing wrong with a text it refused' USING ERRCODE = 'internal_error';
END
$$;
COMMENT ON FUNCTION uuid_from_ulid(text) IS
    'The UUID of a ULID, read in either case; a wrong length, a character outside the alphabet or a value above 128 bits is an error (22P02)';
