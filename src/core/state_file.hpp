// The durable form of the sequences (docs/design.md, The cluster's lease): a small text file
// in the data directory holding, per generator, a *lease* — a tick that no
// value handed out so far exceeds. A sequence that starts (server start,
// crash restart, first attach) above its lease never repeats or undercuts a
// value made before, whatever the clock says.
//
//   uuid6 state 1
//   saved 1732245000123456            Unix microseconds of the write
//   v6 1ec9414c232ab00c8f2            lease ticks in hex, one line per
//   v7 17f22e279b07cc398               generator (any subset, any order)
//   ...
//   check 9a3c...                     FNV-1a 64 of every byte above
//
// Text, so that an operator can read it; checked, so that a torn or edited
// file is refused rather than trusted.
#pragma once

#include <cstddef>
#include <cstdint>

#include "core/sequence.hpp"

namespace uuid6 {

struct PersistedState {
  int64_t saved_unix_us;
  bool present[kGeneratorCount];
  Tick lease[kGeneratorCount];
};

// Enough for the longest file FormatStateFile writes.
constexpr size_t kStateFileMaxBytes = 512;

// Writes the text form into `buffer`; returns its length, or 0 when it does
// not fit.
size_t FormatStateFile(const PersistedState& state, char* buffer, size_t size) noexcept;

enum class StateFileError { kNone, kForeign, kVersion, kTruncated, kChecksum, kMalformed };

// Parses the text form; anything but kNone leaves `out` with no generator
// present. Never reads past `length`.
StateFileError ParseStateFile(const char* data, size_t length, PersistedState& out) noexcept;
const char* StateFileErrorText(StateFileError error) noexcept;

// The name of a generator in the file: v6, v7, v8, v7draft-ms, -us, -ns.
const char* GeneratorName(Generator generator) noexcept;

}  // namespace uuid6
