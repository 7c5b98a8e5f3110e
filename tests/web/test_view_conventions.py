"""The views follow Django's conventions: decorators keep the view they wrap (its name,
module and ``__wrapped__``), every object of a URL is read with its visibility checked,
and who may read what is said once, in services/permissions."""

import datetime

import pytest
from django.contrib.auth.models import AnonymousUser
from django.http import Http404
from django.test import RequestFactory
from django.urls import get_resolver

from tournaments import services
from tournaments.models import Event, Season
from tournaments.services import permissions
from tournaments.views import common, deals, hall, seasons

pytestmark = pytest.mark.django_db


def test_the_sign_in_and_link_decorators_keep_the_view_they_wrap():
    for view, name in [
        (deals.deal_create, "deal_create"),
        (seasons.season_create, "season_create"),
        (hall.link_deal, "link_deal"),
        (hall.table_undo, "table_undo"),
    ]:
        assert (view.__name__, view.__qualname__) == (name, name)
        assert view.__wrapped__ is not view
    # Every page of the app: none is named after a decorator's inner function.
    callbacks = [p.callback for p in get_resolver("tournaments.urls").url_patterns]
    assert len(callbacks) > 50
    assert [c.__qualname__ for c in callbacks if "<locals>" in c.__qualname__] == []


def request_by(user):
    request = RequestFactory().get("/")
    request.user = user
    return request


def test_event_or_404_hides_an_unpublished_event_as_its_siblings_do(
    event, organizer, django_user_model
):
    assert event.published is False
    assert common.event_or_404(request_by(organizer), event.pk) == event
    for visitor in (AnonymousUser(), django_user_model.objects.create_user("stranger")):
        with pytest.raises(Http404):
            common.event_or_404(request_by(visitor), event.pk)
    with pytest.raises(Http404):
        common.event_or_404(request_by(organizer), event.pk + 1000)


def test_who_may_read_which_events_and_seasons_is_said_once(organizer, django_user_model):
    other = django_user_model.objects.create_user("other", is_staff=True)
    admin = django_user_model.objects.create_superuser("root")
    day = datetime.date(2026, 3, 1)
    mine = services.create_event(organizer, name="Mine", date=day, published=False)
    public = services.create_event(other, name="Public", date=day, published=True)
    hidden = services.create_event(other, name="Hidden", date=day, published=False)
    assert set(permissions.readable_events(AnonymousUser(), Event.objects.all())) == {public}
    assert set(permissions.readable_events(organizer, Event.objects.all())) == {mine, public}
    assert set(permissions.readable_events(admin, Event.objects.all())) == {mine, public, hidden}
    season = Season.objects.create(name="Spring", start_date=day, end_date=day)
    season.organizers.add(organizer)
    assert list(permissions.readable_seasons(AnonymousUser(), Season.objects.all())) == []
    assert list(permissions.readable_seasons(organizer, Season.objects.all())) == [season]
    assert list(permissions.readable_seasons(other, Season.objects.all())) == []
    for user, event in [(AnonymousUser(), public), (organizer, mine), (admin, hidden)]:
        assert permissions.can_view(user, event)
    assert not permissions.can_view(organizer, hidden)


def test_the_event_forms_house_rules_are_read_from_its_option_fields():
    """No field of its own (no widget that renders nothing): ``clean`` reads the chosen
    ruleset's option fields; another ruleset's options, posted by a page without its
    script, are not read at all, even when they are nonsense."""
    from tournaments.forms import EventForm

    blank = EventForm()
    assert "house_rules" not in blank.fields
    data = {
        "name": "Night",
        "date": "2026-11-20",
        "kind": "club_night",
        "ruleset": "la-vista",
        "starting_chips": "20",
        "session_end": "fixed_deals",
        "deals_per_session": "20",
        "paper_size": "letter",
        "bye_chips": "0",
        EventForm.MARKER: "1",
        "rule__texas-xix__uni_bonus": "nonsense",
    }
    for name, field in blank.fields.items():
        if name.startswith("rule__la-vista__") and field.initial not in (None, False):
            data[name] = "on" if field.initial is True else field.initial
    del data["rule__la-vista__kontra_allowed"]  # La Vista allows kontra: a box left empty
    form = EventForm(data)
    assert form.is_valid(), form.errors
    assert form.settings()["house_rules"] == {"kontra_allowed": False}
    # Every setting but the prizes (their own page: forms.prizes).
    assert set(form.settings()) == set(Event.SETTINGS) - set(Event.PRIZE_SETTINGS)
    assert "rule__texas-xix__uni_bonus" not in form.cleaned_data
