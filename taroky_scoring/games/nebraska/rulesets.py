"""Rulesets as data: the presets of the scoring contract, section 1.

A ruleset is a named preset of options; an event picks one and may override single
options (house rules). Nothing else in the package branches on a preset's name.

>>> ruleset("heun").tarok1_last_rule
<Tarok1LastRule.TEAM_WINS: 'team_wins'>
>>> ruleset("la-vista", {"kontra_allowed": False}).kontra_allowed
False
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from ...errors import FieldError, OutcomeError
from ...registry import ruleset_names


class Tarok1LastRule(StrEnum):
    TAROK1_WINS = "tarok1_wins"  # the 1 itself must take the last trick
    TEAM_WINS = "team_wins"  # the 1's team taking the last trick is enough


class SurrenderAfter(StrEnum):
    BOTH_HALVES = "both_halves"
    ANY_HALF = "any_half"


class NextDealer(StrEnum):
    FOREHAND = "forehand"  # the previous forehand deals next
    HEUN = "heun"  # after a played or surrendered Four the bidder deals next


class BlindHalfToLoneBidder(StrEnum):
    WITH_KING = "with_king"
    TOP = "top"


@dataclass(frozen=True)
class Ruleset:
    """The options that change scoring, validation or dealing."""

    name: str
    title: str
    description: str
    kontra_allowed: bool = True
    tarok1_last_rule: Tarok1LastRule = Tarok1LastRule.TAROK1_WINS
    surrender_after: SurrenderAfter = SurrenderAfter.BOTH_HALVES
    next_dealer: NextDealer = NextDealer.FOREHAND
    blind_half_to_lone_bidder: BlindHalfToLoneBidder = BlindHalfToLoneBidder.WITH_KING
    starting_chips: int = 20

    def options(self) -> dict[str, Any]:
        """The option values as plain JSON values, keyed as in the contract."""
        return {
            key: (value.value if isinstance(value, StrEnum) else value)
            for key, value in ((f.name, getattr(self, f.name)) for f in OPTION_FIELDS)
        }


OPTION_FIELDS = tuple(
    f for f in dataclasses.fields(Ruleset) if f.name not in {"name", "title", "description"}
)
OPTION_NAMES = tuple(f.name for f in OPTION_FIELDS)

DEFAULT_RULESET = "la-vista"

PRESETS: dict[str, Ruleset] = {
    r.name: r
    for r in (
        Ruleset(
            name="la-vista",
            title="La Vista",
            description="The La Vista rules: kontra and rekontra on Five and Five Over, "
            "the tarok 1 itself must take the last trick.",
        ),
        Ruleset(
            name="heun",
            title="Heun",
            description="Holy Trinity Church, Heun (1997): no kontra, Tarok 1 Last won by "
            "the 1's team, surrender after either half, the Four bidder deals next.",
            kontra_allowed=False,
            tarok1_last_rule=Tarok1LastRule.TEAM_WINS,
            surrender_after=SurrenderAfter.ANY_HALF,
            next_dealer=NextDealer.HEUN,
            blind_half_to_lone_bidder=BlindHalfToLoneBidder.TOP,
        ),
        Ruleset(
            name="clarkson",
            title="Clarkson",
            description="The Clarkson tournament: La Vista rules played without kontra "
            "and rekontra.",
            kontra_allowed=False,
        ),
    )
}


def option_errors(options: Any) -> list[FieldError]:
    """Check house-rule overrides: known keys, values of the right kind."""
    if options is None:
        return []
    if not isinstance(options, Mapping):
        return [FieldError("options", "House rules must be an object of option: value.")]
    errors = []
    for key, value in options.items():
        field = next((f for f in OPTION_FIELDS if f.name == key), None)
        if field is None:
            errors.append(
                FieldError(
                    "options",
                    f"Unknown option '{key}'. Known options: {', '.join(OPTION_NAMES)}.",
                )
            )
            continue
        default = getattr(PRESETS[DEFAULT_RULESET], key)
        if isinstance(default, bool):
            ok = isinstance(value, bool)
            wanted = "true or false"
        elif isinstance(default, StrEnum):
            ok = isinstance(value, str) and value in {m.value for m in type(default)}
            wanted = "one of " + ", ".join(m.value for m in type(default))
        else:
            ok = isinstance(value, int) and not isinstance(value, bool) and value > 0
            wanted = "a whole number of chips above 0"
        if not ok:
            errors.append(FieldError("options", f"Option '{key}' must be {wanted}."))
    return errors


def ruleset(name: str = DEFAULT_RULESET, options: Mapping[str, Any] | None = None) -> Ruleset:
    """The preset ``name`` with house-rule ``options`` applied.

    Raises OutcomeError naming ``ruleset`` or ``options`` when either is unknown or wrong.

    >>> ruleset("clarkson").kontra_allowed
    False
    >>> ruleset("clarkson", {"starting_chips": 40}).starting_chips
    40
    >>> ruleset("prague")
    Traceback (most recent call last):
    ...
    taroky_scoring.errors.OutcomeError: ruleset: Unknown ruleset 'prague'. Choose one of: ...
    """
    errors = []
    if name not in PRESETS:
        errors.append(
            FieldError(
                "ruleset",
                f"Unknown ruleset '{name}'. Choose one of: {', '.join(ruleset_names())}.",
            )
        )
    errors += option_errors(options)
    if errors:
        raise OutcomeError(errors)
    preset = PRESETS[name]
    if not options:
        return preset
    converted = {}
    for key, value in options.items():
        current = getattr(preset, key)
        converted[key] = type(current)(value) if isinstance(current, StrEnum) else value
    return dataclasses.replace(preset, **converted)
