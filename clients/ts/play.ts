/**
 * Plays Monster Park, Very Big Monster and Monstrolicious over the HTTP API alone,
 * typed by the client generated from the service's OpenAPI document: every seat in
 * turn gets its own view, asks for a hint and plays the best move, until the game
 * ends; then the score pad.
 *
 * `team` plays one seat of a Very Big Monster team game against bots through
 * `/v1/sessions`, its mode and player count read from `GET /v1/games`: it plays the
 * first move `legal` lists by its notation, climbs the hint ladder and reviews its own
 * move at its first decisions, and prints what each answer says happened.
 *
 *     npm run types && npm run build && npm run play -- [BASE_URL] [GAME ...]
 *
 * BASE_URL: the service (default $MONSTERS_URL, else http://127.0.0.1:8000).
 * GAME: park, vbm, monstrolicious or team (default: all four).
 */
import createClient from "openapi-fetch";
import type { components, paths } from "./api.js";

const PLAYERS = 2;
const SEED = 1;
const BUDGET_MS = 20;
const MAX_STEPS = 1000;

/** The JSON body a route answers with when it succeeds, as the schema writes it. */
type Answer<P extends keyof paths> = paths[P] extends {
  post: { responses: { 200: { content: { "application/json": infer A } } } };
}
  ? A
  : never;

/** Where the game stands: the same shape in every game. */
type Turn = Answer<"/v1/park/new">["turn"];
/** What the loop reads of any game's score pad: each seat's total, and the winners. */
type Tally = Pick<Answer<"/v1/park/score">, "scores" | "winners">;

/** One game's routes, typed by its own state, view, move and score pad. */
interface Rules<State, View, Move, Score extends Tally> {
  start(): Promise<{ state: State; turn: Turn }>;
  view(state: State, seat: number): Promise<View>;
  best(view: View, seat: number): Promise<Move | undefined>;
  apply(state: State, move: Move): Promise<{ state: State; turn: Turn }>;
  score(state: State): Promise<Score>;
}

/**
 * A game's routes, their types read from what the client's calls return (openapi-fetch
 * reads a tuple in an answer as an array, so they are not quite the schema's types).
 */
function rules<State, View, Move, Score extends Tally>(
  routes: Rules<State, View, Move, Score>,
): Rules<State, View, Move, Score> {
  return routes;
}

const client = createClient<paths>({
  baseUrl: process.argv[2] ?? process.env["MONSTERS_URL"] ?? "http://127.0.0.1:8000",
});

/** The answer's body, or an error naming the status and the problem the service sent. */
async function ok<T, E>(call: Promise<{ data?: T; error?: E; response: Response }>): Promise<T> {
  const { data, error, response } = await call;
  if (data === undefined) {
    throw new Error(`${response.url}: ${response.status} ${JSON.stringify(error)}`);
  }
  return data;
}

const park = rules({
  start: () => ok(client.POST("/v1/park/new", { body: { players: PLAYERS, seed: SEED } })),
  view: async (state, seat) =>
    (await ok(client.POST("/v1/park/view", { body: { state, seat } }))).view,
  best: async (view, seat) => {
    const body = { state: view, seat, top: 1, budget_ms: BUDGET_MS };
    return (await ok(client.POST("/v1/park/hint", { body }))).moves[0]?.move;
  },
  apply: (state, move) => ok(client.POST("/v1/park/apply", { body: { state, move } })),
  score: (state) => ok(client.POST("/v1/park/score", { body: { state } })),
});

const vbm = rules({
  start: () => ok(client.POST("/v1/vbm/new", { body: { players: PLAYERS, seed: SEED } })),
  view: async (state, seat) =>
    (await ok(client.POST("/v1/vbm/view", { body: { state, seat } }))).view,
  best: async (view, seat) => {
    const body = { state: view, seat, top: 1, budget_ms: BUDGET_MS };
    return (await ok(client.POST("/v1/vbm/hint", { body }))).moves[0]?.move;
  },
  apply: (state, move) => ok(client.POST("/v1/vbm/apply", { body: { state, move } })),
  score: (state) => ok(client.POST("/v1/vbm/score", { body: { state } })),
});

const monstrolicious = rules({
  start: () =>
    ok(client.POST("/v1/monstrolicious/new", { body: { players: PLAYERS, seed: SEED } })),
  view: async (state, seat) =>
    (await ok(client.POST("/v1/monstrolicious/view", { body: { state, seat } }))).view,
  best: async (view, seat) => {
    const body = { state: view, seat, top: 1, budget_ms: BUDGET_MS };
    return (await ok(client.POST("/v1/monstrolicious/hint", { body }))).moves[0]?.move;
  },
  apply: (state, move) => ok(client.POST("/v1/monstrolicious/apply", { body: { state, move } })),
  score: (state) => ok(client.POST("/v1/monstrolicious/score", { body: { state } })),
});

/** Plays one game to its end (or MAX_STEPS moves); a line saying how it went. */
async function playOut<State, View, Move, Score extends Tally>(
  name: string,
  game: Rules<State, View, Move, Score>,
): Promise<Outcome> {
  let { state, turn } = await game.start();
  let steps = 0;
  while (!turn.terminal && steps < MAX_STEPS) {
    const seat = turn.waiting[0];
    if (seat === undefined) {
      throw new Error(`${name}: no seat is waiting in the step ${turn.phase}`);
    }
    const move = await game.best(await game.view(state, seat), seat);
    if (move === undefined) {
      throw new Error(`${name}: the hint offers seat ${seat} no move`);
    }
    ({ state, turn } = await game.apply(state, move));
    steps += 1;
  }
  const score = await game.score(state);
  const totals = score.scores.map((pad) => `seat ${pad.seat} ${pad.total}`).join(", ");
  const end = turn.terminal ? `winners ${score.winners.join(" ")}` : "not over";
  return { line: `${name}: ${steps} moves; ${totals}; ${end}`, over: turn.terminal };
}

type Outcome = { line: string; over: boolean };

const TEAM_MODE = "team";
/** The decisions of the seat played at which it climbs the hint ladder and reviews its move. */
const COACHED = 2;

/** The session routes that play the team game, typed as the client's calls return them. */
const sessions = {
  start: (players: number, seat: number, seed: number) => {
    const body = { players, seat, seed, settings: { mode: TEAM_MODE } };
    return ok(client.POST("/v1/sessions", { body: { game: "vbm", ...body } }));
  },
  move: (session: string, move: string) =>
    ok(client.POST("/v1/sessions/move", { body: { session, move } })),
  bot: (session: string) => ok(client.POST("/v1/sessions/bot", { body: { session } })),
};

/** A session's answer: the seat's view of whichever game it plays (told apart by `game`). */
type Session = Awaited<ReturnType<typeof sessions.bot>>;
/** Very Big Monster's answer, its view that game's and its events that game's. */
type VbmSession = Extract<Session, { game: "vbm" }>;
type VbmView = VbmSession["view"];
/** A rung of the hint ladder. */
type Level = NonNullable<components["schemas"]["VbmHintRequest"]["level"]>;

/**
 * Very Big Monster's entry in `GET /v1/games`: its team mode, the fewest players it
 * takes, and the seats of seat 0's side at that count.
 */
async function teamSetUp(): Promise<{ title: string; players: number; side: number[] }> {
  const { games } = await ok(client.GET("/v1/games"));
  const entry = games.find((game) => game.name === "vbm");
  const modes = entry?.setting_details["mode"]?.values ?? [];
  const counts = entry?.modes[TEAM_MODE] ?? [];
  if (entry === undefined || !modes.includes(TEAM_MODE) || counts.length === 0) {
    throw new Error("Very Big Monster offers no team mode");
  }
  const players = Math.min(...counts);
  const seated = entry.seating.find((s) => s.mode === TEAM_MODE && s.players === players);
  const side = seated?.sides.find((seats) => seats.includes(0));
  if (side === undefined) {
    throw new Error(`Very Big Monster seats no team of ${players} players`);
  }
  return { title: entry.title, players, side };
}

/** The answer, as Very Big Monster's; prints what it says happened, as the seat played may see it. */
function told(answer: Session): VbmSession {
  if (answer.game !== "vbm") {
    throw new Error(`the session plays ${answer.game}, not vbm`);
  }
  for (const event of answer.events) {
    console.log(`team: event ${event.code}: ${event.text}`);
  }
  return answer;
}

/** The three rungs of the hint ladder for the view's seat, each printed. */
async function climbLadder(view: VbmView): Promise<void> {
  const levels: Level[] = [1, 2, 3];
  for (const level of levels) {
    const body = { state: view, level, budget_ms: BUDGET_MS };
    const rung = await ok(client.POST("/v1/vbm/hint", { body }));
    console.log(`team: hint ${level}: ${rung.text ?? ""}`);
  }
}

/** The review of a move the seat played from the view, printed. */
async function review(view: VbmView, notation: string): Promise<void> {
  const body = { state: view, move: notation, budget_ms: BUDGET_MS };
  const answer = await ok(client.POST("/v1/vbm/review", { body }));
  const { label, grade, rank, moves, best } = answer;
  const better = `best: ${best.label} (${best.summary})`;
  console.log(`team: review: ${label}: ${grade} (rank ${rank} of ${moves}); ${better}`);
  for (const fact of answer.because) {
    console.log(`team: because ${fact.code}: ${fact.text}`);
  }
}

/** Plays one seat of a Very Big Monster team game to its end against the service's bots. */
async function playTeam(): Promise<Outcome> {
  const { title, players, side } = await teamSetUp();
  let answer = told(await sessions.start(players, 0, SEED));
  const mates = side.filter((seat) => seat !== answer.seat).join(" ");
  const seated = `${players} players; seat ${answer.seat} with ${mates}`;
  console.log(`team: ${title}, ${TEAM_MODE} mode, ${seated}`);
  let mine = 0;
  let steps = 0;
  while (!answer.turn.terminal && steps < MAX_STEPS) {
    const session = answer.session;
    if (answer.you_decide) {
      const view = answer.view;
      const listed = (await ok(client.POST("/v1/vbm/legal", { body: { state: view } }))).moves;
      const move = listed[0];
      if (move === undefined) {
        throw new Error(`team: seat ${answer.seat} has no legal move`);
      }
      if (mine < COACHED) {
        await climbLadder(view);
        await review(view, move.notation);
      }
      console.log(`team: you play ${move.notation}: ${move.label}`);
      answer = told(await sessions.move(session, move.notation));
      mine += 1;
    } else if (answer.bot_decides) {
      answer = told(await sessions.bot(session));
    } else {
      throw new Error(`team: nobody decides in the step ${answer.turn.phase}`);
    }
    steps += 1;
  }
  const score = await ok(client.POST("/v1/vbm/score", { body: { state: answer.view } }));
  const end = answer.turn.terminal ? `winners ${score.winners.join(" ")}` : "not over";
  return { line: `team: ${steps} decisions, ${mine} yours; ${end}`, over: answer.turn.terminal };
}

const GAMES: Record<string, () => Promise<Outcome>> = {
  park: () => playOut("park", park),
  vbm: () => playOut("vbm", vbm),
  monstrolicious: () => playOut("monstrolicious", monstrolicious),
  team: playTeam,
};

async function main(names: string[]): Promise<boolean> {
  let allOver = true;
  for (const name of names.length > 0 ? names : Object.keys(GAMES)) {
    const play = GAMES[name];
    if (play === undefined) {
      throw new Error(`no game ${JSON.stringify(name)}: park, vbm, monstrolicious or team`);
    }
    const { line, over } = await play();
    console.log(line);
    allOver &&= over;
  }
  return allOver;
}

process.exitCode = (await main(process.argv.slice(3))) ? 0 : 1;
