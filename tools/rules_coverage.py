"""The rules coverage map (``make rules-coverage``): every sentence of the user's rulebook texts,
with the tests that quote it, or the reviewed reason it needs none.

    python tools/rules_coverage.py            # print coverage, write build/rules-coverage.html
    python tools/rules_coverage.py --uncovered  # also list every uncovered sentence

The rulebook texts are found as the tests find them (``tests/rulebooks.py``: the folder named
by ``WORKBENCH_RULEBOOKS``, else ``rulebooks/``); without them this prints why and exits 0.

- **Sentences.** Each rulebook is read line by line: a short line without a sentence's end
  is a heading (and so is a line that repeats an entry of the book's table of contents); a
  line of a table (``| ... |``) is one sentence; a bullet or a paragraph is split after ``.``,
  ``!`` or ``?`` (abbreviations such as "e.g." and "St." excepted). A sentence's section is
  its chapter (a heading the table of contents lists, the first heading of a section the
  game's ``sections`` module cites, or one the reasons file names) and the last heading.
- **Quoted.** A test cites a sentence by quoting it: the comments and strings of
  ``tests/**/*.py`` (consecutive comment lines and adjacent strings joined) are compared word
  by word, case, quotes, dashes and line breaks aside. A sentence is quoted where the tests
  hold it whole, or a run of :data:`WINDOW` of its words that no other sentence of the
  rulebooks holds.
- **Explained.** ``tools/rules_coverage_reasons.json`` (reviewed by hand) gives the reason a
  sentence needs no test of its own (flavour, an example already a test, another product's
  rule, a summary of rules quoted where they are written, ...): by section (``<file>:
  <section>``; ending ``: *``, the section and every section within it), or by sentence
  key (``<rulebook file>#<hash of its words>``, with its first words to read it by: the
  file holds no rulebook text beyond them).

The HTML shows each rulebook with each sentence coloured by its status, linked to the tests
that quote it (it holds the rulebook's text: ``build/`` is not committed).
"""

from __future__ import annotations

import ast
import hashlib
import html
import importlib
import io
import json
import re
import sys
import tokenize
from collections import Counter, defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
REASONS = ROOT / "tools" / "rules_coverage_reasons.json"
HTML = ROOT / "build" / "rules-coverage.html"
WINDOW = 8  # words of a sentence a test must quote, where no other sentence holds them
KINDS = ("flavour", "example", "another product", "summary", "not a rule", "contents")
ABBREVIATIONS = ("e.g", "i.e", "vs", "no", "st", "ausf", "pg", "mr", "dr", "cf", "approx", "ft")
END = re.compile(r"(?<=[.!?])[\"”’')\]]*\s+(?=[\"“‘'(\[A-Z0-9Ōō-])")
HEADING_WORDS = 12  # a heading is at most this many words
CONTENTS = "Table of Contents"


# --- sentences ------------------------------------------------------------------------------
@dataclass(frozen=True)
class Sentence:
    """One sentence of a rulebook: its text, chapter and heading, line, and stable key."""

    book: str
    text: str
    chapter: str
    heading: str
    line: int
    key: str = ""

    @property
    def section(self) -> str:
        """The chapter and the last heading, as the rulebook names them ("Shooting: Cover")."""
        if not self.heading or self.heading == self.chapter:
            return self.chapter
        return f"{self.chapter}: {self.heading}" if self.chapter else self.heading


def words(text: str) -> list[str]:
    """The words of ``text``, lower case, quotes, dashes and punctuation aside.

    >>> words("The Attacker’s tank — “always” counts as higher.")
    ['the', "attacker's", 'tank', 'always', 'counts', 'as', 'higher']
    """
    text = text.lower().replace("’", "'").replace("‘", "'")
    return re.findall(r"\w+(?:['\-]\w+)*", text)


def _is_heading(line: str, contents: set[str]) -> bool:
    if line in contents:
        return True
    if line.startswith(("- ", "|")) or re.search(r"[.!?:;,\"”’]$", line):
        return False
    return len(line.split()) <= HEADING_WORDS


def split_sentences(text: str) -> list[str]:
    """A paragraph's sentences, cut after ``.``, ``!`` or ``?`` but not after an abbreviation.

    >>> split_sentences("Roll a die, e.g. a d6. Then move. St. Gloriana waits!")
    ['Roll a die, e.g. a d6.', 'Then move.', 'St. Gloriana waits!']
    """
    parts = END.split(text.strip())
    found: list[str] = []
    for part in parts:
        last = found[-1].rstrip(".").split()[-1].lower() if found else ""
        if found and last.rstrip(".") in ABBREVIATIONS:
            found[-1] = f"{found[-1]} {part}"
        else:
            found.append(part)
    return [s.strip() for s in found if words(s)]


def read_book(
    name: str, text: str, chapters: Iterable[str] = (), cited: Iterable[str] = ()
) -> list[Sentence]:
    """Every sentence of a rulebook's ``text`` (see the module), with its chapter (one of
    ``chapters``, or a heading of the table of contents, or where the book lists none, the
    first heading of one of the ``cited`` sections) and its heading, keyed stably."""
    lines = [line.strip() for line in text.splitlines()]
    contents = _contents(lines)
    top = set(chapters) | (contents or {c.split(": ")[0] for c in cited})
    divisions = {tuple(c.split(": ")[:2]) for c in cited if ": " in c}  # (chapter, part)
    repeated = {h for h, n in Counter(lines).items() if n > 1 and _is_heading(h, contents)}
    chapter = division = heading = ""
    found: list[Sentence] = []
    for number, line in enumerate(lines, 1):
        if not line:
            continue
        if _is_heading(line, contents) and not found and number <= 2:
            continue  # the book's title
        if _is_heading(line, contents):
            if line in top:
                chapter, division, heading = line, "", line
            elif (chapter, line) in divisions:
                division, heading = line, line
            else:
                # a heading the book repeats ("Check for Victory") is named with its part
                heading = f"{division}: {line}" if division and line in repeated else line
            continue
        body = line[2:] if line.startswith("- ") else line
        if heading == CONTENTS and body in contents:
            continue  # an entry of the table of contents
        if line.startswith("|") and not words(line):
            continue  # a table's rule line (|---|---|)
        texts = [body] if line.startswith("|") else split_sentences(body)
        found += [Sentence(name, text, chapter, heading, number) for text in texts]
    return _keyed(found)


def _contents(lines: Sequence[str]) -> set[str]:
    """The entries of the book's table of contents (the bullets after its heading)."""
    entries: set[str] = set()
    for i, line in enumerate(lines):
        if line == CONTENTS:
            for after in lines[i + 1 :]:
                if after == CONTENTS:
                    continue
                if not after.startswith("- "):
                    break
                entries.add(after[2:])
    return entries


def _keyed(sentences: list[Sentence]) -> list[Sentence]:
    """Each sentence with its key: the book and a hash of its words (``~2`` on a repeat)."""
    seen: Counter[str] = Counter()
    keyed = []
    for s in sentences:
        digest = hashlib.sha1(" ".join(words(s.text)).encode()).hexdigest()[:10]
        key = f"{s.book}#{digest}"
        seen[key] += 1
        if seen[key] > 1:
            key = f"{key}~{seen[key]}"
        keyed.append(Sentence(s.book, s.text, s.chapter, s.heading, s.line, key))
    return keyed


# --- what the tests quote -------------------------------------------------------------------
@dataclass(frozen=True)
class Citation:
    """Where a test quotes a sentence: the file (relative to the repository), line and test."""

    path: str
    line: int
    test: str

    def __str__(self) -> str:
        return f"{self.path}::{self.test}" if self.test else f"{self.path}:{self.line}"


@dataclass
class Quotes:
    """The words of the tests' comments and strings, as runs to look sentences up in."""

    windows: dict[tuple[str, ...], Citation] = field(default_factory=dict)
    texts: list[tuple[str, Citation]] = field(default_factory=list)  # joined words, per run

    def find(self, sentence_words: Sequence[str], distinct: set[tuple[str, ...]]) -> list[Citation]:
        """The citations of a sentence: whole, or a distinctive run of WINDOW words."""
        found: dict[str, Citation] = {}
        whole = " " + " ".join(sentence_words) + " "
        if sentence_words:
            for text, where in self.texts:
                if whole in text:
                    found.setdefault(str(where), where)
        for i in range(len(sentence_words) - WINDOW + 1):
            window = tuple(sentence_words[i : i + WINDOW])
            if window in distinct and window in self.windows:
                where = self.windows[window]
                found.setdefault(str(where), where)
        return list(found.values())


def _runs(source: str) -> list[tuple[int, str]]:
    """A Python file's comments and strings as runs of text with their first line: adjacent
    comment lines joined, adjacent strings joined."""
    runs: list[tuple[int, str]] = []
    last_kind, last_row = "", -1
    try:
        tokens = list(tokenize.generate_tokens(io.StringIO(source).readline))
    except (tokenize.TokenError, SyntaxError):
        return [(1, source)]
    for token in tokens:
        if token.type == tokenize.COMMENT:
            text, kind = token.string.lstrip("#").strip(), "comment"
        elif token.type == tokenize.STRING:
            text, kind = _string_text(token.string), "string"
        elif token.type in (tokenize.NL, tokenize.NEWLINE, tokenize.INDENT, tokenize.DEDENT):
            continue
        else:
            last_kind = ""
            continue
        row = token.start[0]
        joined = kind == last_kind and (kind == "string" or row == last_row + 1)
        if joined and runs:
            runs[-1] = (runs[-1][0], f"{runs[-1][1]} {text}")
        else:
            runs.append((row, text))
        last_kind, last_row = kind, token.end[0]
    return runs


def _string_text(literal: str) -> str:
    """A string literal's text (prefixes and quotes off; f-string fields kept as written)."""
    body = re.sub(r"^[rRbBuUfF]{0,2}", "", literal)
    quote = body[:3] if body[:3] in ('"""', "'''") else body[:1]
    return body[len(quote) : len(body) - len(quote)]


def _tests_of(source: str) -> list[tuple[int, int, str]]:
    """(first line, last line, name) of each top-level function and method in a file."""
    try:
        tree = ast.parse(source)
    except SyntaxError:
        return []
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            found.append((node.lineno, node.end_lineno or node.lineno, node.name))
    return found


def read_quotes(files: Iterable[Path], root: Path = ROOT) -> Quotes:
    """The tests' quotes (see :class:`Quotes`)."""
    quotes = Quotes()
    for path in sorted(files):
        source = path.read_text(encoding="utf-8")
        functions = _tests_of(source)
        relative = path.relative_to(root).as_posix() if path.is_relative_to(root) else str(path)
        for row, text in _runs(source):
            inside = [f for f in functions if f[0] <= row <= f[1]]
            name = min(inside, key=lambda f: f[1] - f[0])[2] if inside else ""
            where = Citation(relative, row, name)
            run = words(text)
            quotes.texts.append((" " + " ".join(run) + " ", where))
            for i in range(len(run) - WINDOW + 1):
                quotes.windows.setdefault(tuple(run[i : i + WINDOW]), where)
    return quotes


def distinct_windows(sentences: Iterable[Sentence]) -> set[tuple[str, ...]]:
    """The runs of WINDOW words that only one sentence text of all the rulebooks holds."""
    holders: dict[tuple[str, ...], set[str]] = defaultdict(set)
    for s in sentences:
        w = words(s.text)
        for i in range(len(w) - WINDOW + 1):
            holders[tuple(w[i : i + WINDOW])].add(" ".join(w))
    return {window for window, texts in holders.items() if len(texts) == 1}


# --- reasons and coverage -------------------------------------------------------------------
@dataclass(frozen=True)
class Reasons:
    """The reviewed reasons (``rules_coverage_reasons.json``): by section, by sentence key,
    and each book's further chapters."""

    sections: Mapping[str, str] = field(default_factory=dict)  # "<book>: <section>" -> why
    sentences: Mapping[str, str] = field(default_factory=dict)  # key -> why
    chapters: Mapping[str, Sequence[str]] = field(default_factory=dict)  # book -> headings

    def why(self, sentence: Sentence) -> str:
        """The reason ``sentence`` needs no test of its own ("" if none is given)."""
        if sentence.key in self.sentences:
            return self.sentences[sentence.key]
        found = self.sections.get(f"{sentence.book}: {sentence.section}")
        if found:
            return found
        for where, why in self.sections.items():  # "<book>: <section>: *": all of it
            whole = where.removesuffix(": *")
            if whole != where and f"{sentence.book}: {sentence.section}: ".startswith(f"{whole}: "):
                return why
        return ""


def read_reasons(path: Path = REASONS) -> Reasons:
    """The reasons file, checked: every reason begins with one of :data:`KINDS`."""
    data = json.loads(path.read_text(encoding="utf-8"))
    sentences = {key: entry["why"] for key, entry in data.get("sentences", {}).items()}
    reasons = Reasons(data.get("sections", {}), sentences, data.get("chapters", {}))
    for where, why in [*reasons.sections.items(), *reasons.sentences.items()]:
        if not why.startswith(KINDS):
            raise ValueError(f"{path.name}: {where}: a reason begins with one of {KINDS}")
    return reasons


@dataclass(frozen=True)
class Status:
    """A sentence's coverage: the tests that quote it, else the reason it needs none."""

    sentence: Sentence
    citations: tuple[Citation, ...]
    why: str

    @property
    def kind(self) -> str:
        return "covered" if self.citations else "explained" if self.why else "uncovered"


def coverage(sentences: Sequence[Sentence], quotes: Quotes, reasons: Reasons) -> list[Status]:
    """Each sentence's status (see :class:`Status`)."""
    distinct = distinct_windows(sentences)
    return [
        Status(s, tuple(quotes.find(words(s.text), distinct)), reasons.why(s)) for s in sentences
    ]


def tally(statuses: Iterable[Status], by: str = "book") -> dict[str, Counter[str]]:
    """The number of sentences of each kind, by book (or ``by="chapter"``: book and chapter)."""
    counts: dict[str, Counter[str]] = defaultdict(Counter)
    for status in statuses:
        s = status.sentence
        name = s.book if by == "book" else f"{s.book}: {s.chapter or '(before the first)'}"
        counts[name][status.kind] += 1
    return dict(counts)


def share(count: Counter[str]) -> str:
    total = sum(count.values())
    done = count["covered"] + count["explained"]
    return (
        f"{count['covered']} quoted, {count['explained']} explained, {count['uncovered']} "
        f"uncovered of {total} ({100 * done / total:.0f}% covered or explained)"
    )


# --- the page -------------------------------------------------------------------------------
STYLE = """body{font:15px/1.5 sans-serif;max-width:60em;margin:2em auto;padding:0 1em}
.covered{background:#c7e9c0}.explained{background:#deebf7}.uncovered{background:#fdd0a2}
span{padding:0 .1em}a{font-size:.75em;color:#08519c}h3{margin-bottom:.2em}
table{border-collapse:collapse}td,th{padding:.1em .6em;border-bottom:1px solid #ddd}"""


def page(statuses: Sequence[Status], root: Path = ROOT) -> str:
    """The coverage map as one HTML page (see the module)."""
    out = [f"<!doctype html><meta charset='utf-8'><title>Rules coverage</title><style>{STYLE}"]
    out.append("</style><h1>Rules coverage</h1><p><span class='covered'>quoted by a test</span> ")
    out.append("<span class='explained'>explained (needs no test)</span> ")
    out.append("<span class='uncovered'>uncovered</span></p><table>")
    for name, count in tally(statuses).items():
        out.append(f"<tr><th>{html.escape(name)}</th><td>{html.escape(share(count))}</td></tr>")
    out.append("</table>")
    book = heading = ""
    for status in statuses:
        s = status.sentence
        if s.book != book:
            book, heading = s.book, ""
            out.append(f"<h2>{html.escape(book)}</h2>")
        if s.section != heading:
            heading = s.section
            out.append(f"<h3>{html.escape(heading)}</h3>")
        links = " ".join(
            f"<a href='{html.escape(_link(c, root))}'>{html.escape(str(c))}</a>"
            for c in status.citations
        )
        tip = html.escape(status.why or s.key, quote=True)
        out.append(
            f"<span class='{status.kind}' title='{tip}'>{html.escape(s.text)}</span> {links}"
        )
    return "\n".join(out) + "\n"


def _link(citation: Citation, root: Path) -> str:
    return f"{(root / citation.path).as_uri()}#L{citation.line}"


# --- the command ----------------------------------------------------------------------------
def books(root: Path = ROOT) -> list[tuple[str, Path, list[str]]]:
    """(file name, path, the sections its game cites) for every registered game's rulebook,
    found as ``tests/rulebooks.py`` finds them."""
    sys.path.insert(0, str(root))
    rulebooks = importlib.import_module("tests.rulebooks")
    found: dict[str, tuple[str, Path, list[str]]] = {}
    for module, name in rulebooks.books().items():
        cited = [
            v for k, v in vars(importlib.import_module(module)).items()
            if k.isupper() and isinstance(v, str) and not k.startswith("STAND")
        ]  # fmt: skip
        entry = found.setdefault(name, (name, rulebooks.folder() / name, []))
        entry[2].extend(cited)
    return sorted(found.values())


def main(argv: Sequence[str] = ()) -> int:
    listed = books()
    missing = [path for _, path, _ in listed if not path.is_file()]
    if missing:
        print(
            f"rules coverage skipped: rulebook text {missing[0].name} not found in "
            f"{missing[0].parent}: put your copy of the rulebook texts in rulebooks/ at the "
            "repository's root or set WORKBENCH_RULEBOOKS"
        )
        return 0
    reasons = read_reasons()
    sentences = [
        s
        for name, path, cited in listed
        for s in read_book(
            name, path.read_text(encoding="utf-8"), reasons.chapters.get(name, ()), cited
        )
    ]
    quotes = read_quotes((ROOT / "tests").rglob("*.py"))
    statuses = coverage(sentences, quotes, reasons)
    HTML.parent.mkdir(parents=True, exist_ok=True)
    HTML.write_text(page(statuses), encoding="utf-8")
    for name, count in tally(statuses).items():
        print(f"{name}: {share(count)}")
        for chapter, part in tally(statuses, by="chapter").items():
            if chapter.startswith(f"{name}: "):
                print(f"  {chapter[len(name) + 2 :]}: {share(part)}")
    if "--uncovered" in argv:
        for status in statuses:
            if status.kind == "uncovered":
                s = status.sentence
                print(f"{s.key} [{s.section}] {s.text}")
    print(f"wrote {HTML.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
