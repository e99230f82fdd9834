// One seat against bots in any registered game (Monster Park, Very Big Monster, Monstrolicious...).
//
// The service seals the whole game into a token (/v1/sessions) that only it reads: this
// page holds that token and its seat's view, sends the token with each request and keeps
// the one each answer brings (in sessionStorage too, so a reload goes on). Legal moves, hints, verdicts, the score pad and the board come from the public
// /v1/<game>/ routes, asked with that view. Query parameters: ?delay=MS (the pause before
// each bot decision, 600 by default), ?seed=, ?players=, ?seat=, ?mode=, ?bots=a,b. The game's
// seats, modes and the players a bot may be come from GET /v1/games.
import { MonstersClient, ProblemError } from "/static/monsters-client.js";

const $ = (/** @type {string} */ id) => /** @type {HTMLElement} */ (document.getElementById(id));
const api = new MonstersClient();
const GAME = /** @type {import("/static/monsters-client.js").GameName} */ (
  location.pathname.split("/").filter(Boolean).pop()
);
const query = new URLSearchParams(location.search);
const DELAY_MS = Math.max(0, Math.min(5000, Number(query.get("delay") ?? 600) || 0));
const HINTS_SHOWN = 3;
const KEPT = `monsters-session-${GAME}`; // this tab's game token, so a reload goes on with it

/** @type {import("/static/monsters-client.js").Session | null} */
let session = null;
/** The token before the last answer's: the game one decision back (for an undo to come). */
let previous = /** @type {string | null} */ (null);
/** @type {Record<string, any>[]} */
let legal = [];
/** @type {{move: Record<string, any>, reason: string, value: number}[]} */
let hinted = [];
/** This game's entry in GET /v1/games. */
let info = /** @type {import("/static/monsters-client.js").GameEntry} */ (/** @type {any} */ (null));
let round = 0; // a new game makes the answers of the old one stale

function showError(/** @type {string} */ message) {
  $("error").textContent = message;
  $("error").hidden = !message;
}

function problemText(/** @type {unknown} */ error) {
  if (error instanceof ProblemError) {
    const fields = error.errors.map((e) => `${e.field}: ${e.message}`).join("; ");
    return fields || error.message;
  }
  return String(error instanceof Error ? error.message : error);
}

function moveText(/** @type {Record<string, any>} */ move) {
  return Object.entries(move)
    .map(([key, value]) => `${key}: ${typeof value === "object" ? JSON.stringify(value) : value}`)
    .join(", ");
}

const same = (/** @type {any} */ a, /** @type {any} */ b) => JSON.stringify(a) === JSON.stringify(b);

function option(/** @type {string} */ value, /** @type {string} */ text) {
  const made = document.createElement("option");
  made.value = value;
  made.textContent = text;
  return made;
}

// ---- the set-up form ------------------------------------------------------------

function fillSeats() {
  const players = Number(/** @type {HTMLSelectElement} */ ($("players")).value);
  const seat = /** @type {HTMLSelectElement} */ ($("seat"));
  const kept = Math.min(Number(seat.value || query.get("seat") || 0), players - 1);
  seat.replaceChildren(...Array.from({ length: players }, (_, i) => option(String(i), `seat ${i}`)));
  seat.value = String(kept);
  const wanted = (query.get("bots") || "").split(",").filter(Boolean);
  const bots = $("bots");
  const legend = bots.querySelector("legend");
  bots.replaceChildren(/** @type {Node} */ (legend));
  let other = 0;
  for (let s = 0; s < players; s++) {
    if (s === kept) continue;
    const label = document.createElement("label");
    label.textContent = `seat ${s} `;
    const select = document.createElement("select");
    select.className = "bot";
    select.dataset.seat = String(s);
    select.append(...info.players.map((p) => option(p, p)));
    select.value = wanted[other] || (info.players.includes("greedy") ? "greedy" : info.players[0]);
    label.append(select);
    bots.append(label);
    other++;
  }
  if (Object.keys(info.modes).length > 0) {
    const mode = /** @type {HTMLSelectElement} */ ($("mode"));
    const before = mode.value || query.get("mode") || "";
    const fits = Object.entries(info.modes).filter(([, counts]) => counts.includes(players));
    mode.replaceChildren(option("", "the rulebook's"), ...fits.map(([m]) => option(m, m)));
    mode.value = fits.some(([m]) => m === before) ? before : "";
  }
}

async function setUpForm() {
  const { games } = await api.games();
  const entry = games.find((g) => g.name === GAME);
  if (!entry) throw new Error(`no game ${GAME}`);
  info = entry;
  document.title = `${entry.title}: play against the bots`;
  $("title").textContent = `${entry.title} against the bots`;
  const players = /** @type {HTMLSelectElement} */ ($("players"));
  for (let n = entry.min_players; n <= entry.max_players; n++) players.append(option(String(n), String(n)));
  players.value = query.get("players") || String(entry.default_players);
  $("mode-label").hidden = Object.keys(entry.modes).length === 0;
  /** @type {HTMLInputElement} */ ($("seed")).value = query.get("seed") || "";
  fillSeats();
  players.addEventListener("change", fillSeats);
  $("seat").addEventListener("change", fillSeats);
}

/** The game moves on to an answer: its token is kept (the one before it too). */
function keep(/** @type {import("/static/monsters-client.js").Session} */ next) {
  previous = session && session.session !== next.session ? session.session : previous;
  session = next;
  sessionStorage.setItem(KEPT, next.session);
}

/** After a reload, the game this tab was playing, if the service still reads its token. */
async function resume() {
  const kept = sessionStorage.getItem(KEPT);
  if (!kept) return;
  try {
    keep(await api.session(kept));
  } catch {
    sessionStorage.removeItem(KEPT); // sealed under another key (the service's was changed)
    return;
  }
  round++;
  $("table").hidden = false;
  await show(round);
}

// ---- playing --------------------------------------------------------------------

async function start(/** @type {Event | undefined} */ event) {
  event?.preventDefault();
  showError("");
  round++;
  const players = Number(/** @type {HTMLSelectElement} */ ($("players")).value);
  const seat = Number(/** @type {HTMLSelectElement} */ ($("seat")).value);
  const bots = [...document.querySelectorAll("select.bot")].map((s) => /** @type {HTMLSelectElement} */ (s).value);
  /** @type {Record<string, any>} */
  const setUp = { players, seat, bots };
  const seed = /** @type {HTMLInputElement} */ ($("seed")).value.trim();
  if (seed !== "") setUp.seed = Number(seed);
  const mode = /** @type {HTMLSelectElement} */ ($("mode")).value;
  if (mode) setUp.settings = { mode }; // only a game with modes offers one
  /** @type {import("/static/monsters-client.js").Session} */
  let started;
  try {
    started = await api.startSession(GAME, setUp);
  } catch (error) {
    showError(problemText(error));
    return;
  }
  session = previous = null;
  keep(started);
  $("table").hidden = false;
  $("result").textContent = "";
  document.body.dataset.over = "false";
  await show(round);
}

/** Draw the seat's view, then move the game on: the seat's choice, or a bot's after a pause. */
async function show(/** @type {number} */ mine) {
  if (!session || mine !== round) return;
  const { view, turn } = session;
  hinted = [];
  $("hints").replaceChildren();
  const [picture, scores, moves] = await Promise.all([
    api.render(GAME, view),
    api.score(GAME, view),
    session.you_decide ? api.legal(GAME, view) : Promise.resolve({ moves: [] }),
  ]);
  if (mine !== round) return;
  $("picture").innerHTML = picture;
  showScores(scores);
  legal = moves.moves;
  showMoves();
  /** @type {HTMLButtonElement} */ ($("hint")).disabled = !session.you_decide;
  if (turn.terminal) {
    showEnd(scores);
    return;
  }
  if (session.you_decide) {
    $("status").textContent = `your move (seat ${session.seat}, ${turn.phase})`;
    document.body.dataset.turn = "you";
    return;
  }
  const bot = turn.to_move === null ? "" : session.bots[String(turn.to_move)] || "";
  const others = turn.waiting.filter((s) => s !== session?.seat);
  const who = others.length > 1 ? `seats ${others.join(", ")} choose` : `seat ${turn.to_move} (${bot}) chooses`;
  $("status").textContent = `${who}… (${turn.phase})`;
  document.body.dataset.turn = "bot";
  await new Promise((done) => setTimeout(done, DELAY_MS));
  if (mine !== round) return;
  try {
    keep(await api.bot(session.session));
  } catch (error) {
    showError(problemText(error));
    return;
  }
  await show(mine);
}

function showMoves() {
  const list = $("moves");
  list.replaceChildren(
    ...legal.map((move, index) => {
      const item = document.createElement("li");
      const button = document.createElement("button");
      button.type = "button";
      button.textContent = moveText(move);
      button.dataset.index = String(index);
      button.addEventListener("click", () => choose(move));
      item.append(button);
      return item;
    }),
  );
}

/** Check the move with the rules (validate) and play it; an illegal one is explained. */
async function choose(/** @type {Record<string, any>} */ move) {
  if (!session || !session.you_decide) return;
  const mine = round;
  const verdict = $("verdict");
  const refuse = (/** @type {string} */ reason) => {
    verdict.textContent = `Not allowed: ${reason}`;
    verdict.className = "verdict bad";
    if (session) session.you_decide = true;
    document.body.dataset.turn = "you";
    /** @type {HTMLButtonElement} */ ($("hint")).disabled = false;
  };
  // one choice at a time: the seat waits until the service has answered this one
  session.you_decide = false;
  document.body.dataset.turn = "wait";
  /** @type {HTMLButtonElement} */ ($("hint")).disabled = true;
  try {
    const checked = await api.validate(GAME, session.view, move);
    if (!checked.legal) {
      refuse(checked.reason);
      return;
    }
    verdict.textContent = "";
    verdict.className = "verdict";
    keep(await api.play(session.session, move));
  } catch (error) {
    refuse(problemText(error));
    return;
  }
  await show(mine);
}

// What a click on the board picks, most telling first: a dessert, a track slot, a card, an area.
const BOARD_FIELDS = ["dessert", "slot", "explorer", "card", "area"];

/** A click on the board: the legal moves it names are marked; one alone is played. */
function boardClick(/** @type {MouseEvent} */ event) {
  if (!session || !session.you_decide) return;
  const target = /** @type {Element} */ (event.target);
  const hit = /** @type {SVGElement | null} */ (
    target.closest(BOARD_FIELDS.map((name) => `[data-${name}]`).join(","))
  );
  if (!hit) return;
  const name = BOARD_FIELDS.find((field) => hit.dataset[field] !== undefined);
  if (!name) return;
  const value = hit.dataset[name];
  const matches = legal.filter((move) => name in move && String(move[name]) === value);
  const rows = [...$("moves").children];
  rows.forEach((row, index) => row.classList.toggle("picked", matches.includes(legal[index])));
  const verdict = $("verdict");
  if (matches.length === 1) {
    choose(matches[0]);
  } else if (matches.length > 1) {
    verdict.textContent = `${matches.length} moves take ${name} ${value}: choose one in the list`;
    verdict.className = "verdict";
    rows.find((row) => row.classList.contains("picked"))?.querySelector("button")?.focus();
  } else {
    verdict.textContent = `Not allowed: no legal move takes ${name} ${value} now`;
    verdict.className = "verdict bad";
  }
}

/** Ring on the board what the best move takes (its dessert, track card, card or area). */
function markOnBoard(/** @type {Record<string, any> | null} */ move) {
  const picture = $("picture");
  for (const marked of picture.querySelectorAll(".best")) marked.classList.remove("best");
  const name = move && BOARD_FIELDS.find((field) => field in move);
  if (!move || !name) return;
  const value = CSS.escape(String(move[name]));
  for (const shown of picture.querySelectorAll(`[data-${name}="${value}"]`)) shown.classList.add("best");
}

async function hint() {
  if (!session || !session.you_decide) return;
  const mine = round;
  const view = session.view;
  let answer;
  try {
    answer = await api.hint(GAME, view, { top: HINTS_SHOWN });
  } catch (error) {
    showError(problemText(error));
    return;
  }
  if (mine !== round || session.view !== view) return;
  hinted = answer.moves;
  $("hints").replaceChildren(
    ...hinted.map((ranked, index) => {
      const item = document.createElement("li");
      if (index === 0) item.className = "best";
      const button = document.createElement("button");
      button.type = "button";
      button.className = "play-hint";
      button.textContent = `${ranked.reason} (${Number(ranked.value).toFixed(2)})`;
      button.title = moveText(ranked.move);
      button.addEventListener("click", () => choose(ranked.move));
      item.append(button);
      return item;
    }),
  );
  const rows = [...$("moves").children];
  rows.forEach((row, index) => row.classList.toggle("best", hinted.length > 0 && same(legal[index], hinted[0].move)));
  markOnBoard(hinted.length > 0 ? hinted[0].move : null);
  const best = rows.find((row) => row.classList.contains("best"));
  best?.scrollIntoView({ block: "nearest" });
  /** @type {HTMLElement | null} */ ($("hints").querySelector("button"))?.focus();
}

function showScores(/** @type {import("/static/monsters-client.js").Scores} */ scores) {
  const table = $("scores");
  const lines = [...new Set(scores.scores.flatMap((s) => Object.keys(s.lines)))];
  const head = document.createElement("tr");
  head.append(...["seat", "total", ...lines].map((text) => {
    const cell = document.createElement("th");
    cell.textContent = text;
    return cell;
  }));
  const rows = scores.scores.map((score) => {
    const row = document.createElement("tr");
    row.dataset.seat = String(score.seat);
    if (session && score.seat === session.seat) row.classList.add("you");
    if (scores.winners.includes(score.seat)) row.classList.add("winner");
    const seat = document.createElement("th");
    seat.textContent = String(score.seat);
    const total = document.createElement("td");
    total.className = "total";
    total.textContent = String(score.total);
    row.append(seat, total, ...lines.map((line) => {
      const cell = document.createElement("td");
      cell.textContent = String(score.lines[line] ?? "");
      return cell;
    }));
    return row;
  });
  table.replaceChildren(head, ...rows);
}

function showEnd(/** @type {import("/static/monsters-client.js").Scores} */ scores) {
  const you = session ? session.seat : -1;
  const names = scores.winners.map((s) => (s === you ? `seat ${s} (you)` : `seat ${s}`));
  const won = scores.winners.includes(you);
  const totals = scores.scores.map((s) => `${s.seat}: ${s.total}`).join(", ");
  $("result").textContent = `Game over. ${won ? "You win" : "Winner"}: ${names.join(" and ")}. Scores ${totals}.`;
  $("status").textContent = "game over";
  document.body.dataset.turn = "over";
  document.body.dataset.over = "true";
}

async function tryOwn(/** @type {Event} */ event) {
  event.preventDefault();
  const text = /** @type {HTMLInputElement} */ ($("own-move")).value;
  let move;
  try {
    move = JSON.parse(text);
  } catch {
    $("verdict").textContent = "Not allowed: the move is not JSON";
    $("verdict").className = "verdict bad";
    return;
  }
  await choose(move);
}

function keys(/** @type {KeyboardEvent} */ event) {
  const target = /** @type {HTMLElement} */ (event.target);
  if (event.ctrlKey || event.metaKey || event.altKey || ["INPUT", "TEXTAREA", "SELECT"].includes(target.tagName)) return;
  if (event.key === "h") hint();
  else if (event.key === "n") start();
  else if (/^[1-9]$/.test(event.key) && hinted[Number(event.key) - 1]) choose(hinted[Number(event.key) - 1].move);
  else return;
  event.preventDefault();
}

async function main() {
  try {
    await setUpForm();
  } catch (error) {
    showError(problemText(error));
    return;
  }
  $("setup").addEventListener("submit", start);
  $("hint").addEventListener("click", hint);
  $("own").addEventListener("submit", tryOwn);
  $("picture").addEventListener("click", boardClick);
  document.addEventListener("keydown", keys);
  document.body.dataset.ready = "true";
  if (query.has("start")) start();
  else resume();
}

main();
