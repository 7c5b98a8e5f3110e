"""Players' names: one spelling stored, look-alikes found and warned about, and the
CSV import held to the register form's rules (issues 11 and 16)."""

import unicodedata
from pathlib import Path

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import call_command
from django.core.management.base import CommandError
from django.urls import reverse

from tournaments import exchange, services
from tournaments.models import ActivityEntry, Player, Registration

pytestmark = pytest.mark.django_db

NFD_CADA = unicodedata.normalize("NFD", "Ken Čada")


def players_url(event):
    return reverse("event-players", args=[event.pk])


def test_look_alike_names_are_one_player_or_a_warning(client, event, organizer):
    client.force_login(organizer)
    client.post(players_url(event), {"name": "Ken Čada", "club": "Clarkson"})
    # NFD, a zero-width space, doubled spaces: the same stored name, the same player.
    for typed in (NFD_CADA, "Ken\u200b Čada", "  Ken   Čada "):
        response = client.post(players_url(event), {"name": typed})
        assert response.status_code == 302
    assert list(Player.objects.values_list("name", flat=True)) == ["Ken Čada"]
    # Another case or no accents: refused with a warning naming the registry's player...
    response = client.post(players_url(event), {"name": "ken cada"})
    assert response.status_code == 200
    errors = response.context["form"].errors["name"]
    assert errors == [
        "“ken cada” looks like Ken Čada (Clarkson), already registered for this event. "
        "If it is the same person, there is nothing to do, or tick “a different person” "
        "to register a new player."
    ]
    assert "A different person with a similar name" in response.content.decode()
    assert Player.objects.count() == 1
    # ...unless the organizer says it is somebody else.
    response = client.post(players_url(event), {"name": "ken cada", "different_person": "on"})
    assert response.status_code == 302
    assert sorted(Player.objects.values_list("name", flat=True)) == ["Ken Čada", "ken cada"]


def test_the_service_and_the_admin_store_the_clean_name(event, organizer, admin_client):
    player = services.register_player(event, organizer, name="Jan\u00a0\u200bŠťastný\ufeff")
    assert player.name == "Jan Šťastný"
    response = admin_client.post(
        reverse("admin:tournaments_player_add"),
        {"name": unicodedata.normalize("NFD", "Jan Šťastný") + "\u200b", "club": "", "notes": ""},
    )
    # The admin's unique check sees the clean name: no second player, no server error.
    assert response.status_code == 200
    assert "already exists" in response.content.decode()
    assert Player.objects.count() == 1


def test_search_ignores_case_and_accents(client, event, organizer):
    for name, club in [("Josef Kučera", "Heun"), ("Marie Nováková", "Dodge"), ("Bill", "")]:
        Player.objects.create(name=name, club=club)
    client.force_login(organizer)
    for query, found in [
        ("kucera", ["Josef Kučera"]),
        ("KUČERA", ["Josef Kučera"]),
        ("novakova", ["Marie Nováková"]),
        ("dodge", ["Marie Nováková"]),
        ("zzz", []),
    ]:
        response = client.get(players_url(event), {"q": query})
        choices = [p.name for p in response.context["form"].fields["player"].queryset]
        assert choices == found, query
        words = "1 player in the registry matches" if found else "0 players in the registry match"
        assert f"{words} “{query}”" in response.content.decode()
        # A single match is chosen already: Register takes it.
        assert response.context["form"].initial == (
            {"player": Player.objects.get(name=found[0]).pk} if found else {}
        )


def test_search_costs_the_same_queries_for_a_bigger_registry(
    client, event, organizer, django_assert_num_queries
):
    client.force_login(organizer)
    Player.objects.create(name="Josef Kučera")
    # 9: one of them asks whether rounds drawn in advance wait (a player who joins is
    # seated in them only when the organizer says so: issue 36).
    with django_assert_num_queries(9) as small:
        client.get(players_url(event), {"q": "kucera"})
    Player.objects.bulk_create(Player(name=f"Kučera {i}") for i in range(40))
    with django_assert_num_queries(len(small.captured_queries)):
        client.get(players_url(event), {"q": "kucera"})


# -- CSV import ---------------------------------------------------------------------


def upload(client, event, body: bytes, name="players.csv"):
    return client.post(players_url(event), {"csv": SimpleUploadedFile(name, body)})


def csv_errors(response):
    return response.context["csv_form"].errors["csv"]


def test_csv_rows_are_checked_like_the_form_and_a_bad_row_imports_nothing(client, event, organizer):
    client.force_login(organizer)
    body = "name,club\nAnna,Heun\nBad\x00Name,Heun\n" + "X" * 300 + ",Heun\n"
    response = upload(client, event, body.encode())
    assert csv_errors(response) == [
        "Nothing was imported. Line 3 (name): Null characters are not allowed. "
        "Line 4 (name): Ensure this value has at most 100 characters (it has 300)."
    ]
    assert Player.objects.count() == 0


def test_a_csv_field_over_128_kb_is_a_message_not_a_server_error(client, event, organizer):
    client.force_login(organizer)
    body = 'name,notes\nAnna,"' + "x" * 140_000 + '"\n'
    response = upload(client, event, body.encode())
    assert csv_errors(response) == [
        "Line 2 is not readable as CSV: a field is longer than 128 KB. Nothing was imported."
    ]
    assert Player.objects.count() == 0


def test_a_big_upload_is_refused_with_its_size(client, event, organizer):
    client.force_login(organizer)
    body = b"name\n" + b"Anna Nov\xc3\xa1kov\xc3\xa1\n" * 80_000  # 16 bytes a line: 1.28 MB
    response = upload(client, event, body)
    assert csv_errors(response) == ["The file is 1.3 MB; a list of players may be at most 1 MB."]
    assert Player.objects.count() == 0


def test_csv_import_names_clubs_and_look_alikes(client, event, organizer):
    Player.objects.create(name="Ken Čada", club="Clarkson")
    Player.objects.create(name="Josef Kučera", club="")
    withdrawn = Player.objects.create(name="Dana", club="Heun")
    services.register_player(event, organizer, player=withdrawn)
    services.withdraw_player(event, organizer, withdrawn)
    client.force_login(organizer)
    body = (
        "\ufeffname,club,notes\n"
        f"{NFD_CADA},Heun,\n"
        "ken čada,,\n"
        "josef kucera,Dodge,\n"
        "Dana,Heun,\n"
        "Jan\u200b Šťastný,Dodge,left-handed\n"
        ",,\n"
    )
    response = client.post(
        players_url(event),
        {"csv": SimpleUploadedFile("players.csv", body.encode())},
        follow=True,
    )
    message = [str(m) for m in response.context["messages"]]
    assert message == [
        "Imported 1 new player and 3 already in the registry. "
        "Kept Ken Čada's club Clarkson (the file says Heun); change it in the admin if "
        "they moved. “josef kucera” was taken as Josef Kučera, already registered."
    ]
    assert dict(Player.objects.values_list("name", "club")) == {
        "Ken Čada": "Clarkson",
        "Josef Kučera": "Dodge",  # an empty club is filled in
        "Dana": "Heun",
        "Jan Šťastný": "Dodge",
    }
    assert Player.objects.get(name="Jan Šťastný").notes == "left-handed"
    registered = dict(
        Registration.objects.filter(event=event).values_list("player__name", "withdrawn")
    )
    assert registered == {
        "Ken Čada": False,
        "Josef Kučera": False,
        "Dana": False,
        "Jan Šťastný": False,
    }
    assert ActivityEntry.objects.filter(event=event, action="import_players").count() == 1


def test_csv_import_writes_in_a_few_queries_whatever_the_length(
    event, organizer, django_assert_max_num_queries
):
    body = "name,club\n" + "".join(f"Player {i},Heun\n" for i in range(300))
    # 14: SQLite takes 999 parameters a statement, so 300 registrations of 8 columns
    # (pays_fee and reserve since migration 0029) are inserted in 3 statements, not 2;
    # and one query asks whether rounds drawn in advance wait (issue 36).
    with django_assert_max_num_queries(14):
        result = exchange.import_players_csv(body, event, organizer)
    assert (result.created, result.existing) == (300, 0)
    assert Registration.objects.filter(event=event).count() == 300


@pytest.mark.parametrize(
    "content, message",
    [
        (None, "Cannot read {path}: No such file or directory."),
        (b"", "{path} is empty: it needs a header row with a 'name' column."),
        (b"name\nNov\xe1kov\xe1\n", "{path} is not UTF-8 text: save it as CSV UTF-8."),
        (b"player,club\nAnna,Heun\n", "The CSV needs a header row with a 'name' column."),
    ],
)
def test_import_players_command_says_what_is_wrong(tmp_path, content, message):
    path = tmp_path / "players.csv"
    if content is not None:
        path.write_bytes(content)
    with pytest.raises(CommandError) as raised:
        call_command("import_players", str(path))
    assert str(raised.value) == message.format(path=path)
    assert Player.objects.count() == 0


def test_import_players_command_exits_1_without_a_traceback(tmp_path):
    import subprocess
    import sys

    path = tmp_path / "players.csv"
    path.write_bytes(b"name\nNov\xe1kov\xe1\n")
    done = subprocess.run(
        [sys.executable, "manage.py", "import_players", str(path)],
        capture_output=True,
        text=True,
        check=False,
        cwd=Path(__file__).resolve().parents[2],
    )
    assert done.returncode == 1
    assert "Traceback" not in done.stderr
    assert done.stderr.strip() == f"CommandError: {path} is not UTF-8 text: save it as CSV UTF-8."


def test_a_look_alike_of_a_registered_player_says_so(client, event, organizer):
    services.register_player(event, organizer, name="Marie Nováková")
    client.force_login(organizer)
    response = client.post(players_url(event), {"name": "marie novakova"})
    assert response.context["form"].errors["name"] == [
        "“marie novakova” looks like Marie Nováková, already registered for this event. "
        "If it is the same person, there is nothing to do, or tick “a different person” "
        "to register a new player."
    ]
