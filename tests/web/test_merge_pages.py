"""The officer's Merge players page (search, preview, refusals, merge) and the merge
history with its Undo on the kept player's page: exact content, and the preview's
queries the same for a duplicate of one event and of many."""

import pytest
from django.contrib.auth.models import Permission
from django.test import Client
from django.urls import reverse

from tests.conftest import clarkson_open
from tests.web.days import play, seat_round
from tournaments.ledger_checksum import ledger_checksum
from tournaments.models import Player, PlayerMerge

pytestmark = pytest.mark.django_db

WEST = ["Ana", "Bill", "Čada", "Dana"]


@pytest.fixture
def officer_client(django_user_model):
    user = django_user_model.objects.create_user("vera", password="vera-pw-long")
    user.user_permissions.add(Permission.objects.get(codename="circuit_officer"))
    client = Client()
    client.force_login(user)
    return client


def west_nights(organizer, count: int) -> None:
    """``count`` West nights where Anna was entered as "Ana", a deal played at each."""
    for n in range(1, count + 1):
        night = clarkson_open(organizer, players=WEST, name=f"West night {n}", published=True)
        (table,) = seat_round(night, organizer, [WEST])
        play(table, organizer, ("Ana", "Bill", 40))


def preview_url(kept, duplicate) -> str:
    return (
        f"{reverse('player-merge')}?kept={kept.circuit_number}&duplicate={duplicate.circuit_number}"
    )


def test_the_preview_says_what_moves_and_the_merge_shows_on_the_kept_players_page(
    organizer, officer_client
):
    west_nights(organizer, 2)
    anna, ana = Player.objects.create(name="Anna", club="Clarkson"), Player.objects.get(name="Ana")
    found = officer_client.get(reverse("player-merge"), {"q": "an"}).content.decode()
    assert f"<td>{ana.circuit_number}</td>" in found
    assert f"<td>{anna.circuit_number}</td>" in found
    page = officer_client.get(preview_url(anna, ana)).content.decode()
    assert (
        f"<h2>Ana ({ana.circuit_number}, Clarkson) into Anna ({anna.circuit_number}, Clarkson)</h2>"
        in page
    )
    assert (
        "Will move: 2 registrations, 2 seats, 2 sittings, 2 roll calls, 2 first forehands, "
        "2 events." in page
    )
    assert "Events: West night 1, West night 2." in page
    assert (
        "The 4 ledger rows and deal nets naming Ana stay as recorded (the ledger is never "
        "rewritten) and count as Anna's." in page
    )
    checksum = ledger_checksum()
    merged = officer_client.post(
        reverse("player-merge"),
        {"kept": anna.circuit_number, "duplicate": ana.circuit_number, "reason": "Same person"},
        follow=True,
    ).content.decode()
    assert ledger_checksum() == checksum
    assert f"Ana ({ana.circuit_number}) is merged into Anna: 2 registrations" in merged
    assert f"<li>Ana ({ana.circuit_number}, Clarkson), merged by vera on" in merged
    assert ": Same person" in merged
    assert "Undo this merge" in merged
    merge = PlayerMerge.objects.get()
    undone = officer_client.post(
        reverse("player-merge-undo", args=[merge.pk]), follow=True
    ).content.decode()
    assert "The merge is undone: Ana is a player of their own again." in undone
    assert "Undo this merge" not in undone
    assert "— undone by vera on" in undone
    assert ledger_checksum() == checksum
    assert kept_of(Player.objects.get(name="Ana")) is None


def test_the_preview_names_why_a_merge_is_refused(organizer, officer_client):
    west_nights(organizer, 1)
    ana, bill = Player.objects.get(name="Ana"), Player.objects.get(name="Bill")
    page = officer_client.get(preview_url(bill, ana)).content.decode()
    assert "This merge is refused:" in page
    assert (
        "Bill and Ana are both registered in West night 1: a merge would register one "
        "person twice." in page
    )
    assert "Bill and Ana sat at the same table (table 1) in round 1 of West night 1" in page
    assert 'id="merge-confirm"' not in page
    refused = officer_client.post(
        reverse("player-merge"), {"kept": bill.circuit_number, "duplicate": ana.circuit_number}
    )
    assert refused.status_code == 400
    assert not PlayerMerge.objects.exists()


def test_a_circuit_number_that_names_nobody_is_said(officer_client):
    page = officer_client.get(reverse("player-merge"), {"kept": "T-99999", "duplicate": "x"})
    assert page.status_code == 200
    text = page.content.decode()
    assert "No player has the circuit number “T-99999” (the player kept)." in text
    assert "No player has the circuit number “x” (the duplicate)." in text


@pytest.mark.parametrize("nights", [1, 4])
def test_the_preview_costs_the_same_queries_whatever_the_players_history(
    organizer, officer_client, django_assert_num_queries, nights
):
    west_nights(organizer, nights)
    anna, ana = Player.objects.create(name="Anna"), Player.objects.get(name="Ana")
    url = preview_url(anna, ana)
    officer_client.get(url)  # the session and the user's permissions read once
    with django_assert_num_queries(QUERIES):
        page = officer_client.get(url)
    assert f"{nights} registration" in page.content.decode()


QUERIES = 32


def kept_of(player):
    """The player ``player`` is merged into (its alias), or None."""
    from tournaments.models import PlayerAlias

    alias = PlayerAlias.objects.filter(player_id=player.pk).first()
    return alias and alias.kept
