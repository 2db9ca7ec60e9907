// The v4 facade of a v7: a keyed, exactly invertible transform that shows a
// v7 key as a value that looks like a random v4, and takes it back. It is
// the uuidv47 scheme, bit for bit, so that every implementation of that
// scheme and the database agree on every value:
//
//   message = [octet 6 & 0x0F, octet 7, octet 8 & 0x3F, octets 9..15]
//             (the 74 bits after the time that the transform leaves alone)
//   mask    = the low 48 bits of SipHash-2-4(key, message)
//   facade  = octets 0-5 (unix_ts_ms) XOR mask, version 4, variant 10
//   v7      = octets 0-5 of the facade XOR mask, version 7, variant 10
//
// The message reads the same bits in a v7 and in its facade, so decoding
// recomputes the mask that encoding used. Everything but the 48-bit time
// and the version passes through unchanged.
#pragma once

#include <cstdint>

#include "core/layout.hpp"
#include "core/siphash.hpp"

namespace uuid6 {

// v7 -> facade. kWrongVersion (`found` = the version read, -1 when the
// variant is not RFC 9562's) unless `v7` is a version 7 UUID of the RFC
// variant; `out` is then unchanged.
Status FacadeFromV7(const Uuid& v7, const SipHashKey& key, Uuid& out, int& found) noexcept;

// facade -> v7: the same for a version 4 input. A v4 that was not made by
// FacadeFromV7 with this key decodes to a v7 whose time means nothing: the
// transform has no integrity check.
Status V7FromFacade(const Uuid& facade, const SipHashKey& key, Uuid& out, int& found) noexcept;

// The facade key as text: the forms uuidv47's PostgreSQL extension accepts,
// so a key written for it reads the same here.
//   - 32 hex digits: the 16 key bytes in order;
//   - "k0:k1": 16 hex digits on each side, each side 8 bytes in order read
//     as a little-endian word (so "0011223344556677:8899aabbccddeeff" is the
//     same key as "00112233445566778899aabbccddeeff");
//   - an optional "0x" or "0X" before the 32 digits or before either side;
//   - white space (space, tab, newline, vertical tab, form feed, carriage
//     return) anywhere is ignored.
enum class FacadeKeyText {
  kKey,        // a key, in `out`
  kEmpty,      // the empty string: no key set
  kMalformed,  // anything else; `out` is unchanged
};
FacadeKeyText ParseFacadeKey(const char* text, SipHashKey& out) noexcept;

// A fingerprint that tells keys apart without revealing them: SipHash-2-4
// under the key of the 16 ASCII bytes "uuid6 facade key". A facade's message
// is 10 bytes long, so no mask is ever computed from the same input, and
// without the key the fingerprint says nothing about it (SipHash is a PRF).
uint64_t FacadeKeyId(const SipHashKey& key) noexcept;

}  // namespace uuid6
