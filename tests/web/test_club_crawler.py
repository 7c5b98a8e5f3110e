"""Club A's organizer asks for every address of the app with club B's ids: nothing of
B's unpublished event, season, links, check-in, calls, prize categories or teams comes
back, in a page, a PDF, a CSV, a zip or JSON, and nothing of B's changes (issue 37).

Requests run as in production: the middleware opens each request's club scope
(tournaments.scoping), so a page that queried a club's rows without its club would
answer 500 here. The addresses come from the URL map (every_url.url_for); a table
link's and a check-in's token is the capability to use them, so they are asked for
with B's revoked link and with a token that is nobody's."""

import io
import zipfile

import pytest
from django.contrib.auth.models import Permission
from django.test import Client
from django.urls import reverse
from pypdf import PdfReader

from tournaments import scoping
from tournaments.ledger_checksum import ledger_checksum

from .every_url import app_url_names, url_for
from .two_clubs import B_EVENT, B_PUBLISHED, b_secrets, club_b_world, snapshot, with_the_rest

pytestmark = pytest.mark.django_db

# Pages about no club's thing in particular (tournaments.scoping.CROSS_CLUB): they may
# answer 200, and still show nothing of B's unpublished rows. The club's members' page
# is read across clubs too, but changing it is the club's: A's organizer is refused.
NOT_B_S = scoping.CROSS_CLUB - {"club-members"}
# What a refusal may be: not found, forbidden, not this method, sent to sign in.
REFUSED = {403, 404, 405}


def readable(body: bytes) -> str:
    """A response's text: a PDF's, every member's of a zip (a workbook is one), else
    the bytes as UTF-8."""
    if body.startswith(b"%PDF"):
        return "\n".join(page.extract_text() for page in PdfReader(io.BytesIO(body)).pages)
    if body.startswith(b"PK\x03\x04"):
        with zipfile.ZipFile(io.BytesIO(body)) as z:
            return "\n".join(n + "\n" + readable(z.read(n)) for n in z.namelist())
    return body.decode("utf-8", errors="replace")


def said(response) -> str:
    body = b"".join(response.streaming_content) if response.streaming else response.content
    headers = "\n".join(f"{k}: {v}" for k, v in response.items() if k != "Location")
    return headers + "\n" + readable(body)


def plausible(b) -> dict:
    """A form's fields as B's organizer might post them, with B's ids."""
    return {
        "name": "Renamed by A",
        "event": b["event"].pk,
        "remove": b["event"].pk,
        "player": b["player"].pk,
        "players": [b["player"].pk],
        "reissue": b["table"].pk,
        "revoke": b["link"].pk,
        "start": "1",
        "minutes": "30",
        "number": "1",
        "reason": "question",
        "word": "from A",
        "published": "on",
        "next": "inbox",
    }


@pytest.fixture
def clubs(world, organizer, django_user_model):
    a = with_the_rest(world, organizer, "Seniors", "Heun four", "Heun season")
    b = club_b_world(django_user_model)
    # Club A's organizer by the club alone: organizer of none of its events by name.
    a_org = django_user_model.objects.create_user("a-club-org", password="a-pw", is_staff=True)
    a["event"].club.organizers.add(a_org)
    return a, b, a_org


def b_addresses(b) -> dict[str, str]:
    """Every named URL, with B's ids; a link's page with B's revoked link, the
    check-in's with a token that is nobody's."""
    revoked = {**b, "link": b["old_link"]}
    check_in = type("CheckIn", (), {"token": "nobodys-check-in-token"})
    return {
        name: url_for(name, {**revoked, "check_in": check_in} if name == "check-in" else revoked)
        for name in sorted(app_url_names())
    }


def refusal(name, response, method) -> str | None:
    """What is wrong with ``response`` to A's organizer at B's ``name``, or None."""
    status = response.status_code
    if status >= 500:
        return f"{method} {name}: {status}"
    if name in NOT_B_S or status in REFUSED:
        return None
    if status == 302 and response["Location"].startswith(reverse("login")):
        return None
    return f"{method} {name}: {status} (not refused)"


def test_club_as_organizer_gets_nothing_of_club_bs_at_any_address(clubs):
    a, b, a_org = clubs
    secrets = b_secrets(b)
    before, checksum = snapshot(b["club"]), ledger_checksum()
    client = Client(raise_request_exception=False)
    client.force_login(a_org)
    wrong = []
    for name, url in b_addresses(b).items():
        for method, data in (("GET", None), ("POST", {}), ("POST", plausible(b))):
            if method == "GET":
                response = client.get(url)
            else:
                response = client.post(url, data)
            if problem := refusal(name, response, method):
                wrong.append(f"{problem} {url}")
            text = said(response)
            wrong += [f"{method} {name} {url} shows {s!r}" for s in secrets if s in text]
    assert wrong == []
    assert snapshot(b["club"]) == before
    assert ledger_checksum() == checksum


def test_club_as_organizer_reads_club_bs_published_event_and_changes_its_own(clubs):
    a, b, a_org = clubs
    client = Client()
    client.force_login(a_org)
    published = client.get(reverse("event-detail", args=[b["published"].pk]))
    assert published.status_code == 200
    assert B_PUBLISHED in published.content.decode()
    home = client.get(reverse("home")).content.decode()
    # The home page: B's published event, A's unpublished one (the club's), not B's.
    assert B_PUBLISHED in home and "Heun parish night" in home and B_EVENT not in home
    # Club A's unpublished event and season: its club's organizer reads and changes them.
    own = client.get(reverse("event-edit", args=[a["event"].pk]))
    assert own.status_code == 200 and 'value="Heun parish night"' in own.content.decode()
    season = client.get(reverse("season-edit", args=[a["season"].pk]))
    assert season.status_code == 200 and 'value="Heun season"' in season.content.decode()
    deal = client.get(reverse("deal-detail", args=[a["deal"].pk]))
    assert deal.status_code == 200


def test_a_circuit_officer_reads_every_clubs_events(clubs, django_user_model):
    a, b, a_org = clubs
    officer = django_user_model.objects.create_user("officer", password="o-pw")
    officer.user_permissions.add(Permission.objects.get(codename="circuit_officer"))
    client = Client()
    client.force_login(officer)
    for event in (a["event"], b["event"]):
        page = client.get(reverse("event-detail", args=[event.pk]))
        assert page.status_code == 200 and event.name in page.content.decode()
    # Reading is all: changing is the club's.
    assert client.get(reverse("event-edit", args=[b["event"].pk])).status_code == 403


def test_club_bs_organizer_reaches_every_address_of_theirs_without_a_scope_error(clubs):
    """The pages of B's, asked (and posted to) by B's organizer with scopes enforced: a
    page that queried a club's rows before naming its club would be a 500 here."""
    a, b, a_org = clubs
    client = Client(raise_request_exception=False)
    client.force_login(b["b_organizer"])
    statuses, failed = {}, []
    for name in sorted(app_url_names() - {"logout"}):
        statuses[name] = client.get(url_for(name, b)).status_code
        posted = client.post(url_for(name, b), plausible(b)).status_code
        failed += [f"{m} {name}: {s}" for m, s in (("GET", statuses[name]), ("POST", posted))]
    assert [f for f in failed if int(f.rsplit(" ", 1)[1]) >= 500] == []
    assert statuses["event-detail"] == statuses["season-detail"] == 200
    assert statuses["link-sheet"] == statuses["check-in"] == statuses["director"] == 200


def test_a_player_of_both_clubs_is_renamed_only_by_who_organizes_all_their_events(clubs):
    """A check that reads across clubs (who organizes every event a player is in) still
    reads every club's events on a page in club A's scope."""
    a, b, a_org = clubs
    client = Client()
    client.force_login(a_org)
    anna = b["table"].seats.get(position=0).player  # plays at both clubs
    response = client.post(
        reverse("event-players", args=[a["event"].pk]),
        {"rename": anna.pk, "new_name": "Anna Renamed"},
    )
    page = response.content.decode()
    assert "Anna is also registered for 1 event you may not read, which you do not organize" in page
    # B's event is counted, never named, nor its organizer.
    assert B_EVENT not in page and "(b-org" not in page
    anna.refresh_from_db()
    assert anna.name == "Anna"


def test_the_admin_is_a_superusers_whatever_a_staff_account_may_view(clubs, django_user_model):
    """The admin reads every club's rows: a club's organizer given the model permissions
    to view and change events still gets none of it (403), and sees no club's rows in
    the admin's index; a superuser reads them."""
    a, b, a_org = clubs
    for codename in ("view_event", "change_event", "view_deal", "view_club", "view_round"):
        a_org.user_permissions.add(Permission.objects.get(codename=codename))
    client = Client()
    client.force_login(a_org)
    for url in (
        reverse("admin:tournaments_event_changelist"),
        reverse("admin:tournaments_event_change", args=[b["event"].pk]),
        reverse("admin:tournaments_deal_changelist"),
        reverse("admin:tournaments_club_changelist"),
        reverse("admin:tournaments_round_changelist"),
    ):
        assert client.get(url).status_code == 403, url
    index = client.get(reverse("admin:index")).content.decode()
    assert "Events" not in index and B_EVENT not in index
    boss = django_user_model.objects.create_superuser("boss", password="the-boss-pw")
    client.force_login(boss)
    assert B_EVENT in client.get(reverse("admin:tournaments_event_changelist")).content.decode()
