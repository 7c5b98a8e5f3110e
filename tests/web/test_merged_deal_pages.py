"""After a merge, deal pages name the kept player (services/merging.py): the deals'
documents and ledger rows go on naming the duplicate (append-only), and the table's
sheet, the deal's page and its history read them under the kept player's name."""

import html
import re

import pytest
from django.test import Client

from tests.conftest import clarkson_open
from tests.web.days import play, seat_round
from tournaments.balances import net_by_player, table_session
from tournaments.models import Deal, DealNet, LedgerEntry, Player
from tournaments.services.merging import merge_players, undo_merge
from tournaments.services.rounds import record_chip_count

pytestmark = pytest.mark.django_db

WEST = ["Ana", "Bill", "Čada", "Dana"]


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


def test_what_sums_a_tables_ledger_counts_the_duplicates_chips_as_the_kept_players(
    organizer, officer
):
    """After a merge the seat is the kept player's and the ledger still names the
    duplicate: the table's nets, its chip count, the session's state and the director's
    nets all read Ana's +8 as Anna's (none loses them, the nets still sum to zero)."""
    anna = Player.objects.create(name="Anna")
    west = clarkson_open(organizer, players=WEST, name="West open", published=True)
    (table,) = seat_round(west, organizer, [WEST])
    play(table, organizer, ("Ana", "Bill", 40))
    merge_players(anna, Player.objects.get(name="Ana"), officer)
    bill, cada, dana = (Player.objects.get(name=n) for n in WEST[1:])
    entries = LedgerEntry.objects.filter(table=table)
    assert net_by_player(entries) == {anna.pk: 8, bill.pk: 8, cada.pk: -8, dana.pk: -8}
    nets = DealNet.objects.current().filter(table=table).chips_at_tables()
    assert sorted(nets) == sorted(
        [
            (table.pk, anna.pk, 8),
            (table.pk, bill.pk, 8),
            (table.pk, cada.pk, -8),
            (table.pk, dana.pk, -8),
        ]
    )
    assert table_session(table).ended is False
    counted = {anna: 28, bill: 28, cada: 12, dana: 12}
    rows = record_chip_count(table, organizer, counted)
    assert {(r.player.name, r.counted, r.expected) for r in rows} == {
        ("Anna", 28, 28),
        ("Bill", 28, 28),
        ("Čada", 12, 12),
        ("Dana", 12, 12),
    }
