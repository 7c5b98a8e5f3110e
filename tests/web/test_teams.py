"""Teams and lodges ranked beside the players (tournaments.teams): hand-worked
rankings under each way an event ranks, the bad inputs, the permission, the CSV and
PDF, the query count, and the ledger untouched."""

import csv
import io

import pytest
from django.db import IntegrityError, connection, transaction
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from pypdf import PdfReader

from tournaments import services, teams
from tournaments.exchange import standings_csv
from tournaments.models import ActivityEntry, Event, Player, Team, TeamMember
from tournaments.printouts import standings_pdf
from tournaments.services.errors import FormError, PermissionDenied
from tournaments.services.prizes import save_category
from tournaments.services.teams import delete_team, save_team
from tournaments.standings import standings

from .days import ALL_BREAKS, day, ledger_rows, play, seat_round

pytestmark = pytest.mark.django_db

# The day of test_ranking (two rounds of the nine players), its figures:
#   chips: Fanny 16; Anna, Bill, Emil 8; Gustav 0; Čada, Dana, Ivan -8; Hana -16.
#   table points (each sharer the place's points, a bye 2): Fanny 8; Anna 7; Bill,
#     Emil, Gustav 6; Čada, Dana 5; Ivan 3; Hana 3.
#   table points, sharers averaging: Fanny 7; Anna 6; Bill, Emil 5.5; Gustav 5; Čada
#     4.5; Dana 4; Ivan 3; Hana 2.5.
#   chips plus table points at 2 chips a point: Fanny 32; Anna 22; Bill, Emil 20;
#     Gustav 12; Čada, Dana 2; Ivan -2; Hana -10.


def players(*names):
    return [Player.objects.get(name=n) for n in names]


def with_teams(event, organizer, size, sides, **ranking):
    event = services.update_event(event, organizer, team_ranking="teams", team_size=size, **ranking)
    for name, members in sides.items():
        save_team(event, organizer, name, players(*members))
    return day(event, organizer)


def ranked(event):
    return [
        (t.rank_shown, t.name, t.score_shown, [(n, s) for n, s, _ in t.members_shown()])
        for t in teams.sides(event, standings(event))
    ]


def test_teams_of_two_by_chips_share_a_place(tournament, organizer):
    """Bells: Bill 8 + Emil 8 = 16; Aces: Fanny 16 + Čada -8 = 8; Crowns: Anna 8 +
    Gustav 0 = 8, level with Aces: both 2nd (listed by name); Drums: Dana -8 + Hana -16
    = -24, 4th. Ivan plays in no team. Players listed in the standings' order."""
    event = with_teams(
        tournament,
        organizer,
        2,
        {
            "Aces": ["Fanny", "Čada"],
            "Bells": ["Bill", "Emil"],
            "Crowns": ["Anna", "Gustav"],
            "Drums": ["Dana", "Hana"],
        },
    )
    assert ranked(event) == [
        ("1", "Bells", "16", [("Bill", "8"), ("Emil", "8")]),
        ("2=", "Aces", "8", [("Fanny", "16"), ("Čada", "-8")]),
        ("2=", "Crowns", "8", [("Anna", "8"), ("Gustav", "0")]),
        ("4", "Drums", "-24", [("Dana", "-8"), ("Hana", "-16")]),
    ]


def test_teams_of_four_by_chips_plus_table_points(tournament, organizer):
    """At 2 chips a point. South: Fanny 32 + Emil 20 + Gustav 12 + Hana -10 = 54;
    North: Anna 22 + Bill 20 + Čada 2 + Dana 2 = 46."""
    event = with_teams(
        tournament,
        organizer,
        4,
        {"North": ["Anna", "Bill", "Čada", "Dana"], "South": ["Emil", "Fanny", "Gustav", "Hana"]},
        ranking="chips_and_points",
        points_scale=2,
        bye_points=2,
        tie_breaks=["table_wins", "best_round"],
    )
    assert [r[:3] for r in ranked(event)] == [("1", "South", "54"), ("2", "North", "46")]
    assert ranked(event)[0][3] == [
        ("Fanny", "32"),
        ("Emil", "20"),
        ("Gustav", "12"),
        ("Hana", "-10"),
    ]


def test_teams_by_averaged_table_points_keep_the_halves(tournament, organizer):
    """Sharers average: Bill 5.5 + Čada 4.5 = 10; Fanny 7 + Ivan 3 = 10 (level: 1st
    both); Dana 4 + Hana 2.5 = 6.5."""
    event = with_teams(
        tournament,
        organizer,
        2,
        {"One": ["Bill", "Čada"], "Two": ["Fanny", "Ivan"], "Three": ["Dana", "Hana"]},
        ranking="table_points",
        shared_places="average",
        bye_points=2,
        tie_breaks=ALL_BREAKS,
    )
    assert [r[:3] for r in ranked(event)] == [
        ("1=", "One", "10"),
        ("1=", "Two", "10"),
        ("3", "Three", "6.5"),
    ]


def lodge_day(tournament, organizer, best=2, **ranking):
    """Clubs as registered: Tábor Anna, Bill, Čada; Praha Dana, Emil and Fanny (who
    wrote it "lodge  praha"); Wilber Gustav, Hana and Jan (registered, never came);
    Wahoo Ivan alone."""
    clubs = {
        "Lodge Tábor": ["Anna", "Bill", "Čada"],
        "Lodge Praha": ["Dana", "Emil"],
        "lodge  praha": ["Fanny"],
        "Wilber": ["Gustav", "Hana"],
        "Wahoo": ["Ivan"],
    }
    for club, names in clubs.items():
        Player.objects.filter(name__in=names).update(club=club)
    services.register_player(tournament, organizer, name="Jan", club="Wilber")
    event = services.update_event(
        tournament, organizer, team_ranking="lodges", lodge_best=best, **ranking
    )
    return day(event, organizer)


def test_lodges_count_their_best_who_came(tournament, organizer):
    """Best 2, by chips. Praha: Fanny 16 + Emil 8 = 24 (Dana -8 not counted); Tábor:
    Anna 8 + Bill 8 = 16 (Čada -8 not); Wilber: Gustav 0 + Hana -16 = -16 (Jan never
    came: not counted). Wahoo has only Ivan (-8): fewer than 2, ranked after every
    full lodge although -8 is more than Wilber's -16."""
    event = lodge_day(tournament, organizer)
    sides = teams.sides(event, standings(event))
    assert ranked(event) == [
        ("1", "Lodge Praha", "24", [("Fanny", "16"), ("Emil", "8"), ("Dana", "-8")]),
        ("2", "Lodge Tábor", "16", [("Anna", "8"), ("Bill", "8"), ("Čada", "-8")]),
        ("3", "Wilber", "-16", [("Gustav", "0"), ("Hana", "-16"), ("Jan", "0")]),
        ("4", "Wahoo", "-8", [("Ivan", "-8")]),
    ]
    assert [c for _, _, c in sides[2].members_shown()] == [True, True, False]
    assert [s.full for s in sides] == [True, True, True, False]


def test_lodges_by_table_points(tournament, organizer):
    """Best 2, by table points (bye 2): Tábor Anna 7 + Bill 6 = 13; Praha Fanny 8 +
    Emil 6 = 14; Wilber Gustav 6 + Hana 3 = 9; Wahoo Ivan 3 (short)."""
    event = lodge_day(
        tournament, organizer, ranking="table_points", bye_points=2, tie_breaks=ALL_BREAKS
    )
    assert [r[:3] for r in ranked(event)] == [
        ("1", "Lodge Praha", "14"),
        ("2", "Lodge Tábor", "13"),
        ("3", "Wilber", "9"),
        ("4", "Wahoo", "3"),
    ]


def test_the_csv_lists_the_lodges_under_the_players(tournament, organizer):
    event = lodge_day(tournament, organizer)
    text = standings_csv(event)
    players_part, lodges_part = text.split("\r\n\r\n")
    assert players_part.splitlines()[0].startswith("rank,player,club,net_chips")
    assert len(players_part.splitlines()) == 1 + 10
    assert list(csv.reader(io.StringIO(lodges_part))) == [
        ["lodge_rank", "lodge", "lodge_score", "player", "score", "counted"],
        ["1", "Lodge Praha", "24", "Fanny", "16", "yes"],
        ["1", "Lodge Praha", "24", "Emil", "8", "yes"],
        ["1", "Lodge Praha", "24", "Dana", "-8", "no"],
        ["2", "Lodge Tábor", "16", "Anna", "8", "yes"],
        ["2", "Lodge Tábor", "16", "Bill", "8", "yes"],
        ["2", "Lodge Tábor", "16", "Čada", "-8", "no"],
        ["3", "Wilber", "-16", "Gustav", "0", "yes"],
        ["3", "Wilber", "-16", "Hana", "-16", "yes"],
        ["3", "Wilber", "-16", "Jan", "0", "no"],
        ["4", "Wahoo", "-8", "Ivan", "-8", "yes"],
    ]


def test_the_csv_of_teams_and_of_none(tournament, organizer):
    assert "\r\n\r\n" not in standings_csv(day(tournament, organizer))
    event = services.create_event(
        organizer,
        name="Pairs",
        date=tournament.date,
        ruleset="clarkson",
        team_ranking="teams",
        session_end=Event.SessionEnd.FIXED_DEALS,
    )
    for name in ("Fanny", "Čada", "Ivan"):
        services.register_player(event, organizer, player=Player.objects.get(name=name))
    save_team(event, organizer, "Aces", players("Fanny", "Čada"))
    lines = standings_csv(event).split("\r\n\r\n")[1].splitlines()
    assert lines == [
        "team_rank,team,team_score,player,score",
        "1,Aces,0,Čada,0",
        "1,Aces,0,Fanny,0",
    ]


def test_the_page_and_the_pdf_show_the_teams(tournament, organizer, client):
    event = with_teams(
        tournament, organizer, 2, {"Bells": ["Bill", "Emil"], "Drums": ["Dana", "Hana"]}
    )
    client.force_login(organizer)
    page = client.get(reverse("standings", args=[event.pk])).content.decode()
    section = page.split('id="team-standings"')[1].split("</section>")[0]
    assert "<h2>Teams</h2>" in section
    assert 'Bells</td><td class="num">16</td>' in section
    assert "Dana -8 · Hana -16" in section
    assert reverse("event-teams", args=[event.pk]) in section
    pages = [p.extract_text() for p in PdfReader(io.BytesIO(standings_pdf(event))).pages]
    # The teams on a page of their own, after the players' and before the chart's.
    teams_page = " ".join(pages[1].replace("\xa0", " ").split())
    assert "Teams Team Score 1 Bells Bill 8 · Emil 8 16 2 Drums Dana -8 · Hana -16 -24" in (
        teams_page
    )
    assert "Teams of 2: a team's score is the sum of its players' scores" in teams_page


def test_the_pdf_shows_the_lodges_and_which_count(tournament, organizer):
    event = lodge_day(tournament, organizer)
    pages = [p.extract_text() for p in PdfReader(io.BytesIO(standings_pdf(event))).pages]
    assert (
        " ".join(pages[1].replace("\xa0", " ").split())
        .split("scorekeeper ")[1]
        .startswith(
            "Lodges Club or lodge Score 1 Lodge Praha Fanny 16* · Emil 8* · Dana -8 24 "
            "2 Lodge Tábor Anna 8* · Bill 8* · Čada -8 16 3 Wilber Gustav 0* · Hana -16* · Jan 0 "
            "-16 4 Wahoo (fewer than 2) Ivan -8* -8 A lodge is a club or town"
        )
    )


def test_a_categorys_standings_carry_no_teams(tournament, organizer, client):
    # Teams rank on every player's score: a category's page, CSV and PDF list only
    # its players, and no team section made from them.
    event = with_teams(
        tournament, organizer, 2, {"Bells": ["Bill", "Emil"], "Drums": ["Dana", "Hana"]}
    )
    seniors = save_category(event, organizer, "Seniors", players("Bill", "Hana"), "")
    client.force_login(organizer)
    url = reverse("standings", args=[event.pk]) + f"?category={seniors.pk}"
    page = client.get(url).content.decode()
    assert "team-standings" not in page
    text = standings_csv(event, category=seniors)
    assert "\r\n\r\n" not in text and "team_rank" not in text
    assert [line.split(",")[:2] for line in text.splitlines()[1:]] == [["1", "Bill"], ["2", "Hana"]]
    pdf = standings_pdf(event, category=seniors)
    text = "".join(p.extract_text() for p in PdfReader(io.BytesIO(pdf)).pages)
    assert "Bells" not in text and "Teams" not in text
    assert "Bells" in "".join(
        p.extract_text() for p in PdfReader(io.BytesIO(standings_pdf(event))).pages
    )


def test_no_team_section_when_the_event_ranks_none(tournament, organizer, client):
    event = day(tournament, organizer)
    page = client.get(reverse("standings", args=[event.pk])).content.decode()
    assert "team-standings" not in page
    text = "".join(p.extract_text() for p in PdfReader(io.BytesIO(standings_pdf(event))).pages)
    assert "Teams" not in text and "Lodges" not in text


@pytest.mark.parametrize(
    "ranking, off, link",
    [
        ("teams", None, True),
        (
            "lodges",
            "The event ranks no teams: it ranks lodges (each player's club or lodge).",
            False,
        ),
        ("off", "The event ranks no teams.", False),
    ],
)
def test_the_teams_page_and_link_follow_what_the_event_ranks(
    tournament, organizer, client, ranking, off, link
):
    """The event page links its teams only when it ranks teams; the teams page says when
    it ranks none, or lodges instead, and offers the form only for teams."""
    event = services.update_event(tournament, organizer, team_ranking=ranking)
    client.force_login(organizer)
    detail = client.get(reverse("event-detail", args=[event.pk])).content.decode()
    assert ('id="teams-link"' in detail) is link
    page = client.get(reverse("event-teams", args=[event.pk])).content.decode()
    page = page.replace("&#x27;", "'")
    said = page.split('id="teams-off">')[1].split(" Choose")[0] if off else None
    assert said == off
    assert ('name="players"' in page) is link


# -- bad input --------------------------------------------------------------------------


@pytest.fixture
def teams_of_two(tournament, organizer):
    event = services.update_event(tournament, organizer, team_ranking="teams", team_size=2)
    save_team(event, organizer, "Aces", players("Anna", "Bill"))
    return event


@pytest.mark.parametrize(
    "name, members, field, said",
    [
        ("Bells", ["Čada"], "players", "A team is 2 players: 1 chosen."),
        ("Bells", ["Čada", "Dana", "Emil"], "players", "A team is 2 players: 3 chosen."),
        ("Bells", ["Bill", "Čada"], "players", "Already in another team: Bill (Aces)."),
        ("aces", ["Čada", "Dana"], "name", "The event has a team aces already."),
        ("  ", ["Čada", "Dana"], "name", "A team's name is 1 to 60 characters."),
        ("Bells", ["Čada", "Zoe"], "players", "Not registered in this event: Zoe."),
    ],
)
def test_bad_teams_are_refused_at_their_field(teams_of_two, organizer, name, members, field, said):
    Player.objects.create(name="Zoe")
    with pytest.raises(FormError) as refused:
        save_team(teams_of_two, organizer, name, players(*members))
    assert refused.value.fields == {field: [said]}
    assert list(Team.objects.values_list("name", flat=True)) == ["Aces"]
    assert TeamMember.objects.count() == 2


def test_the_form_says_it_at_the_field(teams_of_two, organizer, client):
    client.force_login(organizer)
    url = reverse("event-teams", args=[teams_of_two.pk])
    ids = [p.pk for p in players("Bill", "Čada")]
    page = client.post(url, {"name": "Bells", "players": ids}).content.decode()
    assert "Already in another team: Bill (Aces)." in page.split('name="players"')[-1]
    assert Team.objects.count() == 1
    ids = [p.pk for p in players("Čada", "Dana")]
    response = client.post(url, {"name": "Bells", "players": ids})
    assert response.status_code == 302
    team = Team.objects.get(name="Bells")
    assert sorted(m.player.name for m in team.members.all()) == ["Dana", "Čada"]
    said = ActivityEntry.objects.filter(action=ActivityEntry.Action.SET_TEAM, detail__team="Bells")
    assert said.get().detail["players"] == ["Dana", "Čada"]
    client.post(reverse("event-team", args=[teams_of_two.pk, team.pk]), {"delete": "1"})
    assert list(Team.objects.values_list("name", flat=True)) == ["Aces"]


def test_the_database_holds_a_player_to_one_team(teams_of_two):
    other = Team.objects.create(event=teams_of_two, name="Bells")
    with pytest.raises(IntegrityError), transaction.atomic():
        TeamMember.objects.create(team=other, event=teams_of_two, player=players("Anna")[0])


def test_a_team_size_its_teams_do_not_have_is_refused(teams_of_two, organizer, client):
    client.force_login(organizer)
    from tournaments.forms import EventForm

    form = EventForm(instance=teams_of_two)
    data = {k: v for k, v in form.initial.items() if v is not None and not isinstance(v, list)}
    data.update(EventForm.ranking_data({}), team_ranking="teams", team_size=4, lodge_best=3)
    for name in ("house_rules", "organizers", "players", "season"):
        data.pop(name, None)
    page = client.post(reverse("event-edit", args=[teams_of_two.pk]), data)
    assert page.status_code == 200
    assert "The team Aces is not 4 players: change it first." in page.content.decode()
    assert Event.objects.get(pk=teams_of_two.pk).team_size == 2


def test_settings_fixed_once_dealt(teams_of_two, organizer):
    day(teams_of_two, organizer)
    with pytest.raises(services.ServiceError, match="How the event ranks cannot change"):
        services.update_event(teams_of_two, organizer, team_ranking="lodges")


def test_teams_need_the_event_to_rank_them(tournament, organizer):
    with pytest.raises(FormError, match="The event ranks no teams"):
        save_team(tournament, organizer, "Aces", players("Anna", "Bill"))


# -- who may --------------------------------------------------------------------------


def test_only_the_events_organizers_set_teams(teams_of_two, other_organizer, client):
    with pytest.raises(PermissionDenied):
        save_team(teams_of_two, other_organizer, "Bells", players("Čada", "Dana"))
    with pytest.raises(PermissionDenied):
        delete_team(Team.objects.get(), other_organizer)
    client.force_login(other_organizer)
    url = reverse("event-teams", args=[teams_of_two.pk])
    ids = [p.pk for p in players("Čada", "Dana")]
    assert client.post(url, {"name": "Bells", "players": ids}).status_code in (403, 404)
    assert Team.objects.count() == 1


# -- the ledger and the queries --------------------------------------------------------


def test_the_ledger_is_the_same_with_teams(tournament, organizer, django_user_model):
    plain = ledger_rows(day(tournament, organizer))
    from tests.conftest import TOURNAMENT_PLAYERS

    other = services.create_event(
        organizer,
        name="Clarkson teams",
        date=tournament.date,
        kind=Event.Kind.TOURNAMENT,
        ruleset="clarkson",
        house_rules={},
        starting_chips=20,
        session_end=Event.SessionEnd.FIXED_DEALS,
        deals_per_session=10,
        team_ranking="teams",
        team_size=4,
    )
    for name in TOURNAMENT_PLAYERS:
        services.register_player(other, organizer, player=Player.objects.get(name=name))
    save_team(other, organizer, "North", players("Anna", "Bill", "Čada", "Dana"))
    assert ledger_rows(day(other, organizer)) == plain
    assert plain.count("\n") == 9


def test_the_standings_page_costs_the_same_at_two_sizes(tournament, organizer, client):
    event = services.update_event(
        tournament, organizer, team_ranking="teams", team_size=2, ranking="table_points"
    )
    client.force_login(organizer)
    save_team(event, organizer, "Aces", players("Anna", "Bill"))
    counts = {}
    for rounds in range(1, 7):
        t1, t2 = seat_round(
            event,
            organizer,
            [["Anna", "Bill", "Čada", "Dana"], ["Emil", "Fanny", "Gustav", "Hana"]],
            byes=["Ivan"],
        )
        play(t1, organizer, ("Anna", "Bill", 40))
        play(t2, organizer, ("Emil", "Fanny", 20))
        if rounds == 4:  # a second team: more teams, the same queries
            save_team(event, organizer, "Bells", players("Čada", "Dana"))
        if rounds in (3, 6):
            with CaptureQueriesContext(connection) as queries:
                page = client.get(reverse("standings", args=[event.pk])).content.decode()
            counts[rounds] = len(queries)
    assert counts[3] == counts[6]
    # Anna and Bill 1st= every round: 4 + 4 a round, 6 rounds: 48.
    assert '<td class="num">48</td>' in page


# -- the event's file -------------------------------------------------------------------


def test_teams_and_their_settings_travel_in_the_events_file(tournament, organizer):
    from tournaments import exchange

    event = with_teams(
        tournament, organizer, 2, {"Bells": ["Bill", "Emil"], "Drums": ["Dana", "Hana"]}
    )
    document = exchange.export_event(event)
    assert (document["event"]["team_ranking"], document["event"]["team_size"]) == ("teams", 2)
    assert document["teams"] == [
        {"name": "Bells", "players": ["Bill", "Emil"]},
        {"name": "Drums", "players": ["Dana", "Hana"]},
    ]
    document["event"]["name"] = "Clarkson open again"
    copy = exchange.import_event(document, organizer)
    assert (copy.team_ranking, copy.team_size) == ("teams", 2)
    assert ranked(copy) == ranked(event)
    document["teams"][1]["players"] = ["Bill", "Hana"]
    with pytest.raises(exchange.ExchangeError, match="team 2: already in another team: Bill"):
        exchange.import_event(document, organizer)
    document["teams"][1]["players"] = ["Hana"]
    with pytest.raises(exchange.ExchangeError, match="team 2: a team is 2 players"):
        exchange.import_event(document, organizer)
    document["event"]["team_ranking"] = "off"
    with pytest.raises(exchange.ExchangeError, match="teams: the event ranks no teams"):
        exchange.import_event(document, organizer)


def test_an_event_without_teams_carries_none(tournament):
    from tournaments import exchange

    document = exchange.export_event(tournament)
    assert "teams" not in document and "team_ranking" not in document["event"]


@pytest.mark.parametrize(
    "settings, said",
    [({"lodge_best": 0}, "From 1 to 50."), ({"team_size": 3}, "A team is 2 or 4 players.")],
)
def test_bad_team_settings_are_refused(tournament, organizer, settings, said):
    with pytest.raises(services.ServiceError, match=said):
        services.update_event(tournament, organizer, team_ranking="lodges", **settings)
    assert Event.objects.get(pk=tournament.pk).team_ranking == "off"


def test_a_lodge_typed_without_its_accent_is_one_lodge(tournament, organizer):
    """Čada registered "LODGE TABOR": the same lodge as Anna's and Bill's "Lodge Tábor"
    (names.fold: case and accents aside), named as most of its players write it."""
    event = lodge_day(tournament, organizer)
    Player.objects.filter(name="Čada").update(club="LODGE TABOR")
    assert ranked(event)[1] == (
        "2",
        "Lodge Tábor",
        "16",
        [("Anna", "8"), ("Bill", "8"), ("Čada", "-8")],
    )
    assert teams.lodge_key("Lodge Tábor") == teams.lodge_key(" lodge  tabor")
