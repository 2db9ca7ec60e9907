// The v4 facade of a v7 (src/core/facade.hpp): uuid_v7_to_facade and
// uuid_facade_to_v7, with the key from the setting uuid6.facade_key or
// given as bytea, uuid6_facade_key_id(), and the setting itself.
//
// The key is a secret. No message this file raises contains it, or any part
// of a value that was refused as a key: the check hook sets its own message,
// because PostgreSQL's default one quotes the value, and the errors of the
// forms that take the key as an argument leave their statement and context
// out of the server log. The setting is read from the configuration file
// only, and shown as its fingerprint.
#include <cstring>

#include "core/facade.hpp"
#include "pg/convert.hpp"

extern "C" {
#include "access/xact.h"
#include "nodes/parsenodes.h"
#include "tcop/tcopprot.h"
#include "tcop/utility.h"
}
#include "pg/settings.hpp"
#include "pg/sql_function.hpp"

using uuid6::SipHashKey;
using uuid6::Status;
using uuid6::Uuid;

namespace {

// The setting's text, owned by the GUC machinery, and the key it was
// parsed to by the assign hook, so that a call does not parse it again.
char* facade_key_setting = nullptr;
SipHashKey facade_key{0, 0};
bool facade_key_set = false;

// Set while DefineFacadeSetting turns the placeholder into the setting:
// PostgreSQL then applies the placeholder's values again, each with the
// source it came from. Only a key from postgresql.conf (ALTER SYSTEM
// included) or the command line counts as the server's secret: one set by
// ALTER DATABASE or ALTER ROLE is readable in pg_db_role_setting anyway.
bool defining_setting = false;
bool server_value_before_load = false;

// Runs in any process that sets the value, the postmaster reading
// postgresql.conf included, so it never raises an error itself: it returns
// false with a message of its own, and PostgreSQL reports it at the level
// the context allows (an ERROR for SET, a LOG line for a reload, a WARNING
// for a value set before the library was loaded).
bool CheckFacadeKey(char** newval, void** extra, GucSource source) {
  // Noted whether the value turns out well-formed or not: either way it
  // was readable.
  if (defining_setting && *newval != nullptr && (*newval)[0] != '\0' &&
      (source == PGC_S_FILE || source == PGC_S_ARGV))
    server_value_before_load = true;
  SipHashKey key{0, 0};
  if (uuid6::ParseFacadeKey(*newval, key) != uuid6::FacadeKeyText::kMalformed) return true;
  GUC_check_errcode(ERRCODE_INVALID_PARAMETER_VALUE);
  GUC_check_errmsg("invalid value for parameter \"uuid6.facade_key\"");
  GUC_check_errdetail(
      "The value is not shown. A facade key is 32 hex digits (the 16 key bytes in order), or "
      "k0:k1 with 16 hex digits on each side; \"0x\" prefixes and white space are allowed.");
  return false;
}

void AssignFacadeKey(const char* newval, void* extra) {
  SipHashKey key{0, 0};
  facade_key_set = uuid6::ParseFacadeKey(newval, key) == uuid6::FacadeKeyText::kKey;
  facade_key = facade_key_set ? key : SipHashKey{0, 0};
}

// The fingerprint of a key as 16 hex digits and a terminator.
void WriteKeyId(const SipHashKey& key, char digits[17]) {
  snprintf(digits, 17, "%016llx", static_cast<unsigned long long>(uuid6::FacadeKeyId(key)));
}

// What SHOW, current_setting() and pg_settings print, to every role that
// may look at all (superusers and members of pg_read_all_settings, which
// monitoring roles often are): the key's fingerprint, never the key.
const char* ShowFacadeKey() {
  static char shown[64];
  if (!facade_key_set) return "";
  char digits[17];
  WriteKeyId(facade_key, digits);
  snprintf(shown, sizeof shown, "(hidden; key id %s)", digits);
  return shown;
}

SipHashKey KeyFromSetting() {
  if (!facade_key_set)
    ereport(ERROR,
            (errcode(ERRCODE_OBJECT_NOT_IN_PREREQUISITE_STATE),
             errmsg("uuid6.facade_key is not set"),
             errhint("The key is set in the server's configuration file (postgresql.conf or a "
                     "file it includes) as uuid6.facade_key = '<32 hex digits>', then the "
                     "server is reloaded; a malformed value is refused with a message in the "
                     "server log. The two-argument forms take the key as bytea.")));
  return facade_key;
}

// The key is accepted from the server's configuration file (and the
// command line) only: a statement that carries it is shown to the members
// of pg_read_all_stats in pg_stat_activity, and kept by pg_stat_statements,
// and a value stored by ALTER ROLE, ALTER DATABASE or a function's SET
// clause is readable by every role. PGC_SIGHUP refuses SET, set_config(),
// ALTER ROLE / DATABASE ... SET and a function's SET clause; this hook
// refuses ALTER SYSTEM, which PGC_SIGHUP allows, and the statements among
// the others whose refusal it can word itself, naming the way that works
// for all of them. The value is never echoed.
ProcessUtility_hook_type previous_process_utility = nullptr;

bool SetsFacadeKey(const VariableSetStmt* set) {
  return set != nullptr && set->name != nullptr && set->kind == VAR_SET_VALUE &&
         pg_strcasecmp(set->name, "uuid6.facade_key") == 0;
}

// A CREATE or ALTER FUNCTION (or PROCEDURE, ROUTINE) option list with
// SET uuid6.facade_key: the key would be stored in pg_proc, which every role
// reads.
bool OptionsSetFacadeKey(const List* options) {
  const ListCell* cell;
  foreach (cell, options) {
    const DefElem* option = static_cast<const DefElem*>(lfirst(cell));
    if (strcmp(option->defname, "set") == 0 && option->arg != nullptr &&
        IsA(option->arg, VariableSetStmt) &&
        SetsFacadeKey(reinterpret_cast<const VariableSetStmt*>(option->arg)))
      return true;
  }
  return false;
}

// errhidestmt and errhidecontext: the server log's STATEMENT line
// (log_min_error_statement) and, for a statement run by a function or a DO
// block, its CONTEXT line ('SQL statement "SET ..."') would carry the key.
void RefuseFacadeKeyStatement(const char* statement) {
  ereport(ERROR,
          (errcode(ERRCODE_CANT_CHANGE_RUNTIME_PARAM), errhidestmt(true), errhidecontext(true),
           errmsg("uuid6.facade_key cannot be set with %s", statement),
           errdetail("The key is accepted from the server's configuration file only: the text of "
                     "a statement is shown to monitoring roles (pg_stat_activity, "
                     "pg_stat_statements). The value is not shown."),
           errhint("Write uuid6.facade_key into postgresql.conf or a file it includes, readable "
                   "only by the server's operating-system user, and reload the server. Change "
                   "the key that was in this statement: it may have been seen.")));
}

void GuardFacadeKey(PlannedStmt* planned, const char* query, bool read_only_tree,
                    ProcessUtilityContext context, ParamListInfo params, QueryEnvironment* env,
                    DestReceiver* dest, QueryCompletion* completion) {
  const Node* node = planned->utilityStmt;
  if (IsA(node, AlterSystemStmt) &&
      SetsFacadeKey(reinterpret_cast<const AlterSystemStmt*>(node)->setstmt))
    RefuseFacadeKeyStatement("ALTER SYSTEM");
  if (IsA(node, VariableSetStmt) && SetsFacadeKey(reinterpret_cast<const VariableSetStmt*>(node)))
    RefuseFacadeKeyStatement("SET");
  if (IsA(node, AlterRoleSetStmt) &&
      SetsFacadeKey(reinterpret_cast<const AlterRoleSetStmt*>(node)->setstmt))
    RefuseFacadeKeyStatement("ALTER ROLE");
  if (IsA(node, AlterDatabaseSetStmt) &&
      SetsFacadeKey(reinterpret_cast<const AlterDatabaseSetStmt*>(node)->setstmt))
    RefuseFacadeKeyStatement("ALTER DATABASE");
  if (IsA(node, CreateFunctionStmt) &&
      OptionsSetFacadeKey(reinterpret_cast<const CreateFunctionStmt*>(node)->options))
    RefuseFacadeKeyStatement(reinterpret_cast<const CreateFunctionStmt*>(node)->is_procedure
                                 ? "CREATE PROCEDURE"
                                 : "CREATE FUNCTION");
  if (IsA(node, AlterFunctionStmt)) {
    const AlterFunctionStmt* alter = reinterpret_cast<const AlterFunctionStmt*>(node);
    if (OptionsSetFacadeKey(alter->actions))
      RefuseFacadeKeyStatement(alter->objtype == OBJECT_PROCEDURE ? "ALTER PROCEDURE"
                               : alter->objtype == OBJECT_ROUTINE ? "ALTER ROUTINE"
                                                                  : "ALTER FUNCTION");
  }
  if (previous_process_utility != nullptr)
    previous_process_utility(planned, query, read_only_tree, context, params, env, dest,
                             completion);
  else
    standard_ProcessUtility(planned, query, read_only_tree, context, params, env, dest,
                            completion);
}

// The errors of the forms that take the key as an argument keep the
// statement and its context out of the server log (errhidestmt,
// errhidecontext): either may hold the key, written as a literal or, with
// log_parameter_max_length_on_error, as a bind parameter's value.
SipHashKey KeyFromBytea(Datum datum) {
  const bytea* key = DatumGetByteaPP(datum);
  const int length = VARSIZE_ANY_EXHDR(key);
  if (length != 16)
    ereport(ERROR, (errcode(ERRCODE_INVALID_PARAMETER_VALUE), errhidestmt(true),
                    errhidecontext(true), errmsg("a facade key is 16 bytes, not %d", length)));
  return uuid6::SipHashKeyFromBytes(reinterpret_cast<const uint8_t*>(VARDATA_ANY(key)));
}

using Transform = Status (*)(const Uuid&, const SipHashKey&, Uuid&, int&) noexcept;

// `key_given`: the key came as an argument (see KeyFromBytea).
Datum RunTransform(FunctionCallInfo fcinfo, const char* function, int expected,
                   Transform transform, const SipHashKey& key, bool key_given) {
  const Uuid in = uuid6::pg::UuidFromDatum(PG_GETARG_DATUM(0));
  Uuid out{0, 0};
  int found = -1;
  if (transform(in, key, out, found) != Status::kOk) {
    if (found < 0)
      ereport(ERROR,
              (errcode(ERRCODE_INVALID_PARAMETER_VALUE), errhidestmt(key_given),
               errhidecontext(key_given),
               errmsg("%s expects a version %d UUID, got a UUID of the %s variant", function,
                      expected, uuid6::VariantName(uuid6::VariantOf(in))),
               errdetail("Only the RFC 9562 variant (bits 64-65 = 10) defines versions.")));
    ereport(ERROR, (errcode(ERRCODE_INVALID_PARAMETER_VALUE), errhidestmt(key_given),
                    errhidecontext(key_given),
                    errmsg("%s expects a version %d UUID, got version %d", function, expected,
                           found)));
  }
  return uuid6::pg::DatumFromUuid(out);
}

// --- The reload line -----------------------------------------------------------
//
// Where uuid6 is preloaded, the postmaster logs a reload that changed the key
// as 'parameter "uuid6.facade_key" changed to "<key>"': that one line, which
// PostgreSQL writes on uuid6's behalf, names the key's fingerprint instead.
// Nothing else in the log is rewritten: the server log is the server's, as
// PostgreSQL treats it (a key given to the two-argument forms appears
// wherever statements and their parameters are logged, as a password in
// ALTER ROLE or a pgcrypto key does; docs/facade.md says how to keep it out).
// The hook runs inside error reporting, in any process: it calls nothing
// that can fail, allocate or log, and rewrites the line in place, never
// longer than it was.
emit_log_hook_type previous_emit_log_hook = nullptr;

void HideReloadedKey(ErrorData* edata) {
  if (facade_key_set && edata->message != nullptr && edata->message_id != nullptr &&
      strcmp(edata->message_id, "parameter \"%s\" changed to \"%s\"") == 0) {
    bool names_key = false;
    for (const char* at = edata->message; *at != '\0' && !names_key; at++)
      names_key = pg_strncasecmp(at, "uuid6.facade_key", 16) == 0;
    if (names_key) {
      char digits[17];
      WriteKeyId(facade_key, digits);
      snprintf(edata->message, strlen(edata->message) + 1,
               "parameter \"uuid6.facade_key\" changed to \"(key id %s)\"", digits);
    }
  }
  if (previous_emit_log_hook != nullptr) previous_emit_log_hook(edata);
}

}  // namespace

namespace uuid6::pg {

void DefineFacadeSetting() {
  // PGC_SIGHUP: from the configuration file (or the command line) only,
  // and the statements that would write it elsewhere refused (above).
  // GUC_SUPERUSER_ONLY refuses SHOW and current_setting() to every other
  // role but members of pg_read_all_settings; GUC_NO_SHOW_ALL keeps it out
  // of SHOW ALL and pg_settings for everyone; and those who may look see
  // only the fingerprint.
  defining_setting = true;
  server_value_before_load = false;
  DefineCustomStringVariable(
      "uuid6.facade_key", "Key of the v4 facade of v7 UUIDs (uuid_v7_to_facade).",
      "32 hex digits, or k0:k1 with 16 hex digits each; empty (the default) means no key.",
      &facade_key_setting, "", PGC_SIGHUP,
      GUC_SUPERUSER_ONLY | GUC_NO_SHOW_ALL | GUC_NOT_IN_SAMPLE, CheckFacadeKey, AssignFacadeKey,
      ShowFacadeKey);
  defining_setting = false;
  previous_process_utility = ProcessUtility_hook;
  ProcessUtility_hook = GuardFacadeKey;
  previous_emit_log_hook = emit_log_hook;
  emit_log_hook = HideReloadedKey;
}

bool FacadeKeyWasPlaceholder() { return server_value_before_load; }

}  // namespace uuid6::pg

// uuid_v7_to_facade(uuid): the facade under uuid6.facade_key.
UUID6_SQL_FUNCTION(uuid_v7_to_facade) {
  return RunTransform(fcinfo, "uuid_v7_to_facade", 7, uuid6::FacadeFromV7, KeyFromSetting(),
                      false);
}

// uuid_facade_to_v7(uuid): the v7 behind a facade under uuid6.facade_key.
UUID6_SQL_FUNCTION(uuid_facade_to_v7) {
  return RunTransform(fcinfo, "uuid_facade_to_v7", 4, uuid6::V7FromFacade, KeyFromSetting(),
                      false);
}

// uuid_v7_to_facade(uuid, key bytea): the same with the 16 key bytes given.
UUID6_SQL_FUNCTION(uuid_v7_to_facade_key) {
  return RunTransform(fcinfo, "uuid_v7_to_facade", 7, uuid6::FacadeFromV7,
                      KeyFromBytea(PG_GETARG_DATUM(1)), true);
}

// uuid_facade_to_v7(uuid, key bytea).
UUID6_SQL_FUNCTION(uuid_facade_to_v7_key) {
  return RunTransform(fcinfo, "uuid_facade_to_v7", 4, uuid6::V7FromFacade,
                      KeyFromBytea(PG_GETARG_DATUM(1)), true);
}

// uuid6_facade_key_id(): 16 hex digits that tell keys apart; NULL when no
// key is set.
UUID6_SQL_FUNCTION(uuid6_facade_key_id) {
  if (!facade_key_set) PG_RETURN_NULL();
  char digits[17];
  WriteKeyId(facade_key, digits);
  PG_RETURN_TEXT_P(cstring_to_text(digits));
}
