"""What each player of an event gets by email: their place, chips, table points when
the event ranks by them, prize if any and the link to their statement when the event
is published. Read from the one ranking engine (``standings.standings``,
``prizes.event_prize_lists``), never ranked again here; a fixed number of queries
whatever the event's size. A season's players get their place in its standings
(``season_standings``) and what it ranks by. Nothing is written or sent here
(services.results_mail)."""

from __future__ import annotations

from dataclasses import dataclass

from django.urls import reverse

from .columns import signed
from .models import Event, ResultMessage, Season
from .money import dollars
from .places import place_text
from .prizes import event_prize_lists
from .season_standings import SeasonStanding, season_standings
from .standings import Standing, standings

NO_EMAIL = "no email address"
DID_NOT_PLAY = "did not play"


@dataclass
class Letter:
    """A registered player's message, or why they get none (``refused``)."""

    standing: Standing | SeasonStanding
    subject: str = ""
    body: str = ""
    refused: str = ""  # NO_EMAIL, DID_NOT_PLAY
    state: str = ""  # their last message's: waiting, sent, failed ("" if none)
    failure: str = ""  # why it failed, when it did
    attempts: int = 0  # the sends that tried it

    @property
    def player(self):
        return self.standing.player

    @property
    def address(self) -> str:
        return self.player.email

    @property
    def sendable(self) -> bool:
        return not self.refused

    @property
    def state_words(self) -> str:
        return dict(ResultMessage.State.choices).get(self.state, "not queued")


def chips_words(chips: int) -> str:
    """>>> chips_words(24), chips_words(-1), chips_words(0)
    ('+24 chips', '-1 chip', '0 chips')
    """
    return f"{signed(chips)} chip{'' if abs(chips) == 1 else 's'}"


def one_line(text: str) -> str:
    """A header's text on one line: a name never carries a line break into a subject."""
    return " ".join(text.split())


def _prizes(event: Event) -> dict[int, list[tuple[str, int]]]:
    """{player id: [(the list's category, "" for the event's; cents)]} of those who
    take a prize."""
    if not event.sets_prizes:  # then no category has prizes either (services.prizes)
        return {}
    taken: dict[int, list[tuple[str, int]]] = {}
    for listing in event_prize_lists(event):
        for row in listing.rows:
            if row.cents:
                taken.setdefault(row.player.pk, []).append((listing.category, row.cents))
    return taken


def _date(event: Event) -> str:
    return f"{event.date:%A} {event.date.day} {event.date:%B %Y}"


def compose(s: Standing, event: Event, of: int, prizes: list, link: str) -> tuple[str, str]:
    """(subject, body) of player ``s``'s message: ``of`` the players who took part."""
    # Shared as the standings mark it ("3rd=" by points; a chip-ranked event's, bare).
    marked = s.shared and s.scoring is not None and s.scoring.marks_shared
    place = place_text(s.rank, marked, ordinal_form=True)
    subject = one_line(f"{event.name}: {place} of {of}, {chips_words(s.chips)}")
    where = f" at {one_line(event.venue)}" if event.venue else ""
    lines = [
        f"Dear {s.player.name},",
        "",
        f"the results of {one_line(event.name)}, {_date(event)}{where}:",
        "",
        f"Your place: {place} of {of}",
        f"Your chips: {signed(s.chips)}",
    ]
    if s.scoring is not None and s.scoring.by_points:
        lines.append(f"Your table points: {s.points_shown}")
    for category, cents in prizes:
        lines.append(f"Your prize{f' in {category}' if category else ''}: {dollars(cents)}")
    if link:
        lines += ["", "Your statement, deal by deal:", link]
    lines += ["", f"With thanks from the organizers of {one_line(event.name)}"]
    return subject, "\n".join(lines) + "\n"


def statement_link(event: Event, player_pk: int, base_url: str) -> str:
    """The player's public statement, absolute, when the event is published."""
    if not event.published:
        return ""
    path = reverse("player-statement", args=[event.pk, player_pk])
    return base_url.rstrip("/") + path


def _last_messages(**target) -> dict[int, tuple[str, str, int]]:
    """{player id: (state, failure, attempts)} of each player's last message."""
    return {
        player: (state, failure, attempts)
        for player, state, failure, attempts in ResultMessage.objects.filter(**target)
        .order_by("queued_at", "id")
        .values_list("player_id", "state", "failure", "attempts")
    }


def letters(event: Event, base_url: str) -> list[Letter]:
    """Every registered player's message, in the standings' order: those who took
    part and have an address may be sent theirs."""
    rows = standings(event)
    of = sum(1 for s in rows if s.took_part)
    prizes = _prizes(event)
    last = _last_messages(event=event)
    found = []
    for s in rows:
        state, failure, attempts = last.get(s.player.pk, ("", "", 0))
        letter = Letter(s, state=state, failure=failure, attempts=attempts)
        if not s.took_part:
            letter.refused = DID_NOT_PLAY
        else:
            link = statement_link(event, s.player.pk, base_url)
            letter.subject, letter.body = compose(s, event, of, prizes.get(s.player.pk, []), link)
            if not s.player.email:
                letter.refused = NO_EMAIL
        found.append(letter)
    return found


def season_total_words(season: Season, total: int) -> str:
    """What a season ranks by, said of a player's total: "42 points", "+24 chips"."""
    if season.basis == Season.Basis.PLACEMENT:
        return f"{total} point{'' if total == 1 else 's'}"
    return chips_words(total)


def compose_season(s: SeasonStanding, season: Season, of: int, events: int, link: str):
    """(subject, body) of player ``s``'s message of ``season``'s standings."""
    place = place_text(s.rank, s.shared, ordinal_form=True)
    total = season_total_words(season, s.total)
    subject = one_line(f"{season.name}: {place} of {of}, {total}")
    counted = " counted" if season.counts_best else ""
    lines = [
        f"Dear {s.player.name},",
        "",
        f"the standings of {one_line(season.name)} after {events} event"
        f"{'' if events == 1 else 's'}:",
        "",
        f"Your place: {place} of {of}",
        f"Your{counted} {total.split(' ', 1)[1]}: "
        + (str(s.total) if season.basis == Season.Basis.PLACEMENT else signed(s.total)),
    ]
    if season.basis == Season.Basis.PLACEMENT or season.counts_best:
        lines.append(f"Your chips in every event: {signed(s.chips)}")
    lines.append(f"Events played: {s.events_played}")
    if link:
        lines += ["", "Your season statement, event by event:", link]
    lines += ["", f"With thanks from the organizers of {one_line(season.name)}"]
    return subject, "\n".join(lines) + "\n"


def season_letters(season: Season, base_url: str) -> list[Letter]:
    """Every player of the season's standings and their message, in its order."""
    table = season_standings(season)
    last = _last_messages(season=season)
    found = []
    for s in table.rows:
        link = ""
        if season.published:
            path = reverse("season-statement", args=[season.pk, s.player.pk])
            link = base_url.rstrip("/") + path
        subject, body = compose_season(s, season, len(table.rows), len(table.events), link)
        state, failure, attempts = last.get(s.player.pk, ("", "", 0))
        letter = Letter(s, subject, body, state=state, failure=failure, attempts=attempts)
        letter.refused = "" if s.player.email else NO_EMAIL
        found.append(letter)
    return found
