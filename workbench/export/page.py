"""The page itself: one HTML document that holds everything it shows, its style, its script
and its data, and may load nothing at all.

Safe to open, whatever the record it was made from says:

- its Content-Security-Policy (:data:`POLICY`) allows no connection, no resource from any
  address, and no script but the page's own (by its SHA-256 hash): a script slipped in by a
  name or a note would not run;
- every name and note is data (JSON inside ``<script type="application/json">``, which is
  never run), put on the page as text (``textContent``), never as markup; the JSON escapes
  ``<``, ``>``, ``&`` and ``/`` (no ``</script>`` can close it, no tag and no ``//`` appears
  in it) and the ``:`` after ``http`` (:func:`embedded`);
- the only markup from the workbench's data is what its render layer wrote (the pictures,
  escaped there, and the card faces), and the page's own skeleton here.

So the file names no address: no ``http:``, ``https:`` or ``//`` anywhere in it (the tests
read every byte).
"""

from __future__ import annotations

import base64
import hashlib
import html
import json
import re
from functools import cache
from pathlib import Path
from typing import Any

ASSETS = Path(__file__).resolve().parent / "assets"
POLICY = (
    "default-src 'none'; connect-src 'none'; img-src data:; style-src 'unsafe-inline'; "
    "script-src {script}; base-uri 'none'; form-action 'none'"
)
_ADDRESS = re.compile(r"(?i)(https?):")
_LOADS = re.compile(r"(?i)(\b(?:src|href)\s*)=|(url)\(|@(import)")  # what looks like a load


@cache
def asset(name: str) -> str:
    """One of the page's own files (``assets/``): its style and scripts."""
    return (ASSETS / name).read_text(encoding="utf-8")


def embedded(data: Any) -> str:
    """``data`` as JSON to hold in a ``<script type="application/json">`` element: every
    ``<``, ``>``, ``&`` and ``/`` escaped (no tag, no ``</script>``, no ``//``), the colon of
    ``http:`` and what looks like a load in a name or a note (``src=``, ``url(``,
    ``@import``) too; ``JSON.parse`` reads it back unchanged.

    >>> embedded({"note": "</script> https://x"})
    '{"note":"\\\\u003c\\\\/script\\\\u003e https\\\\u003a\\\\/\\\\/x"}'
    >>> json.loads(embedded({"note": "</script> https://x"}))
    {'note': '</script> https://x'}
    """
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"), allow_nan=False)
    text = text.replace("/", "\\/").replace("<", "\\u003c").replace(">", "\\u003e")
    text = text.replace("&", "\\u0026")
    text = _ADDRESS.sub(lambda m: m.group(1) + "\\u003a", text)
    return _LOADS.sub(_unloaded, text)


def _unloaded(found: re.Match[str]) -> str:
    if found.group(1) is not None:
        return found.group(1) + "\\u003d"
    if found.group(2) is not None:
        return found.group(2) + "\\u0028"
    return "\\u0040" + found.group(3)


def plain(text: str) -> str:
    """Text for the page's markup: escaped, with ``/``, ``:`` and ``=`` as character
    references (a title naming an address, or an attribute, names none in the file).

    >>> plain("<b> see https://x")
    '&lt;b&gt; see https&#58;&#47;&#47;x'
    """
    return html.escape(text).replace("/", "&#47;").replace(":", "&#58;").replace("=", "&#61;")


def script_hash(script: str) -> str:
    """The CSP source that allows exactly this inline script."""
    digest = hashlib.sha256(script.encode("utf-8")).digest()
    return f"'sha256-{base64.b64encode(digest).decode('ascii')}'"


def document(
    *, title: str, body: str, data: Any, sheet: str, scripts: tuple[str, ...], kind: str
) -> str:
    """The whole page: the policy, the style (the page's and the pictures' sheet), the body,
    the data and the script (``scripts``, assets joined)."""
    script = "\n".join(asset(name) for name in scripts)
    policy = POLICY.format(script=script_hash(script))
    return (
        '<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n'
        f'<meta http-equiv="Content-Security-Policy" content="{policy}">\n'
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        f'<meta name="generator" content="Tank Rules Workbench export ({kind})">\n'
        f"<title>{plain(title)}</title>\n"
        f"<style>\n{asset('page.css')}\n{sheet}\n</style>\n</head>\n"
        f'<body class="{kind}">\n{body}\n'
        f'<script type="application/json" id="workbench-data">{embedded(data)}</script>\n'
        f"<script>{script}</script>\n</body>\n</html>\n"
    )


NO_SCRIPT = (
    "<noscript><p>This page shows a game of the Tank Rules Workbench: it needs a browser with "
    "its scripts on (nothing is fetched from anywhere).</p></noscript>"
)

GAME_BODY = """\
<div class="bar" role="toolbar" aria-label="steps">
<button id="first" title="the first step (Home)">|◀</button>
<button id="back" title="one step back (←)">◀</button>
<input id="slider" class="grow" type="range" min="0" max="0" value="0" aria-label="step">
<button id="forward" title="one step on (→)">▶</button>
<button id="last" title="the last step (End)">▶|</button>
<span id="where" class="where" aria-live="polite"></span>
<button id="previous-note" title="the previous note (P)">◀ note</button>
<button id="next-note" title="the next note (N)">note ▶</button>
<button id="print" title="print the steps chosen in the panel, one a page">Print</button>
</div>
<main>
<div id="board" class="board"></div>
<div id="panel" class="panel steps">
<h1 id="title"></h1>
<details><summary>About this game</summary>
<p id="about" class="quiet"></p>
<p id="description"></p></details>
<p id="message" class="quiet" aria-live="polite"></p>
<div id="step" class="step"></div>
<div class="log-box"><h2>Log</h2>
<ol id="log" class="log"></ol></div>
<details><summary>Print, keys</summary>
<p><label><input type="radio" name="print" value="here" checked> this step</label>
<label><input type="radio" name="print" value="notes"> the steps with notes</label>
<label><input type="radio" name="print" value="all"> every step</label>
<label><input type="radio" name="print" value="list"> these steps:</label>
<input type="text" id="print-steps" placeholder="1-5, 9" aria-label="the steps to print">
(then Print, above)</p>
<p class="keys"><kbd>←</kbd> <kbd>→</kbd> step · <kbd>Home</kbd> <kbd>End</kbd> first, last ·
<kbd>N</kbd> <kbd>P</kbd> next, previous note</p>
<p class="keys">Made with the Tank Rules Workbench. This page is the whole of it: it fetches
nothing, and works offline.</p></details>
</div>
</main>
<div id="print-view" class="print-only"></div>"""

LESSON_BODY = """\
<div class="bar" role="toolbar" aria-label="questions">
<button id="back" title="the question before (←)">◀ back</button>
<span id="where" class="where" aria-live="polite"></span>
<button id="next" title="the next question (→)">next ▶</button>
<span class="grow"></span>
<span id="progress-line" class="progress"></span>
<button id="teacher" aria-pressed="false"
 title="for a room: no answer controls, Enter or R reveals the answer">Teacher mode</button>
</div>
<main>
<div id="board" class="board"></div>
<div id="panel" class="panel">
<h1 id="title"></h1>
<p class="practice">For practice, not for marking: the answers are in this page.</p>
<p id="about" class="quiet"></p>
<p id="prompt" class="head"></p>
<div id="answering">
<div id="choices" class="choices"></div>
<p id="typed"><input type="text" id="number" aria-label="your answer">
<button id="check">Check</button></p>
<p id="picked">Picked: <span id="picked-places"></span><br>
<button id="check-places">Check</button> <button id="clear">Clear</button></p>
<p id="hint" class="quiet"></p>
</div>
<button id="reveal">Reveal (Enter)</button>
<div id="verdict" aria-live="polite"></div>
<button id="again">Try again</button>
<h2>Progress (kept in this browser)</h2>
<div id="progress"></div>
<p id="message" class="quiet" aria-live="polite"></p>
<p class="keys"><kbd>←</kbd> <kbd>→</kbd> question before, next · teacher mode:
<kbd>Enter</kbd> or <kbd>R</kbd> reveals the answer</p>
<p class="keys">Made with the Tank Rules Workbench. This page is the whole of it: it fetches
nothing, and works offline.</p>
</div>
</main>"""


KINDS = {  # a page's kind: its body and its scripts (assets, in order)
    "game": (GAME_BODY, ("pictures.js", "game.js")),
    "lesson": (LESSON_BODY, ("pictures.js", "credit.js", "lesson.js")),
}


def kind_document(kind: str, data: dict[str, Any], pictures: Any) -> str:
    """A page of ``kind`` (``"game"``: :mod:`workbench.export.game`'s data, ``"lesson"``:
    :mod:`workbench.export.lesson`'s) with its pictures."""
    body, scripts = KINDS[kind]
    return document(
        title=data["title"],
        body=NO_SCRIPT + "\n" + body,
        data={**data, "pictures": pictures.data()},
        sheet=pictures.sheet(),
        scripts=scripts,
        kind=kind,
    )


def index_document(title: str, entries: list[tuple[str, str, str]]) -> str:
    """A class pack's index: a link to each page of the folder, ``(file, title, what)``."""
    items = "\n".join(
        f'<li><a href="{plain(file)}">{plain(name)}</a> <span class="quiet">{plain(what)}</span>'
        "</li>"
        for file, name, what in entries
    )
    body = (
        f'<main><h1>{plain(title)}</h1>\n<p class="quiet">Open a page: each works in any browser, '
        "offline, with nothing installed.</p>\n"
        f"<ul>\n{items}\n</ul></main>"
    )
    policy = POLICY.format(script="'none'")
    return (
        '<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n'
        f'<meta http-equiv="Content-Security-Policy" content="{policy}">\n'
        f"<title>{plain(title)}</title>\n<style>\n{asset('page.css')}\n</style>\n</head>\n"
        f'<body class="index">\n{body}\n</body>\n</html>\n'
    )


__all__ = ["POLICY", "document", "embedded", "index_document", "kind_document"]
