"""Each club's members on the circuit's ranking list: the same rows, ranks and
calculation lines as the circuit's list, numbered within the club (page, CSV, PDF); the
club picker; the queries the same with 2 and 20 members."""

from __future__ import annotations

import csv
import html
import io
import re

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from pypdf import PdfReader

from tournaments import circuit_pages
from tournaments.circuit_pages import ListRow
from tournaments.models import Club, ClubMembership, Player
from tournaments.services import circuit_list

from .circuit_events import D, small_circuit

pytestmark = pytest.mark.django_db
LIST_DATE = D(2026, 6, 30)

# The circuit's list of tests/web/test_circuit_list.py (same events, same places).
ANNA = (
    "all: (1000.00x1 + 500.00x1 + 500.00x2 + 1000.00x2 + 500.00x3)/(1 + 1 + 2 + 2 + 3) = "
    "666.67; best 3: (1000.00x2 + 1000.00x1 + 500.00x3)/(2 + 1 + 3) = 750.00; "
    "score = (666.67 + 750.00)/2 = 708.33"
)
BOTH = "Heun parish club, Taylor Sokol"
# Anna is a member of both clubs; Bill of none.
MEMBERS = {"heun": ["Anna", "Čada", "Dana"], "taylor": ["Anna", "Emil", "Fanny"]}
# (in the club, rank in the circuit, name, clubs, score)
HEUN = [
    ("1", "1", "Anna", BOTH, "708.33"),
    ("2", "4", "Dana", BOTH, "267.86"),
    ("", "unranked (2 of 3)", "Čada", "Heun parish club", "833.33"),
]
TAYLOR = [
    ("1", "1", "Anna", BOTH, "708.33"),
    ("2", "2", "Emil", BOTH, "656.25"),
    ("", "unranked (1 of 3)", "Fanny", "Taylor Sokol", "0.00"),
]


def text(response, section: str) -> str:
    page = response.content.decode()
    start = page.index(f'id="{section}"')
    end = page.index("</section>", start)
    words = re.sub(r"<[^>]+>", " ", page[start:end].split(">", 1)[1])
    return re.sub(r"\s+", " ", html.unescape(words)).strip()


def number(name: str) -> str:
    return Player.objects.get(name=name).circuit_number


@pytest.fixture
def members(organizer, officer):
    small_circuit(organizer, officer)
    for slug, names in MEMBERS.items():
        club = Club.objects.get(slug=slug)
        for name in names:
            ClubMembership.objects.create(club=club, player=Player.objects.get(name=name))
    return circuit_list.publish(LIST_DATE, officer)


def calculation(name: str) -> str:
    published = circuit_pages.latest()
    return circuit_pages.player_row(published, number(name)).calculation


@pytest.mark.parametrize(("slug", "expected"), [("heun", HEUN), ("taylor", TAYLOR)])
def test_each_clubs_members_page_shows_their_circuit_rows(members, client, slug, expected):
    response = client.get(reverse("members-list", args=[slug]))
    assert text(response, "ranking-list") == (
        "In the club Rank in the circuit Player Number Clubs Score "
        + " ".join(
            f"{place} {rank} {name} {number(name)} {clubs} {score} Calculation {calculation(name)}"
            for place, rank, name, clubs, score in expected
        )
    ).replace("  ", " ")
    club = Club.objects.get(slug=slug)
    page = response.content.decode()
    assert f"<h1>{club.name}'s members on the ranking list</h1>" in page
    assert "Published for 2026-06-30 · 3 members · 3 on the list · 2 ranked" in page
    assert "For the circuit's officers" not in page
    # The same line as the circuit's list, not one computed again.
    assert calculation("Anna") == ANNA


def test_the_members_csv_is_the_circuits_lines_after_the_place_in_the_club(members, client):
    response = client.get(reverse("members-list-csv", args=["heun"]))
    assert response["Content-Disposition"] == (
        'attachment; filename="ranking-list-heun-2026-06-30.csv"'
    )
    circuit = client.get(reverse("ranking-list-csv")).content.decode().splitlines()
    line = {row.split(",")[1]: row for row in circuit[1:]}
    assert response.content.decode().splitlines() == [
        "in_club,rank,player,name,score,events,calculation",
        f"1,{line[number('Anna')]}",
        f"2,{line[number('Dana')]}",
        f",{line[number('Čada')]}",
    ]
    assert line[number("Anna")] == f"1,{number('Anna')},Anna,708.33,5,{ANNA}"
    rows = list(csv.reader(io.StringIO(response.content.decode())))
    assert [r[:3] for r in rows[1:]] == [
        ["1", "1", number("Anna")],
        ["2", "4", number("Dana")],
        ["", "unranked (2 of 3)", number("Čada")],
    ]


def test_the_members_pdf_says_the_clubs_list(members, client):
    response = client.get(reverse("members-list-pdf", args=["taylor"]))
    assert response["Content-Type"] == "application/pdf"
    assert response["Content-Disposition"] == (
        'attachment; filename="ranking-list-taylor-2026-06-30.pdf"'
    )
    reader = PdfReader(io.BytesIO(response.content))
    words = re.sub(r"\s+", " ", " ".join(p.extract_text() for p in reader.pages))
    assert "Taylor Sokol's members on the circuit's ranking list of June 30, 2026" in words
    assert "3 members listed · 2 ranked" in words
    assert "In the club Rank in the circuit Player Number Clubs Score Calculation" in words
    for _, _, name, _, score in TAYLOR:
        assert f"{name} {number(name)}" in words, name
        assert score in words, name
    assert "Dana" not in words and "Čada" not in words and "Bill" not in words
    assert "score = (666.67 + 750.00)/2 = 708.33" in words


def test_the_list_page_picks_a_club(members, client):
    page = client.get(reverse("ranking-list"))
    assert text(page, "clubs-lists") == (
        "Each club's members Club Heun parish club Taylor Sokol Show its members"
    )
    picked = client.get(reverse("ranking-list"), {"club": "taylor"})
    assert (picked.status_code, picked["Location"]) == (302, "/circuit/list/taylor/")
    assert client.get(reverse("ranking-list"), {"club": "nowhere"}).status_code == 404
    assert client.get(reverse("members-list", args=["nowhere"])).status_code == 404


def test_a_members_list_reads_the_published_list_not_todays_deals(members, client, officer):
    """A member who joins after the list was published is on the club's list at once,
    with their row of that list; an officer's preview computes the club's list too."""
    ClubMembership.objects.create(
        club=Club.objects.get(slug="heun"), player=Player.objects.get(name="Bill")
    )
    page = client.get(reverse("members-list", args=["heun"]))
    assert (
        text(page, "ranking-list")
        .split(" Calculation ")[0]
        .endswith("1 1 Anna " + number("Anna") + " " + BOTH + " 708.33")
    )
    rows = text(page, "ranking-list")
    assert f"2 3 Bill {number('Bill')} {BOTH} 514.29" in rows
    assert f"3 4 Dana {number('Dana')}" in rows
    # An officer's preview of another date is computed, for the club too.
    client.force_login(officer)
    preview = client.get(reverse("members-list", args=["heun"]), {"date": "2026-01-31"})
    said = preview.content.decode()
    assert "Computed now for 2026-01-31, not published · 4 members · 4 on the list" in said
    assert text(preview, "ranking-list").startswith(
        "In the club Rank in the circuit Player Number Clubs Score "
        f" unranked (1 of 3) Anna {number('Anna')}".replace("  ", " ")
    )


def test_no_list_published_and_a_club_without_members(organizer, officer, client):
    Club.objects.create(name="Heun parish club", slug="heun")
    page = client.get(reverse("members-list", args=["heun"]))
    assert "No ranking list is published yet." in page.content.decode()
    assert client.get(reverse("members-list-csv", args=["heun"])).status_code == 404
    assert client.get(reverse("members-list-pdf", args=["heun"])).status_code == 404


def test_the_clubs_place_shares_equal_circuit_ranks():
    def row(standing, n):
        return ListRow(standing, f"T-{n:05d}", f"P{n}", "1.00", 3, "")

    rows = [row("1", 1), row("2", 2), row("2", 3), row("4", 4), row("unranked (1 of 3)", 5)]
    found = circuit_pages.members_rows(rows, {"T-00002", "T-00003", "T-00004", "T-00005"})
    assert [(r.in_club, r.standing) for r in found] == [
        ("1", "2"),
        ("1", "2"),
        ("3", "4"),
        ("", "unranked (1 of 3)"),
    ]


def test_a_merged_member_is_the_player_kept(members):
    """A membership of a player merged away (one the admin took before it refused
    them) counts as the player kept's."""
    from tournaments.models import PlayerAlias

    taylor = Club.objects.get(slug="taylor")
    twice = Player.objects.create(name="Dana Second")
    PlayerAlias.objects.create(player=twice, kept=Player.objects.get(name="Dana"))
    ClubMembership.objects.create(club=taylor, player=twice)
    assert number("Dana") in circuit_pages.member_numbers(taylor)
    assert twice.circuit_number not in circuit_pages.member_numbers(taylor)


def test_a_merge_moves_the_membership_to_the_player_kept(members, officer):
    """A merge moves the duplicate's memberships to the player kept (services/merging.py),
    so the club's members read the kept player's circuit number."""
    from tournaments.services.merging import merge_players

    taylor = Club.objects.get(slug="taylor")
    twice = Player.objects.create(name="Dana Second")
    ClubMembership.objects.create(club=taylor, player=twice)
    assert twice.circuit_number in circuit_pages.member_numbers(taylor)
    merge_players(Player.objects.get(name="Dana"), twice, officer, "One person")
    assert number("Dana") in circuit_pages.member_numbers(taylor)
    assert twice.circuit_number not in circuit_pages.member_numbers(taylor)
    assert list(ClubMembership.objects.filter(club=taylor, player=twice)) == []


def page_queries(client, slug) -> list[int]:
    counts = []
    for name in ("members-list", "members-list-csv", "members-list-pdf"):
        with CaptureQueriesContext(connection) as queries:
            assert client.get(reverse(name, args=[slug])).status_code == 200
        counts.append(len(queries))
    return counts


def test_the_members_list_costs_the_same_queries_with_2_and_20_members(organizer, officer, client):
    small_circuit(organizer, officer)
    club = Club.objects.get(slug="heun")
    for name in ("Anna", "Dana"):
        ClubMembership.objects.create(club=club, player=Player.objects.get(name=name))
    circuit_list.publish(LIST_DATE, officer)
    two = page_queries(client, "heun")
    for n in range(18):
        ClubMembership.objects.create(club=club, player=Player.objects.create(name=f"New {n}"))
    assert ClubMembership.objects.filter(club=club).count() == 20
    assert page_queries(client, "heun") == two
