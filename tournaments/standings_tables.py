"""django-tables2 tables: sortable standings."""

import django_tables2 as tables
from django.urls import reverse
from django.utils.html import format_html

from . import columns


def signed_html(value):
    css = "pos" if value > 0 else "neg" if value < 0 else ""
    return format_html('<span class="{}">{}{}</span>', css, "+" if value > 0 else "", value)


def statement_urls(url_name: str, pk: int) -> str:
    """The address of every player's statement of the event or season ``pk``, ``{}`` for
    the player's id: one reverse() for the whole table, not one per row."""
    return reverse(url_name, args=[pk, 0]).replace("/0/", "/{}/")


class SignedColumn(tables.Column):
    def render(self, value):
        return signed_html(value)


class EngineColumn(tables.Column):
    """A column of the engine's (tournaments.columns), shown as its kind says: a signed
    figure coloured, the player's name a link to their statement."""

    def __init__(self, column: columns.Column):
        self.engine = column
        super().__init__(
            verbose_name=column.heading,
            orderable=None if column.orderable else False,  # as the table says
            order_by=("player__folded", "player__name") if column.kind == columns.NAME else None,
            empty_values=() if column.kind == columns.WORDS else (None, ""),
        )

    def render(self, value, record, table):
        kind = self.engine.kind
        if kind == columns.SIGNED:
            return signed_html(value)
        if kind == columns.NAME:
            return table.player_link(record)
        return self.engine.text(record)


class StandingsTable(tables.Table):
    """An event's standings page: the engine's columns for the page, in its order.
    Numbers are right-aligned by the stylesheet, by column position: a class on every
    cell costs django-tables2 an attrs merge per cell, a third of the page at 64
    players."""

    class Meta:
        attrs = {"class": "standings", "id": "standings"}
        order_by = ("rank",)
        template_name = "tournaments/standings_table.html"

    def __init__(self, *args, event, **kwargs):
        self.event = event
        self.statement_url = statement_urls("player-statement", event.pk)
        shown = columns.Columns.of(event)
        self.by_points = shown.scoring.by_points
        self.shown = shown.page()
        extra = [(c.key, EngineColumn(c)) for c in self.shown]
        super().__init__(*args, extra_columns=extra, **kwargs)

    @property
    def alignment(self) -> str:
        """CSS for the columns whose place in the table goes against the stylesheet's
        rule (rank and the 4th column onwards right-aligned, see site.css): a number in
        the 3rd column, the club further right (an event ranked by points). One rule a
        column, not a class a cell."""
        rules = []
        for i, c in enumerate(self.shown, start=1):
            number = c.kind in (columns.NUMBER, columns.SIGNED)
            if number and i in (2, 3):
                rules.append(f"table.standings td:nth-child({i}) {{ text-align: right; }}")
            elif c.kind in (columns.TEXT, columns.NAME) and i >= 4:
                rules.append(f"table.standings td:nth-child({i}) {{ text-align: left; }}")
        return " ".join(rules)

    def player_link(self, record):
        url = self.statement_url.format(record.player.pk)
        withdrawn = " (withdrawn)" if record.withdrawn else ""
        note = columns.tie_note(record, self.shown)
        tie = f" (tie broken by {note})" if note else ""
        return format_html('<a href="{}">{}</a>{}{}', url, record.player.name, withdrawn, tie)


class SeasonStandingsTable(tables.Table):
    """A season's standings (tournaments.season_standings.SeasonStanding rows)."""

    rank = tables.Column(verbose_name="Rank")
    player = tables.Column(verbose_name="Player", order_by=("player__folded", "player__name"))
    club = tables.Column(verbose_name="Club", accessor="player__club")
    total = tables.Column(verbose_name="Points")
    chips = SignedColumn(verbose_name="Chips")
    events_played = tables.Column(verbose_name="Events")
    events_won = tables.Column(verbose_name="Won")
    dropped = tables.Column(verbose_name="Dropped", orderable=False, empty_values=())

    class Meta:
        attrs = {"class": "standings", "id": "season-standings"}
        order_by = ("rank",)
        template_name = "tournaments/season_standings_table.html"

    def __init__(self, *args, season_table, **kwargs):
        self.standing = season_table
        season = season_table.season
        self.statement_url = statement_urls("season-statement", season.pk)
        exclude = [] if season.counts_best else ["dropped"]
        super().__init__(*args, exclude=exclude, **kwargs)
        self.columns["total"].column.verbose_name = season_table.total_words
        if not season_table.chips_differ:
            self.columns.hide("chips")

    def render_player(self, record):
        url = self.statement_url.format(record.player.pk)
        tie = f" (tie broken by {record.decided_by})" if record.decided_by else ""
        return format_html('<a href="{}">{}</a>{}', url, record.player.name, tie)

    def render_total(self, record, value):
        if self.standing.by_points:
            return value
        return SignedColumn().render(value)

    def render_dropped(self, record):
        return ", ".join(f"{r.event.date:%b} {r.event.date.day}" for r in record.dropped) or "—"
