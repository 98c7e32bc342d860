"""``python -m workbench export ...``: the workbench's command (:mod:`workbench.export.cli`),
the same as the ``workbench`` console script."""

from workbench.export.cli import main

if __name__ == "__main__":
    raise SystemExit(main())
