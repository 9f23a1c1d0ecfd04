// kickoff web page: set up on a pitch, see the odds of every kick, watch a kick-off.
//
// The page holds one kickoff-scenario/1 document (state.doc) and asks the server about it:
// every rule (set-up checks, odds, the kick-off itself) is the engine's, behind the JSON API
// (docs/web.md). The page only draws: the pitch's geometry comes from /api/catalogue.
"use strict";

const S = 36;                 // pixels per square
const BENCH_ROWS = 2;         // rows of Reserves slots under the pitch
const LABEL = 16;             // room for the coordinates along the top and left
const STEP_MS = 450;          // replay speed
const NS = "http://www.w3.org/2000/svg";
const $ = (id) => document.getElementById(id);

const state = {
  cat: null,        // the catalogue: rulesets, pitches, teams, set-ups
  doc: null,        // the scenario being edited
  fromFile: null,   // name of the uploaded scenario, or null (built-in teams)
  version: 0,       // bumps on every change of doc: late answers are dropped
  problems: [],
  target: null,     // [x, y]
  heat: null,       // last /api/odds/all answer
  odds: null,       // last /api/odds answer
  replay: null,     // {result, frames, at, timer}
  asking: {},       // AbortControllers of the odds questions in flight, by kind
  setups: {home: "", away: ""},  // the set-ups loaded, by side (named in the odds' line)
  moved: false,     // players moved on the page since (or a suggestion taken)
};

// A new question of a kind replaces the old one: the old request is aborted, so the server
// drops its job if it has not started.
function fresh(kind) {
  if (state.asking[kind]) state.asking[kind].abort();
  state.asking[kind] = new AbortController();
  return state.asking[kind].signal;
}

// ------------------------------------------------------------------ server

async function api(path, body, signal) {
  const init = body === undefined ? {} : {
    method: "POST", headers: {"content-type": "application/json"}, body: JSON.stringify(body),
  };
  if (signal) init.signal = signal;
  const res = await fetch(path, init);
  const type = res.headers.get("content-type") || "";
  const data = type.includes("json") ? await res.json() : await res.text();
  if (!res.ok) {
    const problems = data && data.problems ? data.problems : [textProblem(`${res.status} ${res.statusText}`)];
    const err = new Error(problems.map((p) => p.text).join("\n"));
    err.problems = problems;
    err.status = res.status;
    throw err;
  }
  return data;
}

function say(text, isError) {
  const el = $("status");
  el.textContent = text;
  el.style.color = isError ? "#a00" : "";
}

// ------------------------------------------------------------------ geometry

function ruleset() { return state.cat.rulesets[state.doc.ruleset]; }
function pitch() { return state.cat.pitches[ruleset().pitch]; }
function receiving() { return state.doc.kicking === "away" ? "home" : "away"; }
function inReceivingArea(sq) {
  return pitch().receiving_area[receiving()].some(([x, y]) => x === sq[0] && y === sq[1]);
}
function centre(sq) { return [LABEL + sq[0] * S + S / 2, LABEL + sq[1] * S + S / 2]; }
function benchTop() { return LABEL + pitch().height * S + 6; }
function svgSize() { return [LABEL + pitch().width * S, benchTop() + 18 + BENCH_ROWS * S]; }

function benchSlot(side, index) {
  const cols = Math.floor(pitch().width / 2);
  const x0 = side === "home" ? LABEL : LABEL + cols * S;
  return [x0 + (index % cols) * S + S / 2, benchTop() + 18 + Math.floor(index / cols) * S + S / 2];
}

function svgPoint(ev) {
  const svg = $("pitch");
  const pt = svg.createSVGPoint();
  pt.x = ev.clientX;
  pt.y = ev.clientY;
  return pt.matrixTransform(svg.getScreenCTM().inverse());
}

function squareAt(p) {
  const x = Math.floor((p.x - LABEL) / S);
  const y = Math.floor((p.y - LABEL) / S);
  const {width, height} = pitch();
  return x >= 0 && x < width && y >= 0 && y < height ? [x, y] : null;
}

function el(name, attrs, parent, text) {
  const node = document.createElementNS(NS, name);
  for (const [k, v] of Object.entries(attrs || {})) node.setAttribute(k, v);
  if (text !== undefined) node.textContent = text;
  if (parent) parent.appendChild(node);
  return node;
}

function pct(p) {
  if (p > 0 && p < 0.001) return "<0.1%";
  return `${(p * 100).toFixed(1)}%`;
}

// The label on a player's disc: his jersey number (ids h<number> / a<number>; a FUMBBL player,
// id p<FUMBBL id>, has it in his name, "Name (Position, #7)"); else at most 3 characters.
function jersey(p) {
  const named = /#(\d{1,2})\b/.exec(p.name || "");
  const m = /^[a-z]?(\d{1,2})$/.exec(p.id);
  if (m) return m[1];
  if (named) return named[1];
  return p.id.length <= 3 ? p.id : p.id.slice(-2);
}

function allPlayers() {
  const out = [];
  for (const side of ["home", "away"]) {
    for (const p of state.doc.teams[side].players) out.push({side, p});
  }
  return out;
}

function sideOf(id) {
  const found = allPlayers().find(({p}) => p.id === id);
  return found ? found.side : null;
}

function playerById(id) {
  const found = allPlayers().find(({p}) => p.id === id);
  return found ? found.p : null;
}

// ------------------------------------------------------------------ drawing

function render() {
  // An answer arriving during a drag redraws nothing under the coach's pointer: the drop does.
  if (drag) { redrawAfterDrag = true; return; }
  const svg = $("pitch");
  svg.replaceChildren();
  const pt = pitch();
  const [w, h] = svgSize();
  svg.setAttribute("viewBox", `0 0 ${w} ${h}`);
  svg.classList.toggle("kicking-mode", !!state.replay);

  // grass, End Zones, Wide Zones, Lines of Scrimmage
  el("rect", {x: LABEL, y: LABEL, width: pt.width * S, height: pt.height * S, fill: "var(--grass)"}, svg);
  for (let x = 0; x < pt.width; x += 2) {
    el("rect", {x: LABEL + x * S, y: LABEL, width: S, height: pt.height * S, fill: "var(--grass-dark)"}, svg);
  }
  for (const x of [0, pt.width - 1]) {
    el("rect", {class: "endzone", x: LABEL + x * S, y: LABEL, width: S, height: pt.height * S}, svg);
  }
  for (const y0 of [0, pt.height - pt.wide]) {
    el("rect", {class: "widezone", x: LABEL, y: LABEL + y0 * S, width: pt.width * S, height: pt.wide * S}, svg);
  }
  for (const side of ["home", "away"]) {
    el("rect", {class: "los", x: LABEL + pt.los[side] * S, y: LABEL + pt.wide * S, width: S,
      height: (pt.height - 2 * pt.wide) * S}, svg);
  }
  for (let x = 0; x < pt.width; x++) {
    for (let y = 0; y < pt.height; y++) {
      el("rect", {class: "square", x: LABEL + x * S, y: LABEL + y * S, width: S, height: S,
        "data-x": x, "data-y": y}, svg);
    }
    el("text", {class: "coord", x: LABEL + x * S + S / 2, y: 11}, svg, String(x));
  }
  for (let y = 0; y < pt.height; y++) {
    el("text", {class: "coord", x: 8, y: LABEL + y * S + S / 2 + 3}, svg, String(y));
  }
  const heat = el("g", {id: "heat-layer"}, svg);
  // lines: End Zones, Wide Zones, the set-up zones' edges (the half-way line on eleven-a-side)
  const line = (x1, y1, x2, y2, cls) => el("line", {class: cls || "line", x1, y1, x2, y2}, svg);
  const top = LABEL, bottom = LABEL + pt.height * S, left = LABEL, right = LABEL + pt.width * S;
  line(left + S, top, left + S, bottom);
  line(right - S, top, right - S, bottom);
  for (const y of [pt.wide, pt.height - pt.wide]) line(left, LABEL + y * S, right, LABEL + y * S, "line thin");
  const homeEdge = LABEL + (pt.setup_zone.home[1] + 1) * S;
  const awayEdge = LABEL + pt.setup_zone.away[0] * S;
  line(homeEdge, top, homeEdge, bottom);
  if (awayEdge !== homeEdge) line(awayEdge, top, awayEdge, bottom);
  el("rect", {x: left, y: top, width: pt.width * S, height: pt.height * S, fill: "none", stroke: "#fff", "stroke-width": 2}, svg);

  // the Reserves
  const cols = Math.floor(pt.width / 2);
  for (const side of ["home", "away"]) {
    const x0 = side === "home" ? LABEL : LABEL + cols * S;
    el("rect", {class: "bench", x: x0, y: benchTop(), width: cols * S, height: 18 + BENCH_ROWS * S, "data-side": side}, svg);
    el("text", {class: "bench-label", x: x0 + 6, y: benchTop() + 13}, svg,
      `${side} Reserves: ${state.doc.teams[side].name || side}${state.doc.kicking === side ? " (kicking)" : " (receiving)"}`);
  }

  // click targets over the receiving half
  const hits = el("g", {id: "hit-layer"}, svg);
  for (const [x, y] of pt.receiving_area[receiving()]) {
    const r = el("rect", {class: "hit", x: LABEL + x * S, y: LABEL + y * S, width: S, height: S,
      "data-x": x, "data-y": y}, hits);
    r.addEventListener("click", () => selectTarget([x, y]));
  }
  el("g", {id: "landing-layer"}, svg);
  el("g", {id: "marker-layer"}, svg);
  el("g", {id: "player-layer"}, svg);
  el("g", {id: "holder-layer"}, svg);
  el("circle", {id: "ball", r: S * 0.18, cx: -100, cy: -100, visibility: "hidden"}, svg);

  drawHeat(heat);
  drawOdds();
  drawPlayers();
  fillChoices();
}

function drawPlayers(frame) {
  if (drag && !frame) { redrawAfterDrag = true; return; }
  const layer = $("player-layer");
  layer.replaceChildren();
  const bench = {home: 0, away: 0};
  for (const {side, p} of allPlayers()) {
    const shown = frame ? frame.players[p.id] : {square: p.square, status: p.status};
    const status = shown.status || (shown.square ? "standing" : "reserves");
    const [cx, cy] = shown.square ? centre(shown.square) : benchSlot(side, bench[side]++);
    const out = ["knocked_out", "casualty", "sent_off"].includes(status);
    const g = el("g", {class: `player ${side} ${status}${out ? " out" : ""}`, "data-id": p.id,
      transform: `translate(${cx},${cy})`}, layer);
    el("circle", {r: S * 0.4}, g);
    el("text", {}, g, jersey(p));
    el("title", {}, g, `${p.id} ${p.name || ""} (MA ${p.ma} ST ${p.st} AG ${p.ag} AV ${p.av})` +
      (p.skills && p.skills.length ? `: ${p.skills.join(", ")}` : "") +
      (status !== "standing" ? ` [${status}]` : ""));
    if (state.problems.some((problem) => problem.players.includes(p.id))) g.classList.add("problem");
    if (!frame && !out) g.addEventListener("pointerdown", startDrag);
  }
  if (frame) drawBall(frame.ball);
}

function drawBall(ball) {
  const b = $("ball");
  if (!ball || !ball.square) { b.setAttribute("visibility", "hidden"); return; }
  const {width, height} = pitch();
  const [x, y] = ball.square;
  if (x < 0 || y < 0 || x >= width || y >= height) { b.setAttribute("visibility", "hidden"); return; }
  const [cx, cy] = centre(ball.square);
  const off = ball.carrier ? S * 0.3 : 0;
  b.setAttribute("cx", cx + off);
  b.setAttribute("cy", cy - off);
  b.setAttribute("visibility", "visible");
}

function heatColour(good) {
  return `hsl(${Math.round(120 * good)}, 85%, 50%)`;
}

function drawHeat(layer) {
  const legend = $("legend");
  if (!state.heat || !$("show-heat").checked || state.replay) {
    legend.hidden = true;
    return;
  }
  const {targets, higher_is_better: higher, objective} = state.heat;
  const values = targets.map((t) => t.value);
  const lo = Math.min(...values), hi = Math.max(...values);
  for (const t of targets) {
    const share = hi === lo ? 0.5 : (t.value - lo) / (hi - lo);
    const good = higher ? share : 1 - share;
    const [x, y] = t.target;
    el("rect", {class: "heat-cell", x: LABEL + x * S, y: LABEL + y * S, width: S, height: S,
      fill: heatColour(good), "fill-opacity": 0.6, "data-x": x, "data-y": y,
      "data-value": t.value}, layer);
    el("text", {class: "heat-text", x: LABEL + x * S + S / 2, y: LABEL + y * S + S * 0.78}, layer,
      `${(t.value * 100).toFixed(t.value < 0.1 ? 1 : 0)}`);
  }
  const best = targets[0].target;
  el("rect", {class: "best", x: LABEL + best[0] * S + 2, y: LABEL + best[1] * S + 2, width: S - 4, height: S - 4}, layer);
  const worst = higher ? "low" : "high";
  legend.replaceChildren();
  const add = (tag, text, cls) => {
    const n = document.createElement(tag);
    if (text !== undefined) n.textContent = text;
    if (cls) n.className = cls;
    legend.appendChild(n);
    return n;
  };
  add("strong", `${objective.replaceAll("-", " ")} (events ${state.heat.events === "all" ? "on" : "off"})`);
  add("span", `${pct(higher ? lo : hi)} (${worst}: worse)`);
  const bar = add("span", undefined, "bar");
  bar.style.background = `linear-gradient(to right, ${heatColour(0)}, ${heatColour(0.5)}, ${heatColour(1)})`;
  add("span", `${pct(higher ? hi : lo)} (better)`);
  add("span", `best: [${best.join(", ")}] ${pct(targets[0].value)} (white frame); numbers in percent`);
  legend.hidden = false;
}

function drawOdds() {
  const marker = $("marker-layer");
  const landing = $("landing-layer");
  if (!marker || !landing) return;
  marker.replaceChildren();
  landing.replaceChildren();
  $("holder-layer").replaceChildren();
  if (state.target && !state.replay) {
    const [x, y] = state.target;
    el("circle", {class: "target-marker", cx: LABEL + x * S + S / 2, cy: LABEL + y * S + S / 2, r: S * 0.45}, marker);
  }
  const o = state.odds;
  if (!o || state.replay) return;
  // disc areas in proportion to the chance, the likeliest square's disc filling its square
  const most = Math.max(...o.ground.map((g) => g.p), ...o.holders.map((h) => h.p), 1e-9);
  for (const g of o.ground) {
    const [cx, cy] = centre(g.square);
    el("circle", {class: "landing", cx, cy, r: Math.max(1.5, S * 0.42 * Math.sqrt(g.p / most))}, landing);
    if (g.p >= 0.02) el("text", {class: "landing-text", x: cx, y: cy - S * 0.24}, landing, pct(g.p));
  }
  const badges = $("holder-layer");
  for (const h of o.holders) {
    const p = playerById(h.player);
    if (!p || !p.square || h.p < 0.001) continue;
    const [cx, cy] = centre(p.square);
    const g = el("g", {class: "holder", "data-player": h.player,
      transform: `translate(${cx + S * 0.3},${cy - S * 0.42})`}, badges);
    el("rect", {x: -15, y: -7, width: 30, height: 13, rx: 3}, g);
    el("text", {class: "holder-text"}, g, pct(h.p));
  }
}

// ------------------------------------------------------------------ dragging

let drag = null;
let redrawAfterDrag = false;

function startDrag(ev) {
  if (state.replay) return;
  const g = ev.currentTarget;
  drag = {id: g.dataset.id, g, start: svgPoint(ev), moved: false};
  g.setPointerCapture(ev.pointerId);
  g.addEventListener("pointermove", moveDrag);
  g.addEventListener("pointerup", endDrag);
  ev.preventDefault();
}

function moveDrag(ev) {
  if (!drag) return;
  const p = svgPoint(ev);
  if (Math.hypot(p.x - drag.start.x, p.y - drag.start.y) > 4) drag.moved = true;
  if (drag.moved) {
    drag.g.classList.add("dragging");
    drag.g.setAttribute("transform", `translate(${p.x},${p.y})`);
  }
}

function endDrag(ev) {
  if (!drag) return;
  const d = drag;
  drag = null;
  if (redrawAfterDrag) { redrawAfterDrag = false; render(); }
  d.g.removeEventListener("pointermove", moveDrag);
  d.g.removeEventListener("pointerup", endDrag);
  const p = svgPoint(ev);
  const sq = squareAt(p);
  if (!d.moved) {  // a click on a player: a kick target if he stands in the receiving half
    if (sq && inReceivingArea(sq)) selectTarget(sq);
    return;
  }
  const player = playerById(d.id);
  if (sq) {
    // One player a square: dropped on a team-mate, the two swap (as FUMBBL's client does: the
    // team-mate takes the dragged player's square, or his place in the Reserves); dropped on
    // an opponent, nothing moves.
    const here = allPlayers().find(({p: q}) => q.id !== player.id && q.square
      && q.square[0] === sq[0] && q.square[1] === sq[1]);
    if (here && here.side !== sideOf(player.id)) {
      say(`[${sq.join(", ")}] is ${here.p.id}'s square (the ${here.side} team): ${player.id} stays`, true);
      drawPlayers();
      return;
    }
    if (here) {
      here.p.square = player.square;
      if (!here.p.square) delete here.p.status;
    }
    player.square = sq;
    if (player.status === "reserves") delete player.status;
  } else if (p.y > benchTop()) {
    player.square = null;
    delete player.status;
  }
  state.moved = true;
  changed();
}

// ------------------------------------------------------------------ asking the server

function changed() {
  state.version++;
  stopReplay();
  if (state.target && !inReceivingArea(state.target)) state.target = null;
  state.odds = null;
  // A message about the match before this change no longer applies (a kick-off refused for an
  // illegal set-up, the odds of a target no longer chosen).
  if ($("status").style.color) say("");
  if ($("kick-status").classList.contains("error")) kickSay("");
  if (!state.target) {
    $("odds").hidden = true;
    $("odds-hint").textContent = "Click a target square in the receiving half.";
    $("odds-hint").hidden = false;
  }
  render();
  validate();
  schedule();
  if (typeof suggestMatchChanged === "function") suggestMatchChanged();  // suggest.js
}

let timer = null;
function schedule() {
  clearTimeout(timer);
  timer = setTimeout(() => {
    if ($("show-heat").checked) fetchHeat();
    if (state.target) fetchOdds();
  }, 200);
}

// A problem the server did not send (a network failure): its text, concerning no player.
function textProblem(text) {
  return {text, where: "", message: text, players: [], squares: []};
}

// The problems of an answer (docs/web.md): each {text, where, message, players, squares}; the
// players it concerns are highlighted on the pitch.
function showProblems(problems) {
  state.problems = problems;
  const list = $("problems");
  list.replaceChildren(...problems.map((problem) => {
    const li = document.createElement("li");
    li.textContent = problem.text;
    return li;
  }));
  $("legal").hidden = problems.length > 0;
  // Legal now: the refusals of an illegal set-up go (their requests are asked again).
  if (!problems.length && $("odds-hint").textContent.startsWith("No odds")) {
    $("odds-hint").textContent = state.target ? "computing the odds..." : "Click a target square in the receiving half.";
  }
  if (!problems.length && $("heat-status").textContent.startsWith("no heat map")) $("heat-status").textContent = "";
  if (!state.replay) drawPlayers();
}

async function validate() {
  const v = state.version;
  try {
    const r = await api("/api/validate", {scenario: state.doc});
    if (v === state.version) showProblems(r.problems);
  } catch (e) {
    if (v === state.version) showProblems(e.problems || [textProblem(String(e))]);
  }
}

// The scenario with the receiving coach's choices (High Kick, Touchback) as its decisions: the
// odds and the Kick! play them (kickoff odds / run --high-kick, --touchback).
function withChoices(doc) {
  const out = structuredClone(doc);
  for (const [id, key] of [["high-kick", "high_kick"], ["touchback", "touchback"]]) {
    if ($(id).value) out.decisions = {...(out.decisions || {}), [key]: $(id).value};
  }
  return out;
}

function oddsOptions() {
  // "null" (the default: Kick when the kicker has it), "true" or "false": JSON's own words
  return {events: $("events").value, kick_skill: JSON.parse($("kick-skill").value), ...playOptions()};
}

// ------------------------------------------------------------------ the receivers' play (odds)
// Defaults or Best: with Best the odds play the receiving coach's choices best for the
// receivers under the page's objective (/api/odds and /api/odds/all "play", "objective").
function playOptions() {
  const play = $("odds-play").value;
  return play === "best" ? {play, objective: $("objective").value} : {play};
}

function wirePlayChoice() {
  $("odds-play").addEventListener("change", () => { state.heat = null; render(); schedule(); });
}

// The choices that beat the defaults, grouped by the Kick-off event they were taken under
// (choices_by_event, as kickoff odds --play best prints them): each group's name, then each
// choice after its coach.
function showDecisions(o) {
  const groups = o.choices_by_event || [];
  const best = $("odds-play").value === "best";
  $("odds-decisions").hidden = !best;
  $("odds-decisions-title").textContent = `Choices played (best for each coach, objective ${$("objective").value}: the receivers maximise it, the kicking coach minimises it), by Kick-off event`;
  const list = $("odds-decisions-list");
  list.replaceChildren();
  if (!groups.length) {
    const li = document.createElement("li");
    li.textContent = "none better than the defaults";
    list.append(li);
  }
  for (const g of groups) {
    const li = document.createElement("li");
    li.className = "event-choices";
    li.dataset.event = g.event === null ? "" : g.event;
    const name = document.createElement("strong");
    name.textContent = `${g.name}:`;
    const inner = document.createElement("ul");
    for (const c of g.choices) {
      const item = document.createElement("li");
      const text = c.choice.startsWith(`${g.name}: `) ? c.choice.slice(g.name.length + 2) : c.choice;
      item.textContent = c.coach ? `${c.coach} coach: ${text}` : text;
      item.dataset.coach = c.coach || "";
      inner.append(item);
    }
    li.append(name, inner);
    list.append(li);
  }
}

async function fetchHeat() {
  const v = state.version;
  const opts = {...oddsOptions(), objective: $("objective").value};
  $("heat-status").textContent = opts.events === "all"
    ? "computing every target with the Kick-off events (several seconds)..." : "computing every target...";
  try {
    const r = await api("/api/odds/all", {scenario: withChoices(state.doc), ...opts}, fresh("heat"));
    if (v !== state.version || opts.events !== $("events").value || opts.objective !== $("objective").value
        || opts.play !== $("odds-play").value) return;
    state.heat = r;
    // with best play and the events: the free moves not searched here (r.applied.note)
    $("heat-status").textContent = `${r.targets.length} targets`
      + (r.applied ? "; free moves not searched here (nobody acts): click a target for its plans" : "");
    render();
  } catch (e) {
    if (v !== state.version || e.name === "AbortError") return;
    state.heat = null;
    $("heat-status").textContent = e.status === 422 ? "no heat map until the set-up is legal" : String(e.message);
    render();
  }
}

async function fetchOdds() {
  const v = state.version;
  const target = state.target;
  const opts = oddsOptions();
  const planned = opts.play === "best" && opts.events === "all";  // the free moves searched
  $("odds-hint").textContent = `computing the odds of a kick at [${target.join(", ")}]`
    + (planned ? " and searching the free moves' plans (several seconds)..." : "...");
  $("odds-hint").hidden = false;
  try {
    const o = await api("/api/odds", {scenario: withChoices(state.doc), target, ...opts}, fresh("odds"));
    if (v !== state.version || target !== state.target) return;
    state.odds = o;
    showOdds(o);
    drawOdds();
  } catch (e) {
    if (v !== state.version || e.name === "AbortError") return;
    state.odds = null;
    $("odds").hidden = true;
    $("odds-hint").textContent = e.status === 422 ? "No odds until the set-up is legal." : String(e.message);
    drawOdds();
  }
}

function showOdds(o) {
  $("odds-hint").hidden = true;
  $("odds").hidden = false;
  $("odds-title").textContent = `Kick at [${o.target.join(", ")}], Kick-off events ${o.events === "all" ? "on" : "off"}`;
  const cell = (id, prob) => {
    $(id).textContent = pct(prob.p);
    $(`${id}-exact`).textContent = prob.exact;
    $(`${id}-exact`).title = prob.exact;
  };
  cell("odds-touchback", o.touchback);
  cell("odds-holds", o.receiving_team_holds);
  cell("odds-ground", o.ball_on_ground);
  $("odds-distance").textContent = `${o.expected_distance_to_receiving_end_zone.squares.toFixed(2)} squares`;
  const table = $("holders");
  table.replaceChildren();
  for (const h of o.holders.filter((x) => x.p >= 0.0005)) {
    const p = playerById(h.player);
    const tr = table.insertRow();
    tr.insertCell().textContent = h.player;
    tr.insertCell().textContent = p ? p.name : "";
    const td = tr.insertCell();
    td.textContent = pct(h.p);
    td.title = h.exact;
  }
  $("odds-applied").textContent = appliedText(o);
  showDecisions(o);
}

// What the odds applied, in one line (issue 26: every output names it): the ruleset, the
// kicking side, each team and its set-up, the kicker and his Kick (the server's, o.kick), the
// events and the play.
function appliedText(o) {
  const doc = state.doc;
  const team = (side) => {
    const t = doc.teams[side];
    return `${side}: ${t.name || side} (${setupText(side)})`;
  };
  const k = o.kick;
  let kick = "kicker: not given";
  if (k && !k.kicker) kick = `no kicker (${k.why})`;
  else if (k) {
    const use = k.used ? "uses Kick" : k.has_kick ? "does not use Kick" : "no Kick skill to use";
    const why = k.asked === null ? (k.used ? ", the default when he has it" : "") : ", as asked";
    kick = `kicker ${k.kicker}: ${use}${why}`;
  }
  const play = $("odds-play").value === "best" ? `best (objective ${$("objective").value})` : "defaults";
  return [`${doc.ruleset}, ${doc.kicking || "home"} team kicking`, team("home"), team("away"), kick,
    `events ${o.events === "all" ? "on (the Kick-off table too)" : "off (deviation and landing only)"}`,
    `play ${play}`, ...plansText(o.applied)].join("; ");
}

// The free moves' search the odds applied (o.applied, with play best and the events; none
// otherwise): its plan budget (kickoff.defaults.PLAN_BUDGET unless asked) and the re-set-ups.
function plansText(a) {
  if (!a) return [];
  if (!a.plan_budget) return ["free moves: nobody acts (plan budget 0)"];
  const budget = `plan budget ${a.plan_budget}${a.plan_budget_given ? "" : ", the default"}`;
  return [`free moves: best plan found (${budget}; ${a.plan_resetups ? "the re-set-ups too" : "not the re-set-ups"})`];
}

// The set-up a side started from: the file's, a built-in one (the default named), and whether
// players were moved on the page since.
function setupText(side) {
  const from = state.setups[side] ? `set-up ${state.setups[side]}` : `set-up from ${state.fromFile}`;
  return state.moved ? `${from}, moved on the page` : from;
}

function selectTarget(sq) {
  if (state.replay) return;
  state.target = sq;
  state.odds = null;
  drawOdds();
  fetchOdds();
}

// ------------------------------------------------------------------ the kick-off

// The frames of a kick-off: the set-up, then one a log entry. Only the log's replayed steps
// (docs/formats.md, "The log's replayed steps": deviate, scatter, bounce, catch, touchback,
// high_kick, quick_snap) are read; the last frame is the result itself.
function buildFrames(result) {
  const players = {};
  for (const {p} of allPlayers()) players[p.id] = {square: p.square, status: p.status};
  let frame = {players, ball: null};
  const frames = [frame];
  for (const step of result.log) {
    const next = {players: {...frame.players}, ball: frame.ball};
    if (step.step === "deviate" || step.step === "scatter") next.ball = {square: step.square || step.to, carrier: null};
    if (step.step === "bounce") next.ball = {square: step.to, carrier: null};
    if (step.step === "catch" && step.success) next.ball = {square: next.players[step.player].square, carrier: step.player};
    if (step.step === "touchback") {
      next.ball = Array.isArray(step.to) ? {square: step.to, carrier: null}
        : step.to && next.players[step.to] ? {square: next.players[step.to].square, carrier: step.to} : null;
    }
    if (step.step === "high_kick" && step.player) next.players[step.player] = {...next.players[step.player], square: step.to};
    if (step.step === "quick_snap") {
      for (const [id, to] of Object.entries(step.moves)) next.players[id] = {...next.players[id], square: to};
    }
    frames.push(next);
    frame = next;
  }
  // the last frame is the result itself: every player's square and status, and the ball
  const last = {players: {}, ball: result.ball};
  for (const [id, p] of Object.entries(result.players)) last.players[id] = {square: p.square, status: p.status};
  frames[frames.length - 1] = last;
  if (result.log.length === 0) frames.push(last);
  return frames;
}

// The end of a kick-off in one line; ``event`` is the Kick-off event's Blood Bowl name, as the
// server gives it ("Charge!", "Get the Ref").
function endText(result, event) {
  const parts = [];
  if (result.touchback) parts.push("Touchback.");
  const b = result.ball;
  if (b.carrier) {
    const p = playerById(b.carrier);
    parts.push(`Ball held by ${b.carrier}${p && p.name ? ` (${p.name})` : ""} at [${b.square.join(", ")}].`);
  } else if (b.square) {
    parts.push(`Ball on the ground at [${b.square.join(", ")}].`);
  }
  if (event) parts.push(`Event: ${/[.!]$/.test(event) ? event : `${event}.`}`);
  parts.push(`Seed ${result.seed}.`);
  return parts.join(" ");
}

function showStep(at) {
  const r = state.replay;
  r.at = Math.max(0, Math.min(at, r.frames.length - 1));
  drawPlayers(r.frames[r.at]);
  const items = $("steps").children;
  for (let i = 0; i < items.length; i++) {
    items[i].className = i === r.at - 1 ? "current" : i >= r.at ? "future" : "";
  }
  if (r.at > 0 && items[r.at - 1]) items[r.at - 1].scrollIntoView({block: "nearest"});
  const done = r.at === r.frames.length - 1;
  $("kick-end").hidden = !done;
  if (done) {
    $("kick-end").textContent = endText(r.result, r.event);
    pause();
  }
}

function pause() {
  if (state.replay && state.replay.timer) clearInterval(state.replay.timer);
  if (state.replay) state.replay.timer = null;
  $("play-pause").textContent = "play";
}

function play() {
  const r = state.replay;
  if (!r) return;
  if (r.at >= r.frames.length - 1) showStep(0);
  r.timer = setInterval(() => showStep(r.at + 1), STEP_MS);
  $("play-pause").textContent = "pause";
}

function stopReplay() {
  if (!state.replay) return;
  pause();
  state.replay = null;
  $("replay-controls").hidden = true;
  $("kick-end").hidden = true;
  $("steps").replaceChildren();
  $("kick-defaults").replaceChildren();
  decisionAsked++;  // an answer still coming is for a kick-off no longer shown
  $("kick-decision").hidden = true;
  $("kick-decision").textContent = "";
  $("kick-hint").hidden = false;
}

// The decisions /api/decide answers, by the event's name in the result (kickoff decide).
const DECISIONS = ["high_kick", "blitz", "charge", "quick_snap", "perfect_defence", "solid_defence"];
let decisionAsked = 0;

// After a Kick! that reached a decision: its best option and what was done, each with its
// exact value given the event ("Blitz!: best plan ... (P = ...); what you did: ... (P = ...)").
async function askDecision(doc, result) {
  const asked = ++decisionAsked;
  const line = $("kick-decision");
  if (!result.event || !DECISIONS.includes(result.event.name)) return;
  line.hidden = false;
  line.textContent = "Valuing the coach's options exactly…";
  try {
    // the kick as Kick! played it (with Kick or without: the Kick control), to the same landing
    const kicked = result.deviation ? {...doc, decisions: {...(doc.decisions || {}),
      use_kick_skill: result.deviation.kick_skill}} : doc;
    const {decision} = await api("/api/decide", {scenario: kicked});
    if (asked !== decisionAsked) return;
    line.textContent = decision ? decision.line : "";
    line.hidden = !decision;
  } catch (e) {
    if (asked !== decisionAsked) return;
    line.textContent = `No answer for the decision: ${e.message}`;
  }
}

// The receiving coach's choices (decisions high_kick and touchback): "" is the default.
function fillChoices() {
  const players = (state.doc.teams[receiving()].players || []).filter((p) => p.square);
  const key = players.map((p) => p.id).join(",");
  for (const [id, none] of [["high-kick", "nobody moves (default)"], ["touchback", "first able (default)"]]) {
    const select = $(id);
    if (select.dataset.players === key) continue;
    const keep = select.value;
    select.replaceChildren();
    for (const [value, text] of [["", none], ...players.map((p) => [p.id, `#${jersey(p)} ${p.name || p.id}`])]) {
      const o = document.createElement("option");
      o.value = value;
      o.textContent = text;
      select.append(o);
    }
    select.value = players.some((p) => p.id === keep) ? keep : "";
    select.dataset.players = key;
  }
}

// A word about Kick! next to its button (a refusal, in red), not in the footer far below it.
function kickSay(text, isError) {
  const line = $("kick-status");
  line.textContent = text;
  line.classList.toggle("error", !!isError);
}

async function kick() {
  const seed = Number($("seed").value);
  if (!Number.isInteger(seed) || seed < 0) {
    kickSay("The seed must be a whole number, 0 or more.", true);
    return;
  }
  const doc = withChoices(state.doc);
  delete doc.dice;
  doc.seed = seed;
  if (state.target) doc.kick = {...(doc.kick || {}), target: state.target};
  try {
    // the Kick control's choice (null: when he has it, as kickoff run and the odds shown)
    const {result, story, defaults, event} = await api("/api/kick", {
      scenario: doc, kick_skill: JSON.parse($("kick-skill").value)});
    stopReplay();
    state.replay = {result, event, frames: buildFrames(result), at: 0, timer: null};
    // The sentences are the server's (kickoff.formats.narration), as kickoff run tells them.
    $("steps").replaceChildren(...result.log.map((step, i) => {
      const li = document.createElement("li");
      li.textContent = story[i];
      return li;
    }));
    $("kick-defaults").replaceChildren(...defaults.map((line) => {
      const li = document.createElement("li");
      li.textContent = line;
      return li;
    }));
    $("kick-hint").hidden = true;
    $("replay-controls").hidden = false;
    render();
    showStep(0);
    play();
    kickSay(`Kick-off played from seed ${result.seed}.`);
    askDecision(doc, result);
  } catch (e) {
    // Short, beside the button: an illegal set-up's problems are all listed under "Set-up
    // problems"; the first is told here.
    const problems = e.problems || [];
    kickSay(problems.length > 1
      ? `No kick-off: ${problems.length} problems (all under Set-up problems), the first: ${problems[0].text}`
      : `No kick-off: ${e.message}`, true);
  }
}

// ------------------------------------------------------------------ files

function download(name, blob) {
  const a = document.createElement("a");
  a.href = URL.createObjectURL(blob);
  a.download = name;
  document.body.appendChild(a);
  a.click();
  setTimeout(() => { URL.revokeObjectURL(a.href); a.remove(); }, 1000);
}

async function downloadSetup() {
  const body = {scenario: state.doc, side: $("export-side").value, format: $("export-format").value};
  const res = await fetch("/api/setup/export", {method: "POST", headers: {"content-type": "application/json"}, body: JSON.stringify(body)});
  if (!res.ok) {
    const data = await res.json();
    say(`No set-up file: ${data.problems.map((p) => p.text).join("; ")}`, true);
    return;
  }
  const m = /filename="([^"]+)"/.exec(res.headers.get("content-disposition") || "");
  download(m ? m[1] : "setup.txt", await res.blob());
}

async function upload(file) {
  if (file.size > 200000) {
    say(`${file.name}: too large for a scenario or a set-up`, true);
    return;
  }
  const text = await file.text();
  let parsed = null;
  try { parsed = JSON.parse(text); } catch (e) { parsed = null; }
  if (parsed && parsed.scenario && parsed.scenario.format === "kickoff-scenario/1") parsed = parsed.scenario;
  try {
    if (parsed && parsed.format === "kickoff-scenario/1") {
      setDoc(parsed, file.name);
      if (parsed.kick && Array.isArray(parsed.kick.target)) state.target = parsed.kick.target;
      if (Number.isInteger(parsed.seed)) $("seed").value = parsed.seed;
      changed();
      say(`${file.name}: scenario loaded`);
    } else {
      const side = $("upload-side").value;
      const r = await api("/api/setup/import", {scenario: state.doc, side, text, filename: file.name});
      state.doc = r.scenario;
      state.setups[side] = `FUMBBL set-up ${file.name}`;  // named in the odds' line
      changed();
      showProblems(r.problems);
      say(`${file.name}: FUMBBL set-up placed for the ${side} team`);
    }
  } catch (e) {
    say(`${file.name}: ${e.message}`, true);
  }
}

// ------------------------------------------------------------------ the match

function fillSelect(select, options, value) {
  select.replaceChildren(...options.map(([v, text]) => {
    const o = document.createElement("option");
    o.value = v;
    o.textContent = text;
    return o;
  }));
  if (value !== undefined && options.some(([v]) => v === value)) select.value = value;
}

function fillTeamSelects() {
  const rs = state.cat.rulesets[$("ruleset").value];
  const teams = state.cat.teams[rs.family].map((t) => [t.name, `${t.title} (${t.race})`]);
  const setups = [["", "default"], ...state.cat.setups[rs.pitch].map((s) => [s.name, `${s.title}${s.kind ? ` (${s.kind})` : ""}`])];
  const keep = (id) => $(id).value;
  const file = state.fromFile ? [["", `from ${state.fromFile}`]] : [];
  fillSelect($("home-team"), file.length ? file.concat(teams) : teams, state.fromFile ? "" : keep("home-team") || rs.default_teams[0]);
  fillSelect($("away-team"), file.length ? file.concat(teams) : teams, state.fromFile ? "" : keep("away-team") || rs.default_teams[1]);
  if (!state.fromFile && !teams.some(([v]) => v === $("home-team").value)) $("home-team").value = rs.default_teams[0];
  if (!state.fromFile && !teams.some(([v]) => v === $("away-team").value)) $("away-team").value = rs.default_teams[1];
  fillSelect($("home-setup"), state.fromFile ? file : setups, state.fromFile ? "" : keep("home-setup"));
  fillSelect($("away-setup"), state.fromFile ? file : setups, state.fromFile ? "" : keep("away-setup"));
  const weathers = state.cat.weathers.map((w) => [w, (w === "nice" ? rs.fine_weather : w).replaceAll("_", " ")]);
  // a scenario may name the fine weather either way (scenario-format.md): one option, "nice"
  const weather = (state.doc && state.doc.weather) || "nice";
  fillSelect($("weather"), weathers, weather === "perfect_conditions" ? "nice" : weather);
}

function setDoc(doc, fromFile) {
  state.doc = doc;
  state.fromFile = fromFile;
  state.heat = null;
  state.odds = null;
  state.target = null;
  state.moved = false;
  if (fromFile) state.setups = {home: "", away: ""};  // the file's own
  $("ruleset").value = doc.ruleset;
  $("kicking").value = doc.kicking || "home";
  fillTeamSelects();
}

async function loadMatch() {
  const body = {
    ruleset: $("ruleset").value, kicking: $("kicking").value, weather: $("weather").value || "nice",
    home: $("home-team").value || null, away: $("away-team").value || null,
    home_setup: $("home-setup").value || null, away_setup: $("away-setup").value || null,
  };
  try {
    const r = await api("/api/match", body);
    // the set-ups named for the odds' line: a built-in one, or the ruleset's default for the
    // side's role (as kickoff.formats.match picks it: defence kicking, offence receiving)
    const dflt = state.cat.default_setups[state.cat.rulesets[body.ruleset].pitch];
    const named = (side) => body[`${side}_setup`]
      || `${side === body.kicking ? dflt.defence : dflt.offence} (the default)`;
    state.setups = {home: named("home"), away: named("away")};
    setDoc(r.scenario, null);
    changed();
    showProblems(r.problems);
  } catch (e) {
    say(`No match: ${e.message}`, true);
  }
}

function onRulesetChange() {
  const next = state.cat.rulesets[$("ruleset").value];
  const now = ruleset();
  if (state.fromFile || (next.family === now.family && next.pitch === now.pitch)) {
    state.doc.ruleset = $("ruleset").value;  // the same teams and squares, other rules
    fillTeamSelects();
    changed();
  } else {
    state.fromFile = null;
    fillTeamSelects();
    loadMatch();
  }
}

async function init() {
  state.cat = await api("/api/catalogue");
  fillSelect($("ruleset"), Object.keys(state.cat.rulesets).map((n) => [n, n]), "bb2020");
  fillSelect($("objective"), state.cat.objectives.map((o) => [o.name, `${o.name.replaceAll("-", " ")} (${o.higher_is_better ? "higher" : "lower"} is better)`]));
  $("seed").value = Math.floor(Math.random() * 2 ** 31);
  // The odds' controls start at the API's own defaults (kickoff.defaults, via the catalogue),
  // not a copy of them here.
  const d = state.cat.defaults;
  $("events").value = d.events;
  $("suggest-events").value = d.events;  // the set-up search's events too: one set of defaults
  $("kick-skill").value = JSON.stringify(d.kick_skill);
  $("odds-play").value = d.play;
  fillTeamSelects();

  $("ruleset").addEventListener("change", onRulesetChange);
  for (const id of ["home-team", "away-team", "home-setup", "away-setup"]) {
    $(id).addEventListener("change", () => { state.fromFile = null; fillTeamSelects(); loadMatch(); });
  }
  $("kicking").addEventListener("change", () => { state.doc.kicking = $("kicking").value; state.target = null; state.heat = null; changed(); });
  $("weather").addEventListener("change", () => { state.doc.weather = $("weather").value; changed(); });
  for (const id of ["events", "objective", "kick-skill", "high-kick", "touchback"]) {
    $(id).addEventListener("change", () => { state.heat = null; render(); schedule(); });
  }
  wirePlayChoice();
  $("show-heat").addEventListener("change", () => { render(); if ($("show-heat").checked) fetchHeat(); });
  $("new-seed").addEventListener("click", () => { $("seed").value = Math.floor(Math.random() * 2 ** 31); });
  $("kick").addEventListener("click", kick);
  $("play-pause").addEventListener("click", () => (state.replay && state.replay.timer ? pause() : play()));
  $("step-next").addEventListener("click", () => { pause(); showStep(state.replay.at + 1); });
  $("step-back").addEventListener("click", () => { pause(); showStep(state.replay.at - 1); });
  $("to-end").addEventListener("click", () => { pause(); showStep(state.replay.frames.length - 1); });
  $("back-to-setup").addEventListener("click", () => { stopReplay(); render(); });
  $("download-scenario").addEventListener("click", () => {
    download("scenario.json", new Blob([JSON.stringify(state.doc, null, 2) + "\n"], {type: "application/json"}));
  });
  $("download-setup").addEventListener("click", downloadSetup);
  $("upload").addEventListener("change", async (ev) => {
    const file = ev.target.files[0];
    if (file) await upload(file);
    ev.target.value = "";
  });
  await loadMatch();
  initSuggest();  // suggest.js: "Suggest a set-up"
  document.body.dataset.ready = "true";
}

// After every script of the page has run (DOMContentLoaded): init awaits the match from the
// server, and a quick answer used to come back before suggest.js had loaded ("initSuggest is
// not defined": the page never got ready).
function start() {
  init().catch((e) => say(`The page could not start: ${e.message}`, true));
}
if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
else start();
