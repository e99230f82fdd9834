// monsters-client.js: a small client for the public /v1 API of monster-solver.
//
// An ES module with no dependencies: import it from /static/monsters-client.js.
// Every method answers the API's JSON document; a problem answer (4xx/5xx,
// application/problem+json) is thrown as a ProblemError carrying the problem.
//
//   import { MonstersClient } from "/static/monsters-client.js";
//   const api = new MonstersClient();
//   const { state } = await api.new("park", { players: 2, seed: 1 });
//   const { view } = await api.view("park", state, 0);
//   const { moves } = await api.hint("park", view, { top: 3 });

/** @typedef {string} GameName  a registered game's name, as `games()` lists them (`park`) */
/** @typedef {Record<string, any>} Doc  A state, a seat's view (`view_of`) or a move, as JSON. */
/**
 * @typedef {object} Turn
 * @property {number | null} to_move  the seat deciding next; null at the end
 * @property {number[]} waiting  every seat with a decision in this step
 * @property {boolean} terminal
 * @property {string} phase
 */
/**
 * @typedef {object} RankedMove
 * @property {Doc} move
 * @property {number} value
 * @property {string} reason  why, in a player's words
 * @property {Record<string, any> | null} [detail]
 */
/**
 * @typedef {object} Hint
 * @property {string} game
 * @property {number} seat
 * @property {RankedMove[]} moves  best first
 */
/**
 * @typedef {object} Score
 * @property {number} seat
 * @property {number} total
 * @property {Record<string, number>} lines  the score pad, line by line
 */
/**
 * @typedef {object} Scores
 * @property {string} game
 * @property {boolean} terminal
 * @property {Score[]} scores
 * @property {number[]} winners  empty until the end
 * @property {Record<string, any>} [detail]
 */
/**
 * @typedef {object} Session  a game against bots: your seat's view, and the whole game sealed
 * @property {string} session  the game's sealed token (opaque): send it with the next request
 * @property {string} game
 * @property {number} seat  your seat
 * @property {Record<string, string>} bots  the player in each other seat
 * @property {Doc} view  what your seat sees
 * @property {Turn} turn
 * @property {boolean} you_decide  send `move`
 * @property {boolean} bot_decides  ask `bot`
 */
/**
 * @typedef {object} GameEntry  one registered game, with what a front end needs to offer it
 * @property {GameName} name
 * @property {string} title  as printed on the box
 * @property {string} summary  what the game is, in one line
 * @property {number} min_players
 * @property {number} max_players
 * @property {number} default_players
 * @property {Record<string, number[]>} modes  mode (the `mode` setting) -> the player counts it takes; empty without modes
 * @property {Record<string, any>} settings  every rule setting with its default
 * @property {string[]} players  the players a bot may be (`mcts` and `search` also as `mcts:N`)
 */
/**
 * @typedef {object} SetUp
 * @property {number} [players]
 * @property {number} [seed]  omitted: 64 bits from the service's system
 * @property {Record<string, any>} [settings]  rule settings by name, e.g. VBM's `mode`
 */

/** A problem answer of the API: `status`, `type`, `detail` and the faulty fields. */
export class ProblemError extends Error {
  /**
   * @param {number} status
   * @param {Record<string, any>} problem  the application/problem+json body
   */
  constructor(status, problem) {
    super(problem.detail || problem.title || `HTTP ${status}`);
    this.name = "ProblemError";
    /** @type {number} */ this.status = status;
    /** @type {string} */ this.type = problem.type || "about:blank";
    /** @type {{field: string, message: string, column?: number}[]} */
    this.errors = problem.errors || [];
    /** @type {Record<string, any>} */ this.problem = problem;
  }
}

export class MonstersClient {
  /** @param {string} [base]  the service's address; empty: the page's own */
  constructor(base = "") {
    this.base = base.replace(/\/$/, "");
  }

  /**
   * @param {string} method
   * @param {string} path
   * @param {any} [body]
   * @param {boolean} [text]  answer the body as text (a picture)
   * @returns {Promise<any>}
   */
  async request(method, path, body, text = false) {
    /** @type {RequestInit} */
    const init = { method, headers: {} };
    if (body !== undefined) {
      init.headers = { "content-type": "application/json" };
      init.body = JSON.stringify(body);
    }
    path = this.base + path;
    const response = await fetch(path, init);
    const type = response.headers.get("content-type") || "";
    if (!response.ok) {
      const problem = type.includes("json") ? await response.json() : { detail: await response.text() };
      throw new ProblemError(response.status, problem);
    }
    return text ? response.text() : response.json();
  }

  /** Every registered game. @returns {Promise<{games: GameEntry[]}>} */
  games() {
    return this.request("GET", "/v1/games");
  }

  /** @param {GameName} game @param {SetUp} [setUp] @returns {Promise<{state: Doc, turn: Turn}>} */
  new(game, setUp = {}) {
    return this.request("POST", `/v1/${game}/new`, setUp);
  }

  /** @param {GameName} game @param {Doc} state @param {Doc} move @returns {Promise<{state: Doc, turn: Turn}>} */
  apply(game, state, move) {
    return this.request("POST", `/v1/${game}/apply`, { state, move });
  }

  /** @param {GameName} game @param {Doc} state @param {number} seat @returns {Promise<{view: Doc, turn: Turn}>} */
  view(game, state, seat) {
    return this.request("POST", `/v1/${game}/view`, { state, seat });
  }

  /** @param {GameName} game @param {Doc} state  a state or a view @returns {Promise<{moves: Doc[]}>} */
  legal(game, state) {
    return this.request("POST", `/v1/${game}/legal`, { state });
  }

  /**
   * @param {GameName} game
   * @param {Doc} state  a state or a view
   * @param {{seat?: number, top?: number, budget_ms?: number}} [options]
   * @returns {Promise<Hint>}
   */
  hint(game, state, options = {}) {
    return this.request("POST", `/v1/${game}/hint`, { state, ...options });
  }

  /** @param {GameName} game @param {Doc} state @param {Doc} move @returns {Promise<{legal: boolean, reason: string}>} */
  validate(game, state, move) {
    return this.request("POST", `/v1/${game}/validate`, { state, move });
  }

  /** @param {GameName} game @param {Doc} state @returns {Promise<Scores>} */
  score(game, state) {
    return this.request("POST", `/v1/${game}/score`, { state });
  }

  /** The board as SVG text. @param {GameName} game @param {Doc} state @param {number} [seat] @returns {Promise<string>} */
  render(game, state, seat) {
    const body = seat === undefined ? { state } : { state, seat };
    return this.request("POST", `/v1/${game}/render.svg`, body, true);
  }

  /** @param {GameName} game @returns {Promise<Record<string, any>>} */
  cards(game) {
    return this.request("GET", `/v1/${game}/cards`);
  }

  /**
   * Start a game against bots; the full state comes back sealed in `session`, which only
   * the service reads. Bots: `easy`, `medium`, `hard`, or one of the game's `players` in
   * `games()` (`greedy`, `mcts`...), a search with its budget as `mcts:N` (N up to the
   * service's cap).
   * @param {GameName} game
   * @param {SetUp & {seat?: number, bots?: string[]}} [setUp]
   * @returns {Promise<Session>}
   */
  startSession(game, setUp = {}) {
    return this.request("POST", "/v1/sessions", { game, ...setUp });
  }

  /** The game a token holds, as your seat sees it. @param {string} token @returns {Promise<Session>} */
  session(token) {
    return this.request("POST", "/v1/sessions/view", { session: token });
  }

  /** Your seat plays a move. @param {string} token @param {Doc} move @returns {Promise<Session>} */
  play(token, move) {
    return this.request("POST", "/v1/sessions/move", { session: token, move });
  }

  /** The bot whose decision it is makes it (one decision). @param {string} token @returns {Promise<Session>} */
  bot(token) {
    return this.request("POST", "/v1/sessions/bot", { session: token });
  }
}
