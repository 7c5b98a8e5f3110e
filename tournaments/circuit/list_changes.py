"""Who moved between two ranking lists, and why (CIRCUIT.md: "the list's history says
which event moved whom").

A player's reasons are their own events: one that entered the list, left it (too old,
no longer approved), stepped down in age, or was corrected (its version changed, and
with it their place or the number ranked). A player whose own results did not change
moved because of others'.
"""

from __future__ import annotations

from dataclasses import dataclass

from .ranking_list import EventOnList, Line, RankingList, shown, weight_text


@dataclass(frozen=True)
class Move:
    player: str
    before: str  # "3", "unranked (2 of 3)", or "not listed"
    after: str
    score_before: str  # "712.35", or "" when not listed
    score_after: str
    reasons: tuple[str, ...]

    def __str__(self) -> str:
        why = "; ".join(self.reasons) or "others' results"
        scores = f"{self.score_before or '-'} -> {self.score_after or '-'}"
        return f"{self.player}: {self.before} -> {self.after}, {scores} ({why})"


def _standing(line: Line | None) -> tuple[str, str]:
    if line is None:
        return "not listed", ""
    return line.standing, shown(line.score)


def _reasons(
    old: Line | None,
    new: Line | None,
    old_events: dict[str, EventOnList],
    new_events: dict[str, EventOnList],
) -> tuple[str, ...]:
    old_results = {r.event: r for r in (old.results if old else ())}
    new_results = {r.event: r for r in (new.results if new else ())}
    reasons = []
    for key in sorted(old_results.keys() | new_results.keys()):
        before, after = old_results.get(key), new_results.get(key)
        if before is None:
            reasons.append(f"{key} entered")
        elif after is None:
            now = new_events.get(key)
            why = now.why_not if now else "no longer approved"
            reasons.append(f"{key} left ({why or 'no longer placed'})")
        else:
            # A correction moved this player only if it changed their own result.
            changed = (before.place, before.ranked) != (after.place, after.ranked)
            if old_events[key].version != new_events[key].version and changed:
                reasons.append(f"{key} corrected")
            if before.age != after.age:
                reasons.append(f"{key} aged to {weight_text(after.age)}")
    return tuple(reasons)


def diff(old: RankingList, new: RankingList) -> list[Move]:
    """Every player whose standing or shown score changed from ``old`` to ``new``, in
    the new list's order (then those who left it, by key)."""
    old_lines = {line.player: line for line in old.lines}
    new_lines = {line.player: line for line in new.lines}
    old_events = {e.key: e for e in old.events}
    new_events = {e.key: e for e in new.events}
    players = [line.player for line in new.lines] + sorted(old_lines.keys() - new_lines.keys())
    moves = []
    for player in players:
        before, after = _standing(old_lines.get(player)), _standing(new_lines.get(player))
        if before == after:
            continue
        reasons = _reasons(old_lines.get(player), new_lines.get(player), old_events, new_events)
        moves.append(Move(player, before[0], after[0], before[1], after[1], reasons))
    return moves
