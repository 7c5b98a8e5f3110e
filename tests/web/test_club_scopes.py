"""Every club-owned model is read in a club scope (tournaments.scoping): a query outside
one raises, a query in club A's scope never returns club B's rows. Derived from the
models: a new model with a path to Club is scoped or named unscoped, with its reason."""

import pytest
from django_scopes import ScopeError, scope

from tournaments import scoping

from .two_clubs import club_b_world, club_paths, with_the_rest

pytestmark = pytest.mark.django_db


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
    assert names - scoped == set(scoping.UNSCOPED)
    assert all(scoping.UNSCOPED[n].strip() for n in scoping.UNSCOPED)


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
