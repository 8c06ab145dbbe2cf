#!/usr/bin/env python3
"""Fails when a user-visible string can't be translated:

- a file that marks strings (_(), N_(), ngettext, translatable="yes") is
  missing from po/POTFILES.in, or POTFILES.in names a file that is gone;
- a .ui property that shows text (label, title, tooltip-text, ...) holds
  words and is not marked translatable="yes" (translatable="no" opts out);
- a C call that shows text (gtk_label_set_text, adw_toast_new, g_notification_new,
  ...) is given a bare string literal with words in it.

Then it runs xgettext over POTFILES.in, as the po target does, fails if
xgettext reports an error, and fails if a language of po/LINGUAS leaves a
string of that template untranslated or fuzzy (msgmerge, msgfmt -c).

  check-translatable.py [SOURCE_ROOT]
"""
import pathlib
import re
import subprocess
import sys
import tempfile

ROOT = pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else pathlib.Path(__file__).parent.parent)

UI_TEXT_PROPERTIES = {"label", "title", "subtitle", "tooltip-text", "placeholder-text",
                      "description", "text", "body", "heading", "secondary-text",
                      "accessible-name"}
# calls whose string argument is shown as is
C_SHOWN = re.compile(
    r"\b(gtk_label_set_(?:text|label|markup)|gtk_button_set_label|adw_toast_new|"
    r"g_notification_new|g_notification_set_body|gtk_widget_set_tooltip_text|"
    r"adw_status_page_set_(?:title|description)|adw_preferences_row_set_title|"
    r"adw_action_row_set_subtitle|adw_message_dialog_new|"
    r"gtk_editable_set_text|adw_window_title_set_(?:title|subtitle))\s*\(([^;]*?)\"([^\"]*)\"")
# its label is the third argument (the second is the response's id)
C_RESPONSE = re.compile(r"\badw_message_dialog_add_response\s*\([^,]+,\s*\"[^\"]*\"\s*,\s*\"([^\"]*)\"")
# names, not words
UNTRANSLATED = {"Cairn"}
MARKED = re.compile(r"\b(?:_|N_|C_|NC_|g_dngettext|ngettext|g_dpgettext2)\s*\(")
WORDS = re.compile(r"[A-Za-z]{3,}")


def potfiles():
    lines = (ROOT / "po" / "POTFILES.in").read_text(encoding="utf-8").splitlines()
    return {l.strip() for l in lines if l.strip() and not l.startswith("#")}


def marks_strings(path, text):
    if path.suffix == ".ui":
        return 'translatable="yes"' in text
    if path.suffix in (".c", ".h"):
        return MARKED.search(text) is not None
    return False


def ui_problems(path, text):
    problems = []
    for match in re.finditer(r"<(property|attribute)\s+name=\"([^\"]+)\"([^>]*)>([^<]*)<", text):
        _, name, attrs, value = match.groups()
        if name not in UI_TEXT_PROPERTIES or "translatable=" in attrs:
            continue
        if WORDS.search(value) and value not in UNTRANSLATED:
            line = text.count("\n", 0, match.start()) + 1
            problems.append(f"{path}:{line}: {name} “{value}” is not marked translatable")
    return problems


def c_problems(path, text):
    problems = []
    for match in C_SHOWN.finditer(text):
        before, literal = match.group(2), match.group(3)
        # _("...") right before the quote is marked
        if re.search(r"(?:_|N_|C_|ngettext|g_dngettext)\s*\(\s*$", before):
            continue
        if WORDS.search(literal) and literal not in UNTRANSLATED:
            line = text.count("\n", 0, match.start()) + 1
            problems.append(f"{path}:{line}: {match.group(1)} shows “{literal}” unmarked")
    for match in C_RESPONSE.finditer(text):
        if WORDS.search(match.group(1)):
            line = text.count("\n", 0, match.start()) + 1
            problems.append(f"{path}:{line}: a dialog response “{match.group(1)}” is unmarked")
    return problems


def catalogue_problems(tmp):
    """Each language in po/LINGUAS translates every string of the fresh
    template, with nothing fuzzy and formats that match."""
    problems = []
    linguas = (ROOT / "po" / "LINGUAS").read_text(encoding="utf-8").split()
    for lang in linguas:
        merged = f"{tmp}/{lang}.po"
        subprocess.run(["msgmerge", "--quiet", "--no-fuzzy-matching", "-o", merged,
                        str(ROOT / "po" / f"{lang}.po"), f"{tmp}/cairn.pot"], check=True)
        result = subprocess.run(["msgfmt", "-c", "--statistics", "-o", "/dev/null", merged],
                                capture_output=True, text=True)
        stats = result.stderr.strip()
        if result.returncode != 0 or "untranslated" in stats or "fuzzy" in stats:
            problems.append(f"po/{lang}.po: {stats}")
    return problems


def main():
    listed = potfiles()
    problems = [f"po/POTFILES.in: {name} does not exist"
                for name in sorted(listed) if not (ROOT / name).exists()]
    for path in sorted(list((ROOT / "src").rglob("*.[ch]")) + list((ROOT / "src").rglob("*.ui"))):
        rel = str(path.relative_to(ROOT))
        text = path.read_text(encoding="utf-8")
        if marks_strings(path, text) and rel not in listed:
            problems.append(f"{rel}: marks strings but is not in po/POTFILES.in")
        if path.suffix == ".ui":
            problems += ui_problems(rel, text)
        elif path.suffix == ".c":
            problems += c_problems(rel, text)

    with tempfile.TemporaryDirectory() as tmp:
        result = subprocess.run(
            ["xgettext", "--from-code=UTF-8", "--keyword=_", "--keyword=N_",
             "--keyword=C_:1c,2", "--keyword=NC_:1c,2", "--keyword=g_dngettext:2,3",
             "--keyword=ngettext:1,2", "--add-comments=Translators",
             f"--directory={ROOT}", f"--files-from={ROOT / 'po' / 'POTFILES.in'}",
             "-o", f"{tmp}/cairn.pot"],
            capture_output=True, text=True)
        if result.returncode != 0 or "error" in result.stderr.lower():
            problems.append("xgettext: " + result.stderr.strip())
        else:
            problems += catalogue_problems(tmp)

    for problem in problems:
        print(problem)
    print(f"{len(problems)} strings or files left out of translation")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
