#!/usr/bin/env python3
"""Fails when a file in src/core includes one from a later layer, or GTK,
when a folder of src/ui includes one above it, when src/ui reads the CLI's
JSON, or when src/ui includes the application.

The core's folders depend one way only (src/core/meson.build lists them in
order): a file may include its own folder's headers and those of the folders
before it, never those after it, and nothing from GTK or libadwaita. The
protocol stays in core: src/ui gets typed accessors and calls no json-glib
or cairn_json_ function. The application hands its windows what they share
(settings, open conversations, history); they never ask it back, so the
application depends on the UI and not the other way round.

The UI's folders depend one way too (src/ui/meson.build lists them from the
top): window/ includes page/, page/ includes rows/, rows/ includes widgets/
and app/ (the settings), which share the ground and don't include each
other. Its includes name the folder.
"""
import pathlib
import re
import sys

LAYERS = ["protocol", "git", "markdown", "trust", "approvals", "attachments", "prompt", "transcript",
          "history", "usage", "session", "export", "search"]
# Folders on one rank don't include each other either.
# prompt/ keeps composer drafts with their images, so it comes after
# attachments/.
# markdown/ needs nothing but GLib and md4c; it sits beside the first
# layers so that anything after protocol/ may use it.
# git/ runs git through protocol/'s launcher (for the Flatpak) and asks
# trust/ whether the folder was trusted; session/ and the UI use it.
# export/ reads a stored conversation through history/ and writes it out;
# it sits beside session/, which it never needs.
# usage/ reads the history's files with its line scanner; nothing in the
# core needs it, the window and the command line do.
# trust/ reads a project folder's files with protocol/'s JSON reader; only
# session/ (the gate) uses it.
RANK = {"protocol": 0, "git": 2, "markdown": 1, "trust": 1, "approvals": 1, "attachments": 1, "prompt": 2,
        "transcript": 2, "history": 3, "usage": 4, "session": 4, "export": 4, "search": 5}
INCLUDE = re.compile(r'^\s*#\s*include\s+[<"]([^">]+)[">]', re.M)

core = pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else
                    pathlib.Path(__file__).parent.parent / "src" / "core")
problems = []
for path in sorted(core.rglob("*.[ch]")):
    folder = path.relative_to(core).parts[0] if len(path.relative_to(core).parts) > 1 else None
    if folder is not None and folder not in RANK:
        problems.append(f"{path}: folder '{folder}' is not a known layer")
        continue
    for header in INCLUDE.findall(path.read_text(encoding="utf-8")):
        if header.startswith(("gtk/", "adwaita", "gtksourceview")):
            problems.append(f"{path}: includes {header} (the core never uses GTK)")
            continue
        target = header.split("/")[0] if "/" in header else None
        if target not in RANK:
            continue
        if folder is None:
            problems.append(f"{path}: a core root header includes {header}")
        elif target != folder and RANK[target] >= RANK[folder]:
            problems.append(f"{path}: {folder}/ includes {header}, a layer that comes after it")

# The UI's folders, from the top. widgets/ and app/ share the ground and
# don't include each other.
UI_RANK = {"window": 3, "page": 2, "rows": 1, "widgets": 0, "app": 0}
ui = core.parent / "ui"
ui_headers = {path.name for path in ui.rglob("*.h")}
for path in sorted(ui.rglob("*.[ch]")):
    parts = path.relative_to(ui).parts
    folder = parts[0] if len(parts) > 1 else None
    if folder is not None and folder not in UI_RANK:
        problems.append(f"{path}: folder '{folder}' is not a known UI layer")
        continue
    for header in INCLUDE.findall(path.read_text(encoding="utf-8")):
        if header == "cairn-application.h":
            problems.append(f"{path}: includes {header} (the application gives the UI what it needs)")
            continue
        if header in ui_headers:
            problems.append(f"{path}: includes {header} without its folder")
            continue
        target = header.split("/")[0] if "/" in header else None
        if target not in UI_RANK:
            continue
        if folder is None:
            problems.append(f"{path}: a file directly in src/ui includes {header}")
        elif target != folder and UI_RANK[target] >= UI_RANK[folder]:
            problems.append(f"{path}: {folder}/ includes {header}, a folder above it or beside it")

JSON_CALL = re.compile(r'\b(json_[a-z_]+|cairn_json_[a-z_]+)\s*\(|\bJson(Object|Array|Node|Parser)\b')
for path in sorted((core.parent / "ui").rglob("*.[ch]")):
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if JSON_CALL.search(line):
            problems.append(f"{path}:{number}: reads JSON in the UI: {line.strip()}")

for p in problems:
    print(p)
print(f"{len(problems)} layering problems in {core} and {ui}")
sys.exit(1 if problems else 0)
