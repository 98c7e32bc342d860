"""Benchmarks 70 and 71: one step forward in the game stepper, for each registered game (and
the Panzer Vor! card game: its hand, card faces and frames in the panel too).

A step is what the stepper does when an action is played: the rules (``game.apply``), the
board's scene from the game's view (Panzer Vor!'s keeps the map's picture and draws only the
counters anew; Panzer Strike's and TANKS's draw the board afresh) and every ipycanvas command
for the layers that changed, on the widget's existing canvas. The reference is the
straightforward stepper: the whole scene built afresh (a new view, nothing kept) and all four
layers redrawn each step. Both walk the same game, a prepared record when the game ships one,
else a seeded random playout.
"""

from __future__ import annotations

import statistics
import time
from typing import Any

from workbench.games import all_games
from workbench.render.canvas import GROUPS, draw_scene, new_canvas
from workbench.render.scene import LAYER_GROUPS
from workbench.rules.play import play
from workbench.testing.timing import Result
from workbench.widgets.stepper import Stepper, prepared_games
from workbench.widgets.views import view_for


def _record(game: Any) -> Any:
    prepared = prepared_games(game.name)
    if prepared:
        return next(iter(prepared.values()))
    scenario = next(iter(game.scenarios().values()))
    from workbench.files import load

    return play(game, load(scenario), seed=7, max_steps=40)


def _per_step(stepper: Stepper, fresh: bool) -> list[float]:
    """Seconds for each step of the record, played from the start."""
    game, view = stepper.game, stepper.view
    actions = [stepper.action_at(n) for n in range(1, len(stepper.steps) + 1)]
    state = stepper.states[0]
    canvas = stepper.canvas
    drawn = view.scene(state, size=stepper.size, theme=stepper.theme)
    times = []
    for action in actions:
        start = time.perf_counter()
        state = game.apply(state, action).state
        if fresh:  # the reference: the whole scene afresh (a new view), every layer redrawn
            scene = view_for(game.name).scene(state, size=stepper.size, theme=stepper.theme)
            draw_scene(canvas, scene, force=True)
        else:
            scene = view.scene(state, size=stepper.size, theme=stepper.theme)
            changed = [
                g
                for g in GROUPS
                if any(scene.layer(n) is not drawn.layer(n) for n in LAYER_GROUPS[g])
            ]
            draw_scene(canvas, scene, changed)
        times.append(time.perf_counter() - start)
        drawn = scene
    return times


def _widget_steps(stepper: Stepper) -> list[float]:
    """Seconds for :meth:`Stepper.play` of each recorded action from the step before it: the
    whole widget's work (rules, scene, canvas, panel, log and controls)."""
    record = stepper.record
    states, events = list(stepper.states), list(stepper.events)
    times = []
    for n in range(1, len(record.steps) + 1):
        stepper.record = record.truncated(n - 1)  # a new step, not a redo along the record
        stepper.states, stepper.events = states[:n], events[:n]  # as _replay would rebuild
        stepper.go(n - 1)
        action = stepper.game.action_from_json(record.steps[n - 1].action)
        start = time.perf_counter()
        stepper.play(action, automatic=False)
        times.append(time.perf_counter() - start)
    return times


def _records() -> list[tuple[Any, str, Any]]:
    """(game, title, record) to step through: each game's first prepared record (Panzer
    Vor!'s card game and its practice mode are two games, each with its own)."""
    return [(game, game.title, _record(game)) for game in all_games()]


def step_forward() -> list[Result]:
    results = []
    for _, title, record in _records():
        stepper = Stepper(record, at=0)
        new_canvas(stepper.scene)
        fast = [t for _ in range(5) for t in _per_step(stepper, fresh=False)]
        reference = [t for _ in range(3) for t in _per_step(stepper, fresh=True)]
        widget = _widget_steps(stepper)
        results.append(
            Result(
                70,
                f"stepper: one step forward, {title} (rules + scene + canvas commands)",
                statistics.median(fast),
                0.030,
                "the whole scene afresh (a new view) and all four layers redrawn",
                statistics.median(reference),
                f"median over the {len(stepper.steps)} steps of the record, 5 runs; "
                f"slowest step {max(fast) * 1000:.1f} ms; the whole widget's step (play: also "
                f"the panel, the log, the controls) {statistics.median(widget) * 1000:.1f} ms",
            )
        )
    return results


# --- in Chromium: a key press to the step painted ------------------------------------------
KEY_AND_WAIT = """async ([selector, key, rx, ry, wait]) => {
    const canvas = document.querySelector(selector);
    const ctx = canvas.getContext('2d');
    const region = () => ctx.getImageData(rx - 4, ry - 4, 9, 9).data;
    const before = region();
    const start = performance.now();
    canvas.dispatchEvent(new KeyboardEvent('keydown', {key: key, bubbles: true}));
    return await new Promise(resolve => {
        const check = () => {
            const now = region();
            for (let i = 0; i < now.length; i++) {
                if (now[i] !== before[i]) { resolve(performance.now() - start); return; }
            }
            if (performance.now() - start > wait) { resolve(-1); return; }
            requestAnimationFrame(check);
        };
        requestAnimationFrame(check);
    });
}"""


def key_to_paint() -> Result:
    """The teacher app in Voilà: → (and ←) pressed, until the counter that moves is painted
    at its new place (the pixels of its starting hex change)."""
    import sys
    from pathlib import Path

    root = Path(__file__).resolve().parents[1]
    sys.path.insert(0, str(root / "tests"))
    import tempfile

    import browser_support  # type: ignore[import-not-found]

    work = "browser: a key press (→ / ←) in the teacher app to the step painted (Voilà)"
    if not Path(browser_support.CHROMIUM).exists():
        return Result(71, work, None, 0.100, note=f"not run: {browser_support.CHROMIUM} missing")
    from workbench.widgets.app import TeacherApp

    app = TeacherApp()
    assert app.stepper is not None
    x, y = app.stepper.scene.pixel_of(app.stepper.view.cell(app.stepper.state, "0802"))
    canvas = "canvas.workbench-stepper-canvas"
    times: list[float] = []
    with tempfile.TemporaryDirectory() as folder:
        home = Path(folder)
        port = browser_support.free_port()
        notebook, env = root / "app/teacher.ipynb", browser_support.jupyter_env(home)
        with (
            browser_support.app_server(notebook, root, env, port, home / "voila.log") as app,
            browser_support.chromium(home) as context,
        ):
            page = context.new_page()
            page.goto(app)
            page.locator(".workbench-stepper-panel").filter(has_text="Step 0 of").wait_for()
            page.wait_for_timeout(1000)  # the board's first paint
            for _ in range(6):
                for key in ("ArrowRight", "ArrowLeft"):
                    shown = page.evaluate(KEY_AND_WAIT, [canvas, key, x, y, 10_000])
                    if shown < 0:
                        raise AssertionError(f"{key}: the step was not painted within 10 s")
                    times.append(shown / 1000)
    return Result(
        71, work, statistics.median(times), 0.100,
        note=f"median of {len(times)} key presses; slowest {max(times) * 1000:.0f} ms",
    )  # fmt: skip
