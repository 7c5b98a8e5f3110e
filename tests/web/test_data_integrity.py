"""What keeps recorded deals meaning what they meant: the ruleset fixed once dealt,
append-only rows enforced by the database, an audit that catches tampering, renames."""

import json

import pytest
from django.core.management import call_command
from django.db import IntegrityError, connection, transaction

from tournaments import append_only, exchange, services
from tournaments.ledger_audit import audit_ledger
from tournaments.models import (
    ChipCount,
    Deal,
    DealNet,
    DealVersion,
    Event,
    LedgerEntry,
    Player,
)
from tournaments.standings import standings

from ..conftest import played_doc
from .tampering import WHERE, _problems, tamper

pytestmark = pytest.mark.django_db


def five_with_kontra(**fields):
    return played_doc(
        **{"bid": "five", "blind": None, "kontra": "kontra", "bidder_points": 45, **fields}
    )


def chips_to(deal, name):
    """What ``name`` received in the deal's current version."""
    rows = LedgerEntry.objects.filter(
        deal=deal, deal_version__number=deal.version, reverses__isnull=True
    )
    return sorted(e.chips for e in rows if e.payee.name == name)


# -- the ruleset is fixed once a deal is recorded ----------------------------------------


def test_the_ruleset_can_change_before_the_first_deal(event, organizer):
    services.update_event(event, organizer, ruleset="clarkson", house_rules={}, starting_chips=30)
    event.refresh_from_db()
    assert (event.ruleset, event.starting_chips) == ("clarkson", 30)


@pytest.mark.parametrize(
    "change",
    [{"ruleset": "clarkson"}, {"house_rules": {"kontra_allowed": False}}, {"starting_chips": 30}],
)
def test_the_ruleset_house_rules_and_starting_chips_are_fixed_once_dealt(table, organizer, change):
    event = table.round.event
    deal = services.record_deal(table, five_with_kontra(), organizer)
    assert chips_to(deal, "Anna") == [16]
    with pytest.raises(services.ServiceError) as refused:
        services.update_event(event, organizer, **change)
    assert refused.value.message == (
        "The ruleset, house rules and starting chips cannot change once a deal is recorded: "
        f"this event's deals were scored under them ({next(iter(change))} not changed)."
    )
    event.refresh_from_db()
    assert (event.ruleset, event.house_rules, event.starting_chips) == ("la-vista", {}, 20)
    # Other settings still change; a correction keeps the kontra it was recorded under.
    services.update_event(event, organizer, name="Renamed night", ruleset="la-vista")
    deal = services.correct_deal(
        deal, five_with_kontra(bidder_points=50), organizer, "recount"
    ).deal
    assert chips_to(deal, "Anna") == [16]


def test_a_correction_keeps_the_ruleset_its_deal_was_recorded_under(table, organizer):
    deal = services.record_deal(table, played_doc(), organizer)
    with pytest.raises(services.DealError) as refused:
        services.correct_deal(deal, played_doc(ruleset="heun"), organizer, "other rules")
    assert refused.value.message == "The deal's ruleset is not the one its deal was recorded under."
    assert Deal.objects.get(pk=deal.pk).version == 1


def test_the_edit_form_disables_the_fixed_fields_and_says_why(client, table, organizer):
    event = table.round.event
    client.force_login(organizer)
    page = client.get(f"/events/{event.pk}/edit/").content.decode()
    assert 'name="ruleset"' in page and "Fixed:" not in page
    services.record_deal(table, played_doc(), organizer)
    page = client.get(f"/events/{event.pk}/edit/").content.decode()
    # The ruleset, the starting chips, the session's note; and the 16 fields of how the
    # event ranks (fixed too once it has deals): the format, 12, and its teams' 3 (team
    # ranking, team size, a lodge's best).
    assert page.count("Fixed: the event&#x27;s deals were recorded under it.") == 3 + 16
    # House rules are the ruleset's generated option fields: all disabled.
    for name in ("ruleset", "rule__la-vista__kontra_allowed", "starting_chips"):
        field = page[page.index(f'name="{name}"') - 200 : page.index(f'name="{name}"') + 200]
        assert "disabled" in field, name
    # A posted ruleset is ignored; the rest of the form saves.
    response = client.post(
        f"/events/{event.pk}/edit/",
        {
            "name": "Heun parish night (moved)",
            "date": "2026-11-20",
            "venue": "",
            "kind": "club_night",
            "ruleset": "clarkson",
            "house_rules": '{"kontra_allowed": false}',
            "starting_chips": "99",
            "session_end": "fixed_deals",
            "deals_per_session": "20",
            "bye_chips": "0",
            "paper_size": "letter",
        },
    )
    assert response.status_code == 302
    event.refresh_from_db()
    assert event.name == "Heun parish night (moved)"
    assert (event.ruleset, event.house_rules, event.starting_chips) == ("la-vista", {}, 20)


# -- append-only in the database ---------------------------------------------------------


@pytest.fixture
def corrected_deal(table, organizer):
    deal = services.record_deal(table, played_doc(bidder_points=30), organizer)
    return services.correct_deal(deal, played_doc(), organizer, "recount").deal


APPEND_ONLY = [LedgerEntry, DealNet, DealVersion]


def test_the_triggers_are_installed_by_migrate():
    """Each of the ledger's three tables has its own (test_append_only.py lists them all)."""
    installed = append_only.installed(connection)
    for model in APPEND_ONLY:
        assert any(trigger.endswith(f" on {model._meta.db_table}") for trigger in installed)


@pytest.mark.parametrize("model", APPEND_ONLY, ids=lambda m: m.__name__)
def test_the_database_refuses_updates_past_the_orm(corrected_deal, model):
    row = model.objects.filter(**{"deal": corrected_deal}).order_by("pk").first()
    column = {LedgerEntry: "explanation", DealNet: "chips", DealVersion: "reason"}[model]
    value = {LedgerEntry: "rewritten", DealNet: 99, DealVersion: "rewritten"}[model]
    with pytest.raises(IntegrityError, match="rows are append-only"), transaction.atomic():
        model._base_manager.filter(pk=row.pk).update(**{column: value})
    with pytest.raises(IntegrityError, match="rows are append-only"), transaction.atomic():
        with connection.cursor() as cursor:
            cursor.execute(f"DELETE FROM {model._meta.db_table} WHERE id = %s", [row.pk])
    with pytest.raises(IntegrityError, match="rows are append-only"), transaction.atomic():
        with connection.cursor() as cursor:
            cursor.execute(f"UPDATE {model._meta.db_table} SET id = id WHERE id = %s", [row.pk])
    assert model.objects.filter(pk=row.pk).count() == 1


def test_the_database_refuses_an_upsert_over_a_ledger_row(corrected_deal):
    row = LedgerEntry.objects.filter(deal=corrected_deal).first()
    copy = LedgerEntry.objects.get(pk=row.pk)
    copy.chips = 1000
    with pytest.raises(IntegrityError, match="rows are append-only"), transaction.atomic():
        LedgerEntry.objects.bulk_create(
            [copy], update_conflicts=True, unique_fields=["id"], update_fields=["chips"]
        )
    assert LedgerEntry.objects.get(pk=row.pk).chips == row.chips


@pytest.mark.django_db(transaction=True)
def test_deals_stay_updatable_and_flush_empties_the_ledger(corrected_deal):
    """flush (run after each transactional test) lifts the triggers and puts them back."""
    assert Deal.objects.filter(pk=corrected_deal.pk).update(voided=False) == 1
    installed = append_only.installed(connection)
    call_command("flush", interactive=False, verbosity=0)
    assert (LedgerEntry.objects.count(), DealVersion.objects.count(), Deal.objects.count()) == (
        0,
        0,
        0,
    )
    assert append_only.installed(connection) == installed


# -- the audit catches tampering ---------------------------------------------------------


T = {m: m._meta.db_table for m in [LedgerEntry, DealNet, DealVersion, Deal, ChipCount]}


def test_the_audit_finds_a_whole_deal_deleted(corrected_deal, organizer):
    services.record_deal(corrected_deal.table, played_doc(dealer="Anna"), organizer)
    pk = corrected_deal.pk
    tamper(f"DELETE FROM {T[LedgerEntry]} WHERE deal_id = %s AND reverses_id IS NOT NULL", [pk])
    for model in (LedgerEntry, DealNet, DealVersion, Deal):
        tamper(f"DELETE FROM {T[model]} WHERE {'id' if model is Deal else 'deal_id'} = %s", [pk])
    assert _problems() == [f"{WHERE}: deal numbers are not consecutive (missing 1)"]


def test_the_audit_finds_an_earlier_version_rewritten(corrected_deal):
    v1 = corrected_deal.versions.get(number=1)
    # Version 1 lost with 30 points; rewritten, it would have won with 41.
    document = json.dumps({**v1.document, "bidder_points": 41})
    tamper(f"UPDATE {T[DealVersion]} SET document = %s WHERE id = %s", [document, v1.pk])
    assert _problems() == [
        f"{WHERE}, deal 1: the ledger does not match the settlement of version 1 "
        "(2 rows posted, 2 expected)",
        f"{WHERE}, deal 1: the nets of version 1 are not its settlement's",
    ]


def test_the_audit_finds_an_earlier_versions_author_rewritten(corrected_deal, other_organizer):
    v1 = corrected_deal.versions.get(number=1)
    tamper(
        f"UPDATE {T[DealVersion]} SET created_by_id = %s WHERE id = %s",
        [other_organizer.pk, v1.pk],
    )
    rows = LedgerEntry.objects.filter(deal_version=v1).order_by("pk")
    assert _problems() == [
        f"{WHERE}, deal 1: row {e.pk} was not posted by the author of version 1" for e in rows
    ]


def test_the_audit_finds_a_current_version_that_is_not_the_deal(corrected_deal):
    Deal.objects.filter(pk=corrected_deal.pk).update(
        document={**corrected_deal.document, "bidder_points": 50}
    )
    assert _problems() == [f"{WHERE}, deal 1: the document of version 2 is not the deal's"]


def test_the_audit_finds_a_changed_explanation(corrected_deal):
    row = LedgerEntry.objects.filter(
        deal=corrected_deal, deal_version__number=2, reverses__isnull=True
    ).first()
    tamper(f"UPDATE {T[LedgerEntry]} SET explanation = 'Gift' WHERE id = %s", [row.pk])
    assert _problems() == [
        f"{WHERE}, deal 1: the ledger does not match the settlement of version 2 "
        "(an explanation or reason differs)"
    ]


def test_the_audit_finds_a_changed_reversal_explanation(corrected_deal):
    row = LedgerEntry.objects.filter(deal=corrected_deal, reverses__isnull=False).first()
    tamper(f"UPDATE {T[LedgerEntry]} SET explanation = 'Undone' WHERE id = %s", [row.pk])
    assert _problems() == [
        f"{WHERE}, deal 1: the explanation of row {row.pk} is not its reversal's"
    ]


def test_the_audit_finds_changed_chips_of_an_earlier_version_and_its_reversal(corrected_deal):
    """Both rows changed alike still mirror each other, but not version 1's settlement."""
    original = LedgerEntry.objects.filter(deal=corrected_deal, deal_version__number=1).filter(
        reverses__isnull=True
    )[0]
    tamper(
        f"UPDATE {T[LedgerEntry]} SET chips = 1 WHERE id = %s OR reverses_id = %s",
        [original.pk, original.pk],
    )
    problems = _problems()
    assert problems[0] == (
        f"{WHERE}, deal 1: the ledger does not match the settlement of version 1 "
        "(2 rows posted, 2 expected)"
    )
    assert f"{WHERE}, deal 1: the nets of version 1 are not what its ledger rows net to" in problems


def test_the_audit_finds_a_changed_chip_count(corrected_deal, organizer):
    table = corrected_deal.table
    seats = {s.player.name: s.player for s in table.seats.select_related("player")}
    counts = services.record_chip_count(table, organizer, {p: 25 for p in seats.values()})
    assert audit_ledger().ok
    anna = next(c for c in counts if c.player.name == "Anna")
    assert anna.expected == 25
    ChipCount.objects.filter(pk=anna.pk).update(expected=20)
    assert _problems() == [f"{WHERE}: the chip count of Anna expected 20, the ledger says 25"]


def test_the_audit_finds_a_gap_in_version_numbers(corrected_deal):
    v2 = corrected_deal.versions.get(number=2)
    tamper(f"UPDATE {T[DealVersion]} SET number = 3 WHERE id = %s", [v2.pk])
    tamper(f"UPDATE {T[DealNet]} SET version = 3 WHERE deal_id = %s AND version = 2", [v2.deal_id])
    Deal.objects.filter(pk=corrected_deal.pk).update(version=3)
    assert f"{WHERE}, deal 1: version numbers are not consecutive ([1, 3])" in _problems()


# -- renaming a player --------------------------------------------------------------------


def test_a_renamed_player_keeps_audit_export_and_corrections_working(
    corrected_deal, organizer, other_organizer
):
    table = corrected_deal.table
    event = table.round.event
    before = [(s.rank, s.chips, s.deals_played) for s in standings(event)]
    anna = Player.objects.get(name="Anna")
    anna.name = "Anna Nováková"  # a spelling fix, as in the admin
    anna.save()
    report = audit_ledger()
    assert report.ok, report.problems
    assert [(s.rank, s.chips, s.deals_played) for s in standings(event)] == before
    # The export names her as she is called now, everywhere in every version.
    document = json.loads(json.dumps(exchange.export_event(event)))
    versions = document["rounds"][0]["tables"][0]["deals"][0]["versions"]
    assert [v["document"]["bidder"] for v in versions] == ["Anna Nováková"] * 2
    assert versions[0]["document"]["players"] == ["Anna Nováková", "Bill", "Čada", "Dana"]
    other_organizer.is_staff = True
    copy = exchange.import_event(document, other_organizer)
    assert audit_ledger([copy.pk]).ok

    def ledger(e):
        return [
            (
                r.deal.number,
                r.deal_version.number,
                r.payer.name,
                r.payee.name,
                r.chips,
                r.reason,
                r.explanation,
            )
            for r in LedgerEntry.objects.filter(event=e)
            .select_related("deal", "deal_version", "payer", "payee")
            .order_by("pk")
        ]

    assert ledger(copy) == ledger(event)
    assert [(s.rank, s.player.name, s.chips) for s in standings(copy)] == [
        (s.rank, s.player.name, s.chips) for s in standings(event)
    ]
    # A correction under her new name posts against the same player.
    doc = played_doc(bidder_points=50)
    doc["players"][0] = doc["bidder"] = "Anna Nováková"
    services.correct_deal(corrected_deal, doc, organizer, "she had more")
    assert audit_ledger().ok
    assert Event.objects.count() == 2


def test_the_correction_form_of_a_renamed_players_deal_names_him_as_now(
    client, corrected_deal, organizer
):
    Player.objects.filter(name="Čada").update(name="Ken Čada")
    client.force_login(organizer)
    form = client.get(f"/deals/{corrected_deal.pk}/correct/").context["form"]
    assert (form.initial["bidder"], form.initial["partner"]) == ("Anna", "Ken Čada")
    assert corrected_deal.document["partner"] == "Čada"


def test_the_migration_names_the_players_of_versions_saved_before(
    corrected_deal, table5, organizer
):
    """Databases from before DealVersion.names get each version's player ids from the seats."""
    import importlib

    from django.apps import apps

    migration = importlib.import_module("tournaments.migrations.0003_deal_version_names_and_origin")
    five = ["Fanny", "Gustav", "Hana", "Ivan"]
    misdeal = {"ruleset": "la-vista", "players": five, "dealer": "Emil", "sitting_out": "Emil"}
    services.void_deal(
        services.record_deal(table5, misdeal | {"kind": "misdeal"}, organizer), organizer, "x"
    )
    saved = dict(DealVersion.objects.values_list("pk", "names"))
    assert len(saved) == 4 and all(saved.values())
    tamper(f"UPDATE {T[DealVersion]} SET names = %s", [json.dumps({})])
    assert set(map(json.dumps, DealVersion.objects.values_list("names", flat=True))) == {"{}"}
    with append_only.lifted(connection):
        migration.name_the_players_of_saved_versions(apps, None)
    assert dict(DealVersion.objects.values_list("pk", "names")) == saved
    assert saved[corrected_deal.versions.get(number=1).pk] == {
        s.player.name: s.player_id for s in corrected_deal.table.seats.select_related("player")
    }
