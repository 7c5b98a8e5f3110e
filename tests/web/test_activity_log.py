"""The activity log's actions are declared once (``ActivityEntry.Action``), with the
words its pages say them in: an action not declared is refused, and the admin's log and
a season's history read the words from the declaration."""

import datetime

import pytest
from django.urls import reverse

from tournaments import services
from tournaments.models import ActivityEntry, Player
from tournaments.services import seasons as season_services
from tournaments.services.activity import log_activity

pytestmark = pytest.mark.django_db


def test_an_action_not_declared_is_refused(event, organizer):
    with pytest.raises(ValueError, match="'renamed_player' is not an action of the log"):
        log_activity(event, organizer, "renamed_player", player=1)
    with pytest.raises(ValueError, match="'added_event' is not an action of the log"):
        ActivityEntry.objects.create(event=event, user=organizer, action="added_event")
    assert not ActivityEntry.objects.filter(action__in=["renamed_player", "added_event"]).exists()


def test_the_admins_log_says_each_action_in_its_words(client, table, organizer, django_user_model):
    event = table.round.event
    anna = Player.objects.get(name="Anna")
    services.rename_player(event, organizer, anna, "Anna Nováková")
    services.close_round(table.round, organizer)
    season = season_services.create_season(
        organizer,
        name="Sokol season",
        start_date=datetime.date(2026, 9, 1),
        end_date=datetime.date(2026, 12, 31),
    )
    season_services.add_event(season, event, organizer)
    client.force_login(django_user_model.objects.create_superuser("root", password="x-pw"))
    page = client.get(reverse("admin:tournaments_activityentry_changelist")).content.decode()
    start = page.index('id="result_list"')
    said = page[start : page.index("</table>", start)]
    for words in [
        "created the event",
        "added round 1",
        "seated table 1 of round 1",
        "renamed Anna to Anna Nováková",
        "closed round 1",
        "created the season",
        "added Heun parish night (2026-11-20)",
        "counted the event in Sokol season",
    ]:
        assert f">{words}</td>" in said, words
