// The commit horizon (core/horizon.hpp; docs/design.md, The commit horizon):
// the slots backends publish their transactions' first keys in, and the
// reader, uuid6_commit_horizon().
#pragma once

#include "core/sequence.hpp"
#include "pg/postgres_headers.hpp"

namespace uuid6::pg {

// The shared memory the horizon needs where uuid6 is preloaded (requested
// beside the sequences' own), and where it lives otherwise: created on first
// use, as the sequences are. Attached by AttachSharedState.
size_t HorizonBytes();
void InitHorizonPreloaded();
void AttachHorizonLazily();

// Called before the draw of a key of RFC generator `generator` (v6, v7, v8;
// the spread keys draw v7's), outside every lock: on this transaction's first
// key of the generator, publishes a lower bound of it. One test of a local
// flag on every other key.
void PublishHorizonBeforeDraw(Generator generator);

// The horizon can be computed here: its slots are attached, and the shared
// sequences were made by a library that publishes (1.6 or later).
bool HorizonAvailable();

// From _PG_init: the transaction callback that clears a transaction's bounds
// once it has ended (and hands them to its prepared transaction).
void RegisterHorizonCallbacks();

}  // namespace uuid6::pg
