"""django-tables2 tables: sortable standings."""

import django_tables2 as tables
from django.urls import reverse
from django.utils.html import format_html


class SignedColumn(tables.Column):
    def render(self, value):
        css = "pos" if value > 0 else "neg" if value < 0 else ""
        return format_html('<span class="{}">{}{}</span>', css, "+" if value > 0 else "", value)


class StandingsTable(tables.Table):
    rank = tables.Column(verbose_name="Rank", attrs={"td": {"class": "num"}})
    player = tables.Column(verbose_name="Player", order_by=("player__name",))
    club = tables.Column(verbose_name="Club")
    chips = SignedColumn(verbose_name="Net chips", attrs={"td": {"class": "num"}})
    deals_played = tables.Column(verbose_name="Deals", attrs={"td": {"class": "num"}})
    deals_as_bidder = tables.Column(verbose_name="As bidder", attrs={"td": {"class": "num"}})
    bidder_wins = tables.Column(verbose_name="Bidder's wins", attrs={"td": {"class": "num"}})
    best_deal = SignedColumn(verbose_name="Best deal", attrs={"td": {"class": "num"}})
    worst_deal = SignedColumn(verbose_name="Worst deal", attrs={"td": {"class": "num"}})
    byes = tables.Column(verbose_name="Byes", attrs={"td": {"class": "num"}})

    class Meta:
        attrs = {"class": "standings", "id": "standings"}
        order_by = ("rank",)
        template_name = "tournaments/standings_table.html"

    def __init__(self, *args, event, **kwargs):
        self.event = event
        # One reverse() for the whole table, not one per row.
        self.statement_url = reverse("player-statement", args=[event.pk, 0]).replace("/0/", "/{}/")
        super().__init__(*args, **kwargs)

    def render_player(self, record):
        url = self.statement_url.format(record.player.pk)
        withdrawn = " (withdrawn)" if record.withdrawn else ""
        return format_html('<a href="{}">{}</a>{}', url, record.player.name, withdrawn)
