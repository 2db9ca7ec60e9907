#include "core/state_file.hpp"

#include <cstring>

#include "core/no_postgres.hpp"  // last: proves no PostgreSQL header came in

namespace uuid6 {

namespace {

constexpr const char* kMagic = "uuid6 state ";
constexpr int kFormatVersion = 1;
constexpr const char* kNames[kGeneratorCount] = {"v6",         "v7",         "v8",
                                                 "v7draft-ms", "v7draft-us", "v7draft-ns"};

uint64_t Fnv1a64(const char* data, size_t length) noexcept {
  uint64_t hash = 0xcbf29ce484222325ULL;
  for (size_t i = 0; i < length; i++) {
    hash ^= static_cast<unsigned char>(data[i]);
    hash *= 0x100000001b3ULL;
  }
  return hash;
}

// Appends to buffer[*used..size); false once it does not fit.
bool Append(char* buffer, size_t size, size_t* used, const char* text) noexcept {
  const size_t length = std::strlen(text);
  if (*used + length >= size) return false;
  std::memcpy(buffer + *used, text, length);
  *used += length;
  buffer[*used] = '\0';
  return true;
}

// Lower-case hex without leading zeros ("0" for zero); `out` holds 33 bytes.
void Hex128(Tick value, char* out) noexcept {
  char reversed[33];
  int n = 0;
  do {
    reversed[n++] = "0123456789abcdef"[static_cast<unsigned>(value & 0xF)];
    value >>= 4;
  } while (value != 0);
  for (int i = 0; i < n; i++) out[i] = reversed[n - 1 - i];
  out[n] = '\0';
}

void Decimal(int64_t value, char* out) noexcept {
  char reversed[24];
  int n = 0;
  const bool negative = value < 0;
  uint64_t magnitude = negative ? 0 - static_cast<uint64_t>(value) : static_cast<uint64_t>(value);
  do {
    reversed[n++] = static_cast<char>('0' + magnitude % 10);
    magnitude /= 10;
  } while (magnitude != 0);
  int at = 0;
  if (negative) out[at++] = '-';
  for (int i = 0; i < n; i++) out[at++] = reversed[n - 1 - i];
  out[at] = '\0';
}

// A line of the file: [begin, end) without its newline.
struct Line {
  const char* begin;
  const char* end;
};

bool NextLine(const char*& cursor, const char* limit, Line& line) noexcept {
  if (cursor >= limit) return false;
  const void* newline = std::memchr(cursor, '\n', static_cast<size_t>(limit - cursor));
  if (newline == nullptr) return false;  // every line ends with a newline
  line.begin = cursor;
  line.end = static_cast<const char*>(newline);
  cursor = line.end + 1;
  return true;
}

// "KEY VALUE": true when the line starts with `key` and one space.
bool HasKey(const Line& line, const char* key, const char*& value) noexcept {
  const size_t length = std::strlen(key);
  if (static_cast<size_t>(line.end - line.begin) <= length) return false;
  if (std::memcmp(line.begin, key, length) != 0 || line.begin[length] != ' ') return false;
  value = line.begin + length + 1;
  return true;
}

bool ParseHex(const char* begin, const char* end, int max_digits, Tick& out) noexcept {
  if (begin == end || end - begin > max_digits) return false;
  Tick value = 0;
  for (const char* p = begin; p < end; p++) {
    int digit;
    if (*p >= '0' && *p <= '9')
      digit = *p - '0';
    else if (*p >= 'a' && *p <= 'f')
      digit = *p - 'a' + 10;
    else
      return false;
    value = (value << 4) | static_cast<unsigned>(digit);
  }
  out = value;
  return true;
}

bool ParseDecimal(const char* begin, const char* end, int64_t& out) noexcept {
  if (begin == end || end - begin > 18) return false;  // 18 digits never overflow
  int64_t value = 0;
  for (const char* p = begin; p < end; p++) {
    if (*p < '0' || *p > '9') return false;
    value = value * 10 + (*p - '0');
  }
  out = value;
  return true;
}

}  // namespace

const char* GeneratorName(Generator generator) noexcept {
  return kNames[static_cast<int>(generator)];
}

const char* StateFileErrorText(StateFileError error) noexcept {
  switch (error) {
    case StateFileError::kNone:
      return "no error";
    case StateFileError::kForeign:
      return "not a uuid6 state file";
    case StateFileError::kVersion:
      return "written by an unknown version of uuid6";
    case StateFileError::kTruncated:
      return "truncated";
    case StateFileError::kChecksum:
      return "checksum mismatch";
    case StateFileError::kMalformed:
      break;
  }
  return "malformed line";
}

size_t FormatStateFile(const PersistedState& state, char* buffer, size_t size) noexcept {
  if (size == 0) return 0;
  size_t used = 0;
  buffer[0] = '\0';
  char number[40];
  Decimal(kFormatVersion, number);
  bool fits = Append(buffer, size, &used, kMagic) && Append(buffer, size, &used, number) &&
              Append(buffer, size, &used, "\nsaved ");
  Decimal(state.saved_unix_us, number);
  fits = fits && Append(buffer, size, &used, number) && Append(buffer, size, &used, "\n");
  for (int i = 0; i < kGeneratorCount && fits; i++) {
    if (!state.present[i]) continue;
    Hex128(state.lease[i], number);
    fits = Append(buffer, size, &used, kNames[i]) && Append(buffer, size, &used, " ") &&
           Append(buffer, size, &used, number) && Append(buffer, size, &used, "\n");
  }
  Hex128(Fnv1a64(buffer, used), number);
  fits = fits && Append(buffer, size, &used, "check ") && Append(buffer, size, &used, number) &&
         Append(buffer, size, &used, "\n");
  return fits ? used : 0;
}

StateFileError ParseStateFile(const char* data, size_t length, PersistedState& out) noexcept {
  std::memset(&out, 0, sizeof out);
  PersistedState parsed;
  std::memset(&parsed, 0, sizeof parsed);
  const char* cursor = data;
  const char* const limit = data + length;
  Line line;
  const char* value = nullptr;

  // First line: magic and format version.
  const size_t magic_length = std::strlen(kMagic);
  if (length < magic_length)  // empty, or cut inside the first line
    return std::memcmp(data, kMagic, length) == 0 ? StateFileError::kTruncated
                                                   : StateFileError::kForeign;
  if (std::memcmp(data, kMagic, magic_length) != 0) return StateFileError::kForeign;
  if (!NextLine(cursor, limit, line)) return StateFileError::kTruncated;
  int64_t version = 0;
  if (!ParseDecimal(line.begin + magic_length, line.end, version)) return StateFileError::kMalformed;
  if (version != kFormatVersion) return StateFileError::kVersion;

  if (!NextLine(cursor, limit, line)) return StateFileError::kTruncated;
  if (!HasKey(line, "saved", value) || !ParseDecimal(value, line.end, parsed.saved_unix_us))
    return StateFileError::kMalformed;

  for (;;) {
    const char* line_start = cursor;
    if (!NextLine(cursor, limit, line)) return StateFileError::kTruncated;
    if (HasKey(line, "check", value)) {
      Tick check = 0;
      if (!ParseHex(value, line.end, 16, check)) return StateFileError::kMalformed;
      if (static_cast<uint64_t>(check) !=
          Fnv1a64(data, static_cast<size_t>(line_start - data)))
        return StateFileError::kChecksum;
      if (cursor != limit) return StateFileError::kMalformed;  // nothing after the check
      out = parsed;
      return StateFileError::kNone;
    }
    int found = -1;
    for (int i = 0; i < kGeneratorCount && found < 0; i++)
      if (HasKey(line, kNames[i], value)) found = i;
    // No tick is wider than its generator's layout allows (at most 77 bits,
    // 20 hex digits): a wider one would wrap when packed.
    if (found < 0 || parsed.present[found] || !ParseHex(value, line.end, 20, parsed.lease[found]) ||
        (parsed.lease[found] >> MaxTickBits(static_cast<Generator>(found))) != 0)
      return StateFileError::kMalformed;
    parsed.present[found] = true;
  }
}

}  // namespace uuid6
