"""One of everything an event can have (a table link's deal, a rejected version, a
call, the check-in) and the address of every named URL of the app for it."""

import pytest
from django.urls import get_resolver, reverse

from tournaments import services
from tournaments.models import Seat
from tournaments.services import checkin

from ..conftest import played_doc
from .seasons import season_of


@pytest.fixture
def world(table, organizer):
    return one_of_everything(table, organizer)


def app_url_names() -> set[str]:
    """Every named URL of the app (the admin's aside)."""
    names = {name for name in get_resolver().reverse_dict if isinstance(name, str)}
    return {n for n in names if not n.startswith("admin")}


def one_of_everything(table, organizer, word="Who deals?", substitute="Zoe") -> dict:
    """One of everything an event can have, at ``table`` of an event ``organizer``
    organizes (the ``world`` fixture's; the call says ``word``, ``substitute`` plays
    for Dana)."""
    link = services.issue_link(table, organizer)
    # The organizer enters it through the link: a link corrects or undoes only such a deal.
    deal = services.record_deal(table, played_doc(), organizer, link=link)
    # The link's other deal 1, refused as a conflict: kept as a rejected version.
    rejected = services.record_rejected_version(deal, played_doc(bidder_points=20), None, link)
    call = services.raise_call(link, "question", word)
    event = table.round.event
    player = Seat.objects.filter(table=table).first().player
    # Zoe plays for Dana from deal 5: a substitution an organizer may still cancel.
    zoe = services.register_player(event, organizer, name=substitute)
    dana = Seat.objects.get(table=table, position=3).player
    substitution = services.substitute_player(table, organizer, dana, zoe, 5, "for_leaver")
    return {
        "event": event,
        "table": table,
        "round": table.round,
        "deal": deal,
        "player": player,
        "link": link,
        "rejected": rejected,
        "call": call,
        "check_in": checkin.open_check_in(event, organizer),
        "substitution": substitution,
    }


def url_for(name, w):
    e, t, r, d, p = w["event"], w["table"], w["round"], w["deal"], w["player"]
    token = w["link"].token
    s = w["season"].pk if "season" in w else 0
    args = {
        "season-create": [],
        "season-detail": [s],
        "season-edit": [s],
        "season-events": [s],
        "season-csv": [s],
        "season-xlsx": [s],
        "season-pdf": [s],
        "season-json": [s],
        "season-statement": [s, p.pk],
        "season-wall": [s],
        "season-wall-live": [s],
        "season-site": [s],
        "season-results-mail": [s],
        "player-detail": [p.pk],
        "home": [],
        "card-points": [],
        "healthz": [],
        "service-worker": [],
        "server-now": [],
        "calendar": [],
        "calendar-ics": [],
        "ranking-list": [],
        "ranking-list-csv": [],
        "ranking-list-pdf": [],
        "members-list": [e.club.slug],
        "members-list-csv": [e.club.slug],
        "members-list-pdf": [e.club.slug],
        "rating-list": [],
        "list-events": [],
        "round-clock": [r.pk],
        "table-clock": [t.pk],
        "login": [],
        "logout": [],
        "password_change": [],
        "password_change_done": [],
        "event-create": [],
        "event-detail": [e.pk],
        "standings": [e.pk],
        "standings-csv": [e.pk],
        "standings-xlsx": [e.pk],
        "standings-pdf": [e.pk],
        "player-statement": [e.pk, p.pk],
        "statement-pdf": [e.pk, p.pk],
        "statement-csv": [e.pk, p.pk],
        "statement-xlsx": [e.pk, p.pk],
        "round-detail": [r.pk],
        "round-pack-pdf": [r.pk],
        "table-sheet": [t.pk],
        "table-pdf": [t.pk],
        "deal-detail": [d.pk],
        "event-edit": [e.pk],
        "event-players": [e.pk],
        "players-sheet": [e.pk],
        "event-schedule": [e.pk],
        "cannot-move": [e.pk],
        "seat-by-ranking": [r.pk],
        "table-create": [r.pk],
        "deal-create": [t.pk],
        "deal-correct": [d.pk],
        "chip-count": [t.pk],
        "event-download": [e.pk, "ledger.csv"],
        "round-create": [e.pk],
        "deal-preview": [t.pk],
        "deal-void": [d.pk],
        "table-first-forehand": [t.pk],
        "table-substitute": [t.pk],
        "substitution-cancel": [w["substitution"].pk],
        "seat-finder": [r.pk],
        "wall": [e.pk],
        "wall-live": [e.pk],
        "round-links": [r.pk],
        "inbox": [e.pk],
        "prize-settings": [e.pk],
        "prize-categories": [e.pk],
        "prize-category": [e.pk, w.get("category", 0)],
        "event-teams": [e.pk],
        "event-team": [e.pk, w.get("team", 0)],
        "prize-list": [e.pk],
        "prize-list-csv": [e.pk],
        "prize-list-xlsx": [e.pk],
        "prize-list-pdf": [e.pk],
        "table-undo": [t.pk],
        "link-sheet": [token],
        "link-deal": [token],
        "link-preview": [token],
        "link-correct": [token, d.number],
        "link-undo": [token],
        "rejected-adopt": [w["rejected"].pk],
        "rejected-dismiss": [w["rejected"].pk],
        "director": [r.pk],
        "director-live": [r.pk],
        "link-call": [token],
        "call-handle": [w["call"].pk],
        "check-in-desk": [e.pk],
        "check-in": [w["check_in"].token],
        "check-in-pdf": [e.pk],
        "event-site": [e.pk],
        "name-cards-pdf": [e.pk],
        "table-cards-pdf": [r.pk],
        "diplomas-pdf": [e.pk],
        "results-mail": [e.pk],
        "club-detail": [e.club.slug],
        "club-send-event": [e.club.slug],
        "club-members": [e.club.slug],
        "player-merge": [],
        "player-merge-undo": [w.get("merge", 0)],
    }[name]
    return reverse(name, args=args)


@pytest.fixture
def season_world(world, organizer):
    season = season_of(
        organizer,
        [world["event"]],
        name="Heun parish season",
        start_date=world["event"].date,
        end_date=world["event"].date,
    )
    return {**world, "season": season}
