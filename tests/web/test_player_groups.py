"""The editor of a named group of an event's players (categories, teams: one form, one
page, one service step): an id no player can have is refused at the field, on SQLite as
on PostgreSQL, never a 500."""

import pytest
from django.urls import reverse

from tournaments import services
from tournaments.models import ActivityEntry, Player, PrizeCategory, Team
from tournaments.services.prizes import set_prizes

pytestmark = pytest.mark.django_db

# Past the players' id column (a 64-bit integer) on every database: SQLite raised
# "Python int too large to convert to SQLite INTEGER" at the page.
OUT_OF_RANGE = [10**30, 2**63, -(2**63) - 1]


@pytest.fixture
def teams_and_prizes(tournament, organizer):
    event = services.update_event(tournament, organizer, team_ranking="teams", team_size=2)
    return set_prizes(event, organizer, 1000, "$20\n$10", False)


@pytest.mark.parametrize("page", ["prize-categories", "event-teams"])
@pytest.mark.parametrize("player_id", OUT_OF_RANGE)
def test_an_id_out_of_range_is_refused_at_the_field(
    teams_and_prizes, organizer, client, page, player_id
):
    client.force_login(organizer)
    anna = Player.objects.get(name="Anna")
    response = client.post(
        reverse(page, args=[teams_and_prizes.pk]),
        {"name": "Seniors", "players": [anna.pk, player_id], "prize_table": "$1"},
    )
    assert response.status_code == 200
    assert response.context["form"].errors == {
        "players": [f"Select a valid choice. {player_id} is not one of the available choices."]
    }
    said = f'<ul class="errorlist" id="id_players_error"><li>Select a valid choice. {player_id}'
    assert said in response.content.decode()
    assert not PrizeCategory.objects.exists() and not Team.objects.exists()
    assert not ActivityEntry.objects.filter(action__in=["set_team", "set_prize_category"]).exists()


@pytest.mark.parametrize("page", ["prize-categories", "event-teams"])
def test_the_largest_id_a_player_can_have_is_an_unknown_choice(
    teams_and_prizes, organizer, client, page
):
    client.force_login(organizer)
    largest = 2**63 - 1
    response = client.post(
        reverse(page, args=[teams_and_prizes.pk]), {"name": "Seniors", "players": [largest]}
    )
    assert response.context["form"].errors == {
        "players": [f"Select a valid choice. {largest} is not one of the available choices."]
    }
