"""Session end (scoring contract, section 9).

A table's session ends after a fixed number of deals, when a player's chips reach
zero or below, or at the bell of a round on the clock (timed: the deal in progress at
the bell is finished, then the table stops); each event chooses one. A player who owes
more than they hold is recorded in full and goes negative.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum


class SessionEnd(StrEnum):
    FIXED_DEALS = "fixed_deals"
    OUT_OF_CHIPS = "out_of_chips"
    TIMED = "timed"


# At the bell the deal in progress is finished (one more deal), then the session ends.
DEALS_AFTER_BELL = 1


@dataclass(frozen=True)
class Clock:
    """A timed session's clock at one table: ``deals_at_bell`` the deals played when
    its bell rang (None: it has not rung yet); ``stopped`` the director ended the
    table's session (a table behind the clock)."""

    deals_at_bell: int | None = None
    stopped: bool = False


@dataclass(frozen=True)
class SessionState:
    ended: bool
    reason: SessionEnd | None
    out_of_chips: tuple[str, ...]  # players at zero chips or below
    deals_played: int


def session_state(
    starting_chips: int,
    net: Mapping[str, int],
    deals_played: int,
    end: SessionEnd,
    deal_limit: int | None = None,
    clock: Clock | None = None,
) -> SessionState:
    """Whether the session has ended, why, and who is out of chips.

    ``net`` is each player's net chips so far (for every seated player).

    >>> state = session_state(20, {"Anna": -20, "Bill": 12, "Cyril": 4, "Dana": 4}, 9,
    ...                       SessionEnd.OUT_OF_CHIPS)
    >>> state.ended, state.reason.value, state.out_of_chips
    (True, 'out_of_chips', ('Anna',))
    >>> session_state(20, {"Anna": -3, "Bill": 3}, 20, SessionEnd.FIXED_DEALS, 20).ended
    True
    >>> session_state(20, {"Anna": -25, "Bill": 25}, 5, SessionEnd.FIXED_DEALS, 20).ended
    False

    A timed session (``clock``) plays on, out of chips or not, until its bell and the
    deal in progress then:

    >>> timed = SessionEnd.TIMED
    >>> session_state(20, {"Anna": -25}, 7, timed, clock=Clock()).ended  # no bell yet
    False
    >>> session_state(20, {"Anna": 2}, 7, timed, clock=Clock(deals_at_bell=7)).ended
    False
    >>> session_state(20, {"Anna": 2}, 8, timed, clock=Clock(deals_at_bell=7)).reason.value
    'timed'
    >>> session_state(20, {"Anna": 2}, 3, timed, clock=Clock(stopped=True)).ended
    True
    """
    out = tuple(p for p, chips in net.items() if starting_chips + chips <= 0)
    if end is SessionEnd.TIMED:
        clock = clock or Clock()
        rung = clock.deals_at_bell is not None
        done = clock.stopped or (rung and deals_played >= clock.deals_at_bell + DEALS_AFTER_BELL)
        return SessionState(done, end if done else None, out, deals_played)
    if end is SessionEnd.OUT_OF_CHIPS:
        return SessionState(bool(out), end if out else None, out, deals_played)
    if deal_limit is None or deal_limit < 1:
        raise ValueError("A fixed-deals session needs a deal limit of at least 1")
    done = deals_played >= deal_limit
    return SessionState(done, end if done else None, out, deals_played)
