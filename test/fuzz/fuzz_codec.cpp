// libFuzzer target over decoding, conversion, inspection, the ULID text and the v4
// facade. Besides the sanitizers' findings, every invariant below aborts the run when
// broken.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <initializer_list>
#include <string>

#include "core/draft_v7.hpp"
#include "core/facade.hpp"
#include "core/layout.hpp"
#include "core/sequence.hpp"
#include "core/spread.hpp"
#include "core/base32hex.hpp"
#include "core/typeid.hpp"
#include "core/ulid.hpp"

namespace {

void Require(bool condition) {
  if (!condition) std::abort();
}

int64_t ReadInt64(const uint8_t* data) {
  int64_t value = 0;
  std::memcpy(&value, data, sizeof value);
  return value;
}

void CheckUuid(const uuid6::Uuid& id) {
  using namespace uuid6;
  int64_t us = 0, us_sub = 0;
  const bool has_time = ExtractUnixMicros(id, false, us);
  const Fields fields = Inspect(id);
  Require(fields.has_time == has_time);
  Require(!has_time || fields.unix_us == us);
  Require(ExtractUnixMicros(id, true, us_sub) == has_time);
  const int version = VersionOf(id);
  Require(version == -1 || version == VersionNibble(id));

  Uuid converted{0, 0}, back{0, 0};
  int found = 0;
  const Status to_v6 = ConvertV1ToV6(id, converted, found);
  Require((to_v6 == Status::kOk) == (version == 1));
  Require(found == version);
  if (to_v6 == Status::kOk) {
    Require(ConvertV6ToV1(converted, back, found) == Status::kOk);
    Require(back == id);
    int64_t us_v6 = 0;
    Require(ExtractUnixMicros(converted, false, us_v6) && us_v6 == us);
  }
  if (version == 7) {
    // The sub-ms reading stays inside the millisecond, and the floor of the
    // time read back is never above the UUID.
    Require(us_sub >= us && us_sub < us + 1000);
    Uuid floor{0, 0};
    Require(V7Floor(us, floor) == Status::kOk);
    Require(!(id < floor));
  }
  if (version == 6) {
    Uuid floor{0, 0};
    Require(V6Floor(us, floor) == Status::kOk);
    Require(!(id < floor));
  }
  if (version >= 6 && version <= 8) Require(NodeIdOf(id) >= 0 && NodeIdOf(id) <= 0xFFFF);
  // The draft reading of any v7: inside its second (truncated, so never at
  // the end of it).
  int64_t draft_us = 0;
  Require(ExtractDraftUnixMicros(id, draft_us) == (version == 7));
  if (version == 7) {
    const int64_t second = static_cast<int64_t>(id.hi >> 28) * 1000000;
    Require(draft_us >= second && draft_us < second + 1000000);
  }
}

void CheckDraft(int64_t units, uint64_t random) {
  using namespace uuid6;
  for (DraftPrecision p : {DraftPrecision::kMillis, DraftPrecision::kMicros, DraftPrecision::kNanos}) {
    Uuid id{0, 0};
    if (PackDraftV7(p, units, static_cast<uint32_t>(random), random, id) != Status::kOk) continue;
    int64_t us = 0;
    Require(ExtractDraftUnixMicros(id, us));
    const int64_t per_second = DraftUnitsPerSecond(p);
    const int64_t instant = per_second >= 1000000 ? units / (per_second / 1000000)
                                                  : units * (1000000 / per_second);
    if (p == DraftPrecision::kMillis) {
      // A 244-us fraction step below the instant at most, and the sequence
      // bits read as less than one more step above it.
      Require(us - instant < 245 && instant - us < 245);
    } else {
      // Exactly the instant's microsecond, whatever the sequence and random bits.
      Require(us == instant);
    }
  }
}

void CheckInstant(int64_t us, uint64_t random) {
  using namespace uuid6;
  for (Generator g : {Generator::kV6, Generator::kV7, Generator::kV8}) {
    Uuid id{0, 0};
    if (PackAtInstant(g, us, random, static_cast<int>(random & 0xFFFF), id) != Status::kOk)
      continue;
    // Random node bits that spell the spread mark make a spread key (the
    // documented 2^-27 case, core/spread.hpp): read as one, it must carry
    // no other meaning.
    if (g == Generator::kV8 && IsSpread(id)) continue;
    int64_t decoded = 0;
    Require(ExtractUnixMicros(id, g == Generator::kV7, decoded));
    Require(decoded == us);
    Require(NodeIdOf(id) == static_cast<int>(random & 0xFFFF));
    // RFC 9562 §6.10: a random v6 node is a multicast one.
    Require(g != Generator::kV6 || (id.lo & kV6MulticastBit) != 0);
  }
}

// ULID text: every UUID round-trips through its text, in either case, and
// two UUIDs compare as their texts do.
void CheckUlid(const uuid6::Uuid& a, const uuid6::Uuid& b) {
  using namespace uuid6;
  char text_a[kUlidLength], text_b[kUlidLength];
  EncodeUlid(a, text_a);
  EncodeUlid(b, text_b);
  Require(text_a[0] >= '0' && text_a[0] <= '7');
  Uuid back{0, 0};
  size_t position = 0;
  Require(DecodeUlid(text_a, kUlidLength, back, position) == UlidError::kNone && back == a);
  for (char& c : text_a)
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  Require(DecodeUlid(text_a, kUlidLength, back, position) == UlidError::kNone && back == a);
  EncodeUlid(a, text_a);
  const int by_text = std::memcmp(text_a, text_b, kUlidLength);
  Require((by_text < 0) == (a < b) && (by_text == 0) == (a == b));
}

// Arbitrary bytes read as a ULID: an error names a byte inside the input,
// and whatever decodes re-encodes to the same text, upper-cased.
void CheckUlidText(const uint8_t* data, size_t size) {
  using namespace uuid6;
  const char* text = reinterpret_cast<const char*>(data);
  Uuid id{0, 0};
  size_t position = 0;
  const UlidError error = DecodeUlid(text, size, id, position);
  Require(error == UlidError::kWrongLength ? size != kUlidLength : size == kUlidLength);
  Require(error == UlidError::kBadCharacter ? position < size : position == 0);
  if (error != UlidError::kNone) return;
  char again[kUlidLength];
  EncodeUlid(id, again);
  for (size_t i = 0; i < kUlidLength; i++) {
    char c = text[i];
    if (c >= 'a' && c <= 'z') c = static_cast<char>(c - 'a' + 'A');
    Require(again[i] == c);
  }
}

// base32hex text: every UUID round-trips through its text, in either case
// and padded, the last character holds no bit beyond the 128, and two UUIDs
// compare as their texts do.
void CheckBase32Hex(const uuid6::Uuid& a, const uuid6::Uuid& b) {
  using namespace uuid6;
  char text_a[kBase32HexPaddedLength], text_b[kBase32HexLength];
  EncodeBase32Hex(a, text_a);
  EncodeBase32Hex(b, text_b);
  Require(std::strchr("048CGKOS", text_a[kBase32HexLength - 1]) != nullptr);
  Uuid back{0, 0};
  size_t position = 0;
  Require(DecodeBase32Hex(text_a, kBase32HexLength, back, position) == Base32HexError::kNone &&
          back == a);
  const int by_text = std::memcmp(text_a, text_b, kBase32HexLength);
  Require((by_text < 0) == (a < b) && (by_text == 0) == (a == b));
  for (size_t i = 0; i < kBase32HexLength; i++)
    if (text_a[i] >= 'A' && text_a[i] <= 'Z') text_a[i] = static_cast<char>(text_a[i] - 'A' + 'a');
  for (size_t i = kBase32HexLength; i < kBase32HexPaddedLength; i++) text_a[i] = '=';
  Require(DecodeBase32Hex(text_a, kBase32HexPaddedLength, back, position) ==
              Base32HexError::kNone &&
          back == a);
}

// Arbitrary bytes read as base32hex: an error names a byte inside the
// input (the first wrong one), and whatever decodes re-encodes to the same
// 26 characters, upper-cased.
void CheckBase32HexText(const uint8_t* data, size_t size) {
  using namespace uuid6;
  const char* text = reinterpret_cast<const char*>(data);
  Uuid id{0, 0};
  size_t position = 0;
  const Base32HexError error = DecodeBase32Hex(text, size, id, position);
  const bool right_length = size == kBase32HexLength || size == kBase32HexPaddedLength;
  Require((error == Base32HexError::kWrongLength) == !right_length);
  Require(error == Base32HexError::kNone || error == Base32HexError::kWrongLength
              ? position == 0
              : position < size);
  Require(error != Base32HexError::kLowBitsSet || position == kBase32HexLength - 1);
  Require(error != Base32HexError::kBadPadding || position >= kBase32HexLength);
  if (error != Base32HexError::kNone) return;
  char again[kBase32HexLength];
  EncodeBase32Hex(id, again);
  for (size_t i = 0; i < kBase32HexLength; i++) {
    char c = text[i];
    if (c >= 'a' && c <= 'z') c = static_cast<char>(c - 'a' + 'A');
    Require(again[i] == c);
  }
}

// Arbitrary bytes read as a TypeID: an error names a byte inside the input
// (or where the suffix starts), and whatever decodes is a prefix that
// passes CheckTypeIdPrefix and a suffix that re-encodes to the same bytes.
void CheckTypeIdText(const uint8_t* data, size_t size) {
  using namespace uuid6;
  const char* text = reinterpret_cast<const char*>(data);
  Uuid id{0, 0};
  size_t prefix_length = 0, suffix_start = 0, position = 0;
  const TypeIdError error = DecodeTypeId(text, size, id, prefix_length, suffix_start, position);
  Require(error == TypeIdError::kNone ? position == 0 : position <= size);
  Require(suffix_start <= size);
  if (error != TypeIdError::kNone) return;
  Require(suffix_start == (prefix_length > 0 ? prefix_length + 1 : 0));
  Require(size == suffix_start + kTypeIdSuffixLength);
  size_t ignored = 0;
  Require(CheckTypeIdPrefix(text, prefix_length, ignored) == TypeIdError::kNone);
  char again[kTypeIdSuffixLength];
  EncodeTypeIdSuffix(id, again);
  Require(std::memcmp(again, text + suffix_start, kTypeIdSuffixLength) == 0);
}

// The facade: any v7 under any key round-trips exactly, changing only the
// time and the version; decoding with another key never gives the v7 back
// (short of two 48-bit masks colliding, a 2^-48 chance per pair); and the
// transform refuses every other version.
void CheckFacade(const uuid6::Uuid& any, const uint8_t key_bytes[16], const uint8_t other_bytes[16]) {
  using namespace uuid6;
  const SipHashKey key = SipHashKeyFromBytes(key_bytes);
  SipHashKey other = SipHashKeyFromBytes(other_bytes);
  if (other == key) other.k1 ^= 1;
  const Uuid v7 = WithVersion(any, 7);
  Uuid facade{0, 0}, back{0, 0};
  int found = 0;
  Require(FacadeFromV7(v7, key, facade, found) == Status::kOk && found == 7);
  Require(VersionOf(facade) == 4);
  Require((facade.hi & 0xFFF) == (v7.hi & 0xFFF) && facade.lo == v7.lo);
  // The mask is SipHash-2-4 of the 10 message bytes, as specified.
  uint8_t bytes[16];
  StoreUuid(v7, bytes);
  const uint8_t message[10] = {static_cast<uint8_t>(bytes[6] & 0x0F), bytes[7],
                               static_cast<uint8_t>(bytes[8] & 0x3F), bytes[9], bytes[10],
                               bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]};
  Require(((facade.hi >> 16) ^ (v7.hi >> 16)) == (SipHash24(key, message, 10) & kMask48));
  Require(V7FromFacade(facade, key, back, found) == Status::kOk && found == 4);
  Require(back == v7);
  Require(V7FromFacade(facade, other, back, found) == Status::kOk);
  Require(!(back == v7));
  const int version = VersionOf(any);
  Uuid untouched{1, 1};
  if (version != 7) {
    Require(FacadeFromV7(any, key, untouched, found) == Status::kWrongVersion && found == version);
    Require(untouched == (Uuid{1, 1}));
  }
  if (version != 4) {
    Require(V7FromFacade(any, key, untouched, found) == Status::kWrongVersion && found == version);
    Require(untouched == (Uuid{1, 1}));
  }
}

// Arbitrary bytes as a facade key setting: a key read from them is read
// again, the same, from its 32-digit and its k0:k1 forms.
void CheckFacadeKeyText(const uint8_t* data, size_t size) {
  using namespace uuid6;
  const std::string text(reinterpret_cast<const char*>(data), size);
  SipHashKey key{0, 0};
  const FacadeKeyText result = ParseFacadeKey(text.c_str(), key);
  Require((result == FacadeKeyText::kEmpty) == (text.c_str()[0] == '\0'));
  if (result != FacadeKeyText::kKey) return;
  uint8_t bytes[16];
  for (int i = 0; i < 8; i++) {
    bytes[i] = static_cast<uint8_t>(key.k0 >> (8 * i));
    bytes[8 + i] = static_cast<uint8_t>(key.k1 >> (8 * i));
  }
  char digits[33], pair[34];
  for (int i = 0; i < 16; i++) std::snprintf(digits + 2 * i, 3, "%02x", bytes[i]);
  std::snprintf(pair, sizeof pair, "%.16s:%.16s", digits, digits + 16);
  SipHashKey again{0, 0};
  Require(ParseFacadeKey(digits, again) == FacadeKeyText::kKey && again == key);
  Require(SipHashKeyFromBytes(bytes) == key);
  again = SipHashKey{0, 0};
  Require(ParseFacadeKey(pair, again) == FacadeKeyText::kKey && again == key);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  uuid6::Uuid id{0, 0};
  const bool made = uuid6::V8FromBytes(data, size, id);
  Require(made == (size >= 16));
  CheckUlidText(data, size);
  CheckFacadeKeyText(data, size);
  if (size > uuid6::kUlidLength) CheckUlidText(data, uuid6::kUlidLength);
  CheckBase32HexText(data, size);
  CheckTypeIdText(data, size);
  if (size > uuid6::kBase32HexLength) CheckBase32HexText(data, uuid6::kBase32HexLength);
  if (size > uuid6::kBase32HexPaddedLength) CheckBase32HexText(data, uuid6::kBase32HexPaddedLength);
  if (size < 16) return 0;
  Require(uuid6::VersionOf(id) == 8);
  CheckUuid(uuid6::LoadUuid(data));
  CheckUuid(id);
  if (size >= 32) {
    CheckUlid(uuid6::LoadUuid(data), uuid6::LoadUuid(data + 16));
    CheckBase32Hex(uuid6::LoadUuid(data), uuid6::LoadUuid(data + 16));
    CheckInstant(ReadInt64(data + 16), static_cast<uint64_t>(ReadInt64(data + 24)));
    CheckDraft(ReadInt64(data + 16), static_cast<uint64_t>(ReadInt64(data + 24)));
  }
  if (size >= 48) CheckFacade(uuid6::LoadUuid(data), data + 16, data + 32);
  return 0;
}
