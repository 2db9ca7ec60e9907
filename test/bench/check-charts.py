#!/usr/bin/env python3
"""check-charts.py ROOT: every benchmark chart that README.md and docs/*.md
show (an image under test/bench/results/ ending in .svg) is drawn from the
figures committed beside it: its .csv exists, holds the figures the chart
shows (insert rates and the primary key's size for every key loaded, the
per-call cost of every generator), and test/bench/chart.py draws from it the
very SVG that is committed. Prints "ok - ..." or "not ok - ..." per chart and
ends with "N passed, N failed"; exits 1 when one failed or when no page shows
a chart."""
import csv
import glob
import os
import re
import subprocess
import sys
import tempfile

root = sys.argv[1]
chart = os.path.join(root, "test", "bench", "chart.py")
scale_chart = os.path.join(root, "test", "bench", "scale_chart.py")
passed = failed = 0


def report(ok, name, detail=""):
    global passed, failed
    if ok:
        passed += 1
        print(f"ok - {name}")
    else:
        failed += 1
        print(f"not ok - {name}")
        for line in str(detail).splitlines()[:20]:
            print(f"#   {line}")


def check_bench_csv(name, rows):
    """make bench's CSV: the insert figures and per-call costs its chart shows."""
    have = {(r["section"], r["load"], r["key"], r["measure"]) for r in rows}
    keys = [r["key"] for r in rows if (r["section"], r["load"], r["measure"]) == ("insert", "batch", "rows_per_s")]
    missing = [f"{s}/{l}/{k}/{m}" for k in keys
               for s, l, m in (("insert", "batch", "rows_per_s"), ("insert", "clients", "rows_per_s"),
                               ("insert", "batch", "pk_mb"))
               if (s, l, k, m) not in have]
    missing += [f"percall//{k}/ns_per_call" for k in keys
                if k != "bigserial" and ("percall", "", k, "ns_per_call") not in have]
    report(bool(keys) and not missing, f"{name}: its CSV has every figure the chart shows",
           "no insert figures" if not keys else "\n".join(missing))


pages = [os.path.join(root, "README.md")] + sorted(glob.glob(os.path.join(root, "docs", "*.md")))
charts = {}
for page in pages:
    with open(page, encoding="utf-8") as f:
        text = f.read()
    for target in re.findall(r"!\[[^\]]*\]\(([^)\s]*test/bench/results/[^)\s]+\.svg)\)", text):
        path = os.path.normpath(os.path.join(os.path.dirname(page), target))
        charts.setdefault(path, []).append(os.path.relpath(page, root))

for svg, shown_by in sorted(charts.items()):
    name = f"{os.path.relpath(svg, root)} (shown by {', '.join(shown_by)})"
    data = svg[:-len(".svg")] + ".csv"
    if not os.path.exists(svg) or not os.path.exists(data):
        report(False, f"{name}: the chart and its CSV are committed", f"missing: {svg if not os.path.exists(svg) else data}")
        continue
    with open(data, newline="", encoding="utf-8") as f:
        rows = list(csv.DictReader(f))
    scale = os.path.basename(svg).startswith("scale-")
    if scale:
        # make bench-scale's: every key's batches, rate and WAL per row each.
        keys = sorted({r["key"] for r in rows})
        bad = [k for k in keys if not all(r.get("rows_per_s") and r.get("wal_bytes_per_row")
                                          for r in rows if r["key"] == k)]
        report(bool(keys) and not bad, f"{name}: its CSV has every figure the chart shows",
               "no rows" if not keys else "\n".join(bad))
    else:
        check_bench_csv(name, rows)
    with open(svg, encoding="utf-8") as f:
        committed = f.read()
    title = re.search(r'<text [^>]*class="t">([^<]*)</text>', committed)
    title = title.group(1).replace("&amp;", "&").replace("&lt;", "<").replace("&gt;", ">") if title else ""
    with tempfile.TemporaryDirectory() as tmp:
        drawn = os.path.join(tmp, "chart.svg")
        run = subprocess.run([sys.executable, scale_chart if scale else chart, data, drawn, title],
                             capture_output=True, text=True)
        same = run.returncode == 0 and open(drawn, encoding="utf-8").read() == committed
    report(same, f"{name}: {'test/bench/scale_chart.py' if scale else 'test/bench/chart.py'} draws it from its CSV",
           run.stderr or "the SVG differs from the one drawn")

if not charts:
    report(False, "README.md or docs/*.md show a benchmark chart (test/bench/results/*.svg)")
print(f"{passed} passed, {failed} failed")
sys.exit(1 if failed else 0)
