// uuid6 1.0's library beside this one (docs/design.md, Where the state lives: one shared layout across
// library versions, or a clear refusal). 1.0 kept its sequences in a struct
// of another name and layout, "uuid6 sequences v1": where uuid6 is not
// preloaded, sessions that loaded 1.0's library before it was replaced go on
// drawing from that struct, and keys of the two libraries would not be
// ordered. This library looks the struct up by name, never creating it, and
// refuses to start a second sequence beside it.
#include "pg/library_1_0.hpp"

#include <cstring>

extern "C" {
#include "executor/executor.h"
#include "executor/tuptable.h"
#include "nodes/execnodes.h"
#include "utils/fmgroids.h"
}

namespace uuid6::pg {

namespace {

constexpr const char* kLibrary10StateName = "uuid6 sequences v1";

// Whether the main shared-memory segment holds a struct named `name`: the
// rows of pg_get_shmem_allocations() (the pg_shmem_allocations view), read
// under ShmemIndexLock by that function, which looks and never allocates.
bool MainSegmentHasStruct(const char* name) {
  ExprContext* econtext = CreateStandaloneExprContext();
  ReturnSetInfo rsinfo;
  memset(&rsinfo, 0, sizeof rsinfo);
  rsinfo.type = T_ReturnSetInfo;
  rsinfo.econtext = econtext;
  rsinfo.allowedModes = SFRM_Materialize;
  rsinfo.returnMode = SFRM_ValuePerCall;
  FmgrInfo function;
  fmgr_info(F_PG_GET_SHMEM_ALLOCATIONS, &function);
  LOCAL_FCINFO(call, 0);
  InitFunctionCallInfoData(*call, &function, 0, InvalidOid, nullptr,
                           reinterpret_cast<Node*>(&rsinfo));
  (void)FunctionCallInvoke(call);
  bool found = false;
  if (rsinfo.setResult != nullptr) {
    TupleTableSlot* slot = MakeSingleTupleTableSlot(rsinfo.setDesc, &TTSOpsMinimalTuple);
    while (!found && tuplestore_gettupleslot(rsinfo.setResult, true, false, slot)) {
      bool isnull = false;
      const Datum shown = slot_getattr(slot, 1, &isnull);
      found = !isnull && strcmp(TextDatumGetCString(shown), name) == 0;
    }
    ExecDropSingleTupleTableSlot(slot);
    tuplestore_end(rsinfo.setResult);
  }
  FreeExprContext(econtext, true);
  return found;
}

}  // namespace

void RefuseBesideLibrary10() {
  if (!kLazyStructInMainSegment || !MainSegmentHasStruct(kLibrary10StateName)) return;
  ereport(ERROR,
          (errcode(ERRCODE_OBJECT_NOT_IN_PREREQUISITE_STATE),
           errmsg("uuid6: sessions of this server ran uuid6 1.0's library, whose sequences this "
                  "library cannot share"),
           errdetail("uuid6 1.0 keeps its sequences in shared memory of its own (\"%s\"): keys "
                     "made beside it would not be ordered with its keys.",
                     kLibrary10StateName),
           errhint("Restart the server once the sessions that loaded uuid6 1.0 have ended (1.0's "
                   "shared memory lasts until then), and add uuid6 to "
                   "shared_preload_libraries, so that every session runs one library.")));
}

}  // namespace uuid6::pg
