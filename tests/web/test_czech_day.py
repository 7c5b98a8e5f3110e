"""A Czech-style day at full size, ranked by hand (issue 27): 18 players, 4 rounds,
tables of four and of five (the dealer sitting out scores too: 4/3/2/1/1), shared
places at the tables, one bye; the day ranks by table points, then chips, then table
wins, then the best round. (tests/web/test_ranking.py has the nine-player day.)"""

import pytest

from tournaments import services
from tournaments.standings import standings

from .days import play, seat_round

pytestmark = pytest.mark.django_db

MORE = ["Jan", "Karel", "Lída", "Milan", "Nora", "Oto", "Pavla", "Radek", "Sára"]

# Every deal is a Clarkson Five (the first seat deals; at a table of five he sits
# out with 0 chips). Made (40 points): the bidder and his partner +8 each, the other
# two -8 each; failed (20 points): the reverse. (bidder, partner, points) below.
#
# Round 1 (5, 5, 4, 4)
#   T1 Anna (deals, out), Bill, Čada, Dana, Emil: Bill-Čada 40.
#      Bill +8, Čada +8, Anna 0, Dana -8, Emil -8: Bill, Čada 1st= 4; Anna 3rd 2;
#      Dana, Emil 4th= 1.
#   T2 Fanny (out), Gustav, Hana, Ivan, Jan: Gustav-Hana 20.
#      Ivan +8, Jan +8, Fanny 0, Gustav -8, Hana -8: Ivan, Jan 1st= 4; Fanny 3rd 2;
#      Gustav, Hana 4th= 1.
#   T3 Karel, Lída, Milan, Nora: Karel-Lída 40, Karel-Milan 40, Karel-Lída 40.
#      Karel +24, Lída +8, Milan -8, Nora -24: 4, 3, 2, 1.
#   T4 Oto, Pavla, Radek, Sára: Oto-Pavla 40, Radek-Oto 20.
#      Pavla +16, Oto 0, Sára 0, Radek -16: Pavla 1st 4; Oto, Sára 2nd= 3; Radek 4th 1.
# Round 2 (5, 5, 4, 4)
#   T1 Karel (out), Anna, Fanny, Oto, Ivan: Anna-Oto 40.
#      Anna, Oto +8 1st= 4; Karel 0 3rd 2; Fanny, Ivan -8 4th= 1.
#   T2 Lída (out), Bill, Gustav, Pavla, Radek: Radek-Gustav 40.
#      Radek, Gustav +8 1st= 4; Lída 0 3rd 2; Bill, Pavla -8 4th= 1.
#   T3 Čada, Hana, Milan, Sára: Hana-Sára 40, Hana-Milan 40, Hana-Sára 40.
#      Hana +24 1st 4; Sára +8 2nd 3; Milan -8 3rd 2; Čada -24 4th 1.
#   T4 Dana, Emil, Jan, Nora: Nora-Dana 40, Nora-Emil 20.
#      Dana +16 1st 4; Nora 0, Jan 0 2nd= 3; Emil -16 4th 1.
# Round 3 (4, 4, 4, 5 and Sára's bye: 2 points, no chips)
#   T1 Anna, Gustav, Jan, Lída: Jan-Lída 40.
#      Jan, Lída +8 1st= 4; Anna, Gustav -8 3rd= 2.
#   T2 Bill, Hana, Karel, Oto: Bill-Oto 40, Bill-Karel 40, Bill-Oto 40.
#      Bill +24 1st 4; Oto +8 2nd 3; Karel -8 3rd 2; Hana -24 4th 1.
#   T3 Čada, Emil, Fanny, Radek: Čada-Emil 40, Fanny-Čada 20.
#      Emil +16 1st 4; Čada 0, Radek 0 2nd= 3; Fanny -16 4th 1.
#   T4 Dana (out), Ivan, Milan, Nora, Pavla: Milan-Nora 20.
#      Ivan, Pavla +8 1st= 4; Dana 0 3rd 2; Milan, Nora -8 4th= 1.
# Round 4 (5, 5, 4, 4)
#   T1 Emil (out), Anna, Hana, Pavla, Sára: Sára-Anna 40.
#      Sára, Anna +8 1st= 4; Emil 0 3rd 2; Hana, Pavla -8 4th= 1.
#   T2 Gustav (out), Bill, Dana, Milan, Oto: Milan-Dana 40.
#      Milan, Dana +8 1st= 4; Gustav 0 3rd 2; Bill, Oto -8 4th= 1.
#   T3 Čada, Ivan, Karel, Radek: Karel-Radek 40, Karel-Čada 40, Karel-Radek 40.
#      Karel +24 1st 4; Radek +8 2nd 3; Čada -8 3rd 2; Ivan -24 4th 1.
#   T4 Fanny, Jan, Lída, Nora: Fanny-Nora 40, Jan-Fanny 20.
#      Nora +16 1st 4; Fanny 0, Lída 0 2nd= 3; Jan -16 4th 1.
#
# Each player's rounds (points, chips) and the day's totals:
#   Anna    2 (0)    4 (+8)   2 (-8)   4 (+8)   = 12 points, +8 chips, 2 table wins
#   Bill    4 (+8)   1 (-8)   4 (+24)  1 (-8)   = 10, +16
#   Čada    4 (+8)   1 (-24)  3 (0)    2 (-8)   = 10, -24
#   Dana    1 (-8)   4 (+16)  2 (0)    4 (+8)   = 11, +16
#   Emil    1 (-8)   1 (-16)  4 (+16)  2 (0)    =  8, -8
#   Fanny   2 (0)    1 (-8)   1 (-16)  3 (0)    =  7, -24
#   Gustav  1 (-8)   4 (+8)   2 (-8)   2 (0)    =  9, -8
#   Hana    1 (-8)   4 (+24)  1 (-24)  1 (-8)   =  7, -16
#   Ivan    4 (+8)   1 (-8)   4 (+8)   1 (-24)  = 10, -16
#   Jan     4 (+8)   3 (0)    4 (+8)   1 (-16)  = 12, 0
#   Karel   4 (+24)  2 (0)    2 (-8)   4 (+24)  = 12, +40
#   Lída    3 (+8)   2 (0)    4 (+8)   3 (0)    = 12, +16, 1 table win, best round 8
#   Milan   2 (-8)   2 (-8)   1 (-8)   4 (+8)   =  9, -16, 1 table win, best round 8
#   Nora    1 (-24)  3 (0)    1 (-8)   4 (+16)  =  9, -16, 1 table win, best round 16
#   Oto     3 (0)    4 (+8)   3 (+8)   1 (-8)   = 11, +8
#   Pavla   4 (+16)  1 (-8)   4 (+8)   1 (-8)   = 10, +8
#   Radek   1 (-16)  4 (+8)   3 (0)    3 (+8)   = 11, 0
#   Sára    3 (0)    3 (+8)   bye 2    4 (+8)   = 12, +16, 1 table win, best round 8
# (the chips sum to 0.)
#
# The standings: 12 points: Karel (+40), Lída and Sára (+16), Anna (+8), Jan (0) -
# Lída and Sára are equal on chips, on table wins (1 each) and on their best round (8
# each): they share 2nd. 11: Dana (+16), Oto (+8), Radek (0). 10: Bill (+16), Pavla
# (+8), Ivan (-16), Čada (-24). 9: Gustav (-8), then Milan and Nora (-16 each, one
# table win each): Nora's best round (+16) beats Milan's (+8). 8: Emil alone.
# 7: Hana (-16) above Fanny (-24).
EXPECTED = [
    (1, "Karel", "12", 40, "chips"),
    (2, "Lída", "12", 16, ""),
    (2, "Sára", "12", 16, ""),
    (4, "Anna", "12", 8, "chips"),
    (5, "Jan", "12", 0, "chips"),
    (6, "Dana", "11", 16, "chips"),
    (7, "Oto", "11", 8, "chips"),
    (8, "Radek", "11", 0, "chips"),
    (9, "Bill", "10", 16, "chips"),
    (10, "Pavla", "10", 8, "chips"),
    (11, "Ivan", "10", -16, "chips"),
    (12, "Čada", "10", -24, "chips"),
    (13, "Gustav", "9", -8, "chips"),
    (14, "Nora", "9", -16, "best round"),
    (15, "Milan", "9", -16, "best round"),
    (16, "Emil", "8", -8, ""),
    (17, "Hana", "7", -16, "chips"),
    (18, "Fanny", "7", -24, "chips"),
]

ROUNDS = [
    (
        [
            ["Anna", "Bill", "Čada", "Dana", "Emil"],
            ["Fanny", "Gustav", "Hana", "Ivan", "Jan"],
            ["Karel", "Lída", "Milan", "Nora"],
            ["Oto", "Pavla", "Radek", "Sára"],
        ],
        [
            [("Bill", "Čada", 40)],
            [("Gustav", "Hana", 20)],
            [("Karel", "Lída", 40), ("Karel", "Milan", 40), ("Karel", "Lída", 40)],
            [("Oto", "Pavla", 40), ("Radek", "Oto", 20)],
        ],
        [],
    ),
    (
        [
            ["Karel", "Anna", "Fanny", "Oto", "Ivan"],
            ["Lída", "Bill", "Gustav", "Pavla", "Radek"],
            ["Čada", "Hana", "Milan", "Sára"],
            ["Dana", "Emil", "Jan", "Nora"],
        ],
        [
            [("Anna", "Oto", 40)],
            [("Radek", "Gustav", 40)],
            [("Hana", "Sára", 40), ("Hana", "Milan", 40), ("Hana", "Sára", 40)],
            [("Nora", "Dana", 40), ("Nora", "Emil", 20)],
        ],
        [],
    ),
    (
        [
            ["Anna", "Gustav", "Jan", "Lída"],
            ["Bill", "Hana", "Karel", "Oto"],
            ["Čada", "Emil", "Fanny", "Radek"],
            ["Dana", "Ivan", "Milan", "Nora", "Pavla"],
        ],
        [
            [("Jan", "Lída", 40)],
            [("Bill", "Oto", 40), ("Bill", "Karel", 40), ("Bill", "Oto", 40)],
            [("Čada", "Emil", 40), ("Fanny", "Čada", 20)],
            [("Milan", "Nora", 20)],
        ],
        ["Sára"],
    ),
    (
        [
            ["Emil", "Anna", "Hana", "Pavla", "Sára"],
            ["Gustav", "Bill", "Dana", "Milan", "Oto"],
            ["Čada", "Ivan", "Karel", "Radek"],
            ["Fanny", "Jan", "Lída", "Nora"],
        ],
        [
            [("Sára", "Anna", 40)],
            [("Milan", "Dana", 40)],
            [("Karel", "Radek", 40), ("Karel", "Čada", 40), ("Karel", "Radek", 40)],
            [("Fanny", "Nora", 40), ("Jan", "Fanny", 20)],
        ],
        [],
    ),
]


@pytest.fixture
def czech_day(tournament, organizer):
    for name in MORE:
        services.register_player(tournament, organizer, name=name, club="Ostrava")
    event = services.update_event(
        tournament,
        organizer,
        ranking="table_points",
        shared_places="place",
        bye_points=2,
        tie_breaks=["chips", "table_wins", "best_round"],
    )
    for tables, deals, byes in ROUNDS:
        for table, its_deals in zip(seat_round(event, organizer, tables, byes), deals, strict=True):
            play(table, organizer, *its_deals)
    return event


def test_the_czech_day_ranks_as_worked_by_hand(czech_day):
    rows = standings(czech_day)
    assert [(s.rank, s.player.name, s.score_shown, s.chips, s.decided_by) for s in rows] == (
        EXPECTED
    )
    by_name = {s.player.name: s for s in rows}
    sara = by_name["Sára"]  # her bye's 2 points are in her 12, not among her tables
    assert sara.places_shown == "R1 T4: 2nd= 3 · R2 T3: 2nd 3 · R4 T1: 1st= 4"
    assert (sara.byes, sara.points_shown) == (1, "12")
    assert by_name["Anna"].places_shown == (
        "R1 T1: 3rd 2 · R2 T1: 1st= 4 · R3 T1: 3rd= 2 · R4 T1: 1st= 4"
    )
    assert [(p.size, p.place, p.shared, p.points_shown) for p in by_name["Emil"].places] == [
        (5, 4, True, "1"),
        (4, 4, False, "1"),
        (4, 1, False, "4"),
        (5, 3, False, "2"),
    ]
    assert (by_name["Anna"].table_wins, by_name["Nora"].best_round) == (2, 16)
    assert sum(s.chips for s in rows) == 0
