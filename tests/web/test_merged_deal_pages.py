"""After a merge, deal pages name the kept player (services/merging.py): the deals'
documents and ledger rows go on naming the duplicate (append-only), and the table's
sheet, the deal's page and its history read them under the kept player's name."""

import html
import re

import pytest
from django.contrib.auth.models import Permission
from django.test import Client

from tests.conftest import clarkson_open
from tests.web.days import play, seat_round
from tournaments.models import Deal, Player
from tournaments.services.merging import merge_players, undo_merge

pytestmark = pytest.mark.django_db

WEST = ["Ana", "Bill", "Čada", "Dana"]


@pytest.fixture
def officer(django_user_model):
    user = django_user_model.objects.create_user("vera", password="vera-pw-long")
    user.user_permissions.add(Permission.objects.get(codename="circuit_officer"))
    return django_user_model.objects.get(pk=user.pk)


def text(response) -> str:
    words = re.sub(r"<[^>]+>", " ", response.content.decode())
    return re.sub(r"\s+", " ", html.unescape(words))


def as_kept(page: str) -> str:
    return re.sub(r"\bAna\b", "Anna", page)


def test_deal_pages_name_the_kept_player(organizer, officer):
    anna = Player.objects.create(name="Anna")
    west = clarkson_open(organizer, players=WEST, name="West open", published=True)
    (table,) = seat_round(west, organizer, [WEST])
    play(table, organizer, ("Ana", "Bill", 40), ("Čada", "Ana", 20))
    deal = Deal.objects.get(table=table, number=1)
    client = Client()
    pages = [table.get_absolute_url(), deal.get_absolute_url()]
    before = [text(client.get(url)) for url in pages]
    sheet = (
        "Next deal: Bill deals, Čada is forehand. Seats in the order of play, clockwise: "
        "Ana → Bill → Čada → Dana. # Dealer Bidder Bid Partner Points Valat Bonuses "
        "Declarations Penalties Ana Bill Čada Dana ± chips ± chips ± chips ± chips "
        "Starting chips 20 20 20 20 1 Ana Ana Five Bill 40:30 +8 28 +8 28 -8 12 -8 12 "
        "2 Ana Čada Five Ana 20:50 -8 20 +8 36 -8 4 +8 20 Net 0 20 +16 36 -16 4 0 20"
    )
    assert sheet in before[0]
    assert "Payments From To Chips Rule How Čada Ana 8 Game" in before[1]
    tag = client.get(pages[0])["ETag"]
    assert client.get(pages[0], headers={"if-none-match": tag}).status_code == 304
    merge = merge_players(anna, Player.objects.get(name="Ana"), officer)
    # The sheet a phone revalidates is sent again: it names Anna now.
    assert client.get(pages[0], headers={"if-none-match": tag}).status_code == 200
    after = [text(client.get(url)) for url in pages]
    # Every page reads as before, the kept player's name for the duplicate's.
    assert after == [as_kept(page) for page in before]
    assert as_kept(sheet) in after[0]
    assert (
        "Anna: Five with Bill, 40:30 card points Payments From To Chips Rule How Čada Anna 8 "
        "Game Game won with 40 card points: Five 8 = 8 Dana Bill 8 Game Game won with 40 "
        "card points: Five 8 = 8 Anna +8 · Bill +8 · Čada -8 · Dana -8 History"
    ) in after[1]
    assert not re.search(r"\bAna\b", after[0] + after[1])
    tag = client.get(pages[0])["ETag"]
    undo_merge(merge, officer)
    assert client.get(pages[0], headers={"if-none-match": tag}).status_code == 200
    assert [text(client.get(url)) for url in pages] == before
