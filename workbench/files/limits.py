"""The size limits every file is checked against before (and while) it is read, so that no
file, however written, takes more than a moment or more than a little memory to load.

The limits that belong to one format (rows and columns of a map, sides of a scenario...)
are ``maximum``/``maxItems`` in that format's JSON Schema (``workbench/data/schemas/``);
these are the ones every file shares. ``maps/README.md`` lists them all.
"""

from __future__ import annotations

MAX_FILE_BYTES = 4 * 1024 * 1024  # checked with stat() before the file is opened
MAX_VALUES = 300_000  # numbers, texts, lists and objects in one file: bounds the schema check
MAX_NESTING = 64  # objects and lists inside each other
MAX_INTEGER_DIGITS = 20  # an integer of more digits is refused (a seed fits in 20)
MAX_NUMBER_CHARACTERS = 40  # a number written with more characters is refused
MAX_REFERENCE_DEPTH = 8  # a file naming a file naming a file ... at most this deep
MAX_EXPANDED_HEXES = 400_000  # hexes that the labels, ranges and areas of one file name
