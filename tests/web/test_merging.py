"""Merging a player recorded twice (services/merging.py): what moves, what is refused,
the ledger untouched (its checksum) and the audit clean, and the undo exact."""

import pytest

from tests.conftest import clarkson_open
from tests.web.days import day, play, seat_round
from tournaments.ledger_audit import audit_ledger
from tournaments.ledger_checksum import ledger_checksum
from tournaments.models import (
    ActivityEntry,
    FormerName,
    LedgerEntry,
    Player,
    PlayerMerge,
    Registration,
    Seat,
    Sitting,
)
from tournaments.season_standings import player_statistics
from tournaments.services.errors import PermissionDenied
from tournaments.services.merging import (
    MergeError,
    merge_players,
    preview_merge,
    undo_merge,
)
from tournaments.standings import standings, statement

pytestmark = pytest.mark.django_db

WEST = ["Ana", "Bill", "Čada", "Dana"]


@pytest.fixture
def two_events(organizer):
    """The Clarkson day (Anna among the nine), and West's night where Anna was entered
    as "Ana" (a player recorded twice), who won a Five with Bill."""
    clarkson = day(clarkson_open(organizer, published=True), organizer)
    west = clarkson_open(organizer, players=WEST, name="West open", published=True)
    Player.objects.filter(name="Ana").update(club="West", email="ana@example.org")
    (table,) = seat_round(west, organizer, [WEST])
    play(table, organizer, ("Ana", "Bill", 40), ("Čada", "Ana", 20))
    return clarkson, west


def rows_of(event):
    return [(s.player.name, s.chips) for s in standings(event)]


def test_a_merge_moves_the_duplicate_to_the_kept_player_and_undo_puts_it_back(two_events, officer):
    clarkson, west = two_events
    anna, ana = Player.objects.get(name="Anna"), Player.objects.get(name="Ana")
    west_before = rows_of(west)
    clarkson_before = rows_of(clarkson)
    ana_chips = dict(west_before)["Ana"]
    checksum = ledger_checksum()
    assert audit_ledger().problems == []
    ana_rows = (
        LedgerEntry.objects.filter(payer=ana).count()
        + LedgerEntry.objects.filter(payee=ana).count()
    )
    assert ana_rows > 0

    ana_statistics = player_statistics(ana, [west])
    assert ana_statistics != []
    ana_statement = [(line.entry.pk, line.change, line.balance) for line in statement(west, ana)]
    assert len(ana_statement) > 0
    preview = preview_merge(anna, ana)
    assert preview.refusals == []
    assert preview.summary == (
        "1 registration, 1 seat, 1 sitting, 1 roll call, 1 first forehand, 1 event"
    )
    assert preview.events == ["West open"]

    merge = merge_players(anna, ana, officer, reason="  One person: Anna Nováková  ")
    assert ledger_checksum() == checksum
    assert audit_ledger().problems == []
    # West's standings name Anna with what Ana won; Clarkson's are unchanged.
    assert rows_of(west) == [
        ("Anna" if name == "Ana" else name, chips) for name, chips in west_before
    ]
    assert dict(rows_of(west))["Anna"] == ana_chips
    assert rows_of(clarkson) == clarkson_before
    # Anna's statistics at West are Ana's (the deals name Ana).
    assert player_statistics(anna, [west]) == ana_statistics
    # Anna's statement at West is the rows that name Ana, as Ana's was.
    assert [(line.entry.pk, line.change, line.balance) for line in statement(west, anna)] == (
        ana_statement
    )
    assert list(Registration.objects.filter(player=anna).values_list("event__name", flat=True)) == [
        "Clarkson open",
        "West open",
    ]
    assert not Registration.objects.filter(player=ana).exists()
    assert not Seat.objects.filter(player=ana).exists()
    assert list(FormerName.objects.filter(player=anna).values_list("name", flat=True)) == ["Ana"]
    ana.refresh_from_db()
    assert kept_of(ana) == anna
    assert merge.reason == "One person: Anna Nováková"
    assert (merge.duplicate_name, merge.duplicate_club, merge.duplicate_email) == (
        "Ana",
        "West",
        "ana@example.org",
    )
    assert merge.moved["tournaments.Registration.player"] == [
        Registration.objects.get(event=west, player=anna).pk
    ]
    logged = ActivityEntry.objects.get(action=ActivityEntry.Action.MERGE_PLAYERS)
    assert (logged.detail["kept"], logged.detail["duplicate"]) == ("Anna", "Ana")

    undo_merge(merge, officer)
    assert ledger_checksum() == checksum
    assert audit_ledger().problems == []
    assert rows_of(west) == west_before
    assert rows_of(clarkson) == clarkson_before
    ana.refresh_from_db()
    assert kept_of(ana) is None
    assert (ana.name, ana.club, ana.email) == ("Ana", "West", "ana@example.org")
    assert Registration.objects.get(event=west, player=ana)
    assert list(
        Sitting.objects.filter(player=ana).values_list("round__event__name", flat=True)
    ) == ["West open"]
    assert not FormerName.objects.filter(player=anna).exists()
    merge.refresh_from_db()
    assert merge.undone_by == officer and merge.undone_at is not None
    assert ActivityEntry.objects.filter(action=ActivityEntry.Action.UNDO_MERGE).count() == 1
    with pytest.raises(MergeError, match="The merge of Ana into Anna is undone already."):
        undo_merge(merge, officer)


def test_a_merge_keeps_the_duplicates_former_names_and_undo_returns_them(two_events, officer):
    anna, ana = Player.objects.get(name="Anna"), Player.objects.get(name="Ana")
    FormerName.objects.create(player=ana, name="Anička")
    merge = merge_players(anna, ana, officer)
    assert sorted(FormerName.objects.filter(player=anna).values_list("name", flat=True)) == [
        "Ana",
        "Anička",
    ]
    undo_merge(merge, officer)
    assert list(FormerName.objects.filter(player=ana).values_list("name", flat=True)) == ["Anička"]
    assert not FormerName.objects.filter(player=anna).exists()


def test_merging_two_players_of_one_table_is_refused_naming_the_event_and_round(
    two_events, officer
):
    anna, bill = Player.objects.get(name="Anna"), Player.objects.get(name="Bill")
    checksum = ledger_checksum()
    preview = preview_merge(anna, bill)
    assert preview.refusals == [
        "Anna and Bill are both registered in Clarkson open: a merge would register one "
        "person twice.",
        "Anna and Bill both sat in round 1 of Clarkson open: a merge would seat one person twice.",
        "Anna and Bill both sat in round 2 of Clarkson open: a merge would seat one person twice.",
        "Anna and Bill sat at the same table (table 1) in round 1 of Clarkson open: a merge "
        "would seat one person twice.",
    ]
    with pytest.raises(MergeError) as refused:
        merge_players(anna, bill, officer)
    assert refused.value.message == " ".join(preview.refusals)
    assert not PlayerMerge.objects.exists()
    assert ledger_checksum() == checksum
    assert kept_of(Player.objects.get(name="Bill")) is None


def test_a_player_is_not_merged_into_themselves_nor_twice(two_events, officer):
    anna, ana = Player.objects.get(name="Anna"), Player.objects.get(name="Ana")
    with pytest.raises(MergeError, match="a player cannot be merged into themselves"):
        merge_players(anna, anna, officer)
    merge_players(anna, ana, officer)
    dana = Player.objects.create(name="Dana Two")
    with pytest.raises(MergeError, match="^Ana was merged into another player already.$"):
        merge_players(dana, Player.objects.get(name="Ana"), officer)


def test_only_an_officer_merges_or_undoes(two_events, officer, organizer):
    anna, ana = Player.objects.get(name="Anna"), Player.objects.get(name="Ana")
    with pytest.raises(PermissionDenied, match="Only the circuit's officers may do this."):
        merge_players(anna, ana, organizer)
    merge = merge_players(anna, ana, officer)
    with pytest.raises(PermissionDenied, match="Only the circuit's officers may do this."):
        undo_merge(merge, organizer)
    assert kept_of(Player.objects.get(name="Ana")) == anna


def test_a_merge_of_the_kept_player_later_repoints_the_older_alias(two_events, officer):
    """No chains: when the kept player is merged in turn, the older alias follows."""
    anna, ana = Player.objects.get(name="Anna"), Player.objects.get(name="Ana")
    anna_two = Player.objects.create(name="Anna Two")
    first = merge_players(anna, ana, officer)
    checksum = ledger_checksum()
    second = merge_players(anna_two, anna, officer)
    assert kept_of(Player.objects.get(name="Ana")) == anna_two
    assert audit_ledger().problems == []
    assert ledger_checksum() == checksum
    with pytest.raises(MergeError, match="Anna was merged into another player since"):
        undo_merge(first, officer)
    undo_merge(second, officer)
    assert kept_of(Player.objects.get(name="Ana")) == anna
    undo_merge(first, officer)
    assert audit_ledger().problems == []
    assert ledger_checksum() == checksum


def test_a_merged_name_registers_the_kept_player_and_is_not_searched(two_events, officer):
    from tournaments import services
    from tournaments.services.players import search_registry

    clarkson, west = two_events
    anna, ana = Player.objects.get(name="Anna"), Player.objects.get(name="Ana")
    merge_players(anna, ana, officer)
    night = clarkson_open(clarkson.organizers.get(), players=[], name="Heun night")
    # Ana herself is not listed: Anna is, by her former name.
    assert [(p.name, p.formerly) for p in search_registry(night, "ana")] == [
        ("Anna", "Ana"),
        ("Dana", None),
        ("Hana", None),
    ]
    registered = services.register_player(night, clarkson.organizers.get(), name="Ana")
    assert registered == anna
    assert list(night.registrations.values_list("player__name", flat=True)) == ["Anna"]


def kept_of(player):
    """The player ``player`` is merged into (its alias), or None."""
    from tournaments.models import PlayerAlias

    alias = PlayerAlias.objects.filter(player_id=player.pk).first()
    return alias and alias.kept


def test_registering_a_player_merged_away_is_refused_naming_the_kept_one(two_events, officer):
    """A page still showing the duplicate (picked before the merge) registers nobody:
    the organizer is told whom to register; typing the duplicate's name registers the
    kept player, as a former name does."""
    from tournaments import services
    from tournaments.services import ServiceError

    clarkson, west = two_events
    anna, ana = Player.objects.get(name="Anna"), Player.objects.get(name="Ana")
    merge_players(anna, ana, officer)
    later = clarkson_open(clarkson.organizers.first(), players=["Bill"], name="Later open")
    organizer = later.organizers.first()
    with pytest.raises(ServiceError) as e:
        services.register_player(later, organizer, player=ana)
    assert e.value.message == (
        f"Ana was merged into Anna ({anna.circuit_number}): register them instead."
    )
    assert not Registration.objects.filter(event=later, player__in=[anna, ana]).exists()
    assert services.register_player(later, organizer, name="Ana") == anna
    names = Registration.objects.filter(event=later).values_list("player__name", flat=True)
    assert sorted(names) == ["Anna", "Bill"]
