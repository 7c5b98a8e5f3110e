"""A club's season: standings across events, worked by hand.

Four La Vista club nights, five players. Every chip below is worked from the contract:
a Four (second half) won with 41 is 5 a pair (section 4), a Five alone won is 8 from
each of three, a misdeal costs the dealer 1 to each of the other three (section 3).

- Jan 8, Anna Bill Cyril Dana: Anna and Cyril win a Four; Dana misdeals. Chips A +6,
  C +6, B -4, D -8; places A 1, C 1 (shared), B 3, D 4.
- Feb 5, Anna Bill Cyril Emil: Bill's Five alone won; Emil misdeals. B +25, A -7,
  C -7, E -11; B 1, A 2, C 2, E 4.
- Mar 5, Anna Bill Dana Emil: Dana and Emil win a Four. D +5, E +5, A -5, B -5;
  D 1, E 1, A 3, B 3.
- Apr 2, Anna Bill Cyril Dana: Dana misdeals. A +1, B +1, C +1, D -3; A 1, B 1, C 1,
  D 4.

Cyril misses March, Dana February, Emil January and April. Dana is renamed "Dana
Nováková" in the registry after January: she stays one row.
"""

import copy
import datetime
import html
import io
import re

import pytest
from django.urls import reverse

from tournaments import exchange, services
from tournaments.models import ActivityEntry, Event, Player, Season
from tournaments.season_standings import season_standings
from tournaments.services import seasons as season_services

from ..conftest import club_night
from .seasons import (
    PLACEMENT,
    make_season,
)


def text(response) -> str:
    """A page's words, tags and extra spaces gone."""
    words = re.sub(r"<[^>]+>", " ", response.content.decode())
    return re.sub(r"\s+", " ", html.unescape(words))


def ranked(season):
    return [
        (
            row.rank,
            row.player.name,
            row.total,
            row.chips,
            row.events_played,
            row.events_won,
            [f"{r.event.date:%b}{'' if r.counted else ' dropped'}" for r in row.results],
            row.decided_by,
        )
        for row in season_standings(season).rows
    ]


def test_placement_points_best_three_of_four_with_a_tie_broken_by_chips(organizer, nights):
    """Points: Jan A 10, C 10, B 6, D 5; Feb B 10, A 8, C 8, E 5; Mar D 10, E 10, A 6,
    B 6; Apr A 10, B 10, C 10, D 5. Best 3: Anna 10+8+10 (Mar's 6 dropped) = 28; Bill
    6+10+10 (a 6 dropped: the later, March) = 26; Cyril played three: 28; Dana 5+10+5 =
    20; Emil 15. Anna and Cyril tie at 28: chips break it (Cyril 6-7+1 = 0, Anna
    6-7-5+1 = -5)."""
    season = make_season(organizer, nights, **PLACEMENT)
    assert ranked(season) == [
        (1, "Cyril", 28, 0, 3, 2, ["Jan", "Feb", "Apr"], "chips"),
        (2, "Anna", 28, -5, 4, 2, ["Jan", "Feb", "Mar dropped", "Apr"], "chips"),
        (3, "Bill", 26, 17, 4, 2, ["Jan", "Feb", "Mar dropped", "Apr"], ""),
        (4, "Dana Nováková", 20, -6, 3, 1, ["Jan", "Mar", "Apr"], ""),
        (5, "Emil", 15, -6, 2, 1, ["Feb", "Mar"], ""),
    ]
    rows = {r.player.name: r for r in season_standings(season).rows}
    assert [(r.rank, r.points, r.chips) for r in rows["Anna"].results] == [
        (1, 10, 6),
        (2, 8, -7),
        (3, 6, -5),
        (1, 10, 1),
    ]


def test_ties_no_stated_order_breaks_share_a_rank(organizer, nights):
    """Events won do not part Anna and Cyril (two each), nor head to head (January and
    April shared first place, February shared second): they share first place."""
    season = make_season(
        organizer, nights, **{**PLACEMENT, "tie_breaks": ["events_won", "head_to_head"]}
    )
    assert [(r[0], r[1], r[7]) for r in ranked(season)][:3] == [
        (1, "Anna", ""),
        (1, "Cyril", ""),
        (3, "Bill", ""),
    ]


def test_total_chips_of_every_event(organizer, nights):
    """Chips: Bill -4+25-5+1 = 17, Cyril 6-7+1 = 0, Anna -5, Dana -8+5-3 = -6, Emil -11+5
    = -6. Dana and Emil: equal chips, one event won each (March, shared), head to head
    even (March): they share fourth place."""
    season = make_season(organizer, nights, basis=Season.Basis.CHIPS)
    assert ranked(season) == [
        (1, "Bill", 17, 17, 4, 2, ["Jan", "Feb", "Mar", "Apr"], ""),
        (2, "Cyril", 0, 0, 3, 2, ["Jan", "Feb", "Apr"], ""),
        (3, "Anna", -5, -5, 4, 2, ["Jan", "Feb", "Mar", "Apr"], ""),
        (4, "Dana Nováková", -6, -6, 3, 1, ["Jan", "Mar", "Apr"], ""),
        (4, "Emil", -6, -6, 2, 1, ["Feb", "Mar"], ""),
    ]


def test_head_to_head_decides_between_the_players_still_tied(organizer, nights):
    """Best 2 of 4 by chips: Bill 25+1 = 26; Anna 6+1 = 7, Cyril 6+1 = 7; Dana 5-3 = 2;
    Emil 5-11 = -6. Anna and Cyril: head to head only. They shared January's and April's
    first place and February's second: even, so they share a rank; by chips (all events)
    Cyril's 0 is above Anna's -5."""
    scoring = dict(basis=Season.Basis.CHIPS, planned_events=4, best_of=2)
    season = make_season(organizer, nights, **scoring, tie_breaks=["head_to_head"])
    assert [(r[0], r[1], r[2]) for r in ranked(season)] == [
        (1, "Bill", 26),
        (2, "Anna", 7),
        (2, "Cyril", 7),
        (4, "Dana Nováková", 2),
        (5, "Emil", -6),
    ]
    season = season_services.update_season(season, organizer, tie_breaks=["head_to_head", "chips"])
    assert [(r[0], r[1], r[7]) for r in ranked(season)][1:3] == [
        (2, "Cyril", "chips"),
        (3, "Anna", "chips"),
    ]


def test_head_to_head_counts_places_above_the_others_still_tied():
    from tournaments import tie_breaks
    from tournaments.season_standings import Placing, Result, SeasonStanding

    def _measure(key, row, group):
        return tie_breaks.BY_KEY[key].value(row, group)

    def _split(group, keys):
        return tie_breaks.split(group, tie_breaks.of(keys))

    events = [Event(pk=n) for n in (1, 2, 3)]

    def row(name, ranks):
        results = [Result(Placing(events[i], r, 0, 4), 0, 0) for i, r in enumerate(ranks) if r]
        return SeasonStanding(0, Player(name=name), results, 10, 0, 0)

    # X above Y in events 1 and 2, Y above X in 3; Z played event 3 only, above both.
    x, y, z = row("X", [1, 2, 3]), row("Y", [2, 3, 1]), row("Z", [0, 0, 2])
    # X: above Y twice (1, 2) = 2; Y: above X once (3), above Z once (3) = 2; Z: above
    # X once (3) = 1.
    assert [_measure("head_to_head", r, [x, y, z]) for r in (x, y, z)] == [2, 2, 1]
    # X and Y still tied are compared again, alone: X above Y twice, Y above X once.
    parts = _split([x, y, z], ["head_to_head"])
    assert [[r.player.name for r in p] for p in parts] == [["X"], ["Y"], ["Z"]]


def head_to_head_rows(events: list[str], chips: dict[str, int]):
    """Players equal on the season's total, in events of two: "AB" is an event where A
    finished first and B second."""
    from tournaments.season_standings import Placing, Result, SeasonStanding

    results: dict[str, list] = {name: [] for name in chips}
    for n, (first, second) in enumerate(events, start=1):
        event = Event(pk=n)
        results[first].append(Result(Placing(event, 1, 1, 2), 0, 0))
        results[second].append(Result(Placing(event, 2, -1, 2), 0, 0))
    return [
        SeasonStanding(0, Player(name=name), results[name], 10, chips[name], 0) for name in chips
    ]


EVEN = dict.fromkeys("ABCD", 0)


@pytest.mark.parametrize(
    "events, chips, tie_breaks, expected",
    [
        pytest.param(
            # A above B and C, B above C and D, C above D, D above A: 2, 2, 1, 1. Again
            # among A and B (A above B), and among C and D (C above D).
            ["AB", "AC", "BC", "BD", "CD", "DA"],
            EVEN,
            ["head_to_head"],
            [(1, "A", "head to head"), (2, "B", "head to head")]
            + [(3, "C", "head to head"), (4, "D", "head to head")],
            id="issue-29-four-tied-applied-again",
        ),
        pytest.param(
            # A and B above C and D, one event each above the other: 3, 3, 1, 1. Again
            # among A and B: 1, 1, and among C and D: 1, 1. Nothing more parts them.
            ["AB", "BA", "AC", "AD", "BC", "BD", "CD", "DC"],
            EVEN,
            ["head_to_head"],
            [(1, "A", ""), (1, "B", ""), (3, "C", ""), (3, "D", "")],
            id="second-pass-separates-nothing",
        ),
        pytest.param(
            # The same, then chips: the second pass leaves A and B (and C and D) to chips.
            ["AB", "BA", "AC", "AD", "BC", "BD", "CD", "DC"],
            {"A": 5, "B": 3, "C": -1, "D": 2},
            ["head_to_head", "chips"],
            [(1, "A", "chips"), (2, "B", "chips"), (3, "D", "chips"), (4, "C", "chips")],
            id="second-pass-separates-nothing-then-chips",
        ),
        pytest.param(
            # A above B, B above C, C above A: 1, 1, 1. Head to head parts nobody.
            ["AB", "BC", "CA"],
            {"A": 0, "B": 0, "C": 0},
            ["head_to_head"],
            [(1, "A", ""), (1, "B", ""), (1, "C", "")],
            id="a-circle-parts-nobody",
        ),
        pytest.param(
            # First pass: A, B, C 4 each, D 1, E 0. Among A, B, C: A 2 (above C twice),
            # B 2 (above A twice), C 1 (above B). Among A and B: B 2, A 0.
            ["AC", "AC", "BA", "BA", "CB", "AD", "AE", "BD", "BE", "CD", "CD", "CE", "DE"],
            dict.fromkeys("ABCDE", 0),
            ["head_to_head"],
            [(1, "B", "head to head"), (2, "A", "head to head"), (3, "C", "head to head")]
            + [(4, "D", "head to head"), (5, "E", "head to head")],
            id="three-passes",
        ),
    ],
)
def test_head_to_head_is_applied_again_among_the_players_it_leaves_tied(
    events, chips, tie_breaks, expected
):
    """FORMATS.md, tie-breaks: "When it splits the group and some are still equal, head
    to head is applied again among those alone, before the next tie-break" (issue 29)."""
    from tournaments.season_standings import _rank

    rows = _rank(Season(tie_breaks=tie_breaks), head_to_head_rows(events, chips))
    assert [(r.rank, r.player.name, r.decided_by) for r in rows] == expected


def test_the_season_page_csv_and_statement(client, organizer, nights):
    season = make_season(organizer, nights, **PLACEMENT)
    season_services.update_season(season, organizer, published=True)
    page = text(client.get(reverse("season-detail", args=[season.pk])))
    assert (
        "Placement points per event (10, 8, 6, 5 for 1st, 2nd, ...); each player's best 3 "
        "of 4 events count; ties broken by chips won over the season, then events won, "
        "then head-to-head." in page
    )
    assert "1 Cyril (tie broken by chips) Sokol 28 0 3 2 —" in page
    assert "2 Anna (tie broken by chips) Sokol 28 -5 4 2 Mar 5" in page
    assert "4 Dana Nováková Sokol 20 -6 3 1 —" in page
    csv = exchange.season_standings_csv(season_standings(season)).splitlines()
    assert csv[0] == (
        "rank,player,club,points,chips,events,events_won,tie_broken_by,"
        "2026-01-08 Club night Jan 8,2026-02-05 Club night Feb 5,"
        "2026-03-05 Club night Mar 5,2026-04-02 Club night Apr 2,dropped"
    )
    assert csv[2] == "2,Anna,Sokol,28,-5,4,2,chips,10,8,6,10,2026-03-05 Club night Mar 5"
    assert csv[4] == "4,Dana Nováková,Sokol,20,-6,3,1,,5,,10,5,"  # numbers stay numbers
    dana = Player.objects.get(name="Dana Nováková")
    statement = text(client.get(reverse("season-statement", args=[season.pk, dana.pk])))
    assert "Rank 4 of 5" in statement
    assert "2026-01-08 Club night Jan 8 4 of 4 -8 5 counted" in statement
    assert "2026-03-05 Club night Mar 5 1= of 4 +5 10 counted" in statement
    assert "Not played: 2026-02-05 Club night Feb 5." in statement


def test_scoring_is_fixed_once_published_and_every_change_is_recorded(client, organizer, nights):
    season = make_season(organizer, nights, **PLACEMENT)
    season_services.update_season(season, organizer, best_of=2)
    season_services.update_season(
        season, organizer, placement_points=[12, 8, 6, 5], tie_breaks=["head_to_head"]
    )
    season_services.update_season(season, organizer, published=True)
    with pytest.raises(season_services.SeasonError) as refused:
        season_services.update_season(season, organizer, best_of=4)
    assert refused.value.fields == {"best_of": ["Fixed while the season is published."]}
    season_services.update_season(season, organizer, published=False)
    season_services.update_season(season, organizer, best_of=4, published=True)
    season_services.remove_event(season, nights[3], organizer)
    season_services.update_season(season, organizer, name="Sokol season 2026/27")
    changes = [
        (a.user.username, a.detail.get("scoring"))
        for a in ActivityEntry.objects.filter(season=season, action="update_season").order_by("id")
    ]
    assert changes == [
        ("org", {"best_of": [3, 2]}),
        (
            "org",
            {
                "placement_points": [[10, 8, 6, 5], [12, 8, 6, 5]],
                "tie_breaks": [["chips", "events_won", "head_to_head"], ["head_to_head"]],
            },
        ),
        ("org", None),
        ("org", None),
        ("org", {"best_of": [2, 4]}),
        ("org", None),
    ]
    # The season's page lists every change in words, for everybody once published.
    page = client.get(reverse("season-detail", args=[season.pk])).content.decode()
    listed = re.search(r'<section class="card" id="season-history">.*?</section>', page, re.S)
    items = [
        re.sub(r"^\d{4}-\d\d-\d\d \d\d:\d\d C[DS]T, ", "", html.unescape(li))
        for li in re.findall(r"<li>(.*?)</li>", listed.group(0))
    ]
    assert items == [
        "org: created the season",
        "org: added Club night Jan 8 (2026-01-08)",
        "org: added Club night Feb 5 (2026-02-05)",
        "org: added Club night Mar 5 (2026-03-05)",
        "org: added Club night Apr 2 (2026-04-02)",
        "org: count each player's best N events: 3 → 2",
        "org: points for 1st, 2nd, 3rd ...: 10, 8, 6, 5 → 12, 8, 6, 5; ties broken by, in "
        "order: chips won over the season, then events won, then head-to-head → "
        "head-to-head",
        "org: published the season",
        "org: unpublished it",
        "org: count each player's best N events: 2 → 4; published the season",
        "org: removed Club night Apr 2 (2026-04-02)",
        "org: changed name",
    ]


@pytest.mark.parametrize(
    "fields, field, message",
    [
        (
            {"placement_points": [10, -2]},
            "placement_points",
            "Points cannot be below 0.",
        ),
        (
            {"placement_points": ["ten"]},
            "placement_points",
            "Give whole numbers of points, one a place: 10, 8, 6, 5.",
        ),
        (
            {"planned_events": 4, "best_of": 5},
            "best_of",
            "N (5) cannot be larger than the season's 4 events (M).",
        ),
        (
            {"best_of": 3},
            "planned_events",
            "Give how many events the season has (M) to count the best N.",
        ),
        (
            {"tie_breaks": ["chips", "chips"]},
            "tie_breaks",
            "Each of chips, events_won, head_to_head at most once, in order.",
        ),
    ],
)
def test_bad_scoring_is_refused_at_its_field(organizer, fields, field, message):
    with pytest.raises(season_services.SeasonError) as refused:
        season_services.create_season(
            organizer,
            name="x",
            start_date=datetime.date(2026, 1, 1),
            end_date=datetime.date(2026, 2, 1),
            **{"basis": Season.Basis.PLACEMENT, **fields},
        )
    assert refused.value.fields[field] == [message]


@pytest.mark.parametrize(
    "points, typed, message",
    [
        ([10, 20_000], "10, 20000", "At most 10,000 points a place."),
        ([1] * 65, ", ".join(["1"] * 65), "At most 64 places."),
    ],
)
def test_the_form_and_the_season_say_one_rule_of_the_points_in_the_same_words(
    client, organizer, points, typed, message
):
    with pytest.raises(season_services.SeasonError) as refused:
        season_services.create_season(
            organizer,
            name="x",
            start_date=datetime.date(2026, 1, 1),
            end_date=datetime.date(2026, 2, 1),
            basis=Season.Basis.PLACEMENT,
            placement_points=points,
        )
    assert refused.value.fields["placement_points"] == [message]
    client.force_login(organizer)
    response = client.post(reverse("season-create"), {**SEASON_FORM, "placement_points": typed})
    assert response.context["form"].errors["placement_points"] == [message]


def test_an_event_counts_in_one_season_once(organizer, nights):
    season = make_season(organizer, nights[:2], basis=Season.Basis.CHIPS)
    with pytest.raises(season_services.SeasonError) as twice:
        season_services.add_event(season, nights[0], organizer)
    assert twice.value.fields == {
        "event": ["Club night Jan 8 (2026-01-08) is in this season already."]
    }
    other = make_season(organizer, [], basis=Season.Basis.CHIPS)
    with pytest.raises(season_services.SeasonError) as elsewhere:
        season_services.add_event(other, nights[1], organizer)
    assert elsewhere.value.fields == {
        "event": [
            "Club night Feb 5 (2026-02-05) counts in Sokol season 2026 already; remove it "
            "there first."
        ]
    }


def test_an_event_outside_the_seasons_days_is_refused_at_its_field(client, organizer, nights):
    """The season runs February 1 to March 31: January's and April's nights are
    refused, by the service and on the season's page; February's is added."""
    season = season_services.create_season(
        organizer,
        name="Late winter",
        start_date=datetime.date(2026, 2, 1),
        end_date=datetime.date(2026, 3, 31),
    )
    with pytest.raises(season_services.SeasonError) as before:
        season_services.add_event(season, nights[0], organizer)
    assert before.value.fields == {
        "event": [
            "Club night Jan 8 (2026-01-08) is before the season's first day (February 1, "
            "2026): change the season's days to count it."
        ]
    }
    client.force_login(organizer)
    add = reverse("season-events", args=[season.pk])
    after = client.post(add, {"event": nights[3].pk})
    assert after.status_code == 400
    assert after.context["add_form"].errors == {
        "event": [
            "Club night Apr 2 (2026-04-02) is after the season's last day (March 31, "
            "2026): change the season's days to count it."
        ]
    }
    assert client.post(add, {"event": nights[1].pk}).status_code == 302
    assert list(season.events.all()) == [nights[1]]
    assert Event.objects.filter(season__isnull=False).count() == 1


def test_the_same_event_twice_is_refused_at_its_field(client, organizer, nights):
    """Another event of the same name on the same day (the same night, entered or
    imported twice) would count the night twice: refused."""
    season = make_season(organizer, nights[:2], basis=Season.Basis.CHIPS)
    again = club_night(organizer, "la-vista", name="club night JAN 8", date=nights[0].date)
    with pytest.raises(season_services.SeasonError) as twice:
        season_services.add_event(season, again, organizer)
    said = [
        "Club night Jan 8 (2026-01-08) is in this season already: club night JAN 8 "
        "(2026-01-08), of the same name on the same day, would count that night twice."
    ]
    assert twice.value.fields == {"event": said}
    client.force_login(organizer)
    response = client.post(reverse("season-events", args=[season.pk]), {"event": again.pk})
    assert response.status_code == 400
    assert response.context["add_form"].errors == {"event": said}
    assert list(season.events.order_by("date")) == nights[:2]
    # Another event on that day, of another name, is another event.
    other = club_night(organizer, "la-vista", name="Ladies' night", date=nights[0].date)
    season_services.add_event(season, other, organizer)


def test_an_event_edited_into_another_night_of_its_season_is_refused(client, organizer, nights):
    """Before: only adding an event checked it; an event of the season renamed, or moved
    to another night's day, counted that night twice."""
    from tournaments.forms import EventForm

    from .deal_forms import post_data

    season = make_season(organizer, nights, basis=Season.Basis.CHIPS)
    jan, feb = nights[:2]
    with pytest.raises(season_services.SeasonError) as renamed:
        services.update_event(feb, organizer, name="CLUB NIGHT JAN 8", date=jan.date)
    said = (
        "Club night Jan 8 (2026-01-08) is in this season already: CLUB NIGHT JAN 8 "
        "(2026-01-08), of the same name on the same day, would count that night twice."
    )
    assert renamed.value.fields == {"name": [said], "date": [said]}
    ladies = club_night(organizer, "la-vista", name="Club night Jan 8", date=feb.date)
    season_services.add_event(season, ladies, organizer)
    with pytest.raises(season_services.SeasonError) as moved:
        services.update_event(ladies, organizer, date=jan.date)
    assert moved.value.fields == {
        "date": [
            "Club night Jan 8 (2026-01-08) is in this season already: Club night Jan 8 "
            "(2026-01-08), of the same name on the same day, would count that night twice."
        ]
    }
    # On the event's form, at the field changed.
    client.force_login(organizer)
    posted = post_data(EventForm(instance=feb)) | {"name": "Club night Jan 8", "date": "2026-01-08"}
    response = client.post(reverse("event-edit", args=[feb.pk]), posted)
    assert response.status_code == 200
    form = response.context["form"]
    twice = (
        "Club night Jan 8 (2026-01-08) is in this season already: Club night Jan 8 "
        "(2026-01-08), of the same name on the same day, would count that night twice."
    )
    assert form.errors == {"name": [twice], "date": [twice]}
    feb.refresh_from_db()
    assert (feb.name, feb.date) == ("Club night Feb 5", datetime.date(2026, 2, 5))
    # Its own name and day again, or another event's name, are fine.
    services.update_event(feb, organizer, name="Club night Feb 5", venue="Sokol hall")
    services.update_event(ladies, organizer, name="Ladies' night", date=jan.date)


def test_the_seasons_days_cannot_leave_out_its_events(client, organizer, nights):
    """A season's first or last day moved past one of its events is refused at that
    field, on the form as by the service; so is an event of a season moved outside it."""
    season = make_season(organizer, nights, basis=Season.Basis.CHIPS)
    with pytest.raises(season_services.SeasonError) as later:
        season_services.update_season(season, organizer, start_date=datetime.date(2026, 2, 1))
    assert later.value.fields == {
        "start_date": [
            "Club night Jan 8 (2026-01-08) counts in the season, before that day: remove it "
            "first, or start the season on January 8, 2026 or earlier."
        ]
    }
    client.force_login(organizer)
    posted = {
        **SEASON_FORM,
        "name": "Sokol season 2026",
        "start_date": "2026-01-01",
        "end_date": "2026-03-10",
    }
    response = client.post(reverse("season-edit", args=[season.pk]), posted)
    assert response.status_code == 200
    assert response.context["form"].errors == {
        "end_date": [
            "Club night Apr 2 (2026-04-02) counts in the season, after that day: remove it "
            "first, or end the season on April 2, 2026 or later."
        ]
    }
    season.refresh_from_db()
    assert season.end_date == datetime.date(2026, 6, 30)
    with pytest.raises(services.ServiceError) as moved:
        services.update_event(nights[0], organizer, date=datetime.date(2025, 12, 30))
    assert moved.value.message == (
        "This event counts in the season Sokol season 2026, from January 1, 2026 to June 30, "
        "2026: give it a day within the season, or remove it from the season first."
    )
    assert moved.value.fields == {"date": [moved.value.message]}
    nights[0].refresh_from_db()
    assert nights[0].date == datetime.date(2026, 1, 8)
    services.update_event(nights[0], organizer, date=datetime.date(2026, 1, 9))


# -- a season to JSON and back; the audit ----------------------------------------------


def test_a_season_exported_and_imported_comes_back_exactly(organizer, nights, other_organizer):
    season = make_season(organizer, nights, **PLACEMENT)
    for event in nights:
        services.update_event(event, organizer, published=True)
    season = season_services.update_season(season, organizer, published=True)
    document = exchange.export_season(season)
    assert [e["event"]["name"] for e in document["events"]] == [e.name for e in nights]
    before = ranked(season)
    # The events are the season's: imported anew (another copy of each), with the season.
    copy = exchange.import_season(document, other_organizer)
    assert copy.pk != season.pk and copy.published
    assert list(copy.organizers.all()) == [other_organizer]
    assert exchange.export_season(copy) == document
    assert ranked(copy) == before


@pytest.mark.parametrize(
    "change, message",
    [
        (lambda d: d.update(format="taroky-event/1"), "Not a taroky-season/1 document."),
        (lambda d: d.update(events="none"), "events: must be a list of exported events."),
        (
            lambda d: d["season"].update(best_of=9),
            "season: best_of: N (9) cannot be larger than the season's 4 events (M).",
        ),
        (
            lambda d: d["season"].update(start_date="June"),
            "season: 'start_date' must be a date like 2026-01-31.",
        ),
        (lambda d: d["season"].update(colour="red"), "season: unknown fields: colour."),
        (
            lambda d: d["events"][2]["rounds"][0].update(number=3),
            "event 3 (Club night Mar 5, 2026-03-05): rounds: rounds must be numbered 1, 2, "
            "3 ... (got [3]).",
        ),
    ],
)
def test_a_bad_season_document_imports_nothing(organizer, nights, change, message):
    season = make_season(organizer, nights, **PLACEMENT)
    document = exchange.export_season(season)
    change(document)
    counts = (Season.objects.count(), Event.objects.count())
    with pytest.raises(exchange.ExchangeError) as refused:
        exchange.import_season(document, organizer)
    assert refused.value.message == message
    assert (Season.objects.count(), Event.objects.count()) == counts


def the_second_night_twice_in_capitals(document):
    again = copy.deepcopy(document["events"][1])
    again["event"]["name"] = again["event"]["name"].upper()
    document["events"].insert(2, again)
    document["season"].update(planned_events=5)


def a_deal_of_75_card_points(document):
    deal = document["events"][1]["rounds"][0]["tables"][0]["deals"][0]
    deal["versions"][0]["document"]["bidder_points"] = 75


@pytest.mark.parametrize(
    "change, message",
    [
        (
            lambda d: d["season"].update(end_date="2026-03-31"),
            "event 4 (Club night Apr 2, 2026-04-02): Club night Apr 2 (2026-04-02) is after "
            "the season's last day (March 31, 2026): change the season's days to count it.",
        ),
        (
            the_second_night_twice_in_capitals,
            "event 3 (CLUB NIGHT FEB 5, 2026-02-05): Club night Feb 5 (2026-02-05) is in this "
            "season already: CLUB NIGHT FEB 5 (2026-02-05), of the same name on the same day, "
            "would count that night twice.",
        ),
        (
            lambda d: d["season"].update(planned_events=3),
            "event 4 (Club night Apr 2, 2026-04-02): The season has its 3 events (M) already: "
            "raise M on the season's form to add more.",
        ),
        (
            a_deal_of_75_card_points,
            "event 2 (Club night Feb 5, 2026-02-05): round 1, table 1, deal 1, version 1: The "
            "deal was not saved: please correct the marked fields. (bidder_points: Card points "
            "must be from 0 to 70, not 75.)",
        ),
        (
            lambda d: (
                d["season"].update(published=True),
                d["events"][1]["event"].update(published=False),
            ),
            "season: published: Publish its events first: Club night Feb 5 (2026-02-05).",
        ),
    ],
    ids=["after the last day", "the same night twice", "more than M", "a bad deal", "hidden"],
)
def test_a_season_import_refused_by_the_services_says_which_event(
    organizer, nights, change, message
):
    """Before, the season services' refusals (and a deal's) came out without saying which
    of the file's events they were about."""
    document = exchange.export_season(make_season(organizer, nights, **PLACEMENT))
    change(document)
    counts = (Season.objects.count(), Event.objects.count())
    with pytest.raises(exchange.ExchangeError) as refused:
        exchange.import_season(document, organizer)
    assert refused.value.message == message
    assert (Season.objects.count(), Event.objects.count()) == counts


def test_export_and_import_season_commands(organizer, nights, tmp_path):
    from django.core.management import call_command

    season = make_season(organizer, nights, basis=Season.Basis.CHIPS)
    path = tmp_path / "season.json"
    call_command("export_season", season.pk, output=str(path), stderr=io.StringIO())
    out = io.StringIO()
    call_command("import_season", str(path), user="org", stdout=out)
    copy = Season.objects.exclude(pk=season.pk).get()
    assert out.getvalue() == f"Imported Sokol season 2026 as season {copy.pk} with 4 events.\n"
    assert ranked(copy) == ranked(season)


def test_the_audit_checks_each_seasons_standings_against_the_ledger(organizer, nights):
    """A deal net posted past the services (Bill +50 in February) would lift his season:
    the audit says so, for the deal and for the season."""
    from tournaments.ledger_audit import audit_ledger
    from tournaments.models import DealNet

    season = make_season(organizer, nights, basis=Season.Basis.CHIPS)
    assert audit_ledger().problems == []
    assert audit_ledger().seasons == 1
    net = DealNet.objects.filter(event=nights[1], player__name="Bill").order_by("pk").first()
    DealNet.objects.bulk_create(
        [
            DealNet(
                event_id=net.event_id,
                table_id=net.table_id,
                deal_id=net.deal_id,
                version=net.version + 1,  # a version no deal has: nothing supersedes it
                player_id=net.player_id,
                chips=50,
                won_as_bidder=None,
            )
        ]
    )
    assert ranked(season)[0][:4] == (1, "Bill", 67, 67)
    problems = audit_ledger([nights[1].pk]).problems
    assert problems[-1] == (
        "Season Sokol season 2026: Club night Feb 5 (2026-02-05): Bill's chips in the "
        "standings are 75, the ledger's 25"
    )


# -- the season's forms: bad input at its field ----------------------------------------


SEASON_FORM = {
    "name": "Spring season",
    "club": "Sokol",
    "start_date": "2026-03-01",
    "end_date": "2026-06-30",
    "basis": "placement",
    "placement_points": "10, 8, 6",
    "participation_points": "1",
    "planned_events": "",
    "best_of": "",
    "tie_break_1": "chips",
    "tie_break_2": "events_won",
    "tie_break_3": "",
}


@pytest.mark.parametrize(
    "changed, field, message",
    [
        (
            {"placement_points": "10, -8, 6"},
            "placement_points",
            "Points cannot be below 0 (not -8).",
        ),
        (
            {"placement_points": "10, eight"},
            "placement_points",
            "“eight” is not a whole number: give points like 10, 8, 6, 5.",
        ),
        (
            {"placement_points": "10,, 6"},
            "placement_points",
            "Place 2 has no points: give one number a place, like 10, 8, 6, 5.",
        ),
        (
            {"planned_events": "4", "best_of": "6"},
            "best_of",
            "N (6) cannot be larger than the season's 4 events (M).",
        ),
        (
            {"best_of": "3"},
            "planned_events",
            "Give how many events the season has (M) to count the best N.",
        ),
        (
            {"best_of": "99999999999"},
            "best_of",
            "Each player's best N events: N must be from 1 to 1,000.",
        ),
        ({"best_of": "0"}, "best_of", "Each player's best N events: N must be from 1 to 1,000."),
        (
            {"planned_events": "1001"},
            "planned_events",
            "Events in the season (M) must be from 1 to 1,000.",
        ),
        (
            {"planned_events": "-1"},
            "planned_events",
            "Events in the season (M) must be from 1 to 1,000.",
        ),
        (
            {"participation_points": "10001"},
            "participation_points",
            "Points for taking part must be from 0 to 10,000.",
        ),
        (
            {"participation_points": "-1"},
            "participation_points",
            "Points for taking part must be from 0 to 10,000.",
        ),
        ({"tie_break_2": "chips"}, "tie_break_2", "Each tie-break once."),
        ({"end_date": "2026-01-01"}, "end_date", "The season ends on or after its start."),
    ],
)
def test_the_season_form_says_what_is_wrong_at_the_field(
    client, organizer, changed, field, message
):
    client.force_login(organizer)
    response = client.post(reverse("season-create"), {**SEASON_FORM, **changed})
    assert response.status_code == 200
    assert response.context["form"].errors[field] == [message]
    assert Season.objects.count() == 0


@pytest.mark.parametrize("typed", ["--5", "5-", "٣", "1e3", "+4"])
def test_placement_points_that_are_not_whole_numbers_are_refused(typed):
    from django.core.exceptions import ValidationError

    from tournaments.forms import PointsTableField

    with pytest.raises(ValidationError) as refused:
        PointsTableField(required=False).clean(f"10, {typed}")
    assert refused.value.messages == [
        f"“{typed}” is not a whole number: give points like 10, 8, 6, 5."
    ]


@pytest.mark.parametrize(
    "typed, points",
    [("10, 8, 6,", [10, 8, 6]), ("10; 8 ;6", [10, 8, 6]), (" 12 ", [12]), ("", [])],
)
def test_placement_points_are_read_as_typed(typed, points):
    from tournaments.forms import PointsTableField

    assert PointsTableField(required=False).clean(typed) == points


def test_the_season_form_creates_and_adds_events_by_their_field(client, organizer, nights):
    client.force_login(organizer)
    # From January: a season counts only events on its days.
    response = client.post(reverse("season-create"), {**SEASON_FORM, "start_date": "2026-01-01"})
    season = Season.objects.get()
    assert response["Location"] == reverse("season-detail", args=[season.pk])
    assert (season.placement_points, season.participation_points, season.tie_breaks) == (
        [10, 8, 6],
        1,
        ["chips", "events_won"],
    )
    add = reverse("season-events", args=[season.pk])
    assert client.post(add, {"event": nights[0].pk}).status_code == 302
    twice = client.post(add, {"event": nights[0].pk})
    assert twice.status_code == 400
    assert twice.context["add_form"].errors == {
        "event": ["Club night Jan 8 (2026-01-08) is in this season already."]
    }
    other = season_services.create_season(
        organizer,
        name="Other",
        start_date=datetime.date(2026, 1, 1),
        end_date=datetime.date(2026, 2, 1),
    )
    elsewhere = client.post(reverse("season-events", args=[other.pk]), {"event": nights[0].pk})
    assert elsewhere.context["add_form"].errors == {
        "event": [
            "Club night Jan 8 (2026-01-08) counts in Spring season already; remove it there first."
        ]
    }
    missing = client.post(add, {"event": "123456789012345678901"})
    assert missing.context["add_form"].errors == {
        "event": ["Select a valid choice. That choice is not one of the available choices."]
    }
    gone = client.post(add, {"remove": "x"})
    assert gone.status_code == 404


def test_the_season_pdf_in_large_type(client, organizer, nights):
    from pypdf import PdfReader

    season = make_season(organizer, nights, **PLACEMENT)
    client.force_login(organizer)
    response = client.get(reverse("season-pdf", args=[season.pk]))
    assert response["Content-Disposition"] == 'inline; filename="sokol-season-2026-standings.pdf"'
    pages = PdfReader(io.BytesIO(response.content)).pages
    first = re.sub(r"\s+", " ", pages[0].extract_text())
    assert "Sokol season 2026: season standings" in first
    assert "Sokol, January 1, 2026 to June 30, 2026" in first
    assert "Points Tie broken by Chips Events Won Dropped" in first
    assert "1 Cyril Sokol 28 chips 0 3 2" in first
    assert "2 Anna Sokol 28 chips -5 4 2 Mar 5" in first
    assert "5 Emil Sokol 15 -6 2 1" in first
    assert "Chips after each event (top 10)" in pages[1].extract_text()


def test_the_season_wall_shows_the_season_and_its_latest_night(client, organizer, nights):
    season = make_season(organizer, nights, **PLACEMENT)
    client.force_login(organizer)
    live = text(client.get(reverse("season-wall-live", args=[season.pk])))
    assert (
        "Season standings · 4 events # Player Points Tie broken by Chips Events "
        "1 Cyril 28 chips 0 3 2 Anna 28 chips -5 4" in live
    )
    assert (
        "Club night Apr 2 · April 2 # Player Chips 1 Anna +1 1 Bill +1 1 Cyril +1 "
        "4 Dana Nováková -3" in live
    )


def test_a_players_page_has_every_event_and_his_statistics_in_the_games_words(
    client, organizer, nights
):
    """Anna's six deals (worked at the top): her Four with Cyril in January (+5), the
    misdeals of Dana (twice) and Emil (+1 each), Bill's Five against her (-8) and Dana's
    Four against her in March (-5): -5 in all, -0.83 a deal."""
    make_season(organizer, nights, **PLACEMENT)
    client.force_login(organizer)
    anna = Player.objects.get(name="Anna")
    page = text(client.get(reverse("player-detail", args=[anna.pk])))
    assert "Anna Sokol · 4 events in 1 season" in page
    assert (
        "2026-01-08 Club night Jan 8 Sokol season 2026 1= of 4 +6 "
        "2026-02-05 Club night Feb 5 Sokol season 2026 2= of 4 -7 "
        "2026-03-05 Club night Mar 5 Sokol season 2026 3= of 4 -5 "
        "2026-04-02 Club night Apr 2 Sokol season 2026 1= of 4 +1" in page
    )
    assert page.count("Chips after each event of Sokol season 2026") == 1
    assert (
        "Nebraska Taroky: 6 deals Chips -5 · per deal -0.83 "
        "As bidder Times Won Lost Chips Four, second half 1 1 0 +5 "
        "Against the bidder Times Won Lost Chips Five 1 0 1 -8 Four, second half 1 0 1 -5 "
        "Deals without a bidder Times Chips Misdeal 3 +3 "
        "Penalties Times Chips Received for others' penalties 3 +3" in page
    )


def test_a_tie_break_says_so_only_for_rows_it_sets_apart():
    from tournaments import tie_breaks
    from tournaments.season_standings import Placing, Result, SeasonStanding

    def _split(group, keys):
        return tie_breaks.split(group, tie_breaks.of(keys))

    event = Event(pk=1)

    def row(name, chips, won):
        results = [Result(Placing(event, 1 if won else 2, chips, 4), 0, 0)]
        return SeasonStanding(0, Player(name=name), results, 10, chips, 1 if won else 0)

    # A has the most chips; B and C are equal on chips, C won an event, B did not.
    a, b, c = row("A", 9, False), row("B", 1, False), row("C", 1, True)
    parts = _split([a, b, c], ["chips"])
    assert [[r.player.name for r in p] for p in parts] == [["A"], ["B", "C"]]
    assert [r.decided_by for r in (a, b, c)] == ["chips", "", ""]
    a.decided_by = ""
    parts = _split([a, b, c], ["chips", "events_won"])
    assert [[r.player.name for r in p] for p in parts] == [["A"], ["C"], ["B"]]
    assert [r.decided_by for r in (a, b, c)] == ["chips", "events won", "events won"]


def test_a_published_season_is_edited_and_unpublished_through_its_form(client, organizer, nights):
    """Its scoring fields are disabled (fixed); the rest still saves, and unpublishing
    it opens the scoring again."""
    season = make_season(organizer, nights[:2], basis=Season.Basis.PLACEMENT)
    for event in nights[:2]:
        services.update_event(event, organizer, published=True)
    season_services.update_season(season, organizer, published=True)
    client.force_login(organizer)
    edit = reverse("season-edit", args=[season.pk])
    form = client.get(edit).context["form"]
    assert form.fields["placement_points"].disabled and form.fields["tie_break_1"].disabled
    posted = {
        **SEASON_FORM,
        "name": "Sokol spring",
        "start_date": "2026-01-01",  # its events' days stay in it
        "published": "on",
        "placement_points": "1",
    }
    assert client.post(edit, posted).status_code == 302
    season.refresh_from_db()
    assert (season.name, season.placement_points) == ("Sokol spring", [10, 8, 6, 5, 4, 3, 2, 1])
    posted = {**posted, "published": ""}
    assert client.post(edit, posted).status_code == 302
    season.refresh_from_db()
    assert season.published is False
    assert client.post(edit, {**posted, "placement_points": "12, 9"}).status_code == 302
    season.refresh_from_db()
    assert season.placement_points == [12, 9]


def test_a_huge_number_in_the_points_is_a_message_not_a_server_error(client, organizer):
    # int() of 5,000 digits raises ValueError (Python's limit): the length is checked first.
    client.force_login(organizer)
    response = client.post(
        reverse("season-create"), {**SEASON_FORM, "placement_points": "9" * 5000}
    )
    assert response.context["form"].errors["placement_points"] == ["At most 10,000 points a place."]


def test_a_player_who_did_not_come_has_no_place_in_the_season(organizer, nights):
    """Emil is registered for January but played no deal there: the season counts his
    February and March only, and January's places stay among the four who played."""
    from tournaments.models import Registration

    Registration.objects.create(event=nights[0], player=Player.objects.get(name="Emil"))
    season = make_season(organizer, nights, **PLACEMENT)
    assert [r for r in ranked(season) if r[1] == "Emil"] == [
        (5, "Emil", 15, -6, 2, 1, ["Feb", "Mar"], "")
    ]
    jan = {r.player.name: r.results[0].placing for r in season_standings(season).rows}
    assert (jan["Anna"].players, jan["Dana Nováková"].rank) == (4, 4)


def test_the_player_page_does_not_name_a_season_the_visitor_may_not_read(client, organizer, nights):
    make_season(organizer, nights, **PLACEMENT)  # not published
    for event in nights:
        services.update_event(event, organizer, published=True)
    anna = Player.objects.get(name="Anna")
    page = text(client.get(reverse("player-detail", args=[anna.pk])))
    assert "2026-01-08 Club night Jan 8 1= of 4 +6" in page
    assert "Sokol season" not in page
    client.force_login(organizer)
    assert "Sokol season 2026" in text(client.get(reverse("player-detail", args=[anna.pk])))


@pytest.mark.parametrize(
    "field, value, message",
    [
        ("best_of", "x", "season: 'best_of' must be a whole number or null."),
        ("name", ["a"], "season: 'name' must be text."),
        ("placement_points", "10,8", "season: 'placement_points' must be a list."),
        ("published", "yes", "season: 'published' must be true or false."),
    ],
)
def test_a_season_import_says_what_a_field_must_be(organizer, nights, field, value, message):
    document = exchange.export_season(make_season(organizer, nights, **PLACEMENT))
    document["season"][field] = value
    with pytest.raises(exchange.ExchangeError) as refused:
        exchange.import_season(document, organizer)
    assert refused.value.message == message


def test_the_season_chart_names_its_events_by_date_in_a_pages_type(client, organizer, nights):
    """The page's chart (not the paper's): its points named start, then each night's date;
    11-point type in a drawing the page scales; the names under the plot."""
    season = make_season(organizer, nights, **PLACEMENT)
    client.force_login(organizer)
    page = client.get(reverse("season-detail", args=[season.pk])).content.decode()
    svg = re.search(r'<svg class="chips-chart".*?</svg>', page, re.S).group(0)
    assert 'viewBox="0 0 480 ' in svg and "<svg width" not in page
    texts = [html.unescape(t).strip() for t in re.findall(r"<text[^>]*>(.*?)</text>", svg, re.S)]
    assert texts[texts.index("start") : texts.index("start") + 5] == [
        "start",
        "Jan 8",
        "Feb 5",
        "Mar 5",
        "Apr 2",
    ]
    assert "font-size: 11px" in svg and "'DejaVu Sans', sans-serif" in svg


HEAD_TO_HEAD_AGAIN = (
    "Head-to-head is applied again among the players it leaves tied, until it parts nobody."
)


def test_the_standings_say_head_to_head_is_applied_again(client, organizer, nights):
    """The page, the PDF and a player's season say it in words where head to head is
    among the season's tie-breaks, and only there."""
    from pypdf import PdfReader

    season = make_season(organizer, nights, **PLACEMENT)
    client.force_login(organizer)
    page = text(client.get(reverse("season-detail", args=[season.pk])))
    assert f"then events won, then head-to-head. {HEAD_TO_HEAD_AGAIN}" in page
    pdf = client.get(reverse("season-pdf", args=[season.pk])).content
    words = re.sub(r"\s+", " ", PdfReader(io.BytesIO(pdf)).pages[0].extract_text())
    assert f"then head-to-head. {HEAD_TO_HEAD_AGAIN}" in words
    anna = Player.objects.get(name="Anna")
    statement = text(client.get(reverse("season-statement", args=[season.pk, anna.pk])))
    assert HEAD_TO_HEAD_AGAIN in statement
    season_services.update_season(season, organizer, tie_breaks=["chips"])
    page = text(client.get(reverse("season-detail", args=[season.pk])))
    assert "ties broken by chips won over the season." in page
    assert "applied again" not in page


def test_remove_asks_on_its_button_and_says_when_the_published_standings_change(
    client, organizer, nights
):
    """The question is on *Remove* (confirm.js reads a submit button's data-confirm, see
    tests/browser/test_season_browser.py); a published season's adds that its standings
    change for everybody, and so does the message once it is removed."""
    season = make_season(organizer, nights, basis=Season.Basis.CHIPS)
    client.force_login(organizer)
    page = client.get(reverse("season-detail", args=[season.pk])).content.decode()
    asked = re.findall(r'<button[^>]*name="remove"[^>]*data-confirm="([^"]*)"', page)
    assert [html.unescape(q) for q in asked] == [
        f"Stop counting {e} in the season?" for e in nights
    ]
    for event in nights:
        services.update_event(event, organizer, published=True)
    season_services.update_season(season, organizer, published=True)
    page = client.get(reverse("season-detail", args=[season.pk])).content.decode()
    asked = re.findall(r'<button[^>]*name="remove"[^>]*data-confirm="([^"]*)"', page)
    assert html.unescape(asked[1]) == (
        "Stop counting Club night Feb 5 (2026-02-05) in the season? The season is published: "
        "its standings change for everybody."
    )
    removed = client.post(
        reverse("season-events", args=[season.pk]), {"remove": nights[1].pk}, follow=True
    )
    assert [str(m) for m in removed.context["messages"]] == [
        "Club night Feb 5 (2026-02-05) no longer counts in the season: its published "
        "standings changed."
    ]


def test_a_shared_place_reads_as_the_standings_tie_on_a_players_pages(client, organizer, nights):
    """A place shared reads "3=" (as in sport), a place alone "3": Bill was 3rd alone in
    January, won February alone, shared March's 3rd with Anna and April's 1st with Anna
    and Cyril. Over the season by chips, Dana and Emil share 4th."""
    season = make_season(organizer, nights, basis=Season.Basis.CHIPS)
    client.force_login(organizer)
    bill = Player.objects.get(name="Bill")
    page = text(client.get(reverse("player-detail", args=[bill.pk])))
    assert (
        "2026-01-08 Club night Jan 8 Sokol season 2026 3 of 4 -4 "
        "2026-02-05 Club night Feb 5 Sokol season 2026 1 of 4 +25 "
        "2026-03-05 Club night Mar 5 Sokol season 2026 3= of 4 -5 "
        "2026-04-02 Club night Apr 2 Sokol season 2026 1= of 4 +1" in page
    )
    statement = text(client.get(reverse("season-statement", args=[season.pk, bill.pk])))
    assert "Rank 1 of 5" in statement
    assert "2026-03-05 Club night Mar 5 3= of 4 -5 counted" in statement
    assert "2026-02-05 Club night Feb 5 1 of 4 +25 counted" in statement
    emil = Player.objects.get(name="Emil")
    statement = text(client.get(reverse("season-statement", args=[season.pk, emil.pk])))
    assert "Rank 4= of 5" in statement
    assert "2026-02-05 Club night Feb 5 4 of 4 -11 counted" in statement


WALL_LINK_NOTE = (
    "Not published yet: this QR code's link answers “not found” to everybody but the "
    "season's organizers until the season is published."
)
PAGE_LINK_NOTE = (
    "Not published yet: this page's link, and the wall's QR code to it, answer “not "
    "found” to everybody but the season's organizers until the season is published."
)


def test_the_wall_and_the_page_say_the_link_works_once_the_season_is_published(
    client, organizer, nights
):
    season = make_season(organizer, nights, basis=Season.Basis.CHIPS)
    client.force_login(organizer)
    url = f"http://testserver/seasons/{season.pk}/"
    wall = text(client.get(reverse("season-wall", args=[season.pk])))
    assert f"Sokol season 2026 {WALL_LINK_NOTE} {url}" in wall
    page = text(client.get(reverse("season-detail", args=[season.pk])))
    assert PAGE_LINK_NOTE in page
    assert client.logout() is None
    assert client.get(url).status_code == 404  # what a phone scanning it gets
    for event in nights:
        services.update_event(event, organizer, published=True)
    season_services.update_season(season, organizer, published=True)
    assert client.get(url).status_code == 200
    wall = text(client.get(reverse("season-wall", args=[season.pk])))
    assert url in wall and "Not published" not in wall
    client.force_login(organizer)
    assert "Not published" not in text(client.get(reverse("season-detail", args=[season.pk])))


def pdf_words(content: bytes) -> list[str]:
    from pypdf import PdfReader

    return [re.sub(r"\s+", " ", p.extract_text()) for p in PdfReader(io.BytesIO(content)).pages]


def test_the_season_pdf_shows_the_chips_a_tie_was_broken_by_and_the_nights_dropped(
    client, organizer, nights
):
    """Cyril and Anna tie at 28 points, chips part them (0 and -5): the PDF shows the
    chips of every player, the tie-break in a column of its own (not beside the club),
    and the nights dropped by their dates (Anna's and Bill's March), not a count."""
    season = make_season(organizer, nights, **PLACEMENT)
    client.force_login(organizer)
    first = pdf_words(client.get(reverse("season-pdf", args=[season.pk])).content)[0]
    assert "Points Tie broken by Chips Events Won Dropped" in first
    rows = first[first.index("Dropped ") + len("Dropped ") : first.index(" Placement points")]
    assert rows == (
        "1 Cyril Sokol 28 chips 0 3 2 "
        "2 Anna Sokol 28 chips -5 4 2 Mar 5 "
        "3 Bill Sokol 26 +17 4 2 Mar 5 "
        "4 Dana Nováková Sokol 20 -6 3 1 "
        "5 Emil Sokol 15 -6 2 1"
    )
    assert "(chips)" not in first
    # Ranked by chips, every night counting: the total is the chips, no tie was broken.
    season_services.update_season(
        season, organizer, basis=Season.Basis.CHIPS, planned_events=None, best_of=None
    )
    first = pdf_words(client.get(reverse("season-pdf", args=[season.pk])).content)[0]
    assert "Chips Events Won 1 Bill Sokol +17 4 2 2 Cyril Sokol 0 3 2" in first
    assert "Tie broken by" not in first and "Dropped" not in first


def test_the_season_wall_shows_the_chips_a_tie_was_broken_by(client, organizer, nights):
    season = make_season(organizer, nights, **PLACEMENT)
    client.force_login(organizer)
    live = text(client.get(reverse("season-wall-live", args=[season.pk])))
    assert (
        "Season standings · 4 events # Player Points Tie broken by Chips Events "
        "1 Cyril 28 chips 0 3 2 Anna 28 chips -5 4 3 Bill 26 +17 4 "
        "4 Dana Nováková 20 -6 3 5 Emil 15 -6 2 " in live
    )
