"""Tank Rules Workbench: rules, geometry and pictures for three tank board games."""

__version__ = "0.1.0"

from workbench.errors import WorkbenchError
from workbench.files import BoardFileError, load, save

__all__ = ["BoardFileError", "WorkbenchError", "load", "save"]
