"""What the ledger audit saw pass with 0 problems (issue 29, "what the audit does not
see"): each tampered with in raw SQL or past the services, as the database's owner
could, on SQLite and PostgreSQL; the audit says exactly what is wrong."""

import datetime
import hashlib
import io
import json

import pytest
from django import forms
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.db import connection
from django.test import Client
from django.urls import reverse
from django.utils.timezone import localtime

from tournaments import services
from tournaments.ledger_audit import audit_ledger
from tournaments.models import (
    ActivityEntry,
    Deal,
    DealNet,
    DealVersion,
    Event,
    LedgerEntry,
    Player,
    Seat,
    TableLink,
)
from tournaments.standings import standings

from ..conftest import played_doc
from .tampering import WHERE, _problems, before, migrate, tamper

pytestmark = pytest.mark.django_db

EVENT = "Heun parish night"


@pytest.fixture
def two_deals(table, organizer):
    """Deal 1 corrected (two versions); deal 2, the table's last, recorded once."""
    first = services.record_deal(table, played_doc(bidder_points=30), organizer)
    services.correct_deal(first, played_doc(), organizer, "recount")
    return services.record_deal(table, played_doc(dealer="Anna", bidder="Bill"), organizer)


def chips(event) -> dict[str, int]:
    return {s.player.name: s.chips for s in standings(event)}


# -- rows whose deal is missing ----------------------------------------------------------


def test_the_audit_finds_the_rows_of_a_deleted_last_deal(two_deals):
    """Deleted in a sqlite3 shell, where foreign keys are off: its version, ledger rows
    and nets stay, and the standings count them. Deal numbers still run 1, 2 ... ."""
    event = two_deals.table.round.event
    before = chips(event)
    tamper(f"DELETE FROM {Deal._meta.db_table} WHERE id = %s", [two_deals.pk])
    assert chips(event) == before  # what the standings show is still the deleted deal's
    assert _problems() == [
        f"{WHERE}: deal id {two_deals.pk} is missing, its 1 version, 2 ledger rows and "
        "4 deal nets are left (the standings count its nets)"
    ]
    # The event's audit finds them by their own columns (a version has no event).
    assert audit_ledger([event.pk]).problems == [
        f"{WHERE}: deal id {two_deals.pk} is missing, its 2 ledger rows and 4 deal nets "
        "are left (the standings count its nets)"
    ]
    for model in (LedgerEntry, DealNet, DealVersion):  # the test database's checks at the end
        tamper(f"DELETE FROM {model._meta.db_table} WHERE deal_id = %s", [two_deals.pk])


def test_the_audit_finds_rows_filed_under_another_event(two_deals, organizer):
    other = services.create_event(
        organizer, name="Clarkson open", date=datetime.date(2026, 11, 21), ruleset="clarkson"
    )
    tamper(
        f"UPDATE {DealNet._meta.db_table} SET event_id = %s WHERE deal_id = %s",
        [other.pk, two_deals.pk],
    )
    assert audit_ledger([other.pk]).problems == [
        f"{WHERE}, deal 2: 4 deal nets of the deal are filed under another event"
    ]
    assert audit_ledger().problems == [
        f"{WHERE}, deal 2: net {n.pk} is filed under another table or event"
        for n in DealNet.objects.filter(deal=two_deals).order_by("pk")
    ]


# -- the event's fixed settings ----------------------------------------------------------


@pytest.mark.parametrize(
    "change, said",
    [
        (
            {"ruleset": "clarkson"},
            f"{EVENT}: its ruleset is clarkson, its deals were recorded under la-vista",
        ),
        (
            {"house_rules": {"kontra_allowed": False}},
            f'{EVENT}: its house rules are {{"kontra_allowed": false}}, its deals were '
            "recorded under {}",
        ),
        (
            {"starting_chips": 30},
            f"{EVENT}: its starting chips are 30, its deals were played from 20 (its activity log)",
        ),
    ],
    ids=["ruleset", "house rules", "starting chips"],
)
def test_the_audit_finds_the_fixed_settings_changed_under_recorded_deals(two_deals, change, said):
    """The app refuses these changes once a deal is recorded; past it, the audit says."""
    assert audit_ledger().ok
    Event.objects.filter(pk=two_deals.table.round.event_id).update(**change)
    assert _problems() == [said]


def test_the_fixed_settings_change_freely_before_the_first_deal(table, organizer):
    event = table.round.event
    services.update_event(event, organizer, starting_chips=30)
    services.record_deal(table, played_doc(), organizer)
    assert audit_ledger().ok
    assert ActivityEntry.objects.filter(event=event, action="update_event").get().detail == {
        "fields": ["starting_chips"],
        # Every setting fixed once the event has deals (issue 36): how it ranks too.
        "fixed": {"ruleset": "la-vista", "house_rules": {}, "starting_chips": 30} | RANKED,
    }


def test_an_admins_change_before_the_first_deal_is_in_the_log(table, organizer):
    """The admin's edits are recorded as the services' are: the audit reads them."""
    event = table.round.event
    admin = Client()
    admin.force_login(get_user_model().objects.create_superuser("root", password="x-pw"))
    url = reverse("admin:tournaments_event_change", args=[event.pk])
    form = admin.get(url).context["adminform"].form
    # Posted as the admin's page sends them: a JSON field's value as JSON text.
    data = {
        k: json.dumps(v) if isinstance(form.fields.get(k), forms.JSONField) else v
        for k, v in form.initial.items()
        if v is not None and k != "organizers"
    }
    data |= {
        "date": "2026-11-20",
        "house_rules": "{}",
        "starting_chips": "40",
        "registrations-TOTAL_FORMS": "0",
        "registrations-INITIAL_FORMS": "0",
        "organizers": [organizer.pk],
    }
    response = admin.post(url, data)
    assert response.status_code == 302, response.context["adminform"].form.errors
    services.record_deal(table, played_doc(), organizer)
    assert Event.objects.get(pk=event.pk).starting_chips == 40
    assert audit_ledger().ok
    entry = ActivityEntry.objects.filter(event=event).order_by("pk").last()
    assert (entry.action, entry.detail["fixed"]["starting_chips"]) == ("admin_edit_event", 40)


# -- the seats -----------------------------------------------------------------------------


def reseat(table, order):
    """The table's seats in another order (by name), past the services."""
    seats = {s.player.name: s for s in table.seats.select_related("player")}
    t = Seat._meta.db_table
    for i, name in enumerate(order):
        tamper(f"UPDATE {t} SET position = %s WHERE id = %s", [100 + i, seats[name].pk])
    tamper(f"UPDATE {t} SET position = position - 100 WHERE table_id = %s", [table.pk])


def test_the_audit_finds_the_seats_reordered_after_deals(two_deals):
    table = two_deals.table
    reseat(table, ["Bill", "Čada", "Dana", "Anna"])  # everyone one seat on: the same table
    assert audit_ledger().ok
    reseat(table, ["Anna", "Čada", "Bill", "Dana"])  # Bill and Čada changed places
    said = "was not played in the table's seating (its players in order: Anna, Bill, Čada, Dana)"
    assert _problems() == [
        f"{WHERE}, deal 1: version 1 {said}",
        f"{WHERE}, deal 1: version 2 {said}",
        f"{WHERE}, deal 2: version 1 {said}",
    ]


def test_the_audit_finds_a_player_seated_at_a_table_after_its_deals(two_deals):
    emil = Player.objects.create(name="Emil")
    tamper(
        f"INSERT INTO {Seat._meta.db_table} (table_id, player_id, position) VALUES (%s, %s, 4)",
        [two_deals.table_id, emil.pk],
    )
    said = "was not played in the table's seating (its players in order: Anna, Bill, Čada, Dana)"
    assert _problems() == [
        f"{WHERE}, deal 1: version 1 {said}",
        f"{WHERE}, deal 1: version 2 {said}",
        f"{WHERE}, deal 2: version 1 {said}",
    ]


def test_a_five_player_tables_seating_is_checked_without_the_dealer(table5, organizer):
    five = ["Fanny", "Gustav", "Hana", "Ivan"]
    misdeal = {"ruleset": "la-vista", "players": five, "dealer": "Emil", "sitting_out": "Emil"}
    services.record_deal(table5, misdeal | {"kind": "misdeal"}, organizer)
    assert audit_ledger().ok
    reseat(table5, ["Emil", "Fanny", "Hana", "Gustav", "Ivan"])
    assert _problems() == [
        f"{WHERE}, deal 1: version 1 was not played in the "
        "table's seating (its players in order: Fanny, Gustav, Hana, Ivan)"
    ]


# -- table links ---------------------------------------------------------------------------


def test_the_audit_finds_a_revoked_link_working_again(table, organizer):
    first = services.issue_link(table, organizer)
    second = services.issue_link(table, organizer)  # the first revoked
    revoked = ActivityEntry.objects.get(action="reissue_table_link")
    assert revoked.detail["revoked"] == [first.pk]
    assert audit_ledger().ok
    tamper(f"UPDATE {TableLink._meta.db_table} SET revoked_at = NULL WHERE id = %s", [first.pk])
    when = f"{localtime(revoked.created_at):%Y-%m-%d at %H:%M}"
    assert _problems() == [
        f"{WHERE}: 2 table links work at once",
        f"{WHERE}: table link {first.pk} works again; it was revoked on {when}",
    ]
    services.revoke_link(second, organizer)
    assert audit_ledger().problems == [
        f"{WHERE}: table link {first.pk} works again; it was revoked on {when}"
    ]
    # Revoked by hand (no other link working), then un-revoked: the log said so too.
    third = services.issue_link(table, organizer)  # the first revoked again
    services.revoke_link(third, organizer)
    tamper(f"UPDATE {TableLink._meta.db_table} SET revoked_at = NULL WHERE id = %s", [third.pk])
    revoked = ActivityEntry.objects.filter(action="revoke_table_link").order_by("pk").last()
    assert revoked.detail["revoked"] == [third.pk]
    when = f"{localtime(revoked.created_at):%Y-%m-%d at %H:%M}"
    assert _problems() == [f"{WHERE}: table link {third.pk} works again; it was revoked on {when}"]


def digest(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def bring_back(link, table_id=None) -> int:
    """A revoked link deleted and inserted again with its token, a new id and no
    revocation, in plain SQL (as a sqlite3 or psql shell could: no trigger stops it).
    Returns the new id."""
    t = TableLink._meta.db_table
    with connection.cursor() as cursor:
        cursor.execute(f"DELETE FROM {t} WHERE id = %s", [link.pk])
        cursor.execute(
            f"INSERT INTO {t} (table_id, token, created_by_id, created_at, revoked_at) "
            "VALUES (%s, %s, %s, %s, NULL)",
            [table_id or link.table_id, link.token, link.created_by_id, link.created_at],
        )
    return TableLink.objects.get(token=link.token).pk


def test_the_audit_finds_a_revoked_link_deleted_and_inserted_again(table, organizer):
    """The old QR code works again under a new id: the log's hash of the revoked token
    finds it, and the revoked id is missing while its table stands."""
    first = services.issue_link(table, organizer)
    second = services.issue_link(table, organizer)  # the first revoked
    services.revoke_link(second, organizer)
    reissue, revoke = ActivityEntry.objects.filter(action__endswith="_table_link").order_by("pk")[
        1:
    ]
    assert (reissue.detail, revoke.detail) == (
        {
            "round": 1,
            "table": 1,
            "table_id": table.pk,
            "revoked": [first.pk],
            "revoked_token_sha256": [digest(first.token)],
        },
        {
            "round": 1,
            "table": 1,
            "table_id": table.pk,
            "revoked": [second.pk],
            "revoked_token_sha256": [digest(second.token)],
        },
    )
    assert audit_ledger().ok
    again = bring_back(first)
    assert Client().get(reverse("link-sheet", args=[first.token])).status_code == 200
    when = f"{localtime(reissue.created_at):%Y-%m-%d at %H:%M}"
    assert _problems() == [
        f"{WHERE}: table link {again} carries the token of table link {first.pk}, revoked "
        f"on {when}: the old QR code works again",
        f"{WHERE}: table link {first.pk}, revoked on {when}, is missing: a link goes only "
        "with its table, when a round not yet started is drawn again",
    ]


def test_a_revoked_link_brought_back_at_another_table_is_found(table, organizer):
    first = services.issue_link(table, organizer)
    services.revoke_link(first, organizer)
    players = [Player.objects.create(name=n) for n in ["Emil", "Fanny", "Gustav", "Hana"]]
    other = services.create_table(table.round, organizer, players, first_forehand=players[0])
    again = bring_back(first, table_id=other.pk)
    revoked = ActivityEntry.objects.get(action="revoke_table_link")
    when = f"{localtime(revoked.created_at):%Y-%m-%d at %H:%M}"
    assert _problems() == [
        "Heun parish night, round 1, table 2: table link "
        f"{again} carries the token of table link {first.pk}, revoked on {when}: the old QR "
        "code works again",
        f"{WHERE}: table link {first.pk}, revoked on {when}, is missing: a link goes only "
        "with its table, when a round not yet started is drawn again",
    ]


def test_a_revoked_link_logged_before_its_tables_id_was_missing_after_deals(table, organizer):
    """A log entry from before the table's id and the token's hash were logged: a
    missing link is named when its round had deals by the time it was revoked (no draw
    could remove its table after that)."""
    services.record_deal(table, played_doc(), organizer)
    first = services.issue_link(table, organizer)
    services.revoke_link(first, organizer)
    revoked = ActivityEntry.objects.get(action="revoke_table_link")
    old = json.dumps({"round": 1, "table": 1, "revoked": [first.pk]})
    tamper(
        f"UPDATE {ActivityEntry._meta.db_table} SET detail = %s WHERE id = %s", [old, revoked.pk]
    )
    assert audit_ledger().ok
    TableLink.objects.filter(pk=first.pk).delete()
    when = f"{localtime(revoked.created_at):%Y-%m-%d at %H:%M}"
    assert _problems() == [
        f"{WHERE}: table link {first.pk}, revoked on {when}, is missing: a link goes only "
        "with its table, when a round not yet started is drawn again",
    ]


# -- events from before the activity log recorded their settings --------------------------


def an_older_event(organizer) -> Event:
    """An event created before its log recorded the fixed settings, with a deal."""
    event = Event.objects.create(
        name=EVENT, date=datetime.date(2026, 11, 20), ruleset="la-vista", starting_chips=20
    )
    event.organizers.add(organizer)
    rnd = services.create_round(event, organizer)
    players = [Player.objects.create(name=n) for n in ["Anna", "Bill", "Čada", "Dana"]]
    table = services.create_table(rnd, organizer, players, first_forehand=players[0])
    services.record_deal(table, played_doc(), organizer)
    return event


UPGRADED = {
    "fixed": {"ruleset": "la-vista", "house_rules": {}, "starting_chips": 20},
    "by": "the upgrade",
    "why": "The ledger audit checks the starting chips against the activity log's last "
    "record of them: these are the event's when the app was upgraded.",
}
# How an event ranks by default, as the log records it beside the ruleset (issue 36).
RANKED = {
    "ranking": "chips",
    "table_points": {"2": [2, 1], "3": [3, 2, 1], "4": [4, 3, 2, 1], "5": [4, 3, 2, 1, 1]},
    "shared_places": "place",
    "points_scale": 10,
    "bye_points": 0,
    "tie_breaks": ["chips"],
    "team_ranking": "off",
    "team_size": 2,
    "lodge_best": 3,
}
NO_PRIZES = {
    "entry_fee_cents": 0,
    "prize_table": "",
    "prizes_club_adds": False,
    "prizes_in_each_list": False,
}
# Migration 0030 and restore_db record every setting fixed once an event has deals.
EVERY_SETTING = {
    "fixed": UPGRADED["fixed"] | RANKED,
    "prizes": NO_PRIZES,
    "by": "the upgrade",
    "why": "The ledger audit checks the settings fixed once an event has deals, and its "
    "prizes, against the activity log's last record of them: these are the event's when "
    "the app was upgraded.",
}


@pytest.mark.django_db(transaction=True)
def test_the_upgrade_records_the_settings_of_the_events_there(organizer):
    older = an_older_event(organizer)
    Event.objects.filter(pk=older.pk).update(starting_chips=30)
    assert audit_ledger().ok  # the log has no record to check them against
    Event.objects.filter(pk=older.pk).update(starting_chips=20)
    try:
        migrate(before("fixed_settings_recorded"))
        migrate()
    finally:
        migrate()
    *_, entry, every = ActivityEntry.objects.filter(event=older).order_by("pk")
    assert (entry.action, entry.user, entry.detail) == ("record_fixed_settings", None, UPGRADED)
    # Then migration 0030's, holding every setting fixed once dealt (issue 36).
    assert (every.action, every.user, every.detail) == (
        "record_fixed_settings",
        None,
        EVERY_SETTING,
    )
    assert audit_ledger().ok
    Event.objects.filter(pk=older.pk).update(starting_chips=30)
    assert _problems() == [
        f"{EVENT}: its starting chips are 30, its deals were played from 20 (its activity log)"
    ]


@pytest.mark.django_db(transaction=True)
def test_a_backup_from_before_gets_the_settings_of_its_events_recorded(organizer, tmp_path):
    older = an_older_event(organizer)
    backup = tmp_path / "backup.json"
    call_command("backup_db", output=str(backup), stdout=io.StringIO())
    call_command("flush", interactive=False, verbosity=0)
    call_command("restore_db", str(backup), stdout=io.StringIO())
    entry = ActivityEntry.objects.filter(event=older.pk).order_by("pk").last()
    assert (entry.action, entry.user, entry.detail) == (
        "record_fixed_settings",
        None,
        EVERY_SETTING
        | {"by": "restore_db", "why": EVERY_SETTING["why"].replace("upgraded", "restored")},
    )
    Event.objects.filter(pk=older.pk).update(starting_chips=30)
    assert _problems() == [
        f"{EVENT}: its starting chips are 30, its deals were played from 20 (its activity log)"
    ]
    # Restored again, an event whose log has the record gets no other.
    Event.objects.filter(pk=older.pk).update(starting_chips=20)
    call_command("backup_db", output=str(backup), stdout=io.StringIO())
    call_command("flush", interactive=False, verbosity=0)
    call_command("restore_db", str(backup), stdout=io.StringIO())
    assert ActivityEntry.objects.filter(action="record_fixed_settings").count() == 1
