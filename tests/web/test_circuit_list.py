"""The circuit's ranking list from the database: approving events, computing and
publishing the list (page, CSV, PDF, the command), who moved after a correction, the
player's line and rating (beta); the pages' queries at two sizes."""

from __future__ import annotations

import datetime
import html
import io
import re

import pytest
from django.core.management import CommandError, call_command
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import timezone
from pypdf import PdfReader

from tournaments import services
from tournaments.circuit.ranking_list import (
    CountedEvent,
    EventClass,
    compute_list,
    placings,
    render_csv,
)
from tournaments.models import ActivityEntry, Deal, EventApproval, Player, PublishedList
from tournaments.services import circuit_list

from .circuit_events import APPROVED, D, played, small_circuit

pytestmark = pytest.mark.django_db
LIST_DATE = D(2026, 6, 30)


def text(response, section: str) -> str:
    """The words of the page's element of id ``section``, tags and extra spaces gone."""
    page = response.content.decode()
    start = page.index(f'id="{section}"')
    end = page.index("</section>", start)
    words = re.sub(r"<[^>]+>", " ", page[start:end].split(">", 1)[1])
    return re.sub(r"\s+", " ", html.unescape(words)).strip()


@pytest.fixture
def circuit(organizer, officer):
    return small_circuit(organizer, officer)


def number(name: str) -> str:
    return Player.objects.get(name=name).circuit_number


def expected_list():
    """The list as the pure module computes it from the places the events were played
    to (written here from the seating, not read from the database)."""
    events = []
    for i, (_, _, date, klass, seated) in enumerate(APPROVED):
        places = [(number(seated[0]), 1), (number(seated[1]), 2)]
        places += [(number(seated[2]), 2), (number(seated[3]), 4)]
        events.append(CountedEvent(f"E-{i}", date, EventClass(klass), placings(places)))
    names = {p.circuit_number: p.name for p in Player.objects.all()}
    return compute_list(events, LIST_DATE, names), names


def test_the_services_places_are_the_standings(circuit):
    events, names = circuit_list.counted_events()
    assert [e.key for e in events] == [f"E-{e.pk:05d}" for e in circuit[:5]]
    assert [(p.player, p.first, p.last) for p in events[0].placings] == [
        (number("Anna"), 1, 1),
        (number("Bill"), 2, 3),
        (number("Čada"), 2, 3),
        (number("Dana"), 4, 4),
    ]
    assert [e.klass for e in events] == [1, 1, 2, 2, 3]
    assert names[number("Čada")] == "Čada"


BOTH = "Heun parish club, Taylor Sokol"
# (standing, name, clubs, score): five approved events, Taylor's summer night not.
ROWS = [
    ("1", "Anna", BOTH, "708.33"),
    ("2", "Emil", BOTH, "656.25"),
    ("3", "Bill", BOTH, "514.29"),
    ("4", "Dana", BOTH, "267.86"),
    ("unranked (2 of 3)", "Čada", "Heun parish club", "833.33"),
    ("unranked (1 of 3)", "Fanny", "Taylor Sokol", "0.00"),
]
ANNA = (
    "all: (1000.00x1 + 500.00x1 + 500.00x2 + 1000.00x2 + 500.00x3)/(1 + 1 + 2 + 2 + 3) = "
    "666.67; best 3: (1000.00x2 + 1000.00x1 + 500.00x3)/(2 + 1 + 3) = 750.00; "
    "score = (666.67 + 750.00)/2 = 708.33"
)


def test_the_list_page_shows_the_published_list_exactly(circuit, officer, client):
    circuit_list.publish(LIST_DATE, officer)
    ranking, _ = expected_list()
    calculations = {line.player: line.calculation for line in ranking.lines}
    assert calculations[number("Anna")] == ANNA
    expected = "Rank Player Number Clubs Score " + " ".join(
        f"{standing} {name} {number(name)} {clubs} {score} Calculation {calculations[number(name)]}"
        for standing, name, clubs, score in ROWS
    )
    response = client.get(reverse("ranking-list"))
    assert text(response, "ranking-list") == expected
    page = response.content.decode()
    assert "Published for 2026-06-30 · 5 approved events · 4 ranked" in page
    assert (
        f'<a href="{reverse("player-detail", args=[Player.objects.get(name="Anna").pk])}">Anna'
        in page
    )
    # The summer night is not approved: Dana's first place in it is nowhere.
    assert "Taylor summer night" not in page
    assert "For the circuit's officers" not in page  # a visitor sees no button


def test_the_csv_is_the_pure_modules_bytes_and_the_same_twice(circuit, officer, client):
    ranking, names = expected_list()
    first = circuit_list.publish(LIST_DATE, officer)
    second = circuit_list.publish(LIST_DATE, officer)
    assert bytes(first.csv) == bytes(second.csv) == render_csv(ranking, names)
    response = client.get(reverse("ranking-list-csv"))
    assert response["Content-Disposition"] == 'attachment; filename="ranking-list-2026-06-30.csv"'
    lines = response.content.decode().splitlines()
    assert lines[:2] == [
        "rank,player,name,score,events,calculation",
        f"1,{number('Anna')},Anna,708.33,5,{ANNA}",
    ]
    assert lines[-1].startswith(f"unranked (1 of 3),{number('Fanny')},Fanny,0.00,1,")
    assert response.content == render_csv(ranking, names)
    assert second.moves == []  # the same list again: nobody moved


def test_the_pdf_says_the_list(circuit, officer, client):
    circuit_list.publish(LIST_DATE, officer)
    response = client.get(reverse("ranking-list-pdf"))
    assert response["Content-Type"] == "application/pdf"
    reader = PdfReader(io.BytesIO(response.content))
    words = re.sub(r"\s+", " ", " ".join(p.extract_text() for p in reader.pages))
    assert "The circuit's ranking list of June 30, 2026" in words
    assert "5 approved events · 4 ranked" in words
    for _, name, _, score in ROWS:
        assert f"{name} {number(name)}" in words, name
        assert score in words, name
    assert "unranked (2 of 3)" in words
    assert "score = (666.67 + 750.00)/2 = 708.33" in words


def test_an_unapproved_or_withdrawn_event_does_not_count(circuit, officer):
    summer = circuit[5]
    circuit_list.approve_event(summer, officer, 1)
    with_summer, _, _ = circuit_list.compute(LIST_DATE)
    cada = with_summer.line(number("Čada"))
    assert (cada.standing, len(cada.results)) == ("1", 3)  # ranked: three events now
    circuit_list.withdraw_approval(summer, officer)
    without, _, _ = circuit_list.compute(LIST_DATE)
    assert without.line(number("Čada")).standing == "unranked (2 of 3)"
    assert [e.key for e in without.events] == [f"E-{e.pk:05d}" for e in circuit[:5]]
    actions = list(
        ActivityEntry.objects.filter(event=summer).order_by("id").values_list("action", "detail")
    )
    assert actions[-2:] == [
        ("approve_for_list", {"klass": "club night"}),
        ("withdraw_from_list", {}),
    ]
    assert str(EventApproval.objects.get(event=summer)) == (
        "Taylor summer night (2026-06-06) (Club night, withdrawn)"
    )
    # An approved event its club unpublishes leaves the list (the list is public).
    heun_open = circuit[2]
    services.update_event(heun_open, heun_open.organizers.first(), published=False)
    unpublished, _, _ = circuit_list.compute(LIST_DATE)
    assert f"E-{heun_open.pk:05d}" not in [e.key for e in unpublished.events]
    assert len(unpublished.events) == 4


def test_approving_refuses_an_event_not_played_a_bad_class_and_a_non_officer(organizer, officer):
    from tournaments.models import Club

    club = Club.objects.create(name="Heun parish club", slug="heun")
    club.organizers.add(organizer)  # its events are its organizers'
    played_night = played(organizer, club, "Heun night", D(2026, 1, 10), ["A", "B", "C", "D"])
    empty = services.create_event(
        organizer,
        club=club,
        name="Heun empty night",
        date=D(2026, 2, 1),
        kind="club_night",
        ruleset="la-vista",
        starting_chips=20,
        session_end="fixed_deals",
        deals_per_session=20,
    )
    with pytest.raises(services.ServiceError, match="Heun empty night is not published"):
        circuit_list.approve_event(empty, officer, 1)
    services.update_event(empty, organizer, published=True)
    with pytest.raises(services.ServiceError, match="Heun empty night has no deals yet"):
        circuit_list.approve_event(empty, officer, 1)
    with pytest.raises(services.ServiceError, match="Choose the event's class"):
        circuit_list.approve_event(played_night, officer, 7)
    with pytest.raises(services.ServiceError, match="Only the circuit's officers"):
        circuit_list.approve_event(played_night, organizer, 1)
    with pytest.raises(services.ServiceError, match="Heun night is not approved"):
        circuit_list.withdraw_approval(played_night, officer)
    assert EventApproval.objects.count() == 0


def test_the_officers_page_lists_every_clubs_events_and_approves(circuit, officer, client):
    client.force_login(officer)
    summer = circuit[5]
    services.update_event(summer, summer.organizers.first(), published=False)
    page = client.get(reverse("list-events"))
    rows = text(page, "list-events")
    assert rows.startswith(
        "Date Event Club Published For the list "
        "2026-06-06 Taylor summer night Taylor Sokol no not approved "
    )
    assert "2026-05-30 Heun championship Heun parish club yes Championship" in rows
    refused = {"event": summer.pk, "klass": "2", "action": "approve"}
    client.post(reverse("list-events"), refused)
    said = client.get(reverse("list-events")).content.decode()
    assert "Taylor summer night is not published: its club publishes it first." in said
    services.update_event(summer, summer.organizers.first(), published=True)
    response = client.post(
        reverse("list-events"), {"event": summer.pk, "klass": "2", "action": "approve"}
    )
    assert response.status_code == 302
    assert EventApproval.objects.get(event=summer).klass == 2
    said = client.get(reverse("list-events")).content.decode()
    assert "Taylor summer night counts for the list as a tournament." in said
    # Bad input: a message or a 404, never a 500.
    assert client.post(reverse("list-events"), {"event": "x"}).status_code == 404
    client.post(reverse("list-events"), {"event": summer.pk, "klass": "9"})
    assert "Choose the event&#x27;s class" in client.get(reverse("list-events")).content.decode()


def test_an_officer_computes_now_and_publishes(circuit, officer, client):
    client.force_login(officer)
    page = client.get(reverse("ranking-list"), {"date": "2026-06-30"})
    assert "Computed now for 2026-06-30, not published" in page.content.decode()
    assert text(page, "ranking-list").startswith(
        f"Rank Player Number Clubs Score 1 Anna {number('Anna')}"
    )
    assert PublishedList.objects.count() == 0
    bad = client.get(reverse("ranking-list"), {"date": "June"})
    assert "Give the list&#x27;s date as YYYY-MM-DD." in bad.content.decode()
    client.post(reverse("ranking-list"), {"date": "2026-06-30"})
    kept = PublishedList.objects.get()
    assert (kept.date, kept.published_by) == (datetime.date(2026, 6, 30), officer)


def test_a_correction_moves_players_and_the_list_says_which_event(
    circuit, officer, organizer, client
):
    circuit_list.publish(LIST_DATE, officer)
    heun_open = circuit[2]  # Čada 1st, Dana and Anna 2nd-3rd, Emil 4th
    deal = Deal.objects.filter(table__round__event=heun_open).order_by("number").last()
    # Recounted: Čada's second bid (with Dana) lost, so Anna finishes 1st, Čada falls.
    doc = {**deal.document, "bidder_points": 30}
    services.correct_deal(deal, doc, organizer, "recounted")
    published = circuit_list.publish(LIST_DATE, officer)
    assert bytes(published.csv) != bytes(PublishedList.objects.order_by("pk").first().csv)
    key = f"E-{heun_open.pk:05d}"
    assert [
        (m["name"], m["before"], m["after"], m["score_before"], m["score_after"], m["reasons"])
        for m in published.moves
    ] == [
        ("Anna", "1", "1", "708.33", "888.89", [f"{key} corrected"]),
        ("Emil", "2", "2", "656.25", "700.89", [f"{key} corrected"]),
        ("Dana", "4", "4", "267.86", "133.93", [f"{key} corrected"]),
        (
            "Čada",
            "unranked (2 of 3)",
            "unranked (2 of 3)",
            "833.33",
            "500.00",
            [f"{key} corrected"],
        ),
    ]
    page = client.get(reverse("ranking-list"))
    assert text(page, "who-moved").startswith(
        f"Who moved Anna ({number('Anna')}): 1 → 1, 708.33 → 888.89 ({key} corrected) "
    )


def test_the_command_prints_and_publishes(circuit, officer):
    ranking, names = expected_list()
    out = io.StringIO()
    call_command("compute_ranking_list", "--date", "2026-06-30", stdout=out)
    assert out.getvalue().encode() == render_csv(ranking, names)
    assert PublishedList.objects.count() == 0
    out = io.StringIO()
    call_command("compute_ranking_list", "--date", "2026-06-30", "--publish", stdout=out)
    assert out.getvalue() == "Published the ranking list of 2026-06-30: 6 players, 0 moved.\n"
    kept = PublishedList.objects.get()
    assert (kept.published_by, bytes(kept.csv)) == (None, render_csv(ranking, names))
    # As docs/organizers.md shows it (the nightly run): today's list.
    out = io.StringIO()
    call_command("compute_ranking_list", "--publish", stdout=out)
    today = timezone.localdate()
    assert (
        out.getvalue() == f"Published the ranking list of {today:%Y-%m-%d}: 6 players, 0 moved.\n"
    )
    assert PublishedList.objects.latest().date == today
    with pytest.raises(CommandError, match="--date 'June': give a date as YYYY-MM-DD."):
        call_command("compute_ranking_list", "--date", "June")


def test_the_players_page_shows_their_line_and_rating(circuit, officer, client):
    circuit_list.publish(LIST_DATE, officer)
    anna = Player.objects.get(name="Anna")
    page = client.get(reverse("player-detail", args=[anna.pk]))
    words = text(page, "player-circuit")
    assert words.startswith(
        "The circuit's ranking list of 2026-06-30 "
        "Rank 1 · score 708.33 · 5 counting events · the list " + ANNA + " Rating (beta) "
    )
    kept = PublishedList.objects.get().ratings[anna.circuit_number]
    shown = f"{kept['mu'] - 3 * kept['sigma']:.2f}"
    # Five table-rounds: still unsure, so provisional.
    assert len(kept["history"]) == 5 and kept["sigma"] >= 4
    assert f"{shown} · provisional (still unsure: sigma {kept['sigma']:.2f}, 4 or more)" in words
    assert "Rating after each event (beta)" in words
    assert "<svg" in page.content.decode()


def grow(organizer, officer, extra: int):
    """``extra`` more approved events of four new players each (a bigger circuit)."""
    from tournaments.models import Club

    club = Club.objects.get(slug="taylor")
    for i in range(extra):
        seated = [f"Extra {i} {n}" for n in "ABCD"]
        event = played(organizer, club, f"Extra night {i}", D(2026, 6, 1), seated)
        circuit_list.approve_event(event, officer, 1)


def counts(client) -> dict[str, int]:
    anna = Player.objects.get(name="Anna")
    pages = {
        "list": reverse("ranking-list"),
        "rating": reverse("rating-list"),
        "csv": reverse("ranking-list-csv"),
        "pdf": reverse("ranking-list-pdf"),
        "player": reverse("player-detail", args=[anna.pk]),
    }
    result = {}
    for name, url in pages.items():
        with CaptureQueriesContext(connection) as queries:
            assert client.get(url).status_code == 200, name
        result[name] = len(queries)
    return result


@pytest.mark.parametrize("as_officer", [False, True])
def test_the_pages_cost_the_same_queries_at_two_sizes(
    circuit, officer, organizer, client, as_officer
):
    if as_officer:
        client.force_login(officer)
    circuit_list.publish(LIST_DATE, officer)
    small = counts(client)
    grow(organizer, officer, 6)
    circuit_list.publish(LIST_DATE, officer)
    assert PublishedList.objects.latest().names.__len__() == 6 + 24
    assert counts(client) == small
    # The list's computation too: the same queries for 5 and 11 events.
    with CaptureQueriesContext(connection) as eleven:
        circuit_list.compute(LIST_DATE)
    EventApproval.objects.filter(event__name__startswith="Extra").delete()
    with CaptureQueriesContext(connection) as five:
        circuit_list.compute(LIST_DATE)
    assert len(eleven) == len(five)


def test_the_rating_takes_each_tables_chips_a_round_and_leaves_a_seat_that_changed_hands(
    organizer, officer
):
    from tournaments.circuit_ratings import table_rounds
    from tournaments.models import Club, Seat

    club = Club.objects.create(name="Heun parish club", slug="heun")
    club.organizers.add(organizer)  # its events are its organizers'
    event = played(organizer, club, "Heun night", D(2026, 1, 10), ["Anna", "Bill", "Čada", "Dana"])
    rnd2 = services.create_round(event, organizer)
    players = {p.name: p for p in Player.objects.all()}
    seated = [players[n] for n in ["Dana", "Čada", "Bill", "Anna"]]
    table2 = services.create_table(rnd2, organizer, seated)
    zoe = services.register_player(event, organizer, name="Zoe")
    services.substitute_player(table2, organizer, players["Anna"], zoe, 2, "as_himself")
    names = ["Dana", "Čada", "Bill", "Anna"]
    base = {"ruleset": "la-vista", "players": names, "kind": "played", "bid": "four"}
    doc = {**base, "blind": "second", "bidder": "Dana", "partner": "Bill", "bidder_points": 41}
    services.record_deal(table2, doc, organizer)
    rounds = table_rounds([event])
    key = {n: p.circuit_number for n, p in players.items()}
    assert sorted((t.round, t.chips, sorted(t.changed_hands)) for t in rounds) == [
        (1, ((key["Anna"], 10), (key["Bill"], 0), (key["Čada"], 0), (key["Dana"], -10)), []),
        (
            2,
            ((key["Anna"], -5), (key["Bill"], 5), (key["Čada"], -5), (key["Dana"], 5)),
            sorted([key["Anna"], zoe.circuit_number]),
        ),
    ]
    assert Seat.objects.filter(table=table2).count() == 4


def test_the_rating_list_shows_established_players_only(client):
    """Established (sigma under 4), by the rating shown; equal shown ratings share a
    rank; a provisional player is not listed."""
    PublishedList.objects.create(
        date=LIST_DATE,
        computed_at=datetime.datetime(2026, 6, 30, tzinfo=datetime.UTC),
        events=[],
        names={"T-00001": "Anna", "T-00002": "Bill", "T-00003": "Čada", "T-00004": "Dana"},
        csv=b"rank,player,name,score,events,calculation\n",
        ratings={
            "T-00001": {"mu": 30.0, "sigma": 3.0, "history": []},  # 21.00
            "T-00002": {"mu": 33.0, "sigma": 3.5, "history": []},  # 22.50
            "T-00003": {"mu": 27.0, "sigma": 2.0, "history": []},  # 21.00
            "T-00004": {"mu": 40.0, "sigma": 4.0, "history": []},  # provisional
        },
    )
    page = client.get(reverse("rating-list"))
    assert text(page, "rating-list") == (
        "Rank Player Number Rating 1 Bill T-00002 22.50 2 Anna T-00001 21.00 2 Čada T-00003 21.00"
    )
    assert "As of the ranking list of 2026-06-30." in page.content.decode()
