"""Package data: terrain types, rosters and JSON Schemas, each value traceable to its source."""
