/* The credit rules of workbench.learn.Question.check, written once for the page: an answer
   read as the question's shape reads it (or refused, with what was expected), then right or
   not, its score as an exact fraction, and for places those missed and those given wrongly.
   tests/test_export_credit.py runs this and Question.check on the same answers. */
const WorkbenchCredit = (() => {
  "use strict";
  const MAX_CHARACTERS = 1000;
  const MAX_PLACES = 10000;
  const MAX_LABEL = 40;
  const DIGITS = /^[0-9]{1,9}$/;
  /* Python's whitespace (str.strip and str.split), which is not quite JavaScript's */
  const SPACE = new Set([
    0x9, 0xa, 0xb, 0xc, 0xd, 0x1c, 0x1d, 0x1e, 0x1f, 0x20, 0x85, 0xa0, 0x1680, 0x2000, 0x2001,
    0x2002, 0x2003, 0x2004, 0x2005, 0x2006, 0x2007, 0x2008, 0x2009, 0x200a, 0x2028, 0x2029,
    0x202f, 0x205f, 0x3000,
  ].map((code) => String.fromCharCode(code)));

  class Refused extends Error {
    constructor(expected) {
      super(expected);
      this.expected = expected;
    }
  }

  const strip = (text) => {
    let start = 0;
    let end = text.length;
    while (start < end && SPACE.has(text[start])) start += 1;
    while (end > start && SPACE.has(text[end - 1])) end -= 1;
    return text.slice(start, end);
  };
  const words = (text) => {
    const out = [];
    let word = "";
    for (const c of text) {
      if (SPACE.has(c)) {
        if (word) out.push(word);
        word = "";
      } else {
        word += c;
      }
    }
    if (word) out.push(word);
    return out;
  };
  const characters = (text) => Array.from(text).length;
  const short = (text) => {
    if (characters(text) > MAX_CHARACTERS) {
      throw new Refused("an answer of at most 1,000 characters");
    }
    return text;
  };
  const isWhole = (value) => typeof value === "number" && Number.isInteger(value);

  function number(answer) {
    const expected = "a whole number of at most 9 digits";
    if (typeof answer === "string") {
      let text = strip(short(answer));
      if (text.endsWith("+")) text = text.slice(0, -1);
      if (DIGITS.test(text)) return parseInt(text, 10);
      throw new Refused(expected);
    }
    if (!isWhole(answer) || Math.abs(answer) >= 1e9) throw new Refused(expected);
    return answer;
  }

  function numbers(answer, count) {
    const expected = `${count} whole numbers in the order the question asks (e.g. '5, 1')`;
    let given = answer;
    if (typeof given === "string") given = words(short(given).split(",").join(" "));
    if (!Array.isArray(given) || given.length !== count) throw new Refused(expected);
    try {
      return given.map(number);
    } catch (refused) {
      if (refused instanceof Refused) throw new Refused(expected);
      throw refused;
    }
  }

  function yesNo(answer) {
    if (answer === true || answer === false) return answer;
    if (typeof answer === "string") {
      const said = strip(short(answer)).toLowerCase();
      if (said === "yes" || said === "no") return said === "yes";
    }
    throw new Refused("yes or no (True or False)");
  }

  function places(answer, known) {
    if (!Array.isArray(answer)) throw new Refused("a set of place labels, e.g. {'0507', '0608'}");
    if (answer.length > MAX_PLACES) throw new Refused("at most 10,000 places");
    const found = new Set();
    for (const place of answer) {
      if (typeof place !== "string") throw new Refused("place labels of this board");
      if (characters(place) > MAX_LABEL) {
        throw new Refused("a place label of at most 40 characters");
      }
      const label = strip(place);
      if (!known.has(label)) throw new Refused("labels of places on this board");
      found.add(label);
    }
    return found;
  }

  function choice(answer, choices) {
    const expected = `one of ${choices.join(", ")}`;
    let given = answer;
    if (isWhole(given)) given = String(number(given));
    if (typeof given !== "string" || !choices.includes(strip(short(given)))) {
      throw new Refused(expected);
    }
    return strip(given);
  }

  /* The answer in the question's terms (Question.read), or Refused. ``known``: the labels of
     the board's places, for a question answered by places. */
  function read(question, answer, known) {
    switch (question.shape) {
      case "yes/no":
        return yesNo(answer);
      case "places":
        return places(answer, known);
      case "number":
        return number(answer);
      case "numbers":
        return numbers(answer, question.answer.length);
      default:
        return choice(answer, question.choices);
    }
  }

  const gcd = (a, b) => (b === 0 ? a : gcd(b, a % b));
  const fraction = (top, bottom) => {
    const common = gcd(top, bottom) || 1;
    const [n, d] = [top / common, bottom / common];
    return d === 1 ? String(n) : `${n}/${d}`;
  };
  const byCodePoint = (a, b) => (a < b ? -1 : a > b ? 1 : 0);

  /* Question.check: {ok: true, given, correct, score ("1/3"), missed, wrong} or
     {ok: false, expected} (the ArgumentError's expected text). */
  function credit(question, answer, known) {
    let given;
    try {
      given = read(question, answer, known || new Set());
    } catch (refused) {
      if (refused instanceof Refused) return { ok: false, expected: refused.expected };
      throw refused;
    }
    if (question.shape === "places") {
      const right = new Set(question.answer);
      const missed = [...right].filter((p) => !given.has(p)).sort(byCodePoint);
      const wrong = [...given].filter((p) => !right.has(p)).sort(byCodePoint);
      const both = new Set([...right, ...given]).size;
      const hit = [...given].filter((p) => right.has(p)).length;
      const score = both ? fraction(hit, both) : "1";
      const correct = !missed.length && !wrong.length;
      return { ok: true, given: [...given].sort(byCodePoint), correct, score, missed, wrong };
    }
    if (question.shape === "numbers") {
      const hits = given.filter((g, i) => g === question.answer[i]).length;
      const score = fraction(hits, question.answer.length);
      return { ok: true, given, correct: score === "1", score, missed: [], wrong: [] };
    }
    const correct = given === question.answer;
    return { ok: true, given, correct, score: correct ? "1" : "0", missed: [], wrong: [] };
  }

  /* An answer in words, as workbench.learn.question.spoken says it. */
  function spoken(value) {
    if (value === true || value === false) return value ? "yes" : "no";
    if (value instanceof Set) return [...value].sort(byCodePoint).join(", ") || "none";
    if (Array.isArray(value)) return value.join(", ");
    return String(value);
  }

  return { credit, read, spoken };
})();
