"""PDFs: their text, names with Czech letters, figures, page sizes, repeated headers."""

import io
import re

import pytest
from django.urls import reverse
from pypdf import PdfReader

from tournaments import printouts, services
from tournaments.forms import EventForm
from tournaments.models import Player, Table

from ..conftest import played_doc

pytestmark = pytest.mark.django_db


def pages(pdf: bytes) -> list[str]:
    return [page.extract_text() for page in PdfReader(io.BytesIO(pdf)).pages]


def page_size(pdf: bytes) -> tuple[int, int]:
    box = PdfReader(io.BytesIO(pdf)).pages[0].mediabox
    return round(float(box.width)), round(float(box.height))


@pytest.fixture
def sheet_with_deals(table, organizer):
    services.record_deal(table, played_doc(), organizer)  # Anna + Čada win a Four 5 each
    services.record_deal(
        table,
        played_doc(
            dealer="Anna",
            bid="five",
            blind=None,
            bidder_points=30,
            declarations=[{"player": "Bill", "kind": "three_high"}],
        ),
        organizer,
    )
    return table


def test_score_sheet_text_and_figures(sheet_with_deals):
    text = "\n".join(pages(printouts.score_sheet_pdf(sheet_with_deals)))
    assert "Heun parish night: round 1, table 1: score sheet" in text
    assert "La Vista rules; starting chips 20" in text
    for name in ("Anna", "Bill", "Čada", "Dana"):
        assert name in text
    # Deal 2: the Five lost (8 each) and Bill's Three High (2 from each):
    # Anna -8 -2 (25 -> 15), Bill -8 +6 (15 -> 29), Čada -8 -2, Dana +8 -2 (15 -> 21).
    assert re.search(r"-10\s+15\s+\+14\s+29\s+-10\s+15\s+\+6\s+21", text), text
    assert re.search(r"Bill:\s+Three\s+High", text), text  # may wrap in 9 pt type
    assert "Signature: Čada" in text
    assert "Running: 2 deals played" in text


def test_paper_says_which_deals_were_corrected_and_voided(sheet_with_deals, organizer):
    """The sheet the players sign says what the web sheet says beside a deal's number
    (issue 40): "corrected", "voided", and what each means under the grid."""
    table = sheet_with_deals
    plain = " ".join(" ".join(pages(printouts.score_sheet_pdf(table))).split())
    assert "corrected" not in plain and "voided" not in plain
    services.record_deal(table, played_doc(dealer="Bill"), organizer)
    first, _, third = table.deals.order_by("number")
    services.correct_deal(first, played_doc(bidder_points=30), organizer, "recounted")
    services.void_deal(third, organizer, "dealt twice")
    text = " ".join(" ".join(pages(printouts.score_sheet_pdf(table))).split())
    # Nebraska's columns: the number (and its tag), the dealer, the bidder, the bid ...
    assert "1 corrected Dana Anna Four, 2nd half Čada 30:40 -5 15 +5 25" in text
    assert "2 Anna Anna Five Čada 30:40" in text  # neither: its number alone
    assert "3 voided Bill Anna Four, 2nd half Čada 41:29 0 5 0 39" in text
    assert (
        "Running: 2 deals played · corrected: the deal as corrected (its page keeps every "
        "version) · voided: the deal counts nothing" in text
    )


def test_a_long_sheet_repeats_its_header_on_every_page(table, organizer):
    services.update_event(table.round.event, organizer, deals_per_session=60)
    dealers = ["Dana", "Anna", "Bill", "Čada"]
    for i in range(45):
        services.record_deal(table, played_doc(dealer=dealers[i % 4]), organizer)
    texts = pages(printouts.score_sheet_pdf(table))
    assert len(texts) >= 2
    for i, text in enumerate(texts, start=1):
        assert "Heun parish night: round 1, table 1: score sheet" in text
        assert f"page {i}" in text
    # The column headings repeat too, on every page with deal rows.
    assert all("Dealer" in t and "chips" in t for t in texts[:-1])


def test_blank_sheet_has_names_rows_and_the_payment_table(table5, organizer):
    services.update_event(table5.round.event, organizer, ruleset="clarkson")
    text = "\n".join(pages(printouts.blank_sheet_pdf(Table.objects.get(pk=table5.pk))))
    assert "Seats clockwise: Emil → Fanny → Gustav → Hana → Ivan. The dealer sits out" in text
    assert "Five 8, Five Over 16" in text
    assert "No kontra or rekontra." in text
    assert "Surrendered Four: bidder pays 4 to each." in text
    # One numbered row per deal of the session (20), in order, and no more.
    numbers = iter(int(n) for n in re.findall(r"^(\d+)$", text, flags=re.M))
    assert all(any(n == row for n in numbers) for row in range(1, 21))
    assert "\n21\n" not in text


def test_round_pack_has_find_your_seat_the_seat_list_and_a_card_and_sheet_per_table(table, table5):
    """Issue 15 put "find your seat" first and a large table card before each sheet."""
    texts = pages(printouts.round_pack_pdf(table.round))
    assert "Round 1: find your seat" in texts[0]
    finder = texts[0][texts[0].index("find your seat") :]
    # Alphabetical (Čada with the Cs), each with table and seat.
    assert re.sub(r"\s+", " ", finder).startswith(
        "find your seat Seats are numbered clockwise from 1. "
        "Player Table Seat Anna 1 1 Bill 1 2 Čada 1 3 Dana 1 4 Emil 2 1"
    ), finder
    assert "Round 1: seats clockwise" in texts[1]
    assert "Anna → Bill → Čada → Dana" in texts[1]
    assert "Emil → Fanny → Gustav → Hana → Ivan" in texts[1]
    assert len(texts) == 6
    assert "Table 1\n Anna → Bill → Čada → Dana" in texts[2]
    assert "Table 1 · Seats clockwise: Anna" in texts[3]
    assert "Table 2\n Emil → Fanny → Gustav → Hana → Ivan" in texts[4]
    assert "Table 2 · Seats clockwise: Emil" in texts[5]
    assert "Scan" not in "".join(texts)  # no links issued: no QR codes


def test_standings_and_statement_pdfs(sheet_with_deals):
    event = sheet_with_deals.round.event
    text = pages(printouts.standings_pdf(event))[0]
    # Bill +14 - 5 = 9 and Dana +8 - 5 - 2 = 1; Anna and Čada 5 - 8 - 2 = -5.
    assert re.search(r"1\s+Bill\s+\+9", text), text
    assert re.search(r"2\s+Dana\s+\+1", text), text
    assert re.search(r"3\s+Anna\s+-5", text) and re.search(r"3\s+Čada\s+-5", text)
    bill = Player.objects.get(name="Bill")
    statement = "\n".join(pages(printouts.statement_pdf(event, bill)))
    assert "statement of Bill" in statement
    assert "Net chips: +9" in statement  # issue 16: say it is the net, not chips in hand
    assert "Bill declared Three High 1 x Five 2 = 2" in statement


@pytest.mark.parametrize("paper, size", [("letter", (792, 612)), ("a4", (842, 595))])
def test_paper_size_follows_the_event(table, organizer, paper, size):
    services.update_event(table.round.event, organizer, paper_size=paper)
    table = Table.objects.get(pk=table.pk)
    assert page_size(printouts.blank_sheet_pdf(table)) == size
    portrait = page_size(printouts.standings_pdf(table.round.event))
    assert portrait == (size[1], size[0])


def test_pdf_downloads_are_linked_and_named(client, sheet_with_deals, organizer):
    event = sheet_with_deals.round.event
    services.update_event(event, organizer, published=True)
    sheet_page = client.get(reverse("table-sheet", args=[sheet_with_deals.pk])).content.decode()
    url = reverse("table-pdf", args=[sheet_with_deals.pk])
    assert f'href="{url}"' in sheet_page
    assert "<svg" in sheet_page  # the same chart, as SVG, on the page
    response = client.get(url)
    assert response["Content-Type"] == "application/pdf"
    assert response["Content-Disposition"] == (
        'inline; filename="heun-parish-night-2026-round-1-table-1.pdf"'
    )
    blank = client.get(url + "?blank=1")
    assert "round-1-table-1-blank.pdf" in blank["Content-Disposition"]
    pack = client.get(reverse("round-pack-pdf", args=[sheet_with_deals.round.pk]))
    assert "heun-parish-night-2026-round-1-pack.pdf" in pack["Content-Disposition"]
    bill = Player.objects.get(name="Bill")
    statement = client.get(reverse("statement-pdf", args=[event.pk, bill.pk]))
    assert "statement-bill.pdf" in statement["Content-Disposition"]
    standings = client.get(reverse("standings-pdf", args=[event.pk]))
    assert pages(standings.content)[0].startswith("Heun parish night: standings")


def test_unpublished_printouts_are_not_public(client, sheet_with_deals):
    assert client.get(reverse("table-pdf", args=[sheet_with_deals.pk])).status_code == 404
    event = sheet_with_deals.round.event
    assert client.get(reverse("standings-pdf", args=[event.pk])).status_code == 404


def test_house_rules_print_in_the_words_of_the_event_form(table, organizer):
    """Every PDF's header says the event's house rules as the event form and page say
    them (the core's words for each option), never as stored keys and values ("house
    rules: kontra_allowed = False" was printed before)."""
    event = table.round.event
    rules = {"kontra_allowed": False, "tarok1_last_rule": "team_wins"}
    services.update_event(event, organizer, house_rules=rules)
    services.record_deal(table, played_doc(options=rules), organizer)
    table = Table.objects.get(pk=table.pk)
    event = table.round.event
    # The words the event form shows at the option's field.
    label = EventForm(instance=event)["rule__la-vista__kontra_allowed"].label
    assert label == "Kontra and rekontra on a Five and a Five Over"
    said = (
        f"House rules: {label}: no; "
        "Tarok 1 Last is won when: the Tarok 1's team takes the last trick"
    )
    anna = Player.objects.get(name="Anna")
    for pdf in (
        printouts.score_sheet_pdf(table),
        printouts.blank_sheet_pdf(table),
        printouts.round_pack_pdf(table.round),
        printouts.standings_pdf(event),
        printouts.statement_pdf(event, anna),
    ):
        for text in pages(pdf):
            # A header line too long for the page wraps (the words stay whole).
            flat = " ".join(text.split())
            assert "La Vista rules; starting chips 20" in flat
            assert said in flat, flat[:600]
            for code in ("kontra_allowed", "tarok1_last_rule", "team_wins", "= False"):
                assert code not in flat
