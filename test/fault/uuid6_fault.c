/*
 * uuid6_fault: fault injection for uuid6's TAP tests (test/t/011_attach_failure.pl).
 *
 * uuid6_fault_exhaust_shmem() takes every byte of the main shared-memory
 * segment's spare space, as lock-table growth can in real life, so that the
 * next ShmemInitStruct of a library that was not preloaded fails. The space
 * stays taken until the server restarts.
 */
#include "postgres.h"

#include "fmgr.h"
#include "storage/shmem.h"

PG_MODULE_MAGIC;

PG_FUNCTION_INFO_V1(uuid6_fault_exhaust_shmem);

Datum
uuid6_fault_exhaust_shmem(PG_FUNCTION_ARGS)
{
	int64		taken = 0;
	Size		chunk;

	for (chunk = 1024 * 1024; chunk > 0; chunk /= 2)
		while (ShmemAllocNoError(chunk) != NULL)
			taken += chunk;
	PG_RETURN_INT64(taken);
}
