"""Who may read and write: anonymous, signed-in stranger, organizer of another event,
the event's organizer, superuser."""

import pytest
from django.urls import reverse

from tournaments import services
from tournaments.models import Deal
from tournaments.services import checkin

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


# Status codes and leaks of every URL are test_security.test_permission_matrix's;
# here: what each role's attempt actually changes, and what the home page lists.


def link_urls(link):
    return [
        ("get", reverse("link-sheet", args=[link.token])),
        ("get", reverse("link-deal", args=[link.token])),
        ("post", reverse("link-preview", args=[link.token])),
        ("get", reverse("link-correct", args=[link.token, 1])),
        ("post", reverse("link-undo", args=[link.token])),
        ("post", reverse("link-call", args=[link.token])),
    ]


@pytest.mark.parametrize("role", ROLES)
@pytest.mark.parametrize("published", [False, True])
def test_only_organizers_see_an_unpublished_event_listed(
    as_role, role, published, table, organizer
):
    event = table.round.event
    services.update_event(event, organizer, published=published)
    listed = event.name in as_role(role).get("/").content.decode()
    assert listed == (published or role in ("organizer", "superuser"))


@pytest.mark.parametrize("role", ROLES)
@pytest.mark.parametrize("published", [False, True])
def test_each_change_takes_effect_only_for_the_events_organizers(
    as_role, role, published, table, deal, organizer
):
    event = table.round.event
    services.update_event(event, organizer, published=published)
    client = as_role(role)
    allowed = role in ("organizer", "superuser")
    client.post(
        reverse("event-edit", args=[event.pk]),
        {
            "name": "Renamed",
            "date": "2026-11-20",
            "kind": "club_night",
            "ruleset": "la-vista",
            "house_rules": "{}",
            "starting_chips": "20",
            "session_end": "fixed_deals",
            "deals_per_session": "20",
            "paper_size": "letter",
            "bye_chips": "0",
            "published": "on" if published else "",
        },
    )
    client.post(reverse("round-create", args=[event.pk]))
    client.post(reverse("event-players", args=[event.pk]), {"name": "Zdeněk"})
    client.post(
        reverse("deal-void", args=[deal.pk]), {"reason": "wrong table", "expected_version": "1"}
    )
    event.refresh_from_db()
    deal.refresh_from_db()
    assert event.name == ("Renamed" if allowed else "Heun parish night")
    assert event.rounds.count() == (2 if allowed else 1)
    assert event.players.filter(name="Zdeněk").exists() == allowed
    assert (deal.voided, deal.version) == ((True, 2) if allowed else (False, 1))


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
            "house_rules_form": "1",
            "rule__heun__kontra_allowed": "on",
            "rule__heun__tarok1_last_rule": "team_wins",
            "rule__heun__surrender_after": "any_half",
            "rule__heun__next_dealer": "heun",
            "rule__heun__blind_half_to_lone_bidder": "top",
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
    # Heun's preset forbids kontra; the ticked box is the one house rule kept.
    assert event.house_rules == {"kontra_allowed": True}
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
            "house_rules_form": "1",
            "rule__la-vista__tarok1_last_rule": "tarok1_wins",
            "rule__la-vista__surrender_after": "whenever",
            "rule__la-vista__next_dealer": "forehand",
            "rule__la-vista__blind_half_to_lone_bidder": "with_king",
            "starting_chips": 20,
            "session_end": "fixed_deals",
            "deals_per_session": 12,
            "paper_size": "a4",
            "bye_chips": 0,
        },
    )
    assert response.status_code == 200
    assert response.context["form"].errors == {
        "rule__la-vista__surrender_after": [
            "Select a valid choice. whenever is not one of the available choices."
        ]
    }


@pytest.mark.parametrize("role", ROLES)
def test_a_table_link_works_for_whoever_holds_it_and_only_while_it_works(
    as_role, role, table, organizer
):
    """The event is unpublished: the link alone grants its table's deal pages."""
    link = services.issue_link(table, organizer)
    # Entered through the link: a link corrects or undoes only a deal entered through one.
    deal = services.record_deal(table, played_doc(), None, link=link)
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


@pytest.mark.parametrize("role", ROLES)
@pytest.mark.parametrize("published", [False, True])
def test_a_rejected_version_is_adopted_or_dismissed_only_by_the_events_organizers(
    as_role, role, published, table, organizer
):
    """A version a table sent and the server did not save (a conflict) is kept for the
    organizers: only they adopt it as a correction or dismiss it."""
    event = table.round.event
    services.update_event(event, organizer, published=published)
    link = services.issue_link(table, organizer)
    deal = services.record_deal(table, played_doc(), organizer, number=1)
    adopted = services.record_rejected_version(deal, played_doc(bidder_points=20), None, link)
    dismissed = services.record_rejected_version(deal, played_doc(bidder_points=10), None, link)
    client = as_role(role)
    allowed = role in ("organizer", "superuser")
    client.post(reverse("rejected-adopt", args=[adopted.pk]), {"expected_version": "1"})
    client.post(reverse("rejected-dismiss", args=[dismissed.pk]))
    adopted.refresh_from_db()
    dismissed.refresh_from_db()
    deal.refresh_from_db()
    assert (adopted.handled, dismissed.handled) == (
        ("adopted", "dismissed") if allowed else ("", "")
    )
    assert (deal.version, deal.document["bidder_points"]) == ((2, 20) if allowed else (1, 41))


@pytest.mark.parametrize("role", ROLES)
@pytest.mark.parametrize("published", [False, True])
def test_a_call_is_marked_handled_only_by_the_events_organizers(
    as_role, role, published, table, organizer
):
    """Anyone holding the table's link calls the director; only the event's organizers
    mark the call handled (from the director's view or the inbox)."""
    from tournaments.models import DirectorCall

    services.update_event(table.round.event, organizer, published=published)
    link = services.issue_link(table, organizer)
    client = as_role(role)
    client.post(reverse("link-call", args=[link.token]), {"call-reason": "dispute"})
    call = DirectorCall.objects.get()
    assert (call.table, call.reason, call.handled_at) == (table, "dispute", None)
    client.post(reverse("call-handle", args=[call.pk]), {"next": "inbox"})
    call.refresh_from_db()
    allowed = role in ("organizer", "superuser")
    assert (call.handled_at is not None) == allowed
    assert (call.handled_by_id is not None) == allowed


@pytest.mark.parametrize("role", ROLES)
@pytest.mark.parametrize("published", [False, True])
def test_the_self_check_in_opens_and_closes_only_for_the_events_organizers(
    as_role, role, published, table, organizer
):
    event = table.round.event
    services.update_event(event, organizer, published=published)
    client = as_role(role)
    url = reverse("check-in-desk", args=[event.pk])
    allowed = role in ("organizer", "superuser")
    client.post(url, {"open": "1"})
    link = checkin.working_link(event)
    assert (link is not None) == allowed
    if not allowed:
        link = checkin.open_check_in(event, organizer)
    client.post(url, {"close": "1"})
    assert (checkin.working_link(event) is None) == allowed
    shown = client.get(url)
    page = shown.content.decode()
    assert link.token not in page
    if allowed:
        assert shown.status_code == 200 and "<h2>Closed</h2>" in page
    elif not published:
        assert shown.status_code == 404
    else:
        assert shown.status_code == (302 if role == "anonymous" else 403)


@pytest.mark.parametrize("role", ROLES)
def test_only_organizers_change_the_prizes(as_role, role, table, organizer):
    """Posting the prize form changes the event's prizes for its organizers only."""
    event = table.round.event
    services.update_event(event, organizer, published=True)
    url = reverse("prize-settings", args=[event.pk])
    as_role(role).post(url, {"entry_fee": "$5", "prize_table": "60%\n40%"})
    event.refresh_from_db()
    changed = (event.entry_fee_cents, event.prize_table) == (500, "60%\n40%")
    assert changed == (role in ("organizer", "superuser"))
