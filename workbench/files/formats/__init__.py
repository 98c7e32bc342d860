"""The built-in file formats: one module each, registered when imported; every module in
this package and every game's ``formats`` is imported here (:mod:`workbench.discovery`), so
a new format needs no other change."""

from workbench.discovery import import_all, modules_of, parts

import_all([*modules_of(__name__), *parts("formats")])
