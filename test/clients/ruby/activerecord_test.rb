# uuid6 from ActiveRecord 6.1 (ruby-pg): uuid6 (enable_extension, unless the
# SQL edition's plain script was run beforehand), the table and its DEFAULT
# uuid_generate_v7() made by a migration (create_table id: :uuid, default:),
# the creation time read with pick(Arel.sql("uuid_extract_time(id)")),
# keys read back by Model.create (RETURNING) as strings (Ruby has no UUID
# type), order across two connection pools, a time range with uuid_v7_floor
# bounds as bind parameters on the primary key's index (Relation#explain), a
# statement ActiveRecord prepares on the server whose cached plan still makes
# a fresh key each time, and what Rails 8's `uuidv7()` default does here.
# Connects with libpq's environment; run by test/clients/run.sh.
require "active_record"

$count = 0
$failed = 0
def check(name, condition, diagnostic = "")
  $count += 1
  if condition
    puts "ok #{$count} - #{name}"
  else
    $failed += 1
    puts "not ok #{$count} - #{name}"
    diagnostic.to_s.lines.first(20).each { |l| puts "#   #{l.chomp}" }
  end
  $stdout.flush
end

def run(name)
  yield
rescue StandardError => e # reported as a failed check, never swallowed
  check("#{name} (raised)", false, "#{e.class}: #{e.message}\n#{e.backtrace.first(5).join("\n")}")
end

SCHEMA = ENV.fetch("UUID6_SCHEMA", "public")
V7 = /\A\h{8}-\h{4}-7\h{3}-[89ab]\h{3}-\h{12}\z/
DEFAULT_FUNCTION_SQL = <<~SQL
  SELECT n.nspname || '.' || p.proname
  FROM pg_attrdef d
  JOIN pg_depend dep ON dep.classid = 'pg_attrdef'::regclass AND dep.objid = d.oid
                    AND dep.refclassid = 'pg_proc'::regclass
  JOIN pg_proc p ON p.oid = dep.refobjid
  JOIN pg_namespace n ON n.oid = p.pronamespace
  JOIN pg_attribute a ON a.attrelid = d.adrelid AND a.attnum = d.adnum
  WHERE d.adrelid = $1::regclass AND a.attname = 'id'
SQL

CONFIG = {
  adapter: "postgresql",
  host: ENV["PGHOST"], port: ENV["PGPORT"], username: ENV["PGUSER"], database: ENV["PGDATABASE"],
}.freeze
ActiveRecord::Base.establish_connection(CONFIG)

# up and down rather than change: the inverse of enable_extension is
# disable_extension, DROP EXTENSION ... CASCADE, which would take the DEFAULT
# of every other table keyed by uuid6 with it.
class CreateArItems < ActiveRecord::Migration[6.1]
  def up
    enable_extension "uuid6" unless select_value("SELECT to_regproc('uuid6_sql_edition_version') IS NOT NULL")
    create_table :ar_items, id: :uuid, default: -> { "uuid_generate_v7()" } do |t|
      t.integer :n, null: false
    end
  end

  def down
    drop_table :ar_items # uuid6 stays: other tables may use it
  end
end

class ArItem < ActiveRecord::Base
end

# A second pool, so a second connection, on the same table.
class ArItemElsewhere < ActiveRecord::Base
  self.table_name = "ar_items"
end
ArItemElsewhere.establish_connection(CONFIG)

def default_function(table)
  ArItem.connection.select_value(DEFAULT_FUNCTION_SQL.sub("$1", ArItem.connection.quote(table)))
end

EDITION = ENV.fetch("UUID6_EDITION", "c")
EXTENSION_COUNT_SQL = "SELECT count(*) FROM pg_extension WHERE extname = 'uuid6'"

run("table") do
  ActiveRecord::Migration.verbose = false
  before = ArItem.connection.select_value(EXTENSION_COUNT_SQL)
  ActiveRecord::Migration.drop_table(:ar_items, if_exists: true)
  CreateArItems.migrate(:up)
  after = ArItem.connection.select_value(EXTENSION_COUNT_SQL)
  CreateArItems.migrate(:down)
  check("rolling the migration back leaves uuid6 as it was",
        ArItem.connection.select_value(EXTENSION_COUNT_SQL) == after, after)
  CreateArItems.migrate(:up)
  if EDITION == "c"
    check("a fresh database: no extension uuid6 before the migration", before.zero?, before)
    check("the migration created extension uuid6", after == 1, after)
  else
    check("the SQL edition, installed beforehand, is used as it is: the migration made no extension",
          before.zero? && after.zero?, [before, after].inspect)
  end
  got = default_function("ar_items")
  check("the migration's DEFAULT calls #{SCHEMA}.uuid_generate_v7", got == "#{SCHEMA}.uuid_generate_v7", got)
end

run("create, version 7 keys") do
  keys = (1..3).map { |n| ArItem.create!(n: n).id }
  check("ArItem.create! reads the key back: a version 7 UUID (a String)", keys.all? { |k| k.is_a?(String) && V7.match?(k) }, keys.inspect)
end

run("creation time") do
  start = ArItem.connection.select_value("SELECT clock_timestamp()")
  key = ArItem.create!(n: 50).id
  finish = ArItem.connection.select_value("SELECT clock_timestamp()")
  made = ArItem.where(id: key).pick(Arel.sql("uuid_extract_time(id)"))
  # uuid6's lag bound: a key's time may lie up to a millisecond behind its making.
  check("the creation time read through pick(Arel.sql(\"uuid_extract_time(id)\")) is within the insert: not before its start less the lag bound (1 ms), not after its end",
        made.is_a?(Time) && (start - 0.001).floor(3) <= made && made <= finish,
        "start #{start.inspect}\nmade  #{made.inspect}\nend   #{finish.inspect}")
end

run("insertion order across connections") do
  pids = [ArItem, ArItemElsewhere].map { |m| m.connection.select_value("SELECT pg_backend_pid()") }
  check("two connection pools, two backends", pids.uniq.size == 2, pids.inspect)
  keys = (100...120).map { |n| (n.even? ? ArItem : ArItemElsewhere).create!(n: n).id }
  check("keys returned in insertion order rise, alternating connections", keys == keys.uniq.sort, keys.join("\n"))
  by_key = ArItem.where(n: 100..119).order(:id).pluck(:n)
  check("ORDER BY id is insertion order across the two connections", by_key == (100...120).to_a, by_key.inspect)
end

run("prepared statement, cached plan") do
  # ActiveRecord prepares statements with bind parameters on the server
  # (prepared_statements: true, the default) and caches them per connection.
  conn = ArItem.connection
  conn.execute("SET plan_cache_mode = force_generic_plan")
  sql = "INSERT INTO ar_items (n) VALUES ($1) RETURNING id"
  keys = (300...312).map do |n|
    conn.exec_query(sql, "insert", [ActiveRecord::Relation::QueryAttribute.new("n", n, ActiveRecord::Type::Integer.new)], prepare: true).rows[0][0]
  end
  plans = conn.select_value("SELECT generic_plans FROM pg_prepared_statements WHERE statement = #{conn.quote(sql)}")
  conn.execute("RESET plan_cache_mode")
  check("the INSERT was prepared on the server and its cached plan reused", plans.to_i >= 11, plans.inspect)
  check("a cached plan makes a fresh, rising key each time", keys == keys.uniq.sort && keys.size == 12, keys.join("\n"))
end

run("time range, index condition") do
  before = (200...205).map { |n| ArItem.create!(n: n).id }
  sleep 0.005
  cut = ArItem.connection.select_value("SELECT clock_timestamp()")
  sleep 0.005
  after = (205...210).map { |n| ArItem.create!(n: n).id }
  made = ArItem.where("id >= uuid_v7_floor(?) AND id < uuid_v7_floor(?)", cut, cut + 3600).order(:id)
  got = made.pluck(:id)
  check("uuid_v7_floor bounds as parameters select the keys made after the cut", got == after,
        "cut #{cut.inspect}\ngot #{got}\nbefore the cut #{before}\nafter #{after}")
  plan = ArItem.transaction do
    ArItem.connection.execute("SET LOCAL enable_seqscan = off")
    made.explain
  end
  check("the range is an index condition on the primary key", plan.include?("Index Cond") && plan.include?("ar_items_pkey") && !plan.include?("Filter"), plan)
end

run("uuidv7") do
  # Rails 8's generators can write `default: -> { "uuidv7()" }`: PostgreSQL 18's
  # core function. Before 18 that name does not exist; from 18 on it is core's
  # generator, not uuid6's.
  major = ArItem.connection.select_value("SELECT current_setting('server_version_num')::int / 10000")
  ActiveRecord::Migration.drop_table(:ar_core_items, if_exists: true)
  begin
    ActiveRecord::Migration.create_table(:ar_core_items, id: :uuid, default: -> { "uuidv7()" })
    # The DEFAULT as written with only pg_catalog on the path: a function of
    # any other schema would be shown qualified.
    outcome = ArItem.transaction do
      ArItem.connection.execute("SET LOCAL search_path = pg_catalog")
      ArItem.connection.select_value("SELECT pg_get_expr(adbin, adrelid) FROM pg_attrdef WHERE adrelid = 'public.ar_core_items'::regclass")
    end
  rescue ActiveRecord::StatementInvalid => e
    outcome = e.message.lines.first.chomp
  end
  if major >= 18
    check("PostgreSQL #{major}: a DEFAULT uuidv7() calls core's pg_catalog.uuidv7, not uuid6", outcome == "uuidv7()", outcome)
  else
    check("PostgreSQL #{major}: a DEFAULT uuidv7() fails: #{outcome}", outcome == "PG::UndefinedFunction: ERROR:  function uuidv7() does not exist", outcome)
  end
end

puts "1..#{$count}"
exit(($failed.zero? && $count.positive?) ? 0 : 1)
