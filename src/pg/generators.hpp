// What the generators share with other entry points that draw from the
// cluster's sequences.
#pragma once

#include "core/sequence.hpp"
#include "pg/postgres_headers.hpp"

namespace uuid6::pg {

// Counts the values a transaction took into uuid6_status's `generated`
// when it ends (see generators.cpp); from _PG_init.
void RegisterGeneratedCounting();

// 64 bits from this process's CSPRNG reserve; an ERROR if none can be had.
uint64 TakeRandom64();

// The next tick of `generator`'s cluster-wide sequence, covered by the
// state file's lease and this database's lease before it is returned;
// `random` supplies the counter start of a new clock tick.
uuid6::Tick TakeSequenceTick(uuid6::Generator generator, uint64 random);

}  // namespace uuid6::pg
