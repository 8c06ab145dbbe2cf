#!/usr/bin/env python3
"""The test variant of the Flatpak manifest, for build-aux/flatpak-test.sh:

    flatpak-test-manifest.py MANIFEST SOURCE_DIR > TEST_MANIFEST

Everything is the real manifest's (id, command, finish-args, cleanup,
Cairn's module and its build options) except:
- the runtime and SDK: the Debian 12 stand-in (io.github.cairnapp.Stand.*,
  branch 12) instead of org.gnome.Platform//48;
- the modules the real one downloads (md4c, VTE): the stand-in runtime has
  them as Debian packages (libmd4c0 0.4.8, libvte-2.91-gtk4-0 0.70), and
  nothing can be downloaded here;
- Cairn's own source folder given as an absolute path (the variant is
  written outside the tree).
Anything else downloaded is an error: it would not be the real manifest.
"""
import json
import os
import sys

FROM_RUNTIME = {"md4c", "vte"}


def main():
    manifest_path, source_dir = sys.argv[1], os.path.abspath(sys.argv[2])
    with open(manifest_path, encoding="utf-8") as f:
        manifest = json.load(f)
    manifest["runtime"] = "io.github.cairnapp.Stand.Platform"
    manifest["sdk"] = "io.github.cairnapp.Stand.Sdk"
    manifest["runtime-version"] = "12"
    modules = []
    for module in manifest["modules"]:
        sources = module.get("sources", [])
        if any("url" in source for source in sources):
            if module["name"] not in FROM_RUNTIME:
                sys.exit(f"{module['name']} downloads its source and the stand-in runtime lacks it")
            continue
        for source in sources:
            if source.get("type") == "dir":
                source["path"] = source_dir
        modules.append(module)
    manifest["modules"] = modules
    json.dump(manifest, sys.stdout, indent=2)
    print()


if __name__ == "__main__":
    main()
