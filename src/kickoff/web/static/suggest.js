// kickoff web page: "Suggest a set-up" for the receiving team (issue 14).
//
// The search is the server's (POST /api/suggest starts it, GET /api/suggest/{id} tells how far
// it is, POST /api/suggest/{id}/cancel stops it: docs/web.md). The page shows its progress, then
// the set-up found on a pitch beside the one the search started from, each with its value and
// the kicker's best target, and "Take it" makes it the receiving team's set-up in the page's
// scenario. This file uses app.js's helpers (state, api, el, pitch geometry, jersey, pct) and
// keeps its own names under "suggest".
"use strict";

const SUGGEST_POLL_MS = 400;

const suggesting = {
  job: null,       // the job's id while it runs
  snapshot: null,  // the scenario the search started from (the "current" pitch)
  receiving: null, // the receiving side of that scenario
  answer: null,    // the last finished job (GET /api/suggest/{id})
  timer: null,
};

function initSuggest() {
  fillSelect($("suggest-objective"), state.cat.objectives.map((o) => [o.name, o.name.replaceAll("-", " ")]),
    "receiver-holds");
  $("suggest").addEventListener("click", suggestStart);
  $("suggest-cancel").addEventListener("click", suggestCancel);
  $("suggest-take").addEventListener("click", suggestTake);
  // the page goes: its search is stopped (the server also stops a search nobody asks about)
  window.addEventListener("pagehide", () => {
    if (suggesting.job) navigator.sendBeacon(`/api/suggest/${suggesting.job}/cancel`);
  });
}

// The receiving coach's choices at the kick-off: the Odds box's "Receivers play" if the page has
// it (branch best's #odds-play), else the defaults.
function suggestPlay() {
  const choice = $("odds-play");
  return choice && choice.value ? choice.value : "defaults";
}

function suggestSay(text, isError) {
  const line = $("suggest-status");
  line.textContent = text;
  line.classList.toggle("error", !!isError);
}

async function suggestStart() {
  if (suggesting.job) return;
  const seconds = Number($("suggest-seconds").value);
  if (!Number.isFinite(seconds) || seconds < 1 || seconds > 300) {
    suggestSay("The search takes 1 to 300 seconds.", true);
    return;
  }
  const snapshot = structuredClone(state.doc);
  const body = {scenario: snapshot, objective: $("suggest-objective").value,
    events: $("suggest-events").value, play: suggestPlay(), seconds};
  $("suggest-problems").replaceChildren();
  try {
    const job = await api("/api/suggest", body);
    suggesting.job = job.id;
    suggesting.snapshot = snapshot;
    suggesting.receiving = job.receiving;
    $("suggest").disabled = true;
    $("suggest-cancel").hidden = false;
    $("suggest-cancel").disabled = false;
    $("suggest-progress").hidden = false;
    suggestShowProgress(job);
    suggesting.timer = setTimeout(suggestPoll, SUGGEST_POLL_MS);
  } catch (e) {
    suggestSay(e.status === 503 ? "The server is busy with other searches: try again shortly."
      : "No search: the set-up must be legal.", true);
    suggestProblems(e.problems || []);
  }
}

function suggestProblems(problems) {
  $("suggest-problems").replaceChildren(...problems.map((p) => {
    const li = document.createElement("li");
    li.textContent = p.text;
    return li;
  }));
}

async function suggestPoll() {
  const id = suggesting.job;
  if (!id) return;
  let job;
  try {
    job = await api(`/api/suggest/${id}`);
  } catch (e) {
    suggestEnd();
    suggestSay(`The search was lost: ${e.message}`, true);
    return;
  }
  if (job.state === "running") {
    suggestShowProgress(job);
    suggesting.timer = setTimeout(suggestPoll, SUGGEST_POLL_MS);
    return;
  }
  suggestEnd();
  if (job.state === "failed") {
    suggestSay("The search failed.", true);
    suggestProblems(job.problems);
    return;
  }
  suggesting.answer = job;
  suggestShowProgress(job);
  suggestShowResult(job);
}

function suggestEnd() {
  clearTimeout(suggesting.timer);
  suggesting.timer = null;
  suggesting.job = null;
  $("suggest").disabled = false;
  $("suggest-cancel").hidden = true;
}

async function suggestCancel() {
  const id = suggesting.job;
  if (!id) return;
  $("suggest-cancel").disabled = true;
  suggestSay("Stopping the search...");
  try {
    await api(`/api/suggest/${id}/cancel`, {});
  } catch (e) {
    suggestSay(`No cancel: ${e.message}`, true);
  }
}

// A value for the objective: percent and the exact fraction, or squares for the distance.
function suggestValueText(v, objective) {
  const shown = objective === "distance" ? `${v.value.toFixed(2)} squares` : pct(v.value);
  return `${objective.replaceAll("-", " ")} ${shown} (${v.exact}); the kicker's best target ` +
    `[${v.target.join(", ")}]${v.kick_skill ? ", using Kick" : ""}`;
}

function suggestShowProgress(job) {
  const p = job.progress;
  const running = job.state === "running";
  $("suggest-bar").value = running ? Math.min(1, p.elapsed / job.seconds) : 1;
  const best = p.best ? `; best ${running ? "so far" : "found"}: ${suggestValueText(p.best, job.objective)}` : "";
  const what = !running ? (job.state === "cancelled" ? "Cancelled" : "Done")
    : $("suggest-cancel").disabled ? "Stopping" : "Searching";
  suggestSay(`${what}: ${p.evaluated} set-up${p.evaluated === 1 ? "" : "s"} evaluated in ` +
    `${p.elapsed.toFixed(1)} s (time bound ${job.seconds} s)${best}`);
}

function suggestShowResult(job) {
  const s = job.suggestion;
  const snap = suggesting.snapshot;
  $("suggest-result").hidden = false;
  for (const [id, v] of [["suggest-current-value", s.start_value], ["suggest-best-value", s.value]]) {
    $(id).textContent = suggestValueText(v, job.objective);
    $(id).dataset.exact = v.exact;
    $(id).dataset.target = v.target.join(",");
  }
  if (s.cancelled) $("suggest-best-value").textContent += ` (cancelled: the best of ${s.evaluated} set-ups evaluated)`;
  const start = {};
  for (const p of snap.teams[job.receiving].players) start[p.id] = p.square;
  suggestDrawPitch($("suggest-current"), snap, job.receiving, start, s.start_value.target, null);
  suggestDrawPitch($("suggest-best"), snap, job.receiving, s.squares, s.value.target, start);
  suggestShowGains(s, job.objective);
  $("suggest-take").disabled = false;
  $("suggest-take").textContent = "Take it";
}

// A fraction's text ("5/768", "-1/3", "0") as a number (BigInt: an exact fraction's terms may
// be past a float's range).
function suggestFraction(text) {
  const [n, d] = text.split("/");
  return Number((BigInt(n) * 1000000000000n) / BigInt(d === undefined ? "1" : d)) / 1e12;
}

// A Kick-off event's key as a name: "get_the_ref" -> "Get The Ref" (Blitz! with its "!").
function suggestEventName(key) {
  if (key === "blitz") return "Blitz!";
  return key.split("_").map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join(" ");
}

// One value of the objective, as the table of gains shows it: percent, squares, or a number.
function suggestShown(value, objective, signed) {
  const sign = signed && value >= 0 ? "+" : "";
  if (objective === "distance") return `${sign}${value.toFixed(2)} squares`;
  if (objective.startsWith("mix:")) return `${sign}${value.toFixed(4)}`;
  return `${sign}${(value * 100).toFixed(2)}%`;
}

// Each Kick-off event's value for both set-ups and the receivers' gain (setup optimize's table:
// the suggestion's by_event; hidden with the events off).
function suggestShowGains(s, objective) {
  const table = $("suggest-gains");
  table.replaceChildren();
  $("suggest-gains-box").hidden = !s.by_event.length;
  if (!s.by_event.length) return;
  const head = table.insertRow();
  for (const col of ["Kick-off event", "chance", "current", "suggested", "gain"]) {
    const th = document.createElement("th");
    th.textContent = col;
    head.append(th);
  }
  for (const g of s.by_event) {
    const tr = table.insertRow();
    tr.dataset.event = g.event;
    tr.insertCell().textContent = suggestEventName(g.event);
    tr.insertCell().textContent = `${(suggestFraction(g.chance) * 100).toFixed(1)}%`;
    for (const [key, signed] of [["start_value", false], ["value", false], ["gain", true]]) {
      const td = tr.insertCell();
      td.textContent = suggestShown(suggestFraction(g[key]), objective, signed);
      td.title = g[key];
      td.dataset.exact = g[key];
      td.className = key;
    }
  }
}

// One small pitch: both teams, the receiving team placed by `squares` (player id -> square,
// null: Reserves; players moved from `from` ringed), the kicker's best target framed.
function suggestDrawPitch(svg, doc, side, squares, target, from) {
  const pt = state.cat.pitches[state.cat.rulesets[doc.ruleset].pitch];
  svg.replaceChildren();
  svg.setAttribute("viewBox", `0 0 ${LABEL + pt.width * S} ${LABEL + pt.height * S + 20}`);
  const box = (x, y, w, h, attrs) => el("rect", {x: LABEL + x * S, y: LABEL + y * S, width: w * S, height: h * S, ...attrs}, svg);
  box(0, 0, pt.width, pt.height, {fill: "var(--grass)"});
  for (const x of [0, pt.width - 1]) box(x, 0, 1, pt.height, {class: "endzone"});
  for (const y0 of [0, pt.height - pt.wide]) box(0, y0, pt.width, pt.wide, {class: "widezone"});
  for (const s of ["home", "away"]) box(pt.los[s], pt.wide, 1, pt.height - 2 * pt.wide, {class: "los"});
  const edge = LABEL + (pt.setup_zone.home[1] + 1) * S;
  el("line", {class: "line", x1: edge, y1: LABEL, x2: edge, y2: LABEL + pt.height * S}, svg);
  for (let x = 0; x < pt.width; x += 5) el("text", {class: "coord", x: LABEL + x * S + S / 2, y: 11}, svg, String(x));
  const reserves = [];
  for (const s of ["home", "away"]) {
    for (const p of doc.teams[s].players) {
      const sq = s === side && p.id in squares ? squares[p.id] : p.square;
      if (!sq) {
        if (s === side && !["knocked_out", "casualty", "sent_off"].includes(p.status)) reserves.push(jersey(p));
        continue;
      }
      const [cx, cy] = centre(sq);
      const moved = from && s === side && !(from[p.id] && from[p.id][0] === sq[0] && from[p.id][1] === sq[1]);
      const g = el("g", {class: `mini-player ${s}${moved ? " moved" : ""}`, "data-player": p.id,
        "data-x": sq[0], "data-y": sq[1], transform: `translate(${cx},${cy})`}, svg);
      el("circle", {r: S * 0.4}, g);
      el("text", {}, g, jersey(p));
      el("title", {}, g, `${p.id} ${p.name || ""}`);
    }
  }
  // the kicker's best target, over the players: a white frame and the ball
  box(target[0], target[1], 1, 1, {class: "suggest-target", "data-x": target[0], "data-y": target[1]});
  const [bx, by] = centre(target);
  el("circle", {class: "suggest-ball", cx: bx + S * 0.3, cy: by - S * 0.3, r: S * 0.15}, svg);
  el("text", {class: "bench-label", x: LABEL, y: LABEL + pt.height * S + 15}, svg,
    `${side} Reserves: ${reserves.length ? reserves.map((n) => `#${n}`).join(", ") : "none"}`);
}

// Whether the page's match is still the one a search began from: the same ruleset, kicking
// team and receiving players (the suggestion's squares and values are of that match).
function suggestSameMatch(snap, receiving) {
  const ids = (d) => d.teams[receiving].players.map((p) => p.id).sort().join(",");
  return state.doc.ruleset === snap.ruleset && (state.doc.kicking || "home") === (snap.kicking || "home")
    && ids(state.doc) === ids(snap);
}

// Called by app.js's changed() on every change of the page's scenario: once the match is no
// longer the one searched (another ruleset, kicking team or team), the suggestion shown, taken
// or not, is of another match: it goes, and the panel says why.
function suggestMatchChanged() {
  const job = suggesting.answer;
  if (!job || suggesting.job || suggestSameMatch(suggesting.snapshot, job.receiving)) return;
  suggesting.answer = null;
  $("suggest-result").hidden = true;
  $("suggest-progress").hidden = true;
  $("suggest-bar").value = 0;
  suggestProblems([]);
  suggestSay("The match has changed since the last search (its ruleset, kicking team or teams): " +
    "suggest again for this one.");
}

// "Take it": the suggestion becomes the receiving team's set-up in the page's scenario (the
// odds, the heat map and Kick! then use it), if the match is still the one searched.
function suggestTake() {
  const job = suggesting.answer;
  if (!job) return;
  const team = state.doc.teams[job.receiving];
  if (!suggestSameMatch(suggesting.snapshot, job.receiving)) {
    say("The match has changed since the search began: suggest again.", true);
    return;
  }
  for (const p of team.players) {
    if (!(p.id in job.suggestion.squares)) continue;
    const sq = job.suggestion.squares[p.id];
    if (sq) {
      p.square = sq;
      if (p.status === "reserves") delete p.status;
    } else if (!p.status || p.status === "standing" || p.status === "reserves") {
      p.square = null;
      delete p.status;
    }
  }
  state.setups[job.receiving] = "suggested by the search";  // named in the odds' line
  changed();
  $("suggest-take").disabled = true;
  $("suggest-take").textContent = "Taken";
  say(`The suggested set-up is now the ${job.receiving} team's.`);
}
