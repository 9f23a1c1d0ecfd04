// kickoff web page: "Review a FUMBBL game" (issue 28).
//
// The review is the server's (POST /api/review with the replay file as the body, or
// POST /api/review/{game id}: docs/web.md). The page steps through the game's kick-offs: each
// one's pitch (the players as set up, every target's value as a heat map, the kicked target
// framed in blue and dashed, the best one in black) beside its table of choices, each against
// the best, and the summary per team. A replay that is not gzipped is gzipped here first
// (CompressionStream), so that a plain-JSON replay fits the server's body limit. This file
// stands alone (no app.js helper) and keeps its names under "review".
"use strict";

const REVIEW_SQUARE = 20; // pixels a square on the review's pitch
const REVIEW_SVG = "http://www.w3.org/2000/svg";
const REVIEW_WHAT = {kick: "kick", setup: "set-up", high_kick: "High Kick", blitz: "Blitz!",
  charge: "Charge!", quick_snap: "Quick Snap", perfect_defence: "Perfect Defence",
  solid_defence: "Solid Defence"};

const reviewing = {
  doc: null,   // the last review (the API's answer)
  index: 0,    // the kick-off shown
  busy: false,
};

function reviewEl(id) { return document.getElementById(id); }

function reviewSay(text, isError) {
  const line = reviewEl("review-status");
  line.textContent = text;
  line.classList.toggle("error", !!isError);
}

// An exact fraction ("n/d", or "n") as a number. Number() of an integer of more than 308
// digits is Infinity (a classic kick-off's values run to thousands of digits, a 2020 one's to
// hundreds: Infinity / Infinity would be NaN), so both are cut by the same number of digits
// first, keeping 300 of the denominator: the quotient is the same to far below a display's
// precision.
function reviewNumber(exact) {
  const [n, d = "1"] = exact.split("/");
  const cut = Math.max(0, d.length - 300);
  if (n.length <= cut) return 0; // below 10^-299
  return Number(n.slice(0, n.length - cut)) / Number(d.slice(0, d.length - cut));
}

function reviewPct(exact) {
  return `${(reviewNumber(exact) * 100).toFixed(2)}%`;
}

async function reviewBody(file) {
  const bytes = new Uint8Array(await file.arrayBuffer());
  if (bytes[0] === 0x1f && bytes[1] === 0x8b) return bytes;
  const zipped = new Blob([bytes]).stream().pipeThrough(new CompressionStream("gzip"));
  return new Uint8Array(await new Response(zipped).arrayBuffer());
}

async function reviewStart() {
  if (reviewing.busy) return;
  const file = reviewEl("review-file").files[0];
  const game = reviewEl("review-game").value.trim();
  if (!file && !/^[0-9]{1,12}$/.test(game)) {
    reviewSay("Choose a FUMBBL replay file, or give a game id (digits).", true);
    return;
  }
  reviewing.busy = true;
  reviewEl("review-go").disabled = true;
  reviewEl("review-problems").replaceChildren();
  reviewSay("Reviewing every kick-off exactly: this takes from seconds to minutes…");
  try {
    const query = `?objective=${encodeURIComponent(reviewEl("review-objective").value)}`;
    const answer = file
      ? await fetch(`/api/review${query}`, {method: "POST", body: await reviewBody(file),
        headers: {"Content-Type": "application/octet-stream"}})
      : await fetch(`/api/review/${game}${query}`, {method: "POST"});
    const doc = await answer.json();
    if (!answer.ok) {
      reviewProblems(doc.problems || [{where: "", message: `the server answered ${answer.status}`}]);
      return;
    }
    reviewing.doc = doc;
    reviewing.index = 0;
    reviewShow();
    reviewSay(`FUMBBL game ${doc.game}: ${doc.kickoffs.length} kick-offs reviewed ` +
      `(${doc.applied.objective}; the Kick-off events on, every other choice at its default; ` +
      `free moves: the best of ${doc.applied.plan_budget} plans at most).`);
  } catch (err) {
    reviewProblems([{where: "", message: String(err)}]);
  } finally {
    reviewing.busy = false;
    reviewEl("review-go").disabled = false;
  }
}

function reviewProblems(problems) {
  reviewSay("The game could not be reviewed:", true);
  reviewEl("review-problems").replaceChildren(...problems.map((p) => {
    const li = document.createElement("li");
    li.textContent = p.where ? `${p.where}: ${p.message}` : p.message;
    return li;
  }));
}

function reviewStep(by) {
  const doc = reviewing.doc;
  if (!doc) return;
  reviewing.index = Math.min(doc.kickoffs.length - 1, Math.max(0, reviewing.index + by));
  reviewShow();
}

function reviewShow() {
  const doc = reviewing.doc;
  const k = doc.kickoffs[reviewing.index];
  reviewEl("review-result").hidden = false;
  reviewEl("review-which").textContent =
    `Kick-off ${reviewing.index + 1} of ${doc.kickoffs.length} (half ${k.half}): ` +
    `${doc.teams[k.kicking]} (${k.kicking}) kick`;
  reviewEl("review-prev").disabled = reviewing.index === 0;
  reviewEl("review-next").disabled = reviewing.index === doc.kickoffs.length - 1;
  reviewPitch(k);
  reviewTable(k);
  const notes = [`${k.receiving}'s set-up against the best kick: ${reviewPct(k.setup.value_against_best_kick)}`,
    ...k.notes];
  reviewEl("review-notes").replaceChildren(...notes.map((n) => {
    const li = document.createElement("li");
    li.textContent = n;
    return li;
  }));
  reviewEl("review-summary").textContent = ["home", "away"].map((side) => {
    const t = doc.summary[side];
    return `${side} (${t.team}): ${t.at_best} of ${t.judged} choices at the best, ` +
      `${reviewPct(t.given_away)} given away`;
  }).join("; ");
}

function reviewTable(k) {
  const rows = k.judged.map((j) => {
    const tr = document.createElement("tr");
    for (const text of [j.side, REVIEW_WHAT[j.what] || j.what, j.chosen_text, reviewPct(j.chosen),
      j.best_text, reviewPct(j.best), reviewPct(j.gap)]) {
      const td = document.createElement("td");
      td.textContent = text;
      tr.append(td);
    }
    tr.dataset.what = j.what;
    return tr;
  });
  reviewEl("review-rows").replaceChildren(...rows);
}

function reviewNode(name, attrs, text) {
  const node = document.createElementNS(REVIEW_SVG, name);
  for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, String(value));
  if (text !== undefined) node.textContent = text;
  return node;
}

function reviewHeat(value, top, kickerWantsHigh) {
  // green where the kicking coach wants the ball, red where he does not (as the PNG's heat
  // map): low values green for receiver-holds or touchback, high ones for ball-on-ground
  const t = top > 0 ? Math.min(1, value / top) : 0;
  return `hsl(${Math.round(120 * (kickerWantsHigh ? t : 1 - t))}, 60%, 55%)`;
}

function reviewPitch(k) {
  const svg = reviewEl("review-pitch");
  const {width, height} = k.pitch;
  const s = REVIEW_SQUARE;
  svg.setAttribute("viewBox", `0 0 ${width * s} ${height * s}`);
  svg.setAttribute("width", width * s);
  svg.setAttribute("height", height * s);
  const nodes = [reviewNode("rect", {x: 0, y: 0, width: width * s, height: height * s, fill: "#2e7d32"})];
  const values = k.targets.map((t) => reviewNumber(t.value));
  const top = Math.max(...values);
  // the targets come best first for the kicking coach: he wants the objective high when the
  // first is above the last
  const high = values[0] > values[values.length - 1];
  k.targets.forEach((t, i) => {
    nodes.push(reviewNode("rect", {x: t.target[0] * s, y: t.target[1] * s, width: s, height: s,
      fill: reviewHeat(values[i], top, high), "fill-opacity": 0.8, class: "review-target",
      "data-square": t.target.join(",")}));
  });
  nodes.push(reviewNode("line", {x1: width * s / 2, y1: 0, x2: width * s / 2, y2: height * s,
    stroke: "white", "stroke-width": 2}));
  for (const p of k.players) {
    const [x, y] = p.square;
    nodes.push(reviewNode("circle", {cx: (x + 0.5) * s, cy: (y + 0.5) * s, r: s * 0.4,
      fill: p.side === "home" ? "#1565c0" : "#c62828", stroke: "white"}));
    nodes.push(reviewNode("text", {x: (x + 0.5) * s, y: (y + 0.5) * s + 3, "text-anchor": "middle",
      "font-size": 8, fill: "white"}, p.label));
  }
  const frame = (sq, attrs) => reviewNode("rect", {x: sq[0] * s + 1, y: sq[1] * s + 1,
    width: s - 2, height: s - 2, fill: "none", ...attrs});
  nodes.push(frame(k.best_target, {stroke: "black", "stroke-width": 3, id: "review-best"}));
  nodes.push(frame(k.target, {stroke: "#0d47a1", "stroke-width": 2, "stroke-dasharray": "4 2",
    id: "review-kicked"}));
  svg.replaceChildren(...nodes);
}

reviewEl("review-go").addEventListener("click", reviewStart);
reviewEl("review-prev").addEventListener("click", () => reviewStep(-1));
reviewEl("review-next").addEventListener("click", () => reviewStep(1));
