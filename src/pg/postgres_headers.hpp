// Every PostgreSQL header the glue needs, with C linkage and postgres.h
// first, then what differs between majors. Nothing in src/core may include
// this file.
#pragma once

extern "C" {
#include "postgres.h"

#include "access/htup_details.h"
#include "fmgr.h"
#include "funcapi.h"
#include "miscadmin.h"
#include "storage/condition_variable.h"
#include "storage/ipc.h"
#include "storage/lwlock.h"
#include "storage/shmem.h"
#include "storage/spin.h"
#include "utils/builtins.h"
#include "utils/guc.h"
#include "utils/timestamp.h"
#include "utils/tuplestore.h"
#include "utils/uuid.h"
#include "utils/wait_event.h"
}

#include "pg/major_version_differences.hpp"
