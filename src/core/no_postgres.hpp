// The core layer is plain C++17: it must build and be tested without any
// PostgreSQL header, so that every bit-layout rule can be unit-tested and
// fuzzed on its own. Every core .cpp includes this header after all its other
// includes, so a PostgreSQL header reaching the core by any path is a build
// error. (The glue includes core headers freely; they include no PostgreSQL.)
#pragma once

#if defined(POSTGRES_H) || defined(PG_VERSION_NUM) || defined(FMGR_H)
#error "src/core must not include PostgreSQL headers"
#endif
