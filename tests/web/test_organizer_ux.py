"""What a new organizer stumbled on (issue 16), server side: roll call, links, first
forehand, messages in the form's words, statements' figures, below-zero chips,
plurals, CSV downloads, the wall's standings PDF and the sheet's type size."""

import io
import re

import pytest
from django.urls import reverse
from pypdf import PdfReader

from tournaments import printouts, services
from tournaments.models import Deal, Player, Table

from ..conftest import TOURNAMENT_PLAYERS, played_doc
from .deal_forms import form_data

pytestmark = pytest.mark.django_db


def players(*names):
    return [Player.objects.get(name=n) for n in names]


# -- roll call ----------------------------------------------------------------------


def test_a_new_round_starts_with_every_active_player_present(tournament, organizer):
    services.withdraw_player(tournament, organizer, players("Ivan")[0])
    rnd = services.create_round(tournament, organizer)
    assert sorted(rnd.present.values_list("name", flat=True)) == sorted(TOURNAMENT_PLAYERS[:8])
    # ...so the seating can be drawn at once, without saving the roll call first.
    draw = services.draw_seating(rnd, organizer, seed=5)
    assert sorted(pk for t in draw.tables for pk in t) == sorted(p.pk for p in rnd.present.all())


def test_the_draw_uses_the_roll_call_as_ticked_on_the_page(client, tournament, organizer):
    client.force_login(organizer)
    rnd = services.create_round(tournament, organizer)
    url = reverse("round-detail", args=[rnd.pk])
    page = client.get(url).content.decode()
    assert page.count('name="present"') == 9 and page.count("checked") == 9
    assert '<span id="present-count">9</span> ticked present' in page
    # Ivan and Hana unticked, not saved: Draw the seating posts the boxes as they are.
    ticked = [p.pk for p in players(*TOURNAMENT_PLAYERS[:7])]
    response = client.post(
        url, {"roll_call_shown": "1", "present": ticked, "seed": "7", "draw": "1"}, follow=True
    )
    messages = [str(m) for m in response.context["messages"]]
    assert messages == ["Round 1 drawn with seed 7: 1 table, 2 byes, 0 repeat pairings."]
    seated = set(rnd.tables.get().seats.values_list("player_id", flat=True))
    byes = set(rnd.byes.values_list("pk", flat=True))
    assert seated | byes == set(ticked) and len(seated) == 5
    assert set(rnd.present.values_list("pk", flat=True)) == set(ticked)


def test_the_round_page_offers_a_table_by_hand_and_the_sheet_links_its_round(
    client, table, organizer
):
    client.force_login(organizer)
    rnd = table.round
    page = client.get(reverse("round-detail", args=[rnd.pk])).content.decode()
    assert f'href="{reverse("table-create", args=[rnd.pk])}" id="add-table"' in page
    link = f'<a href="{reverse("round-detail", args=[rnd.pk])}">Round 1</a>'
    for url in (
        reverse("table-sheet", args=[table.pk]),
        reverse("deal-create", args=[table.pk]),
        reverse("table-create", args=[rnd.pk]),
    ):
        assert link in client.get(url).content.decode(), url


# -- the first forehand of a drawn table ----------------------------------------------


def test_a_drawn_table_can_name_its_first_forehand_and_then_suggests_the_dealer(
    client, tournament, organizer
):
    client.force_login(organizer)
    rnd = services.create_round(tournament, organizer)
    services.set_roll_call(rnd, organizer, players(*TOURNAMENT_PLAYERS[:4]))
    services.draw_seating(rnd, organizer, seed=1)
    table = rnd.tables.get()
    seats = list(table.seats.order_by("position").values_list("player__name", flat=True))
    sheet = client.get(reverse("table-sheet", args=[table.pk])).content.decode()
    question = "No dealer is suggested yet. Who holds the lowest tarok from 2 up (first forehand)?"
    assert question in sheet
    forehand = Player.objects.get(name=seats[1])
    response = client.post(
        reverse("table-first-forehand", args=[table.pk]),
        {"first_forehand": forehand.pk},
        follow=True,
    )
    assert [str(m) for m in response.context["messages"]] == [
        f"{seats[1]} is the first forehand: dealers are suggested."
    ]
    html = response.content.decode()
    assert f"Next deal: <strong>{seats[0]}</strong> deals" in html
    assert 'id="first-forehand"' not in html
    form = client.get(reverse("deal-create", args=[table.pk])).context["form"]
    assert form.initial["dealer"] == seats[0]


def test_the_first_forehand_must_sit_at_the_table_and_comes_before_the_first_deal(table, organizer):
    stranger = Player.objects.create(name="Zdeněk")
    with pytest.raises(services.ServiceError, match="Zdeněk does not sit at table 1."):
        services.set_first_forehand(table, organizer, stranger)
    services.record_deal(table, played_doc(), organizer)
    with pytest.raises(services.ServiceError, match="Table 1 has deals"):
        services.set_first_forehand(table, organizer, players("Bill")[0])


# -- messages -----------------------------------------------------------------------


def test_a_correction_without_a_reason_gets_one_message(client, table, organizer):
    client.force_login(organizer)
    deal = services.record_deal(table, played_doc(), organizer)
    response = client.post(
        reverse("deal-correct", args=[deal.pk]),
        form_data(bidder_points="30", expected_version="1", reason="  "),
    )
    form = response.context["form"]
    assert form.errors == {"reason": ["Say why the deal is changed."]}
    html = response.content.decode()
    assert "Say why the deal is changed." in html
    assert "Give a reason for the change." not in html
    assert Deal.objects.get().version == 1


def test_the_dealer_and_the_bidder_are_greyed_out_where_they_cannot_play(
    client, table, table5, organizer
):
    """The page marks the choices; its script greys them out (see the browser test)."""
    client.force_login(organizer)
    five = client.get(reverse("deal-create", args=[table5.pk])).content.decode()
    four = client.get(reverse("deal-create", args=[table.pk])).content.decode()
    assert "data-dealer-sits-out" in five and "data-dealer-sits-out" not in four
    # The bidder and the player of each of the five declaration rows (its five
    # players and its "—", which takes a tap back); never the dealer.
    assert five.count('data-exclude="sitting-out"') == 5 + 6 * 5
    assert five.count('data-exclude="sitting-out bidder"') == 5 + 1  # partner, Alone
    assert 'name="dealer" value="Emil" data-field="dealer" required' not in five
    assert 'name="dealer" value="Emil" data-field="dealer" id=' in five
    assert "sitting-out" not in four
    # At five the dealer must be named (who sits out depends on him): no "Nobody".
    assert 'name="dealer" value="" data-field="dealer"' in four
    assert 'name="dealer" value="" data-field="dealer"' not in five
    assert four.count('data-exclude="bidder"') == 4 + 1


# -- the sheet ------------------------------------------------------------------------


def test_below_zero_chips_are_noticed_on_the_sheet(client, table, organizer):
    client.force_login(organizer)
    url = reverse("table-sheet", args=[table.pk])
    assert 'id="below-zero"' not in client.get(url).content.decode()
    # Anna alone loses a Five Over with kontra: 32 to each of three, 20 - 96 = -76.
    doc = played_doc(bid="five_over", blind=None, partner=None, bidder_points=20, kontra="kontra")
    services.record_deal(table, doc, organizer)
    html = client.get(url).content.decode()
    assert (
        '<p class="notice" id="below-zero">Below zero: <strong>Anna</strong> has -76 chips. '
        "The session goes on to its 20 deals; settle the debt as the club does.</p>"
    ) in html
    assert '<td class="num chips below">-76</td>' in html
    assert "Running: 1 deal played" in html
    pdf = "".join(t for t, _, _ in text_sizes(printouts.score_sheet_pdf(table)))
    assert "Running: 1 deal played · Below zero: Anna -76" in pdf


# -- downloads ------------------------------------------------------------------------


def test_csv_downloads_start_with_a_byte_order_mark(client, table, organizer):
    client.force_login(organizer)
    services.record_deal(table, played_doc(), organizer)
    event = table.round.event
    for url in (
        reverse("event-download", args=[event.pk, "deals.csv"]),
        reverse("event-download", args=[event.pk, "ledger.csv"]),
        reverse("standings-csv", args=[event.pk]),
    ):
        body = client.get(url).content
        assert body.startswith(b"\xef\xbb\xbf"), url
        assert body.decode("utf-8-sig").splitlines()[0][:4] in ("roun", "id,r", "rank")


def test_round_standings_download_under_their_own_name_with_their_own_figures(
    client, table, organizer
):
    event = table.round.event
    services.update_event(event, organizer, published=True)
    services.record_deal(table, played_doc(), organizer)  # round 1: Anna +5
    r2 = services.create_round(event, organizer)
    t2 = services.create_table(r2, organizer, players("Anna", "Bill", "Čada", "Dana"))
    services.record_deal(t2, played_doc(bidder="Bill", partner="Dana"), organizer)  # Anna -5

    def get(name, query):
        return client.get(reverse(name, args=[event.pk]) + query)

    only2 = get("standings-csv", "?round=2")
    assert only2["Content-Disposition"] == (
        'attachment; filename="heun-parish-night-2026-11-20-standings-round-2.csv"'
    )
    rows = only2.content.decode("utf-8-sig").splitlines()
    assert [r.split(",")[1:4] for r in rows[1:]] == [
        ["Bill", "", "5"],
        ["Dana", "", "5"],
        ["Anna", "", "-5"],
        ["Čada", "", "-5"],
    ]
    overall = get("standings-csv", "")
    assert overall["Content-Disposition"].endswith('-standings.csv"')
    assert "after-round-1.csv" in get("standings-csv", "?after=1")["Content-Disposition"]
    pdf = get("standings-pdf", "?round=2")
    assert pdf["Content-Disposition"] == (
        'inline; filename="heun-parish-night-2026-standings-round-2.pdf"'
    )
    page = client.get(reverse("standings", args=[event.pk]) + "?round=2").content.decode()
    assert f'href="{reverse("standings-csv", args=[event.pk])}?round=2"' in page
    assert f'href="{reverse("standings-pdf", args=[event.pk])}?round=2"' in page


# -- PDFs for the wall and the table --------------------------------------------------


def text_sizes(pdf: bytes) -> list[tuple[str, float, float]]:
    """(text, font size, height above the page's bottom) of the first page's runs."""
    found = []

    def visit(text, cm, tm, font, size):
        if text.strip():
            found.append((text.strip(), size * tm[3] * cm[3], tm[5] * cm[3] + cm[5]))

    PdfReader(io.BytesIO(pdf)).pages[0].extract_text(visitor_text=visit)
    return found


def test_the_standings_pdf_is_large_type_filling_the_page(tournament, organizer):
    for name in ("Jan Šťastný", "Karel", "Ludmila", "Marie Nováková"):
        services.register_player(tournament, organizer, name=name, club="Dodge")
    rnd = services.create_round(tournament, organizer)
    table = services.create_table(rnd, organizer, players("Anna", "Bill", "Čada", "Dana"))
    services.record_deal(table, {**played_doc(), "ruleset": "clarkson"}, organizer)
    runs = text_sizes(printouts.standings_pdf(tournament))
    names = [(t, size, y) for t, size, y in runs if t in ("Anna", "Marie Nováková")]
    assert len(names) == 2
    # 13 players on one Letter page: each name in about 30 pt type (was 9 pt)...
    assert all(size >= 28 for _, size, _ in names), names
    # ...and the table runs down the page (it used the top third).
    lowest = min(y for t, _, y in runs if t in [*TOURNAMENT_PLAYERS, "Marie Nováková"])
    assert lowest < 792 / 4, lowest


def test_a_long_standings_pdf_keeps_large_type_over_more_pages(tournament, organizer):
    for i in range(60):
        services.register_player(tournament, organizer, name=f"Player {i:02d}")
    pdf = printouts.standings_pdf(tournament)
    sizes = {round(size) for t, size, _ in text_sizes(pdf) if t.startswith("Player ")}
    assert sizes == {16}
    assert len(PdfReader(io.BytesIO(pdf)).pages) >= 3


def test_the_filled_score_sheet_prints_in_9_pt(table, organizer):
    services.record_deal(table, played_doc(), organizer)
    table = Table.objects.get(pk=table.pk)
    runs = text_sizes(printouts.score_sheet_pdf(table))
    cells = [size for t, size, _ in runs if t in ("Dana", "41:29", "Starting chips")]
    assert cells and all(round(s) == 9 for s in cells), runs
    assert re.search(r"Anna", " ".join(t for t, _, _ in runs))
