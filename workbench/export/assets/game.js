/* A game page: step through the record with the app's keys (← → Home End N P) or the bar's
   controls; each step shows the board, whose turn it is, what the step did and why (each
   reason with its rulebook section), the note, the card and dice of the step, the hand, and
   before a roll its odds. Printing prints the steps chosen in the panel, one a page. */
(() => {
  "use strict";
  const { Board, element, reasonList, data, onKeys } = WorkbenchPictures;
  const page = data();
  const steps = page.steps;
  const last = steps.length - 1;
  const $ = (id) => document.getElementById(id);
  let here = 0;

  const board = new Board($("board"), page.pictures);

  function oddsBox(odds) {
    const box = element("div", null, "odds");
    box.append(element("h2", "Before the roll"));
    if (odds.shot) {
      const shot = odds.shot;
      box.append(element("p", `The shot destroys its target: ${shot.percent} (exactly ${shot.destroy})`,
        "head"));
      box.append(reasonList(shot.lines.map((line) => [line, ""])));
    }
    const many = odds.count === 1 ? "one outcome" : `${odds.count} outcomes`;
    box.append(element("p", `What this roll can do (${many}, each result's exact chance):`));
    const table = element("table");
    for (const [result, chance, percent] of odds.results) {
      const row = element("tr");
      row.append(element("td", `${chance} (${percent})`, "chance"));
      row.append(element("td", result));
      table.append(row);
    }
    box.append(table);
    return box;
  }

  function faces(title, indexes, className) {
    const box = element("div");
    box.append(element("h2", title));
    const row = element("div", null, className);
    for (const index of indexes) {
      const face = element("div");
      face.innerHTML = page.faces[index];
      row.append(face);
    }
    box.append(row);
    return box;
  }

  /* What the panel says at a step (also each printed step's text). */
  function explained(number) {
    const step = steps[number];
    const out = document.createDocumentFragment();
    out.append(element("p", `Step ${number} of ${last}`, "head"));
    out.append(element("p", step.who, "who"));
    for (const line of step.outcome || []) out.append(element("p", line));
    for (const line of step.status) out.append(element("p", line, "quiet"));
    if (number > 0) {
      out.append(element("h2", `What happened at step ${number}`));
      out.append(element("p", step.did, "head"));
      if (step.note) out.append(element("p", `★ ${step.note}`, "note"));
      const seen = new Set();
      const said = [];
      for (const [, reasons] of step.events) {
        for (const [text, section] of reasons) {
          const key = `${text}|${section}`;
          if (!seen.has(key)) {
            seen.add(key);
            said.push([text, section]);
          }
        }
      }
      if (said.length) out.append(reasonList(said));
    }
    if (step.cards && step.cards.length) {
      out.append(faces("The card of this step", step.cards, "cards"));
    }
    if (step.dice !== undefined) out.append(faces("The roll of this step", [step.dice], "dice"));
    if (step.odds) out.append(oddsBox(step.odds));
    if (step.hand) {
      const [side, cards] = step.hand;
      const title = cards.length ? `${side}'s hand` : `${side}'s hand: no cards`;
      out.append(faces(title, cards.map(([face]) => face), "cards"));
    }
    return out;
  }

  /* The log's line of the step shown, scrolled into the log's view once the step is
     painted (measuring it before would lay the page out twice before the step shows). */
  function showInLog(log, line) {
    const top = line.offsetTop - log.offsetTop;
    if (top < log.scrollTop || top + line.offsetHeight > log.scrollTop + log.clientHeight) {
      log.scrollTop = Math.max(0, top - log.clientHeight / 3);
    }
  }

  function go(number) {
    here = Math.max(0, Math.min(last, number));
    board.show(steps[here].p);
    $("step").replaceChildren(explained(here));
    $("step").scrollTop = 0;
    $("where").textContent = `Step ${here} of ${last}`;
    $("slider").value = String(here);
    $("first").disabled = $("back").disabled = here === 0;
    $("last").disabled = $("forward").disabled = here === last;
    const log = $("log");
    const before = log.querySelector("li.here");
    if (before) before.classList.remove("here");
    const now = log.children[here];
    now.classList.add("here");
    requestAnimationFrame(() => setTimeout(() => showInLog(log, now), 0));
    $("message").textContent = "";
    document.body.dataset.step = String(here);
  }

  const notes = steps.map((step, i) => (step.note ? i : -1)).filter((i) => i > 0);
  function toNote(later) {
    const found = later ? notes.find((i) => i > here) : [...notes].reverse().find((i) => i < here);
    if (found === undefined) {
      $("message").textContent = `No note ${later ? "after" : "before"} step ${here}.`;
    } else {
      go(found);
    }
  }

  /* The steps to print: this one, those with notes, every one, or a list such as 1-5, 9. */
  function chosenSteps() {
    const how = document.querySelector("input[name=print]:checked").value;
    if (how === "here") return [here];
    if (how === "notes") return notes.length ? notes : [here];
    if (how === "all") return steps.map((_, i) => i);
    const out = [];
    for (const part of $("print-steps").value.split(",")) {
      const [a, b] = part.split("-").map((s) => parseInt(s, 10));
      if (Number.isNaN(a)) continue;
      const to = Number.isNaN(b) ? a : b;
      for (let i = Math.max(0, a); i <= Math.min(last, to); i += 1) out.push(i);
    }
    return out.length ? out : [here];
  }

  function printView() {
    const view = $("print-view");
    view.replaceChildren();
    for (const number of chosenSteps()) {
      const sheet = element("section", null, "print-step");
      sheet.append(element("h1", page.title));
      const holder = element("div", null, "board");
      sheet.append(holder);
      new Board(holder, page.pictures).show(steps[number].p);
      sheet.append(explained(number));
      view.append(sheet);
    }
  }

  function setUp() {
    document.title = page.title;
    $("title").textContent = page.title;
    const about = [page.game];
    if (page.scenario) about.push(`scenario: ${page.scenario}`);
    if (page.seed !== null && page.seed !== undefined) about.push(`seed ${page.seed}`);
    for (const [side, who] of page.players) about.push(`${side}: ${who}`);
    $("about").textContent = about.join(" · ");
    $("description").textContent = page.description || "";
    const slider = $("slider");
    slider.max = String(last);
    const log = $("log");
    steps.forEach((step, i) => {
      const item = element("li", i === 0 ? "0. start" : step.did);
      if (step.note) {
        item.classList.add("noted");
        item.title = step.note;
      }
      item.addEventListener("click", () => go(i));
      log.append(item);
    });
    slider.addEventListener("input", () => go(parseInt(slider.value, 10)));
    $("first").addEventListener("click", () => go(0));
    $("back").addEventListener("click", () => go(here - 1));
    $("forward").addEventListener("click", () => go(here + 1));
    $("last").addEventListener("click", () => go(last));
    $("next-note").addEventListener("click", () => toNote(true));
    $("previous-note").addEventListener("click", () => toNote(false));
    $("print").addEventListener("click", () => window.print());
    addEventListener("beforeprint", printView);
    addEventListener("afterprint", () => $("print-view").replaceChildren());
    onKeys({
      ArrowLeft: () => go(here - 1),
      ArrowRight: () => go(here + 1),
      Home: () => go(0),
      End: () => go(last),
      n: () => toNote(true),
      N: () => toNote(true),
      p: () => toNote(false),
      P: () => toNote(false),
    });
    go(0);
    document.body.dataset.ready = "yes";
  }

  setUp();
})();
