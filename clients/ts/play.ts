/**
 * Plays Monster Park, Very Big Monster and Monstrolicious over the HTTP API alone,
 * typed by the client generated from the service's OpenAPI document: every seat in
 * turn gets its own view, asks for a hint and plays the best move, until the game
 * ends; then the score pad.
 *
 *     npm run types && npm run build && npm run play -- [BASE_URL] [GAME ...]
 *
 * BASE_URL: the service (default $MONSTERS_URL, else http://127.0.0.1:8000).
 * GAME: park, vbm or monstrolicious (default: all three).
 */
import createClient from "openapi-fetch";
import type { paths } from "./api.js";

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

const GAMES: Record<string, () => Promise<Outcome>> = {
  park: () => playOut("park", park),
  vbm: () => playOut("vbm", vbm),
  monstrolicious: () => playOut("monstrolicious", monstrolicious),
};

async function main(names: string[]): Promise<boolean> {
  let allOver = true;
  for (const name of names.length > 0 ? names : Object.keys(GAMES)) {
    const play = GAMES[name];
    if (play === undefined) {
      throw new Error(`no game ${JSON.stringify(name)}: park, vbm or monstrolicious`);
    }
    const { line, over } = await play();
    console.log(line);
    allOver &&= over;
  }
  return allOver;
}

process.exitCode = (await main(process.argv.slice(3))) ? 0 : 1;
