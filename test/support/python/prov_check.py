"""Reads a PROV-JSON document with the W3C PROV reference library for Python (the `prov` package)
and checks it: it deserialises, every relation names elements the document declares, and it
serialises back. Prints what it found as JSON, for the test to compare. Exit status 1 on a problem.
"""
import json
import sys

from prov.model import ProvDocument, ProvElement, ProvRelation


def main(path: str) -> int:
    with open(path, encoding="utf-8") as f:
        text = f.read()
    doc = ProvDocument.deserialize(content=text, format="json")
    declared = {str(r.identifier) for r in doc.get_records(ProvElement)}
    problems = []
    relations = {}
    for r in doc.get_records(ProvRelation):
        kind = r.get_type().localpart
        relations[kind] = relations.get(kind, 0) + 1
        for name, value in r.formal_attributes:
            if value is not None and name.localpart in (
                "entity", "activity", "agent", "informed", "informant", "generatedEntity",
                "usedEntity", "delegate", "responsible",
            ) and str(value) not in declared:
                problems.append(f"{kind} names {value}, which the document does not declare")
    elements = {}
    types = {}
    for r in doc.get_records(ProvElement):
        kind = r.get_type().localpart
        elements[kind] = elements.get(kind, 0) + 1
        for t in r.get_asserted_types():
            types[str(t)] = types.get(str(t), 0) + 1
    again = ProvDocument.deserialize(content=doc.serialize(format="json"), format="json")
    if again != doc:
        problems.append("the document does not survive a round trip through the library")
    print(json.dumps({
        "elements": elements,
        "relations": relations,
        "types": types,
        "provn_lines": len(doc.get_provn().splitlines()),
        "problems": problems,
    }))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
