// One seat against bots in any registered game (Monster Park, Very Big Monster, Monstrolicious...).
//
// The service seals the whole game into a token (/v1/sessions) that only it reads: this
// page holds that token and its seat's view, sends the token with each request and keeps
// the one each answer brings (in sessionStorage too, so a reload goes on). Legal moves,
// hints, verdicts, the score pad and the board come from the public /v1/<game>/ routes,
// asked with that view. "Hint" climbs a ladder of three rungs (where to look, what to look
// at, the move), and after each of the seat's moves a line says how good it was (a review
// of the move, asked with the view the seat chose it from). The page opens on a game: the
// one this tab was playing, or a new one from the query and the defaults. Query parameters: ?delay=MS (the pause before each
// bot decision, 600 by default), ?seed=, ?players=, ?seat=, ?mode=, ?bots=a,b. The game's
// seats, modes and the players a bot may be come from GET /v1/games.
import { MonstersClient, ProblemError } from "/static/monsters-client.js";
import { TEXTS } from "/play/static/game-texts.js";
import { clickable, fitSections, markChoices, markTargets, showPicture, valueOf } from "/play/static/game-board.js";

const $ = (/** @type {string} */ id) => /** @type {HTMLElement} */ (document.getElementById(id));
const api = new MonstersClient();
const GAME = /** @type {import("/static/monsters-client.js").GameName} */ (
  location.pathname.split("/").filter(Boolean).pop()
);
const query = new URLSearchParams(location.search);
const DELAY_MS = Math.max(0, Math.min(5000, Number(query.get("delay") ?? 600) || 0));
const LADDER = ["Hint (h)", "A nearer hint (h)", "Show the move (h)"];
const KEPT = `monsters-session-${GAME}`; // this tab's game token, so a reload goes on with it
const TEXT = TEXTS[GAME] ?? { help: "", legend: [], rules: [] };

/** @type {import("/static/monsters-client.js").Session | null} */
let session = null;
/** The tokens of the game at each of the seat's decisions before this one: undo goes back. */
let history = /** @type {string[]} */ ([]);
/** The legal moves: each the move's JSON, with its words. */
let legal = /** @type {{move: Record<string, any>, label: string}[]} */ ([]);
/** The rungs of the hint ladder climbed in this position (0 to 3). */
let rung = 0;
let reviewed = 0; // a new game, an undo or a later move makes the review of a move stale
/** What the clicks on the board have named so far: move field -> value. */
let picked = /** @type {Record<string, string>} */ ({});
/** The tourists clicked so far in a tourist step, in order (Monster Park). */
let touring = /** @type {string[]} */ ([]);
/** This game's entry in GET /v1/games. */
let info = /** @type {import("/static/monsters-client.js").GameEntry} */ (/** @type {any} */ (null));
let round = 0; // a new game (or an undo) makes the answers of the old one stale

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

/** A move in words: its label when the service gives one, else its fields. */
function moveText(/** @type {Record<string, any>} */ move, /** @type {string | undefined} */ label) {
  if (label) return label;
  return Object.entries(move)
    .map(([key, value]) => `${key} ${Array.isArray(value) ? `(${value.join(",")})` : value}`)
    .join(", ");
}

/** A legal move as listed: the move's own fields, and its label apart. */
function entry(/** @type {Record<string, any>} */ listed) {
  const { label, notation, ...move } = listed;
  return { move, label: String(label || "") };
}

/** A review's grade in words. */
const GRADES = /** @type {Record<string, string>} */ ({
  best: "the best move",
  good: "a good move",
  inaccuracy: "an inaccuracy",
  mistake: "a mistake",
  blunder: "a blunder",
});

const same = (/** @type {any} */ a, /** @type {any} */ b) => JSON.stringify(a) === JSON.stringify(b);

function option(/** @type {string} */ value, /** @type {string} */ text) {
  const made = document.createElement("option");
  made.value = value;
  made.textContent = text;
  return made;
}

function setVerdict(/** @type {string} */ text, bad = false) {
  $("verdict").textContent = text;
  $("verdict").className = bad ? "verdict bad" : "verdict";
}

// ---- the page's words -----------------------------------------------------------

function showTexts() {
  $("help").textContent = TEXT.help;
  $("legend-list").replaceChildren(
    ...TEXT.legend.flatMap(([sign, meaning]) => {
      const term = document.createElement("dt");
      term.textContent = sign;
      const said = document.createElement("dd");
      said.textContent = meaning;
      return [term, said];
    }),
  );
  $("rules-text").replaceChildren(
    ...TEXT.rules.map((paragraph) => {
      const made = document.createElement("p");
      made.textContent = paragraph;
      return made;
    }),
  );
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
  const found = games.find((g) => g.name === GAME);
  if (!found) throw new Error(`no game ${GAME}`);
  info = found;
  document.title = `${found.title}: play against the bots`;
  $("title").textContent = `${found.title} against the bots`;
  const players = /** @type {HTMLSelectElement} */ ($("players"));
  for (let n = found.min_players; n <= found.max_players; n++) players.append(option(String(n), String(n)));
  players.value = query.get("players") || String(found.default_players);
  $("mode-label").hidden = Object.keys(found.modes).length === 0;
  /** @type {HTMLInputElement} */ ($("seed")).value = query.get("seed") || "";
  fillSeats();
  players.addEventListener("change", fillSeats);
  $("seat").addEventListener("change", fillSeats);
}

/** The game moves on to an answer: its token is kept (in this tab's storage too). */
function keep(/** @type {import("/static/monsters-client.js").Session} */ next) {
  session = next;
  sessionStorage.setItem(KEPT, next.session);
}

/** After a reload, the game this tab was playing, if the service still reads its token. */
async function resume() {
  const kept = sessionStorage.getItem(KEPT);
  if (!kept) return false;
  try {
    keep(await api.session(kept));
  } catch {
    sessionStorage.removeItem(KEPT); // sealed under another key (the service's was changed)
    return false;
  }
  round++;
  $("table").hidden = false;
  await show(round);
  return true;
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
  const mine = round;
  /** @type {import("/static/monsters-client.js").Session} */
  let started;
  try {
    started = await api.startSession(GAME, setUp);
  } catch (error) {
    showError(problemText(error));
    return;
  }
  if (mine !== round) return;
  history = [];
  reviewed++;
  $("review").textContent = "";
  keep(started);
  $("table").hidden = false;
  await show(mine);
}

/** Draw the seat's view, then move the game on: the seat's choice, or a bot's after a pause. */
async function show(/** @type {number} */ mine) {
  if (!session || mine !== round) return;
  const { view, turn } = session;
  rung = 0;
  $("hint").textContent = LADDER[0];
  picked = {};
  touring = [];
  document.body.dataset.picked = "";
  $("hints").replaceChildren();
  const [picture, scores, moves] = await Promise.all([
    api.render(GAME, view),
    api.score(GAME, view),
    session.you_decide ? api.legal(GAME, view) : Promise.resolve({ moves: [] }),
  ]);
  if (mine !== round) return;
  showPicture($("picture"), picture);
  fitSections($("picture"));
  showScores(scores);
  legal = moves.moves.map(entry);
  showMoves();
  clickable($("picture"), legal.map((e) => e.move));
  /** @type {HTMLButtonElement} */ ($("hint")).disabled = !session.you_decide;
  /** @type {HTMLButtonElement} */ ($("undo")).disabled = history.length === 0;
  document.body.dataset.over = String(turn.terminal);
  $("end").hidden = !turn.terminal;
  if (turn.terminal) {
    showEnd(scores);
    return;
  }
  if (session.you_decide) {
    $("status").textContent = `Your move (${turn.phase})`;
    document.body.dataset.turn = "you";
    return;
  }
  const bot = turn.to_move === null ? "" : session.bots[String(turn.to_move)] || "";
  const others = turn.waiting.filter((s) => s !== session?.seat);
  const who = others.length > 1 ? `Seats ${others.join(", ")} choose` : `Seat ${turn.to_move} (${bot}) chooses`;
  $("status").textContent = `${who}… (${turn.phase})`;
  document.body.dataset.turn = "bot";
  await new Promise((done) => setTimeout(done, DELAY_MS));
  if (mine !== round) return;
  let next;
  try {
    next = await api.bot(session.session);
  } catch (error) {
    if (mine === round) showError(problemText(error));
    return;
  }
  if (mine !== round) return; // a new game or an undo came first
  keep(next);
  await show(mine);
}

/** The legal moves as buttons, grouped (by card, by action...) when there are many. */
function showMoves() {
  const field = TEXT.group;
  const button = (/** @type {{move: Record<string, any>, label: string}} */ listed, /** @type {number} */ index) => {
    const item = document.createElement("li");
    const made = document.createElement("button");
    made.type = "button";
    made.textContent = moveText(listed.move, listed.label);
    made.dataset.index = String(index);
    made.addEventListener("click", () => choose(listed.move));
    item.append(made);
    return item;
  };
  const items = legal.map(button);
  if (!field || legal.length <= 12) {
    $("moves").replaceChildren(...items);
    return;
  }
  /** @type {Map<string, HTMLLIElement[]>} */
  const groups = new Map();
  legal.forEach((listed, index) => {
    const key = String(listed.move[field] ?? "other");
    groups.set(key, [...(groups.get(key) || []), items[index]]);
  });
  $("moves").replaceChildren(
    ...[...groups].map(([key, members]) => {
      if (members.length === 1) return members[0]; // a move alone needs no group
      const item = document.createElement("li");
      item.className = "group";
      const folded = document.createElement("details");
      const summary = document.createElement("summary");
      summary.textContent = `${field} ${key} (${members.length} moves)`;
      const list = document.createElement("ul");
      list.append(...members);
      folded.append(summary, list);
      item.append(folded);
      return item;
    }),
  );
}

/** The list item of a legal move (its group opened). */
function rowOf(/** @type {number} */ index) {
  const made = /** @type {HTMLElement | null} */ ($("moves").querySelector(`button[data-index="${index}"]`));
  const item = /** @type {HTMLElement | null} */ (made?.closest("li") ?? null);
  const folded = item?.closest("details");
  if (folded) folded.open = true;
  return item;
}

/** Check the move with the rules (validate) and play it; an illegal one is explained. */
async function choose(/** @type {Record<string, any> | string} */ move) {
  if (!session || !session.you_decide) return;
  const mine = round;
  const before = session.session;
  const refuse = (/** @type {string} */ reason) => {
    setVerdict(`Not allowed: ${reason}`, true);
    if (session) session.you_decide = true;
    document.body.dataset.turn = "you";
    /** @type {HTMLButtonElement} */ ($("hint")).disabled = false;
  };
  // one choice at a time: the seat waits until the service has answered this one
  session.you_decide = false;
  document.body.dataset.turn = "wait";
  /** @type {HTMLButtonElement} */ ($("hint")).disabled = true;
  try {
    const checked = await api.validate(GAME, session.view, /** @type {any} */ (move));
    if (!checked.legal) {
      refuse(checked.reason);
      return;
    }
    setVerdict("");
    const chosenFrom = session.view;
    const next = await api.play(session.session, /** @type {any} */ (move));
    if (mine !== round) return;
    history.push(before);
    keep(next);
    $("review").textContent = "Your last move: being reviewed…";
    delete $("review").dataset.grade;
    review(chosenFrom, move); // not waited for: the game goes on
  } catch (error) {
    refuse(problemText(error));
    return;
  }
  await show(mine);
}

/** Take back the seat's last move: the game as it was at that decision. */
async function undo() {
  const token = history.pop();
  if (!token) return;
  round++;
  const mine = round;
  try {
    keep(await api.session(token));
  } catch (error) {
    showError(problemText(error));
    return;
  }
  setVerdict("Your last move is taken back.");
  reviewed++;
  $("review").textContent = "";
  await show(mine);
}

/** A click (or Enter) on the board: the place names a field of the move (a card, a cell...);
 * with what was named before, the one move left is played, or the moves left are marked. */
function boardChoice(/** @type {Element} */ target) {
  if (!session || !session.you_decide) return;
  const place = target.closest("#picture [data-choice]");
  if (!place) {
    const known = target.closest("#picture [data-dessert], #picture [data-slot], #picture [data-card]");
    const name = ["dessert", "slot", "card"].find((field) => known?.hasAttribute(`data-${field}`));
    if (known && name) setVerdict(`Not allowed: no legal move takes ${name} ${known.getAttribute(`data-${name}`)} now`, true);
    return;
  }
  /** @type {[string, string][]} */
  const pairs = JSON.parse(place.getAttribute("data-choice") || "[]");
  if (pairs.some(([f]) => f === "tourist" || f === "tourists")) {
    touristChoice(pairs[0]);
    return;
  }
  const fits = (/** @type {Record<string, string>} */ wanted) =>
    legal.filter(({ move }) => Object.entries(wanted).every(([f, v]) => f in move && valueOf(move[f]) === v));
  // a field not named yet narrows the choice; else the place starts a new one
  const tries = [
    ...pairs.filter(([f]) => !(f in picked)).map(([f, v]) => ({ ...picked, [f]: v })),
    ...pairs.map(([f, v]) => ({ [f]: v })),
  ];
  const wanted = tries.find((t) => fits(t).length > 0);
  if (!wanted) {
    const [field, value] = pairs[0] || ["", ""];
    setVerdict(`Not allowed: no legal move takes ${field} ${value} now`, true);
    return;
  }
  const matches = fits(wanted);
  picked = wanted;
  document.body.dataset.picked = Object.keys(picked).join(",");
  const left = new Set(matches);
  legal.forEach((listed, index) => rowOf(index)?.classList.toggle("picked", left.has(listed)));
  if (matches.length === 1) {
    choose(matches[0].move);
    return;
  }
  markTargets($("picture"), matches.map((m) => m.move), "option", Object.keys(picked));
  markTargets($("picture"), [picked], "chosen");
  const said = Object.entries(picked).map(([f, v]) => `${f} ${v}`).join(", ");
  setVerdict(`${matches.length} moves take ${said}: choose the rest on the board (marked) or in the list`);
}

/** A click in a tourist step: a tourist is added to those chosen (or, chosen already, taken
 * out), "done" welcomes those chosen, in the order chosen where the rules allow it, else in
 * the order they allow; they are welcomed at once when no other list of tourists holds them. */
function touristChoice(/** @type {[string, string]} */ [field, id]) {
  const done = field === "tourists";
  const wanted = done ? touring : touring.includes(id) ? touring.filter((t) => t !== id) : [...touring, id];
  const lists = legal.filter(({ move }) => Array.isArray(move.tourists) && wanted.every((t) => move.tourists.includes(t)));
  const whole = lists.filter(({ move }) => move.tourists.length === wanted.length);
  const exact = whole.find(({ move }) => same(move.tourists, wanted)) || whole[0];
  const names = wanted.map(touristWords).join(" and ");
  if (exact && (done || lists.length === whole.length)) {
    choose(exact.move);
    return;
  }
  if (lists.length === 0 || done) {
    setVerdict(`Not allowed: your park cannot welcome ${names || "these tourists"} together`, true);
    return;
  }
  touring = wanted;
  document.body.dataset.picked = touring.map(() => "tourist").join(",");
  /** @type {[string, string][]} */
  const next = lists.flatMap(({ move }) => move.tourists.filter((/** @type {string} */ t) => !wanted.includes(t)).map((/** @type {string} */ t) => ["tourist", t]));
  markChoices($("picture"), "option", exact ? [...next, ["tourists", "done"]] : next);
  markChoices($("picture"), "chosen", wanted.map((t) => ["tourist", t]));
  setVerdict(
    touring.length
      ? `Chosen: ${names}. Choose another tourist, or Done to welcome ${touring.length > 1 ? "them" : "it"}`
      : "No tourist chosen: choose one, or Done to welcome none",
  );
}

/** A tourist as a player reads it: what it asks for. */
function touristWords(/** @type {string} */ id) {
  const card = $("picture").querySelector(`.tourist[data-card="${CSS.escape(id)}"] > title`)?.textContent || id;
  return card.replace(/^tourist \S+: /, "").replace(/ \(\d+ points\)$/, "");
}

/** One rung more of the hint ladder: where to look, then what to look at, then the move
 * (ringed on the board, marked in the list, and a button that plays it). */
async function hint() {
  if (!session || !session.you_decide) return;
  if (rung >= LADDER.length) {
    /** @type {HTMLElement | null} */ ($("hints").querySelector("button.play-hint"))?.focus();
    return;
  }
  const mine = round;
  const view = session.view;
  const level = rung + 1;
  let answer;
  try {
    answer = /** @type {Record<string, any>} */ (await api.hint(GAME, view, /** @type {any} */ ({ level })));
  } catch (error) {
    showError(problemText(error));
    return;
  }
  if (mine !== round || session.view !== view || rung !== level - 1) return;
  rung = level;
  $("hint").textContent = LADDER[Math.min(rung, LADDER.length - 1)];
  /** @type {HTMLButtonElement} */ ($("hint")).disabled = rung >= LADDER.length;
  const item = document.createElement("li");
  item.className = "rung";
  item.dataset.level = String(level);
  item.textContent = String(answer.text || "");
  $("hints").append(item);
  if (!answer.move) return;
  const move = /** @type {Record<string, any>} */ (answer.move);
  item.classList.add("best");
  const made = document.createElement("button");
  made.type = "button";
  made.className = "play-hint";
  made.textContent = `Play it: ${moveText(move, answer.label)} (Enter)`;
  made.addEventListener("click", () => choose(move));
  item.append(" ", made);
  legal.forEach((listed, index) => rowOf(index)?.classList.toggle("best", same(listed.move, move)));
  markTargets($("picture"), [move], "best");
  $("moves").querySelector("li.best")?.scrollIntoView({ block: "nearest" });
  made.focus();
}

/** How good the seat's move was, asked with the view it was chosen from; shown when it comes. */
async function review(/** @type {Record<string, any>} */ view, /** @type {Record<string, any> | string} */ move) {
  const mine = ++reviewed;
  let answer;
  try {
    answer = /** @type {Record<string, any>} */ (await api.request("POST", `/v1/${GAME}/review`, { state: view, move }));
  } catch {
    return; // a review is a courtesy: the game goes on without it
  }
  if (mine !== reviewed) return;
  $("review").textContent = reviewText(answer);
  $("review").dataset.grade = String(answer.grade);
}

/** A review in a line: the grade, and for a move that is not the best, the best and what it gets. */
function reviewText(/** @type {Record<string, any>} */ answer) {
  const grade = String(answer.grade);
  const said = `Your last move (${answer.label || moveText(answer.move)}): ${GRADES[grade] || grade}.`;
  if (grade === "best") return said;
  const best = answer.best || {};
  const why = (answer.because || []).map((/** @type {{text: string}} */ fact) => fact.text).join(" ");
  return `${said} Best was: ${best.label || moveText(best.move || {})}.${why ? ` ${why}` : ""}`;
}

function showScores(/** @type {import("/static/monsters-client.js").Scores} */ scores) {
  const table = $("scores");
  const lines = [...new Set(scores.scores.flatMap((s) => Object.keys(s.lines)))];
  const cell = (/** @type {string} */ tag, /** @type {string} */ text) => {
    const made = document.createElement(tag);
    made.textContent = text;
    return made;
  };
  const head = document.createElement("tr");
  head.append(cell("th", "line"), ...scores.scores.map((s) => cell("th", `seat ${s.seat}`)));
  const totals = document.createElement("tr");
  totals.className = "totals";
  totals.append(cell("th", "total"), ...scores.scores.map((s) => {
    const made = cell("td", String(s.total));
    made.className = "total";
    made.dataset.seat = String(s.seat);
    if (session && s.seat === session.seat) made.classList.add("you");
    if (scores.winners.includes(s.seat)) made.classList.add("winner");
    return made;
  }));
  const rows = lines.map((line) => {
    const row = document.createElement("tr");
    row.append(cell("th", line), ...scores.scores.map((s) => cell("td", String(s.lines[line] ?? ""))));
    return row;
  });
  const caption = document.createElement("caption");
  caption.textContent = "Seats across, score lines down; your seat is marked (you).";
  table.replaceChildren(caption, head, totals, ...rows);
  for (const th of head.querySelectorAll("th")) if (session && th.textContent === `seat ${session.seat}`) th.textContent += " (you)";
}

/** Who won, from the seat's side (by team where there are teams), and why. */
function showEnd(/** @type {import("/static/monsters-client.js").Scores} */ scores) {
  const you = session ? session.seat : -1;
  const total = (/** @type {number} */ seat) => scores.scores.find((s) => s.seat === seat)?.total ?? 0;
  const detail = /** @type {Record<string, any>} */ (scores.detail || {});
  /** @type {{seats: number[], score: number}[]} */
  const teams = Array.isArray(detail.teams) ? detail.teams : [];
  let said;
  if (teams.length > 0) {
    const ours = teams.find((t) => t.seats.includes(you));
    const best = Math.max(...teams.filter((t) => t !== ours).map((t) => t.score));
    const won = scores.winners.includes(you);
    const tied = won && scores.winners.length > (ours ? ours.seats.length : 1);
    said = `Your team (seats ${ours?.seats.join(" and ")}) ${tied ? "tied" : won ? "won" : "lost"}, ${ours?.score} to ${best}.`;
  } else {
    const others = scores.scores.filter((s) => s.seat !== you);
    const best = others.reduce((a, b) => (b.total > a.total ? b : a), others[0]);
    const won = scores.winners.includes(you);
    const tied = won && scores.winners.length > 1;
    const winner = scores.winners.map((s) => `seat ${s}`).join(" and ");
    said = tied
      ? `You tied with ${scores.winners.filter((s) => s !== you).map((s) => `seat ${s}`).join(" and ")}, ${total(you)} to ${best.total}.`
      : won
        ? `You won, ${total(you)} to ${best.total}.`
        : `You lost: ${winner} won, ${total(scores.winners[0])} to your ${total(you)}.`;
  }
  $("result").textContent = `Game over. ${said}`;
  $("why").textContent = String(detail.text || "The score pad below has every line of the score.");
  $("status").textContent = "Game over";
  document.body.dataset.turn = "over";
}

async function tryOwn(/** @type {Event} */ event) {
  event.preventDefault();
  const text = /** @type {HTMLInputElement} */ ($("own-move")).value.trim();
  let move;
  try {
    move = text.startsWith("{") ? JSON.parse(text) : text;
  } catch {
    setVerdict("Not allowed: the move is not JSON", true);
    return;
  }
  await choose(move);
}

function keys(/** @type {KeyboardEvent} */ event) {
  const target = /** @type {HTMLElement} */ (event.target);
  if (event.ctrlKey || event.metaKey || event.altKey || ["INPUT", "TEXTAREA", "SELECT"].includes(target.tagName)) return;
  if ((event.key === "Enter" || event.key === " ") && target.closest("#picture [data-choice]")) boardChoice(target);
  else if (event.key === "h") hint();
  else if (event.key === "n") start();
  else if (event.key === "u") undo();
  else return;
  event.preventDefault();
}

async function main() {
  showTexts();
  try {
    await setUpForm();
  } catch (error) {
    showError(problemText(error));
    return;
  }
  if (matchMedia("(max-width: 480px)").matches) /** @type {HTMLDetailsElement} */ ($("new-game")).open = false;
  $("setup").addEventListener("submit", start);
  $("hint").addEventListener("click", hint);
  $("undo").addEventListener("click", undo);
  $("own").addEventListener("submit", tryOwn);
  $("picture").addEventListener("click", (event) => boardChoice(/** @type {Element} */ (event.target)));
  document.addEventListener("keydown", keys);
  document.body.dataset.ready = "true";
  if (query.has("start") || !(await resume())) await start();
}

main();
