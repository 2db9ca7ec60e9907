#!/usr/bin/env python3
"""scale_chart.py CSV SVG [TITLE]: the chart of a `make bench-scale` run, drawn
from its CSV (key,rows,seconds,rows_per_s,wal_bytes_per_row,pk_mb) as a plain
SVG file with Python's standard library alone: two panels sharing the x axis
(rows in the table), insert rate per batch and WAL bytes per row, one line
per key."""
import csv
import sys
from xml.sax.saxutils import escape

COLOURS = ["#999999", "#228833", "#66ccee", "#ee6677", "#4477aa", "#ccbb44", "#aa3377"]
WIDTH, PANEL_H, LEFT, RIGHT, TOP, GAP, LEGEND_W = 900, 260, 80, 230, 50, 60, 0
PANELS = [("rows_per_s", "rows/s per batch, higher is better", "{:,.0f}"),
          ("wal_bytes_per_row", "WAL bytes per row, lower is better", "{:,.0f}")]


def nice_max(value):
    """The smallest of 1, 2, 5 times a power of ten at or above value."""
    if value <= 0:
        return 1.0
    scale = 1.0
    while scale * 10 <= value:
        scale *= 10
    while scale > value:
        scale /= 10
    for step in (1, 2, 5, 10):
        if step * scale >= value:
            return step * scale
    return 10 * scale


def main():
    src, dst = sys.argv[1], sys.argv[2]
    title = sys.argv[3] if len(sys.argv) > 3 else "uuid6 scale bench"
    series = {}
    with open(src, newline="", encoding="utf-8") as f:
        for row in csv.DictReader(f):
            series.setdefault(row["key"], []).append(
                {k: float(row[k]) for k in ("rows", "rows_per_s", "wal_bytes_per_row")})
    keys = list(series)
    max_rows = max((p["rows"] for pts in series.values() for p in pts), default=1)
    plot_w = WIDTH - LEFT - RIGHT
    height = TOP + len(PANELS) * (PANEL_H + GAP) + 10
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{height}" '
           f'font-family="sans-serif" font-size="12">',
           f'<rect width="{WIDTH}" height="{height}" fill="white"/>',
           f'<text x="{LEFT}" y="22" font-size="15" font-weight="bold" class="t">{escape(title)}</text>']
    for n, (measure, label, fmt) in enumerate(PANELS):
        top = TOP + n * (PANEL_H + GAP)
        peak = nice_max(max((p[measure] for pts in series.values() for p in pts), default=1))
        out.append(f'<text x="{LEFT}" y="{top - 8}" font-weight="bold">{escape(label)}</text>')
        out.append(f'<rect x="{LEFT}" y="{top}" width="{plot_w}" height="{PANEL_H}" '
                   'fill="none" stroke="#cccccc"/>')
        for tick in range(5):
            value = peak * tick / 4
            y = top + PANEL_H - PANEL_H * tick / 4
            out.append(f'<line x1="{LEFT}" x2="{LEFT + plot_w}" y1="{y:.1f}" y2="{y:.1f}" stroke="#eeeeee"/>')
            out.append(f'<text x="{LEFT - 6}" y="{y + 4:.1f}" text-anchor="end">{escape(fmt.format(value))}</text>')
        for tick in range(5):
            rows = max_rows * tick / 4
            x = LEFT + plot_w * tick / 4
            out.append(f'<text x="{x:.1f}" y="{top + PANEL_H + 16}" text-anchor="middle">'
                       f'{rows / 1e6:,.0f}M rows</text>')
        for k, key in enumerate(keys):
            colour = COLOURS[k % len(COLOURS)]
            points = " ".join(
                f'{LEFT + plot_w * p["rows"] / max_rows:.1f},{top + PANEL_H - PANEL_H * min(p[measure], peak) / peak:.1f}'
                for p in series[key])
            out.append(f'<polyline points="{points}" fill="none" stroke="{colour}" stroke-width="2"/>')
            if n == 0:
                y = top + 14 + 18 * k
                out.append(f'<line x1="{WIDTH - RIGHT + 12}" x2="{WIDTH - RIGHT + 32}" y1="{y - 4}" '
                           f'y2="{y - 4}" stroke="{colour}" stroke-width="3"/>')
                out.append(f'<text x="{WIDTH - RIGHT + 38}" y="{y}">{escape(key)}</text>')
    out.append("</svg>")
    with open(dst, "w", encoding="utf-8") as f:
        f.write("\n".join(out) + "\n")


if __name__ == "__main__":
    main()
