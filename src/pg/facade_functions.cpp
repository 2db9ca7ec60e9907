// The v4 facade of a v7 (src/core/facade.hpp): uuid_v7_to_facade and
// uuid_facade_to_v7, with the key from the setting uuid6.facade_key or
// given as bytea, uuid6_facade_key_id(), and the setting itself.
//
// The key is a secret. No message this file raises or lets PostgreSQL raise
// contains it, or any part of a value that was refused as a key: the check
// hook sets its own message, because PostgreSQL's default one quotes the
// value. Nor does the server log show it beside a message, as the text of a
// statement or of the statements around it, where uuid6 can prevent it
// (HideFacadeKeyFromLog).
#include <cstring>

#include "core/facade.hpp"
#include "pg/convert.hpp"

extern "C" {
#include "access/xact.h"
#include "executor/executor.h"
#include "nodes/parsenodes.h"
#include "tcop/tcopprot.h"
#include "tcop/utility.h"
#include "utils/backend_status.h"
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

// --- The server log ---------------------------------------------------------
//
// A message that goes to the server log carries, besides its own text, the
// statement being run (log_min_error_statement), the statements around it
// (CONTEXT, e.g. 'SQL statement "..."' for one run by a DO block or a
// function) and a failing internal query (QUERY). Any of them may hold a key
// when it names uuid6's facade: a SET or set_config() of uuid6.facade_key,
// which PostgreSQL refuses in a message of its own; a call of the two-
// argument forms with the key as a literal; a statement that fails near
// one. For every message whose statement, context, internal query or own
// text names the facade (facade_key, to_facade, facade_to, in any case) the
// log gets the message without them: PostgreSQL's refusal of set_config()
// names the setting even where the statement spells it so that it does
// not. Statement logging (log_statement, log_min_duration_statement)
// writes the statement into the message itself, and bind parameters or the
// prepared statement that EXECUTE runs into its DETAIL: where either names
// the facade, the statement is replaced by a note and the DETAIL dropped —
// every statement that calls the facade's functions, since a key given to
// the two-argument forms is a value like any other, a literal or a bind
// parameter, which the log cannot tell from the rest. And the postmaster's
// line for a reload that changed the key, which quotes the new value, names
// the key's fingerprint instead.
//
// PostgreSQL's documented use of emit_log_hook is to turn a message's
// output to the log off; these fields it reads only afterwards, to format
// the log line (and the csvlog and jsonlog records), in every major this
// library builds for — test/t/014_facade_key.pl greps the log to prove it.
// The hook runs inside error reporting, in any process, for every line the
// server log gets: it calls nothing that can fail, allocate or log, and
// rewrites a message only in place.
emit_log_hook_type previous_emit_log_hook = nullptr;

bool NamesFacade(const char* text) {
  if (text == nullptr) return false;
  for (const char* at = text; *at != '\0'; at++) {
    if (pg_strncasecmp(at, "facade", 6) != 0) continue;
    if ((at - text >= 3 && pg_strncasecmp(at - 3, "to_", 3) == 0) ||
        pg_strncasecmp(at + 6, "_to", 3) == 0 || pg_strncasecmp(at + 6, "_key", 4) == 0)
      return true;
  }
  return false;
}

// The postmaster's 'parameter "uuid6.facade_key" changed to "<key>"' at a
// reload (the library is preloaded: the assign hook has run, and the key is
// valid, or the check hook would have refused it). Rewritten in place: the
// new text is shorter than a message that quotes a key of at least 32
// characters.
bool IsReloadLine(const ErrorData* edata) {
  return edata->message != nullptr && edata->message_id != nullptr &&
         strcmp(edata->message_id, "parameter \"%s\" changed to \"%s\"") == 0;
}

void HideReloadedKey(ErrorData* edata) {
  if (!facade_key_set || !IsReloadLine(edata)) return;
  bool names_key = false;
  for (const char* at = edata->message; *at != '\0' && !names_key; at++)
    names_key = pg_strncasecmp(at, "uuid6.facade_key", 16) == 0;
  if (!names_key) return;
  char digits[17];
  WriteKeyId(facade_key, digits);
  snprintf(edata->message, strlen(edata->message) + 1,
           "parameter \"uuid6.facade_key\" changed to \"(key id %s)\"", digits);
}

// The lines statement logging writes (log_statement, log_min_duration_
// statement and its sampling, log_duration; auto_explain's plans too), known
// by their untranslated format: the statement's text is in the message
// itself, marked neither by hide_stmt nor by hide_ctx, and its bind
// parameters, or the text of a prepared statement run by EXECUTE, in the
// DETAIL.
bool IsStatementLog(const char* id) {
  if (id == nullptr) return false;
  switch (id[0]) {
    case 's':
      return strncmp(id, "statement: ", 11) == 0;
    case 'd':
      return strncmp(id, "duration: ", 10) == 0;
    case 'e':
      return strncmp(id, "execute ", 8) == 0;
    case 'p':
      return strncmp(id, "parse ", 6) == 0;
    case 'b':
      return strncmp(id, "bind ", 5) == 0;
    case '%':  // "execute" or "execute fetch from", translated apart
      return strcmp(id, "%s %s%s%s: %s") == 0;
    default:
      return false;
  }
}

// Overwrites, in place, the text from `start` to its end with a note that is
// never longer than that text.
void ReplaceTail(char* start) {
  const size_t room = strlen(start);
  static const char kNote[] = "(not shown: it names uuid6's facade)";
  static const char kShort[] = "(hidden)";
  const char* note = room >= sizeof kNote - 1 ? kNote : room >= sizeof kShort - 1 ? kShort : "";
  memmove(start, note, strlen(note) + 1);
}

// Replaces, in place, the statement at the end of a statement-logging line
// with a note: what follows "duration: <n> ms  " and the next ": " (the
// whole message where there is none, as a translation may make it); for
// auto_explain's "duration: <n> ms  plan:", the whole plan after it, in
// every format (XML has no ": " before the query's text).
void RedactStatementLog(char* message) {
  char* from = message;
  if (strncmp(from, "duration: ", 10) == 0) {
    char* ms = strstr(from, " ms  ");
    if (ms != nullptr) from = ms + 5;
    if (strncmp(from, "plan:", 5) == 0) {
      ReplaceTail(from + 5);
      return;
    }
  }
  char* colon = strstr(from, ": ");
  ReplaceTail(colon != nullptr ? colon + 2 : message);
}

// A key in a message's own text, where the statement names the facade:
// PostgreSQL's parser quotes the token it stopped at (`syntax error at or
// near "'0011…'"`, `unterminated quoted string at or near "'\x0f0e…"`),
// and other messages may quote a value. Rewritten in place, never longer:
// the token of "at or near" (to the message's last double quote), and any
// other double-quoted span that holds a literal's quote, a backslash or 16
// hex digits in a row, become "(hidden)" (or asterisks where shorter); any
// run of 16 or more hex digits left elsewhere becomes asterisks.
bool IsHexDigit(char c) {
  return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
}

bool LooksLikeKey(const char* begin, const char* end) {
  int run = 0;
  for (const char* at = begin; at < end; at++) {
    if (*at == '\'' || *at == '\\') return true;
    run = IsHexDigit(*at) ? run + 1 : 0;
    if (run >= 16) return true;
  }
  return false;
}

// Replaces [begin, end) with "(hidden)", or as many asterisks where the
// span is shorter; returns where the text after it now starts.
char* HideSpan(char* begin, char* end) {
  static const char kHidden[] = "(hidden)";
  const size_t length = static_cast<size_t>(end - begin);
  if (length >= sizeof kHidden - 1) {
    memcpy(begin, kHidden, sizeof kHidden - 1);
    memmove(begin + sizeof kHidden - 1, end, strlen(end) + 1);
    return begin + sizeof kHidden - 1;
  }
  memset(begin, '*', length);
  return end;
}

void HideKeyLooking(char* text) {
  if (text == nullptr) return;
  static const char kNear[] = "at or near \"";
  char* near = strstr(text, kNear);
  if (near != nullptr) {
    char* token = near + sizeof kNear - 1;
    char* last = strrchr(token, '"');
    if (last != nullptr) HideSpan(token, last);
  }
  for (char* at = text; *at != '\0';) {
    if (*at != '"') {
      at++;
      continue;
    }
    char* close = strchr(at + 1, '"');
    if (close == nullptr) break;
    at = (LooksLikeKey(at + 1, close) ? HideSpan(at + 1, close) : close) + 1;
  }
  int run = 0;
  for (char* at = text; *at != '\0'; at++) {
    run = IsHexDigit(*at) ? run + 1 : 0;
    if (run == 16)
      memset(at - 15, '*', 16);
    else if (run > 16)
      *at = '*';
  }
}

// debug_print_parse, debug_print_rewritten and debug_print_plan (which any
// role may set): the tree in the DETAIL holds every constant's bytes, a key
// given as a literal or bound as a parameter (a custom plan folds it in).
bool IsNodeDisplay(const ErrorData* edata) {
  return edata->message_id != nullptr && strcmp(edata->message_id, "%s:") == 0 &&
         edata->message != nullptr &&
         (strcmp(edata->message, "parse tree:") == 0 ||
          strcmp(edata->message, "rewritten parse tree:") == 0 ||
          strcmp(edata->message, "plan:") == 0);
}

void HideFacadeKeyFromLog(ErrorData* edata) {
  // The message itself names the facade: PostgreSQL's own refusal of
  // set_config('uuid6.facade_key', ...) (whose statement may spell the
  // name so that it does not show), uuid6's messages, or a statement being
  // logged.
  const bool statement_log = IsStatementLog(edata->message_id);
  const bool in_message =
      NamesFacade(edata->message) || (statement_log && NamesFacade(edata->detail));
  if (in_message && statement_log) {
    RedactStatementLog(edata->message);
    // Its bind parameters, or the prepared statement's text.
    edata->detail = nullptr;
  }
  if (in_message || NamesFacade(debug_query_string) || NamesFacade(edata->context) ||
      NamesFacade(edata->internalquery)) {
    edata->hide_stmt = true;
    edata->hide_ctx = true;
    // No flag hides it: the client, who sent it, loses it too.
    edata->internalquery = nullptr;
    edata->internalpos = 0;
    if (IsNodeDisplay(edata)) {
      if (edata->detail != nullptr) ReplaceTail(edata->detail);
    } else if (!statement_log && !IsReloadLine(edata)) {
      HideKeyLooking(edata->message);
      HideKeyLooking(edata->detail);
      HideKeyLooking(edata->hint);
    }
  }
  // The DETAIL only the log gets: a deadlock report quotes there the query
  // of every process in the cycle, whichever of them names the facade.
  if (NamesFacade(edata->detail_log)) edata->detail_log = nullptr;
  HideReloadedKey(edata);
  if (previous_emit_log_hook != nullptr) previous_emit_log_hook(edata);
}

// --- pg_stat_activity and the postmaster's crash report -----------------------
//
// A backend's current statement is kept in shared memory for
// pg_stat_activity, and the postmaster quotes it when the backend dies
// ("Failed process was running: ..."), to the server log, with no hook
// between. So a statement that names the facade (see NamesFacade) is
// reported there as a note instead, once uuid6 is loaded: when the executor
// starts and each time it runs (an Execute message of the extended protocol
// reports the text again after the Bind that started it; parallel workers
// report the leader's text), and by the statement that loads the library.
// The query
// identifier the report clears is put back. Only the top-level statement is
// ever reported, so it alone is looked at, once per statement.
ExecutorStart_hook_type previous_executor_start = nullptr;
constexpr char kHiddenActivity[] = "(not shown: it names uuid6's facade)";
const char* activity_checked_for = nullptr;
TimestampTz activity_checked_at = 0;

void HideFacadeActivity() {
  if (!pgstat_track_activities || MyBEEntry == nullptr || debug_query_string == nullptr) return;
  const TimestampTz started = GetCurrentStatementStartTimestamp();
  if (debug_query_string == activity_checked_for && started == activity_checked_at) return;
  activity_checked_for = debug_query_string;
  activity_checked_at = started;
  if (!NamesFacade(debug_query_string)) return;
  const auto query_id = pgstat_get_my_query_id();
#if PG_VERSION_NUM >= 180000
  const auto plan_id = pgstat_get_my_plan_id();
#endif
  pgstat_report_activity(STATE_RUNNING, kHiddenActivity);
  pgstat_report_query_id(query_id, true);
#if PG_VERSION_NUM >= 180000
  pgstat_report_plan_id(plan_id, true);
#endif
}

using ExecutorStartResult = decltype(standard_ExecutorStart(nullptr, 0));

// ExecutorRun's hook, whatever its parameters in this major (15-17 pass
// execute_once, 18 on do not).
template <typename Hook>
struct RunHook;
template <typename... Args>
struct RunHook<void (*)(QueryDesc*, Args...)> {
  static inline void (*previous)(QueryDesc*, Args...) = nullptr;
  static void Run(QueryDesc* query, Args... args) {
    HideFacadeActivity();
    if (previous != nullptr)
      previous(query, args...);
    else
      standard_ExecutorRun(query, args...);
  }
};
using ExecutorRunHook = RunHook<ExecutorRun_hook_type>;

ExecutorStartResult HideActivityAtExecutorStart(QueryDesc* query, int eflags) {
  HideFacadeActivity();
  if (previous_executor_start != nullptr) return previous_executor_start(query, eflags);
  return standard_ExecutorStart(query, eflags);
}

}  // namespace

namespace uuid6::pg {

void HideFacadeStatementActivity() { HideFacadeActivity(); }

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
  emit_log_hook = HideFacadeKeyFromLog;
  previous_executor_start = ExecutorStart_hook;
  ExecutorStart_hook = HideActivityAtExecutorStart;
  ExecutorRunHook::previous = ExecutorRun_hook;
  ExecutorRun_hook = ExecutorRunHook::Run;
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
