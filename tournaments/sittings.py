"""What an upgrade (migration ``0032_sittings``) and a restore of an older backup
(``restore_db``) add for the seats and substitutions made before: the ``Sitting`` rows
that hold "a player sits at one table of a round at a time" in the database, and an
activity log record of each substitution by its ids, which the ledger audit compares
the substitutions with. The models are passed in: a migration has its own."""

from __future__ import annotations

SUBSTITUTE = "substitute"
RECORDED = "record_substitution"


def fill_sittings(Seat, Substitution, Sitting) -> int:  # noqa: N803 - model classes
    """A Sitting row for each seat's player and each substitute who has none in the
    round; a player seated twice keeps the first (by seat), the ledger audit names the
    other. How many were added."""
    taken = set(Sitting.objects.values_list("round_id", "player_id"))
    rows = []
    for seat_id, round_id, player_id in (
        Seat.objects.order_by("pk").values_list("pk", "table__round_id", "player_id").iterator()
    ):
        if (round_id, player_id) not in taken:
            taken.add((round_id, player_id))
            rows.append(Sitting(round_id=round_id, player_id=player_id, seat_id=seat_id))
    for seat_id, round_id, player_id in (
        Substitution.objects.order_by("pk")
        .values_list("seat_id", "seat__table__round_id", "substitute_id")
        .iterator()
    ):
        if (round_id, player_id) not in taken:
            taken.add((round_id, player_id))
            rows.append(Sitting(round_id=round_id, player_id=player_id, seat_id=seat_id))
    Sitting.objects.bulk_create(rows, batch_size=500)
    return len(rows)


def logged_ids(ActivityEntry) -> set[int]:  # noqa: N803 - a model class
    """The substitutions the activity log records by id (made or recorded)."""
    return {
        detail["id"]
        for detail in ActivityEntry.objects.filter(action__in=(SUBSTITUTE, RECORDED)).values_list(
            "detail", flat=True
        )
        if isinstance(detail, dict) and isinstance(detail.get("id"), int)
    }


def record_substitutions(ActivityEntry, Substitution, by: str) -> int:  # noqa: N803
    """An activity log record of each substitution the log has no id of (made before
    the log kept them), as it stands now; ``by`` says who added it. How many."""
    known = logged_ids(ActivityEntry)
    subs = (
        Substitution.objects.exclude(pk__in=known)
        .select_related("seat__table__round", "seat__player", "substitute")
        .order_by("pk")
    )
    rows = [
        ActivityEntry(
            event_id=sub.seat.table.round.event_id,
            action=RECORDED,
            detail={
                "table": sub.seat.table.number,
                "round": sub.seat.table.round.number,
                "leaver": sub.seat.player.name,
                "substitute": sub.substitute.name,
                "from_deal": sub.from_deal,
                "id": sub.pk,
                "table_id": sub.seat.table_id,
                "seat_id": sub.seat_id,
                "substitute_id": sub.substitute_id,
                "mode_value": sub.mode,
                "by": by,
            },
        )
        for sub in subs
    ]
    ActivityEntry.objects.bulk_create(rows)
    return len(rows)
