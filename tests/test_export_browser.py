"""Exported pages in a real browser (issue 50's "done when"): a prepared game of each game and a
lesson of each game, opened from ``file://`` with the network off in the system Chromium, at
1280 × 720 and 1920 × 1080. A page makes no request and logs no error; its text is at least
15 px (20 px at 1920 × 1080) and its board labels at least 12 px; it does not scroll; the keys
step (← → Home End N P) and the board changes; a lesson's questions are answered by clicks
(one wrong) and the credit shown is ``Question.check``'s; progress survives a reload; teacher
mode reveals on Enter; a chosen set of steps prints, one a page. Screenshots go to
``build/screenshots/export-*.png``: look at them."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from export_support import page_problems

import workbench.learn as learn
from workbench.export import game_page, lesson_page, prepared_game, write_page

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[1]
SHOTS = ROOT / "build" / "screenshots"
SIZES = [(1280, 720), (1920, 1080)]
LEAST_TEXT = {1280: 15.0, 1920: 20.0}
LEAST_LABEL = 12.0
GAMES = ("stagnant-draw", "flag-capture", "cover-and-critical")  # one of each game
LESSONS = (("panzer-vor", "Moving"), ("panzer-strike", "Firing"), ("tanks", "Firing"))

# The smallest text shown on the page outside its pictures: (px, where) pairs under ``least``.
SMALL_TEXT = """(least) => {
    const out = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    while (walker.nextNode()) {
        const node = walker.currentNode;
        const box = node.parentElement;
        if (!node.textContent.trim() || box.closest('svg, script, noscript')) continue;
        if (!box.getClientRects().length) continue;
        const size = parseFloat(getComputedStyle(box).fontSize);
        if (size < least - 0.01) out.push(`${size}px: ${node.textContent.trim().slice(0, 40)}`);
    }
    return out.slice(0, 5);
}"""
# The board's smallest label on the screen: its font size times the picture's scale.
SMALLEST_LABEL = """() => {
    let least = Infinity, count = 0;
    for (const text of document.querySelectorAll('#board svg text')) {
        if (!text.getClientRects().length || !text.textContent.trim()) continue;
        const size = parseFloat(getComputedStyle(text).fontSize) * text.getScreenCTM().a;
        least = Math.min(least, size);
        count += 1;
    }
    return [least, count];
}"""
FITS = """() => {
    const page = document.scrollingElement;
    const out = [];
    if (page.scrollWidth > innerWidth + 1 || page.scrollHeight > innerHeight + 1)
        out.push(`the page scrolls: ${page.scrollWidth} x ${page.scrollHeight}`);
    for (const id of ['board', 'panel']) {
        const r = document.getElementById(id).getBoundingClientRect();
        if (r.right > innerWidth + 1 || r.bottom > innerHeight + 1) out.push(`${id} beyond`);
    }
    const bar = document.querySelector('.bar');
    if (bar.scrollWidth > bar.clientWidth + 1) out.push('the bar is cut');
    return out;
}"""


@pytest.fixture(scope="module")
def exported(tmp_path_factory) -> dict[str, Path]:
    """The pages, each written as ``workbench export`` writes it."""
    folder = tmp_path_factory.mktemp("exported")
    SHOTS.mkdir(parents=True, exist_ok=True)
    pages = {name: write_page(game_page(prepared_game(name)), folder / f"{name}.html")
             for name in GAMES}  # fmt: skip
    for game, chapter in LESSONS:
        pages[game] = write_page(lesson_page(game, chapter), folder / f"{game}.html")
    for path in pages.values():
        assert page_problems(path.read_text(encoding="utf-8")) == [], path.name
    return pages


@pytest.fixture(scope="module")
def offline(chromium_context):
    """The session's Chromium with its network off (back on after this module)."""
    chromium_context.set_offline(True)
    try:
        yield chromium_context
    finally:
        chromium_context.set_offline(False)


class Watched:
    """A page opened from ``file://``: every request it makes and every error it logs."""

    def __init__(self, context, path: Path, size: tuple[int, int]) -> None:
        self.page = context.new_page()
        self.page.set_viewport_size({"width": size[0], "height": size[1]})
        self.url = path.as_uri()
        self.requests: list[str] = []
        self.errors: list[str] = []
        self.page.on("request", lambda r: self.requests.append(r.url))
        self.page.on("console", lambda m: self.errors.append(m.text) if m.type == "error" else 0)
        self.page.on("pageerror", lambda e: self.errors.append(str(e)))
        self.open()

    def open(self) -> None:
        self.page.goto(self.url)
        self.page.wait_for_function("document.body.dataset.ready === 'yes'", timeout=10_000)

    def check_clean(self) -> None:
        made = [url for url in self.requests if url != self.url]
        assert made == [], f"requests made: {made}"
        assert self.errors == [], f"console errors: {self.errors}"

    def check_sizes(self, width: int, what: str) -> None:
        assert self.page.evaluate(FITS) == [], what
        assert self.page.evaluate(SMALL_TEXT, LEAST_TEXT[width]) == [], what
        least, count = self.page.evaluate(SMALLEST_LABEL)
        assert count > 0 and least >= LEAST_LABEL - 0.01, f"{what}: a board label at {least} px"

    def shot(self, name: str) -> None:
        self.page.screenshot(path=str(SHOTS / f"export-{name}.png"))

    def close(self) -> None:
        self.check_clean()
        self.page.close()


def held(path: Path) -> dict:
    found = re.search(r'id="workbench-data">(.*?)</script>', path.read_text(encoding="utf-8"))
    assert found
    return json.loads(found.group(1))


def step_shown(page) -> int:
    return int(page.evaluate("document.body.dataset.step"))


def board_now(page) -> str:
    """The layers the board shows now (each layer's number, by layer)."""
    return page.evaluate("[...document.querySelectorAll('#board svg g')]"
                         ".filter(g => g.dataset.shown).map(g => g.dataset.layer + "
                         "g.dataset.shown).join(' ')")  # fmt: skip


@pytest.mark.parametrize("name", GAMES)
def test_a_game_page_steps_with_the_keys_offline_at_both_sizes(offline, exported, name):
    data = held(exported[name])
    steps, last = data["steps"], len(data["steps"]) - 1
    notes = [i for i, s in enumerate(steps) if s.get("note")]
    moved = next(i for i in range(1, last + 1) if steps[i]["p"] != steps[0]["p"])
    shown = next((i for i, s in enumerate(steps) if "odds" in s and s.get("hand", ["", []])[1]),
                 None)  # fmt: skip
    shown = shown if shown is not None else next(i for i, s in enumerate(steps) if "odds" in s)
    for width, height in SIZES:
        watched = Watched(offline, exported[name], (width, height))
        page = watched.page
        assert step_shown(page) == 0 and page.locator("#board svg g").count() >= 2
        start = board_now(page)
        for _ in range(moved):
            page.keyboard.press("ArrowRight")
        assert step_shown(page) == moved and board_now(page) != start
        page.keyboard.press("End")
        assert step_shown(page) == last
        page.keyboard.press("Home")
        assert step_shown(page) == 0 and board_now(page) == start
        page.keyboard.press("n")
        assert step_shown(page) == notes[0]
        assert steps[notes[0]]["note"] in page.locator(".note").inner_text()
        page.keyboard.press("N")
        page.keyboard.press("p")
        assert step_shown(page) == notes[0]
        page.locator("#log li").nth(shown).click()  # a line of the log goes to its step
        assert step_shown(page) == shown
        odds = page.locator(".odds").inner_text()
        assert "Before the roll" in odds and steps[shown]["odds"]["results"][0][1] in odds
        if steps[shown].get("hand", ["", []])[1]:
            assert page.locator(".cards .workbench-card").count() >= 1
        watched.check_sizes(width, f"{name} at {width} x {height}")
        watched.shot(f"{name}-{width}")
        watched.close()


def test_a_game_page_prints_the_chosen_steps_one_a_page(offline, exported):
    watched = Watched(offline, exported["cover-and-critical"], SIZES[0])
    page = watched.page
    page.locator("summary", has_text="Print, keys").click()
    page.check("input[name=print][value=notes]")
    page.evaluate("dispatchEvent(new Event('beforeprint'))")
    steps = held(exported["cover-and-critical"])["steps"]
    notes = [i for i, s in enumerate(steps) if s.get("note")]
    assert page.locator("#print-view .print-step").count() == len(notes)
    assert page.locator("#print-view .print-step svg g").count() >= 2 * len(notes)
    page.emulate_media(media="print")
    assert page.locator(".bar").is_hidden() and page.locator("#print-view").is_visible()
    page.emulate_media(media="screen")
    page.evaluate("dispatchEvent(new Event('afterprint'))")
    assert page.locator("#print-view .print-step").count() == 0
    watched.close()


def answer(page, question: dict, known: dict, right: bool) -> object:
    """Answer the question shown by clicks (a choice, or places and Check), rightly or not;
    what was given, as ``Question.check`` takes it."""
    shape = question["shape"]
    if shape in ("yes/no", "choice"):
        options = ["yes", "no"] if shape == "yes/no" else question["choices"]
        said = question["spoken"] if right else next(o for o in options if o != question["spoken"])
        page.locator("#choices button", has_text=re.compile(f"^{re.escape(said)}$")).click()
        return said
    if shape == "places":
        labels = sorted(question["answer"])
        if not right:  # one right, one that is not: partial credit
            labels = [*labels[:1], next(p for p in sorted(known) if p not in question["answer"])]
        for label in labels:
            box = page.locator(f'#board [data-place="{label}"]').bounding_box()
            page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
        page.locator("#check-places").click()
        return set(labels)
    said = ", ".join(map(str, question["answer"])) if shape == "numbers" else str(
        question["answer"] + (0 if right else 1))  # fmt: skip
    page.fill("#number", said if right or shape != "numbers" else "0, 0")
    page.locator("#check").click()
    return said if right or shape != "numbers" else "0, 0"


@pytest.mark.parametrize(("game", "chapter"), LESSONS)
def test_a_lesson_page_answers_by_clicks_with_the_credit_of_question_check(
    offline, exported, game, chapter
):
    data = held(exported[game])
    asked = list(learn.lesson(game, chapter))
    width, height = SIZES[0]
    watched = Watched(offline, exported[game], (width, height))
    page = watched.page
    assert "For practice, not for marking" in page.locator(".practice").inner_text()
    rights = 0
    for number, right in enumerate((True, False, True)):
        assert int(page.evaluate("document.body.dataset.question")) == number
        question = data["questions"][number]
        known = (
            {label for label, _ in data["places"][question["hits"]]} if "hits" in question else {}
        )
        if number == 0:
            watched.check_sizes(width, f"{game} question 1")
        given = answer(page, question, known, right)
        check = asked[number].check(given)
        verdict = page.locator("#verdict")
        assert verdict.get_attribute("data-score") == str(check.score)
        assert verdict.get_attribute("data-correct") == str(check.correct).lower()
        assert check.correct == right
        rights += check.correct
        assert asked[number].reasons[0].section in verdict.inner_text()
        if not right:
            watched.shot(f"lesson-{game}-{width}-checked")
        page.keyboard.press("ArrowRight")
    assert page.locator("#progress-line").inner_text() == f"{rights} right of 3"
    watched.open()  # kept in the browser: a reload shows it
    assert page.locator("#progress-line").inner_text() == f"{rights} right of 3"
    watched.close()
    width, height = SIZES[1]
    watched = Watched(offline, exported[game], (width, height))
    page = watched.page
    page.locator("#teacher").click()
    assert page.locator("#answering").is_hidden()
    page.keyboard.press("ArrowRight")
    page.keyboard.press("Enter")
    assert f"the answer: {data['questions'][1]['spoken']}" in page.locator("#verdict").inner_text()
    watched.check_sizes(width, f"{game} in teacher mode")
    watched.shot(f"lesson-{game}-{width}-teacher")
    watched.close()
