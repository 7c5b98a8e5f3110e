"""The ledger audit's checks of who sits where (__init__.py checks each deal).

- A player sits at one table of a round at a time: no player is seated twice in a
  round (two seats, a seat and a substitute's, two substitutes'), nor seated and on a
  bye. The database holds it (``Sitting``), but its rows only guard: this reads the
  seats, substitutions and byes themselves.
- Substitutions as the activity log made them: every substitution row is one the log
  records by its id (``services.substitutes.recorded``: seat, substitute, first deal,
  mode) and has not cancelled, with the columns the log says; every one the log made
  and did not cancel is there while its table stands (a table goes only when a round
  not started is drawn again). A substitution playing for the leaver leaves no trace in
  the deals, so only this finds one changed, added or deleted behind the app's back.

Each reads what it needs in a few queries, whatever the size of the events.
"""

from __future__ import annotations

from collections import defaultdict

from django.utils.timezone import localtime

from ..models import ActivityEntry, Round, Seat, Substitution, Table

Action = ActivityEntry.Action
MADE = (Action.SUBSTITUTE, Action.RECORD_SUBSTITUTION)


def check_seated_once(event_ids, problems: list[str]) -> None:
    """Nobody sits twice in a round, nor at a table and on a bye."""
    seats = Seat.objects.order_by("table__round__event_id", "table__round__number", "table__number")
    byes = Round.byes.through.objects.order_by("round__number", "player__name")
    if event_ids:
        seats = seats.filter(table__round__event_id__in=event_ids)
        byes = byes.filter(round__event_id__in=event_ids)
    places = defaultdict(list)  # (round id, player id) -> where
    rounds, names = {}, {}  # round id -> (event name, round number); player id -> name
    for rnd, event, number, table, player, name, substitute, sub_name in seats.values_list(
        "table__round_id",
        "table__round__event__name",
        "table__round__number",
        "table__number",
        "player_id",
        "player__name",
        "substitution__substitute_id",
        "substitution__substitute__name",
    ):
        rounds[rnd], names[player] = (event, number), name
        places[(rnd, player)].append(f"table {table}")
        if substitute is not None:
            names[substitute] = sub_name
            places[(rnd, substitute)].append(f"table {table} as a substitute")
    for rnd, event, number, player, name in byes.values_list(
        "round_id", "round__event__name", "round__number", "player_id", "player__name"
    ):
        rounds[rnd], names[player] = (event, number), name
        places[(rnd, player)].append("a bye")
    for (rnd, player), where in places.items():
        if len(where) > 1:
            event, number = rounds[rnd]
            problems.append(
                f"{event}: {names[player]} seated twice in round {number} ({'; '.join(where)})"
            )


def _said(player: str, leaver: str, from_deal, mode) -> str:
    how = "for the player who left" if mode == Substitution.Mode.FOR_LEAVER else "in their own name"
    return f"{player} in {leaver}'s seat from deal {from_deal}, playing {how}"


def _said_in_log(d: dict) -> str:
    return _said(d.get("substitute"), d.get("leaver"), d.get("from_deal"), d.get("mode_value"))


def check_substitutions(event_ids, problems: list[str]) -> None:
    """Every substitution row as the activity log made it; none missing."""
    entries = ActivityEntry.objects.filter(
        action__in=(*MADE, Action.CANCEL_SUBSTITUTION)
    ).select_related("event")
    subs = Substitution.objects.select_related(
        "seat__table__round__event", "seat__player", "substitute"
    )
    if event_ids:
        entries = entries.filter(event_id__in=event_ids)
        subs = subs.filter(seat__table__round__event_id__in=event_ids)
    made, cancelled = {}, set()
    for entry in entries.order_by("pk"):
        pk = entry.detail.get("id")
        if not isinstance(pk, int):
            continue  # made before the log kept ids: the upgrade recorded it anew
        if entry.action == Action.CANCEL_SUBSTITUTION:
            cancelled.add(pk)
        else:
            made[pk] = entry
    rows = {sub.pk: sub for sub in subs.order_by("pk")}
    for pk, sub in rows.items():
        table = sub.seat.table
        where = f"{table.round.event.name}, round {table.round.number}, table {table.number}"
        row = _said(sub.substitute.name, sub.seat.player.name, sub.from_deal, sub.mode)
        entry = made.get(pk)
        if entry is None:
            problems.append(
                f"{where}: substitution {pk} ({row}) is not in the activity log: added "
                "behind the app's back"
            )
            continue
        if pk in cancelled:
            problems.append(
                f"{where}: substitution {pk} ({row}) was cancelled (the activity log), "
                "yet it is there"
            )
        d = entry.detail
        logged = [d.get(k) for k in ("seat_id", "substitute_id", "from_deal", "mode_value")]
        if logged != [sub.seat_id, sub.substitute_id, sub.from_deal, sub.mode]:
            problems.append(
                f"{where}: substitution {pk} says {row}; the activity log made it "
                f"{_said_in_log(d)}: "
                "changed behind the app's back"
            )
    missing = set(made) - cancelled - set(rows)
    if not missing:
        return
    standing = set(
        Table.objects.filter(
            pk__in={made[pk].detail.get("table_id") for pk in missing}
        ).values_list("pk", flat=True)
    )
    for pk in sorted(missing):
        entry = made[pk]
        d = entry.detail
        if d.get("table_id") not in standing:
            continue  # its table went with a round drawn again before it started
        problems.append(
            f"{entry.event.name}, round {d.get('round')}, table {d.get('table')}: substitution "
            f"{pk} ({_said_in_log(d)}, made on {localtime(entry.created_at):%Y-%m-%d at %H:%M}) is "
            "missing: deleted behind the app's back (a substitution is cancelled only "
            "through the app, which logs it)"
        )
