"""Games against the bots for the play pages: the full state sealed in a token the page holds.

A page that plays one seat against bots needs the bots' moves, and a bot's move
needs the full state (its hand, the deck it draws from). Sent to the page, the
full state would show it every hidden card. So the service seals the whole game
(:class:`Session`: the full state, the page's seat, the bots, the seed and how
many decisions were made) into an opaque token (``api.services.sealed``) and
answers it beside what the page's seat sees: its view and whose decision it is.
The page sends the token back with each request and keeps the new one each
answer carries. Nothing is kept on the service, so any worker and any replica
with the same secret serves any game, and no game can be evicted or expire.

A session acts only for its seat: a move naming another seat is refused as
:data:`NOT_YOUR_SEAT`, whatever that seat holds, and every move is checked
against the seat's view, so a refusal quotes only what the seat sees. Bots
decide only through :meth:`Sessions.bot`; a bot's move is a function of the
token alone (its randomness flows from the game's seed, its seat and the
decision's number), so asking again gives the same move. Search bots take at
at most ``BOT_BUDGET_TIMES`` their game's own budget a decision.

>>> sessions = Sessions("a secret of the service, long enough to be a key")
>>> answer = sessions.start("park", players=2, seat=0, bots=["easy"], seed=3)
>>> answer["seat"], answer["turn"]["to_move"], answer["bots"], "view_of" in answer["view"]
(0, 0, {'1': 'easy'}, True)
>>> sessions.read(answer["session"]).state.seed
3
>>> try:
...     sessions.start("park", players=2, bots=["mcts:5000"])
... except FieldError as err:
...     print(err.field, "mcts:60 (twice" in str(err))
bots.0 True
"""

from __future__ import annotations

import functools
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from api.services.errors import FieldError, in_field
from api.services.games import new_seed
from api.services.sealed import BadSealError, Seal
from solver.arena import player_factory
from solver.errors import (
    GameOverError,
    IllegalMoveError,
    MonsterError,
    NotationError,
    NotYourTurnError,
)
from solver.game import AnyGame, Json, Player, PlayerFactory, Seat, get_game
from solver.mcts import Budgeted
from solver.seats import check_seat

BOT_BUDGET_TIMES = 2
"""A session's search bot takes at most this many times its game's own budget a decision
(the game's own takes half a second to a second on this project's machine), so it
answers within a request's time."""
STRENGTHS = {"easy": "random", "medium": "greedy", "hard": "hint"}
"""Named strengths a page may ask for, and the player each names."""
MAX_SEED = 2**64 - 1
NOT_YOUR_SEAT = "not your seat"
"""The whole refusal of a move for another seat: it says nothing of that seat."""


@dataclass(frozen=True)
class Session:
    """One game: what a token holds.

    Attributes:
        game: the game played.
        state: the full state.
        seat: the seat the page plays.
        bots: the player of each other seat, as the page named it (``hard``, ``mcts:400``).
        seed: the game's seed, from which every bot's randomness flows.
        decisions: decisions made so far (the next one's number).
    """

    game: AnyGame
    state: Any
    seat: Seat
    bots: Mapping[Seat, str]
    seed: int
    decisions: int = 0

    def to_json(self) -> Json:
        """What the token seals."""
        return {
            "game": self.game.name,
            "state": self.state.to_json(),
            "seat": self.seat,
            "bots": {str(s): name for s, name in sorted(self.bots.items())},
            "seed": self.seed,
            "decisions": self.decisions,
        }

    def bot_seat(self) -> Seat:
        """The seat of the bot whose decision it is.

        Raises:
            GameOverError: the game has ended.
            NotYourTurnError: the page's seat decides now.
        """
        if self.state.is_terminal():
            raise GameOverError("the game is over: no bot has a move")
        mover: Seat = self.state.to_move
        if mover not in self.bots:
            raise NotYourTurnError("your seat decides now, not a bot")
        return mover

    def bot(self) -> Player:
        """The player of the bot whose decision it is, seeded for this decision alone."""
        mover = self.bot_seat()
        seed = random.Random(f"{self.seed}/{mover}/{self.decisions}").getrandbits(63)
        return bot_factory(self.game, self.bots[mover])(seed)

    def after(self, move: Any) -> Session:
        """The game once ``move`` is played (the state checks it)."""
        return replace(self, state=self.state.apply(move), decisions=self.decisions + 1)


def bot_factory(game: AnyGame, name: str) -> PlayerFactory:
    """The players a session's bot ``name`` names: a strength, a player of the game, or
    a search player's budget (``mcts:N``, ``search:N``) up to :func:`most_for` it.

    Raises:
        NotationError: none of these.
    """
    player = STRENGTHS.get(name, name)
    if player.partition(":")[0] not in game.players:
        raise NotationError(
            f"unknown bot {name!r}: choose from {', '.join(STRENGTHS)}, {', '.join(game.players)}"
            " or a search with its budget (mcts:N, search:N)"
        )
    factory = player_factory(game, player)
    if isinstance(factory, Budgeted) and factory.count > most_for(factory):
        base = player.partition(":")[0]
        raise NotationError(
            f"a session's {base} bot in {game.title} takes at most {base}:{most_for(factory)}"
            f" (twice the game's own budget), not {base}:{factory.count}"
        )
    return factory


def most_for(factory: Budgeted) -> int:
    """The largest budget a session's bot of ``factory`` may take a decision:
    ``BOT_BUDGET_TIMES`` the game's own, so it answers within a request's time."""
    return BOT_BUDGET_TIMES * factory.standard


def _bad(name: str, message: str) -> FieldError:
    return FieldError(name, NotationError(message))


def _own(session: Session, named: object) -> None:
    """A move naming a seat must name the page's."""
    if named is not None and named != session.seat:
        raise FieldError("move.seat", IllegalMoveError(NOT_YOUR_SEAT))


class Sessions:
    """Starts games against bots and plays them on, each held in its token.

    Args:
        secret: the service's secret (``MONSTERS_SECRET``); every service with the
            same one reads the others' tokens.
    """

    def __init__(self, secret: str) -> None:
        self._seal = Seal(secret)

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

        ``bots`` names one bot per other seat (:func:`bot_factory`); omitted, every
        other seat is ``greedy``.

        Raises:
            FieldError: a bad ``players``, ``seat``, ``bots``, ``seed`` or ``settings``.
        """
        game = in_field("game", lambda: get_game(name))
        count = game.default_players if players is None else players
        in_field("players", lambda: game.check_players(count))
        in_field("seat", lambda: check_seat(seat, count))
        names = list(bots) if bots is not None else ["greedy"] * (count - 1)
        if len(names) != count - 1:
            raise _bad("bots", f"{count} players need {count - 1} bots, not {len(names)}")
        for index, bot in enumerate(names):
            in_field(f"bots.{index}", functools.partial(bot_factory, game, bot))
        if seed is not None and not 0 <= seed <= MAX_SEED:
            raise _bad("seed", f"the seed must be in 0..2**64-1, not {seed}")
        chosen = new_seed() if seed is None else seed
        state = in_field("settings", lambda: game.new(count, chosen, settings or None))
        others = [s for s in range(count) if s != seat]
        seated = dict(zip(others, names, strict=True))
        return self.answer(Session(game, state, seat, seated, chosen))

    def read(self, token: object) -> Session:
        """The game a token holds.

        Raises:
            FieldError: the token does not read (``session``: a ``BadSealError``).
        """
        document = in_field("session", lambda: self._seal.open(token))
        try:
            game = get_game(document["game"])
            bots = {int(s): str(name) for s, name in document["bots"].items()}
            seat, seed, decisions = document["seat"], document["seed"], document["decisions"]
            state = game.from_json(document["state"])
        except (MonsterError, KeyError, TypeError, ValueError, AttributeError):
            # sealed by this key but no longer read by this release
            raise FieldError("session", BadSealError()) from None
        return Session(game, state, int(seat), bots, int(seed), int(decisions))

    def view(self, token: str) -> Json:
        """The game's answer as it stands (the view of its seat, the turn)."""
        return self.answer(self.read(token), token)

    def move(self, token: str, move_doc: object) -> Json:
        """The page's seat plays ``move_doc`` (its JSON, as ``legal`` lists it, or its
        notation: ``Game.read_move``), checked against that seat's view.

        Raises:
            GameOverError: the game has ended.
            NotYourTurnError: a bot decides now.
            FieldError: the move names another seat (``move.seat``), does not read
                or breaks a rule (``move``).
        """
        session = self.read(token)
        state, game = session.state, session.game
        if state.is_terminal():
            raise GameOverError("the game is over: there is no move to make")
        if state.to_move != session.seat:
            raise NotYourTurnError(f"not your turn: seat {state.to_move} decides")
        if isinstance(move_doc, Mapping):
            _own(session, move_doc.get("seat"))
        move = in_field("move", lambda: game.read_move(move_doc))
        _own(session, getattr(move, "seat", None))
        in_field("move", lambda: game.view(state, session.seat).check(move))
        try:
            after = session.after(move)
        except IllegalMoveError:  # the view allowed it: quote nothing the seat cannot see
            raise FieldError("move", IllegalMoveError("this move cannot be played now")) from None
        return self.answer(after, before=session)

    def bot(self, session: Session) -> Json:
        """The bot whose decision it is makes it: one decision (a page shows each in turn).

        Raises:
            GameOverError: the game has ended.
            NotYourTurnError: the page's seat decides now.
            SolverTimeoutError: the request's time ran out (nothing is played).
        """
        player = session.bot()
        return self.answer(session.after(player.choose(session.state)), before=session)

    def answer(
        self, session: Session, token: str | None = None, before: Session | None = None
    ) -> Json:
        """What the page may know: the token, its seat's view, the turn, who decides, and
        ``events``: what happened since ``before`` (the game as the last answer left it),
        told from its seat's two views alone (``Game.happened``); none without it.

        ``you_decide`` and ``bot_decides`` say which request moves the game on; in a
        simultaneous step they follow the order the rules engine takes the choices
        in, and a choice already made stays hidden in the view until all are revealed.
        """
        game, state, seat = session.game, session.state, session.seat
        view = game.view(state, seat)
        to_move = None if state.is_terminal() else state.to_move
        told = [] if before is None else game.happened(game.view(before.state, seat), view)
        return {
            "session": self._seal.close(session.to_json()) if token is None else token,
            "game": game.name,
            "seat": seat,
            "bots": {str(s): name for s, name in sorted(session.bots.items())},
            "view": view.to_json(),
            "turn": game.turn(view).to_json(),
            "you_decide": to_move == seat,
            "bot_decides": to_move is not None and to_move != seat,
            "events": [event.to_json() for event in told],
        }
