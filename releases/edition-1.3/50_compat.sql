-- The pg_uuidv7 1.6 API (SPEC section 6b), as the C library declares it:
-- readers IMMUTABLE STRICT, anything but an RFC 9562 v7 reads as NULL; the
-- makers SQL with a standard body over uuid_v7_floor and
-- uuid_generate_v7(timestamptz).

-- A v7's Unix milliseconds as the UTC wall-clock time, in integer steps
-- only: whole hours (make_interval multiplies them in int64), then the
-- milliseconds within the hour, whose product with interval's microseconds
-- is an integer well inside a double's exact range. As one number of
-- seconds or milliseconds in a double, late values (the layout reaches year
-- 10889) and many fractions of a second would not convert exactly.
-- Timestamp arithmetic without a time zone involves no zone's rules.
CREATE FUNCTION uuid_v7_to_timestamp(uuid) RETURNS timestamp
    LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $$
DECLARE
  t text := $1::text;
  ms bigint;
BEGIN
  IF substr(t, 15, 1) <> '7' OR substr(t, 20, 1) NOT IN ('8', '9', 'a', 'b') THEN
    RETURN NULL;
  END IF;
  ms := ('x' || substr(t, 1, 8) || substr(t, 10, 4))::bit(48)::bigint;
  RETURN timestamp '1970-01-01 00:00:00' + make_interval(hours => (ms / 3600000)::integer)
         + (ms % 3600000) * interval '1 millisecond';
END
$$;
COMMENT ON FUNCTION uuid_v7_to_timestamp(uuid) IS
    'pg_uuidv7 API: the Unix milliseconds of a UUIDv7 as a timestamp in UTC, whatever the session TimeZone; NULL for other versions';

CREATE FUNCTION uuid_v7_to_timestamptz(uuid) RETURNS timestamptz
    LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $$
BEGIN
  RETURN @extschema@.uuid_v7_to_timestamp($1) AT TIME ZONE 'UTC';
END
$$;
COMMENT ON FUNCTION uuid_v7_to_timestamptz(uuid) IS
    'pg_uuidv7 API: the Unix milliseconds of a UUIDv7 as timestamptz; NULL for other versions';

-- As in the C library, the makers are SQL with a standard body: bound to
-- the functions they call when created, and inlined by the planner, so that
-- a constant zero folds the CASE away (zero = true then becomes
-- uuid_v7_floor, IMMUTABLE, usable as an index condition). VOLATILE because
-- one branch draws random bits; not STRICT, because a STRICT SQL function
-- with a CASE body is never inlined, yet NULL in still gives NULL out: both
-- branches are STRICT and a NULL zero matches neither.
CREATE FUNCTION uuid_timestamptz_to_v7(ts timestamptz, zero boolean DEFAULT false) RETURNS uuid
    LANGUAGE sql VOLATILE PARALLEL SAFE
    RETURN CASE WHEN zero THEN @extschema@.uuid_v7_floor(ts)
                WHEN NOT zero THEN @extschema@.uuid_generate_v7(ts) END;
COMMENT ON FUNCTION uuid_timestamptz_to_v7(timestamptz, boolean) IS
    'pg_uuidv7 API: a UUIDv7 for the instant; zero = true gives its millisecond''s floor (uuid_v7_floor), false a value with random low bits (uuid_generate_v7(at))';

-- A timestamp without time zone is taken as UTC: AT TIME ZONE 'UTC' is
-- exact and does not depend on the session's TimeZone.
CREATE FUNCTION uuid_timestamp_to_v7(ts timestamp, zero boolean DEFAULT false) RETURNS uuid
    LANGUAGE sql VOLATILE PARALLEL SAFE
    RETURN CASE WHEN zero THEN @extschema@.uuid_v7_floor(ts AT TIME ZONE 'UTC')
                WHEN NOT zero THEN @extschema@.uuid_generate_v7(ts AT TIME ZONE 'UTC') END;
COMMENT ON FUNCTION uuid_timestamp_to_v7(timestamp, boolean) IS
    'pg_uuidv7 API: a UUIDv7 for the timestamp read as UTC; zero = true gives its millisecond''s floor, false a value with random low bits';
