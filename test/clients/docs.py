"""docs.py DOC DIR: every fenced code block of DOC appears in a program under
DIR, or in a migration or schema file there (.sql, .prisma) (its lines, in order and contiguous, compared without their leading and
trailing spaces and without blank lines), so that the recipes in the docs are
the code test/clients/run.sh runs. Prints each block that is not found and
exits 1; exits 1 too when DOC has no code block at all."""
import os
import re
import sys

doc, root = sys.argv[1], sys.argv[2]
EXTENSIONS = (".py", ".js", ".rb", ".java", ".sh", ".sql", ".prisma")


def lines(text):
    return [l.strip() for l in text.splitlines() if l.strip()]


programs = {}
for base, dirs, files in os.walk(root):
    dirs[:] = [d for d in dirs if d not in ("node_modules", "__pycache__")]
    for name in files:
        if name.endswith(EXTENSIONS) and name != "docs.py":
            path = os.path.join(base, name)
            with open(path, encoding="utf-8") as f:
                programs[os.path.relpath(path, root)] = lines(f.read())


def found_in(block):
    n = len(block)
    for path, text in programs.items():
        for i in range(len(text) - n + 1):
            if text[i:i + n] == block:
                return path
    return None


with open(doc, encoding="utf-8") as f:
    source = f.read()
blocks = [(source.count("\n", 0, m.start()) + 1, m.group(1))
          for m in re.finditer(r"^```[a-z]*\n(.*?)^```$", source, re.M | re.S)]
missing = 0
for line, body in blocks:
    block = lines(body)
    where = found_in(block) if block else None
    if where is None:
        missing += 1
        print(f"{doc}:{line}: this code block is in no program of {root}:")
        print("\n".join("    " + l for l in body.splitlines()[:12]))
if not blocks:
    print(f"{doc}: no code blocks")
    sys.exit(1)
print(f"{len(blocks) - missing} of {len(blocks)} code blocks found in the programs")
sys.exit(1 if missing else 0)
