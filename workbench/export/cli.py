"""``workbench export``: the export as a command (also ``python -m workbench export``).

::

    workbench export prepared first-shots -o first-shots.html
    workbench export lesson panzer-vor "Line of Sight" -o sight.html
    workbench export lesson panzer-vor --question reach:1 --question sight:4 -o two.html
    workbench export record my-game -o game.html          # a record in the user folder, or a path
    workbench export pack prepared:first-shots "lesson:panzer-vor:Line of Sight" -o class/
    workbench export list                                 # what can be exported

Each writes one ``.html`` file (a pack: a folder with an ``index.html``) and prints its path
and size. A mistake (an unknown name, a chapter the game has not) is one line on stderr and
exit status 2; nothing is written.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import workbench.learn as learn
from workbench.errors import WorkbenchError
from workbench.export.pages import (
    export_lesson,
    export_pack,
    export_prepared,
    export_record,
    prepared_games,
)
from workbench.render.themes import THEMES


def parser() -> argparse.ArgumentParser:
    """The ``workbench`` command's parser (its one command, ``export``)."""
    top = argparse.ArgumentParser(
        prog="workbench", description="The Tank Rules Workbench from the command line."
    )
    commands = top.add_subparsers(dest="command", required=True)
    export = commands.add_parser(
        "export",
        help="a game, a lesson or a class pack as pages that open offline in any browser",
        description=__doc__.split("::")[0].strip(),
    )
    kinds = export.add_subparsers(dest="kind", required=True)

    def kind(name: str, help_text: str, output: str = "the page to write (.html)") -> Any:
        made = kinds.add_parser(name, help=help_text, description=help_text)
        made.add_argument("-o", "--output", required=True, type=Path, help=output)
        made.add_argument("--theme", choices=sorted(THEMES), default="projector")
        return made

    kind("prepared", "a prepared game").add_argument("name", help="e.g. first-shots")
    kind("record", "a record").add_argument(
        "name", help="a record's name in the user folder's records/, or a record file's path"
    )
    lesson = kind("lesson", "a lesson: a chapter's questions, or chosen questions")
    lesson.add_argument("game", help="a game's name, e.g. panzer-vor")
    lesson.add_argument("chapter", nargs="?", help="a chapter, e.g. 'Line of Sight'")
    lesson.add_argument(
        "--question", action="append", default=[], metavar="KIND:SEED",
        help="a chosen question (kind and seed), e.g. reach:3; again for more",
    )  # fmt: skip
    lesson.add_argument("--start", type=int, default=0, help="the chapter's first seed")
    pack = kind("pack", "several pages and an index", "the folder to write the pages into")
    pack.add_argument(
        "items", nargs="+", metavar="ITEM",
        help="prepared:NAME, record:NAME or lesson:GAME:CHAPTER",
    )  # fmt: skip
    pack.add_argument("--title", default="Class pack", help="the index page's title")
    kinds.add_parser("list", help="the prepared games and each game's chapters")
    return top


def _question(text: str) -> tuple[str, int]:
    kind, _, seed = text.rpartition(":")
    if not kind or not seed.isdigit():
        raise WorkbenchError(f"--question {text!r}: expected KIND:SEED, e.g. reach:3")
    return kind, int(seed)


def _item(text: str) -> tuple[str, ...]:
    kind, _, rest = text.partition(":")
    if kind == "lesson":
        game, _, chapter = rest.partition(":")
        return (kind, game, chapter)
    return (kind, rest)


def listing() -> str:
    """What can be exported: the prepared games, and each game's chapters."""
    lines = ["prepared games:", *(f"  {name}" for name in sorted(prepared_games()))]
    lines.append("lessons (game: chapters):")
    for game in learn.kinds_of_games():
        lines.append(f"  {game}: " + ", ".join(str(c) for c in learn.chapters(game)))
    return "\n".join(lines)


def run(arguments: argparse.Namespace) -> Path | None:
    """Do what the parsed command says; the path written (None for ``list``)."""
    if arguments.kind == "list":
        print(listing())
        return None
    out, theme = arguments.output, arguments.theme
    if arguments.kind == "prepared":
        return export_prepared(arguments.name, out, theme=theme)
    if arguments.kind == "record":
        return export_record(arguments.name, out, theme=theme)
    if arguments.kind == "lesson":
        chosen = [_question(q) for q in arguments.question]
        return export_lesson(
            arguments.game, arguments.chapter, out, questions=chosen, start=arguments.start,
            theme=theme,
        )  # fmt: skip
    items = [_item(i) for i in arguments.items]
    return export_pack(items, out, title=arguments.title, theme=theme)


def main(argv: Sequence[str] | None = None) -> int:
    """The command: 0 when it wrote what it was asked, 2 (and one line why) when not."""
    arguments = parser().parse_args(argv)
    try:
        written = run(arguments)
    except WorkbenchError as error:
        print(f"workbench export: {error}", file=sys.stderr)
        return 2
    if written is not None:
        size = sum(p.stat().st_size for p in written.parent.glob("*.html")) if (
            arguments.kind == "pack") else written.stat().st_size  # fmt: skip
        print(f"wrote {written} ({size / 1024:,.0f} KiB)")
    return 0


__all__ = ["listing", "main", "parser", "run"]
