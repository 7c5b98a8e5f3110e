"""Name cards, table cards and diplomas (issue 39): their text, pages and paper, the
name cards' faces upright once folded, the QR codes they carry, who may print them,
and their queries whatever the event's size."""

import datetime
import io

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from pypdf import PdfReader

from tournaments import services
from tournaments.models import Player, TableLink
from tournaments.printouts import diplomas as diploma_module
from tournaments.printouts import name_cards as name_card_module
from tournaments.printouts import table_cards as table_card_module
from tournaments.services.prizes import save_category

from ..conftest import clarkson_open
from .days import ALL_BREAKS, day
from .seasons import season_of

pytestmark = pytest.mark.django_db

PAPER = {"letter": (612, 792), "a4": (595, 842)}
FIVE = ["Zdeněk Čada", "Jaroslava Nováčková", "Anna", "Bill", "Emil"]
# The start numbers a draw gives, in the order of the names (names.name_key).
NUMBERED = ["Anna", "Bill", "Emil", "Jaroslava Nováčková", "Zdeněk Čada"]
LONG = "Maximiliána Bohuslava Krátkodobá-Dlouhovlasá z Vysokého Mýta a Nového Hradu nad Vltavou"


def reader(response) -> PdfReader:
    assert response.status_code == 200, response.status_code
    assert response["Content-Type"] == "application/pdf"
    return PdfReader(io.BytesIO(response.content))


def size(page) -> tuple[int, int]:
    return round(float(page.mediabox.width)), round(float(page.mediabox.height))


def placed_text(page) -> list[tuple[str, int, float, float]]:
    """Each piece of text on the page: (text, its turn in degrees, its baseline's
    height on the page, its size), read from the content stream's matrices."""
    found = []

    def visit(text, cm, tm, _font, font_size):
        if not text.strip():
            return
        # The text's matrix in the page's space: tm × cm.
        a = tm[0] * cm[0] + tm[1] * cm[2]
        b = tm[0] * cm[1] + tm[1] * cm[3]
        y = tm[4] * cm[1] + tm[5] * cm[3] + cm[5]
        turn = {(1, 0): 0, (-1, 0): 180, (0, 1): 90, (0, -1): 270}[(round(a), round(b))]
        found.append((text.strip(), turn, y, font_size * (a * a + b * b) ** 0.5))

    page.extract_text(visitor_text=visit)
    return found


@pytest.fixture
def five(organizer):
    """Five players of a Clarkson open, their start numbers drawn with the schedule."""
    event = clarkson_open(organizer, players=FIVE, club="Clarkson")
    services.draw_all_rounds(event, organizer, 1, seed=1)
    return event


def organizer_client(client, organizer):
    client.force_login(organizer)
    return client


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_name_cards_two_a_sheet_in_start_number_order(five, organizer, client, paper):
    """5 players, 3 sheets on the event's paper: each card's name, start number and club,
    by start number."""
    event = services.update_event(five, organizer, paper_size=paper)
    pdf = reader(
        organizer_client(client, organizer).get(reverse("name-cards-pdf", args=[event.pk]))
    )
    assert len(pdf.pages) == 3
    assert {size(p) for p in pdf.pages} == {PAPER[paper]}
    texts = [p.extract_text(orientations=(0,)) for p in pdf.pages]
    lines = [[line.strip() for line in t.splitlines() if line.strip()] for t in texts]
    assert lines[0] == [
        "Clarkson open", "Anna", "No. 1 · Clarkson", "fold", "fold",
        "Clarkson open", "Bill", "No. 2 · Clarkson", "fold", "fold", "cut", "cut",
    ]  # fmt: skip
    assert lines[1] == [
        "Clarkson open", "Emil", "No. 3 · Clarkson", "fold", "fold",
        "Clarkson open", "Jaroslava Nováčková", "No. 4 · Clarkson", "fold", "fold", "cut", "cut",
    ]  # fmt: skip
    # The last sheet's lower card is not printed: Čada's card alone, above the cut.
    assert lines[2] == [
        "Clarkson open",
        "Zdeněk Čada",
        "No. 5 · Clarkson",
        "fold",
        "fold",
        "cut",
        "cut",
    ]
    assert "Scan: my results" not in "".join(texts)  # not published: no QR code


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_each_name_stands_upright_on_both_faces(five, organizer, client, paper):
    """Once a card is folded along its middle, its lower face is read as printed and its
    upper face turned over: the upper face's text is drawn turned 180° above the fold,
    the lower face's upright below it, the name in 48 pt or more on both."""
    event = services.update_event(five, organizer, paper_size=paper)
    pdf = reader(
        organizer_client(client, organizer).get(reverse("name-cards-pdf", args=[event.pk]))
    )
    height = PAPER[paper][1]
    order = iter(NUMBERED)
    for page in pdf.pages:
        placed = placed_text(page)
        for card, name in zip(range(2), order, strict=False):
            # The card's top edge, its fold and its foot (the cut, or the sheet's edge).
            top, fold = height - card * height / 2, height * (3 - 2 * card) / 4
            bottom = top - height / 2
            pieces = [(turn, y, pt) for text, turn, y, pt in placed if text == name]
            upper = [(t, pt) for t, y, pt in pieces if fold < y < top]
            lower = [(t, pt) for t, y, pt in pieces if bottom < y < fold]
            assert [t for t, _ in upper] == [180], (name, pieces)
            assert [t for t, _ in lower] == [0], (name, pieces)
            assert all(pt >= 48 for _, pt in upper + lower), (name, pieces)
    assert next(order, None) is None  # every card was read


def test_the_turned_faces_read_the_names(five, organizer, client):
    """pypdf's text of the turned faces alone (orientation 180) holds each card's name, as
    its upright faces' text does: the upper faces are not printed upright too."""
    pdf = reader(organizer_client(client, organizer).get(reverse("name-cards-pdf", args=[five.pk])))
    turned = [p.extract_text(orientations=(180,)).split("\n") for p in pdf.pages]
    upright = [p.extract_text(orientations=(0,)).split("\n") for p in pdf.pages]
    for faces in (turned, upright):
        names = [line.strip() for page in faces for line in page if line.strip() in NUMBERED]
        assert names == NUMBERED
    assert "fold" not in "".join(t for page in turned for t in page)  # the guides are upright


def test_a_published_events_cards_carry_the_players_public_page(
    five, organizer, client, monkeypatch
):
    """Each card's two faces carry a QR code of the player's statement (their public
    page) once the event is published; none before."""
    drawn = []
    real = name_card_module.qr_drawing
    monkeypatch.setattr(
        name_card_module, "qr_drawing", lambda data, size: drawn.append(data) or real(data, size)
    )
    client = organizer_client(client, organizer)
    reader(client.get(reverse("name-cards-pdf", args=[five.pk])))
    assert drawn == []
    event = services.update_event(five, organizer, published=True)
    pdf = reader(client.get(reverse("name-cards-pdf", args=[event.pk])))
    pages = {p.name: p.pk for p in Player.objects.filter(name__in=FIVE)}
    expected = [
        f"http://testserver/events/{event.pk}/players/{pages[name]}/statement/"
        for name in NUMBERED
        for _face in range(2)
    ]
    assert drawn == expected
    assert pdf.pages[0].extract_text().count("Scan: my results") == 4


def test_hostile_names_render_at_48_points_at_least(organizer, client):
    """A name of 86 letters and Czech accents beside a published event's QR code:
    wrapped on two lines at 48 pt and cut short with "…", never smaller; the accents
    kept; without a start number, the club alone; sorted by name without one."""
    event = clarkson_open(
        organizer, players=[LONG, "Jaroslava Nováčková", "Čada"], club="", published=True
    )
    services.register_player(event, organizer, name="Václav Řehoř", club="Dvůr Králové")
    pdf = reader(
        organizer_client(client, organizer).get(reverse("name-cards-pdf", args=[event.pk]))
    )
    assert len(pdf.pages) == 2
    pages = [
        [line.strip() for line in p.extract_text(orientations=(0,)).splitlines()] for p in pdf.pages
    ]
    scan, guides = "Scan: my results", ["fold", "fold"]
    assert pages == [
        # No club, no start number: no line under the name.
        ["Clarkson open", "Čada", scan, *guides]
        + ["Clarkson open", "Jaroslava", "Nováčková", scan, *guides, "cut", "cut"],
        ["Clarkson open", "Maximiliána", "Bohuslava Krátk…", scan, *guides]
        + ["Clarkson open", "Václav Řehoř", "Dvůr Králové", scan, *guides, "cut", "cut"],
    ]
    for page in pdf.pages:
        names = [
            (t, pt) for t, _, _, pt in placed_text(page) if t not in ("fold", "cut") and pt > 20
        ]
        assert names and all(pt >= 48 for _, pt in names), names


def test_a_withdrawn_player_gets_no_card(organizer, client):
    """Anna withdrew: Bill's card alone; once Bill withdraws too, a page saying so."""
    event = clarkson_open(organizer, players=["Anna", "Bill"])
    services.withdraw_player(event, organizer, Player.objects.get(name="Anna"))
    client = organizer_client(client, organizer)
    url = reverse("name-cards-pdf", args=[event.pk])
    pdf = reader(client.get(url))
    assert [p.extract_text(orientations=(0,)).split() for p in pdf.pages] == [
        ["Clarkson", "open", "Bill", "Clarkson", "fold", "fold", "cut", "cut"]
    ]
    services.withdraw_player(event, organizer, Player.objects.get(name="Bill"))
    assert [p.extract_text().strip() for p in reader(client.get(url)).pages] == [
        "Clarkson open: name cards\n"
        "No card to print: no player is registered, or every one withdrew."
    ]


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_table_cards_a_page_a_table_with_its_links_code(
    tournament, organizer, client, monkeypatch, paper
):
    """Round 1 of the day (a table of four, one of five): a page each, the number on
    both faces (the upper turned), the players, each face with its link's QR code."""
    event = services.update_event(tournament, organizer, paper_size=paper)
    day(event, organizer)
    rnd = event.rounds.get(number=1)
    client = organizer_client(client, organizer)
    url = reverse("table-cards-pdf", args=[rnd.pk])
    pdf = reader(client.get(url))
    assert len(pdf.pages) == 2
    assert {size(p) for p in pdf.pages} == {PAPER[paper]}
    no_link = "No table link: issue the round's links, then print again."
    for number, page, names in (
        (1, pdf.pages[0], "Anna → Bill → Čada → Dana"),
        (2, pdf.pages[1], "Emil → Fanny → Gustav → Hana → Ivan"),
    ):
        for turn in (0, 180):
            lines = [line.strip() for line in page.extract_text(orientations=(turn,)).splitlines()]
            assert lines[:5] == ["Clarkson open · round 1", "Table", str(number), names, no_link]
    drawn = []
    real = table_card_module.qr_drawing
    monkeypatch.setattr(
        table_card_module, "qr_drawing", lambda data, size: drawn.append(data) or real(data, size)
    )
    services.issue_round_links(rnd, organizer)
    pdf = reader(client.get(url))
    tokens = TableLink.objects.filter(table__round=rnd).order_by("table__number")
    assert drawn == [f"http://testserver/t/{link.token}/" for link in tokens for _ in range(2)]
    text = pdf.pages[0].extract_text(orientations=(180,))
    assert "Scan to enter this table's deals" in text and no_link not in text


def test_a_round_without_tables(event, organizer, client):
    rnd = services.create_round(event, organizer)
    pdf = reader(organizer_client(client, organizer).get(reverse("table-cards-pdf", args=[rnd.pk])))
    assert [p.extract_text().strip() for p in pdf.pages] == [
        "Heun parish night: round 1\nThe round has no tables yet."
    ]


def diploma_pages(pdf) -> list[list[str]]:
    return [[line.strip() for line in p.extract_text().splitlines()] for p in pdf.pages]


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_diplomas_for_the_top_three_and_each_categorys_winner(tournament, organizer, client, paper):
    """By table points with every tie-break (test_ranking's day): Fanny 1st, Anna 2nd,
    Bill 3rd; the Seniors' winner Bill, the Newcomers' Ivan (chips -8 against Hana's
    -16): 3 + 2 pages, each with the event's name, date, venue and its season's club."""
    event = services.update_event(
        tournament,
        organizer,
        paper_size=paper,
        venue="Sokol Hall, Clarkson",
        ranking="table_points",
        bye_points=2,
        tie_breaks=ALL_BREAKS,
    )
    day(event, organizer)
    seniors = Player.objects.filter(name__in=["Bill", "Emil", "Gustav", "Hana"])
    save_category(event, organizer, "Seniors", list(seniors), "")
    newcomers = Player.objects.filter(name__in=["Ivan", "Hana"])
    save_category(event, organizer, "Newcomers", list(newcomers), "")
    season_of(
        organizer,
        [event],
        name="Nebraska series 2026",
        club="Western Fraternal Life, Lodge 112",
        start_date=datetime.date(2026, 1, 1),
        end_date=datetime.date(2026, 12, 31),
    )
    client = organizer_client(client, organizer)
    pdf = reader(client.get(reverse("diplomas-pdf", args=[event.pk])))
    assert {size(p) for p in pdf.pages} == {PAPER[paper]}

    def page(name, place):
        return [
            "Western Fraternal Life, Lodge 112", "Diploma", "awarded to", name, place, "at",
            "Clarkson open", "Saturday, November 21, 2026", "Sokol Hall, Clarkson", "Organizer",
        ]  # fmt: skip

    assert diploma_pages(pdf) == [
        page("Fanny", "1st place"),
        page("Anna", "2nd place"),
        page("Bill", "3rd place"),
        page("Ivan", "Winner, Newcomers"),  # the categories in the order of their names
        page("Bill", "Winner, Seniors"),
    ]


def test_shared_places_as_the_engine_writes_them(tournament, organizer, client):
    """By table points and no tie-break, Bill, Emil and Gustav share 3rd (6 points; the
    standings write "3="): a diploma each, "3rd= place"; by chips, Anna, Bill and Emil
    share 2nd (8 chips, written bare): "2nd place" each. No season: no club line."""
    event = services.update_event(
        tournament, organizer, ranking="table_points", bye_points=2, tie_breaks=[]
    )
    day(event, organizer)
    client = organizer_client(client, organizer)
    pdf = reader(client.get(reverse("diplomas-pdf", args=[event.pk])))
    said = [(p[2], p[3]) for p in diploma_pages(pdf)]
    assert said == [
        ("Fanny", "1st place"),
        ("Anna", "2nd place"),
        ("Bill", "3rd= place"),
        ("Emil", "3rd= place"),
        ("Gustav", "3rd= place"),
    ]
    assert diploma_pages(pdf)[0][:2] == ["Diploma", "awarded to"]
    by_chips = clarkson_open(
        organizer, players=[], name="Clarkson chips", date=datetime.date(2026, 11, 22)
    )
    for player in Player.objects.filter(registrations__event=event):
        services.register_player(by_chips, organizer, player=player)
    day(by_chips, organizer)
    pdf = reader(client.get(reverse("diplomas-pdf", args=[by_chips.pk])))
    assert [(p[2], p[3]) for p in diploma_pages(pdf)] == [
        ("Fanny", "1st place"),
        ("Anna", "2nd place"),
        ("Bill", "2nd place"),
        ("Emil", "2nd place"),
    ]


def test_no_diploma_before_a_deal(tournament, organizer, client):
    pdf = reader(
        organizer_client(client, organizer).get(reverse("diplomas-pdf", args=[tournament.pk]))
    )
    assert diploma_pages(pdf) == [
        [
            "Clarkson open: diplomas",
            "No places yet: the diplomas follow the standings once deals are in.",
        ]
    ]


@pytest.mark.parametrize("published", [False, True])
def test_only_organizers_print_them(
    tournament, organizer, stranger, other_organizer, client, published
):
    """Anonymous visitors are sent to sign in, other users refused (a table card's code
    enters deals); an unpublished event is no page at all to them."""
    event = services.update_event(tournament, organizer, published=published)
    day(event, organizer)
    rnd = event.rounds.get(number=1)
    services.issue_round_links(rnd, organizer)
    urls = [
        reverse("name-cards-pdf", args=[event.pk]),
        reverse("table-cards-pdf", args=[rnd.pk]),
        reverse("diplomas-pdf", args=[event.pk]),
    ]
    for url in urls:
        response = client.get(url)
        if published:
            assert response.status_code == 302
            assert response["Location"] == f"{reverse('login')}?next={url}"
        else:
            assert response.status_code == 404
    for user in (stranger, other_organizer):
        client.force_login(user)
        for url in urls:
            response = client.get(url)
            assert response.status_code == (403 if published else 404), url
            assert not response.content.startswith(b"%PDF"), url
    client.force_login(organizer)
    for url in urls:
        assert client.get(url).content.startswith(b"%PDF-"), url
        assert client.post(url).status_code == 405, url


def test_the_pages_link_them_for_organizers_only(tournament, organizer, client):
    event = services.update_event(tournament, organizer, published=True)
    day(event, organizer)
    rnd = event.rounds.get(number=1)
    pages = (
        (reverse("event-detail", args=[event.pk]), reverse("name-cards-pdf", args=[event.pk])),
        (reverse("event-detail", args=[event.pk]), reverse("diplomas-pdf", args=[event.pk])),
        (reverse("round-detail", args=[rnd.pk]), reverse("table-cards-pdf", args=[rnd.pk])),
    )
    for page, link in pages:
        assert f'href="{link}"' not in client.get(page).content.decode(), link
    client.force_login(organizer)
    for page, link in pages:
        assert f'href="{link}"' in client.get(page).content.decode(), link
    detail = client.get(pages[0][0]).content.decode()
    assert "name cards (PDF)</a> ·" in detail and "diplomas (PDF)</a>" in detail
    assert ">Table cards (PDF)</a>" in client.get(pages[2][0]).content.decode()


def sized(organizer, players: int, name: str):
    """A published event of ``players`` (a multiple of four) at tables of four, one
    round played, a category of half of them, links issued."""
    names = [f"{name} player {n}" for n in range(players)]
    event = clarkson_open(organizer, players=names, name=name, published=True)
    day_players = list(Player.objects.filter(name__in=names).order_by("name"))
    rnd = services.create_round(event, organizer)
    for t in range(players // 4):
        seated = day_players[4 * t : 4 * t + 4]
        table = services.create_table(rnd, organizer, seated, first_forehand=seated[0])
        services.record_deal(
            table,
            {
                "ruleset": "clarkson",
                "kind": "played",
                "players": [p.name for p in seated],
                "dealer": seated[0].name,
                "bidder": seated[1].name,
                "bid": "five",
                "partner": seated[2].name,
                "bidder_points": 40 + t % 3,
            },
            organizer,
        )
    services.issue_round_links(rnd, organizer)
    save_category(event, organizer, "Seniors", day_players[::2], "")
    return event, rnd


def test_queries_whatever_the_events_size(organizer, client):
    client = organizer_client(client, organizer)
    counts = []
    for players, name in ((8, "Small open"), (24, "Large open")):
        event, rnd = sized(organizer, players, name)
        found = {}
        for what, url in (
            ("name cards", reverse("name-cards-pdf", args=[event.pk])),
            ("table cards", reverse("table-cards-pdf", args=[rnd.pk])),
            ("diplomas", reverse("diplomas-pdf", args=[event.pk])),
        ):
            with CaptureQueriesContext(connection) as queries:
                response = client.get(url)
            assert response.content.startswith(b"%PDF-"), what
            found[what] = len(queries)
        counts.append(found)
        pages = len(PdfReader(io.BytesIO(response.content)).pages)
        assert pages == len(diploma_module.diplomas(event)) >= 4  # 3 and the Seniors' at least
    assert counts[0] == counts[1], counts
    assert all(n <= 15 for n in counts[0].values()), counts


def test_diplomas_module_reads_the_engine(tournament, organizer):
    """The diplomas' places are the engine's: the same rows the standings rank."""
    from tournaments.standings import standings

    event = services.update_event(
        tournament, organizer, ranking="table_points", bye_points=2, tie_breaks=ALL_BREAKS
    )
    day(event, organizer)
    top = [(s.player.name, s.rank) for s in standings(event)[:3]]
    assert [(d.name, d.place) for d in diploma_module.diplomas(event)] == [
        (name, f"{['1st', '2nd', '3rd'][rank - 1]} place") for name, rank in top
    ]
