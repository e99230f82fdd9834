"""Games against the bots, kept on the service: the full state never leaves it.

A page that plays one seat against bots needs the bots' moves, and a bot's move
needs the full state (its hand, the deck it draws from). Sent to the page, the
full state would show it every hidden card. So a :class:`SessionStore` keeps
each game's full state and its bots here, and answers only what the page's
seat sees: its view and whose decision it is. The page asks the public
``/v1/<game>/`` routes for its legal moves, hints, verdicts, score pad and
picture, all from that view.

The store is bounded: at most ``capacity`` games (the one used longest ago
makes room for a new one), each forgotten ``ttl`` seconds after it was last
used. A game's id is 128 random bits, so one page cannot guess another's.

>>> store = SessionStore()
>>> answer = store.start("park", players=2, seat=0, bots=["random"], seed=3)
>>> answer["seat"], answer["turn"]["to_move"], "view_of" in answer["view"]
(0, 0, True)
>>> store.start("park", players=2, seat=2, bots=["random"], seed=3)
Traceback (most recent call last):
...
api.services.errors.FieldError: seat 2 is not in 0..1
"""

from __future__ import annotations

import functools
import secrets
import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from api.services.errors import FieldError, in_field
from api.services.games import new_seed
from solver.arena import player_factory
from solver.errors import GameOverError, MonsterError, NotationError, NotYourTurnError
from solver.game import AnyGame, Json, Player, Seat, get_game

CAPACITY = 256
"""Games the store keeps at once."""
TTL_SECONDS = 30 * 60.0
"""A game not used for this long is forgotten."""
MAX_SEED = 2**64 - 1


class UnknownSessionError(MonsterError):
    """No game by that id: never started, or forgotten after ``TTL_SECONDS`` unused."""


@dataclass
class Session:
    """One game: its full state, the seat the page plays and the bots in the other seats."""

    game: AnyGame
    state: Any
    seat: Seat
    bots: dict[Seat, Player]
    used: float = field(default_factory=time.monotonic)


def _bad(name: str, message: str) -> FieldError:
    return FieldError(name, NotationError(message))


class SessionStore:
    """Games against the bots, by id; bounded in number and in time.

    Args:
        capacity: most games kept at once.
        ttl: seconds a game is kept after it was last used.
        clock: the time in seconds (``time.monotonic``; a test passes its own).
    """

    def __init__(
        self,
        capacity: int = CAPACITY,
        ttl: float = TTL_SECONDS,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.capacity = capacity
        self.ttl = ttl
        self.clock = clock
        self._games: OrderedDict[str, Session] = OrderedDict()
        self._lock = threading.Lock()

    def __len__(self) -> int:
        with self._lock:
            self._forget_old()
            return len(self._games)

    def start(
        self,
        name: str,
        players: int | None = None,
        seat: Seat = 0,
        bots: Sequence[str] | None = None,
        seed: int | None = None,
        settings: Mapping[str, Any] | None = None,
    ) -> Json:
        """A new game of ``name``; the page plays ``seat``, ``bots`` the other seats in order.

        ``bots`` names one player per other seat (``random``, ``greedy``, ``hint``,
        ``mcts`` where the game has it); omitted, every other seat is ``greedy``.
        Each bot's seed flows from the game's seed, so a seeded game replays.

        Raises:
            FieldError: a bad ``players``, ``seat``, ``bots``, ``seed`` or ``settings``.
        """
        game = in_field("game", lambda: get_game(name))
        count = game.default_players if players is None else players
        in_field("players", lambda: game.check_players(count))
        if not 0 <= seat < count:
            raise _bad("seat", f"seat {seat} is not in 0..{count - 1}")
        names = list(bots) if bots is not None else ["greedy"] * (count - 1)
        if len(names) != count - 1:
            raise _bad("bots", f"{count} players need {count - 1} bots, not {len(names)}")
        if seed is not None and not 0 <= seed <= MAX_SEED:
            raise _bad("seed", f"the seed must be in 0..2**64-1, not {seed}")
        chosen = new_seed() if seed is None else seed
        factories = [
            in_field(f"bots.{index}", functools.partial(player_factory, game, bot))
            for index, bot in enumerate(names)
        ]
        state = in_field("settings", lambda: game.new(count, chosen, settings or None))
        others = [s for s in range(count) if s != seat]
        made = {s: f(chosen + 1 + s) for s, f in zip(others, factories, strict=True)}
        session = Session(game, state, seat, made, self.clock())
        key = secrets.token_hex(16)
        with self._lock:
            self._forget_old()
            while len(self._games) >= self.capacity:
                self._games.popitem(last=False)
            self._games[key] = session
        return answer(key, session)

    def game_of(self, key: str) -> str:
        """The name of the game ``key`` plays.

        Raises:
            UnknownSessionError: no game by that id.
        """
        return self._session(key).game.name

    def get(self, key: str) -> Json:
        """The game's answer as it stands (the view of its seat, the turn)."""
        return answer(key, self._session(key))

    def move(self, key: str, move_doc: Mapping[str, Any]) -> Json:
        """The page's seat plays ``move_doc``.

        Raises:
            NotYourTurnError: a bot decides now.
            GameOverError: the game has ended.
            FieldError: the move does not read or breaks a rule (``move``).
        """
        session = self._session(key)
        state = session.state
        if state.is_terminal():
            raise GameOverError("the game is over: there is no move to make")
        if state.to_move != session.seat:
            raise NotYourTurnError(f"not your turn: seat {state.to_move} decides")
        if not isinstance(move_doc, Mapping):
            raise _bad("move", "the move must be a JSON object")
        move = in_field("move", lambda: session.game.move_from_json(move_doc))
        after = in_field("move", lambda: state.apply(move))
        self._replace(key, session, state, after)
        return answer(key, session)

    def bot(self, key: str) -> Json:
        """The bot whose decision it is makes it: one decision (a page shows each in turn).

        Raises:
            NotYourTurnError: the page's seat decides now.
            GameOverError: the game has ended.
        """
        session = self._session(key)
        state = session.state
        if state.is_terminal():
            raise GameOverError("the game is over: no bot has a move")
        player = session.bots.get(state.to_move)
        if player is None:
            raise NotYourTurnError("your seat decides now, not a bot")
        after = state.apply(player.choose(state))
        self._replace(key, session, state, after)
        return answer(key, session)

    def _session(self, key: str) -> Session:
        with self._lock:
            self._forget_old()
            session = self._games.get(key) if isinstance(key, str) else None
            if session is None:
                raise UnknownSessionError(
                    f"no game {key!r}: it was never started or has been forgotten"
                )
            session.used = self.clock()
            self._games.move_to_end(key)
            return session

    def _replace(self, key: str, session: Session, before: Any, after: Any) -> None:
        """The game moves on from ``before``, unless another request moved it first."""
        with self._lock:
            if session.state is not before:
                raise NotYourTurnError("the game moved on meanwhile: ask for it again")
            session.state = after
            session.used = self.clock()

    def _forget_old(self) -> None:
        cut = self.clock() - self.ttl
        while self._games:
            key, oldest = next(iter(self._games.items()))
            if oldest.used > cut:
                return
            del self._games[key]


def answer(key: str, session: Session) -> Json:
    """What the page may know: the game's id, its seat's view, the turn, who decides.

    ``you_decide`` and ``bot_decides`` say which request moves the game on; in a
    simultaneous step they follow the order the rules engine takes the choices in,
    and a choice already made stays hidden in the view until all are revealed.
    """
    game, state, seat = session.game, session.state, session.seat
    view = game.view(state, seat)
    to_move = None if state.is_terminal() else state.to_move
    return {
        "session": key,
        "game": game.name,
        "seat": seat,
        "bots": {str(s): p.name for s, p in sorted(session.bots.items())},
        "view": view.to_json(),
        "turn": game.turn(view).to_json(),
        "you_decide": to_move == seat,
        "bot_decides": to_move is not None and to_move != seat,
    }
