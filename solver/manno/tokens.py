"""Tokens, token sets and arrangements.

A token shows one kind on side 0 and another on side 1. A token set is the
tokens a player holds, loaded from TOML (the standard set ships with the
package). An arrangement says which side of each token is up: the contract's
text is one ``0``/``1`` character per token, token 1 first.

>>> tokens = standard_tokens()
>>> len(tokens), tokens[0]
(15, Token(side0=<Kind.PB: 0>, side1=<Kind.TB: 1>))
>>> arrangement = Arrangement.parse("100000000000000")
>>> tokens.kind_counts(arrangement)
(4, 5, 3, 2, 1, 0)
"""

from __future__ import annotations

import functools
import tomllib
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from importlib import resources
from pathlib import Path

from solver.errors import NotationError, TokenSetError, quoted
from solver.files import read_user_file
from solver.manno.kinds import KINDS, Group, Kind


@dataclass(frozen=True)
class Token:
    """A two-sided token: ``side0`` is up when its bit is 0."""

    side0: Kind
    side1: Kind

    def up(self, side: int) -> Kind:
        """The kind showing when ``side`` (0 or 1) is up."""
        return self.side1 if side else self.side0


@dataclass(frozen=True)
class Arrangement:
    """Which side of each token is up; ``sides[i]`` belongs to token ``i + 1``.

    >>> a = Arrangement.parse("0000 0000 0000 001")
    >>> str(a), a.index
    ('000000000000001', 1)
    >>> Arrangement.from_index(1, 15) == a
    True
    """

    sides: tuple[int, ...]

    @classmethod
    def parse(cls, text: str, size: int | None = None) -> Arrangement:
        """Read ``0``/``1`` text (spaces ignored).

        Args:
            text: one character per token, token 1 first.
            size: the token count it must have, if known.

        Raises:
            NotationError: a character other than ``0``, ``1`` or a space, or a wrong length.
        """
        sides: list[int] = []
        for column, char in enumerate(text, start=1):
            if char in "01":
                if size is not None and len(sides) == size:
                    raise NotationError(
                        f"arrangement {quoted(text)} has more than {size} tokens", column
                    )
                sides.append(int(char))
            elif not char.isspace():
                raise NotationError(f"bad side {char!r} in arrangement {quoted(text)}", column)
        if not sides or (size is not None and len(sides) != size):
            want = f"{size} tokens" if size is not None else "at least one token"
            have = f"{len(sides)} token{'' if len(sides) == 1 else 's'}"
            raise NotationError(
                f"arrangement {quoted(text)} has {have}, it needs {want}", len(text) + 1
            )
        return cls(tuple(sides))

    @classmethod
    def zeros(cls, size: int) -> Arrangement:
        """Every token on side 0: the default start."""
        return cls((0,) * size)

    @classmethod
    def from_index(cls, index: int, size: int) -> Arrangement:
        """The arrangement whose text, read as a binary number, is ``index``."""
        return cls(tuple((index >> (size - 1 - i)) & 1 for i in range(size)))

    @property
    def index(self) -> int:
        """The text read as a binary number (token 1 is the highest bit)."""
        return int(str(self), 2)

    def flipped(self, tokens: Sequence[int]) -> Arrangement:
        """A copy with the given token numbers (1-based) turned over."""
        turn = set(tokens)
        return Arrangement(tuple(s ^ (i + 1 in turn) for i, s in enumerate(self.sides)))

    def diff(self, other: Arrangement) -> tuple[int, ...]:
        """Token numbers (1-based) whose side differs from ``other``."""
        return tuple(
            i + 1 for i, (a, b) in enumerate(zip(self.sides, other.sides, strict=True)) if a != b
        )

    def __len__(self) -> int:
        return len(self.sides)

    def __str__(self) -> str:
        return "".join(map(str, self.sides))

    def __repr__(self) -> str:
        return f"Arrangement.parse({str(self)!r})"


class TokenSet(Sequence[Token]):
    """An ordered set of tokens, with the arithmetic every engine needs.

    The count of a group in an arrangement ``x`` (``x[i]`` = 1 when token
    ``i + 1`` shows side 1) is ``base[g] + sum(delta[g][i] * x[i])``: ``base``
    counts the group's side-0 faces, ``delta`` is +1 where side 1 is in the
    group, -1 where side 0 is, 0 otherwise.
    """

    def __init__(self, tokens: Sequence[Token], name: str = "custom") -> None:
        if not tokens:
            raise TokenSetError("a token set needs at least one token")
        for number, token in enumerate(tokens, start=1):
            if token.side0 == token.side1:
                raise TokenSetError(f"token {number} shows {token.side0.name} on both sides")
        self.name = name
        self._tokens = tuple(tokens)

    def to_json(self) -> dict[str, object]:
        """The set as a front end draws it: its name, the six kinds in the
        contract's order with their words, and each token's two faces.

        >>> doc = standard_tokens().to_json()
        >>> doc["kinds"][0], doc["tokens"][0]
        ({'kind': 'PB', 'label': 'plump blue'}, {'token': 1, 'side0': 'PB', 'side1': 'TB'})
        """
        return {
            "name": self.name,
            "kinds": [{"kind": k.name, "label": k.label} for k in KINDS],
            "tokens": [
                {"token": n, "side0": t.side0.name, "side1": t.side1.name}
                for n, t in enumerate(self._tokens, start=1)
            ],
        }

    def __len__(self) -> int:
        return len(self._tokens)

    def __getitem__(self, index: int) -> Token:  # type: ignore[override]
        return self._tokens[index]

    def __iter__(self) -> Iterator[Token]:
        return iter(self._tokens)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, TokenSet) and self._tokens == other._tokens

    def __hash__(self) -> int:
        return hash(self._tokens)

    def __repr__(self) -> str:
        return f"TokenSet(<{len(self)} tokens>, name={self.name!r})"

    def base(self, group: Group) -> int:
        """How many of the group show with every token on side 0."""
        return sum(token.side0 in group.kinds for token in self._tokens)

    def delta(self, group: Group) -> tuple[int, ...]:
        """Per token: +1 / -1 / 0, the change in the group's count when flipped to side 1."""
        return tuple(
            (token.side1 in group.kinds) - (token.side0 in group.kinds) for token in self._tokens
        )

    def kind_counts(self, arrangement: Arrangement) -> tuple[int, ...]:
        """How many of each kind show, in kind order."""
        self.check(arrangement)
        counts = [0] * len(KINDS)
        for token, side in zip(self._tokens, arrangement.sides, strict=True):
            counts[token.up(side)] += 1
        return tuple(counts)

    def group_count(self, group: Group, arrangement: Arrangement) -> int:
        """How many monsters of the group show."""
        counts = self.kind_counts(arrangement)
        return sum(counts[k] for k in group.kinds)

    def check(self, arrangement: Arrangement) -> None:
        """Raise ``NotationError`` unless the arrangement has one side per token."""
        if len(arrangement) != len(self):
            raise NotationError(
                f"arrangement {str(arrangement)!r} has {len(arrangement)} tokens, "
                f"the token set has {len(self)}",
                min(len(arrangement), len(self)) + 1,
            )


def load_tokens(path: str | Path) -> TokenSet:
    """Load a token set from a TOML file shaped like ``data/tokens.toml``, where the
    user may name files (the command line: ``solver.files.allow_files``).

    Raises:
        TokenSetError: the file is missing, too large, not TOML, names an unknown
            kind, or files may not be named here.
    """
    return parse_tokens(read_user_file(path, "token set", TokenSetError), source=str(path))


def parse_tokens(text: str, source: str = "<text>") -> TokenSet:
    """Read a token set from TOML text: ``tokens = [["PB", "TB"], ...]``."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as err:
        raise TokenSetError(f"token set {source!r} is not valid TOML: {err}") from err
    raw = data.get("tokens")
    if not isinstance(raw, list):
        raise TokenSetError(f"token set {source!r} needs a list 'tokens'")
    tokens = []
    for number, pair in enumerate(raw, start=1):
        if not (
            isinstance(pair, list) and len(pair) == 2 and all(isinstance(s, str) for s in pair)
        ):
            raise TokenSetError(f"token {number} in {source!r} must be two kind names")
        try:
            tokens.append(Token(Kind[pair[0].upper()], Kind[pair[1].upper()]))
        except KeyError as err:
            raise TokenSetError(
                f"token {number} in {source!r}: unknown kind {err.args[0]!r}"
            ) from err
    return TokenSet(tokens, name=str(data.get("name", source)))


@functools.cache
def standard_tokens() -> TokenSet:
    """The 15 tokens of the game, in the contract's order."""
    text = resources.files("solver.manno").joinpath("data/tokens.toml").read_text("utf-8")
    return parse_tokens(text, source="standard")
