"""Tank Rules Workbench: rules, geometry and pictures for three tank board games."""

__version__ = "0.1.0"

import workbench.deferred_imports  # noqa: F401  first: it defers what jsonschema would import
from workbench.errors import WorkbenchError
from workbench.files import BoardFileError, load, save

__all__ = ["BoardFileError", "WorkbenchError", "lint", "load", "save"]


def __getattr__(name: str) -> object:
    """``workbench.lint`` is imported when first used (it needs the rules and shapely)."""
    if name == "lint":
        import importlib

        return importlib.import_module("workbench.lint")
    raise AttributeError(f"module 'workbench' has no attribute {name!r}")
