"""What the ledger audit let pass with 0 problems (issue 36, "the audit does not watch
the ranking"): an event's settings fixed once it has deals, its prizes and its
categories' prize tables, changed in SQL behind the app's back. The audit compares
each with the activity log's last record of it and names the event and the setting."""

import datetime
import importlib
import io

import pytest
from django.apps import apps
from django.core.management import call_command
from django.db import connection

from tournaments import exchange, services
from tournaments.ledger_audit import audit_ledger
from tournaments.ledger_audit.settings import unrecorded
from tournaments.models import ActivityEntry, Event, PrizeCategory
from tournaments.services.prizes import delete_category, save_category, set_prizes

from ..conftest import played_doc

pytestmark = pytest.mark.django_db

EVENT = "Heun parish night"


@pytest.fixture
def dealt(table, organizer):
    """The Heun night with a deal recorded: how it ranks is fixed."""
    services.record_deal(table, played_doc(), organizer)
    return Event.objects.get(pk=table.round.event_id)


def problems() -> list[str]:
    """The audit's problems, which ``manage.py audit_ledger`` says too (and fails)."""
    report = audit_ledger()
    out = io.StringIO()
    with pytest.raises(Exception, match="found problems"):
        call_command("audit_ledger", stdout=out, stderr=out)
    for problem in report.problems:
        assert problem in out.getvalue()
    return report.problems


def test_the_ranking_changed_in_sql_is_named(dealt):
    """The probe's own statement: the standings re-rank, the audit said 0 problems."""
    assert audit_ledger().ok
    with connection.cursor() as cursor:
        cursor.execute("UPDATE tournaments_event SET ranking='table_points'")
    assert problems() == [
        f"{EVENT}: its setting ranking is table_points, its activity log last recorded chips"
    ]


@pytest.mark.parametrize(
    "change, said",
    [
        (
            {"shared_places": "average"},
            "shared_places is average, its activity log last recorded place",
        ),
        ({"points_scale": 25}, "points_scale is 25, its activity log last recorded 10"),
        ({"bye_points": 3}, "bye_points is 3, its activity log last recorded 0"),
        (
            {
                "table_points": {
                    "2": [2, 1],
                    "3": [3, 2, 1],
                    "4": [9, 3, 2, 1],
                    "5": [4, 3, 2, 1, 1],
                }
            },
            'table_points is {"2": [2, 1], "3": [3, 2, 1], "4": [9, 3, 2, 1], '
            '"5": [4, 3, 2, 1, 1]}, its activity log last recorded {"2": [2, 1], '
            '"3": [3, 2, 1], "4": [4, 3, 2, 1], "5": [4, 3, 2, 1, 1]}',
        ),
        (
            {"tie_breaks": ["head_to_head"]},
            'tie_breaks is ["head_to_head"], its activity log last recorded ["chips"]',
        ),
        ({"team_ranking": "lodges"}, "team_ranking is lodges, its activity log last recorded off"),
        ({"team_size": 4}, "team_size is 4, its activity log last recorded 2"),
        ({"lodge_best": 5}, "lodge_best is 5, its activity log last recorded 3"),
    ],
    ids=lambda v: next(iter(v)) if isinstance(v, dict) else "",
)
def test_each_setting_fixed_once_dealt_changed_in_sql_is_named(dealt, change, said):
    Event.objects.filter(pk=dealt.pk).update(**change)
    assert problems() == [f"{EVENT}: its setting {said}"]


def test_settings_changed_before_the_first_deal_audit_clean(table, organizer):
    """Changed through the app before any deal, each change recorded: the last record
    is the event's, whatever came before it."""
    event = table.round.event
    services.update_event(event, organizer, ranking="table_points", bye_points=2)
    services.update_event(event, organizer, ranking="chips_and_points", lodge_best=4)
    services.record_deal(table, played_doc(), organizer)
    assert audit_ledger().ok
    Event.objects.filter(pk=event.pk).update(ranking="table_points")
    assert problems() == [
        f"{EVENT}: its setting ranking is table_points, its activity log last recorded "
        "chips_and_points"
    ]


def test_an_event_without_deals_is_not_compared(table, organizer):
    """Before its first deal how it ranks may change (the app records each change; a
    change past it ranks nothing yet)."""
    Event.objects.filter(pk=table.round.event_id).update(ranking="table_points")
    assert audit_ledger().ok


def test_an_older_record_holding_fewer_settings_still_audits_clean(dealt, organizer):
    """A record from before every setting was recorded (the ruleset, house rules and
    starting chips only) compares what it holds."""
    ActivityEntry.objects.create(
        event=dealt,
        action=ActivityEntry.Action.RECORD_FIXED_SETTINGS,
        detail={"fixed": {"ruleset": "la-vista", "house_rules": {}, "starting_chips": 20}},
    )
    Event.objects.filter(pk=dealt.pk).update(ranking="table_points", bye_points=2)
    assert audit_ledger().ok  # the last record says nothing of how it ranks
    assert unrecorded(Event.objects.all()) == [dealt]
    Event.objects.filter(pk=dealt.pk).update(starting_chips=30)
    assert problems() == [
        f"{EVENT}: its starting chips are 30, its deals were played from 20 (its activity log)"
    ]


def test_the_upgrade_records_every_setting_of_the_events_there(dealt):
    """Migration 0030 records every setting fixed once dealt for the events there: from
    then on the audit watches how an older event ranks."""
    ActivityEntry.objects.create(
        event=dealt,
        action=ActivityEntry.Action.RECORD_FIXED_SETTINGS,
        detail={"fixed": {"ruleset": "la-vista", "house_rules": {}, "starting_chips": 20}},
    )
    assert unrecorded(Event.objects.all()) == [dealt]
    upgrade = importlib.import_module("tournaments.migrations.0030_every_fixed_setting_recorded")
    upgrade.record(apps, None)
    assert unrecorded(Event.objects.all()) == []
    entry = ActivityEntry.objects.filter(event=dealt).order_by("pk").last()
    assert entry.detail["fixed"] == {name: getattr(dealt, name) for name in Event.FIXED_ONCE_DEALT}
    assert audit_ledger().ok
    Event.objects.filter(pk=dealt.pk).update(team_ranking="lodges")
    assert problems() == [
        f"{EVENT}: its setting team_ranking is lodges, its activity log last recorded off"
    ]


# -- prizes ----------------------------------------------------------------------------


@pytest.fixture
def prized(tournament, organizer):
    """The Clarkson open (nine players) paying 50/30% of $10 fees, and a category."""
    event = set_prizes(tournament, organizer, 1000, "50%\n30%", False)
    seniors = save_category(event, organizer, "Seniors", list(event.players.all()[:3]), "$5.00")
    return event, seniors


def test_prizes_set_through_the_app_audit_clean(prized, organizer):
    event, seniors = prized
    assert audit_ledger().ok
    save_category(event, organizer, "Over 70s", list(event.players.all()[:2]), "$5.00", seniors)
    set_prizes(event, organizer, 1200, "60%\n40%", True)
    assert audit_ledger().ok
    set_prizes(event, organizer, 1200, "60%\n40%", True, prizes_in_each_list=True)
    assert audit_ledger().ok


@pytest.mark.parametrize(
    "change, said",
    [
        (
            {"entry_fee_cents": 1500},
            "entry_fee_cents is $15.00, its activity log last recorded $10.00",
        ),
        (
            {"prize_table": "90%\n10%"},
            "prize_table is “90% / 10%”, its activity log last recorded “50% / 30%”",
        ),
        (
            {"prizes_club_adds": True},
            "prizes_club_adds is true, its activity log last recorded false",
        ),
        (
            {"prizes_in_each_list": True},
            "prizes_in_each_list is true, its activity log last recorded false",
        ),
    ],
    ids=["entry fee", "prize table", "club adds", "a prize in each list"],
)
def test_prizes_changed_in_sql_are_named(prized, change, said):
    event, _ = prized
    Event.objects.filter(pk=event.pk).update(**change)
    assert problems() == [f"Clarkson open: its prize setting {said}"]


def test_a_category_s_prizes_changed_in_sql_are_named(prized, organizer):
    event, seniors = prized
    PrizeCategory.objects.filter(pk=seniors.pk).update(prize_table="$50.00")
    assert problems() == [
        "Clarkson open: its category Seniors has the prize table “$50.00”, its activity "
        "log last recorded “$5.00”"
    ]


def test_a_removed_category_back_in_sql_is_named(prized, organizer):
    event, seniors = prized
    players = list(seniors.players.all())
    delete_category(seniors, organizer)
    assert audit_ledger().ok
    again = PrizeCategory.objects.create(event=event, name="Seniors", prize_table="$5.00")
    again.players.set(players)
    assert problems() == [
        "Clarkson open: its category Seniors exists, its activity log last recorded it removed"
    ]


def test_a_new_event_s_prizes_are_recorded_at_its_creation(organizer):
    """Prizes given when the event is created (the new-event form, an imported file)
    are in its creation's record: changed in SQL, they are named."""
    event = services.create_event(
        organizer,
        name="Westfest",
        date=datetime.date(2026, 9, 5),
        prizes={"entry_fee_cents": 2000, "prize_table": "$100.00", "prizes_club_adds": True},
    )
    assert (event.entry_fee_cents, event.prize_table, event.prizes_club_adds) == (
        2000,
        "$100.00",
        True,
    )
    assert audit_ledger().ok
    Event.objects.filter(pk=event.pk).update(entry_fee_cents=0)
    assert problems() == [
        "Westfest: its prize setting entry_fee_cents is $0.00, its activity log last "
        "recorded $20.00"
    ]


def test_an_imported_event_s_prizes_and_categories_are_watched(prized, other_organizer):
    event, _ = prized
    copy = exchange.import_event(exchange.export_event(event), other_organizer)
    assert audit_ledger([copy.pk]).ok
    PrizeCategory.objects.filter(event=copy).update(prize_table="$9.00")
    Event.objects.filter(pk=copy.pk).update(prize_table="100%")
    assert audit_ledger([copy.pk]).problems == [
        "Clarkson open: its prize setting prize_table is “100%”, its activity log last "
        "recorded “50% / 30%”",
        "Clarkson open: its category Seniors has the prize table “$9.00”, its activity log "
        "last recorded “$5.00”",
    ]
