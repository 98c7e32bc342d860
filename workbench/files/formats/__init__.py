"""The built-in file formats: one module each, registered when imported; every module in
this package is imported here, so a new format needs no other change."""

import importlib
import pkgutil

for _module in pkgutil.iter_modules(__path__):
    importlib.import_module(f"{__name__}.{_module.name}")
