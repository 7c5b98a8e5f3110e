"""The players registry (issue 29): the players page paged and searched by the folded
name whatever the registry's size; a player renamed by an organizer on the page, the
former name kept and matched by the CSV import; one name throughout after a rename."""

import csv
import datetime
import io
import json
import re

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from pypdf import PdfReader

from tournaments import exchange, printouts, services
from tournaments.models import ActivityEntry, FormerName, Player, Registration
from tournaments.names import fold

from ..conftest import SEATS4, played_doc

pytestmark = pytest.mark.django_db


def players_url(event, **query):
    url = reverse("event-players", args=[event.pk])
    return url + ("?" + "&".join(f"{k}={v}" for k, v in query.items()) if query else "")


@pytest.fixture
def org_client(client, organizer):
    client.force_login(organizer)
    return client


def options(response) -> list[str]:
    """The registry's players the Register form offers, as the page lists them."""
    select = re.search(
        r'<select name="player"[^>]*>(.*?)</select>', response.content.decode(), re.S
    )
    return re.findall(r'<option value="\d+"[^>]*>([^<]*)</option>', select.group(1))


# -- the folded name ----------------------------------------------------------------


def test_every_way_a_player_is_saved_keeps_the_folded_name():
    Player.objects.create(name="Ken Čada")
    Player.objects.bulk_create([Player(name="Josef  Kučera")])
    Player.objects.get_or_create(name="Marie Nováková")
    assert dict(Player.objects.values_list("name", "folded")) == {
        "Ken Čada": "ken cada",
        "Josef Kučera": "josef kucera",
        "Marie Nováková": "marie novakova",
    }
    Player.objects.filter(name="Ken Čada").update(name="Kenneth Čada")
    assert Player.objects.get(name="Kenneth Čada").folded == "kenneth cada"


# -- the page, paged -----------------------------------------------------------------


def test_the_register_form_offers_a_page_of_the_registry(org_client, event):
    """Before: every registry player was an option of the select (150,000 players made
    the page 7-45 MB)."""
    Player.objects.bulk_create(Player(name=f"Player {i:03d}") for i in range(120))
    first = org_client.get(players_url(event))
    assert options(first) == [f"Player {i:03d}" for i in range(50)]
    assert "Players 1–50 of 120 in the registry." in first.content.decode()
    third = org_client.get(players_url(event, page=3))
    assert options(third) == [f"Player {i:03d}" for i in range(100, 120)]
    # A page past the last is the last; a page that is no number the first.
    assert options(org_client.get(players_url(event, page=99))) == options(third)
    assert options(org_client.get(players_url(event, page="x"))) == options(first)


def test_the_search_is_paged_too(org_client, event):
    Player.objects.bulk_create(Player(name=f"Kučera {i:03d}") for i in range(60))
    Player.objects.create(name="Anna")
    page = org_client.get(players_url(event, q="kucera"))
    assert options(page) == [f"Kučera {i:03d}" for i in range(50)]
    assert "60 players in the registry match “kucera” (case and accents ignored)" in (
        page.content.decode()
    )
    assert options(org_client.get(players_url(event, q="kucera", page=2))) == [
        f"Kučera {i:03d}" for i in range(50, 60)
    ]


@pytest.mark.parametrize(
    "query, found",
    [
        ("čada", ["Anna", "Bill"]),  # SQLite's LIKE ignored case only for ASCII
        ("CADA", ["Anna", "Bill"]),
        ("kucera", ["Dana", "Emil"]),  # accents were not folded on either database
        ("KUČERA", ["Dana", "Emil"]),
        ("Sokol Ku", ["Emil"]),
        ("heun", ["Cyril"]),
    ],
)
def test_the_search_finds_a_club_as_it_finds_a_name(org_client, event, query, found):
    """Before: the name was searched folded and the club with icontains."""
    for name, club in [
        ("Anna", "Čada"),
        ("Bill", "ČADA Heights"),
        ("Cyril", "Heun"),
        ("Dana", "Kučera"),
        ("Emil", "Sokol Kučera"),
    ]:
        Player.objects.create(name=name, club=club)
    assert options(org_client.get(players_url(event, q=query))) == found


def test_every_way_a_club_is_saved_keeps_its_folded_club(event, organizer):
    Player.objects.create(name="Anna", club="Čada")
    Player.objects.bulk_create([Player(name="Bill", club="Sokol  Kučera")])
    Player.objects.filter(name="Anna").update(club="Nové  Město")
    bill = Player.objects.get(name="Bill")
    bill.club = "Heun"
    bill.save(update_fields=["club"])
    assert dict(Player.objects.values_list("name", "folded_club")) == {
        "Anna": "nove mesto",
        "Bill": "heun",
    }
    # The players CSV fills a club a player lacked.
    services.register_player(event, organizer, name="Cyril")
    exchange.import_players_csv("name,club\nCyril,Čáslav\n", event, organizer)
    assert Player.objects.get(name="Cyril").folded_club == "caslav"


def test_a_player_not_on_the_page_can_still_be_registered(org_client, event):
    Player.objects.bulk_create(Player(name=f"Player {i:03d}") for i in range(120))
    last = Player.objects.get(name="Player 119")
    response = org_client.post(players_url(event), {"player": last.pk})
    assert response.status_code == 302
    assert list(Registration.objects.values_list("player__name", flat=True)) == ["Player 119"]


def test_the_registered_players_are_paged(org_client, event, organizer):
    for i in range(60):
        services.register_player(event, organizer, name=f"Guest {i:02d}")
    page = org_client.get(players_url(event)).content.decode()
    assert "<h2>Registered (60)</h2>" in page
    rows = re.findall(r"<tr data-player=\"\d+\"><td>([^<]*)</td>", page)
    assert rows == [f"Guest {i:02d}" for i in range(50)]
    page = org_client.get(players_url(event, registered=2)).content.decode()
    rows = re.findall(r"<tr data-player=\"\d+\"><td>([^<]*)</td>", page)
    assert rows == [f"Guest {i:02d}" for i in range(50, 60)]


def test_the_page_costs_the_same_queries_whatever_the_registry_and_the_event(
    org_client, event, organizer
):
    Player.objects.create(name="Josef Kučera", club="Heun")
    services.register_player(event, organizer, name="Anna")
    counts = {}
    for size in (1, 3):
        Player.objects.bulk_create(Player(name=f"Kučera {size} {i}") for i in range(80 * size))
        for i in range(60 * size):
            services.register_player(event, organizer, name=f"Guest {size} {i}")
        for query in ({}, {"q": "kucera"}, {"q": "heun", "page": 2, "registered": 2}):
            with CaptureQueriesContext(connection) as captured:
                org_client.get(players_url(event, **query))
            counts.setdefault(str(query), []).append(len(captured))
    assert [a == b for a, b in counts.values()] == [True, True, True], counts
    assert max(max(c) for c in counts.values()) <= 12, counts


# -- the players CSV, bounded ---------------------------------------------------------


def test_a_players_csv_of_too_many_rows_is_refused(event, organizer):
    """Before: 100,000 rows under 1 MB were registered, and every organizer's players
    page grew to 7-45 MB."""
    body = "name\n" + "".join(f"P{i}\n" for i in range(2_001))
    with pytest.raises(services.ServiceError) as e:
        exchange.import_players_csv(body, event, organizer)
    assert e.value.message == (
        "Line 2002: a list may hold at most 2,000 players; split it. Nothing was imported."
    )
    assert Player.objects.count() == 0


def test_a_csv_header_naming_a_column_twice_is_refused(event, organizer):
    with pytest.raises(services.ServiceError) as e:
        exchange.import_players_csv("name,club,Name\nAnna,Heun,Bill\n", event, organizer)
    assert e.value.message == (
        "The header names the column 'name' twice (columns 1 and 3): which one is meant? "
        "Nothing was imported."
    )
    assert Player.objects.count() == 0


# -- renaming a player ----------------------------------------------------------------


@pytest.fixture
def dealt(table, organizer):
    """Two deals at Anna, Bill, Čada and Dana's table: Dana deals the first (Anna and
    Čada win a Four), Anna the second."""
    services.record_deal(table, played_doc(), organizer)
    services.record_deal(table, played_doc(dealer="Anna"), organizer)
    return table


def test_an_organizer_renames_a_player_on_the_players_page(org_client, dealt, organizer):
    """Before: only the admin renamed, which the organizer (staff without permissions)
    cannot open."""
    event = dealt.round.event
    cada = Player.objects.get(name="Čada")
    page = org_client.get(players_url(event)).content.decode()
    assert f'<a href="?rename={cada.pk}#rename" class="link">rename</a>' in page
    page = org_client.get(players_url(event, rename=cada.pk)).content.decode()
    assert '<h2 id="rename">Rename Čada</h2>' in page
    assert f'<input type="hidden" name="rename" value="{cada.pk}"' in page
    assert 'name="new_name" value="Čada"' in page
    response = org_client.post(
        players_url(event), {"rename": cada.pk, "new_name": "Ken  Čada"}, follow=True
    )
    assert [str(m) for m in response.context["messages"]] == ["Čada is now Ken Čada."]
    cada.refresh_from_db()
    assert (cada.name, cada.folded) == ("Ken Čada", "ken cada")
    assert list(FormerName.objects.values_list("player__name", "name")) == [("Ken Čada", "Čada")]
    entry = ActivityEntry.objects.get(action="rename_player")
    assert (entry.event, entry.user, entry.detail) == (
        event,
        organizer,
        {"player": cada.pk, "from": "Čada", "to": "Ken Čada"},
    )
    assert 'Ken Čada <small class="muted">(formerly Čada)</small>' in response.content.decode()


@pytest.mark.parametrize(
    "new_name, message",
    [
        ("Anna", "Another player is called Anna already: pick another name."),
        (
            "anna",
            "“anna” looks like Anna, already in the registry. Tick “a different person” to "
            "use the name anyway.",
        ),
        ("Čada", "Čada is the player's name already."),
        ("", "This field is required."),
    ],
)
def test_a_rename_that_collides_is_said_at_the_field(org_client, dealt, new_name, message):
    event = dealt.round.event
    cada = Player.objects.get(name="Čada")
    response = org_client.post(players_url(event), {"rename": cada.pk, "new_name": new_name})
    assert response.status_code == 200
    assert response.context["rename_form"].errors["new_name"] == [message]
    assert Player.objects.get(pk=cada.pk).name == "Čada"
    assert not FormerName.objects.exists()


def test_a_look_alike_rename_with_the_tick(org_client, dealt):
    cada = Player.objects.get(name="Čada")
    response = org_client.post(
        players_url(dealt.round.event),
        {"rename": cada.pk, "new_name": "anna", "different_person": "on"},
    )
    assert response.status_code == 302
    assert Player.objects.get(pk=cada.pk).name == "anna"


def test_only_a_player_of_the_event_is_renamed_by_its_organizer(
    client, dealt, other_organizer, organizer, event
):
    stranger_event = services.create_event(
        other_organizer,
        name="Other night",
        date=event.date,
        ruleset="la-vista",
        house_rules={},
        starting_chips=20,
        session_end="fixed_deals",
        deals_per_session=20,
    )
    cada = Player.objects.get(name="Čada")
    with pytest.raises(services.PermissionDenied):
        services.rename_player(event, other_organizer, cada, "Ken Čada")
    with pytest.raises(services.ServiceError) as e:
        services.rename_player(stranger_event, other_organizer, cada, "Ken Čada")
    assert e.value.message == "Čada is not registered for this event."
    assert Player.objects.get(pk=cada.pk).name == "Čada"


def sheet_rows(client, table) -> list[str]:
    page = client.get(reverse("table-sheet", args=[table.pk])).content.decode()
    body = page.split("<tbody>", 1)[1]
    rows = re.findall(r'<tr class="[^"]*" data-deal="\d+">(.*?)</tr>', body, re.S)
    return [" ".join(re.sub(r"<[^>]+>", " ", r).split()) for r in rows]


def test_after_a_rename_the_sheet_says_one_name_throughout(org_client, dealt, organizer):
    """Before: the headings said the new name and the deal rows the old one."""
    dana, cada = Player.objects.get(name="Dana"), Player.objects.get(name="Čada")
    event = dealt.round.event
    before = sheet_rows(org_client, dealt)
    suggested = org_client.get(reverse("deal-create", args=[dealt.pk])).context["form"].initial
    services.rename_player(event, organizer, dana, "Dana Nováková")
    services.rename_player(event, organizer, cada, "Ken Čada")
    after = sheet_rows(org_client, dealt)
    assert after == [
        row.replace("Dana", "Dana Nováková").replace("Čada", "Ken Čada") for row in before
    ]
    assert after[0].startswith("1 Dana Nováková ")
    assert "Ken Čada" in after[0]
    # The next dealer is suggested by seat as before (the last deal's names are old).
    again = org_client.get(reverse("deal-create", args=[dealt.pk])).context["form"].initial
    assert again["dealer"] == suggested["dealer"] == "Bill"
    # The deal's page: its summary and its versions' too.
    deal = dealt.deals.get(number=1)
    page = org_client.get(reverse("deal-detail", args=[deal.pk])).content.decode()
    words = " ".join(re.sub(r"<[^>]+>", " ", page).split())
    assert "Ken Čada" in words
    assert not re.search(r"(?<!Ken )Čada|\bDana\b(?! Nováková)", words), words
    # The printed sheet too.
    pdf = printouts.score_sheet_pdf(dealt)
    words = " ".join(page.extract_text() for page in PdfReader(io.BytesIO(pdf)).pages)
    assert "Dana Nováková" in words
    assert not re.search(r"\bDana\b(?!\sNováková)", words), words


def test_the_players_csv_takes_a_former_name_as_its_player(event, organizer, dealt):
    dana = Player.objects.get(name="Dana")
    services.rename_player(dealt.round.event, organizer, dana, "Dana Nováková")
    result = exchange.import_players_csv("name,club\nDana,Heun\nzdenek,\n", event, organizer)
    assert result.summary() == (
        "Imported 1 new player and 1 already in the registry. “Dana” was taken as Dana "
        "Nováková (formerly Dana), already registered."
    )
    assert sorted(Player.objects.values_list("name", flat=True)) == sorted(
        [*[n for n in SEATS4 if n != "Dana"], "Dana Nováková", "zdenek"]
    )
    assert fold("Dana Nováková") == Player.objects.get(pk=dana.pk).folded


def test_the_players_csv_finds_a_player_by_any_former_name(event, organizer):
    """Before: the import looked up one former name a player: a list naming a player
    renamed twice by both his former names found him by one, and made the other a new
    player."""
    player = Player.objects.create(name="Jon Novak")
    services.register_player(event, organizer, player=player)
    for name in ("John Novák", "Jan Novák"):
        services.rename_player(event, organizer, Player.objects.get(pk=player.pk), name)
    result = exchange.import_players_csv("name\nJon Novak\nJohn Novák\n", event, organizer)
    assert result.summary() == (
        "Imported 0 new players and 1 already in the registry. “Jon Novak” was taken as Jan "
        "Novák (formerly Jon Novak), already registered. “John Novák” was taken as Jan Novák "
        "(formerly John Novák), already registered."
    )
    assert list(Player.objects.values_list("name", flat=True)) == ["Jan Novák"]


def test_a_rename_in_the_admin_keeps_the_former_name(admin_client):
    player = Player.objects.create(name="Jon Novak")
    response = admin_client.post(
        reverse("admin:tournaments_player_change", args=[player.pk]),
        {"name": "John Novák", "club": "", "notes": ""},
    )
    assert response.status_code == 302
    assert list(FormerName.objects.values_list("player__name", "name")) == [
        ("John Novák", "Jon Novak")
    ]
    assert Player.objects.get(pk=player.pk).folded == "john novak"


def restored_without(tmp_path, column):
    """The database backed up, ``column`` taken out of the players' rows (as a backup
    written before the column was kept has them), and restored."""
    from django.core.management import call_command

    backup = tmp_path / "backup.json"
    call_command("backup_db", output=str(backup), stdout=io.StringIO())
    rows = json.loads(backup.read_text())
    for row in rows:
        row["fields"].pop(column, None)
    backup.write_text(json.dumps(rows))
    Player.objects.all().delete()
    call_command("restore_db", str(backup), stdout=io.StringIO())


def test_a_backup_written_before_the_folded_name_restores_with_it(tmp_path):
    Player.objects.create(name="Josef Kučera")
    restored_without(tmp_path, "folded")
    assert list(Player.objects.values_list("name", "folded")) == [("Josef Kučera", "josef kucera")]


def test_after_a_rename_the_deals_csv_says_one_name_throughout(dealt, organizer):
    event = dealt.round.event
    services.rename_player(event, organizer, Player.objects.get(name="Čada"), "Ken Čada")
    rows = list(csv.DictReader(io.StringIO(exchange.deals_csv(event))))
    assert [(r["dealer"], r["bidder"], r["partner"]) for r in rows] == [
        ("Dana", "Anna", "Ken Čada"),
        ("Anna", "Anna", "Ken Čada"),
    ]
    assert json.loads(rows[0]["document"])["players"] == ["Anna", "Bill", "Ken Čada", "Dana"]


@pytest.mark.parametrize("value", ["", "x", "-1", "123456789012345678901"])
def test_renaming_someone_unknown_says_so(org_client, dealt, value, event):
    response = org_client.post(players_url(event), {"rename": value, "new_name": "Zdeněk"})
    assert response.status_code == 200
    errors = response.context["rename_form"].errors["rename"]
    assert errors in (["Choose a registered player to rename."], ["This field is required."])
    assert not FormerName.objects.exists()


@pytest.mark.parametrize(
    "value", ["²", "¹²", "①", "𝟗", "5²", "9" * 30, "-1", "x", "1.0", " ", "٣" * 25]
)
def test_asking_to_rename_someone_unknown_shows_no_form(org_client, dealt, value):
    """Before: "²".isdigit() is True and int("²") raised, a 500 (``?rename=²``)."""
    from urllib.parse import quote

    response = org_client.get(players_url(dealt.round.event, rename=quote(value)))
    assert response.status_code == 200
    assert response.context["rename_form"] is None
    assert 'id="rename"' not in response.content.decode()


def own_event(user, name="Other night"):
    """An event of ``user``'s own, as any organizer may create one."""
    return services.create_event(
        user,
        name=name,
        date=datetime.date(2026, 12, 1),
        ruleset="la-vista",
        house_rules={},
        starting_chips=20,
        session_end="fixed_deals",
        deals_per_session=20,
    )


def test_a_player_of_another_organizers_event_is_not_renamed_through_an_own_event(
    client, dealt, organizer, other_organizer
):
    """Before: other-org registered Čada (the shared registry's) for a throwaway event of
    his own, renamed him there, and the new name showed on org's published event."""
    event = dealt.round.event
    services.update_event(event, organizer, published=True)
    mine = own_event(other_organizer)
    cada = Player.objects.get(name="Čada")
    client.force_login(other_organizer)
    assert client.post(players_url(mine), {"player": cada.pk}).status_code == 302
    assert Registration.objects.filter(event=mine, player=cada).exists()
    response = client.post(players_url(mine), {"rename": cada.pk, "new_name": "Prankster"})
    assert response.status_code == 200
    assert response.context["rename_form"].non_field_errors() == [
        "Čada is also registered for Heun parish night (2026-11-20), which you do not "
        "organize: a new name would show there too. Only someone who organizes every event "
        "Čada is registered for, or an administrator, may rename Čada; ask its organizer "
        "(org) or an administrator."
    ]
    assert Player.objects.get(pk=cada.pk).name == "Čada"
    assert not FormerName.objects.exists()
    assert not ActivityEntry.objects.filter(action="rename_player").exists()
    page = client.get(reverse("table-sheet", args=[dealt.pk])).content.decode()
    assert "Prankster" not in page


def test_the_refusal_names_every_event_and_organizer_of_the_player(
    dealt, organizer, other_organizer, django_user_model
):
    third = django_user_model.objects.create_user("third-org", is_staff=True)
    cada = Player.objects.get(name="Čada")
    later = own_event(organizer, name="Later night")
    orphan = own_event(organizer, name="Admin's night")
    orphan.organizers.clear()
    later.organizers.add(other_organizer)
    for e in (later, orphan):
        Registration.objects.create(event=e, player=cada)
    mine = own_event(third)
    services.register_player(mine, third, player=cada)
    with pytest.raises(services.PermissionDenied) as e:
        services.rename_player(mine, third, cada, "Prankster")
    assert e.value.message == (
        "Čada is also registered for Heun parish night (2026-11-20), Admin's night "
        "(2026-12-01) and Later night (2026-12-01), which you do not organize: a new name "
        "would show there too. Only someone who organizes every event Čada is registered "
        "for, or an administrator, may rename Čada; ask their organizers (org and "
        "other-org) or an administrator."
    )


def test_who_organizes_every_event_of_the_player_renames_him_in_each(
    dealt, organizer, other_organizer, admin_user
):
    event = dealt.round.event
    mine = own_event(other_organizer)
    cada = Player.objects.get(name="Čada")
    services.register_player(mine, other_organizer, player=cada)
    event.organizers.add(other_organizer)
    services.rename_player(mine, other_organizer, cada, "Ken Čada")
    logged = ActivityEntry.objects.filter(action="rename_player").order_by("event__date")
    detail = {"player": cada.pk, "from": "Čada", "to": "Ken Čada"}
    assert [(a.event, a.user, a.detail) for a in logged] == [
        (event, other_organizer, detail),
        (mine, other_organizer, detail),
    ]
    # An administrator renames anyone, every event's log said too.
    event.organizers.remove(other_organizer)
    services.rename_player(event, admin_user, Player.objects.get(pk=cada.pk), "Kenneth Čada")
    assert ActivityEntry.objects.filter(action="rename_player", user=admin_user).count() == 2


def test_a_name_taken_after_the_check_is_said_at_the_field(org_client, dealt, monkeypatch):
    """Two organizers renaming two players to one new name at the same moment: both
    checks pass, the second save meets the unique name (an IntegrityError, a 500 on
    PostgreSQL before). The check missing it stands for the other's rename committing
    after it."""
    from tournaments.services import players

    monkeypatch.setattr(players, "_name_taken", lambda name: False)
    cada = Player.objects.get(name="Čada")
    response = org_client.post(
        players_url(dealt.round.event), {"rename": cada.pk, "new_name": "Anna"}
    )
    assert response.status_code == 200
    assert response.context["rename_form"].errors["new_name"] == [
        "Another player is called Anna already: pick another name."
    ]
    assert Player.objects.get(pk=cada.pk).name == "Čada"
    assert not FormerName.objects.exists()


def test_a_backup_written_before_the_folded_club_restores_with_it(tmp_path):
    Player.objects.create(name="Josef Kučera", club="Čáslav")
    restored_without(tmp_path, "folded_club")
    assert list(Player.objects.values_list("club", "folded_club")) == [("Čáslav", "caslav")]


# -- a former name typed as a new player's (issue 29) ---------------------------------


def another_event(organizer, event):
    return services.create_event(
        organizer,
        name="Friday night",
        date=event.date,
        ruleset="la-vista",
        house_rules={},
        starting_chips=20,
        session_end="fixed_deals",
        deals_per_session=20,
    )


@pytest.fixture
def renamed(event, organizer):
    """Jan Nowak of Praha, registered for the event, renamed Jan Novák."""
    player = services.register_player(event, organizer, name="Jan Nowak", club="Praha")
    return services.rename_player(event, organizer, player, "Jan Novák")


def test_a_former_name_typed_as_a_new_player_is_warned(org_client, event, organizer, renamed):
    """Before: "Jan Nowak" typed into "Or a new player" registered a second person,
    silently, although the registry's Jan Novák was called so until his rename."""
    friday = another_event(organizer, event)
    response = org_client.post(players_url(friday), {"name": "Jan Nowak"})
    assert response.status_code == 200
    assert response.context["form"].errors["name"] == [
        "“Jan Nowak” was renamed Jan Novák (Praha); pick Jan Novák from the registry, or "
        "tick “a different person” to register a new player."
    ]
    # The player to pick is offered, and the tick to say it is somebody else.
    assert options(response) == ["Jan Novák"]
    assert "A different person with a similar name: register as new" in (response.content.decode())
    # A spelling that differs only in case or accents is his former name too.
    response = org_client.post(players_url(friday), {"name": "jan  nowák"})
    assert (
        response.context["form"]
        .errors["name"][0]
        .startswith("“Jan Nowak” was renamed Jan Novák (Praha); pick Jan Novák")
    )
    # For the event he is registered for: nothing to do.
    response = org_client.post(players_url(event), {"name": "Jan Nowak"})
    assert response.context["form"].errors["name"] == [
        "“Jan Nowak” was renamed Jan Novák (Praha), already registered for this event. If "
        "it is the same person, there is nothing to do, or tick “a different person” to "
        "register a new player."
    ]
    assert list(Player.objects.values_list("name", flat=True)) == ["Jan Novák"]
    # Somebody else called Jan Nowak: the tick registers him.
    response = org_client.post(players_url(friday), {"name": "Jan Nowak", "different_person": "on"})
    assert response.status_code == 302
    assert list(friday.players.values_list("name", flat=True)) == ["Jan Nowak"]
    # Now the name is his: it registers him, no warning.
    response = org_client.post(players_url(event), {"name": "Jan Nowak"})
    assert response.status_code == 302
    assert sorted(event.players.values_list("name", flat=True)) == ["Jan Novák", "Jan Nowak"]


# -- the registry's search (issue 29) ---------------------------------------------------


def registered_already(response) -> list[str]:
    found = re.search(
        r'<ul class="muted" id="registered-already">(.*?)</ul>', response.content.decode()
    )
    return re.findall(r"<li>([^<]*)</li>", found.group(1)) if found else []


def test_the_search_says_a_registered_player_is_registered_already(org_client, event, organizer):
    """Before: a player registered for the event was left out of the search, so the
    organizer looking for him was told nobody matched and typed him anew."""
    services.register_player(event, organizer, name="Jan Novák", club="Praha")
    Player.objects.create(name="Jana Dvořáková")
    response = org_client.get(players_url(event, q="jan"))
    assert options(response) == ["Jana Dvořáková"]
    assert registered_already(response) == ["Jan Novák: registered already"]
    assert "2 players in the registry match “jan”" in response.content.decode()
    # The one player offered is chosen, so Register takes it.
    assert response.context["form"].initial == {
        "player": Player.objects.get(name="Jana Dvořáková").pk
    }
    # Only him found: nothing is chosen, nothing offered.
    response = org_client.get(players_url(event, q="novak"))
    assert (options(response), registered_already(response)) == (
        [],
        ["Jan Novák: registered already"],
    )
    assert response.context["form"].initial == {}
    # Without a search the registry's pages offer only who is not registered, as before.
    assert registered_already(org_client.get(players_url(event))) == []


@pytest.mark.parametrize(
    "query, found",
    [
        ("Novak Jan", ["Jan Novák"]),  # before: nobody, the words were one string
        ("novák  jan", ["Jan Novák"]),
        ("JAN NOVAK", ["Jan Novák"]),
        ("praha jan", ["Jan Novák"]),  # a word of the club, a word of the name
        ("Brno Novak", ["Petr Novák"]),
        ("jan", ["Jan Novák", "Jana Svobodová"]),
        ("Novák Pavel", []),
    ],
)
def test_the_search_matches_several_words_in_any_order(org_client, event, query, found):
    Player.objects.create(name="Jan Novák", club="Praha")
    Player.objects.create(name="Jana Svobodová", club="Brno")
    Player.objects.create(name="Petr Novák", club="Brno")
    assert options(org_client.get(players_url(event, q=query))) == found


def test_the_search_finds_a_player_by_a_former_name(org_client, event, organizer, renamed):
    """Before: searching "Nowak" found nobody once Jan Nowak was renamed Jan Novák."""
    friday = another_event(organizer, event)
    for query in ("nowak", "Nowak Jan", "NOWAK"):
        response = org_client.get(players_url(friday, q=query))
        assert options(response) == ["Jan Novák (formerly Jan Nowak)"], query
    # Found by the name he has now: no former name said.
    assert options(org_client.get(players_url(friday, q="novak"))) == ["Jan Novák"]
    # Registered for the event: said so, with the name he was found by.
    assert registered_already(org_client.get(players_url(event, q="nowak"))) == [
        "Jan Novák (formerly Jan Nowak): registered already"
    ]
    # The words must all be in the name now or all in one former name.
    assert options(org_client.get(players_url(friday, q="nowak petr"))) == []


def test_the_search_costs_the_same_queries_with_registered_and_renamed_players(
    org_client, event, organizer
):
    counts = []
    for size in (1, 4):
        for i in range(size * 10):
            player = services.register_player(event, organizer, name=f"Kučera {size} {i}")
            services.rename_player(event, organizer, player, f"Kučerová {size} {i}")
            Player.objects.create(name=f"Josef Kučera {size} {i}")
        with CaptureQueriesContext(connection) as captured:
            page = org_client.get(players_url(event, q="kucera 1"))
        assert page.status_code == 200
        counts.append(len(captured))
    assert counts[0] == counts[1], counts


@pytest.mark.parametrize(
    "new_name",
    ["", "Anna", "anna", "Bad\x01name", "x" * 101],
    ids=["empty", "taken", "alike", "control", "long"],
)
def test_the_rename_form_keeps_its_heading_when_it_has_an_error(org_client, dealt, new_name):
    """Before: a new name the form itself refused (empty, a control character, too
    long) lost the heading's player: "Rename a player"."""
    cada = Player.objects.get(name="Čada")
    response = org_client.post(
        players_url(dealt.round.event), {"rename": cada.pk, "new_name": new_name}
    )
    assert response.status_code == 200
    assert response.context["rename_form"].errors["new_name"]
    assert '<h2 id="rename">Rename Čada</h2>' in response.content.decode()
