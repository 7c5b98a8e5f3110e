"""load_demo (run by every `make run`) only ever creates the demo account, never overwrites one."""

import datetime
import io

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command

from tournaments import services
from tournaments.models import DealVersion, Event, LedgerEntry

pytestmark = pytest.mark.django_db


def snapshot():
    User = get_user_model()
    return {
        "users": list(
            User.objects.order_by("pk").values_list(
                "pk", "username", "password", "is_staff", "is_superuser", "email"
            )
        ),
        "events": list(Event.objects.order_by("pk").values_list("pk", "name")),
        "organizers": sorted(
            (e.pk, u.username) for e in Event.objects.all() for u in e.organizers.all()
        ),
        "versions": DealVersion.objects.count(),
        "ledger": LedgerEntry.objects.count(),
    }


def test_load_demo_leaves_an_existing_superuser_and_their_event_alone():
    User = get_user_model()
    boss = User.objects.create_superuser("boss", "boss@example.org", "the-boss-password")
    event = services.create_event(
        boss,
        name="Boss's own night",
        date=datetime.date(2026, 12, 1),
        ruleset="la-vista",
        house_rules={},
        starting_chips=20,
        session_end=Event.SessionEnd.FIXED_DEALS,
        deals_per_session=20,
    )
    out = io.StringIO()
    call_command("load_demo", stdout=out)
    boss.refresh_from_db()
    assert boss.username == "boss"
    assert boss.check_password("the-boss-password")
    assert boss.is_superuser and boss.is_staff
    assert list(event.organizers.values_list("username", flat=True)) == ["boss"]
    demo = User.objects.get(username="organizer")
    assert demo.pk != boss.pk
    assert demo.check_password("taroky-demo")
    assert "user name 'organizer', password 'taroky-demo'" in out.getvalue()
    after_first = snapshot()
    call_command("load_demo", stdout=io.StringIO())
    assert snapshot() == after_first


def test_load_demo_never_resets_a_changed_demo_password():
    call_command("load_demo", stdout=io.StringIO())
    demo = get_user_model().objects.get(username="organizer")
    demo.set_password("a-better-password")
    demo.save()
    before = snapshot()
    out = io.StringIO()
    call_command("load_demo", stdout=out)
    demo.refresh_from_db()
    assert demo.check_password("a-better-password")
    assert snapshot() == before
    assert "taroky-demo" not in out.getvalue()
    assert "The demo organizer 'organizer' exists already and was left as it is." in out.getvalue()


def test_load_demo_loads_no_events_for_a_user_named_organizer_who_organizes_nothing():
    get_user_model().objects.create_user("organizer", password="not-the-demo-one")
    out = io.StringIO()
    call_command("load_demo", stdout=out)
    assert Event.objects.count() == 0
    assert get_user_model().objects.get(username="organizer").check_password("not-the-demo-one")
    assert "is not an organizer account" in out.getvalue()
