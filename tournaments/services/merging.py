"""Merging a player recorded twice into the one kept (circuit officers only), and
undoing it exactly.

The ledger is append-only in the database (append_only.py): its rows (ledger entries,
deal nets, deal versions) and substitutions can be neither updated nor deleted, and a
merge must not weaken that. So those rows keep naming the duplicate, whose Player row
stays as an alias (PlayerAlias) that standings and the ledger audit read as the kept
player; every other row naming the duplicate (registrations, seats, sittings, roll
calls, byes, check-ins, chip counts, teams, prize categories, former names, results
mail, first forehands, club memberships) moves to the kept player, its ids kept on the
PlayerMerge so that undoing puts back exactly those. A membership of the duplicate in a
club the kept player is a member of already is dropped, and made again on an undo.
The ledger's checksum is the same before, after and after an undo: nothing of it is
written.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from datetime import datetime

from django.db import transaction
from django.db.models import Count
from django.utils import timezone

from .. import stamps
from ..models import (
    CheckIn,
    ChipCount,
    ClubMembership,
    FormerName,
    Player,
    PlayerAlias,
    PlayerMerge,
    PrizeCategory,
    Registration,
    ResultMessage,
    Round,
    Seat,
    Sitting,
    Table,
    TeamMember,
)
from .activity import Action, log_activity
from .errors import ServiceError
from .permissions import require_circuit_officer


class MergeError(ServiceError):
    """A merge (or its undo) the app refuses, said in the officer's words."""


# Every row naming a player that a merge moves: (model, its player column, words).
MOVED = (
    (Registration, "player", "registration"),
    (Seat, "player", "seat"),
    (Sitting, "player", "sitting"),
    (Round.present.through, "player", "roll call"),
    (Round.byes.through, "player", "bye"),
    (CheckIn, "player", "check-in"),
    (ChipCount, "player", "chip count"),
    (TeamMember, "player", "team membership"),
    (PrizeCategory.players.through, "player", "prize category"),
    (FormerName, "player", "former name"),
    (ResultMessage, "player", "results email"),
    (Table, "first_forehand", "first forehand"),
    # Players merged into the duplicate before: now aliases of the kept player.
    (PlayerAlias, "kept", "earlier merge"),
)
ADDED_NAMES = "added_former_names"
MEMBERSHIPS = "tournaments.ClubMembership.player"
DROPPED_MEMBERSHIPS = "dropped_memberships"


def _key(model, column: str) -> str:
    return f"{model._meta.label}.{column}"


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


@dataclass
class MergePreview:
    kept: Player
    duplicate: Player
    counts: list[tuple[str, int]] = field(default_factory=list)  # (words, rows)
    events: list[str] = field(default_factory=list)  # the duplicate's events, by name
    ledger_rows: int = 0  # kept under the duplicate's alias, read as the kept player's
    refusals: list[str] = field(default_factory=list)

    @property
    def summary(self) -> str:
        said = [_plural(n, w) for w, n in self.counts if n]
        said.append(_plural(len(self.events), "event"))
        return ", ".join(said)


def _refusals(kept: Player, duplicate: Player) -> list[str]:
    """Why the two cannot be one person: each said once, naming the event and round."""
    if kept.pk == duplicate.pk:
        return ["Pick two different players: a player cannot be merged into themselves."]
    said = []
    both = [kept.pk, duplicate.pk]
    merged = set(PlayerAlias.objects.filter(player__in=both).values_list("player", flat=True))
    for who in (kept, duplicate):
        if who.pk in merged:
            said.append(f"{who.name} was merged into another player already.")
    events = (
        Registration.objects.filter(player__in=both)
        .values("event_id", "event__name")
        .annotate(n=Count("player", distinct=True))
        .filter(n=2)
        .order_by("event__name")
    )
    for row in events:
        said.append(
            f"{kept.name} and {duplicate.name} are both registered in {row['event__name']}: "
            "a merge would register one person twice."
        )
    rounds = (
        Sitting.objects.filter(player__in=both)
        .values("round_id", "round__number", "round__event__name")
        .annotate(n=Count("player", distinct=True))
        .filter(n=2)
        .order_by("round__event__name", "round__number")
    )
    for row in rounds:
        said.append(
            f"{kept.name} and {duplicate.name} both sat in round {row['round__number']} of "
            f"{row['round__event__name']}: a merge would seat one person twice."
        )
    tables = (
        Seat.objects.filter(player__in=both)
        .values("table_id", "table__number", "table__round__number", "table__round__event__name")
        .annotate(n=Count("player", distinct=True))
        .filter(n=2)
        .order_by("table__round__event__name", "table__round__number")
    )
    for row in tables:
        words = (
            f"{kept.name} and {duplicate.name} sat at the same table (table "
            f"{row['table__number']}) in round {row['table__round__number']} of "
            f"{row['table__round__event__name']}: a merge would seat one person twice."
        )
        if words not in said:
            said.append(words)
    # Rows unique by player that the checks above do not already cover.
    for model, column, scope, words in (
        (Round.present.through, "player", "round_id", "the roll call of a round"),
        (Round.byes.through, "player", "round_id", "the byes of a round"),
        (CheckIn, "player", "event_id", "the check-ins of an event"),
        (TeamMember, "player", "event_id", "the teams of an event"),
        (PrizeCategory.players.through, "player", "prizecategory_id", "a prize category"),
    ):
        clash = (
            model.objects.filter(**{f"{column}__in": both})
            .values(scope)
            .annotate(n=Count(column, distinct=True))
            .filter(n=2)
        )
        if not said and clash.exists():
            said.append(f"{kept.name} and {duplicate.name} are both in {words}.")
    return said


def preview_merge(kept: Player, duplicate: Player) -> MergePreview:
    """What merging ``duplicate`` into ``kept`` would move, and why it would be refused.
    A fixed number of queries whatever the players' history."""
    from ..models import DealNet, LedgerEntry

    preview = MergePreview(kept, duplicate)
    preview.refusals = _refusals(kept, duplicate)
    for model, column, words in MOVED:
        preview.counts.append((words, model.objects.filter(**{column: duplicate}).count()))
    preview.events = list(
        Registration.objects.filter(player=duplicate)
        .order_by("event__name")
        .values_list("event__name", flat=True)
    )
    preview.ledger_rows = (
        LedgerEntry.objects.filter(payer=duplicate).count()
        + LedgerEntry.objects.filter(payee=duplicate).count()
        + DealNet.objects.filter(player=duplicate).count()
    )
    return preview


def _locked(*players: Player) -> list[Player]:
    """The players' rows locked in id order (two officers merging the same pair either
    way round wait for each other instead of deadlocking), read afresh."""
    rows = {
        p.pk: p for p in Player.objects.select_for_update().filter(pk__in=[p.pk for p in players])
    }
    return [rows[p.pk] for p in players]


@transaction.atomic
def merge_players(kept: Player, duplicate: Player, user, reason: str = "") -> PlayerMerge:
    """Merge ``duplicate`` (a player recorded twice) into ``kept``; see the module."""
    require_circuit_officer(user)
    if kept.pk == duplicate.pk:
        raise MergeError("Pick two different players: a player cannot be merged into themselves.")
    kept, duplicate = _locked(kept, duplicate)
    # The rows a merge moves and that another officer could be changing: locked too.
    list(Registration.objects.select_for_update().filter(player__in=[kept, duplicate]))
    refusals = _refusals(kept, duplicate)
    if refusals:
        raise MergeError(" ".join(refusals))
    moved = {}
    for model, column, _words in MOVED:
        rows = model.objects.filter(**{column: duplicate})
        moved[_key(model, column)] = sorted(rows.values_list("pk", flat=True))
        rows.update(**{column: kept})
    _move_memberships(kept, duplicate, moved)
    _mark_events(moved)
    former = FormerName.objects.create(player=kept, name=duplicate.name, renamed_by=user)
    moved[ADDED_NAMES] = [former.pk]
    PlayerAlias.objects.create(player=duplicate, kept=kept)
    merge = PlayerMerge.objects.create(
        kept=kept,
        duplicate=duplicate,
        duplicate_name=duplicate.name,
        duplicate_club=duplicate.club,
        duplicate_email=duplicate.email,
        duplicate_notes=duplicate.notes,
        reason=reason.strip()[:300],
        moved=moved,
        merged_by=user,
    )
    moved_rows = {k: len(v) for k, v in moved.items() if v}
    _log(user, Action.MERGE_PLAYERS, kept, duplicate, merge, moved=moved_rows)
    return merge


@transaction.atomic
def undo_merge(merge: PlayerMerge, user) -> PlayerMerge:
    """Put back exactly what ``merge`` moved: every row to the duplicate, the duplicate
    a player of its own again, the former name the merge added removed."""
    require_circuit_officer(user)
    merge = PlayerMerge.objects.select_for_update().get(pk=merge.pk)
    if merge.undone_at is not None:
        raise MergeError(
            f"The merge of {merge.duplicate_name} into {merge.kept} is undone already."
        )
    kept, duplicate = _locked(merge.kept, merge.duplicate)
    if PlayerAlias.objects.filter(player=kept).exists():
        raise MergeError(
            f"{kept.name} was merged into another player since: undo that merge first."
        )
    back = Counter()
    for model, column, _words in MOVED:
        ids = merge.moved.get(_key(model, column), [])
        # Rows deleted since (a round drawn again) are simply not there to put back.
        back[_key(model, column)] = model.objects.filter(pk__in=ids, **{column: kept}).update(
            **{column: duplicate}
        )
    _put_back_memberships(merge, kept, duplicate, back)
    _mark_events(merge.moved)
    FormerName.objects.filter(pk__in=merge.moved.get(ADDED_NAMES, []), player=kept).delete()
    PlayerAlias.objects.filter(player=duplicate).delete()
    duplicate.name, duplicate.club = merge.duplicate_name, merge.duplicate_club
    duplicate.email, duplicate.notes = merge.duplicate_email, merge.duplicate_notes
    duplicate.save()
    merge.undone_at, merge.undone_by = timezone.now(), user
    merge.save(update_fields=["undone_at", "undone_by"])
    _log(user, Action.UNDO_MERGE, kept, duplicate, merge)
    return merge


def _log(user, action: str, kept: Player, duplicate: Player, merge: PlayerMerge, **more) -> None:
    """A merge or its undoing, in the log of no event: the two players by name."""
    log_activity(
        None, user, action, kept=kept.name, duplicate=duplicate.name, merge=merge.pk, **more
    )


def _move_memberships(kept: Player, duplicate: Player, moved: dict) -> None:
    """The duplicate's club memberships to the kept player; one in a club the kept
    player is a member of already is dropped (kept on the merge, to make it again)."""
    kept_clubs = set(ClubMembership.objects.filter(player=kept).values_list("club_id", flat=True))
    theirs = list(ClubMembership.objects.filter(player=duplicate).order_by("pk"))
    dropped = [m for m in theirs if m.club_id in kept_clubs]
    moved[DROPPED_MEMBERSHIPS] = [
        {
            "pk": m.pk,
            "club": m.club_id,
            "since": m.since.isoformat(),
            "created_at": m.created_at.isoformat(),
        }
        for m in dropped
    ]
    ClubMembership.objects.filter(pk__in=[m.pk for m in dropped]).delete()
    moved[MEMBERSHIPS] = [m.pk for m in theirs if m.club_id not in kept_clubs]
    ClubMembership.objects.filter(pk__in=moved[MEMBERSHIPS]).update(player=kept)


def _put_back_memberships(merge: PlayerMerge, kept: Player, duplicate: Player, back) -> None:
    """The memberships the merge moved back to the duplicate, and those it dropped made
    again as they were (their ids, dates)."""
    ids = merge.moved.get(MEMBERSHIPS, [])
    back[MEMBERSHIPS] = ClubMembership.objects.filter(pk__in=ids, player=kept).update(
        player=duplicate
    )
    for row in merge.moved.get(DROPPED_MEMBERSHIPS, []):
        if ClubMembership.objects.filter(club_id=row["club"], player=duplicate).exists():
            continue  # made again since the merge
        ClubMembership.objects.create(
            pk=row["pk"], club_id=row["club"], player=duplicate, since=row["since"]
        )
        ClubMembership.objects.filter(pk=row["pk"]).update(
            created_at=datetime.fromisoformat(row["created_at"])
        )


def _mark_events(moved: dict) -> None:
    """The events whose registrations moved: their pages (a table's sheet, a deal's)
    name another player now, so their live pages' ETags change."""
    ids = moved.get(_key(Registration, "player"), [])
    events = Registration.objects.filter(pk__in=ids).values_list("event_id", flat=True)
    for event_id in sorted(set(events)):
        stamps.mark(event_id)
