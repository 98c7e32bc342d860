/* A lesson page: each question on its board, answered by clicking places or choosing,
   checked here with the credit rules of Question.check (WorkbenchCredit), then the answer
   drawn with its reasons. Progress is kept in this browser (local storage). Teacher mode:
   no answer controls, Enter or R reveals the answer, ← → go between questions. */
(() => {
  "use strict";
  const { Board, element, reasonList, data, onKeys } = WorkbenchPictures;
  const { credit, spoken } = WorkbenchCredit;
  const page = data();
  const questions = page.questions;
  const $ = (id) => document.getElementById(id);
  const board = new Board($("board"), page.pictures);
  const places = page.places.map((shapes) => new Set(shapes.map(([label]) => label)));
  const key = `workbench-lesson|${page.id}`;
  let index = 0;
  let chosen = new Set();
  let checked = null;
  let refusal = "";
  let revealed = false;
  let teacher = location.hash === "#teacher";

  /* --- progress, kept in the browser (as workbench.learn.Progress counts it) -------------- */
  const fresh = () => ({ answered: 0, right: 0, score: 0, streak: 0, best: 0, done: {} });
  let storage = null;
  try {
    storage = window.localStorage;
  } catch (refused) {
    storage = null;
  }
  function loadProgress() {
    try {
      const kept = storage ? JSON.parse(storage.getItem(key) || "null") : null;
      if (kept && typeof kept.answered === "number" && kept.done) return kept;
    } catch (unreadable) {
      return fresh();
    }
    return fresh();
  }
  let progress = loadProgress();

  function record(result) {
    const [top, bottom] = result.score.split("/").map(Number);
    progress.answered += 1;
    progress.right += result.correct ? 1 : 0;
    progress.score += bottom ? top / bottom : top;
    progress.streak = result.correct ? progress.streak + 1 : 0;
    progress.best = Math.max(progress.best, progress.streak);
    progress.done[index] = result.score;
    try {
      if (storage) storage.setItem(key, JSON.stringify(progress));
    } catch (full) {
      $("message").textContent = "This browser keeps no progress for this page.";
    }
  }

  function showProgress() {
    const score = progress.score.toFixed(1).replace(/\.0$/, "");
    const lines = [
      `${progress.right} right of ${progress.answered}; score ${score} of ${progress.answered}`,
      `streak ${progress.streak} (best ${progress.best})`,
      `questions answered in this lesson: ${Object.keys(progress.done).length} of ${questions.length}`,
    ];
    $("progress").replaceChildren(...lines.map((line) => element("p", line)));
    $("progress-line").textContent = `${progress.right} right of ${progress.answered}`;
  }

  /* --- the board ------------------------------------------------------------------------ */
  function hitLayer(svg, shapes, classOf) {
    const group = document.createElementNS(svg.namespaceURI, "g");
    group.dataset.layer = "places";
    for (const [label, points] of shapes) {
      const shape = document.createElementNS(svg.namespaceURI, "polygon");
      shape.setAttribute("points", points);
      shape.setAttribute("class", `hit ${classOf(label)}`.trim());
      shape.dataset.place = label;
      const title = document.createElementNS(svg.namespaceURI, "title");
      title.textContent = label;
      shape.append(title);
      group.append(shape);
    }
    const above = svg.querySelector("g[data-layer=units]");
    svg.insertBefore(group, above);
  }

  function draw() {
    const q = questions[index];
    const answered = checked !== null || revealed;
    const svg = board.show(answered ? q.a : q.q);
    const old = svg.querySelector("g[data-layer=places]");
    if (old) old.remove();
    svg.classList.toggle("answering", q.hits !== undefined && !answered && !teacher);
    if (q.hits === undefined || q.hits === null) return;
    const shapes = page.places[q.hits];
    if (!answered) {
      hitLayer(svg, shapes, (label) => (chosen.has(label) ? "chosen" : ""));
      return;
    }
    /* as a check draws it: the answer's places green, those missed orange, wrong purple */
    const right = new Set(q.answer_places || []);
    const missed = new Set(checked === null ? [] : checked.missed);
    const wrong = new Set(checked === null ? [] : checked.wrong);
    hitLayer(svg, shapes, (label) => (missed.has(label) ? "missed" : wrong.has(label) ? "wrong"
      : right.has(label) ? "answer" : ""));
  }

  /* --- the panel ------------------------------------------------------------------------ */
  function verdict() {
    const q = questions[index];
    const box = $("verdict");
    box.replaceChildren();
    delete box.dataset.score;
    delete box.dataset.correct;
    if (refusal) {
      box.append(element("p", `Not an answer here: expected ${refusal}.`, "verdict wrong"));
      return;
    }
    if (checked !== null) {
      const [top, bottom] = checked.score.split("/").map(Number);
      const percent = Math.round((100 * top) / (bottom || 1));
      const head = checked.correct ? "right" : `not quite (score ${checked.score}, ${percent}%)`;
      box.dataset.score = checked.score;
      box.dataset.correct = String(checked.correct);
      box.append(element("p", `${head}: the answer is ${q.spoken}`,
        `verdict ${checked.correct ? "right" : "wrong"}`));
      if (!checked.correct) {
        const given = q.shape === "places" ? spoken(new Set(checked.given)) : spoken(checked.given);
        box.append(element("p", `you answered ${given}`));
      }
      if (checked.missed.length) box.append(element("p", `missed (orange): ${checked.missed.join(", ")}`));
      if (checked.wrong.length) box.append(element("p", `wrongly given (purple): ${checked.wrong.join(", ")}`));
    } else if (revealed) {
      box.append(element("p", `the answer: ${q.spoken}`, "verdict right"));
    } else {
      return;
    }
    if (q.shape === "places") box.append(element("p", "green: the places of the answer", "quiet"));
    box.append(reasonList(q.reasons));
  }

  function controls() {
    const q = questions[index];
    const answering = !teacher && checked === null;
    $("answering").hidden = !answering;
    $("reveal").hidden = !teacher || revealed;
    $("again").hidden = checked === null;
    const row = $("choices");
    row.replaceChildren();
    const options = q.shape === "yes/no" ? ["yes", "no"] : q.shape === "choice" ? q.choices : [];
    for (const option of options) {
      const pick = element("button", option);
      pick.addEventListener("click", () => check(option));
      row.append(pick);
    }
    row.hidden = !options.length;
    const typed = q.shape === "number" || q.shape === "numbers";
    $("typed").hidden = !typed;
    $("number").placeholder = q.shape === "numbers" ? "e.g. 5, 1" : "a number";
    $("picked").hidden = q.shape !== "places";
    const hints = {
      "places": "Click the places on the board (again to drop one), then Check.",
      "number": "Type the number, then Check (or Enter).",
      "numbers": "Type the numbers in the order asked, then Check (or Enter).",
    };
    $("hint").textContent = hints[q.shape] || "Choose one.";
    $("teacher").classList.toggle("pressed", teacher);
    $("teacher").setAttribute("aria-pressed", String(teacher));
  }

  function show() {
    const q = questions[index];
    $("where").textContent = `Question ${index + 1} of ${questions.length}`;
    $("about").textContent = `${q.chapter} · level ${q.level} · ${q.kind} (seed ${q.seed})`;
    $("prompt").textContent = q.prompt;
    $("back").disabled = index === 0;
    $("next").disabled = index === questions.length - 1;
    $("picked-places").textContent = chosen.size ? spoken(chosen) : "none yet";
    draw();
    verdict();
    controls();
    showProgress();
    document.body.dataset.question = String(index);
  }

  function go(to) {
    index = Math.max(0, Math.min(questions.length - 1, to));
    chosen = new Set();
    checked = null;
    refusal = "";
    revealed = false;
    $("number").value = "";
    $("message").textContent = "";
    show();
  }

  function check(answer) {
    const q = questions[index];
    if (teacher || checked !== null) return;
    const given = answer !== undefined ? answer : q.shape === "places" ? [...chosen] : $("number").value;
    const result = credit(q, given, q.hits === undefined ? new Set() : places[q.hits]);
    refusal = result.ok ? "" : result.expected;
    if (result.ok) {
      checked = result;
      record(result);
    }
    show();
  }

  function pickAt(event) {
    const shape = event.target.closest ? event.target.closest("[data-place]") : null;
    const q = questions[index];
    if (!shape || teacher || checked !== null || q.shape !== "places") return;
    const label = shape.dataset.place;
    if (chosen.has(label)) chosen.delete(label);
    else chosen.add(label);
    shape.classList.toggle("chosen", chosen.has(label));
    $("picked-places").textContent = chosen.size ? spoken(chosen) : "none yet";
  }

  function setUp() {
    document.title = page.title;
    $("title").textContent = page.title;
    const colours = page.colours;
    const style = document.documentElement.style;
    style.setProperty("--chosen", colours.chosen);
    style.setProperty("--missed", colours.missed);
    style.setProperty("--wrong-place", colours.wrong);
    style.setProperty("--answer", colours.answer);
    $("board").addEventListener("click", pickAt);
    $("back").addEventListener("click", () => go(index - 1));
    $("next").addEventListener("click", () => go(index + 1));
    $("check").addEventListener("click", () => check());
    $("check-places").addEventListener("click", () => check());
    $("clear").addEventListener("click", () => { chosen = new Set(); show(); });
    $("again").addEventListener("click", () => go(index));
    $("reveal").addEventListener("click", () => { revealed = true; show(); });
    $("number").addEventListener("keydown", (event) => {
      if (event.key === "Enter") {
        event.preventDefault();
        check();
      }
    });
    $("teacher").addEventListener("click", () => {
      teacher = !teacher;
      go(index);
    });
    const reveal = () => {
      if (teacher) {
        revealed = true;
        show();
      } else if (questions[index].shape === "places") {
        check();
      }
    };
    onKeys({
      ArrowLeft: () => go(index - 1),
      ArrowRight: () => go(index + 1),
      Enter: reveal,
      r: reveal,
      R: reveal,
    });
    go(0);
    document.body.dataset.ready = "yes";
  }

  setUp();
})();
