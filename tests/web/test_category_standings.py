"""Categories (Open, Newcomers, Seniors, a lodge): the event's standings restricted to a
category's players and ranked among themselves by the one engine, on the page, in the
CSV and the PDF; the wall takes turns through them; the players CSV's categories
column, both ways; categories without prizes."""

import csv
import io

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from pypdf import PdfReader

from tournaments import exchange, services
from tournaments.models import ActivityEntry, Player, PrizeCategory
from tournaments.services.prizes import save_category
from tournaments.standings import among, standings

from .days import ALL_BREAKS, day

pytestmark = pytest.mark.django_db

# The day of test_ranking (two rounds of nine players). Chips over the day: Fanny 16;
# Anna, Bill, Emil 8; Gustav 0; Čada, Dana, Ivan -8; Hana -16. Table points (each
# gets the place's points, bye 2): Fanny 8; Anna 7; Bill, Emil, Gustav 6; Čada, Dana
# 5; Ivan, Hana 3. The Seniors: Bill, Emil, Gustav and Hana.
SENIORS = ["Bill", "Emil", "Gustav", "Hana"]


def seniors_of(event, organizer, names=SENIORS, name="Seniors"):
    return save_category(event, organizer, name, list(Player.objects.filter(name__in=names)), "")


def ranked(event, category):
    rows = among(standings(event), category.players.values_list("pk", flat=True))
    return [(s.rank, s.player.name, s.score_shown, s.chips) for s in rows]


def test_by_chips_the_seniors_share_as_the_event_does(tournament, organizer):
    """By chips, no tie-break: Bill and Emil (8) share 1st, Gustav (0) 3rd, Hana (-16)
    4th: places 1..4 within the category, not the event's 2nd, 5th and 9th."""
    event = day(tournament, organizer)
    seniors = seniors_of(event, organizer)
    assert ranked(event, seniors) == [
        (1, "Bill", "8", 8),
        (1, "Emil", "8", 8),
        (3, "Gustav", "0", 0),
        (4, "Hana", "-16", -16),
    ]
    overall = {s.player.name: s.rank for s in standings(event)}
    assert [overall[n] for n in SENIORS] == [2, 2, 5, 9]


def test_by_table_points_with_the_events_tie_breaks(tournament, organizer):
    """6 points each for Bill, Emil, Gustav: Gustav 3rd on chips (0 against 8); Bill and
    Emil a table win each, Bill's best round 16 beats Emil's 8. Hana 3 points, 4th."""
    event = services.update_event(
        tournament, organizer, ranking="table_points", bye_points=2, tie_breaks=ALL_BREAKS
    )
    day(event, organizer)
    seniors = seniors_of(event, organizer)
    rows = among(standings(event), seniors.players.values_list("pk", flat=True))
    assert [(s.rank, s.player.name, s.score_shown, s.chips, s.decided_by) for s in rows] == [
        (1, "Bill", "6", 8, "best round"),
        (2, "Emil", "6", 8, "best round"),
        (3, "Gustav", "6", 0, "chips"),
        (4, "Hana", "3", -16, ""),  # the event's "chips" (against Ivan) is not his here
    ]


def test_head_to_head_counts_only_the_categorys_players(tournament, organizer):
    """A lodge of Bill, Emil, Gustav (6 points each), head to head alone: Emil and
    Gustav met twice, a win each (1 each); Bill met neither (0): Emil and Gustav share
    1st, Bill 3rd (the event's 3=, 3=, 5 counted among all nine)."""
    event = services.update_event(
        tournament, organizer, ranking="table_points", bye_points=2, tie_breaks=["head_to_head"]
    )
    day(event, organizer)
    lodge = seniors_of(event, organizer, ["Bill", "Emil", "Gustav"], "Heun lodge")
    assert ranked(event, lodge) == [
        (1, "Emil", "6", 8),
        (1, "Gustav", "6", 0),
        (3, "Bill", "6", 8),
    ]


def test_by_chips_plus_points(tournament, organizer):
    """At 2 chips a point: Bill, Emil 8 + 12 = 20 (Bill's best round), Gustav 12, Hana
    -16 + 6 = -10."""
    event = services.update_event(
        tournament,
        organizer,
        ranking="chips_and_points",
        points_scale=2,
        bye_points=2,
        tie_breaks=["table_wins", "best_round"],
    )
    day(event, organizer)
    assert ranked(event, seniors_of(event, organizer)) == [
        (1, "Bill", "20", 8),
        (2, "Emil", "20", 8),
        (3, "Gustav", "12", 0),
        (4, "Hana", "-10", -16),
    ]


@pytest.fixture
def seniors_day(tournament, organizer):
    event = day(tournament, organizer)
    return event, seniors_of(event, organizer)


def test_the_page_chooses_a_category(seniors_day, client):
    event, seniors = seniors_day
    page = client.get(reverse("standings", args=[event.pk]) + f"?category={seniors.pk}")
    body = page.content.decode()
    assert [(s.rank, s.player.name) for s in page.context["table"].data] == [
        (1, "Bill"),
        (1, "Emil"),
        (3, "Gustav"),
        (4, "Hana"),
    ]
    assert "<h1>Standings of Seniors</h1>" in body
    assert f'<option value="{seniors.pk}" selected>Seniors</option>' in body
    assert f"standings.csv?category={seniors.pk}" in body
    assert (
        f"standings.pdf?round=2&amp;category={seniors.pk}"
        in client.get(
            reverse("standings", args=[event.pk]) + f"?round=2&category={seniors.pk}"
        ).content.decode()
    )
    # An unknown or foreign category: the overall standings, as an unknown round is.
    for chosen in ("999999", "x"):
        page = client.get(reverse("standings", args=[event.pk]) + f"?category={chosen}")
        assert len(page.context["table"].data) == 9


# Each Senior's row (rank, player, club, net chips, deals, as bidder, bidder wins, best
# and worst deal, byes): the event's figures, the rank within the category. Bill:
# +8, +8 at R1 T1, -8 at R2 T2; Emil dealt and sat out R1 T2 (no deal played), then
# bid and won +8 at R2 T1; Gustav +8 on the winning side at R1 T2, -8 at R2 T1; Hana -8
# at each.
BILL = ["1", "Bill", "Clarkson", "8", "3", "0", "0", "8", "-8", "0"]
EMIL = ["1", "Emil", "Clarkson", "8", "1", "1", "1", "8", "8", "0"]
GUSTAV = ["3", "Gustav", "Clarkson", "0", "2", "0", "0", "8", "-8", "0"]
HANA = ["4", "Hana", "Clarkson", "-16", "2", "0", "0", "-8", "-8", "0"]


def test_the_csv_of_a_category(seniors_day, client):
    event, seniors = seniors_day
    response = client.get(reverse("standings-csv", args=[event.pk]) + f"?category={seniors.pk}")
    assert response["Content-Disposition"].endswith('-standings-seniors.csv"')
    rows = list(csv.reader(io.StringIO(response.content.decode().lstrip("\ufeff"))))
    assert rows == [
        [
            "rank",
            "player",
            "club",
            "net_chips",
            "deals",
            "as_bidder",
            "bidder_wins",
            "best_deal",
            "worst_deal",
            "byes",
        ],
        BILL,
        EMIL,
        GUSTAV,
        HANA,
    ]
    # The same figures as the event's CSV, but for the rank.
    overall = client.get(reverse("standings-csv", args=[event.pk])).content.decode()
    theirs = {r[1]: r[1:] for r in csv.reader(io.StringIO(overall.lstrip("\ufeff")))}
    assert [theirs[r[1]] for r in rows[1:]] == [r[1:] for r in rows[1:]]


def test_the_pdf_of_a_category(seniors_day, client, tmp_path):
    event, seniors = seniors_day
    response = client.get(
        reverse("standings-pdf", args=[event.pk]) + f"?after=1&category={seniors.pk}"
    )
    assert response["Content-Disposition"].endswith('-standings-seniors-after-round-1.pdf"')
    path = tmp_path / "seniors.pdf"
    path.write_bytes(response.content)
    text = " ".join(PdfReader(path).pages[0].extract_text().split())
    # After round 1: Bill +16 (2 deals at table 1), Gustav +8 (1 deal at table 2, won as
    # bidder), Emil 0 (dealt and sat out), Hana -8.
    assert (
        "Standings of Seniors after round 1 Player Net chips Deals Bids won "
        + (
            "1 Bill Clarkson +16 2 2 Gustav Clarkson +8 1 3 Emil Clarkson 0 0 "
            "4 Hana Clarkson -8 1 Ties share a rank"
        )
        in text
    )
    assert "Anna" not in text and "Fanny" not in text


def test_the_wall_takes_turns_through_the_categories(seniors_day, organizer, client):
    event, seniors = seniors_day
    lodge = seniors_of(event, organizer, ["Anna", "Čada"], "Heun lodge")
    seniors_of(event, organizer, [], "Newcomers")  # no players: no panel
    for name in ("wall", "wall-live"):
        body = client.get(reverse(name, args=[event.pk])).content.decode()
        panels = [
            line.split('data-panel="')[1].split('"')[0]
            for line in body.splitlines()
            if 'data-panel="' in line
        ]
        assert panels == ["standings", f"category-{lodge.pk}", f"category-{seniors.pk}"], name
        assert "<h2>Standings: Heun lodge</h2>" in body and "Newcomers" not in body
        seniors_panel = body[body.index(f'id="wall-category-{seniors.pk}"') :]
        rows = [
            r.split("</td><td>")[1].split("<")[0]
            for r in seniors_panel.split("</section>")[0].split("<tr><td")[1:]
        ]
        assert rows == ["Bill", "Emil", "Gustav", "Hana"]


@pytest.mark.parametrize("size", [1, 5])
def test_the_category_page_costs_the_same_at_two_sizes(organizer, client, size):
    from ..conftest import club_night, played_doc

    event = club_night(organizer, "la-vista", name=f"Night of {size}")
    rnd = services.create_round(event, organizer)
    for t in range(size):
        names = [f"{n} {t}" for n in ("Anna", "Bill", "Cada", "Dana")]
        seated = [Player.objects.create(name=n) for n in names]
        table = services.create_table(rnd, organizer, seated, first_forehand=seated[0])
        doc = played_doc(players=names, dealer=names[3], bidder=names[0], partner=names[2])
        services.record_deal(table, doc, organizer)
    annas = seniors_of(event, organizer, [f"Anna {t}" for t in range(size)], "Annas")
    seniors_of(event, organizer, [f"Bill {t}" for t in range(size)], "Bills")
    client.force_login(organizer)
    with CaptureQueriesContext(connection) as counted:
        page = client.get(reverse("standings", args=[event.pk]) + f"?category={annas.pk}")
    assert len(page.context["table"].data) == size
    # The same whatever the size: the session and user, the event, its rounds, the
    # categories, the category's players, the standings' own (totals, byes,
    # registrations, the chart's series).
    assert len(counted) == 10


# -- the players CSV's categories column -------------------------------------------


def test_the_players_csv_round_trips_its_categories(seniors_day, organizer, client):
    event, seniors = seniors_day
    seniors_of(event, organizer, ["Anna", "Bill"], "Heun lodge")
    client.force_login(organizer)
    body = client.get(reverse("event-download", args=[event.pk, "players.csv"])).content.decode()
    assert body.lstrip("\ufeff").splitlines() == [
        "name,club,notes,categories,email",
        "Anna,Clarkson,,Heun lodge,",
        "Bill,Clarkson,,Heun lodge; Seniors,",
        "Čada,Clarkson,,,",
        "Dana,Clarkson,,,",
        "Emil,Clarkson,,Seniors,",
        "Fanny,Clarkson,,,",
        "Gustav,Clarkson,,Seniors,",
        "Hana,Clarkson,,Seniors,",
        "Ivan,Clarkson,,,",
    ]
    other = services.create_event(
        organizer, name="Clarkson open II", date=event.date, ruleset="clarkson"
    )
    result = exchange.import_players_csv(body.lstrip("\ufeff"), other, organizer)
    assert result.summary() == (
        "Imported 0 new players and 9 already in the registry. New categories: Heun lodge, Seniors."
    )
    again = client.get(reverse("event-download", args=[other.pk, "players.csv"]))
    assert again.content.decode() == body.replace("Clarkson open", "Clarkson open II")
    # A second time: nothing new, nobody taken out; a case-different name is the same.
    result = exchange.import_players_csv("name,categories\nČada,SENIORS ; Open\n", other, organizer)
    assert result.summary().endswith("New categories: Open.")
    assert {
        c.name: sorted(p.name for p in c.players.all())
        for c in other.prize_categories.prefetch_related("players")
    } == {
        "Heun lodge": ["Anna", "Bill"],
        "Open": ["Čada"],
        "Seniors": ["Bill", "Emil", "Gustav", "Hana", "Čada"],
    }
    entry = ActivityEntry.objects.filter(event=other).order_by("pk").last()
    assert entry.detail["categories"] == ["Open"]


def test_bad_categories_say_their_line_and_save_nothing(event, organizer):
    long = "L" * 61
    cases = [
        (
            f"name,categories\nZdena,Seniors\nZbyněk,Open; {long}\n",
            "Line 3 (categories): A category's name is 1 to 60 characters. Nothing was imported.",
        ),
        (
            "name,categories\nZdena,Seniors\n"
            + "".join(f"Zbyněk {i},Cat {i:02}\n" for i in range(20)),
            "Line 22 (categories): Cat 19 would be category 21 of the event, and an event "
            "has at most 20. Nothing was imported.",
        ),
    ]
    for text, said in cases:
        with pytest.raises(services.ServiceError) as e:
            exchange.import_players_csv(text, event, organizer)
        assert e.value.message == said
    assert not Player.objects.filter(name__startswith="Zd").exists()
    assert not Player.objects.filter(name__startswith="Zb").exists()
    assert not PrizeCategory.objects.exists()
    # Categories are an event's: a registry import without an event refuses them.
    with pytest.raises(services.ServiceError) as e:
        exchange.import_players_csv("name,categories\nZdena,Seniors\n")
    assert e.value.message == (
        "Line 2 (categories): categories are an event's; import the list into the event. "
        "Nothing was imported."
    )


def test_the_players_page_says_the_bad_line(event, organizer, client):
    from django.core.files.uploadedfile import SimpleUploadedFile

    client.force_login(organizer)
    upload = SimpleUploadedFile("p.csv", b"name,categories\nZdena,A;B\nZbynek,x" + b"y" * 60)
    page = client.post(reverse("event-players", args=[event.pk]), {"csv": upload})
    assert page.context["csv_form"].errors["csv"] == [
        "Line 3 (categories): A category's name is 1 to 60 characters. Nothing was imported."
    ]
    assert not Player.objects.filter(name__in=["Zdena", "Zbynek"]).exists()


# -- categories without prizes --------------------------------------------------------


def test_categories_without_prizes_on_their_page(event, organizer, client):
    client.force_login(organizer)
    anna = services.register_player(event, organizer, name="Anna")
    url = reverse("prize-categories", args=[event.pk])
    page = client.get(url)
    assert "prize_table" not in page.context["form"].fields
    assert "<h1>Categories: " in page.content.decode()
    page = client.post(url, {"name": "Seniors; Open", "players": [anna.pk]})
    assert page.context["form"].errors == {
        "name": ["A category's name has no “;” (the players CSV separates categories with it)."]
    }
    page = client.post(url, {"name": "Seniors", "players": [anna.pk]}, follow=True)
    assert [str(m) for m in page.context["messages"]] == ["Category Seniors saved."]
    category = event.prize_categories.get()
    assert (category.prize_table, [p.name for p in category.players.all()]) == ("", ["Anna"])
    detail = client.get(reverse("event-detail", args=[event.pk])).content.decode()
    assert f'href="{url}" id="categories-link"' in detail


def test_categories_without_prizes_round_trip_an_event_file(seniors_day, organizer):
    event, _ = seniors_day
    document = exchange.export_event(event)
    assert "prize_categories" not in document
    assert document["categories"] == [{"name": "Seniors", "players": SENIORS}]
    document["event"]["name"] = "Clarkson open again"
    copy = exchange.import_event(document, organizer)
    assert exchange.export_event(copy)["categories"] == document["categories"]
    document["event"]["name"] = "Clarkson open thrice"
    document["categories"][0]["prize_table"] = "$5"
    with pytest.raises(exchange.ExchangeError) as e:
        exchange.import_event(document, organizer)
    assert str(e.value) == "prize category 1: prizes, and the event sets none."
