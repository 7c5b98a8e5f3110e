"""Deals recorded under the rules before contract section 19 (rules edition 1), which
today's core refuses (D6) or pays otherwise (D1): their payments stand as recorded.
The ledger audit notes them (0 problems), a backup holding them is restored, and
correcting one scores it under today's rules; the same documents recorded under
today's edition are problems as ever."""

import io
import json

import pytest
from django.core.management import call_command
from django.db import connection
from django.urls import reverse

import taroky_scoring.editions
from taroky_scoring.editions import RULES_EDITION
from tournaments import append_only, services
from tournaments.ledger_audit import audit_ledger
from tournaments.models import Deal, DealNet, DealVersion

from ..conftest import SEATS4, game_table
from .tampering import _problems, before, migrate, tamper

pytestmark = pytest.mark.django_db

WHERE = "Texas king night, round 1, table 1"
BEFORE_19 = "was recorded under the rules before contract section 19"
D6_REFUSED = (
    "valat: The opponents have no card points, so they took no trick: record the "
    "declarer's side's valat as made."
)


def king(**fields):
    """Anna's Povenost with Čada (hearts called), in texas-king."""
    doc = {
        "ruleset": "texas-king",
        "players": list(SEATS4),
        "dealer": "Dana",
        "kind": "played",
        "bidder": "Anna",
        "bid": "povenost",
        "partner": "Čada",
        "called": "hearts",
        "bidder_points": 60,
    }
    return doc | fields


VALAT = {"team": "bidder", "announced": True, "made": True}
# contract 19 D6: 106 card points and no valat recorded is refused today. Before, it
# was a Povenost won, 1 chip from each opponent, as 105 points are today.
D6_DOCUMENT = king(bidder_points=106)
D6_PAID_AS = king(bidder_points=105)
# contract 19 D1: an announced valat made under Contra is 80 from each opponent today;
# before, an announced valat carried no game contra: 40, as without the Contra today.
D1_DOCUMENT = king(bidder_points=106, contra="contra", valat=VALAT)
D1_PAID_AS = king(bidder_points=106, valat=VALAT)


@pytest.fixture
def table(organizer):
    return game_table(organizer, "texas-king", SEATS4, name="Texas king night")


def recorded(table, user, document, paid_as, edition=1) -> Deal:
    """A deal as the app of rules edition ``edition`` recorded it: ``document``, with
    the payments it made then (today's for ``paid_as``), as an upgrade leaves it."""
    deal = services.record_deal(table, paid_as, user)
    said = json.dumps(document)
    tamper(f"UPDATE {Deal._meta.db_table} SET document = %s WHERE id = %s", [said, deal.pk])
    tamper(
        f"UPDATE {DealVersion._meta.db_table} SET document = %s, rules_edition = %s "
        "WHERE deal_id = %s",
        [said, edition, deal.pk],
    )
    return Deal.objects.get(pk=deal.pk)


def nets(deal, version=1) -> dict[str, int]:
    return {n.player.name: n.chips for n in DealNet.objects.filter(deal=deal, version=version)}


@pytest.fixture
def old_deals(table, organizer):
    """Deal 1 refused today (D6), deal 2 paid otherwise today (D1), both of edition 1."""
    return (
        recorded(table, organizer, D6_DOCUMENT, D6_PAID_AS),
        recorded(table, organizer, D1_DOCUMENT, D1_PAID_AS),
    )


NOTES = [
    f"{WHERE}, deal 1: version 1 {BEFORE_19}; today's rules refuse it: {D6_REFUSED}; "
    "its payments stand as recorded",
    f"{WHERE}, deal 2: version 1 {BEFORE_19}; today's rules pay otherwise (Anna +80, "
    "Bill -80, Čada +80, Dana -80; recorded: Anna +40, Bill -40, Čada +40, Dana -40); "
    "its payments stand as recorded",
]


def test_the_core_says_its_rules_edition():
    assert RULES_EDITION == 2
    assert taroky_scoring.editions.EDITIONS == {
        1: "the rules before contract section 19",
        2: "the rules of contract section 19 (2026-11-26)",
    }


def test_deals_recorded_before_section_19_are_notes_not_problems(old_deals):
    first, second = old_deals
    assert nets(first) == {"Anna": 1, "Bill": -1, "Čada": 1, "Dana": -1}
    assert nets(second) == {"Anna": 40, "Bill": -40, "Čada": 40, "Dana": -40}
    report = audit_ledger()
    assert (report.problems, report.notes) == ([], NOTES)
    out = io.StringIO()
    call_command("audit_ledger", stdout=out)  # exits 0
    assert out.getvalue().splitlines() == [
        *(f"NOTE {note}" for note in NOTES),
        "Audited 2 deals, 4 ledger rows and 8 deal nets: 0 problems.",
        "2 deal versions were recorded under earlier rules (NOTE above): their payments "
        "stand as recorded; correcting a deal scores it under today's rules.",
    ]


def test_the_same_documents_under_todays_edition_are_problems(table, organizer):
    recorded(table, organizer, D6_DOCUMENT, D6_PAID_AS, edition=RULES_EDITION)
    recorded(table, organizer, D1_DOCUMENT, D1_PAID_AS, edition=RULES_EDITION)
    report = audit_ledger()
    assert report.notes == []
    assert _problems() == [
        f"{WHERE}, deal 1: the outcome of version 1 is invalid: {D6_REFUSED}",
        f"{WHERE}, deal 2: the ledger does not match the settlement of version 1 "
        "(2 rows posted, 2 expected)",
        f"{WHERE}, deal 2: the nets of version 1 are not its settlement's",
    ]


def test_an_old_version_whose_rows_and_nets_disagree_is_a_problem(old_deals):
    first, second = old_deals
    for deal in old_deals:
        net = DealNet.objects.filter(deal=deal, player__name="Bill").get()
        tamper(f"UPDATE {DealNet._meta.db_table} SET chips = 5 WHERE id = %s", [net.pk])
    assert _problems() == [
        f"{WHERE}, deal 1: the nets of version 1 are not what its ledger rows net to",
        f"{WHERE}, deal 2: the nets of version 1 are not what its ledger rows net to",
    ]


def test_a_version_of_a_later_edition_than_the_apps_is_a_problem(table, organizer):
    recorded(table, organizer, D6_PAID_AS, D6_PAID_AS, edition=RULES_EDITION + 1)
    assert _problems() == [
        f"{WHERE}, deal 1: version 1 was recorded under rules edition {RULES_EDITION + 1}, "
        f"which this app does not know (it knows 1 to {RULES_EDITION})"
    ]


def test_new_versions_are_of_todays_edition_and_a_correction_scores_under_it(old_deals, organizer):
    first, second = old_deals
    later = services.record_deal(first.table, king(dealer="Anna", bidder="Bill"), organizer)
    assert later.versions.get().rules_edition == RULES_EDITION
    services.correct_deal(second, D1_DOCUMENT, organizer, "recounted")
    assert list(second.versions.values_list("number", "rules_edition")) == [
        (1, 1),
        (2, RULES_EDITION),
    ]
    assert nets(second, 2) == {"Anna": 80, "Bill": -80, "Čada": 80, "Dana": -80}
    # Voided, the void keeps the edition of what it voids: its document is that one,
    # which today's rules refuse (and the deal is saved all the same).
    services.void_deal(first, organizer, "entered twice")
    assert list(first.versions.values_list("number", "rules_edition")) == [(1, 1), (2, 1)]
    assert Deal.objects.get(pk=first.pk).voided
    report = audit_ledger()
    assert (report.problems, report.notes) == ([], NOTES)


@pytest.mark.django_db(transaction=True)
def test_a_backup_with_deals_before_section_19_is_restored(old_deals, tmp_path):
    backup = tmp_path / "backup.json"
    call_command("backup_db", output=str(backup), stdout=io.StringIO())
    call_command("flush", interactive=False, verbosity=0)
    out = io.StringIO()
    call_command("restore_db", str(backup), stdout=out)
    assert out.getvalue().splitlines() == [
        *(f"NOTE {note}" for note in NOTES),
        "Restored 1 event, 0 seasons and 4 players; the ledger audit found no problem "
        "(2 deal versions recorded under earlier rules stand as recorded: NOTE above).",
    ]
    assert sorted(DealVersion.objects.values_list("rules_edition", flat=True)) == [1, 1]
    report = audit_ledger()
    assert (report.problems, report.notes) == ([], NOTES)


@pytest.mark.django_db(transaction=True)
def test_a_backup_written_before_rules_editions_is_of_edition_1(old_deals, tmp_path):
    """A backup of an app that did not record editions: its versions were scored
    before section 19, as the migration says of the rows it finds."""
    backup = tmp_path / "backup.json"
    call_command("backup_db", output=str(backup), stdout=io.StringIO())
    data = json.loads(backup.read_text())
    for row in data:
        row["fields"].pop("rules_edition", None)
    backup.write_text(json.dumps(data))
    call_command("flush", interactive=False, verbosity=0)
    call_command("restore_db", str(backup), stdout=io.StringIO())
    assert sorted(DealVersion.objects.values_list("rules_edition", flat=True)) == [1, 1]
    assert audit_ledger().notes == NOTES


def test_a_players_statistics_leave_out_a_deal_todays_rules_refuse(old_deals, client, organizer):
    """The statistics score each document by today's rules: the refused one is left
    out (it was a 500), the one paid otherwise counted as today's rules pay it."""
    first, _ = old_deals
    client.force_login(organizer)
    anna = first.versions.get().player_ids()["Anna"]
    response = client.get(reverse("player-detail", args=[anna]))
    assert response.status_code == 200
    (block,) = response.context["statistics"]
    assert (block["deals"], block["chips"]) == (1, 80)


PETRTYL = {"ruleset": "petrtyl", "players": list(SEATS4)}
# contract 19 D6 in Petrtyl: 70 card points and no sweep recorded is refused today.
# Before, a Four won, 4 from each opponent, as 69 points are today (deal 1's misdeal
# put 4 chips in the pot, which it does not take).
PETRTYL_D6 = PETRTYL | {
    "dealer": "Bill",
    "kind": "played",
    "bidder": "Anna",
    "bid": "four",
    "partner": "Čada",
    "talon": "first",
    "bidder_points": 70,
    "pot": 4,
}


def test_an_earlier_deal_corrected_before_a_deal_todays_rules_refuse(organizer):
    """Correcting deal 1 gives deal 2 another pot, which scores it again: today's rules
    refuse it, and the message says why; voided first, deal 1 is corrected."""
    table = game_table(organizer, "petrtyl", SEATS4, name="Petrtyl night")
    first = services.record_deal(table, PETRTYL | {"dealer": "Dana", "kind": "misdeal"}, organizer)
    second = recorded(table, organizer, PETRTYL_D6, PETRTYL_D6 | {"bidder_points": 69})
    assert nets(second) == {"Anna": 4, "Bill": -4, "Čada": 4, "Dana": -4}
    thrown_in = PETRTYL | {"dealer": "Dana", "kind": "thrown_in"}
    with pytest.raises(services.DealError) as refused:
        services.correct_deal(first, thrown_in, organizer, "not a misdeal")
    assert refused.value.message == (
        "Deal 1 cannot be corrected: deal 2 would then find 0 chips in the pot, and it "
        "cannot be scored with them (The opponents have no card points, so they took no "
        "trick: record the declarer's side's Sweep as made.). Deal 2 was recorded under "
        "the rules before contract section 19, which today's rules refuse: correct or void "
        "deal 2 first; nothing was saved."
    )
    services.void_deal(second, organizer, "no sweep recorded")
    services.correct_deal(first, thrown_in, organizer, "not a misdeal")
    report = audit_ledger()
    assert (report.problems, report.notes) == (
        [],
        [
            "Petrtyl night, round 1, table 1, deal 2: version 1 was recorded under the rules "
            "before contract section 19; today's rules refuse it: sweep: The opponents have "
            "no card points, so they took no trick: record the declarer's side's Sweep as "
            "made.; its payments stand as recorded"
        ],
    )


@pytest.mark.django_db(transaction=True)
def test_the_migration_says_the_versions_there_were_scored_before_section_19(table, organizer):
    triggers = append_only.installed(connection)
    deal = services.record_deal(table, D6_PAID_AS, organizer)
    assert deal.versions.get().rules_edition == RULES_EDITION
    try:
        migrate(before("rules_edition"))
        migrate()
    finally:
        migrate()
    assert deal.versions.get().rules_edition == 1
    assert append_only.installed(connection) == triggers
    later = services.record_deal(table, king(dealer="Anna", bidder="Bill"), organizer)
    assert later.versions.get().rules_edition == RULES_EDITION
    assert audit_ledger().ok
