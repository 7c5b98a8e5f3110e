"""Rules the earlier tests let a wrong version of live (issue 35, point 7): each test
here fails with the named mistake made in the code.

- The self check-in's "already checked in" is asked of the event and the player, not
  the player alone: a player checked in to last month's event checks in today.
- The fees collected count the players who pay: a withdrawn player refunded (who does
  not pay) is not counted, whatever withdrawing means for the rest.
"""

import datetime

import pytest

from tournaments import prizes, services
from tournaments.models import CheckIn, Event, Player, Registration
from tournaments.services import checkin
from tournaments.services.prizes import set_prizes

pytestmark = pytest.mark.django_db


def night(organizer, name, date):
    return services.create_event(
        organizer,
        name=name,
        date=date,
        kind=Event.Kind.TOURNAMENT,
        ruleset="clarkson",
        house_rules={},
        starting_chips=20,
        session_end=Event.SessionEnd.FIXED_DEALS,
        deals_per_session=10,
        published=True,
    )


def test_checked_in_last_month_checks_in_today(organizer):
    october = night(organizer, "October open", datetime.date(2026, 10, 24))
    november = night(organizer, "November open", datetime.date(2026, 11, 21))
    for event in (october, november):
        services.register_player(event, organizer, name="Jan Novák")
    jan = Player.objects.get(name="Jan Novák")
    then = checkin.check_in(checkin.open_check_in(october, organizer).token, jan.pk)
    today = checkin.check_in(checkin.open_check_in(november, organizer).token, jan.pk)
    assert (then.event, today.event) == (october, november)
    assert CheckIn.objects.filter(player=jan).count() == 2


def test_a_withdrawn_player_refunded_is_not_in_the_fees(tournament, organizer):
    """Nine registered at $5; Ivan withdraws and is refunded (pays no fee): 8 x $5."""
    services.withdraw_player(tournament, organizer, Player.objects.get(name="Ivan"))
    Registration.objects.filter(event=tournament, player__name="Ivan").update(pays_fee=False)
    set_prizes(tournament, organizer, 500, "$20\n$10", False)
    assert prizes.players_paying(tournament) == 8
    (overall,) = prizes.event_prize_lists(Event.objects.get(pk=tournament.pk))
    assert (overall.players_paying, overall.pool) == (8, 4000)
