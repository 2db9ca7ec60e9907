// SQL entry points of the spread layout (core/spread.hpp): the generator and
// the bucket reader. The partition and time-range helpers are SQL.
#include "core/spread.hpp"
#include "pg/convert.hpp"
#include "pg/generators.hpp"
#include "pg/settings.hpp"
#include "pg/sql_function.hpp"

namespace {

// log2 of a valid bucket count, or 22023.
int BucketBitsOrError(int32 buckets) {
  const int bits = uuid6::SpreadBucketBits(buckets);
  if (bits < 0)
    ereport(ERROR, (errcode(ERRCODE_INVALID_PARAMETER_VALUE),
                    errmsg("a spread key needs a bucket count that is a power of two from 2 to "
                           "256, got %d",
                           buckets),
                    errhint("Use the same count for the keys, uuid6_create_spread_partitions "
                            "and uuid_spread_ranges, for example 16.")));
  return bits;
}

}  // namespace

// uuid_generate_v8_spread(buckets integer): the next tick of the cluster's
// v7 sequence, in the bucket of this backend's slot. Taking the tick from
// the one v7 sequence, rather than keeping a sequence per bucket, gives the
// spread keys the v7 sequence's durable lease, database lease, clock
// regression handling and side-by-side library rules with no shared state
// of their own; keys are unique across all buckets by construction and
// strictly increasing within each (a subsequence of one strictly
// increasing sequence). What spreads the inserts is the bucket: each
// backend appends at its own bucket's right edge of the index.
UUID6_SQL_FUNCTION(uuid_generate_v8_spread) {
  const int32 buckets = PG_GETARG_INT32(0);
  const int bits = BucketBitsOrError(buckets);
  const int slot = uuid6::pg::BackendSlot();
  const uint32 bucket =
      static_cast<uint32>(slot >= 0 ? slot : MyProcPid) & ((uint32{1} << bits) - 1);
  const uint64 random = uuid6::pg::TakeRandom64();
  const uuid6::Tick tick = uuid6::pg::TakeSequenceTick(uuid6::Generator::kV7, random);
  return uuid6::pg::DatumFromUuid(
      uuid6::PackSpread(bits, bucket, tick, random, uuid6::pg::node_id_setting));
}

// uuid_spread_bucket(uuid): the bucket of a spread key, NULL for any other.
UUID6_SQL_FUNCTION(uuid_spread_bucket) {
  uuid6::SpreadKey key;
  if (!uuid6::ReadSpread(uuid6::pg::UuidFromDatum(PG_GETARG_DATUM(0)), key)) PG_RETURN_NULL();
  PG_RETURN_INT32(static_cast<int32>(key.bucket));
}

// uuid_spread_buckets(uuid): the bucket count a spread key was made with.
UUID6_SQL_FUNCTION(uuid_spread_buckets) {
  uuid6::SpreadKey key;
  if (!uuid6::ReadSpread(uuid6::pg::UuidFromDatum(PG_GETARG_DATUM(0)), key)) PG_RETURN_NULL();
  PG_RETURN_INT32(int32{1} << key.bucket_bits);
}

// uuid_spread_floor(bucket, at, buckets): the smallest spread key of the
// bucket whose time, read to the millisecond, is `at` or later — the bound
// uuid_spread_ranges and the partitions are made of. Rounded up to the next
// millisecond, so that id >= floor(a) is exactly uuid_extract_time(id) >= a.
UUID6_SQL_FUNCTION(uuid_spread_floor) {
  const int32 bucket = PG_GETARG_INT32(0);
  const int bits = BucketBitsOrError(PG_GETARG_INT32(2));
  if (bucket < 0 || bucket >= (int32{1} << bits))
    ereport(ERROR, (errcode(ERRCODE_INVALID_PARAMETER_VALUE),
                    errmsg("bucket %d is not one of the %d buckets", bucket, 1 << bits),
                    errhint("Buckets are numbered from 0.")));
  const int64 unix_us = uuid6::pg::UnixMicrosFromTimestamp(PG_GETARG_TIMESTAMPTZ(1), "spread");
  // One millisecond past the last v7 time: the end of the layout's range.
  constexpr int64 kEndMicros = static_cast<int64>(uuid6::kMask48 + 1) * 1000;
  if (unix_us < 0 || unix_us > kEndMicros)
    ereport(ERROR, (errcode(ERRCODE_DATETIME_VALUE_OUT_OF_RANGE),
                    errmsg("timestamp out of range for a spread key"),
                    errdetail("A spread key holds times from 1970-01-01 to 10889-08-02 UTC, at "
                              "millisecond precision, as a version 7 does.")));
  const uint64 unix_ms = static_cast<uint64>((unix_us + 999) / 1000);
  if (unix_ms > uuid6::kMask48) {
    // Past every key of the bucket: the next bucket's first key, or the
    // largest UUID after the last bucket.
    if (bucket + 1 < (int32{1} << bits))
      return uuid6::pg::DatumFromUuid(uuid6::SpreadFloor(bits, static_cast<uint32>(bucket + 1), 0));
    return uuid6::pg::DatumFromUuid(uuid6::Uuid{~uint64{0}, ~uint64{0}});
  }
  return uuid6::pg::DatumFromUuid(
      uuid6::SpreadFloor(bits, static_cast<uint32>(bucket), static_cast<uuid6::Tick>(unix_ms) << 20));
}
