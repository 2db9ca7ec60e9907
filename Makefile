# uuid6 — PGXS build. `make && make install`, then `make installcheck`
# against a running server; `make unit` and `make fuzz` test the pure C++
# core on their own. The whole suite: scripts/test.sh.

EXTENSION = uuid6
MODULE_big = uuid6
EXTVERSION = $(shell sed -n "s/^default_version = '\(.*\)'/\1/p" uuid6.control)

CORE_SRCS = $(wildcard src/core/*.cpp)
GLUE_SRCS = $(wildcard src/pg/*.cpp)
OBJS = $(CORE_SRCS:.cpp=.o) $(GLUE_SRCS:.cpp=.o) src/pg/module_magic.o

DATA = $(wildcard sql/$(EXTENSION)--*.sql)

# Tests are found by wildcard: adding a test is adding a file.
REGRESS = $(sort $(patsubst sql/%.sql,%,$(filter-out sql/$(EXTENSION)--%.sql,$(wildcard sql/*.sql))))
REGRESS_OPTS = --load-extension=$(EXTENSION)
ISOLATION = $(sort $(patsubst test/isolation/specs/%.spec,%,$(wildcard test/isolation/specs/*.spec)))
ISOLATION_OPTS = --inputdir=test/isolation --outputdir=test/isolation --load-extension=$(EXTENSION)

PG_CPPFLAGS = -I$(srcdir)/src
PG_CXXFLAGS = -std=c++17 -Wno-register -Wextra -Wno-unused-parameter -Wno-missing-field-initializers
SHLIB_LINK += -lstdc++
ifdef WERROR
PG_CXXFLAGS += -Werror
PG_CFLAGS += -Werror
endif

# LLVM bitcode for JIT inlining is not worth a C++17 bitcode toolchain here.
override with_llvm = no

PG_CONFIG ?= pg_config
PGXS := $(shell $(PG_CONFIG) --pgxs)
include $(PGXS)

# PGXS tracks no header dependencies; the headers are few, so every object
# depends on all of them.
$(OBJS): $(wildcard src/core/*.hpp src/pg/*.hpp)

# --- The pure C++ core, without PostgreSQL -----------------------------------

BUILD_DIR ?= build
CORE_CXXFLAGS = -std=c++17 -g -O1 -Wall -Wextra -Werror -Isrc
UNIT_SRCS = $(wildcard test/unit/*.cpp)

$(BUILD_DIR)/unit_tests: $(UNIT_SRCS) $(CORE_SRCS) $(wildcard src/core/*.hpp)
	@mkdir -p $(BUILD_DIR)
	g++ $(CORE_CXXFLAGS) -fsanitize=address,undefined -fno-sanitize-recover=all \
		-o $@ $(UNIT_SRCS) $(CORE_SRCS) -lgtest -lgtest_main -pthread

unit: $(BUILD_DIR)/unit_tests
	$(BUILD_DIR)/unit_tests

FUZZ_SECONDS ?= 60
$(BUILD_DIR)/fuzz_codec: test/fuzz/fuzz_codec.cpp $(CORE_SRCS) $(wildcard src/core/*.hpp)
	@mkdir -p $(BUILD_DIR)
	clang++ $(CORE_CXXFLAGS) -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=all \
		-o $@ test/fuzz/fuzz_codec.cpp $(CORE_SRCS)

fuzz: $(BUILD_DIR)/fuzz_codec
	@mkdir -p $(BUILD_DIR)/fuzz-corpus
	$(BUILD_DIR)/fuzz_codec -max_total_time=$(FUZZ_SECONDS) -print_final_stats=1 \
		$(BUILD_DIR)/fuzz-corpus

.PHONY: unit fuzz

# --- Benchmarks: test/bench/bench.sh, against a scratch cluster of its own ----

bench:
	PG_CONFIG="$(filter-out pg_config,$(PG_CONFIG))" bash test/bench/bench.sh

.PHONY: bench
