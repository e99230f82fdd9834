"""The facts behind a hint: why a ranked move is worth what it is, as data (docs/reasons.md).

A ranked move's ``because`` lists :class:`Fact` values: a stable kebab-case
``code`` and the numbers and names it is built from (``params``), so that a
front end can show, shorten or translate it. Each game lists every code it may
give in one registry (``solver/<game>/facts.py``, ``CODES``): the code's meaning
and an English template, which :func:`render` fills with the params. The
``summary`` beside it is one short sentence, at most :data:`SUMMARY_LENGTH`
characters, made by :func:`shorten` from the most telling parts first.

>>> codes = registry(Code("points-now", "The points the move scores this turn.",
...                       "Scores {points} points this turn"))
>>> render(Fact("points-now", {"points": 2.25}), codes)
'Scores 2.2 points this turn.'
>>> shorten(["+3 points now", "brings the tourist '4 water monsters' (+4)", "x" * 80])
"+3 points now and brings the tourist '4 water monsters' (+4)."
"""

from __future__ import annotations

import re
import string
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, TypeAlias

Json: TypeAlias = dict[str, Any]
Param: TypeAlias = str | int | float
"""A fact's parameter: a name as the game prints it, a count, points, a percentage."""

SUMMARY_LENGTH = 100
"""The most characters a summary has."""
KEBAB = re.compile(r"[a-z0-9]+(-[a-z0-9]+)*")


@dataclass(frozen=True)
class Fact:
    """One reason a move is worth what it is: a registered code and its parameters.

    Args:
        code: what kind of fact (kebab-case, in the game's ``CODES``).
        params: the names and numbers its template is filled with; a chance is a
            whole percentage (``percent``), points are rounded to one decimal.
    """

    code: str
    params: Mapping[str, Param] = field(default_factory=dict)

    def to_json(self) -> Json:
        """``{"code", "params"}``."""
        return {"code": self.code, "params": dict(self.params)}

    @classmethod
    def from_json(cls, doc: Mapping[str, Any]) -> Fact:
        """A fact as :meth:`to_json` writes it."""
        return cls(str(doc["code"]), dict(doc.get("params", {})))


@dataclass(frozen=True)
class Code:
    """One code of a game's registry.

    Args:
        code: the code (kebab-case).
        meaning: what it says, for the docs and the schema.
        template: the English sentence, ``{name}`` for each parameter.
    """

    code: str
    meaning: str
    template: str

    @property
    def params(self) -> tuple[str, ...]:
        """The parameters the template names, in its order."""
        fields = (name for _, name, _, _ in string.Formatter().parse(self.template))
        return tuple(dict.fromkeys(name for name in fields if name))


@dataclass(frozen=True)
class Reason:
    """A reason as a hint builds it, part by part: the full text, its facts, and the
    short parts a summary is made of (most telling first); ``+`` joins two.

    >>> said = Reason("+2 points now", (Fact("points-now", {"points": 2}),), ("+2 points now",))
    >>> (said + Reason("; later more", short=("more later",))).summary
    '+2 points now and more later.'
    """

    text: str = ""
    facts: tuple[Fact, ...] = ()
    short: tuple[str, ...] = ()

    def __add__(self, other: Reason) -> Reason:
        return Reason(self.text + other.text, self.facts + other.facts, self.short + other.short)

    @property
    def summary(self) -> str:
        """The short parts as one sentence (:func:`shorten`)."""
        return shorten(self.short)


Registry: TypeAlias = Mapping[str, Code]
"""A game's codes by name."""

BETTER_VALUE = Code(
    "better-value",
    "A review: the best move is worth more in the hint's value, where no number of its"
    " `detail` tells why.",
    "Worth {best} against {move}",
)
"""The fact a review gives when no number of the hint's ``detail`` shows what the best
move gets; every game has it."""


def registry(*codes: Code) -> dict[str, Code]:
    """The codes by name; each is kebab-case and listed once.

    >>> registry(Code("Points", "", ""))
    Traceback (most recent call last):
    ...
    ValueError: the fact code 'Points' is not kebab-case
    """
    out: dict[str, Code] = {}
    for code in codes:
        if not KEBAB.fullmatch(code.code):
            raise ValueError(f"the fact code {code.code!r} is not kebab-case")
        if code.code in out:
            raise ValueError(f"the fact code {code.code!r} is listed twice")
        out[code.code] = code
    return out


PLAYED_OUT = (
    Code(
        "played-out-best",
        "The hint played the move on in `shuffles` deals the seat cannot tell apart, and"
        " it came out best.",
        "Played on in {shuffles} shuffles of what you cannot see, it came out best",
    ),
    Code(
        "played-out-behind",
        "The hint played the move on in `shuffles` deals the seat cannot tell apart, and"
        " it came out behind the best: by `value` in the unit of the hint's value, said in"
        " words as `behind`.",
        "Played on in {shuffles} shuffles of what you cannot see, it came out {behind}",
    ),
)
"""The facts of a hint that plays its best moves on with the time left
(``solver.anytime``); every game has them."""

COMMON = registry(BETTER_VALUE, *PLAYED_OUT)
"""The codes every game has, and all a game without facts of its own (``Game.facts``
empty) has."""


def amount(x: Param) -> str:
    """A parameter as a player reads it: a number to one decimal, whole numbers bare.

    >>> amount(3.0), amount(2.25), amount(-0.01), amount(4), amount("W03")
    ('3', '2.2', '0', '4', 'W03')
    """
    if isinstance(x, float):
        text = f"{x:.1f}"
        return "0" if text == "-0.0" else text.removesuffix(".0")
    return str(x)


def render(fact: Fact, codes: Registry) -> str:
    """The fact in English: its code's template filled with its params, as a sentence.

    Raises:
        KeyError: the code is not registered, or the template names a parameter the
            fact lacks.
    """
    text = codes[fact.code].template.format_map({k: amount(v) for k, v in fact.params.items()})
    return text[:1].upper() + text[1:] + ("" if text.endswith((".", "!", "?")) else ".")


def percent(chance: float) -> int:
    """A chance (0-1) as a whole percentage, as a fact's ``percent`` holds it.

    >>> percent(0.625), percent(1.0)
    (62, 100)
    """
    return round(chance * 100)


def shorten(parts: Iterable[str]) -> str:
    """One sentence of the parts that fit in :data:`SUMMARY_LENGTH` characters, most
    telling first (a part that does not fit is left out, the first is cut to fit)."""
    kept: list[str] = []
    for part in parts:
        if not part:
            continue
        text = _joined([*kept, part])
        if len(text) <= SUMMARY_LENGTH:
            kept.append(part)
        elif not kept:
            kept.append(part[: SUMMARY_LENGTH - 3].rsplit(" ", 1)[0] + "...")
    return _joined(kept)


def _joined(parts: list[str]) -> str:
    """``A, b and c.``"""
    if not parts:
        return ""
    text = parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]
    return text[:1].upper() + text[1:] + ("" if text.endswith(".") else ".")
