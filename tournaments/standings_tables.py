"""django-tables2 tables: sortable standings."""

import django_tables2 as tables
from django.urls import reverse
from django.utils.html import format_html

from .words import counted


class SignedColumn(tables.Column):
    def render(self, value):
        css = "pos" if value > 0 else "neg" if value < 0 else ""
        return format_html('<span class="{}">{}{}</span>', css, "+" if value > 0 else "", value)


class StandingsTable(tables.Table):
    # Numbers are right-aligned by the stylesheet, by column position: a class on every
    # cell costs django-tables2 an attrs merge per cell, a third of the page at 64 players.
    rank = tables.Column(verbose_name="Rank")
    player = tables.Column(verbose_name="Player", order_by=("player__name",))
    club = tables.Column(verbose_name="Club")
    chips = SignedColumn(verbose_name="Net chips")
    deals_played = tables.Column(verbose_name="Deals")
    deals_as_bidder = tables.Column(verbose_name="As bidder")
    bidder_wins = tables.Column(verbose_name="Bidder's wins")
    best_deal = SignedColumn(verbose_name="Best deal")
    worst_deal = SignedColumn(verbose_name="Worst deal")
    byes = tables.Column(verbose_name="Byes")
    # Only when the event ranks by table points (tournaments.ranking): a chip-ranked
    # event's standings are as they always were.
    score = tables.Column(verbose_name="Score")
    points = tables.Column(verbose_name="Table points")
    table_wins = tables.Column(verbose_name="Table wins")
    places = tables.Column(
        verbose_name="Each round: table, place, points", orderable=False, empty_values=()
    )

    class Meta:
        attrs = {"class": "standings", "id": "standings"}
        order_by = ("rank",)
        template_name = "tournaments/standings_table.html"

    def __init__(self, *args, event, **kwargs):
        self.event = event
        # One reverse() for the whole table, not one per row.
        self.statement_url = reverse("player-statement", args=[event.pk, 0]).replace("/0/", "/{}/")
        self.by_points = by_points = event.ranking != event.Ranking.CHIPS
        exclude = [] if by_points else ["score", "points", "table_wins", "places"]
        if event.ranking != event.Ranking.CHIPS_AND_POINTS:
            exclude.append("score")
        # By points, the points come after the rank and player; the rest as always.
        sequence = ("rank", "player", "club", "score", "points", "chips", "table_wins", "...")
        super().__init__(*args, exclude=exclude, sequence=sequence if by_points else None, **kwargs)
        # The game's own word for who won the bidding ("bidder", "declarer"), from the
        # core; on this table's copy of the columns, never the class's.
        word = event.game.bidder_word
        self.columns["deals_as_bidder"].column.verbose_name = f"As {word}"
        self.columns["bidder_wins"].column.verbose_name = f"{word.capitalize()}'s wins"

    def render_player(self, record):
        url = self.statement_url.format(record.player.pk)
        withdrawn = " (withdrawn)" if record.withdrawn else ""
        tie = f" (tie broken by {record.decided_by})" if record.decided_by else ""
        return format_html('<a href="{}">{}</a>{}{}', url, record.player.name, withdrawn, tie)

    def render_rank(self, record):
        shared = self.by_points and record.shared
        return f"{record.rank}=" if shared else record.rank

    def render_score(self, record):
        return record.score_shown

    def render_points(self, record):
        return record.points_shown

    def render_places(self, record):
        byes = f" · {counted(record.byes, 'bye')}" if record.byes else ""
        return (record.places_shown or "—") + byes


class SeasonStandingsTable(tables.Table):
    """A season's standings (tournaments.season_standings.SeasonStanding rows)."""

    rank = tables.Column(verbose_name="Rank")
    player = tables.Column(verbose_name="Player", order_by=("player__name",))
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
        self.statement_url = reverse("season-statement", args=[season.pk, 0]).replace("/0/", "/{}/")
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
