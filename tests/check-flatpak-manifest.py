#!/usr/bin/env python3
"""Checks the Flatpak manifest beyond parsing (flatpak-builder
--show-manifest does that): its id and command, the GNOME runtime, sources
pinned by checksum, and a sandbox that is the least that works: each
permission must be one the README explains under "Sandbox permissions"
(and each one explained there must be used), and none of the broad ones
Cairn has no use for.

  check-flatpak-manifest.py MANIFEST README APP_ID
"""
import json
import re
import sys

# Cairn itself never needs these: the CLI does its own networking on the
# host, and nothing is read outside the home folder.
FORBIDDEN = {"--share=network", "--filesystem=host", "--filesystem=host-os",
             "--device=all", "--socket=x11", "--socket=session-bus",
             "--socket=system-bus"}


def explained_permissions(readme):
    """The permissions named at the head of each item of the README's
    "Sandbox permissions" list ("  - `--a`, `--b`: why")."""
    start = readme.find("**Sandbox permissions**")
    if start < 0:
        return None
    section = readme[start:].split("\n\n", 1)[0]
    found = set()
    for line in section.splitlines():
        item = re.match(r"^\s+- (.*?): ", line)
        if item:
            found.update(re.findall(r"`(--[^`]+)`", item.group(1)))
    return found


def main():
    manifest_path, readme_path, app_id = sys.argv[1:4]
    with open(manifest_path, encoding="utf-8") as f:
        manifest = json.load(f)
    with open(readme_path, encoding="utf-8") as f:
        readme = f.read()
    problems = []

    if manifest.get("id") != app_id:
        problems.append(f"id is {manifest.get('id')!r}, not {app_id!r}")
    if manifest.get("command") != "cairn":
        problems.append(f"command is {manifest.get('command')!r}, not 'cairn'")
    if manifest.get("runtime") != "org.gnome.Platform" or manifest.get("sdk") != "org.gnome.Sdk":
        problems.append("the runtime and SDK must be GNOME's")

    args = set(manifest.get("finish-args", []))
    for arg in sorted(args & FORBIDDEN):
        problems.append(f"{arg}: broader than Cairn needs")
    explained = explained_permissions(readme)
    if explained is None:
        problems.append("README has no **Sandbox permissions** list")
    else:
        for arg in sorted(args - explained):
            problems.append(f"{arg} is not explained in README's Sandbox permissions")
        for arg in sorted(explained - args):
            problems.append(f"README explains {arg}, which the manifest doesn't use")

    for module in manifest.get("modules", []):
        for source in module.get("sources", []) if isinstance(module, dict) else []:
            if source.get("type") in ("archive", "file") and not source.get("sha256"):
                problems.append(f"{module.get('name')}: {source.get('url')} has no sha256")

    for problem in problems:
        print(problem)
    print(f"{len(problems)} problems in {manifest_path}")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
