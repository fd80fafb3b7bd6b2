#!/usr/bin/env python3
"""Which production files reach nlohmann/json.hpp (the full JSON header, slow to compile) through
the project's own includes without using JSON themselves. A file uses JSON when its own text, past
its #include lines and comments, names nlohmann, Json, JsonNode, ordered_json, a json_reader helper
or a record's to_json / from_json (whose values it then handles).
Headers that only pass JSON values through should include <nlohmann/json_fwd.hpp> instead.

Usage: tools/json_reach.py [REPO]    prints the count, then each file; exit 1 when any is found.
"""
import os
import re
import sys

ROOT = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), "..")
DIRS = ("sim", "app", "renderer")
INCLUDE = re.compile(r'^\s*#\s*include\s*[<"]([^>"]+)[>"]', re.M)
USES = re.compile(r"\b(nlohmann|Json|JsonNode|ordered_json|parse_json\w*|read_json\w*|json_type_name|"
                  r"(?:\w+_)?(?:to|from)_json)\b")
COMMENT = re.compile(r"//[^\n]*|/\*.*?\*/", re.S)

def sources():
    for d in DIRS:
        for base, _, names in os.walk(os.path.join(ROOT, d)):
            for n in names:
                if n.endswith((".cpp", ".h")):
                    yield os.path.relpath(os.path.join(base, n), ROOT)

def includes(path, cache={}):
    if path not in cache:
        with open(os.path.join(ROOT, path), encoding="utf-8") as f:
            cache[path] = INCLUDE.findall(f.read())
    return cache[path]

def reaches(path, seen):
    for inc in includes(path):
        if inc == "nlohmann/json.hpp":
            return True
        if os.path.exists(os.path.join(ROOT, inc)) and inc not in seen:
            seen.add(inc)
            if reaches(inc, seen):
                return True
    return False

def uses_json(path):
    with open(os.path.join(ROOT, path), encoding="utf-8") as f:
        text = COMMENT.sub("", f.read())
    return bool(USES.search(INCLUDE.sub("", text)))

def main():
    files = sorted(sources())
    cpps = [f for f in files if f.endswith(".cpp")]
    reach = [f for f in cpps if reaches(f, set())]
    idle = [f for f in reach if not uses_json(f) and not uses_json_header(f)]
    print(f"{len(reach)} of {len(cpps)} production .cpp files reach nlohmann/json.hpp; "
          f"{len(idle)} of them use no JSON")
    for f in idle:
        print("  " + f)
    return 1 if idle else 0

def uses_json_header(cpp):
    # A .cpp defines what its own header declares: JSON in the header's declarations counts.
    h = cpp[:-4] + ".h"
    return os.path.exists(os.path.join(ROOT, h)) and uses_json(h)

if __name__ == "__main__":
    sys.exit(main())
