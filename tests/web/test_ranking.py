"""How an event ranks (FORMATS.md): places at each table, table points, ties."""

import pytest

from tournaments import services
from tournaments.models import Event, Player
from tournaments.standings import standings

from ..conftest import clarkson_open
from .days import ALL_BREAKS, day, ledger_rows, play, ranked_day, seat_round
from .seasons import ostrava_series

pytestmark = pytest.mark.django_db


# The chips of the day at each table (Clarkson Fives, each worked by the core):
#   R1 T1 (Anna, Bill, Čada, Dana): Bill +16, Anna 0, Dana 0, Čada -16
#   R1 T2 (Emil deals and sits out; Fanny, Gustav, Hana, Ivan play): Fanny +8,
#         Gustav +8, Emil 0, Hana -8, Ivan -8 (five at the table: 4/3/2/1/1)
#   R2 T1 (Anna, Emil, Gustav, Hana): Anna +8, Emil +8, Gustav -8, Hana -8
#   R2 T2 (Bill, Čada, Dana, Fanny): Čada +8, Fanny +8, Bill -8, Dana -8
#   R2: Ivan's bye (2 points, 0 chips).
# Chips over the day: Fanny 16; Anna, Bill, Emil 8; Gustav 0; Čada, Dana, Ivan -8;
# Hana -16.


def test_a_czech_day_each_gets_the_places_points(tournament, organizer):
    """Shared places each score the best place's points (1, 1, 3, 4):
    R1 T1: Bill 1st 4, Anna and Dana 2nd= 3, Čada 4th 1.
    R1 T2: Fanny and Gustav 1st= 4, Emil 3rd 2, Hana and Ivan 4th= 1.
    R2 T1: Anna and Emil 1st= 4, Gustav and Hana 3rd= 2.
    R2 T2: Čada and Fanny 1st= 4, Bill and Dana 3rd= 2.
    Points: Fanny 8; Anna 7; Bill 6, Emil 6, Gustav 6; Čada 5, Dana 5; Ivan 1 + bye 2 = 3,
    Hana 3. Ties: Bill, Emil (8 chips) above Gustav (0) by chips; Bill and Emil have one
    table win each; Bill's best round 16 beats Emil's 8. Čada and Dana: -8 chips each,
    Čada's table win. Ivan (-8) above Hana (-16) by chips."""
    rows = ranked_day(
        tournament, organizer, ranking="table_points", bye_points=2, tie_breaks=ALL_BREAKS
    )
    assert rows == [
        (1, "Fanny", "8", ""),
        (2, "Anna", "7", ""),
        (3, "Bill", "6", "best round"),
        (4, "Emil", "6", "best round"),
        (5, "Gustav", "6", "chips"),
        (6, "Čada", "5", "table wins"),
        (7, "Dana", "5", "table wins"),
        (8, "Ivan", "3", "chips"),
        (9, "Hana", "3", "chips"),
    ]
    fanny = standings(Event.objects.get(pk=tournament.pk))[0]
    assert fanny.places_shown == "R1 T2: 1st= 4 · R2 T2: 1st= 4"
    assert (fanny.table_wins, fanny.best_round, fanny.chips) == (2, 8, 16)


def test_a_czech_day_sharers_average_the_places(tournament, organizer):
    """Average: R1 T1: Bill 4, Anna and Dana (3 + 2) / 2 = 2.5, Čada 1. R1 T2: Fanny and
    Gustav (4 + 3) / 2 = 3.5, Emil 2, Hana and Ivan (1 + 1) / 2 = 1. R2 T1: Anna, Emil
    3.5; Gustav, Hana 1.5. R2 T2: Čada, Fanny 3.5; Bill, Dana 1.5.
    Fanny 7; Anna 6; Bill 5.5, Emil 5.5 (chips 8 each, a table win each, best round
    16 against 8); Gustav 5; Čada 4.5; Dana 4; Ivan 1 + 2 = 3; Hana 2.5."""
    rows = ranked_day(
        tournament,
        organizer,
        ranking="table_points",
        shared_places="average",
        bye_points=2,
        tie_breaks=ALL_BREAKS,
    )
    assert rows == [
        (1, "Fanny", "7", ""),
        (2, "Anna", "6", ""),
        (3, "Bill", "5.5", "best round"),
        (4, "Emil", "5.5", "best round"),
        (5, "Gustav", "5", ""),
        (6, "Čada", "4.5", ""),
        (7, "Dana", "4", ""),
        (8, "Ivan", "3", ""),
        (9, "Hana", "2.5", ""),
    ]


def test_head_to_head_is_applied_again_among_those_still_tied(tournament, organizer):
    """Bill, Emil and Gustav have 6 points. Head to head among the three: Emil and
    Gustav met twice (R1 T2 Gustav +8 over Emil 0; R2 T1 Emil +8 over Gustav -8): 1
    each; Bill met neither: 0, so he is 5th. Again between Emil and Gustav alone: 1
    each: they share 3rd. Čada and Dana (5) met twice: R1 Dana 0 over Čada -16, R2 Čada
    +8 over Dana -8: equal, shared."""
    rows = ranked_day(
        tournament, organizer, ranking="table_points", bye_points=2, tie_breaks=["head_to_head"]
    )
    assert rows[2:7] == [
        (3, "Emil", "6", ""),
        (3, "Gustav", "6", ""),
        (5, "Bill", "6", "head to head"),
        (6, "Čada", "5", ""),  # a shared rank lists by name, as a person reads it
        (6, "Dana", "5", ""),
    ]


def test_a_tirol_day_chips_plus_rank_points(tournament, organizer):
    """Written chips plus table points at 2 chips a point ("298 = 118 written + 180
    rank"): Fanny 16 + 2 x 8 = 32; Anna 8 + 14 = 22; Bill, Emil 8 + 12 = 20; Gustav 0 +
    12 = 12; Čada, Dana -8 + 10 = 2; Ivan -8 + 2 x 3 = -2; Hana -16 + 6 = -10. Bill
    above Emil on his best round; Čada above Dana on his table win."""
    rows = ranked_day(
        tournament,
        organizer,
        ranking="chips_and_points",
        points_scale=2,
        bye_points=2,
        tie_breaks=["table_wins", "best_round"],
    )
    assert rows == [
        (1, "Fanny", "32", ""),
        (2, "Anna", "22", ""),
        (3, "Bill", "20", "best round"),
        (4, "Emil", "20", "best round"),
        (5, "Gustav", "12", ""),
        (6, "Čada", "2", "table wins"),
        (7, "Dana", "2", "table wins"),
        (8, "Ivan", "-2", ""),
        (9, "Hana", "-10", ""),
    ]


def test_the_ledger_is_the_same_under_every_ranking(organizer):
    """One day played under each ranking method: the same ledger, row for row."""
    ledgers = []
    for method in Event.Ranking.values:
        event = clarkson_open(
            organizer, club="", name=f"Open by {method}", ranking=method, bye_points=2
        )
        day(event, organizer)
        ledgers.append(ledger_rows(event))
    assert ledgers[0].count("\n") == 9 and ledgers[0] == ledgers[1] == ledgers[2]


def test_standings_by_table_points_cost_the_same_at_3_and_30_rounds(tournament, organizer):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    event = services.update_event(
        tournament, organizer, ranking="table_points", tie_breaks=ALL_BREAKS
    )
    counts = {}
    for rounds in range(1, 31):
        t1, t2 = seat_round(
            event,
            organizer,
            [["Anna", "Bill", "Čada", "Dana"], ["Emil", "Fanny", "Gustav", "Hana"]],
            byes=["Ivan"],
        )
        play(t1, organizer, ("Anna", "Bill", 40))
        play(t2, organizer, ("Emil", "Fanny", 20))
        if rounds in (3, 30):
            with CaptureQueriesContext(connection) as queries:
                rows = standings(event)
            counts[rounds] = len(queries)
    assert counts[3] == counts[30]
    # Anna and Bill won all 30 rounds at table 1 (1st= 4 each); at table 2 Emil's Five
    # with Fanny failed (20 points): Gustav and Hana 1st= every round. Ivan: 30 byes.
    assert [(s.rank, s.player.name, s.score_shown, s.table_wins) for s in rows] == [
        (1, "Anna", "120", 30),
        (1, "Bill", "120", 30),
        (1, "Gustav", "120", 30),
        (1, "Hana", "120", 30),
        (5, "Čada", "60", 0),
        (5, "Dana", "60", 0),
        (5, "Emil", "60", 0),
        (5, "Fanny", "60", 0),
        (9, "Ivan", "0", 0),
    ]


@pytest.mark.parametrize(
    "typed, said",
    [
        ("4, 3, 2.5, 1", "Give whole numbers of points, one a place: 4, 3, 2, 1."),
        ("4, 3, 2", "A table of 4 gives 4 places: give 4 numbers."),
        ("4, 3, -2, 1", "Points cannot be below 0."),
    ],
)
def test_bad_table_points_are_refused_at_their_field(organizer, client, tournament, typed, said):
    from django.urls import reverse

    from tournaments.forms import EventForm

    data = {
        name: ("" if v is None else v)
        for name, v in EventForm(instance=tournament).initial.items()
        if name in EventForm.Meta.fields
    }
    data.update(EventForm.ranking_data({}))
    data.update(ranking="table_points", points_at_4=typed)
    form = EventForm(data=data, instance=tournament)
    assert not form.is_valid()
    assert form.errors["points_at_4"] == [said]
    client.force_login(organizer)
    response = client.post(reverse("event-edit", args=[tournament.pk]), data)
    assert said in response.content.decode()
    tournament.refresh_from_db()
    assert tournament.ranking == "chips"
    assert tournament.table_points["4"] == [4, 3, 2, 1]


def test_the_standings_page_says_how_the_event_ranks_and_each_round(tournament, organizer, client):
    import re

    from django.urls import reverse

    ranked_day(tournament, organizer, ranking="table_points", bye_points=2, tie_breaks=ALL_BREAKS)
    client.force_login(organizer)
    page = client.get(reverse("standings", args=[tournament.pk])).content.decode()
    assert (
        '<p id="how-it-ranks">Ranked by table points; ties broken by total chips, then '
        "table wins (first places), then best single round (chips), then head to head.</p>"
    ) in page
    head = re.search(r"<thead>(.*?)</thead>", page, re.S).group(1)
    # The columns that rank come first (on a phone in larger text too), then the club.
    assert re.findall(r">([^<>]+)</a></th>", head)[:6] == [
        "Rank",
        "Player",
        "Table points",
        "Net chips",
        "Table wins",
        "Club",
    ]
    cells = [
        [re.sub(r"<[^>]+>", "", c) for c in re.findall(r"<td>(.*?)</td>", "<td>" + r)]
        for r in re.findall(r"<tr><td>(.*?)</tr>", page, re.S)
    ]
    bill = cells[2]
    assert bill[:6] == ["3", "Bill (tie broken by best round)", "6", "+8", "1", "Clarkson"]
    assert bill[-1] == "R1 T1: 1st 4 · R2 T2: 3rd= 2"
    # Ivan's tie with Hana broken by chips: the Net chips column says it (issue 36).
    assert cells[7][:4] == ["8", "Ivan", "3", "-8"]
    assert cells[7][-1] == "R1 T2: 4th= 1 · 1 bye"


def test_a_chip_ranked_event_shows_no_table_points(tournament, organizer, client):
    from django.urls import reverse

    day(tournament, organizer)
    client.force_login(organizer)
    page = client.get(reverse("standings", args=[tournament.pk])).content.decode()
    assert "Table points" not in page and "how-it-ranks" not in page


def test_how_an_event_ranks_travels_in_its_file(tournament, organizer, other_organizer):
    from tournaments import exchange

    ranked_day(
        tournament,
        organizer,
        ranking="table_points",
        shared_places="average",
        bye_points=2,
        table_points={"2": [2, 1], "3": [3, 2, 1], "4": [5, 3, 2, 0], "5": [4, 3, 2, 1, 1]},
        tie_breaks=["head_to_head", "chips"],
    )
    document = exchange.export_event(Event.objects.get(pk=tournament.pk))
    assert document["event"]["table_points"]["4"] == [5, 3, 2, 0]
    copy = exchange.import_event(document, other_organizer)
    assert (copy.ranking, copy.shared_places, copy.bye_points, copy.tie_breaks) == (
        "table_points",
        "average",
        2,
        ["head_to_head", "chips"],
    )
    assert copy.table_points["4"] == [5, 3, 2, 0]
    assert [(s.player.name, s.score_shown) for s in standings(copy)] == [
        (s.player.name, s.score_shown) for s in standings(Event.objects.get(pk=tournament.pk))
    ]
    document["event"]["table_points"]["3"] = [3, 1.5, 1]
    with pytest.raises(exchange.ExchangeError, match="points_at_3: Give whole numbers"):
        exchange.import_event(document, other_organizer)


def test_a_chip_ranked_event_s_file_says_nothing_of_ranking(tournament):
    from tournaments import exchange

    assert not set(Event.RANKING_SETTINGS) & set(exchange.export_event(tournament)["event"])


def test_how_an_event_ranks_is_fixed_once_it_has_deals(tournament, organizer):
    day(tournament, organizer)
    with pytest.raises(services.ServiceError, match="How the event ranks cannot change"):
        services.update_event(tournament, organizer, ranking="table_points")


def test_the_csv_and_pdf_of_standings_by_table_points(tournament, organizer):
    import io

    from pypdf import PdfReader

    from tournaments import exchange, printouts

    ranked_day(
        tournament,
        organizer,
        ranking="chips_and_points",
        points_scale=2,
        bye_points=2,
        tie_breaks=["table_wins", "best_round"],
    )
    event = Event.objects.get(pk=tournament.pk)
    lines = exchange.standings_csv(event).splitlines()
    assert lines[0].endswith(",byes,score,table_points,table_wins,rounds")
    assert lines[3].startswith("3,Bill,Clarkson,8,")
    assert lines[3].endswith(",0,20,6,1,R1 T1: 1st 4 · R2 T2: 3rd= 2")
    assert lines[8].endswith(",1,-2,3,0,R1 T2: 4th= 1")
    text = "".join(
        p.extract_text() for p in PdfReader(io.BytesIO(printouts.standings_pdf(event))).pages
    )
    assert "Ranked by chips plus table points, each point 2 chips; ties broken by table" in text
    import re

    said = re.sub(r"\s+", " ", text)  # as the lines wrap, said in one line
    assert "Bill Clarkson · tie broken by best round 20 6 +8 1 R1 T1: 1st 4 R2 T2: 3rd= 2" in said


def test_the_wall_and_a_statement_show_the_places(tournament, organizer, client):
    import re

    from django.urls import reverse

    ranked_day(tournament, organizer, ranking="table_points", bye_points=2, tie_breaks=ALL_BREAKS)
    client.force_login(organizer)
    wall = client.get(reverse("wall-live", args=[tournament.pk])).content.decode()
    head = re.search(r"<thead><tr>(.*?)</tr></thead>", wall).group(1)
    assert re.findall(r"<th[^>]*>([^<]*)</th>", head) == [
        "#",
        "Player",
        "Points",
        "Chips",
        "Last round",
    ]
    assert (
        '<td class="num">3</td><td>Bill</td><td class="num">6</td>'
        '<td class="num pos">+8</td><td>R2 T2: 3rd= 2</td>'
    ) in wall
    assert "Ranked by table points; ties broken by total chips" in wall
    bill = Player.objects.get(name="Bill")
    page = client.get(reverse("player-statement", args=[tournament.pk, bill.pk])).content.decode()
    rows = re.search(r'<table id="table-places">.*?<tbody>(.*?)</tbody>', page, re.S).group(1)
    cells = [re.findall(r"<td[^>]*>([^<]*)</td>", r) for r in rows.split("</tr>")[:-1]]
    assert cells == [["1", "1", "+16", "1st of 4", "4"], ["2", "2", "-8", "3rd= of 4", "2"]]


def test_the_event_form_sets_how_the_event_ranks(organizer, client, tournament):
    from django.urls import reverse

    from tournaments.forms import EventForm

    data = {
        name: ("" if v is None else v)
        for name, v in EventForm(instance=tournament).initial.items()
        if name in EventForm.Meta.fields
    }
    data.update(EventForm.ranking_data({}))
    data.update(
        ranking="chips_and_points",
        shared_places="average",
        points_scale="10",
        bye_points="3",
        points_at_5="5 4 3 2 1",
        tie_break_1="head_to_head",
        tie_break_2="best_round",
        tie_break_3="",
    )
    client.force_login(organizer)
    response = client.post(reverse("event-edit", args=[tournament.pk]), data)
    assert response.status_code == 302
    tournament.refresh_from_db()
    assert (tournament.ranking, tournament.shared_places, tournament.bye_points) == (
        "chips_and_points",
        "average",
        3,
    )
    assert tournament.table_points == {
        "2": [2, 1],
        "3": [3, 2, 1],
        "4": [4, 3, 2, 1],
        "5": [5, 4, 3, 2, 1],
    }
    assert tournament.tie_breaks == ["head_to_head", "best_round"]
    page = client.get(reverse("event-edit", args=[tournament.pk])).content.decode()
    assert 'name="points_at_5" value="5, 4, 3, 2, 1"' in page


def test_a_season_places_players_as_their_event_ranks_them(tournament, organizer):
    """The Czech day by table points (see above): Fanny 1, Anna 2, Bill 3, Emil 4 ...
    by chips Fanny 1, then Anna, Bill and Emil 2= (8 chips each). The season's
    placement points follow the event's table-point places, in the same queries for
    one such event as for two."""
    import datetime

    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from tournaments.season_standings import season_standings
    from tournaments.services import seasons as season_services

    ranked_day(tournament, organizer, ranking="table_points", bye_points=2, tie_breaks=ALL_BREAKS)
    season = ostrava_series(organizer, [Event.objects.get(pk=tournament.pk)], published=False)
    with CaptureQueriesContext(connection) as one:
        table = season_standings(season)
    assert [(r.rank, r.player.name, r.total) for r in table.rows] == [
        (1, "Fanny", 10),
        (2, "Anna", 8),
        (3, "Bill", 6),
        (4, "Emil", 5),
        (5, "Gustav", 4),
        (6, "Čada", 3),
        (7, "Dana", 2),
        (8, "Ivan", 1),
        (9, "Hana", 0),
    ]
    second = clarkson_open(
        organizer,
        club="",
        name="Ostrava round two",
        date=datetime.date(2026, 11, 22),
        ranking="table_points",
    )
    day(second, organizer)
    season_services.add_event(season, second, organizer)
    with CaptureQueriesContext(connection) as two:
        season_standings(season)
    assert len(one) == len(two)
