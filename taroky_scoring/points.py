"""Card points: counting a pile in packets of three (scoring contract, section 2).

Skies, 21, 1 and Kings are worth 5, Queens 4, Horsemen 3, Jacks 2, every other card 1.
A packet of three counts its sum minus 2; a last packet of one or two cards its sum
minus 1. However the cards are grouped, a pile's count is the same, and the two
teams' piles always add up to 70.
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Iterable
from enum import StrEnum

from .errors import FieldError, OutcomeError

DECK_SIZE = 54


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
COUNTING_IN_DECK = sum(IN_DECK.values())


def card_points(cards: int, counting: Iterable[str] = ()) -> int:
    """Points of a pile of ``cards`` cards whose counting cards are ``counting``.

    Seed 001's worked example counts four packets (Jack-3-4 = 2, Queen-2-Horseman = 6,
    King-Queen-1 = 12, three plain taroky = 1) and two cards left over; by the
    contract's rule the two-card remainder counts its sum minus 1, so 1 more:

    >>> card_points(14, ["jack", "queen", "horseman", "king", "queen", "tarok1"])
    22
    >>> card_points(7, ["king", "queen"])
    9
    >>> card_points(54, ["skies", "tarok21", "tarok1"] + ["king", "queen", "horseman",
    ...                                                   "jack"] * 4)
    70
    >>> card_points(2, ["king", "king", "king"])
    Traceback (most recent call last):
    ...
    taroky_scoring.errors.OutcomeError: counting: A pile of 2 cards cannot hold 3 counting cards.
    """
    errors = []
    if isinstance(cards, bool) or not isinstance(cards, int) or not 0 <= cards <= DECK_SIZE:
        raise OutcomeError([FieldError("cards", "The number of cards must be from 0 to 54.")])
    if isinstance(counting, str):
        counting = [counting]
    # Read at most one name more than the pack's counting cards, so that an absurd pile
    # (a generator or list of 10**8 Kings) is refused before anything big is built.
    names = list(itertools.islice(counting, COUNTING_IN_DECK + 1))
    if len(names) > COUNTING_IN_DECK:
        raise OutcomeError(
            [
                FieldError(
                    "counting",
                    f"The pack has only {COUNTING_IN_DECK} counting cards: the list names more.",
                )
            ]
        )
    parsed = []
    for name in names:
        if isinstance(name, str) and name in CountingCard._value2member_map_:
            parsed.append(CountingCard(name))
        else:
            choices = ", ".join(c.value for c in CountingCard)
            errors.append(FieldError("counting", f"'{name}' is not a counting card: {choices}."))
    if errors:
        raise OutcomeError(errors)
    for card, n in Counter(parsed).items():
        if n > IN_DECK[card]:
            errors.append(
                FieldError("counting", f"The deck has only {IN_DECK[card]} {card.value}: not {n}.")
            )
    if len(parsed) > cards:
        errors.append(
            FieldError(
                "counting", f"A pile of {cards} cards cannot hold {len(parsed)} counting cards."
            )
        )
    # A pile of more than 35 plain cards cannot exist: the deck has only 35.
    plain = cards - len(parsed)
    if plain > DECK_SIZE - COUNTING_IN_DECK:
        errors.append(FieldError("cards", f"The deck has only 35 plain cards, not {plain}."))
    if errors:
        raise OutcomeError(errors)
    total = sum(CARD_POINTS[c] for c in parsed) + plain
    full, rest = divmod(cards, 3)
    return total - 2 * full - (1 if rest else 0)
