"""On a server of several clubs (a circuit), printouts that name players say each
one's circuit number: the standings, a player's statement, the name cards. A server of
one club prints as before (the golden files of tests/web/golden say so too)."""

import io

import pytest
from django.test import Client
from django.urls import reverse
from pypdf import PdfReader

from tournaments import services
from tournaments.models import Club, Player

from ..conftest import SEATS4, game_table, played_doc

pytestmark = pytest.mark.django_db


def text(response) -> str:
    assert response["Content-Type"] == "application/pdf"
    reader = PdfReader(io.BytesIO(response.content))
    return "\n".join(page.extract_text() for page in reader.pages)


def printouts(organizer, club=None) -> dict[str, str]:
    table = game_table(organizer, "la-vista", SEATS4, name="Heun night", club=club)
    services.record_deal(table, played_doc(), organizer)
    event = table.round.event
    dana = Player.objects.get(name="Dana")
    client = Client()
    client.force_login(organizer)
    urls = {
        "standings": reverse("standings-pdf", args=[event.pk]),
        "statement": reverse("statement-pdf", args=[event.pk, dana.pk]),
        "name cards": reverse("name-cards-pdf", args=[event.pk]),
    }
    return {what: text(client.get(url)) for what, url in urls.items()}


def numbers() -> dict[str, str]:
    return {p.name: p.circuit_number for p in Player.objects.all()}


def test_printouts_say_circuit_numbers_on_a_server_of_several_clubs(organizer):
    heun = Club.objects.create(name="Heun parish club", slug="heun")
    heun.organizers.add(organizer)  # its events are its organizers'
    Club.objects.create(name="Taylor Sokol", slug="taylor")
    printed = printouts(organizer, heun)
    n = numbers()
    assert (
        f" 1\nAnna {n['Anna']}\n +5\n 1\n 1 of 1\n 1\nČada {n['Čada']}\n +5\n 1\n"
        f" 3\nBill {n['Bill']}\n -5\n 1\n 3\nDana {n['Dana']}\n -5\n 1\n"
    ) in printed["standings"]
    assert printed["statement"].startswith(f"Heun night: statement of Dana ({n['Dana']})\n")
    assert (
        f"Heun night\nAnna\n {n['Anna']}\nHeun night\nAnna\n{n['Anna']}\n"
        in (printed["name cards"])
    )


def test_a_server_of_one_club_prints_no_circuit_number(organizer):
    printed = printouts(organizer)
    assert Club.objects.count() == 1
    assert " 1\nAnna\n +5\n 1\n 1 of 1\n 1\nČada\n +5\n" in printed["standings"]
    assert printed["statement"].startswith("Heun night: statement of Dana\n")
    assert "Heun night\nAnna\nHeun night\nAnna\nfold" in printed["name cards"]
    for words in printed.values():
        assert "T-0" not in words
