"use strict";
// Manno Monster playground. A worked example of a front end: everything it knows
// comes from the public API under /v1/manno (tasks, generate, render.svg, hint,
// validate); nothing is computed here but which tokens are up.

const API = "/v1/manno";
const TOKENS = 15;
const ZERO = "0".repeat(TOKENS);

const state = {
  task: null,          // canonical task text
  name: "",            // catalogue id, "generated ..." or "your task"
  arrangement: ZERO,   // one 0/1 per token, token 1 first
  rung: 0,             // the hint ladder: 0 none yet, 1 condition, 2 tokens, 3 exact flip
  hint: null,          // the last hint answer
  marked: [],          // token numbers the last hint points at
  started: 0,          // performance.now() when the task was loaded
  stopped: null,       // elapsed ms once solved, else null
  catalogue: [],       // GET /tasks
  generated: {},       // level -> {tasks, next}
  queue: Promise.resolve(),  // the presses still to do, in order (guarded)
  draws: 0,            // renders asked for; a late answer to an older one is dropped
};

const $ = (id) => document.getElementById(id);

/** Call the API; a problem (4xx/5xx) becomes an Error with its detail. */
async function call(method, path, body) {
  const options = { method, headers: {} };
  if (body !== undefined) {
    options.headers["content-type"] = "application/json";
    options.body = JSON.stringify(body);
  }
  const response = await fetch(API + path, options);
  const type = response.headers.get("content-type") || "";
  const data = type.includes("json") ? await response.json() : await response.text();
  if (!response.ok) {
    throw new Error((data && data.detail) || `${response.status} ${response.statusText}`);
  }
  return data;
}

function showError(error) {
  const line = $("error");
  line.textContent = error ? String(error.message || error) : "";
  line.hidden = !error;
}

// Every press is done, one after another: a press while a task is still drawing
// waits for it instead of being dropped.
function guarded(work) {
  state.queue = state.queue.then(async () => {
    try {
      showError(null);
      await work();
    } catch (error) {
      showError(error);
    }
  });
  return state.queue;
}

// ---- pictures -------------------------------------------------------------

const PICTURES_KEPT = 64;  // a picture depends on its query alone: flipping back draws a kept one
const pictures = new Map();  // query -> the answer (a promise), oldest first

function picture(params) {
  const path = "/render.svg?" + new URLSearchParams(params).toString();
  let svg = pictures.get(path);
  if (svg === undefined) {
    svg = call("GET", path);
    svg.catch(() => pictures.delete(path));  // a failed answer is asked for again next time
    if (pictures.size >= PICTURES_KEPT) pictures.delete(pictures.keys().next().value);
  } else {
    pictures.delete(path);  // kept again as the newest
  }
  pictures.set(path, svg);
  return svg;
}

async function drawCard() {
  $("card").innerHTML = await picture({ task: state.task });
}

async function drawTokens(focus) {
  const draw = ++state.draws;
  const svg = await picture({ arrangement: state.arrangement });
  if (draw !== state.draws) return;  // a newer flip is on its way
  const box = $("tokens");
  box.innerHTML = svg;
  $("arrangement").textContent = state.arrangement;
  for (const token of box.querySelectorAll("g.token")) {
    const number = Number(token.dataset.token);
    const name = token.querySelector("title");
    token.setAttribute("tabindex", "0");
    token.setAttribute("role", "button");
    token.setAttribute("aria-label", name ? name.textContent : `token ${number}`);
    token.classList.toggle("marked", state.marked.includes(number));
    token.addEventListener("click", () => flipByHand(number));
    token.addEventListener("keydown", (event) => onTokenKey(event, number));
  }
  if (focus) focusToken(focus);
}

function focusToken(number) {
  const token = $("tokens").querySelector(`g.token[data-token="${number}"]`);
  if (token) token.focus();
}

function onTokenKey(event, number) {
  const moves = { ArrowLeft: -1, ArrowUp: -5, ArrowRight: 1, ArrowDown: 5 };
  if (event.key === " " || event.key === "Enter") {
    event.preventDefault();
    flipByHand(number);
  } else if (event.key in moves) {
    event.preventDefault();
    const next = number + moves[event.key];
    if (next >= 1 && next <= TOKENS) focusToken(next);
  }
}

/** Shade the card's rows: "ok"/"bad" after Validate, "named" for the hint's condition. */
function markCard(marks) {
  for (const row of $("card").querySelectorAll("g.condition")) {
    const mark = marks[row.dataset.condition] || "";
    row.classList.remove("ok", "bad", "named");
    if (mark) row.classList.add(mark);
    let shade = row.querySelector("rect.shade");
    if (!mark) {
      if (shade) shade.remove();
      continue;
    }
    if (!shade) {
      shade = document.createElementNS("http://www.w3.org/2000/svg", "rect");
      shade.setAttribute("class", "shade");
      shade.setAttribute("x", "-8");
      shade.setAttribute("y", "3");
      shade.setAttribute("rx", "8");
      shade.setAttribute("height", "50");
      row.insertBefore(shade, row.firstChild);
    }
    const card = $("card").querySelector("rect.card");
    shade.setAttribute("width", String(Number(card.getAttribute("width")) - 16));
  }
}

// ---- playing --------------------------------------------------------------

function turned(arrangement, number) {
  const sides = arrangement.split("");
  sides[number - 1] = sides[number - 1] === "0" ? "1" : "0";
  return sides.join("");
}

function setMarked(numbers) {
  state.marked = numbers;
  for (const token of $("tokens").querySelectorAll("g.token")) {
    token.classList.toggle("marked", numbers.includes(Number(token.dataset.token)));
  }
}

function clearLadder() {
  state.rung = 0;  // the player moved: the ladder starts again
  state.hint = null;
  state.marked = [];
  $("hint-text").textContent = "";
  delete $("hint-text").dataset.solved;
  $("hint").textContent = "Hint (H)";
  $("report").replaceChildren();
  markCard({});
}

function flipByHand(number) {
  if (!state.task) return;
  state.arrangement = turned(state.arrangement, number);
  clearLadder();
  drawTokens(number).catch(showError);
}

async function loadTask(task, name) {
  state.task = task;
  state.name = name;
  state.arrangement = ZERO;
  state.started = performance.now();
  state.stopped = null;
  $("task-name").textContent = `${name}: ${task}`;
  clearLadder();
  await Promise.all([drawCard(), drawTokens()]);
}

function hint() {
  return guarded(async () => {
    if (!state.task) return;
    const last = state.hint;
    if (state.rung === 3 && last && !last.solved && last.flip) {
      // Top of the ladder: this press makes the flip it named, then names the next.
      state.arrangement = turned(state.arrangement, last.flip);
      $("report").replaceChildren();
      markCard({});
    } else {
      state.rung = Math.min(state.rung + 1, 3);
    }
    const answer = await call("POST", "/hint", {
      task: state.task, arrangement: state.arrangement, level: state.rung,
    });
    state.hint = answer;
    const left = answer.flips_left;
    const counted = answer.solved || left == null || answer.level === 2;  // rung 2 says it
    const tail = counted ? "" : ` (${left} flip${left === 1 ? "" : "s"} left)`;
    $("hint-text").textContent = answer.text + tail;
    $("hint-text").dataset.solved = String(answer.solved);
    state.marked = answer.flip ? [answer.flip] : (answer.tokens || []);
    if (answer.solved) state.marked = [];
    $("hint").textContent = state.rung === 3 && answer.flip ? "Make that flip (H)" : "Hint (H)";
    if (answer.solved) stopTimer();
    if (answer.condition) markCard({ [answer.condition]: "named" });
    await drawTokens();
  });
}

function validate() {
  return guarded(async () => {
    if (!state.task) return;
    const report = await call("POST", "/validate", {
      task: state.task, arrangement: state.arrangement,
    });
    const list = $("report");
    list.replaceChildren();
    markCard(Object.fromEntries(report.conditions.map((r) => [r.condition, r.ok ? "ok" : "bad"])));
    for (const row of report.conditions) {
      const item = document.createElement("li");
      item.className = row.ok ? "ok" : "bad";
      item.dataset.condition = row.condition;
      const found = Object.entries(row.counts).map(([g, n]) => `${g} ${n}`).join(", ");
      item.textContent = `${row.ok ? "✓" : "✗"} ${row.condition}: found ${found}; ${row.required}`;
      list.append(item);
    }
    const verdict = document.createElement("li");
    verdict.className = report.ok ? "verdict ok" : "verdict bad";
    if (report.ok) stopTimer();
    verdict.textContent = report.ok ? `Solved in ${clock(state.stopped)}!` : "Not solved yet.";
    list.append(verdict);
  });
}

function reset() {
  if (!state.task) return;
  state.arrangement = ZERO;
  clearLadder();
  drawTokens().catch(showError);
}

function stopTimer() {
  if (state.stopped === null) state.stopped = performance.now() - state.started;
}

function clock(ms) {
  const tenths = Math.floor(ms / 100);
  const seconds = Math.floor(tenths / 10);
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}.${tenths % 10}`;
}

function tick() {
  if (!state.task) return;
  const ms = state.stopped ?? performance.now() - state.started;
  $("timer").value = clock(ms);
  $("timer").textContent = clock(ms);
}

// ---- choosing a task ------------------------------------------------------

function fillTasks(level) {
  const select = $("task");
  select.replaceChildren();
  for (const entry of state.catalogue.filter((e) => e.level === level)) {
    const option = document.createElement("option");
    option.value = entry.id;
    option.textContent = `${entry.id}  ${entry.task}`;
    select.append(option);
  }
}

function loadEntry(id) {
  const entry = state.catalogue.find((e) => e.id === id.toUpperCase());
  if (!entry) throw new Error(`no catalogue task ${id}`);
  $("level").value = String(entry.level);
  fillTasks(entry.level);
  $("task").value = entry.id;
  history.replaceState(null, "", `#${entry.id}`);
  return loadTask(entry.task, entry.id);
}

function generate() {
  return guarded(async () => {
    const level = Number($("level").value);
    let pile = state.generated[level];
    if (!pile || pile.next >= pile.tasks.length) {
      const seed = pile ? pile.seed + 1 : 0;  // seed 0 comes from the ready pool
      const answer = await call("POST", "/generate", { level, count: seed ? 5 : 50, seed });
      pile = state.generated[level] = { tasks: answer.tasks, next: 0, seed };
    }
    const graded = pile.tasks[pile.next++];
    history.replaceState(null, "", "#");
    await loadTask(graded.task, `generated, level ${graded.level}`);
  });
}

function useOwnTask(event) {
  event.preventDefault();
  const text = $("text").value.trim();
  if (!text) return;
  guarded(async () => {
    await picture({ task: text });  // the API names any fault, with its column
    history.replaceState(null, "", "#");
    await loadTask(text, "your task");
  });
}

function onKey(event) {
  const target = event.target;
  if (event.ctrlKey || event.metaKey || event.altKey) return;
  if (target && ["INPUT", "SELECT", "TEXTAREA"].includes(target.tagName)) return;
  const actions = { h: hint, v: validate, r: reset, n: generate };
  const action = actions[event.key.toLowerCase()];
  if (action) {
    event.preventDefault();
    action();
  }
}

async function start() {
  $("hint").addEventListener("click", hint);
  $("validate").addEventListener("click", validate);
  $("reset").addEventListener("click", reset);
  $("generate").addEventListener("click", generate);
  $("own").addEventListener("submit", useOwnTask);
  $("level").addEventListener("change", () => guarded(async () => {
    fillTasks(Number($("level").value));
    await loadEntry($("task").value);
  }));
  $("task").addEventListener("change", () => guarded(() => loadEntry($("task").value)));
  document.addEventListener("keydown", onKey);
  setInterval(tick, 100);
  await guarded(async () => {
    state.catalogue = (await call("GET", "/tasks")).tasks;
    const wanted = location.hash.slice(1);
    await loadEntry(state.catalogue.some((e) => e.id === wanted.toUpperCase()) ? wanted : "L1-01");
  });
  document.body.dataset.ready = "true";
}

start();
