"""Nothing drawn again unasked (issue 36, points 1 and 2; FORMATS.md, "Players who come
late, and substitutes only", "Who pays"): a round's roll call saved as it was drawn
keeps the draw, a changed one says which tables change and asks first; a late player
is seated in the rounds drawn in advance only when the organizer says so, or is a
reserve whom the draws leave out; who pays the entry fee."""

import io

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import call_command
from django.core.management.base import CommandError
from django.urls import reverse

from tournaments import exchange, services
from tournaments.ledger_audit import audit_ledger
from tournaments.models import ActivityEntry, Player, Registration, Round, Seat
from tournaments.player_cards import player_cards
from tournaments.words import activity_words

from ..conftest import TOURNAMENT_PLAYERS

pytestmark = pytest.mark.django_db


def seating(event) -> dict[int, list[tuple[int, int, list[str]]]]:
    """Round number -> each table's id, number and players in order: a draw kept is
    the same rows, not only the same names."""
    found = {}
    for rnd in event.rounds.order_by("number"):
        found[rnd.number] = [
            (t.pk, t.number, [s.player.name for s in t.seats.order_by("position")])
            for t in rnd.tables.order_by("number")
        ]
    return found


def a_five(table) -> dict:
    """A Clarkson Five made at a table of four, its first seat dealing."""
    names = [s.player.name for s in table.seats.order_by("position")]
    return {
        "ruleset": "clarkson",
        "kind": "played",
        "bid": "five",
        "bidder": names[1],
        "partner": names[2],
        "bidder_points": 40,
        "players": names,
        "dealer": names[0],
    }


def messages_of(response) -> list[str]:
    return [str(m) for m in response.context["messages"]]


@pytest.fixture
def scheduled(tournament, organizer):
    """The nine players' three rounds drawn in advance (seed 5): a five and a four."""
    services.draw_all_rounds(tournament, organizer, 3, seed=5)
    return tournament


# -- point 1: the roll call ------------------------------------------------------------


def test_a_roll_call_saved_as_drawn_keeps_the_draw(client, scheduled, organizer):
    """Saved twice (as ticked, and after "Tick only those who checked in" with everyone
    checked in): the tables are the same rows, round 1 is still drawn and still on
    every player's card. Before, each save deleted round 1's draw."""
    before = seating(scheduled)
    rnd = scheduled.rounds.get(number=1)
    drawn_at = rnd.drawn_at
    client.force_login(organizer)
    url = reverse("round-detail", args=[rnd.pk])
    everyone = [p.pk for p in Player.objects.filter(name__in=TOURNAMENT_PLAYERS)]
    for _ in range(2):
        response = client.post(url, {"roll_call": "1", "present": everyone}, follow=True)
        assert messages_of(response) == [
            "Roll call saved; it is the one the round was drawn with: the draw stands."
        ]
    assert seating(scheduled) == before
    assert Round.objects.get(pk=rnd.pk).drawn_at == drawn_at
    assert [p.round for p in player_cards(scheduled)[0].places] == [1, 2, 3]
    assert "Not drawn yet" not in response.content.decode()


def absent_from_the_five(rnd) -> Player:
    """A player of round 1's table of five (table 1: the draw seats the five first)."""
    table = rnd.tables.get(number=1)
    assert table.seats.count() == 5
    return table.seats.get(position=2).player


def test_a_changed_roll_call_says_which_tables_change_and_asks_first(client, scheduled, organizer):
    """Nine drawn at a five (table 1) and a four (table 2); one of the five absent:
    eight make two fours. Table 2 stands as drawn (its players all present); table 1's
    four left are drawn again... at table 1. Nothing is saved until confirmed."""
    rnd = scheduled.rounds.get(number=1)
    gone = absent_from_the_five(rnd)
    before = seating(scheduled)
    client.force_login(organizer)
    url = reverse("round-detail", args=[rnd.pk])
    present = [p.pk for p in Player.objects.filter(name__in=TOURNAMENT_PLAYERS).exclude(pk=gone.pk)]
    asked = client.post(url, {"roll_call": "1", "present": present})
    assert asked.status_code == 200
    said = (
        f"Saving this roll call changes round 1: {gone.name} (table 1) is absent. Table 1 is "
        "drawn again: reprint their sheets and the players' cards. Table 2 stands as drawn."
    )
    page = asked.content.decode()
    assert said in page.replace("&#x27;", "'")
    assert asked.context["change"].drawn_again == [1]
    assert seating(scheduled) == before  # asked, nothing saved
    assert set(rnd.present.values_list("pk", flat=True)) == {
        p.pk for p in Player.objects.filter(name__in=TOURNAMENT_PLAYERS)
    }
    key = asked.context["change"].key
    done = client.post(url, {"roll_call": "1", "present": present, "confirm": key}, follow=True)
    assert messages_of(done) == [
        "Roll call saved; table 1 drawn again (reprint their sheets), the other tables stand."
    ]
    after = seating(scheduled)
    assert after[1][1] == before[1][1]  # table 2: the same row, the same seats
    assert after[1][0][0] != before[1][0][0] and after[1][0][1] == 1
    assert sorted(after[1][0][2]) == sorted(n for n in before[1][0][2] if n != gone.name)
    assert after[2] == before[2] and after[3] == before[3]  # later rounds as drawn
    assert set(rnd.present.values_list("pk", flat=True)) == set(present)
    entry = ActivityEntry.objects.filter(action="roll_call").get()
    assert entry.detail == {"round": 1, "present": 8, "tables_drawn_again": [1]}
    assert audit_ledger([scheduled.pk]).ok


def test_a_stale_confirmation_asks_again(scheduled, organizer):
    rnd = scheduled.rounds.get(number=1)
    gone = absent_from_the_five(rnd)
    present = list(Player.objects.filter(name__in=TOURNAMENT_PLAYERS).exclude(pk=gone.pk))
    with pytest.raises(services.RollCallChange) as asked:
        services.set_roll_call(rnd, organizer, present)
    # Another player absent too: the plan confirmed is not this one's.
    fewer = present[1:]
    with pytest.raises(services.RollCallChange) as again:
        services.set_roll_call(rnd, organizer, fewer, confirm=asked.value.plan.key)
    assert again.value.plan.key != asked.value.plan.key
    services.set_roll_call(rnd, organizer, fewer, confirm=again.value.plan.key)
    assert sum(len(t[2]) for t in seating(scheduled)[1]) + rnd.byes.count() == 7


def test_a_late_arrival_at_a_drawn_round_joins_a_table_that_is_drawn_again(tournament, organizer):
    """Round by round: eight drawn at two fours; Jiří comes late and is ticked: nine
    make a five and a four. One four stands, the other takes Jiří (table 2 or 1)."""
    rnd = services.create_round(tournament, organizer)
    eight = list(Player.objects.filter(name__in=TOURNAMENT_PLAYERS[:8]))
    services.draw_seating(rnd, organizer, seed=3, present=eight)
    before = seating(tournament)[1]
    jiri = services.register_player(tournament, organizer, name="Jiří")
    with pytest.raises(services.RollCallChange) as asked:
        services.set_roll_call(rnd, organizer, [*eight, jiri])
    plan = asked.value.plan
    assert plan.new == ["Jiří"] and plan.absent == []
    assert len(plan.redraw.kept) == 1 and len(plan.drawn_again) == 1
    services.set_roll_call(rnd, organizer, [*eight, jiri], confirm=plan.key)
    after = seating(tournament)[1]
    kept = plan.redraw.kept[0]
    assert [t for t in after if t[1] == kept] == [t for t in before if t[1] == kept]
    changed = next(t for t in after if t[1] != kept)
    assert len(changed[2]) == 5 and "Jiří" in changed[2]


def test_a_bye_absent_changes_no_table(tournament, organizer):
    """Eleven at two fives and a bye; the bye absent: both tables stand."""
    for name in ("Jan", "Karel"):
        services.register_player(tournament, organizer, name=name)
    rnd = services.create_round(tournament, organizer)
    services.draw_seating(rnd, organizer, seed=4)
    before = seating(tournament)[1]
    bye = rnd.byes.get()
    present = list(rnd.present.exclude(pk=bye.pk))
    with pytest.raises(services.RollCallChange) as asked:
        services.set_roll_call(rnd, organizer, present)
    assert asked.value.message == (
        f"Saving this roll call changes round 1: {bye.name} (a bye) is absent. Every table "
        "stands as drawn; the byes change (now nobody)."
    )
    saved = services.set_roll_call(rnd, organizer, present, confirm=asked.value.plan.key)
    assert saved.words == "Roll call saved; every table stands as drawn, the byes changed."
    assert seating(tournament)[1] == before and not rnd.byes.exists()


# -- point 2: late players, reserves, who pays ---------------------------------------------


def register(client, event, **fields):
    return client.post(reverse("event-players", args=[event.pk]), {"name": "Jiří", **fields})


def test_a_late_player_is_not_seated_unasked(client, scheduled, organizer):
    """Before, "Jiří registered." and every round not started was drawn again."""
    before = seating(scheduled)
    client.force_login(organizer)
    response = register(client, scheduled)
    said = (
        "Rounds 1 to 3 are drawn and not started: choose whether Jiří is seated in "
        "them (drawn again) or registered as a reserve, without a seat."
    )
    assert response.status_code == 200
    assert response.context["form"].errors["seat"] == [said]
    assert not Registration.objects.filter(player__name="Jiří").exists()
    assert seating(scheduled) == before


def test_a_late_player_registered_as_a_reserve_sits_nowhere(client, scheduled, organizer):
    before = seating(scheduled)
    client.force_login(organizer)
    response = register(client, scheduled, seat="reserve")
    assert response.status_code == 302
    reg = Registration.objects.get(player__name="Jiří")
    assert (reg.reserve, reg.pays_fee, reg.start_number) == (True, True, None)
    assert seating(scheduled) == before
    page = client.get(reverse("event-players", args=[scheduled.pk])).content.decode()
    assert '<span class="tag">reserve</span>' in page
    assert "Rounds 1 to 3 are drawn again: reprint their cards." in page  # seat's confirm
    # The draws and the roll call leave a reserve out.
    rnd = scheduled.rounds.get(number=1)
    roll_call = client.get(reverse("round-detail", args=[rnd.pk])).content.decode()
    assert "Jiří" not in roll_call
    with pytest.raises(
        services.ServiceError, match="Registered as a reserve, without a seat: Jiří"
    ):
        services.set_roll_call(rnd, organizer, [*rnd.present.all(), reg.player])
    services.draw_all_rounds(scheduled, organizer, 3, seed=5)
    assert not Seat.objects.filter(player=reg.player).exists()
    assert [c.name for c in player_cards(scheduled)] == TOURNAMENT_PLAYERS
    # Seated later from the players page: the rounds not started are drawn again.
    seated = client.post(
        reverse("event-players", args=[scheduled.pk]),
        {"player": reg.player.pk, "seat_reserve": "1"},
        follow=True,
    )
    assert messages_of(seated) == [
        "Jiří is seated from now on. Rounds 1 to 3 drawn again: reprint their cards."
    ]
    assert Seat.objects.filter(player=reg.player).count() == 3
    assert Registration.objects.get(pk=reg.pk).start_number == 10
    words = [
        activity_words(e.action, e.detail)
        for e in ActivityEntry.objects.filter(
            action__in=["register_reserve", "seat_reserve"]
        ).order_by("pk")
    ]
    assert words == ["registered Jiří as a reserve, without a seat", "seated the reserve Jiří"]


def test_a_late_player_seated_says_which_rounds_are_drawn_again(client, scheduled, organizer):
    round1 = scheduled.rounds.get(number=1)
    table = round1.tables.get(number=2)
    services.record_deal(table, a_five(table), organizer)
    before = seating(scheduled)
    client.force_login(organizer)
    response = register(client, scheduled, seat="seat")
    response = client.get(response.url)
    assert messages_of(response) == [
        "Jiří registered. Rounds 2 and 3 drawn again: reprint their cards."
    ]
    after = seating(scheduled)
    assert after[1] == before[1]  # round 1 started: kept
    assert all(
        "Jiří" in [n for t in after[number] for n in t[2]]
        or Round.objects.get(event=scheduled, number=number).byes.filter(name="Jiří").exists()
        for number in (2, 3)
    )
    entry = ActivityEntry.objects.filter(action="register_player").latest("pk")
    assert entry.detail == {"player": "Jiří", "drawn_again": [2, 3]}


def test_who_pays_the_entry_fee_is_the_organizers_to_say(client, tournament, organizer):
    client.force_login(organizer)
    register(client, tournament, name="Vlasta", no_fee="on")
    assert Registration.objects.get(player__name="Vlasta").pays_fee is False
    anna = Player.objects.get(name="Anna")
    url = reverse("event-players", args=[tournament.pk])
    page = client.get(url).content.decode()
    assert page.count('<td class="fee"><span class="tag">no fee</span>') == 1
    assert page.count('<td class="fee">pays\n') == 9
    refund = client.post(url, {"player": anna.pk, "pays_fee": "0"}, follow=True)
    assert messages_of(refund) == ["Anna does not pay the entry fee."]
    assert Registration.objects.get(player=anna).pays_fee is False
    client.post(url, {"player": anna.pk, "pays_fee": "1"})
    assert Registration.objects.get(player=anna).pays_fee is True
    words = [
        activity_words(e.action, e.detail)
        for e in ActivityEntry.objects.filter(action="set_pays_fee").order_by("pk")
    ]
    assert words == [
        "said Anna does not pay the entry fee",
        "said Anna pays the entry fee",
    ]
    # Withdrawing changes nothing of it.
    services.withdraw_player(tournament, organizer, anna)
    assert Registration.objects.get(player=anna).pays_fee is True


def csv_upload(text: str, **fields):
    return {"csv": SimpleUploadedFile("players.csv", text.encode()), **fields}


def test_a_players_csv_asks_too_while_rounds_wait(client, scheduled, organizer):
    """Before, the import registered them unseated and not as reserves: the next
    redraw, for anyone, then seated them silently."""
    before = seating(scheduled)
    client.force_login(organizer)
    url = reverse("event-players", args=[scheduled.pk])
    text = "name,club\nJiří,Praha\nKarel,Brno\n"
    refused = client.post(url, csv_upload(text))
    said = (
        "Rounds 1 to 3 are drawn and not started: choose whether the players the file "
        "registers are seated in them (drawn again) or registered as reserves, without a "
        "seat. Nothing was imported."
    )
    assert refused.context["csv_form"].errors["seat"] == [said]
    assert not Player.objects.filter(name__in=["Jiří", "Karel"]).exists()
    reserves = client.post(url, csv_upload(text, seat="reserve"), follow=True)
    assert messages_of(reserves) == [
        "Imported 2 new players and 0 already in the registry. 2 registered as reserves, "
        "without a seat."
    ]
    assert list(
        Registration.objects.filter(player__name__in=["Jiří", "Karel"]).values_list(
            "reserve", flat=True
        )
    ) == [True, True]
    assert seating(scheduled) == before


def test_a_players_csv_seats_them_when_told(scheduled, organizer):
    result = exchange.import_players_csv("name\nJiří\n", scheduled, organizer, seat=True)
    assert result.summary() == (
        "Imported 1 new player and 0 already in the registry. Rounds 1 to 3 drawn again "
        "with them: reprint their cards."
    )
    assert (
        Seat.objects.filter(player__name="Jiří").count()
        + Round.objects.filter(event=scheduled, byes__name="Jiří").count()
        == 3
    )
    # Without rounds waiting, nothing to choose.
    other = services.create_event(organizer, name="Club night", date="2026-11-22")
    assert exchange.import_players_csv("name\nKarel\n", other, organizer).created == 1
    assert Registration.objects.get(event=other).reserve is False


def test_the_import_command_asks_too(tmp_path, scheduled, organizer):
    path = tmp_path / "late.csv"
    path.write_text("name\nJiří\n", encoding="utf-8")
    args = [str(path), "--event", str(scheduled.pk), "--user", organizer.username]
    with pytest.raises(
        CommandError,
        match="or registered as reserves, without a seat. Nothing "
        "was imported. Give --seat or --reserve.",
    ):
        call_command("import_players", *args, stdout=io.StringIO())
    out = io.StringIO()
    call_command("import_players", *args, "--reserve", stdout=out)
    assert out.getvalue() == (
        "Imported 1 new player and 0 already in the registry. 1 registered as reserve, "
        "without a seat.\n"
    )
    assert Registration.objects.get(player__name="Jiří").reserve is True
