"""Pages cost the same number of queries however big the event, for every game: the
same page at two rounds of one table with three deals, and at four rounds of two
tables with six deals each (a corrected and a voided deal at every table), runs as
many queries. (Two rounds at least: the standings' chart shows from the second.)
tests/web/test_games_pages.py grows one table's deals of every kind; this grows the
rounds and tables too, on the pages that list them."""

import pytest
from django.urls import reverse

from .event_sizes import DEALS, build, query_counts

pytestmark = pytest.mark.django_db


def urls(event, rnd, table, deal, player):
    return {
        "event": reverse("event-detail", args=[event.pk]),
        "round": reverse("round-detail", args=[rnd.pk]),
        "sheet": reverse("table-sheet", args=[table.pk]),
        "sheet pdf": reverse("table-pdf", args=[table.pk]),
        "blank sheet pdf": reverse("table-pdf", args=[table.pk]) + "?blank=1",
        "round pack pdf": reverse("round-pack-pdf", args=[rnd.pk]),
        "deal": reverse("deal-detail", args=[deal.pk]),
        "standings": reverse("standings", args=[event.pk]),
        "standings pdf": reverse("standings-pdf", args=[event.pk]),
        "standings csv": reverse("standings-csv", args=[event.pk]),
        "statement": reverse("player-statement", args=[event.pk, player.pk]),
        "statement pdf": reverse("statement-pdf", args=[event.pk, player.pk]),
        "wall": reverse("wall", args=[event.pk]),
    }


@pytest.mark.parametrize("ruleset", sorted(DEALS))
def test_pages_cost_the_same_queries_with_more_rounds_tables_and_deals(client, organizer, ruleset):
    client.force_login(organizer)
    small = query_counts(client, urls(*build(organizer, ruleset, 2, 1, 3)))
    large = query_counts(client, urls(*build(organizer, ruleset, 4, 2, 6)))
    assert large == small
