"""A round's roll call (FORMATS.md, "Players who come late, and substitutes only").

Saved unchanged, a drawn round keeps its draw. Changed, it says first which tables
change (``RollCallChange``: the page asks the organizer), and once confirmed draws
those tables again, the others standing as they are (their sheets, links and
substitutes too)."""

from __future__ import annotations

import hashlib
import json
from collections import Counter
from dataclasses import dataclass

from taroky_scoring.rotation import number_word

from .. import seating
from ..models import Deal, Player, Registration, Round, Seat, TableLink
from ..names import name_key
from ..words import counted, listed
from . import seats
from .activity import Action, log_activity
from .errors import ServiceError
from .locking import atomic, lock_round
from .permissions import require_organizer


@dataclass(frozen=True)
class RollCallPlan:
    """What saving a changed roll call does to a drawn round: the tables drawn again
    and those that stand, who is no longer present and who is new; ``key`` names this
    very plan (the confirmation must carry it: anything changed meanwhile asks again)."""

    round: int
    present: list[int]
    redraw: seating.Redraw
    absent: list[str]  # "Dana (table 2)"
    new: list[str]
    links: int  # working table links of the tables drawn again
    gone: tuple[int, ...]  # tables no longer needed (fewer players)
    byes: list[str]  # who has a bye after it
    key: str

    @property
    def drawn_again(self) -> list[int]:
        """Every table number that changes: drawn again, or gone."""
        return self.redraw.drawn_again + list(self.gone)

    @property
    def words(self) -> str:
        """The question the page asks, in the organizer's words."""
        said = []
        if self.absent:
            said.append(f"{listed(self.absent)} {'is' if len(self.absent) == 1 else 'are'} absent")
        if self.new:
            said.append(f"{listed(self.new)} {'is' if len(self.new) == 1 else 'are'} new")
        words = f"Saving this roll call changes round {self.round}: {'; '.join(said)}. "
        if not self.drawn_again:
            byes = listed(self.byes) if self.byes else "nobody"
            return words + f"Every table stands as drawn; the byes change (now {byes})."
        words += f"{_tables(self.drawn_again).capitalize()} "
        words += "are" if len(self.drawn_again) > 1 else "is"
        words += " drawn again: reprint their sheets and the players' cards."
        if self.redraw.kept:
            stand = _tables(list(self.redraw.kept))
            words += f" {stand.capitalize()} {'stand' if len(self.redraw.kept) > 1 else 'stands'}"
            words += " as drawn."
        if self.links:
            words += (
                f" {counted(self.links, 'table link')} of the tables drawn again stop "
                "working: issue the new tables' links."
            )
        return words


def _tables(numbers: list[int]) -> str:
    """>>> _tables([2]), _tables([1, 3])
    ('table 2', 'tables 1 and 3')
    """
    word = "table" if len(numbers) == 1 else "tables"
    return f"{word} {listed([str(n) for n in numbers])}"


class RollCallChange(ServiceError):
    """The roll call changes a drawn round: ``plan`` says how; nothing was saved."""

    def __init__(self, plan: RollCallPlan):
        super().__init__(plan.words)
        self.plan = plan


@dataclass(frozen=True)
class RollCallSaved:
    drawn: bool  # the round was drawn
    redrawn: list[int]  # the tables drawn again (none: the draw stands as it was)
    byes_only: bool = False  # a change that moved only byes

    @property
    def words(self) -> str:
        if not self.drawn:
            return "Roll call saved."
        if self.byes_only:
            return "Roll call saved; every table stands as drawn, the byes changed."
        if not self.redrawn:
            return "Roll call saved; it is the one the round was drawn with: the draw stands."
        return (
            f"Roll call saved; {_tables(self.redrawn)} drawn again (reprint their sheets), "
            "the other tables stand."
        )


def check_present(rnd: Round, present: list[Player]) -> None:
    """Only registered players of the event, not withdrawn, not reserves (a reserve is
    seated from the players page: the draws leave reserves out)."""
    registrations = {
        pk: (withdrawn, reserve)
        for pk, withdrawn, reserve in Registration.objects.filter(
            event=rnd.event, player__in=present
        ).values_list("player_id", "withdrawn", "reserve")
    }
    strangers = [p.name for p in present if registrations.get(p.pk, (True,))[0]]
    if strangers:
        raise ServiceError(f"Not registered (or withdrawn): {', '.join(strangers)}.")
    reserves = [p.name for p in present if registrations[p.pk][1]]
    if reserves:
        raise ServiceError(
            f"Registered as a reserve, without a seat: {', '.join(reserves)}. Seat them on "
            "the players page first."
        )


def meetings_before(rnd: Round) -> tuple[Counter, Counter]:
    """Who met whom at a table in the rounds before ``rnd``, and each player's byes in
    them: what a draw weighs. Two queries."""
    earlier = Round.objects.filter(event=rnd.event, number__lt=rnd.number)
    by_table: dict[int, list[int]] = {}
    for table_id, player_id in Seat.objects.filter(table__round__in=earlier).values_list(
        "table_id", "player_id"
    ):
        by_table.setdefault(table_id, []).append(player_id)
    met = seating.opponents_met([list(by_table.values())])
    byes = Counter(
        Round.byes.through.objects.filter(round__in=earlier).values_list("player_id", flat=True)
    )
    return met, byes


def take_present(rnd: Round, present: list[Player]) -> None:
    """Set the roll call of a locked round that is drawn anew right after."""
    check_present(rnd, present)
    rnd.present.set(present)


@atomic
def set_roll_call(rnd: Round, user, present: list[Player], confirm: str = "") -> RollCallSaved:
    """Who is present for a round. A drawn round keeps its draw when the roll call is
    the one it was drawn with; a change is refused with the plan of the tables it
    changes (RollCallChange), and saved, those tables drawn again, when ``confirm``
    names that plan."""
    rnd = lock_round(rnd.pk)
    require_organizer(user, rnd.event)
    if Deal.objects.filter(table__round=rnd).exists():
        raise ServiceError(
            f"Round {rnd.number} has started (deals are entered): the roll call is closed."
        )
    check_present(rnd, present)
    before = set(rnd.present.values_list("pk", flat=True))
    now = {p.pk for p in present}
    if not rnd.drawn_at or before == now:
        if before != now:
            rnd.present.set(present)
            _log(rnd, user, present)
        return RollCallSaved(bool(rnd.drawn_at), [])
    plan = plan_roll_call(rnd, present)
    if confirm != plan.key:
        raise RollCallChange(plan)
    by_pk = {p.pk: p for p in present}
    keep = list(rnd.tables.filter(number__in=plan.redraw.kept))
    seats.seat_round(
        rnd,
        [[by_pk[pk] for pk in players] for _, players in plan.redraw.tables],
        [by_pk[pk] for pk in plan.redraw.byes],
        rnd.seed,
        numbers=plan.redraw.drawn_again,
        keep=keep,
    )
    rnd.present.set(present)
    _log(rnd, user, present, plan.drawn_again)
    return RollCallSaved(True, plan.drawn_again, byes_only=not plan.drawn_again)


def _log(rnd: Round, user, present, redrawn=None) -> None:
    detail = {"round": rnd.number, "present": len(present)}
    if redrawn:
        detail["tables_drawn_again"] = redrawn
    log_activity(rnd.event, user, Action.ROLL_CALL, **detail)


def plan_roll_call(rnd: Round, present: list[Player]) -> RollCallPlan:
    """The tables a new roll call changes in drawn round ``rnd`` (nothing saved): those
    whose players are all present stand, the rest are drawn again with the same seed
    (``seating.redraw_changed``). A few queries whatever the round's size."""
    allowed = rnd.event.game.table_sizes
    if len(present) < min(allowed):
        words = number_word(min(allowed))
        raise ServiceError(f"At least {words} players must be present to seat a round.")
    tables: dict[int, list[int]] = {}
    where: dict[int, str] = {}
    for number, player_id in (
        Seat.objects.filter(table__round=rnd)
        .order_by("table__number", "position")
        .values_list("table__number", "player_id")
    ):
        tables.setdefault(number, []).append(player_id)
        where[player_id] = f"table {number}"
    for pk in rnd.byes.values_list("pk", flat=True):
        where[pk] = "a bye"
    substitutes = dict(
        Seat.objects.filter(table__round=rnd, substitution__isnull=False).values_list(
            "substitution__substitute_id", "table__number"
        )
    )
    ids = sorted(p.pk for p in present)
    # A substitute sits in a seat of a table that stands: not drawn a second time.
    standing_subs = {pk for pk, number in substitutes.items() if set(tables[number]) <= set(ids)}
    met, byes = meetings_before(rnd)
    redraw = seating.redraw_changed(
        tables,
        [pk for pk in ids if pk not in standing_subs],
        rnd.seed or 0,
        met,
        byes,
        allowed,
    )
    gone = tuple(n for n in sorted(tables) if n > len(redraw.kept) + len(redraw.tables))
    names = dict(Player.objects.filter(pk__in=set(where) | set(ids)).values_list("pk", "name"))
    gone_ids = sorted(set(where) - set(ids), key=lambda pk: name_key(names[pk]))
    absent = [f"{names[pk]} ({where[pk]})" for pk in gone_ids]
    new = sorted((names[pk] for pk in set(ids) - set(where) - standing_subs), key=name_key)
    links = TableLink.objects.filter(
        table__round=rnd,
        table__number__in=[*redraw.drawn_again, *gone],
        revoked_at__isnull=True,
    ).count()
    said = json.dumps([rnd.pk, ids, redraw.kept, redraw.tables, redraw.byes, gone], sort_keys=True)
    key = hashlib.sha256(said.encode()).hexdigest()[:16]
    byes = sorted((names[pk] for pk in redraw.byes), key=name_key)
    return RollCallPlan(rnd.number, ids, redraw, absent, new, links, gone, byes, key)
