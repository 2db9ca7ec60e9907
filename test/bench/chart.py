#!/usr/bin/env python3
"""chart.py CSV SVG [TITLE]: the chart of a `make bench` run, drawn from its CSV
(section,load,key,measure,value) as a plain SVG file, with Python's standard
library alone: insert rates and the primary key's size first, then the cost
of one call of each generator. Each panel is a horizontal bar per key, its
value written beside it; a key the run did not measure has no bar."""
import csv
import sys
from xml.sax.saxutils import escape

# The panels: title, what is better, section, load, measure, unit, format.
PANELS = [
    ("Bulk insert, 1 client, 100,000-row batches", "rows/s, higher is better",
     "insert", "batch", "rows_per_s", "{:,.0f}"),
    ("Single-row commits, 4 clients", "rows/s, higher is better",
     "insert", "clients", "rows_per_s", "{:,.0f}"),
    ("Primary key after the bulk load", "MB, smaller is better",
     "insert", "batch", "pk_mb", "{:,.1f} MB"),
    ("Per-call cost of the generator", "ns per key, net; smaller is better",
     "percall", "", "ns_per_call", "{:,.0f} ns"),
]
COLOURS = {
    "bigserial": "#999999",
    "gen_random_uuid()": "#ee6677",
    "uuid_generate_v7()": "#228833",
    "uuidv7() (core)": "#4477aa",
    "uuid_generate_v7() (pg_uuidv7)": "#ccbb44",
}
LABELS = {
    "uuid_generate_v7()": "uuid6 uuid_generate_v7()",
    "uuidv7() (core)": "core uuidv7()",
    "uuid_generate_v7() (pg_uuidv7)": "pg_uuidv7 uuid_generate_v7()",
}
WIDTH, LABEL_W, BAR_W, ROW_H, HEAD_H, GAP = 860, 250, 470, 24, 44, 18


def main():
    src, dst = sys.argv[1], sys.argv[2]
    title = sys.argv[3] if len(sys.argv) > 3 else "uuid6 bench"
    with open(src, newline="", encoding="utf-8") as f:
        rows = list(csv.DictReader(f))
    keys = [r["key"] for r in rows if r["section"] == "insert" and r["load"] == "batch"
            and r["measure"] == "rows_per_s"]
    if not keys:
        sys.exit(f"{src}: no insert figures")
    out = []
    y = 40
    for name, better, section, load, measure, fmt in PANELS:
        values = []
        for key in keys:
            for r in rows:
                if (r["section"], r["load"], r["key"], r["measure"]) == (section, load, key, measure):
                    values.append((key, float(r["value"])))
        if not values:
            continue
        top = max(max(v for _, v in values), 1e-9)
        out.append(f'<text x="10" y="{y + 18}" class="h">{escape(name)}</text>'
                   f'<text x="10" y="{y + 36}" class="s">{escape(better)}</text>')
        y += HEAD_H
        for key, value in values:
            w = max(0.0, value) / top * BAR_W
            colour = COLOURS.get(key, "#66ccee")
            out.append(
                f'<text x="{LABEL_W - 8}" y="{y + 16}" class="l">{escape(LABELS.get(key, key))}</text>'
                f'<rect x="{LABEL_W}" y="{y + 3}" width="{w:.1f}" height="{ROW_H - 6}" fill="{colour}"/>'
                f'<text x="{LABEL_W + w + 6:.1f}" y="{y + 16}" class="v">{escape(fmt.format(value))}</text>')
            y += ROW_H
        y += GAP
    height = y + 10
    svg = (f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{height}" '
           f'viewBox="0 0 {WIDTH} {height}" font-family="sans-serif">'
           '<style>.t{font-size:15px;font-weight:bold}.h{font-size:13px;font-weight:bold}'
           '.s{font-size:11px;fill:#555}.l{font-size:12px;text-anchor:end}.v{font-size:12px}</style>'
           f'<rect width="{WIDTH}" height="{height}" fill="#fff"/>'
           f'<text x="10" y="24" class="t">{escape(title)}</text>' + "".join(out) + "</svg>\n")
    with open(dst, "w", encoding="utf-8") as f:
        f.write(svg)


if __name__ == "__main__":
    main()
