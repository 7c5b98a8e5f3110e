"""An event sent in from a club's laptop (CIRCUIT.md, "Sending an event to the
circuit"): the signed file, its upload to the circuit's server, and every way a file is
refused with nothing written."""

import datetime
import html
import io
import json
import re
import shlex
from pathlib import Path

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import call_command
from django.core.management.base import CommandError
from django.test import Client
from django.urls import reverse

from tournaments import services
from tournaments.exchange import limits
from tournaments.exchange.received import receive_event
from tournaments.exchange.signed import signature, signed_file
from tournaments.models import (
    ActivityEntry,
    Club,
    Deal,
    Event,
    LedgerEntry,
    Player,
    ReceivedFile,
    Registration,
)
from tournaments.services import ServiceError
from tournaments.standings import standings

from ..conftest import SEATS4, game_table, played_doc

pytestmark = pytest.mark.django_db

SIGNATURE_FAILS = (
    "The file's signature does not match Heun parish club's key: it was changed after it "
    "was signed, or signed with another club's key."
)


@pytest.fixture
def laptop_event(heun, organizer):
    """The day run on the laptop: three deals at one table, Anna winning two."""
    table = game_table(organizer, "la-vista", SEATS4, club=heun, name="Heun parish night")
    services.record_deal(table, played_doc(), organizer)
    services.record_deal(table, played_doc(dealer="Anna", bidder="Bill", partner="Dana"), organizer)
    services.record_deal(table, played_doc(dealer="Bill", bidder_points=20), organizer)
    return table.round.event


def as_bytes(document) -> bytes:
    return json.dumps(document, ensure_ascii=False, indent=1).encode()


def rows(event):
    return [(s.player.name, s.rank, s.chips) for s in standings(event)]


def written():
    return [m.objects.count() for m in (Event, Deal, LedgerEntry, Player, ActivityEntry)]


def refused(club, user, raw) -> str:
    before = written()
    with pytest.raises(ServiceError) as e:
        receive_event(club, user, raw)
    assert written() == before  # nothing written from a refused file
    return e.value.message


def first_deal(document) -> dict:
    return document["event_file"]["rounds"][0]["tables"][0]["deals"][0]["versions"][0]


def test_the_signed_round_trip_gives_the_club_the_same_event(laptop_event, heun, organizer):
    document = signed_file(laptop_event)
    assert document["format"] == "taroky-signed-event/1"
    assert document["club"] == "Heun parish club"
    assert document["standings"] == [
        {"name": "Bill", "place": 1, "chips": 5},
        {"name": "Dana", "place": 1, "chips": 5},
        {"name": "Anna", "place": 3, "chips": -5},
        {"name": "Čada", "place": 3, "chips": -5},
    ]
    assert len(document["signature"]) == 43
    received = receive_event(heun, organizer, as_bytes(document))
    assert received.pk != laptop_event.pk
    assert received.club == heun
    assert received.name == "Heun parish night"
    assert (
        rows(received)
        == rows(laptop_event)
        == [
            ("Bill", 1, 5),
            ("Dana", 1, 5),
            ("Anna", 3, -5),
            ("Čada", 3, -5),
        ]
    )
    assert Deal.objects.filter(table__round__event=received).count() == 3
    entry = ActivityEntry.objects.get(event=received, action="receive_event")
    assert (entry.user, entry.detail) == (organizer, {"club": "Heun parish club", "players": 4})


def test_the_event_belongs_to_the_club_and_its_organizers(
    laptop_event, heun, organizer, django_user_model
):
    treasurer = django_user_model.objects.create_user("treasurer", is_staff=True)
    heun.organizers.add(treasurer)
    root = django_user_model.objects.create_superuser("root", password="x-pw")
    received = receive_event(heun, root, as_bytes(signed_file(laptop_event)))
    assert received.club == heun
    assert sorted(u.username for u in received.organizers.all()) == ["org", "root", "treasurer"]


def test_an_indented_copy_signs_the_same(laptop_event, heun, organizer):
    """The signature is over the canonical JSON: saved with other spacing, still good."""
    raw = json.dumps(signed_file(laptop_event), ensure_ascii=False, indent=4).encode()
    assert rows(receive_event(heun, organizer, raw)) == rows(laptop_event)


def test_a_chip_changed_in_a_deal_fails_the_signature(laptop_event, heun, organizer):
    document = signed_file(laptop_event)
    assert first_deal(document)["document"]["bidder_points"] == 41
    first_deal(document)["document"]["bidder_points"] = 20
    assert refused(heun, organizer, as_bytes(document)) == SIGNATURE_FAILS


def test_a_deal_changed_and_signed_again_names_the_first_difference(laptop_event, heun, organizer):
    """Signed with the right key after a deal changed, but the standings it claims left
    as they were: the deals, scored again, say otherwise."""
    document = signed_file(laptop_event)
    first_deal(document)["document"]["bidder_points"] = 20
    body = {k: v for k, v in document.items() if k != "signature"}
    document["signature"] = signature(body, heun.signing_key)
    assert refused(heun, organizer, as_bytes(document)) == (
        "The file's deals, scored again, do not give the standings it says; nothing was "
        "saved. Bill: the file says +5 chips, the deals give +15."
    )


def test_a_player_renamed_fails_the_signature(laptop_event, heun, organizer):
    raw = as_bytes(signed_file(laptop_event)).replace(b"Anna", "Anna Nováková".encode())
    assert b"Anna Nov" in raw
    assert refused(heun, organizer, raw) == SIGNATURE_FAILS


def test_an_altered_signature_fails(laptop_event, heun, organizer):
    document = signed_file(laptop_event)
    last = document["signature"][-1]
    document["signature"] = document["signature"][:-1] + ("A" if last != "A" else "B")
    assert refused(heun, organizer, as_bytes(document)) == SIGNATURE_FAILS
    del document["signature"]
    assert refused(heun, organizer, as_bytes(document)) == SIGNATURE_FAILS


def test_a_file_signed_with_another_clubs_key_fails(laptop_event, heun, taylor, organizer):
    raw = as_bytes(signed_file(laptop_event, club=taylor))
    assert refused(heun, organizer, raw) == SIGNATURE_FAILS


@pytest.mark.parametrize(
    "raw, said",
    [
        (b"\xff\xfe garbage", "The file is not UTF-8 text: is it the signed event file?"),
        (
            b"{not json",
            "The file is not JSON, or is cut short (Expecting property name "
            "enclosed in double quotes: line 1): is it the signed event file?",
        ),
        (
            b"[1, 2]",
            "This is not a signed event file: download it from the event's page "
            'with "Send to the circuit (signed file)".',
        ),
        (
            b'{"format": "taroky-event/1"}',
            "This is not a signed event file: download it "
            'from the event\'s page with "Send to the circuit (signed file)".',
        ),
        (b"[" * 100_000, "The file is nested too deeply to be an event's file."),
    ],
)
def test_garbage_is_refused_in_words(heun, organizer, raw, said):
    assert refused(heun, organizer, raw) == said


def test_a_signed_file_without_standings_is_refused(laptop_event, heun, organizer):
    document = signed_file(laptop_event)
    body = {k: v for k, v in document.items() if k not in ("signature", "standings")}
    raw = as_bytes({**body, "signature": signature(body, heun.signing_key)})
    assert refused(heun, organizer, raw) == "The signed file holds no event or no standings."


def test_an_oversize_file_is_refused(laptop_event, heun, organizer, monkeypatch):
    raw = as_bytes(signed_file(laptop_event))
    monkeypatch.setattr(limits, "BYTES", 1_000)
    assert len(raw) > 1_000
    assert refused(heun, organizer, raw) == (
        f"The file is {len(raw):,} bytes or more; an event's file may be at most 1,000 bytes."
    )


def test_only_the_clubs_organizers_send_its_events(laptop_event, heun, taylor, other_organizer):
    raw = as_bytes(signed_file(laptop_event))
    assert refused(heun, other_organizer, raw) == (
        "Only the organizers of Heun parish club may send in its events."
    )


def test_the_same_file_sent_twice_is_refused_the_second_time(laptop_event, heun, organizer):
    """Uploading the same signed file again (re-indented or not) makes no second
    event: the second is refused naming the event the first made, writing nothing."""
    document = signed_file(laptop_event)
    received = receive_event(heun, organizer, as_bytes(document))
    ReceivedFile.objects.filter(event=received).update(
        received_at=datetime.datetime(2026, 11, 29, 12, tzinfo=datetime.UTC)
    )
    said = "This file was received already on 29 Nov 2026: Heun parish night."
    before = written() + [ReceivedFile.objects.count(), Registration.objects.count()]
    again = json.dumps(document, ensure_ascii=False, indent=4).encode()
    for raw in (as_bytes(document), again):
        with pytest.raises(ServiceError) as e:
            receive_event(heun, organizer, raw)
        assert e.value.message == said
    assert written() + [ReceivedFile.objects.count(), Registration.objects.count()] == before
    assert ReceivedFile.objects.get().event == received
    client = Client()
    client.force_login(organizer)
    response = upload(client, heun, as_bytes(document))
    assert response.status_code == 200
    assert said in page_text(response)
    assert written() + [ReceivedFile.objects.count(), Registration.objects.count()] == before


def test_the_same_day_corrected_on_the_laptop_and_sent_again_is_refused(
    laptop_event, heun, organizer
):
    """A corrected day is another file (another digest) but the same club, name and
    date: refused, naming the event received first, writing nothing; it would count
    twice on the ranking list."""
    received = receive_event(heun, organizer, as_bytes(signed_file(laptop_event)))
    ReceivedFile.objects.filter(event=received).update(
        received_at=datetime.datetime(2026, 11, 29, 12, tzinfo=datetime.UTC)
    )
    table = laptop_event.rounds.get().tables.get()
    services.record_deal(table, played_doc(dealer="Bill", bidder="Čada", partner="Anna"), organizer)
    corrected = as_bytes(signed_file(laptop_event))
    before = written() + [ReceivedFile.objects.count(), Registration.objects.count()]
    with pytest.raises(ServiceError) as e:
        receive_event(heun, organizer, corrected)
    assert e.value.message == (
        f"Heun parish club sent Heun parish night of {received.date} in already, on 29 Nov "
        "2026: correct its deals on this server (the event's page), or give the day another "
        "name if it is another day's."
    )
    assert written() + [ReceivedFile.objects.count(), Registration.objects.count()] == before


# -- The pages ---------------------------------------------------------------------------


def upload(client, club, raw, name="heun-night-signed.json"):
    url = reverse("club-send-event", args=[club.slug])
    return client.post(url, {"file": SimpleUploadedFile(name, raw, "application/json")})


def page_text(response) -> str:
    return html.unescape(response.content.decode())


def test_the_event_page_offers_the_signed_file_to_its_organizers(laptop_event, organizer):
    client = Client()
    client.force_login(organizer)
    page = client.get(laptop_event.get_absolute_url()).content.decode()
    url = reverse("event-download", args=[laptop_event.pk, "signed.json"])
    assert f'<a href="{url}" id="signed-file">Send to the circuit (signed file)</a>' in page
    response = client.get(url)
    assert response["Content-Disposition"].endswith('-signed.json"')
    assert json.loads(response.content) == signed_file(laptop_event)
    services.update_event(laptop_event, organizer, published=True)
    anonymous = Client().get(laptop_event.get_absolute_url()).content.decode()
    assert "signed-file" not in anonymous
    assert Client().get(url).status_code == 302  # to sign in


def test_sending_an_event_in_through_the_page(laptop_event, heun, organizer):
    client = Client()
    client.force_login(organizer)
    form = client.get(reverse("club-send-event", args=["heun"]))
    assert "Send an event in: Heun parish club" in form.content.decode()
    response = upload(client, heun, as_bytes(signed_file(laptop_event)))
    received = Event.objects.exclude(pk=laptop_event.pk).get()
    assert response.status_code == 302
    assert response["Location"] == received.get_absolute_url()
    assert received.club == heun
    assert rows(received) == rows(laptop_event)
    shown = page_text(client.get(response["Location"]))
    assert "Heun parish night is Heun parish club's event now." in shown


def test_a_refused_upload_says_why_and_writes_nothing(laptop_event, heun, taylor, organizer):
    client = Client()
    client.force_login(organizer)
    before = written()
    response = upload(client, heun, as_bytes(signed_file(laptop_event, club=taylor)))
    assert response.status_code == 200
    assert SIGNATURE_FAILS in page_text(response)
    garbage = upload(client, heun, b"\x00\x01 not an event")
    assert garbage.status_code == 200
    assert (
        "The file is not JSON, or is cut short (Expecting value: line 1): is it the signed "
        "event file?" in page_text(garbage)
    )
    empty = client.post(reverse("club-send-event", args=["heun"]), {})
    assert "This field is required." in page_text(empty)
    assert written() == before


def test_an_oversize_upload_is_refused(laptop_event, heun, organizer, monkeypatch):
    monkeypatch.setattr(limits, "BYTES", 1_000)
    client = Client()
    client.force_login(organizer)
    before = written()
    response = upload(client, heun, b" " * 5_000)
    assert "The file is 1,001 bytes or more; an event's file may be at most 1,000 bytes." in (
        page_text(response)
    )
    assert written() == before


def test_who_may_send_an_event_in(
    laptop_event, heun, taylor, organizer, other_organizer, stranger, django_user_model
):
    url = reverse("club-send-event", args=["heun"])
    raw = as_bytes(signed_file(laptop_event))
    before = written()
    anonymous = Client()
    assert anonymous.get(url)["Location"] == f"{reverse('login')}?next={url}"
    assert upload(anonymous, heun, raw)["Location"] == f"{reverse('login')}?next={url}"
    for user in (stranger, other_organizer):  # signed in; Taylor's organizer is not Heun's
        client = Client()
        client.force_login(user)
        assert client.get(url).status_code == 403
        assert upload(client, heun, raw).status_code == 403
    assert written() == before
    assert Client().get(reverse("club-send-event", args=["nowhere"])).status_code == 404
    client = Client()
    client.force_login(django_user_model.objects.create_superuser("root", password="x-pw"))
    assert "Send an event in: Heun parish club" in client.get(url).content.decode()


def test_the_club_page_shows_the_key_to_its_organizers_only(
    laptop_event, heun, taylor, organizer, other_organizer, stranger, django_user_model
):
    url = reverse("club-detail", args=["heun"])
    root = django_user_model.objects.create_superuser("root", password="x-pw")
    for user in (None, stranger, other_organizer, root):
        client = Client()
        if user:
            client.force_login(user)
        page = client.get(url).content.decode()
        assert "<h1>Heun parish club</h1>" in page
        assert heun.signing_key not in page
        assert 'id="signing-key"' not in page
    client = Client()
    client.force_login(organizer)
    page = client.get(url).content.decode()
    assert f'<input type="text" id="signing-key" value="{heun.signing_key}" readonly' in page
    assert reverse("club-send-event", args=["heun"]) in page
    # The unpublished laptop event is not listed; once published it is.
    assert "Heun parish night" not in page
    services.update_event(laptop_event, organizer, published=True)
    assert "Heun parish night" in Client().get(url).content.decode()


# -- The laptop's key: set_club_key ------------------------------------------------------------


def test_set_club_key_gives_the_laptops_one_club_the_servers_key(laptop_event, organizer):
    """The laptop's one club is called otherwise than on the server: it takes the key."""
    server_key = "k" * 20 + "-_" + "Q" * 21
    Club.objects.filter(slug="heun").update(slug="our-club", name="Our club")
    out = io.StringIO()
    call_command("set_club_key", "heun", server_key, stdout=out)
    assert out.getvalue() == (
        "Our club signs its event files with the key given; send them in from each event's page.\n"
    )
    laptop = Club.objects.get()
    assert laptop.signing_key == server_key
    # The server's club of that key takes the file the laptop signs.
    server = Club(name="Heun parish club", slug="heun", signing_key=server_key)
    document = signed_file(Event.objects.get(pk=laptop_event.pk))
    body = {k: v for k, v in document.items() if k != "signature"}
    assert document["signature"] == signature(body, server.signing_key)


def test_set_club_key_by_slug_or_name_among_several(heun, taylor):
    key = "a" * 43
    call_command("set_club_key", "Taylor Sokol", key, stdout=io.StringIO())
    call_command("set_club_key", "heun", "b" * 43, stdout=io.StringIO())
    assert dict(Club.objects.values_list("slug", "signing_key")) == {
        "heun": "b" * 43,
        "taylor": key,
    }


def test_set_club_key_refuses_in_words(heun, taylor):
    with pytest.raises(CommandError) as e:
        call_command("set_club_key", "clarkson", "c" * 43)
    assert str(e.value) == (
        "Nothing was changed. No club here is called 'clarkson'; say one of: heun, taylor."
    )
    with pytest.raises(CommandError) as e:
        call_command("set_club_key", "heun", "too short")
    assert str(e.value) == (
        "Nothing was changed. That is not a club's key: copy the whole key from the club's "
        "page on the circuit's server (32 to 100 letters, digits, - and _)."
    )
    keys = set(Club.objects.values_list("signing_key", flat=True))
    assert keys == {heun.signing_key, taylor.signing_key}
    assert all(re.fullmatch(r"[A-Za-z0-9_-]{43}", k) for k in keys)


def docs_commands() -> list[str]:
    """The commands of docs/operations.md's blocks this test runs, in order."""
    text = (Path(__file__).resolve().parents[2] / "docs" / "operations.md").read_text("utf-8")
    blocks = re.findall(
        r"^ *```sh by=tests/web/test_signed_events.py::test_the_laptop_commands_of_the_docs\n"
        r"(.*?)^ *```$",
        text,
        re.M | re.S,
    )
    return [line.strip() for block in blocks for line in block.splitlines() if line.strip()]


def test_the_laptop_commands_of_the_docs(laptop_event, heun, organizer, tmp_path, monkeypatch):
    """docs/operations.md's commands on the laptop: the key set, the signed file
    written; the server's club of that key takes it."""
    commands = docs_commands()
    assert commands == [
        ".venv/bin/python manage.py set_club_key heun KEY",
        ".venv/bin/python manage.py export_event ID --signed -o heun-night-signed.json",
    ]
    server_key = "S" * 43
    monkeypatch.chdir(tmp_path)
    for command in commands:
        line = command.replace("KEY", server_key).replace("ID", str(laptop_event.pk))
        program, manage, name, *args = shlex.split(line)
        assert (program, manage) == (".venv/bin/python", "manage.py")
        call_command(name, *args, stdout=io.StringIO(), stderr=io.StringIO())
    raw = (tmp_path / "heun-night-signed.json").read_bytes()
    server = Club.objects.get(slug="heun")
    assert server.signing_key == server_key
    received = receive_event(server, organizer, raw)
    assert (received.club, rows(received)) == (server, rows(laptop_event))


def test_an_event_ranked_by_table_points_claims_them(heun, organizer):
    table = game_table(organizer, "la-vista", SEATS4, club=heun, ranking="table_points")
    services.record_deal(table, played_doc(), organizer)
    event = table.round.event
    document = signed_file(event)
    assert document["standings"] == [
        {"name": "Anna", "place": 1, "chips": 5, "points": "4"},
        {"name": "Čada", "place": 1, "chips": 5, "points": "4"},
        {"name": "Bill", "place": 3, "chips": -5, "points": "2"},
        {"name": "Dana", "place": 3, "chips": -5, "points": "2"},
    ]
    received = receive_event(heun, organizer, as_bytes(document))
    assert [(s.player.name, s.points) for s in standings(received)] == [
        ("Anna", 4),
        ("Čada", 4),
        ("Bill", 2),
        ("Dana", 2),
    ]
    # Claimed points that the deals do not give, signed with the right key: refused.
    document["standings"][2]["points"] = "3"
    body = {k: v for k, v in document.items() if k != "signature"}
    document["signature"] = signature(body, heun.signing_key)
    assert refused(heun, organizer, as_bytes(document)).endswith(
        "nothing was saved. Bill: the file says 3 table points, the deals give 2."
    )
    # None claimed, where the event ranks by them: refused as well.
    del document["standings"][0]["points"]
    body = {k: v for k, v in document.items() if k != "signature"}
    document["signature"] = signature(body, heun.signing_key)
    assert refused(heun, organizer, as_bytes(document)).endswith(
        "nothing was saved. Anna: the file says no table points, the deals give 4."
    )


def test_the_club_page_costs_the_same_queries_with_more_events(
    heun, organizer, django_assert_num_queries
):
    """With more events and more members: the session, the user, the club, whether the
    user organizes it, its events and its members (tests/web/test_club_members.py)."""
    from tournaments.models import ClubMembership

    client = Client()
    client.force_login(organizer)
    url = reverse("club-detail", args=["heun"])
    for count in (1, 4):
        while Event.objects.filter(club=heun).count() < count:
            n = Event.objects.count() + 1
            game_table(organizer, "la-vista", SEATS4, club=heun, name=f"Night {n}", published=True)
            player = Player.objects.create(name=f"Member {n}")
            ClubMembership.objects.create(club=heun, player=player)
        client.get(url)  # the session read once
        with django_assert_num_queries(6):
            page = client.get(url).content.decode()
        assert page.count("<li><a href=") == count
        assert page.count('<tr data-player="') == count
