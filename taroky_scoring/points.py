"""Card points: counting a pile (contract sections 2 and 12), written once for every game.

Skies, 21, 1 and Kings are worth 5, Queens 4, Horsemen 3, Jacks 2, every other card 1.
A game's ``Pack`` says how many of each card the pack holds and how a pile is counted:

- in packets of three (Nebraska, Petrtyl): a packet counts its sum minus 2, a last
  packet of one or two cards its sum minus 1, so the 54-card pack counts 70;
- singly (Texas): every card its value, so the 54-card pack counts 106.

However the cards are grouped, a pile's count is the same, and the two sides' piles
always add up to the pack's total.
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from enum import StrEnum

from .errors import FieldError, OutcomeError


class CountingCard(StrEnum):
    SKIES = "skies"
    TAROK21 = "tarok21"
    TAROK1 = "tarok1"
    KING = "king"
    QUEEN = "queen"
    HORSEMAN = "horseman"
    JACK = "jack"


CARD_POINTS = {
    CountingCard.SKIES: 5,
    CountingCard.TAROK21: 5,
    CountingCard.TAROK1: 5,
    CountingCard.KING: 5,
    CountingCard.QUEEN: 4,
    CountingCard.HORSEMAN: 3,
    CountingCard.JACK: 2,
}
IN_DECK = {
    CountingCard.SKIES: 1,
    CountingCard.TAROK21: 1,
    CountingCard.TAROK1: 1,
    CountingCard.KING: 4,
    CountingCard.QUEEN: 4,
    CountingCard.HORSEMAN: 4,
    CountingCard.JACK: 4,
}
DECK_SIZE = 54


def declarers_points(
    bidder_points: int | None, opponent_points: int | None, total: int
) -> int | None:
    """The card points of the declarer's side as a deal gives them: its own count, else
    the pack's ``total`` less the opponents' (None when neither is given).

    >>> declarers_points(41, None, 70), declarers_points(None, 60, 106)
    (41, 46)
    """
    if bidder_points is not None:
        return bidder_points
    return None if opponent_points is None else total - opponent_points


@dataclass(frozen=True)
class Pack:
    """A pack of cards and how its piles are counted."""

    cards: int = DECK_SIZE
    in_pack: Mapping[CountingCard, int] = field(default_factory=lambda: dict(IN_DECK))
    packets: bool = True  # counted in packets of three; False: every card singly

    @property
    def counting_cards(self) -> int:
        return sum(self.in_pack.values())

    @property
    def plain_cards(self) -> int:
        return self.cards - self.counting_cards

    @property
    def how_counted(self) -> str:
        """How a pile is counted, in words (the card-point counter's page).

        >>> Pack(packets=False).how_counted
        'Every card counts its value: Škýz, 21, 1 and Kings 5, Queens 4, Horsemen 3, Jacks 2, every other card 1.'
        """  # noqa: E501
        values = "Škýz, 21, 1 and Kings 5, Queens 4, Horsemen 3, Jacks 2, every other card 1"
        if not self.packets:
            return f"Every card counts its value: {values}."
        return (
            f"Cards are counted in packets of three ({values}): a packet counts its sum "
            "minus 2, a last packet of one or two cards its sum minus 1."
        )

    @property
    def total(self) -> int:
        """The points of the whole pack (70 in packets, 106 singly for 54 cards)."""
        counting = [card for card, n in self.in_pack.items() for _ in range(n)]
        return self.points(self.cards, counting)

    def points(self, cards: int, counting: Iterable[str] = ()) -> int:
        """Points of a pile of ``cards`` cards whose counting cards are ``counting``.

        Refuses a pile the pack cannot make (errors name ``cards`` or ``counting``),
        reading at most one name more than the pack's counting cards, so that an
        absurd pile (a generator or list of 10**8 Kings) is refused before anything
        big is built.

        >>> Pack(packets=False).points(7, ["king", "queen"])
        14
        >>> Pack(packets=False).total, Pack().total
        (106, 70)
        """
        errors = []
        if isinstance(cards, bool) or not isinstance(cards, int) or not 0 <= cards <= self.cards:
            raise OutcomeError(
                [FieldError("cards", f"The number of cards must be from 0 to {self.cards}.")]
            )
        if isinstance(counting, str):
            counting = [counting]
        names = list(itertools.islice(counting, self.counting_cards + 1))
        if len(names) > self.counting_cards:
            raise OutcomeError(
                [
                    FieldError(
                        "counting",
                        f"The pack has only {self.counting_cards} counting cards: "
                        "the list names more.",
                    )
                ]
            )
        parsed = []
        for name in names:
            if isinstance(name, str) and name in CountingCard._value2member_map_:
                parsed.append(CountingCard(name))
            else:
                choices = ", ".join(c.value for c in CountingCard)
                errors.append(
                    FieldError("counting", f"'{name}' is not a counting card: {choices}.")
                )
        if errors:
            raise OutcomeError(errors)
        for card, n in Counter(parsed).items():
            if n > self.in_pack.get(card, 0):
                errors.append(
                    FieldError(
                        "counting",
                        f"The pack has only {self.in_pack.get(card, 0)} {card.value}: not {n}.",
                    )
                )
        if len(parsed) > cards:
            errors.append(
                FieldError(
                    "counting",
                    f"A pile of {cards} cards cannot hold {len(parsed)} counting cards.",
                )
            )
        plain = cards - len(parsed)
        if plain > self.plain_cards:
            errors.append(
                FieldError(
                    "cards", f"The pack has only {self.plain_cards} plain cards, not {plain}."
                )
            )
        if errors:
            raise OutcomeError(errors)
        total = sum(CARD_POINTS[c] for c in parsed) + plain
        if not self.packets:
            return total
        full, rest = divmod(cards, 3)
        return total - 2 * full - (1 if rest else 0)


PACKETS_OF_THREE = Pack()
SINGLY = Pack(packets=False)
