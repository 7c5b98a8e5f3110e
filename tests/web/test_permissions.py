"""Who may read and write: anonymous, signed-in stranger, organizer of another event,
the event's organizer, superuser."""

import pytest
from django.urls import reverse

from tournaments import services
from tournaments.models import Deal

from ..conftest import played_doc

pytestmark = pytest.mark.django_db

ROLES = ["anonymous", "stranger", "other_organizer", "organizer", "superuser"]


@pytest.fixture
def deal(table, organizer):
    return services.record_deal(table, played_doc(), organizer)


@pytest.fixture
def as_role(client, django_user_model, stranger, other_organizer, organizer):
    def login(role):
        users = {
            "stranger": stranger,
            "other_organizer": other_organizer,
            "organizer": organizer,
            "superuser": django_user_model.objects.create_superuser("root", password="pw-root"),
        }
        if role != "anonymous":
            client.force_login(users[role])
        return client

    return login


def read_urls(event, table, deal):
    player = table.seats.order_by("position").first().player_id
    return [
        reverse("event-detail", args=[event.pk]),
        reverse("table-sheet", args=[table.pk]),
        reverse("deal-detail", args=[deal.pk]),
        reverse("round-detail", args=[table.round.pk]),
        reverse("standings", args=[event.pk]),
        reverse("standings-csv", args=[event.pk]),
        reverse("standings-pdf", args=[event.pk]),
        reverse("player-statement", args=[event.pk, player]),
        reverse("statement-pdf", args=[event.pk, player]),
        reverse("table-pdf", args=[table.pk]),
        reverse("round-pack-pdf", args=[table.round.pk]),
        reverse("seat-finder", args=[table.round.pk]),
        reverse("wall", args=[event.pk]),
        reverse("wall-live", args=[event.pk]),
    ]


def write_urls(event, table, deal):
    return [
        ("get", reverse("event-edit", args=[event.pk])),
        ("get", reverse("event-players", args=[event.pk])),
        ("post", reverse("round-create", args=[event.pk])),
        ("get", reverse("table-create", args=[table.round.pk])),
        ("get", reverse("deal-create", args=[table.pk])),
        ("post", reverse("deal-preview", args=[table.pk])),
        ("get", reverse("deal-correct", args=[deal.pk])),
        ("get", reverse("chip-count", args=[table.pk])),
        ("get", reverse("event-download", args=[event.pk, "deals.csv"])),
        ("get", reverse("round-links", args=[table.round.pk])),
        ("get", reverse("inbox", args=[event.pk])),
        # Last: the undo voids the deal too (the test checks who could void it).
        ("post", reverse("deal-void", args=[deal.pk])),
        ("post", reverse("table-undo", args=[table.pk])),
    ]


def link_urls(link):
    return [
        ("get", reverse("link-sheet", args=[link.token])),
        ("get", reverse("link-deal", args=[link.token])),
        ("post", reverse("link-preview", args=[link.token])),
        ("get", reverse("link-correct", args=[link.token, 1])),
        ("post", reverse("link-undo", args=[link.token])),
    ]


@pytest.mark.parametrize("role", ROLES)
@pytest.mark.parametrize("published", [False, True])
def test_reading(as_role, role, published, table, deal, organizer):
    event = table.round.event
    services.update_event(event, organizer, published=published)
    client = as_role(role)
    may_read = published or role in ("organizer", "superuser")
    for url in read_urls(event, table, deal):
        assert client.get(url).status_code == (200 if may_read else 404), url
    listed = event.name in client.get("/").content.decode()
    assert listed == may_read


@pytest.mark.parametrize("role", ROLES)
def test_writing(as_role, role, table, deal, organizer):
    event = table.round.event
    services.update_event(event, organizer, published=True)
    client = as_role(role)
    for method, url in write_urls(event, table, deal):
        response = getattr(client, method)(
            url, {"reason": "x", "expected_version": "1", "number": "1"}
        )
        if role == "anonymous":
            assert response.status_code == 302, url
            assert response["Location"].startswith(reverse("login")), url
        elif role in ("stranger", "other_organizer"):
            assert response.status_code == 403, url
        else:
            assert response.status_code in (200, 302), url
    voided = Deal.objects.get(pk=deal.pk).voided
    assert voided == (role in ("organizer", "superuser"))


def test_creating_events_needs_an_organizer_account(as_role):
    assert as_role("anonymous").get(reverse("event-create")).status_code == 302


def test_a_plain_account_cannot_create_events(client, stranger):
    client.force_login(stranger)
    assert client.get(reverse("event-create")).status_code == 403


def test_an_organizer_account_creates_an_event_and_organizes_it(client, other_organizer):
    client.force_login(other_organizer)
    response = client.post(
        reverse("event-create"),
        {
            "name": "La Vista fall tournament",
            "date": "2026-11-28",
            "venue": "La Vista",
            "kind": "tournament",
            "ruleset": "heun",
            "house_rules": '{"kontra_allowed": false}',
            "starting_chips": 20,
            "session_end": "fixed_deals",
            "deals_per_session": 12,
            "paper_size": "a4",
            "bye_chips": 0,
        },
    )
    assert response.status_code == 302
    from tournaments.models import Event

    event = Event.objects.get(name="La Vista fall tournament")
    assert list(event.organizers.all()) == [other_organizer]
    assert event.rules.next_dealer == "heun"
    assert event.paper_size == "a4"


def test_bad_house_rules_are_refused_at_the_field(client, other_organizer):
    client.force_login(other_organizer)
    response = client.post(
        reverse("event-create"),
        {
            "name": "X",
            "date": "2026-11-28",
            "kind": "club_night",
            "ruleset": "la-vista",
            "house_rules": '{"kontra": true}',
            "starting_chips": 20,
            "session_end": "fixed_deals",
            "deals_per_session": 12,
            "paper_size": "a4",
            "bye_chips": 0,
        },
    )
    assert response.status_code == 200
    assert any(
        "Unknown option 'kontra'" in m for m in response.context["form"].errors["house_rules"]
    )


@pytest.mark.parametrize("role", ROLES)
def test_a_table_link_works_for_whoever_holds_it_and_only_while_it_works(
    as_role, role, table, deal, organizer
):
    """The event is unpublished: the link alone grants its table's deal pages."""
    link = services.issue_link(table, organizer)
    client = as_role(role)
    for method, url in link_urls(link):
        response = getattr(client, method)(url, {"number": "1"})
        assert response.status_code in (200, 302), url
        if response.status_code == 302:
            assert response["Location"] == reverse("link-sheet", args=[link.token]), url
    assert Deal.objects.get(pk=deal.pk).voided  # the link's undo
    services.revoke_link(link, organizer)
    for method, url in link_urls(link):
        assert getattr(client, method)(url, {"number": "1"}).status_code == 403, url
