"""The whole schedule drawn in advance, and a round seated by the ranking.

The search itself is ``tournaments.schedule`` (pure Python); these services read the
event, write the rounds' tables and log what they did."""

from __future__ import annotations

import secrets
from collections import Counter
from dataclasses import dataclass

from django.db.models import Exists, OuterRef

from taroky_scoring.rotation import number_word

from .. import schedule
from ..models import Deal, Event, Player, Registration, Round, Seat
from ..standings import standings
from ..words import counted, listed
from .activity import Action, log_activity
from .errors import FormError, ServiceError
from .locking import atomic, lock_round
from .permissions import require_organizer
from .seats import seat_draw


@dataclass(frozen=True)
class Drawn:
    first: int  # the first round drawn (those before it were played)
    last: int
    schedule: schedule.Schedule

    @property
    def summary(self) -> str:
        rounds = (
            f"Round {self.first}"
            if self.first == self.last
            else (f"Rounds {self.first} to {self.last}")
        )
        return (
            f"{rounds} drawn with seed {self.schedule.seed}: "
            f"{counted(self.schedule.repeats, 'repeat meeting')} over the day. " + self.how_good
        )

    @property
    def how_good(self) -> str:
        """Whether the repeats are the fewest possible (``schedule.fewest_repeats``), or
        the fewest the search found and how far that may be from the floor."""
        repeats, fewest = self.schedule.repeats, self.schedule.fewest
        if repeats <= fewest:
            return "That is the fewest possible for these tables."
        if fewest == 0:
            return (
                "That is the fewest the draw found; whether a day with fewer exists, "
                "it cannot tell."
            )
        return (
            f"That is the fewest the draw found; no day at these tables can have fewer "
            f"than {fewest}."
        )


def _started(rounds):
    """Rounds annotated ``dealt``: whether any deal was entered at their tables."""
    deals = Deal.objects.filter(table__round=OuterRef("pk"))
    return rounds.annotate(dealt=Exists(deals))


def _has_started(rnd: Round) -> bool:
    """A round (annotated by ``_started``) is played once it has a deal, is closed, or
    its clock runs: the tables already sit down to it, so a redraw keeps it."""
    return bool(rnd.dealt or rnd.closed_at or rnd.clock_started_at)


def _refuse(field: str, message: str):
    raise FormError(message, {field: [message]})


@atomic
def draw_all_rounds(event: Event, user, rounds: int, seed: int | None = None) -> Drawn:
    """Seat rounds 1..``rounds`` at once (those played are kept, their meetings
    counted), from the registered players not withdrawn and not reserves, who get
    start numbers."""
    event = Event.objects.select_for_update(of=("self",)).get(pk=event.pk)
    require_organizer(user, event)
    if not isinstance(rounds, int) or not 1 <= rounds <= schedule.MAX_ROUNDS:
        _refuse("rounds", f"Draw from 1 to {schedule.MAX_ROUNDS} rounds.")
    existing = list(_started(event.rounds.all()).order_by("number"))
    played = [r for r in existing if _has_started(r)]
    first = len(played) + 1
    if played and played[-1].number != len(played):
        open_round = next(r for r in existing if not _has_started(r))
        _refuse(
            "rounds",
            f"Round {played[-1].number} has started but round {open_round.number} before it "
            "has not: the schedule draws only the rounds after those played.",
        )
    if rounds < first:
        _refuse(
            "rounds",
            f"{counted(len(played), 'round')} played already: draw more than {len(played)}.",
        )
    if rounds < len(existing):
        _refuse("rounds", f"The event has {len(existing)} rounds: draw at least {len(existing)}.")
    registrations = _numbered(event)
    players = [reg.player for reg in registrations if _seated(reg)]
    allowed = event.game.table_sizes
    if len(players) < min(allowed):
        _refuse(
            "rounds",
            f"At least {number_word(min(allowed))} registered players are needed to draw.",
        )
    played_tables, byes_so_far, last_table = _played(played)
    fixed = [reg.player.pk for reg in registrations if reg.cannot_move and _seated(reg)]
    sizes = len(schedule.seating.table_sizes(len(players), allowed))
    spread = schedule.table_of_fixed([p for p in fixed if p not in last_table], sizes)
    where = {p: last_table.get(p, spread.get(p)) for p in fixed}
    seed = seed if seed is not None else secrets.randbelow(Round.MAX_SEED + 1)
    drawn = schedule.draw_schedule(
        [p.pk for p in players],
        rounds - len(played),
        seed,
        played=played_tables,
        byes_so_far=byes_so_far,
        fixed=fixed,
        allowed=allowed,
        fixed_tables=where,
    )
    by_number = {r.number: r for r in existing}
    by_pk = {p.pk: p for p in players}
    for number, draw in enumerate(drawn.rounds, start=first):
        rnd = by_number.get(number) or Round.objects.create(event=event, number=number)
        seat_draw(rnd, draw, by_pk, seed)
        rnd.present.set(players)
    log_activity(
        event,
        user,
        Action.DRAW_SCHEDULE,
        first=first,
        last=rounds,
        seed=seed,
        repeats=drawn.repeats,
    )
    return Drawn(first, rounds, drawn)


def _seated(reg: Registration) -> bool:
    """Whether a draw seats the registered player: not withdrawn, not a reserve."""
    return not reg.withdrawn and not reg.reserve


def _numbered(event: Event) -> list[Registration]:
    """The event's registrations in start-number order; those the draws seat without
    one get the next numbers, in the order of their names (the numbers given stay as
    they were; a reserve gets one when seated)."""
    registrations = list(
        Registration.objects.filter(event=event)
        .select_related("player")
        .order_by("player__folded", "player__name", "pk")
    )
    last = max((r.start_number or 0 for r in registrations), default=0)
    new = [r for r in registrations if r.start_number is None and _seated(r)]
    for number, reg in enumerate(new, start=last + 1):
        reg.start_number = number
    Registration.objects.bulk_update(new, ["start_number"])
    return sorted(registrations, key=lambda r: (r.start_number is None, r.start_number or 0))


def _played(played: list[Round]):
    """The played rounds' tables (player ids), each player's byes in them, and the table
    number (0-based) each player last sat at."""
    seats = (
        Seat.objects.filter(table__round__in=played)
        .order_by("table__round__number", "table__number", "position")
        .values_list("table__round_id", "table_id", "table__number", "player_id")
    )
    rounds: dict[int, dict[int, list[int]]] = {r.pk: {} for r in played}
    last_table: dict[int, int] = {}
    for round_id, table_id, number, player_id in seats:
        rounds[round_id].setdefault(table_id, []).append(player_id)
        last_table[player_id] = number - 1
    byes = Counter(
        Round.byes.through.objects.filter(round__in=played).values_list("player_id", flat=True)
    )
    return [list(t.values()) for t in rounds.values()], byes, last_table


def waiting_rounds(event: Event) -> list[Round]:
    """The rounds drawn in advance and not started, when the event's rounds were drawn
    as a schedule (its players have start numbers): those a late arrival seated, a
    reserve seated or a withdrawal draws again. One query."""
    scheduled = Registration.objects.filter(event=event, start_number__isnull=False)
    rounds = _started(event.rounds.filter(drawn_at__isnull=False)).filter(Exists(scheduled))
    return [r for r in rounds.order_by("number") if not _has_started(r)]


def rounds_words(rounds: list[Round]) -> str:
    """Rounds as a message names them: three or more in a row from first to last.

    >>> rounds_words([Round(number=2)]), rounds_words([Round(number=2), Round(number=3)])
    ('round 2', 'rounds 2 and 3')
    >>> rounds_words([Round(number=n) for n in (2, 3, 4)])
    'rounds 2 to 4'
    """
    numbers = [r.number for r in rounds]
    if len(numbers) == 1:
        return f"round {numbers[0]}"
    if len(numbers) > 2 and numbers == list(range(numbers[0], numbers[-1] + 1)):
        return f"rounds {numbers[0]} to {numbers[-1]}"
    return f"rounds {listed([str(n) for n in numbers])}"


def redraw_if_scheduled(event: Event, user) -> Drawn | None:
    """After a late arrival seated, a reserve seated or a withdrawal: the waiting rounds
    (``waiting_rounds``) are drawn again with the players the draws seat now, the same
    seed. Only when the organizer asked for it, or withdrew a player."""
    waiting = waiting_rounds(event)
    if not waiting:
        return None
    return draw_all_rounds(event, user, event.rounds.count(), waiting[0].seed)


@atomic
def set_cannot_move(event: Event, user, player: Player, cannot_move: bool) -> None:
    """Mark a player who cannot move (they keep one table every round of a schedule)."""
    require_organizer(user, event)
    updated = Registration.objects.filter(event=event, player=player).update(
        cannot_move=cannot_move
    )
    if not updated:
        raise ServiceError(f"{player.name} is not registered for this event.")
    keeps = "keeps" if cannot_move else "need not keep"
    log_activity(event, user, Action.CANNOT_MOVE, player=player.name, keeps=keeps)


@atomic
def seat_by_ranking(rnd: Round, user, spread: bool) -> schedule.seating.Draw:
    """Seat a round not started from the standings after the rounds before it: top
    with top, or (``spread``) one from each band of the ranking at every table."""
    rnd = lock_round(rnd.pk)
    event = rnd.event
    require_organizer(user, event)
    if Deal.objects.filter(table__round=rnd).exists() or rnd.closed_at or rnd.clock_started_at:
        raise ServiceError(f"Round {rnd.number} has started: it cannot be seated again.")
    present = set(rnd.present.values_list("pk", flat=True))
    allowed = event.game.table_sizes
    if len(present) < min(allowed):
        raise ServiceError(
            f"At least {number_word(min(allowed))} players must be present to seat a round."
        )
    ranked = [s.player for s in standings(event, after_round=rnd.number - 1)]
    ranked = [p for p in ranked if p.pk in present]
    byes = Counter(
        Round.byes.through.objects.filter(
            round__event=event, round__number__lt=rnd.number
        ).values_list("player_id", flat=True)
    )
    draw = schedule.by_ranking([p.pk for p in ranked], spread, byes, allowed)
    seat_draw(rnd, draw, {p.pk: p for p in ranked}, None)
    how = "one from each band" if spread else "top with top"
    log_activity(event, user, Action.SEAT_BY_RANKING, round=rnd.number, how=how)
    return draw
