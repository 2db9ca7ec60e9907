#include "core/facade.hpp"

#include "core/no_postgres.hpp"  // last: proves no PostgreSQL header came in

namespace uuid6 {

namespace {

constexpr uint64_t kMessageLength = 10;

// The 48-bit mask for the bits of `id` that the transform keeps. The
// 10-byte message [octet 6 & 0x0F, octet 7, octet 8 & 0x3F, octets 9..15]
// is read as SipHash reads it: bytes 0-7 as one little-endian word, then
// bytes 8-9 (octets 14 and 15) with the length in the top byte.
uint64_t MaskOf(const Uuid& id, const SipHashKey& key) {
  uint64_t first = ((id.hi >> 8) & 0x0F) | (id.hi & 0xFF) << 8 | ((id.lo >> 56) & 0x3F) << 16;
  for (int i = 0; i < 5; i++) first |= ((id.lo >> (48 - 8 * i)) & 0xFF) << (24 + 8 * i);
  const uint64_t last = ((id.lo >> 8) & 0xFF) | (id.lo & 0xFF) << 8 | kMessageLength << 56;
  SipHash24State state(key);
  state.Absorb(first);
  return state.Finish(last) & kMask48;
}

// XORs the mask into octets 0-5 and sets `version` and the RFC variant.
Uuid Transform(const Uuid& in, const SipHashKey& key, int version) {
  const uint64_t time = (in.hi >> 16) ^ MaskOf(in, key);
  return WithVersion(Uuid{(time << 16) | (in.hi & 0xFFFF), in.lo}, version);
}

Status Checked(const Uuid& in, int expected, int target, const SipHashKey& key, Uuid& out,
               int& found) {
  found = VersionOf(in);
  if (found != expected) return Status::kWrongVersion;
  out = Transform(in, key, target);
  return Status::kOk;
}

bool IsSpace(char c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\v' || c == '\f' || c == '\r';
}

int HexDigit(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

// Skips an optional "0x" or "0X" at the start of `length` characters.
void SkipHexPrefix(const char*& text, size_t& length) {
  if (length >= 2 && text[0] == '0' && (text[1] == 'x' || text[1] == 'X')) {
    text += 2;
    length -= 2;
  }
}

// Exactly 16 hex digits at `text`: 8 bytes in order, read as a
// little-endian word.
bool ParseWord(const char* text, uint64_t& out) {
  uint64_t word = 0;
  for (int i = 7; i >= 0; i--) {
    const int high = HexDigit(text[2 * i]), low = HexDigit(text[2 * i + 1]);
    if (high < 0 || low < 0) return false;
    word = (word << 8) | static_cast<uint64_t>(high << 4 | low);
  }
  out = word;
  return true;
}

// One side of "k0:k1".
bool ParseSide(const char* text, size_t length, uint64_t& out) {
  SkipHexPrefix(text, length);
  return length == 16 && ParseWord(text, out);
}

}  // namespace

Status FacadeFromV7(const Uuid& v7, const SipHashKey& key, Uuid& out, int& found) noexcept {
  return Checked(v7, 7, 4, key, out, found);
}

Status V7FromFacade(const Uuid& facade, const SipHashKey& key, Uuid& out, int& found) noexcept {
  return Checked(facade, 4, 7, key, out, found);
}

FacadeKeyText ParseFacadeKey(const char* text, SipHashKey& out) noexcept {
  if (text == nullptr || text[0] == '\0') return FacadeKeyText::kEmpty;
  // Without white space, the longest form is "0x" + 16 + ":" + "0x" + 16.
  char compact[38];
  size_t length = 0;
  for (const char* p = text; *p != '\0'; p++) {
    if (IsSpace(*p)) continue;
    if (length == sizeof compact) return FacadeKeyText::kMalformed;
    compact[length++] = *p;
  }
  size_t colon = 0;
  while (colon < length && compact[colon] != ':') colon++;
  SipHashKey key{0, 0};
  if (colon < length) {
    if (!ParseSide(compact, colon, key.k0) ||
        !ParseSide(compact + colon + 1, length - colon - 1, key.k1))
      return FacadeKeyText::kMalformed;
  } else {
    const char* digits = compact;
    SkipHexPrefix(digits, length);
    if (length != 32 || !ParseWord(digits, key.k0) || !ParseWord(digits + 16, key.k1))
      return FacadeKeyText::kMalformed;
  }
  out = key;
  return FacadeKeyText::kKey;
}

uint64_t FacadeKeyId(const SipHashKey& key) noexcept {
  static const uint8_t kLabel[] = {'u', 'u', 'i', 'd', '6', ' ', 'f', 'a',
                                   'c', 'a', 'd', 'e', ' ', 'k', 'e', 'y'};
  return SipHash24(key, kLabel, sizeof kLabel);
}

}  // namespace uuid6
