"""Every club-owned model is read in a club scope (tournaments.scoping): a query outside
one raises, a query in club A's scope never returns club B's rows. Derived from the
models: a new model with a path to Club is scoped or named unscoped, with its reason."""

import pytest
from django_scopes import ScopeError, scope

from .two_clubs import club_b_world, club_paths, with_the_rest

pytestmark = pytest.mark.django_db

# The models reached from a club that are not scoped (tournaments.scoping), and why.
UNSCOPED = {
    "ClubMembership": "the circuit's players and their clubs are circuit-wide (CIRCUIT.md)",
    "ReceivedFile": "read once, by the file's digest, as a club's organizer sends the file in",
    "EventApproval": "the circuit's officers' decision, read by the circuit's list",
    "Registration": "read through its event, which the page resolved and scoped",
    "Round": "read through its event; round_or_404 scopes by the event's club",
    "Table": "read through its event; table_or_404 scopes by the event's club",
    "Seat": "read through its table's event",
    "ChipCount": "read through its table's event",
    "EventStamp": "read through its event",
    "Deal": "read through its event; deal_or_404 scopes by the event's club (hot pages: "
    "a filter here would join four tables on every deal query)",
    "DealVersion": "read through its deal",
    "DealConfirmation": "read through its deal",
    "RejectedVersion": "read through its deal's event, which its page scopes",
    "LedgerEntry": "append-only, read through its event",
    "DealNet": "append-only, read through its event",
    "CheckIn": "read through its event (the check-in desk, scoped by the event)",
    "Substitution": "read through its seat's event; its page scopes by the table's club",
    "Sitting": "read through its round's event",
    "TeamMember": "read through its team's event",
    "ActivityEntry": "read through its event or season",
    "ResultMessage": "read through its event or season; the mail queue is the server's",
}


def is_scoped(model) -> bool:
    return hasattr(model._default_manager, "with_scopes_disabled")


def scoped_models():
    return sorted((m for m in club_paths() if is_scoped(m)), key=lambda m: m.__name__)


def test_every_model_with_a_club_is_scoped_or_said_unscoped():
    paths = club_paths()
    names = {m.__name__ for m in paths}
    scoped = {m.__name__ for m in scoped_models()}
    assert scoped == {
        "Event",
        "Season",
        "TableLink",
        "CheckInLink",
        "DirectorCall",
        "PrizeCategory",
        "Team",
    }
    assert names - scoped == set(UNSCOPED)
    assert all(UNSCOPED[n].strip() for n in UNSCOPED)


def test_a_scoped_query_outside_a_scope_raises_and_a_scope_keeps_to_its_club(
    world, organizer, django_user_model
):
    # The test's own queries run with scopes disabled (tests/conftest.py); ``scope()``
    # with no club is a request's before its page names a club's thing.
    with_the_rest(world, organizer, "Seniors", "Heun four", "Heun season")
    b = club_b_world(django_user_model)
    a_club = world["event"].club
    paths = club_paths()
    rows = {
        m: (
            set(m._base_manager.filter(**{paths[m]: a_club}).values_list("pk", flat=True)),
            set(m._base_manager.filter(**{paths[m]: b["club"]}).values_list("pk", flat=True)),
        )
        for m in scoped_models()
    }
    assert a_club != b["club"]
    for model, (a_rows, b_rows) in rows.items():
        # Both clubs have rows of every scoped model: the checks below check something.
        assert a_rows and b_rows, model
        with scope(), pytest.raises(ScopeError):
            list(model.objects.all())
        with scope(), pytest.raises(ScopeError):
            model.objects.filter(pk__in=b_rows).exists()
        with scope(club=a_club.pk):
            assert set(model.objects.values_list("pk", flat=True)) == a_rows, model
            assert not model.objects.filter(pk__in=b_rows).exists(), model
        with scope(club=b["club"]):
            assert set(model.objects.values_list("pk", flat=True)) == b_rows, model
    # A related manager of a club's row keeps to the scope too.
    with scope(club=a_club.pk):
        assert list(b["club"].events.all()) == []
        assert list(b["event"].prize_categories.all()) == []
