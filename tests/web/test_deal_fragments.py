"""The deal form's fields and the table sheet's rows: rendered through their templates
(templates/tournaments/_game_fields.html, _field.html, the rows of table_sheet.html) and
kept in Django's cache as rendered fragments, each under a key of everything it is
rendered from. What the pages show for a deal, an error, a rename; and that a kept
fragment is never shown once what it shows has changed: a correction, a void, a
confirmation, a rename, other house rules, the next dealer, a new link."""

import re

import pytest
from django.core.cache import caches
from django.core.cache.utils import make_template_fragment_key
from django.urls import reverse

import taroky_scoring as core
from tournaments import services
from tournaments.models import Player

from ..conftest import game_table, played_doc
from .deal_forms import form_data
from .every_game import NAMES

pytestmark = pytest.mark.django_db

FIELDS = "tournaments/_game_fields.html"
CSRF = re.compile(r'name="csrfmiddlewaretoken" value="[^"]+"')


@pytest.fixture(autouse=True)
def no_fragments():
    """Each test starts with nothing kept, so that what it renders is its own."""
    caches["template_fragments"].clear()


@pytest.fixture
def org_client(client, organizer):
    client.force_login(organizer)
    return client


def rendered(response) -> list[str]:
    return [t.name for t in response.templates]


def page(response) -> str:
    return CSRF.sub("", response.content.decode())


def row(html: str, number: int) -> str:
    """The sheet's row of deal ``number``."""
    return re.search(rf'<tr class="[^"]*" data-deal="{number}">.*?</tr>', html, re.S).group(0)


def chips(html: str, number: int) -> list[str]:
    """Each player's change and chips after deal ``number``, as the sheet's row says."""
    return re.findall(r'<td class="num [^"]*">([^<]*)</td>', row(html, number))


def checked(html: str, field: str) -> list[str]:
    return re.findall(rf'<input type="radio" name="{field}" value="([^"]*)"[^>]* checked>', html)


def mark_kept(response) -> None:
    """Each fragment the page kept is replaced in the cache by a marker under its key:
    a page showing the marker read it from the cache (the keys are Django's, by the
    names and keys the templates give their ``{% cache %}``)."""
    fragments = caches["template_fragments"]
    context = response.context
    if "sheet" in context and "form" not in context:
        sheet = context["sheet"]
        for r in sheet.rows:
            key = make_template_fragment_key("sheet-row", [r.fragment_key, sheet.has_pot])
            assert fragments.get(key) is not None
            fragments.set(key, f"<tr>kept {r.deal.number}</tr>", None)
    else:
        key = make_template_fragment_key("deal-fields", [context["form"].fragment_key])
        assert fragments.get(key) is not None
        fragments.set(key, "<p>kept fields</p>", None)


def kept_rows(html: str) -> list[int]:
    return [int(n) for n in re.findall(r"<tr>kept (\d+)</tr>", html)]


# -- the deal form's fields -------------------------------------------------------------


def test_a_new_forms_fields_are_rendered_by_their_templates_once(org_client, table):
    url = reverse("deal-create", args=[table.pk])
    first = org_client.get(url)
    assert FIELDS in rendered(first)
    # A field's template for each field shown (the hidden ones carry a fieldset's errors).
    shown = [bound for bound in first.context["form"] if not bound.is_hidden]
    assert rendered(first).count("tournaments/_field.html") == len(shown) == 26
    again = org_client.get(url)
    assert FIELDS not in rendered(again)
    assert page(again) == page(first)
    mark_kept(again)
    assert "<p>kept fields</p>" in page(org_client.get(url))
    html = page(first)
    # Dana deals first (Anna holds the tarok 2), a Played deal, no kontra: the starting
    # values; the description for the page script after the fields.
    assert checked(html, "dealer") == ["Dana"]
    assert checked(html, "kind") == ["played"]
    assert checked(html, "kontra") == ["none"]
    assert '<script id="deal-fields" type="application/json">[{"name": "dealer"' in html


def test_a_posted_form_shows_its_own_values_and_errors_not_the_kept_fields(org_client, table):
    url = reverse("deal-create", args=[table.pk])
    mark_kept(org_client.get(url))
    out_of_range = org_client.post(url, form_data(bidder="Bill", bidder_points="75"))
    assert FIELDS in rendered(out_of_range)
    html = page(out_of_range)
    assert checked(html, "bidder") == ["Bill"]
    assert re.search(
        r'<div class="field has-error" id="field-bidder_points">.*?'
        r'<input type="number" name="bidder_points" value="75"[^>]*>.*?'
        r"Card points of the bidder&#x27;s team must be from 0 to 69\.",
        html,
        re.S,
    )
    own_partner = page(org_client.post(url, form_data(partner="Anna")))
    assert checked(own_partner, "partner") == ["Anna"]
    assert re.search(
        r'<div class="field has-error" id="field-partner">.*?own partner', own_partner, re.S
    )
    assert 'class="field has-error" id="field-bidder_points"' not in own_partner
    assert "kept fields" not in html + own_partner
    # The new form is still the one kept.
    assert "<p>kept fields</p>" in page(org_client.get(url))


def test_the_next_deals_form_starts_at_its_own_dealer(org_client, table, organizer):
    url = reverse("deal-create", args=[table.pk])
    first = org_client.get(url)
    assert checked(page(first), "dealer") == ["Dana"]
    mark_kept(first)
    services.record_deal(table, played_doc(), organizer)
    after = org_client.get(url)
    assert FIELDS in rendered(after)
    assert checked(page(after), "dealer") == ["Anna"]


@pytest.mark.parametrize(
    "first, second",
    [
        # A house rule: no kontra, no kontra field.
        (("la-vista", {}), ("la-vista", {"kontra_allowed": False})),
        # Another ruleset of the same game starting at the same values: its own bids.
        (("texas-xix", {}), ("texas-xx", {})),
    ],
)
def test_each_events_rules_get_their_own_fields(org_client, organizer, first, second):
    """Two events alike but for their rules, their tables alike (the same players in the
    same seats): the second's form is not the first's kept fields."""
    pages = []
    for ruleset, house_rules in (first, second):
        name = f"{ruleset} {house_rules}"
        table = game_table(organizer, ruleset, NAMES[:4], name=name, house_rules=house_rules)
        response = org_client.get(reverse("deal-create", args=[table.pk]))
        pages.append(page(response))
        mark_kept(response)
    assert "kept fields" not in pages[1]
    if second[0] == "la-vista":
        assert 'name="kontra"' in pages[0]
        assert 'name="kontra"' not in pages[1]
    else:
        assert 'name="called" value="xix"' in pages[0]
        assert 'name="bid" value="zebrak"' not in pages[0]
        assert 'name="called" value="xx"' in pages[1]
        assert 'name="bid" value="zebrak"' in pages[1]


def test_a_renamed_player_is_offered_under_his_new_name(org_client, table, organizer):
    url = reverse("deal-create", args=[table.pk])
    first = org_client.get(url)
    assert 'value="Bill"' in page(first)
    mark_kept(first)
    event = table.round.event
    services.register_player(event, organizer, name="Bill", club="")
    services.rename_player(event, organizer, Player.objects.get(name="Bill"), "Vilém")
    html = page(org_client.get(url))
    assert 'value="Bill"' not in html
    assert '<input type="radio" name="bidder" value="Vilém"' in html


def test_a_corrected_deals_form_starts_at_its_new_version(org_client, table, organizer):
    deal = services.record_deal(table, played_doc(bidder_points=30), organizer)
    url = reverse("deal-correct", args=[deal.pk])
    first = org_client.get(url)
    assert 'name="bidder_points" value="30"' in page(first)
    mark_kept(first)
    assert "<p>kept fields</p>" in page(org_client.get(url))
    services.correct_deal(deal, played_doc(), organizer, "Recounted")
    html = page(org_client.get(url))
    assert "kept fields" not in html
    assert 'name="bidder_points" value="41"' in html
    assert 'name="expected_version" value="2"' in html


def test_names_with_markup_are_escaped_in_the_form_and_the_sheet(org_client, organizer):
    names = ['<b>"Anna"</b>', "Bill & Co", "Čada's", "Dana"]
    table = game_table(organizer, "texas-xix", names)
    form = page(org_client.get(reverse("deal-create", args=[table.pk])))
    assert 'value="&lt;b&gt;&quot;Anna&quot;&lt;/b&gt;"' in form
    assert "Bill &amp; Co</label>" in form
    assert "Čada&#x27;s</label>" in form
    assert "<b>" not in form.split('id="deal-form"')[1]
    document = {
        "ruleset": "texas-xix",
        "players": names,
        "kind": "played",
        "bidder": names[0],
        "bid": "povinost",
        "partner": names[2],
        "called": "xix",
        "bidder_points": 60,
        "dealer": names[3],
    }
    services.record_deal(table, document, organizer)
    sheet = row(page(org_client.get(reverse("table-sheet", args=[table.pk]))), 1)
    assert "&lt;b&gt;&quot;Anna&quot;&lt;/b&gt;" in sheet
    assert "<b>" not in sheet


@pytest.mark.parametrize(
    "ruleset, n",
    [
        (ruleset, n)
        for game in core.registry.games()
        for ruleset in (p.name for p in game.presets)
        for n in game.table_sizes
    ],
)
def test_every_games_form_is_the_same_kept_or_rendered(org_client, organizer, ruleset, n):
    """Every ruleset at every table size: the kept fields are what the templates render,
    and the form offers the table's players in its order."""
    table = game_table(organizer, ruleset, NAMES[:n])
    url = reverse("deal-create", args=[table.pk])
    first = org_client.get(url)
    again = org_client.get(url)
    assert (FIELDS in rendered(first), FIELDS in rendered(again)) == (True, False)
    assert page(again) == page(first)
    offered = re.findall(r'<input type="radio" name="dealer" value="([^"]+)"', page(first))
    assert offered == NAMES[:n]


# -- the sheet's rows ---------------------------------------------------------------------


def test_the_sheet_renders_a_new_row_and_keeps_the_others(org_client, table, organizer):
    url = reverse("table-sheet", args=[table.pk])
    empty = page(org_client.get(url))
    assert '<tr><td colspan="18" class="muted">No deals yet.</td></tr>' in empty
    services.record_deal(table, played_doc(), organizer)
    one = org_client.get(url)
    assert "No deals yet." not in page(one)
    mark_kept(one)
    services.record_deal(table, played_doc(dealer="Anna", bidder_points=30), organizer)
    two = org_client.get(url)
    assert kept_rows(page(two)) == [1]
    link = table.deals.get(number=1).get_absolute_url()
    assert row(page(one), 1) == (
        f'<tr class="" data-deal="1">\n      <td><a href="{link}">1</a></td>\n      '
        '<td class="text">Dana</td>\n      '
        '<td class="text">Anna</td><td class="text">Four, 2nd half</td><td class="text">Čada</td>'
        '<td class="num">41:29</td>' + '<td class="text"></td>' * 4 + "\n      "
        '<td class="num pos">+5</td><td class="num chips">25</td>'
        '<td class="num neg">-5</td><td class="num chips">15</td>'
        '<td class="num pos">+5</td><td class="num chips">25</td>'
        '<td class="num neg">-5</td><td class="num chips">15</td>\n    </tr>'
    )
    assert chips(page(two), 2) == ["-5", "20", "+5", "20", "-5", "20", "+5", "20"]


def test_a_correction_renders_its_row_and_the_later_rows_again(org_client, table, organizer):
    url = reverse("table-sheet", args=[table.pk])
    services.record_deal(table, played_doc(), organizer)
    second = services.record_deal(table, played_doc(dealer="Anna", bidder_points=30), organizer)
    services.record_deal(table, played_doc(dealer="Bill"), organizer)
    before = org_client.get(url)
    assert chips(page(before), 2) == ["-5", "20", "+5", "20", "-5", "20", "+5", "20"]
    assert chips(page(before), 3) == ["+5", "25", "-5", "15", "+5", "25", "-5", "15"]
    mark_kept(before)
    services.correct_deal(second, played_doc(dealer="Anna"), organizer, "Recounted")
    after = page(org_client.get(url))
    # Deal 1 is as it was; deal 2 is corrected, and the chips after deal 3 are others.
    assert kept_rows(after) == [1]
    # Said in words, not "v2" (the version's number is on the deal's page).
    assert '</a> <span class="version-tag">corrected</span></td>' in row(after, 2)
    assert "v2" not in row(after, 2)
    assert '<td class="num">41:29</td>' in row(after, 2)
    assert chips(after, 2) == ["+5", "30", "-5", "10", "+5", "30", "-5", "10"]
    assert chips(after, 3) == ["+5", "35", "-5", "5", "+5", "35", "-5", "5"]


def test_a_void_strikes_its_row_through(org_client, table, organizer):
    url = reverse("table-sheet", args=[table.pk])
    services.record_deal(table, played_doc(), organizer)
    second = services.record_deal(table, played_doc(dealer="Anna"), organizer)
    before = org_client.get(url)
    assert row(page(before), 2).startswith('<tr class="" data-deal="2">')
    mark_kept(before)
    services.void_deal(second, organizer, "Wrong table")
    after = page(org_client.get(url))
    assert kept_rows(after) == [1]
    assert row(after, 2).startswith('<tr class="voided" data-deal="2">')
    assert '</a> <span class="version-tag">voided</span></td>' in row(after, 2)
    assert "v2" not in row(after, 2)
    assert chips(after, 2) == ["0", "25", "0", "15", "0", "25", "0", "15"]


def test_a_rename_shows_in_the_rows_kept_before(org_client, table, organizer):
    url = reverse("table-sheet", args=[table.pk])
    services.record_deal(table, played_doc(), organizer)
    before = org_client.get(url)
    assert '<td class="text">Dana</td>' in row(page(before), 1)
    mark_kept(before)
    event = table.round.event
    for name in ("Anna", "Dana"):
        services.register_player(event, organizer, name=name, club="")
    services.rename_player(event, organizer, Player.objects.get(name="Dana"), "Dora")
    services.rename_player(event, organizer, Player.objects.get(name="Anna"), "Anežka")
    html = page(org_client.get(url))
    assert kept_rows(html) == []
    after = row(html, 1)
    # The dealer's cell and the bidder's, under today's names.
    assert '<td class="text">Dora</td>' in after
    assert '<td class="text">Anežka</td>' in after
    assert "Dana" not in after and "Anna" not in after


def test_a_confirmation_and_a_new_link_show_on_the_sheets(client, organizer):
    """Deals a table's link sent wait for an organizer: unconfirmed on the sheets until
    he confirms them. The rows kept are the same whoever looks; a new link's page is its
    own around them (its deal form, its last deal to correct)."""
    table = game_table(organizer, "la-vista", NAMES[:4], table_deals_need_confirmation=True)
    link = services.issue_link(table, organizer)
    first = services.record_deal(table, played_doc(), None, number=1, link=link)
    services.record_deal(table, played_doc(dealer="Anna"), None, number=2, link=link)
    client.force_login(organizer)
    sheet_url = reverse("table-sheet", args=[table.pk])
    organizers = client.get(sheet_url)
    for number in (1, 2):
        assert row(page(organizers), number).startswith(
            f'<tr class=" unconfirmed" data-deal="{number}">'
        )
        assert '<span class="unconfirmed-tag">unconfirmed</span>' in row(page(organizers), number)
    mark_kept(organizers)
    client.logout()
    new = services.issue_link(table, organizer)
    link_url = reverse("link-sheet", args=[new.token])
    links = page(client.get(link_url))
    assert kept_rows(links) == [1, 2]
    assert f'href="/t/{new.token}/deal/" id="enter-deal"' in links
    assert f'href="/t/{new.token}/deals/2/correct/" id="correct-last"' in links
    assert link.token not in links
    services.confirm_deal(first, organizer)
    confirmed = page(client.get(link_url))
    assert kept_rows(confirmed) == [2]
    assert row(confirmed, 1).startswith('<tr class="" data-deal="1">')
    assert "unconfirmed" not in row(confirmed, 1)
