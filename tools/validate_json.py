#!/usr/bin/python3
"""Validates JSON documents against a JSON Schema (Draft 2020-12) with Debian's
python3-jsonschema. Usage: validate_json.py SCHEMA FILE... ; exit 1 on the first invalid
file, with the failing path and reason."""
import json
import sys

import jsonschema


def main() -> int:
    if len(sys.argv) < 3:
        print(__doc__, file=sys.stderr)
        return 2
    with open(sys.argv[1], encoding="utf-8") as f:
        schema = json.load(f)
    validator = jsonschema.Draft202012Validator(schema)
    jsonschema.Draft202012Validator.check_schema(schema)
    for path in sys.argv[2:]:
        try:
            with open(path, encoding="utf-8") as f:
                document = json.load(f)
        except (OSError, ValueError) as e:
            print(f"{path}: cannot read JSON: {e}", file=sys.stderr)
            return 1
        errors = sorted(validator.iter_errors(document), key=lambda e: list(e.absolute_path))
        if errors:
            for e in errors[:10]:
                where = "/" + "/".join(str(p) for p in e.absolute_path)
                print(f"{path}: {where}: {e.message}", file=sys.stderr)
            return 1
        print(f"{path}: valid")
    return 0


if __name__ == "__main__":
    sys.exit(main())
