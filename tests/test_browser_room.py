"""The teacher app as a room reads it, measured in a real browser (Chromium, Playwright) at
1280 × 720 and 1920 × 1080, one page a size: every game's screens (a prepared game, a new
game with its computer and options, the card game's hand at a reaction, the game's end, the
folded tabs with the legend and the files, a lesson's question and its answer, the "large"
text). On each: the app's text at least 15 px (20 px at 1920 × 1080), every board label at
least 12 px, the board as large as its room (no blank band beside it), no page scroll,
nothing beyond the window, nothing clipped, no control and no line of the guidance hidden
in a box that scrolls, and no console error or warning. Screenshots go to
build/screenshots/room-*.png: look at them."""

from __future__ import annotations

import time

import browser_support
import pytest
from browser_support import PAGE, ROOT, free_port, wait_until
from test_browser_stepper import CANVAS_SCALE, MISFITS, SHOTS

pytestmark = pytest.mark.browser

SIZES = [(1280, 720), (1920, 1080)]
LEAST_TEXT = {1280: 15.0, 1920: 20.0}  # the least text size at each window
LEAST_LABEL = 12.0  # every board label in every app screen
STEPPER = ".workbench-stepper-canvas"
PANEL, LEARN_PANEL = ".workbench-stepper-panel", ".workbench-learn-panel"
GONE = "workbench-test-left"  # marks the screen left when another is opened
LEFT = f"""() => document.querySelectorAll('{PANEL}, {LEARN_PANEL}, {STEPPER}')
    .forEach(element => element.classList.add('{GONE}'))"""

# The smallest text shown in the app, in CSS px: HTML text at its computed size, a picture's
# words (an SVG legend) at their size times the picture's scale on the page (a picture's
# title is its tooltip, not shown).
SMALLEST_TEXT = """() => {
    let least = Infinity, where = '';
    const root = document.querySelector('.workbench-app');
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    while (walker.nextNode()) {
        const node = walker.currentNode;
        if (!node.textContent.trim()) continue;
        const box = node.parentElement;
        if (!box.getClientRects().length || box.closest('option, script, style, title')) continue;
        let size = parseFloat(getComputedStyle(box).fontSize);
        const svg = box.closest('svg');
        if (svg) {
            const view = svg.viewBox.baseVal;
            if (view && view.width) size *= svg.getBoundingClientRect().width / view.width;
        }
        if (size < least) {
            least = size;
            where = `${node.textContent.trim().slice(0, 30)} in ${box.className}`;
        }
    }
    return [least, where];
}"""

# Every control (button, drop-down, input), every line of the panel's guidance and every word
# of the legend that shows but is cut by a box that scrolls or clips (or by the window).
HIDDEN = """() => {
    const W = innerWidth, H = innerHeight, out = [];
    const root = document.querySelector('.workbench-app');
    const wanted = root.querySelectorAll(
        'button, select, input, textarea, .workbench-stepper-panel > div > div > div, ' +
        '.workbench-learn-panel .widget-html-content > div > div > div, ' +
        '.workbench-stepper-legend svg text');
    for (const e of wanted) {
        if (!e.getClientRects().length) continue;
        const r = e.getBoundingClientRect();
        if (r.width === 0 || r.height === 0) continue;
        const name = (e.textContent || e.value || e.tagName).trim().slice(0, 40);
        if (r.left < -1 || r.top < -1 || r.right > W + 1 || r.bottom > H + 1)
            out.push(`"${name}" beyond the window`);
        for (let a = e.parentElement; a && a !== document.body; a = a.parentElement) {
            const s = getComputedStyle(a);
            const cuts = ['auto', 'scroll', 'hidden', 'clip'];
            if (s.display === 'contents') continue;  // no box of its own: it cuts nothing
            if (!cuts.includes(s.overflowX) && !cuts.includes(s.overflowY)) continue;
            const c = a.getBoundingClientRect();
            if (r.left < c.left - 1 || r.top < c.top - 1 || r.right > c.right + 1 ||
                r.bottom > c.bottom + 1) {
                out.push(`"${name}" cut by ${a.className.toString().split(' ').slice(-1)}`);
                break;
            }
        }
    }
    return out;
}"""

# The gap between the board and the side panel (a band the board leaves blank).
GAP = """(canvas) => {
    const board = document.querySelector(canvas).getBoundingClientRect();
    const side = document.querySelector('.workbench-app-side').getBoundingClientRect();
    return side.left - board.right;
}"""

# The text shown by each drop-down of the app's bar (blank: none chosen).
SHOWN = """() => [...document.querySelectorAll('.workbench-app-bar select')]
    .filter(s => s.getClientRects().length)
    .map(s => s.selectedIndex < 0 ? '' : s.options[s.selectedIndex].text.replace(/\u00a0/g, ' '))"""


class Room:
    """One page of the app at one size, the same app made here (to know the boards' scenes),
    and what was measured on it."""

    def __init__(self, page, width: int, height: int) -> None:
        from workbench.widgets.app import TeacherApp

        self.page, self.width, self.height = page, width, height
        self.app = TeacherApp()
        self.console: list[str] = []
        page.on(
            "console",
            lambda m: m.type in ("warning", "error") and self.console.append(m.text),
        )
        page.on("pageerror", lambda e: self.console.append(str(e)))
        self.measured: list[str] = []

    def open(self, game: str, what: str, wait: str) -> object:
        """Pick a game and what to open in the page and here; wait for ``wait`` to show."""
        from playwright.sync_api import expect

        from workbench.games import get_game

        app, page = self.app, self.page
        if app.game_picker.value != game:  # the page's list of what to open follows the game
            app.game_picker.value = game
            page.locator(".workbench-app-game select").select_option(label=get_game(game).title)
            wait_until(lambda: page.evaluate(SHOWN)[1] == app.what.label, "the game's list")
        app.what.value = dict(app.what.options)[what]
        page.locator(".workbench-app-record select").select_option(label=what)
        wait_until(lambda: page.evaluate(SHOWN)[1] == what, f"{what} picked")
        if what.startswith("new game: "):  # opened once its computer's choices show
            computer = page.locator(".workbench-app-computer select")
            expect(computer).to_contain_text(app.computer.options[-1][0], timeout=PAGE)
        page.evaluate(LEFT)  # what is shown now: the opened screen's text is not its own
        page.get_by_role("button", name="Open", exact=True).click()
        shown = app.open()
        where = LEARN_PANEL if what.startswith("learn: ") else PANEL
        expect(page.locator(f"{where}:not(.{GONE})")).to_contain_text(wait, timeout=PAGE)
        if where == PANEL:  # the board is drawn in a view of its own, maybe after the panel
            expect(page.locator(f"{STEPPER}:not(.{GONE})")).to_be_attached(timeout=PAGE)
        return shown

    def check(self, name: str, scene=None, canvas: str = STEPPER) -> None:
        """Measure the screen shown: its text, its board's labels and room, what fits."""
        page = self.page
        least, where = page.evaluate(SMALLEST_TEXT)
        assert least >= LEAST_TEXT[self.width], f"{name}: text {least} px ({where!r})"
        assert page.evaluate(MISFITS, ".workbench-app") == [], name
        assert page.evaluate(HIDDEN) == [], name
        line = f"{name}: text {least:.1f} px"
        if scene is not None:
            from workbench.widgets.layout import smallest_label_px

            scale = page.evaluate(CANVAS_SCALE, canvas)
            label = smallest_label_px(scene) * scale
            assert label >= LEAST_LABEL, f"{name}: a board label at {label:.1f} px"
            gap = page.evaluate(GAP, canvas)
            assert gap <= 1.2 * least, f"{name}: a blank band of {gap:.0f} px beside the board"
            line += f", board labels {label:.1f} px (shown at {scale:.2f} of drawn)"
        self.measured.append(line)
        page.screenshot(path=str(SHOTS / f"room-{name}-{self.width}.png"))

    def done(self) -> None:
        assert self.console == [], f"the console: {self.console}"


def test_every_screen_of_the_app_reads_in_a_room_at_both_sizes(chromium_context, tmp_path) -> None:
    from playwright.sync_api import expect

    SHOTS.mkdir(parents=True, exist_ok=True)
    env = browser_support.jupyter_env(tmp_path)
    env["WORKBENCH_HOME"] = str(tmp_path / "user")
    port = free_port()
    log = tmp_path / "voila.log"
    started = time.monotonic()
    with browser_support.app_server(
        "app/teacher.ipynb", ROOT, env, port, log, "--refill-delay=0"
    ) as url:
        used: set[str] = set()
        for width, height in SIZES:
            page = chromium_context.new_page()
            page.set_viewport_size({"width": width, "height": height})
            room = Room(page, width, height)
            try:
                warm = wait_until(lambda: browser_support.warm_kernel(url, used), "warm")
                used.add(str(warm))
                page.goto(url, timeout=PAGE)  # no pixel read: the console stays the app's own
                expect(page.locator(PANEL)).to_contain_text("Step 0 of", timeout=PAGE)
                a_card_game(room)
                the_folded_tabs(room)
                for game, prepared, new, lesson in (
                    ("panzer-vor-practice", "prepared: first-shots", None, None),
                    ("panzer-strike", "prepared: flag-capture", "capture-the-flag", "Firing"),
                    ("tanks", "prepared: cover-and-critical", "barkmanns-corner", "Line of Sight"),
                    ("panzer-vor", None, "anzio-original", "Firing"),
                ):
                    a_game(room, game, prepared, new, lesson)
                if width == SIZES[0][0]:
                    large_text(room)
                room.done()
                print(*room.measured, sep="\n")
            except Exception:
                page.screenshot(path=str(SHOTS / f"room-failure-{width}.png"))
                print(f"Voilà log: {log}")
                raise
            finally:
                page.close()
    print(f"the room's screens at both sizes: {time.monotonic() - started:.0f} s")


def a_card_game(room: Room) -> None:
    """The card game the app opens first (a prepared game): at its first reaction window
    (the one card that may be played shows whole), paged through the hand, then its end."""
    from playwright.sync_api import expect

    from workbench.games.panzer_vor.rules.actions import React

    page, app = room.page, room.app
    stepper = app.stepper
    assert stepper is not None and stepper.game.name == "panzer-vor"
    room.check("prepared-card-game", stepper.scene)
    total = len(stepper.steps)
    n = next(k for k in range(1, total + 1) if isinstance(stepper.action_at(k), React))
    stepper.go(n - 1)
    page.locator(".workbench-stepper-more .jupyter-widget-Collapse-header").click()
    page.locator(".workbench-stepper-log select").select_option(index=n - 1)
    page.locator(".workbench-stepper-more .jupyter-widget-Collapse-header").click()
    expect(page.locator(PANEL)).to_contain_text(f"Step {n - 1} of {total}", timeout=PAGE)
    expect(page.locator(PANEL)).to_contain_text("may react now")
    _side, cards = stepper.hand()
    playable = [c.name for c in cards if c.playable]
    assert playable, "a card to react with"
    for name in playable:  # whole, on the hand's first page
        expect(page.locator(".workbench-stepper-hand button", has_text=name)).to_be_visible()
    room.check("hand-at-a-reaction", stepper.scene)
    count = page.locator(".workbench-stepper-hand-count")
    first = stepper.hand_count.value  # "cards 1–k of n": as many whole cards as fit a page
    if not stepper.hand_on.disabled:  # the next page of the hand, by its arrow, counted
        expect(count).to_contain_text(first)
        shown = int(first.split("–")[1].split()[0])
        page.get_by_role("button", name="▷").click()
        expect(count).to_contain_text(f"cards {shown + 1}–")
        expect(count).to_contain_text(f" of {len(cards)}")
        room.check("hand-next-page", stepper.scene)
    page.locator("body").focus()
    page.keyboard.press("End")
    stepper.last()
    expect(page.locator(PANEL)).to_contain_text("Game over")
    for line in stepper.panel_text.splitlines()[:4]:  # the end of the game, whole
        expect(page.locator(PANEL)).to_contain_text(line)
    room.check("game-over", stepper.scene)


def the_folded_tabs(room: Room) -> None:
    """The tabs under "More": every title whole, the legend with every side's entry, the files
    with the error of a load shown where the eye is (under the buttons)."""
    from playwright.sync_api import expect

    page = room.page
    page.locator(".workbench-stepper-more .jupyter-widget-Collapse-header").click()
    tabs = page.locator(".workbench-stepper-tabs .lm-TabBar-tab")
    expect(tabs.first).to_be_visible()
    cut = page.evaluate(
        """() => [...document.querySelectorAll('.workbench-stepper-tabs .lm-TabBar-tab')]
        .filter(t => t.scrollWidth > t.clientWidth + 1).map(t => t.textContent)"""
    )
    assert cut == [], f"tab titles cut: {cut}"
    page.get_by_role("tab", name="Legend").click()
    legend = page.locator(".workbench-stepper-legend")
    for side in room.app.stepper.game.players(room.app.stepper.states[0]):
        expect(legend).to_contain_text(side)
    room.check("legend")
    page.get_by_role("tab", name="Files").click()
    page.locator(".workbench-files-name input").fill("no such record")
    page.get_by_role("button", name="Load", exact=True).click()
    note = page.locator(".workbench-files-note")
    expect(note).to_contain_text("no such record")
    room.check("files-error")
    page.locator(".workbench-stepper-more .jupyter-widget-Collapse-header").click()


def a_game(room: Room, game: str, prepared: str | None, new: str | None, lesson: str | None):
    """A game's prepared game, a new game (its computer's drop-downs showing their values,
    the bar on one row, its options in a dialog, each group's tab), a lesson's question
    and its answer."""
    from playwright.sync_api import expect

    page = room.page
    if prepared is not None:
        stepper = room.open(game, prepared, "Step 0 of")
        room.check(f"{game}-prepared", stepper.scene)
    if new is not None:
        stepper = room.open(game, f"new game: {new}", "Step ")
        shown = page.evaluate(SHOWN)
        assert len(shown) == 5 and all(shown), f"a blank drop-down in the bar: {shown}"
        room.check(f"{game}-new-game", stepper.scene)
        page.get_by_role("button", name="Options…").click()
        dialog = page.locator(".workbench-options-dialog")
        expect(dialog).to_be_visible()
        tabs = dialog.locator(".lm-TabBar-tab")
        for index in range(max(1, tabs.count())):
            if tabs.count():
                tabs.nth(index).click()
            fits = page.evaluate(
                """() => { const d = document.querySelector('.workbench-options-dialog');
                return d.scrollHeight <= d.clientHeight + 1; }"""
            )
            assert fits, f"{game}'s options scroll in their dialog (tab {index})"
            room.check(f"{game}-options-{index}")
        dialog.get_by_role("button", name="Done").click()
        expect(dialog).to_be_hidden()
    if lesson is not None:
        learner = room.open(game, f"learn: {lesson}", "question 1 of")
        canvas = "canvas.workbench-learn-canvas"
        room.check(f"{game}-learn-question", learner.scene, canvas)
        page.locator("body").focus()
        page.keyboard.press("Enter")
        learner.reveal()
        expect(page.locator(LEARN_PANEL)).to_contain_text("the answer:")
        room.check(f"{game}-learn-answer", learner.scene, canvas)


def large_text(room: Room) -> None:
    """The projector's "large" text: a quarter larger, kept as a game opens, its board's
    labels still 12 px."""
    from workbench.widgets.layout import LARGE_TEXT

    page = room.page
    page.locator(".workbench-app-text select").select_option("large")
    room.app.text.value = "large"
    stepper = room.open("tanks", "prepared: cover-and-critical", "Step 0 of")
    least, _ = page.evaluate(SMALLEST_TEXT)
    assert least >= LEAST_TEXT[room.width] * LARGE_TEXT
    room.check("large-text", stepper.scene)
    page.locator(".workbench-app-text select").select_option("normal")
