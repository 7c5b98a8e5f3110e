"""Doubling words (contract section 12): each game has its own words for x1, x2, x4, ...
(its description's choices). A document gives the word; the multiplier is 2 to the
power of its place.

>>> texas = Doubling(("none", "contra", "re", "supre", "mort"))
>>> texas.multiplier("supre"), texas.multiplier(None), texas.label("re")
(8, 1, 'Re')
>>> texas.factors("re"), texas.factors("none")
([('Re', 4)], [])
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Doubling:
    words: tuple[str, ...]  # x1, x2, x4, ... in order; the first is always "none"

    def multiplier(self, word: str | None) -> int:
        return 2 ** self.words.index(word or "none")

    def label(self, word: str) -> str:
        return word.replace("_", " ").capitalize()

    def __contains__(self, word: object) -> bool:
        return word in self.words

    def factors(self, word: str | None) -> list[tuple[str, int]]:
        """The factor to show in an explanation: none for x1."""
        if not word or word == "none":
            return []
        return [(self.label(word), self.multiplier(word))]
