"""What the three Texas games build their own from: the Mond field and payments, a lost
Prever's talon, a game by the card points' difference (the took-a-trick field is the
core's, ``fields.took_a_trick``, which Petrtyl's Grand Nullo shares)."""

from __future__ import annotations

from ...fields import PLAYER, Field
from ...settlement import Transfer, from_each_other
from .common import WINNING, difference
from .outcome import TexasOutcome
from .words import TALON_WORDS, TexasReason


def talon_label(outcome: TexasOutcome) -> str:
    return f"Prever ({TALON_WORDS[outcome.talon]})"


def mond_field(applies) -> Field:
    return Field(
        "mond_lost", "Mond (XXI) lost", PLAYER, "the player who lost the XXI", applies=applies
    )


def mond_transfers(outcome: TexasOutcome, why: str) -> list[Transfer]:
    player = outcome.mond_lost
    if player not in outcome.players:  # null, or the harmless "none"
        return []
    return from_each_other(
        outcome.players, player, 2, TexasReason.MOND_LOST, why.format(player=player), pays=True
    )


def prever_lost(chips: int, why: str, talon: str, second: int, back: int) -> tuple[int, str]:
    """A lost Prever's talon multiplier: ``second`` for the second three, ``back`` for
    going back to the first three."""
    words = {2: "doubled", 3: "tripled", 4: "quadrupled"}
    if talon == "second":
        chips *= second
        why += f", {words[second]} for the second three = {chips}"
    elif talon == "first_after_second":
        chips *= back
        why += f", {words[back]} for going back to the first three = {chips}"
    return chips, why


def by_difference(points: int, label: str, multiplier: int) -> tuple[bool, int, str]:
    won = points >= WINNING
    chips, words = difference(points, multiplier)
    return won, chips, f"{label} {'won' if won else 'lost'}: {words}"
