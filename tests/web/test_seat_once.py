"""A player sits at one table of a round at a time (issue 36, "What the probe found";
issue 35, a round's seats written in one place), and substitutions as the app made
them: refused where they do not fit (a withdrawn player, past the session's last deal),
cancelled before their first deal, never changed behind the app's back unseen."""

import re
from html import unescape

import pytest
from django.db import IntegrityError, connection, transaction
from django.db.migrations.executor import MigrationExecutor
from django.urls import reverse
from django.utils.timezone import localtime

from tournaments import append_only, seat_holders, services
from tournaments.ledger_audit import audit_ledger
from tournaments.models import (
    ActivityEntry,
    Player,
    Registration,
    Seat,
    Sitting,
    Substitution,
    Table,
)
from tournaments.services import seats
from tournaments.services.errors import FormError
from tournaments.words import activity_words

pytestmark = pytest.mark.django_db

AS_HIMSELF, FOR_LEAVER = Substitution.Mode.AS_HIMSELF, Substitution.Mode.FOR_LEAVER
EVENT = "Clarkson open"


def player(name):
    return Player.objects.get(name=name)


def five(table, bidder, partner, points=40):
    """A Clarkson Five under the names the table's next deal gives its seats (a
    substitute's in their own name from their first deal), the first seat dealing."""
    names = list(seat_holders.names_at(table))
    return {
        "ruleset": "clarkson",
        "kind": "played",
        "bid": "five",
        "bidder": bidder,
        "partner": partner,
        "bidder_points": points,
        "players": names,
        "dealer": names[0],
    }


@pytest.fixture
def two_tables(tournament, organizer):
    """Round 1: table 1 Anna, Bill, Čada, Dana (two deals entered), table 2 Emil,
    Fanny, Gustav, Hana; Ivan sits nowhere. Sessions of 10 deals."""
    rnd = services.create_round(tournament, organizer)
    t1, t2 = (
        services.create_table(rnd, organizer, [player(n) for n in names])
        for names in (["Anna", "Bill", "Čada", "Dana"], ["Emil", "Fanny", "Gustav", "Hana"])
    )
    services.record_deal(t1, five(t1, "Anna", "Bill"), organizer)
    services.record_deal(t1, five(t1, "Čada", "Anna", 20), organizer)
    return t1, t2


def sittings(rnd) -> list[tuple[str, int]]:
    return sorted(
        Sitting.objects.filter(round=rnd).values_list("player__name", "seat__table__number")
    )


# -- one rule, in one place ----------------------------------------------------------------


def test_every_way_of_seating_a_round_keeps_the_rule_in_the_database(tournament, organizer):
    """The draw of a round, the schedule, a table by hand, a swap, a substitute: the
    Sitting rows (one a player a round, unique) follow the seats and substitutes."""
    services.draw_all_rounds(tournament, organizer, 2, seed=5)
    round1, round2 = tournament.rounds.order_by("number")
    for rnd in (round1, round2):
        assert sittings(rnd) == sorted(
            Seat.objects.filter(table__round=rnd).values_list("player__name", "table__number")
        )
    services.draw_seating(round2, organizer, seed=9)
    a, b = (t.seats.get(position=0).player for t in round2.tables.order_by("number"))
    services.swap_players(round2, organizer, a, b)
    expected = sorted(
        Seat.objects.filter(table__round=round2).values_list("player__name", "table__number")
    )
    assert sittings(round2) == expected and len(expected) == 9
    round3 = services.create_round(tournament, organizer)
    four = [player(n) for n in ["Anna", "Bill", "Čada", "Emil"]]
    t1 = services.create_table(round3, organizer, four)
    services.substitute_player(t1, organizer, player("Anna"), player("Dana"), 1)
    assert sittings(round3) == [("Anna", 1), ("Bill", 1), ("Dana", 1), ("Emil", 1), ("Čada", 1)]
    # Sitting twice in a round is refused by the database itself.
    seat = Seat.objects.get(table=t1, player__name="Bill")
    with pytest.raises(IntegrityError), transaction.atomic():
        Sitting.objects.create(round=round3, player=player("Dana"), seat=seat)


def test_a_substitute_is_refused_a_new_table_of_the_round(client, two_tables, organizer):
    """Before, POST /rounds/<r>/tables/new/ seated Ivan a second time: both tables'
    deals counted for him and the audit said nothing."""
    t1, _ = two_tables
    services.substitute_player(t1, organizer, player("Dana"), player("Ivan"), 3, FOR_LEAVER)
    for name in ("Jan", "Karel", "Lída"):
        Registration.objects.create(event=t1.round.event, player=Player.objects.create(name=name))
    client.force_login(organizer)
    url = reverse("table-create", args=[t1.round.pk])
    page = client.get(url).content.decode()
    offered = set(re.findall(r'<option value="\d+">([^<]+)</option>', page.split("First")[0]))
    assert offered == {"Jan", "Karel", "Lída"}  # the players free in the round
    data = {f"seat{i}": player(n).pk for i, n in enumerate(["Ivan", "Jan", "Karel", "Lída"], 1)}
    response = client.post(url, data)
    assert response.status_code == 200
    assert response.context["form"].non_field_errors() == [
        "Already seated in this round: Ivan (table 1 as a substitute)."
    ]
    assert Table.objects.filter(round=t1.round).count() == 2


def test_a_player_on_a_bye_is_not_seated_or_a_substitute(two_tables, organizer):
    t1, _ = two_tables
    t1.round.byes.add(player("Ivan"))
    with pytest.raises(FormError, match="Ivan has a bye in round 1."):
        services.substitute_player(t1, organizer, player("Dana"), player("Ivan"), 3)
    with pytest.raises(
        services.ServiceError, match=r"Already seated in this round: Ivan \(a bye\)"
    ):
        newcomers = [Player.objects.create(name=n) for n in ("Xaver", "Yvona", "Zoe")]
        services.create_table(t1.round, organizer, [player("Ivan"), *newcomers])


def test_the_database_refuses_what_the_services_check_missed(two_tables, organizer, monkeypatch):
    """The words-first check blinded: the Sitting rows' unique round and player still
    refuse Emil a seat at table 1 while he sits at table 2, said at the field."""
    t1, _ = two_tables
    real = seats.where_seated
    calls = []

    def blind_once(*args, **kwargs):
        calls.append(args)
        return {} if len(calls) == 1 else real(*args, **kwargs)

    monkeypatch.setattr(seats, "where_seated", blind_once)
    with pytest.raises(FormError, match=r"Already seated in this round: Emil \(table 2\)") as e:
        services.substitute_player(t1, organizer, player("Dana"), player("Emil"), 3)
    assert list(e.value.fields) == ["substitute"]
    assert Substitution.objects.count() == 0


def raw(sql, params=()):
    """Raw SQL past the triggers, as the owner of the database could."""
    with append_only.lifted(connection), connection.cursor() as cursor:
        cursor.execute(sql, params)


def test_the_audit_names_a_player_seated_twice(two_tables, organizer):
    t1, t2 = two_tables
    services.substitute_player(t1, organizer, player("Dana"), player("Ivan"), 3, FOR_LEAVER)
    assert audit_ledger().ok
    raw(
        f"INSERT INTO {Seat._meta.db_table} (table_id, player_id, position) VALUES (%s, %s, 4)",
        [t2.pk, player("Ivan").pk],
    )
    t1.round.byes.add(player("Emil"))
    assert audit_ledger().problems == [
        f"{EVENT}: Ivan seated twice in round 1 (table 1 as a substitute; table 2)",
        f"{EVENT}: Emil seated twice in round 1 (table 2; a bye)",
    ]


# -- substitutions -----------------------------------------------------------------------


def test_a_withdrawn_player_is_not_a_substitute(two_tables, organizer, tournament):
    t1, _ = two_tables
    services.withdraw_player(tournament, organizer, player("Ivan"))
    with pytest.raises(FormError, match="Ivan is withdrawn from this event") as refused:
        services.substitute_player(t1, organizer, player("Dana"), player("Ivan"), 3)
    assert list(refused.value.fields) == ["substitute"]
    assert Substitution.objects.count() == 0


@pytest.mark.parametrize(
    ("from_deal", "said"),
    [
        (11, "Table 1's session ends at deal 10: the substitute takes the seat from deal 3 to 10."),
        (999_999, "Give the deal's number, a whole number from 1 to 100,000."),
    ],
)
def test_a_substitution_starts_within_the_session(two_tables, organizer, from_deal, said):
    """Sessions of 10 deals, 2 entered. Before, deal 11 or 999999 was taken, and the seat
    could never change hands again."""
    t1, _ = two_tables
    with pytest.raises(FormError) as refused:
        services.substitute_player(t1, organizer, player("Dana"), player("Ivan"), from_deal)
    assert refused.value.fields == {"from_deal": [said]}
    assert Substitution.objects.count() == 0


def test_no_substitute_after_the_session_ended(tournament, organizer):
    tournament = services.update_event(tournament, organizer, deals_per_session=2)
    rnd = services.create_round(tournament, organizer)
    t1 = services.create_table(
        rnd, organizer, [player(n) for n in ["Anna", "Bill", "Čada", "Dana"]]
    )
    services.record_deal(t1, five(t1, "Anna", "Bill"), organizer)
    services.record_deal(t1, five(t1, "Čada", "Anna"), organizer)
    with pytest.raises(FormError) as refused:
        services.substitute_player(t1, organizer, player("Dana"), player("Ivan"), 3)
    assert refused.value.fields == {
        "from_deal": ["Table 1's session has ended after 2 deals: no seat changes hands any more."]
    }


def substitute_options(client, table) -> list[str]:
    page = client.get(reverse("table-sheet", args=[table.pk])).content.decode()
    select = page.split('name="substitute"')[1].split("</select>")[0]
    return re.findall(r'<option value="\d+"[^>]*>([^<]+)</option>', select)


def test_the_form_offers_only_players_free_in_the_round(client, two_tables, organizer):
    """Before, it offered the whole event (Emil, seated at table 2, too): refused only
    on saving."""
    t1, t2 = two_tables
    Registration.objects.create(event=t1.round.event, player=Player.objects.create(name="Jan"))
    client.force_login(organizer)
    assert substitute_options(client, t1) == ["Ivan", "Jan"]
    services.substitute_player(t1, organizer, player("Dana"), player("Ivan"), 3)
    assert substitute_options(client, t2) == ["Jan"]
    # Any other is still refused at save, at the field, in words.
    response = client.post(
        reverse("table-substitute", args=[t2.pk]),
        {"leaver": player("Hana").pk, "substitute": player("Ivan").pk, "from_deal": 1,
         "mode": AS_HIMSELF},
    )  # fmt: skip
    assert response.context["substitute_form"].errors["substitute"] == [
        "Ivan already sits at table 1 in this round."
    ]


@pytest.mark.parametrize(("pays", "fee"), [("", False), ("on", True)])
def test_a_newcomer_substitute_is_a_reserve_who_pays_no_fee_unless_said(
    client, two_tables, organizer, pays, fee
):
    t1, _ = two_tables
    client.force_login(organizer)
    data = {"leaver": player("Dana").pk, "newcomer": "Vlasta Kubíčková", "from_deal": 3}
    data |= {"mode": AS_HIMSELF} | ({"pays_fee": pays} if pays else {})
    response = client.post(reverse("table-substitute", args=[t1.pk]), data, follow=True)
    said = "pays the entry fee" if fee else "pays no entry fee"
    assert [str(m) for m in response.context["messages"]] == [
        "From deal 3 Vlasta Kubíčková sits in Dana's seat and plays in Vlasta Kubíčková's "
        "own name. "
        f"Vlasta Kubíčková is registered as a reserve and {said}."
    ]
    reg = Registration.objects.get(player__name="Vlasta Kubíčková")
    assert (reg.reserve, reg.pays_fee, reg.withdrawn) == (True, fee, False)
    sub = Substitution.objects.get()
    assert (sub.substitute, sub.from_deal) == (reg.player, 3)


def test_a_newcomer_who_looks_like_a_registry_player_is_asked_about(client, two_tables, organizer):
    t1, _ = two_tables
    Player.objects.create(name="Jan Novák", club="Heun")
    client.force_login(organizer)
    data = {"leaver": player("Dana").pk, "newcomer": "Jan Novak", "from_deal": 3}
    response = client.post(reverse("table-substitute", args=[t1.pk]), data | {"mode": AS_HIMSELF})
    assert response.context["substitute_form"].errors["newcomer"] == [
        "“Jan Novak” looks like Jan Novák (Heun), already in the registry: type the name "
        "exactly to take them, or register a different person on the players page."
    ]
    assert not Player.objects.filter(name="Jan Novak").exists()
    both = client.post(
        reverse("table-substitute", args=[t1.pk]),
        data | {"mode": AS_HIMSELF, "substitute": player("Ivan").pk},
    )
    assert both.context["substitute_form"].errors["newcomer"] == [
        "Choose a player of the event or type a newcomer's name, not both."
    ]


def test_a_substitution_is_cancelled_before_its_first_deal(client, two_tables, organizer):
    t1, t2 = two_tables
    sub = services.substitute_player(t1, organizer, player("Dana"), player("Ivan"), 3)
    client.force_login(organizer)
    page = unescape(client.get(reverse("table-sheet", args=[t1.pk])).content.decode())
    assert "From deal 3 Ivan sits in Dana's seat." in page
    assert reverse("substitution-cancel", args=[sub.pk]) in page
    response = client.post(reverse("substitution-cancel", args=[sub.pk]), follow=True)
    assert [str(m) for m in response.context["messages"]] == [
        "Substitution cancelled: Dana's seat is theirs again from deal 3; Ivan sits nowhere "
        "in this round."
    ]
    assert not Substitution.objects.exists()
    assert list(seat_holders.names_at(t1)) == ["Anna", "Bill", "Čada", "Dana"]
    entry = ActivityEntry.objects.get(action="cancel_substitution")
    assert activity_words(entry.action, entry.detail) == (
        "gave Dana's seat at table 1 of round 1 back from Ivan (a substitution from deal 3, "
        "cancelled before it)"
    )
    # Ivan is free again: another seat of the round may be his; the audit agrees.
    again = services.substitute_player(t2, organizer, player("Hana"), player("Ivan"), 1)
    assert audit_ledger().ok
    # Once its first deal is entered, a substitution stands.
    services.record_deal(t2, five(t2, "Emil", "Ivan"), organizer)
    with pytest.raises(
        services.ServiceError, match="Deal 1 is entered at table 2: Ivan has played"
    ):
        services.cancel_substitution(again, organizer)
    assert Substitution.objects.filter(pk=again.pk).exists()


def test_a_stranger_cannot_cancel_a_substitution(client, two_tables, organizer, stranger):
    t1, _ = two_tables
    sub = services.substitute_player(t1, organizer, player("Dana"), player("Ivan"), 3)
    client.force_login(stranger)
    assert client.post(reverse("substitution-cancel", args=[sub.pk])).status_code in (403, 404)
    assert Substitution.objects.filter(pk=sub.pk).exists()


# -- substitutions changed behind the app's back -------------------------------------------


@pytest.fixture
def for_dana(two_tables, organizer):
    """Ivan plays for Dana from deal 3, and plays deal 3 (the deals name Dana: nothing
    in them says who sat)."""
    t1, _ = two_tables
    sub = services.substitute_player(t1, organizer, player("Dana"), player("Ivan"), 3, FOR_LEAVER)
    services.record_deal(t1, five(t1, "Dana", "Bill"), organizer)
    assert audit_ledger().ok
    return sub


def test_a_substitution_is_never_changed_in_the_database(for_dana):
    table = Substitution._meta.db_table
    zoe = Player.objects.create(name="Zoe")
    statements = [
        f"UPDATE {table} SET from_deal = 5 WHERE id = {for_dana.pk}",
        f"UPDATE {table} SET substitute_id = {zoe.pk} WHERE id = {for_dana.pk}",
        f"UPDATE {table} SET mode = 'as_himself' WHERE id = {for_dana.pk}",
    ]
    if connection.vendor == "sqlite":
        columns = "id, seat_id, from_deal, substitute_id, mode, created_by_id, created_at"
        statements.append(
            f"REPLACE INTO {table} ({columns}) SELECT {columns.replace('from_deal', '7')} "
            f"FROM {table} WHERE id = {for_dana.pk}"
        )
    for sql in statements:
        with pytest.raises(IntegrityError, match="a substitution is never changed"):
            with transaction.atomic(), connection.cursor() as cursor:
                cursor.execute(sql)
    assert Substitution.objects.get().from_deal == 3


WHERE = f"{EVENT}, round 1, table 1"
MADE = "Ivan in Dana's seat from deal 3, playing for the player who left"


@pytest.mark.parametrize(
    ("sql", "said"),
    [
        (
            "UPDATE {t} SET from_deal = 4 WHERE id = {pk}",
            "substitution {pk} says Ivan in Dana's seat from deal 4, playing for the player "
            f"who left; the activity log made it {MADE}: changed behind the app's back",
        ),
        (
            "UPDATE {t} SET substitute_id = {zoe} WHERE id = {pk}",
            "substitution {pk} says Zoe in Dana's seat from deal 3, playing for the player "
            f"who left; the activity log made it {MADE}: changed behind the app's back",
        ),
        (
            "UPDATE {t} SET mode = 'as_himself' WHERE id = {pk}",
            "substitution {pk} says Ivan in Dana's seat from deal 3, playing in their own "
            f"name; the activity log made it {MADE}: changed behind the app's back",
        ),
    ],
)
def test_the_audit_finds_a_substitution_changed(for_dana, sql, said):
    """Before, a for_leaver substitution's deal or substitute changed in SQL passed the
    audit: the deals name the leaver, whoever sat."""
    zoe = Player.objects.create(name="Zoe")
    Registration.objects.create(event=for_dana.seat.table.round.event, player=zoe)
    raw(sql.format(t=Substitution._meta.db_table, pk=for_dana.pk, zoe=zoe.pk))
    problems = audit_ledger().problems
    assert problems[-1:] == [f"{WHERE}: " + said.format(pk=for_dana.pk)]


def test_the_audit_finds_a_substitution_deleted_or_added(for_dana, organizer):
    made_at = ActivityEntry.objects.get(action="substitute").created_at
    raw(f"DELETE FROM {Substitution._meta.db_table} WHERE id = %s", [for_dana.pk])
    assert audit_ledger().problems == [
        f"{WHERE}: substitution {for_dana.pk} ({MADE}, made on "
        f"{localtime(made_at):%Y-%m-%d at %H:%M}) is missing: deleted behind the app's back "
        "(a substitution is cancelled only through the app, which logs it)"
    ]
    bill = Seat.objects.get(table=for_dana.seat.table, player__name="Bill")
    raw(
        f"INSERT INTO {Substitution._meta.db_table} (id, seat_id, from_deal, substitute_id, "
        "mode, created_by_id, created_at) VALUES (%s, %s, 9, %s, 'for_leaver', %s, %s)",
        [for_dana.pk + 100, bill.pk, player("Ivan").pk, organizer.pk, made_at],
    )
    assert audit_ledger().problems[0] == (
        f"{WHERE}: substitution {for_dana.pk + 100} (Ivan in Bill's seat from deal 9, playing "
        "for the player who left) is not in the activity log: added behind the app's back"
    )


@pytest.mark.django_db(transaction=True)
def test_the_upgrade_fills_the_sittings_and_records_the_substitutions(tournament, organizer):
    """Migration 0032_sittings on a database from before: every seat and substitute
    gets a Sitting row, each substitution the log knows no id of is recorded in it, and
    the audit then finds no problem."""
    rnd = services.create_round(tournament, organizer)
    four = [player(n) for n in ("Anna", "Bill", "Čada", "Dana")]
    table = services.create_table(rnd, organizer, four)
    services.substitute_player(table, organizer, four[3], player("Ivan"), 1, FOR_LEAVER)

    def migrate(*targets):
        executor = MigrationExecutor(connection)
        executor.migrate(list(targets) or executor.loader.graph.leaf_nodes())
        append_only.install(connection, append_only.applied(connection))

    try:
        migrate(("tournaments", "0031_check_in_links_stay_revoked"))
        # As the log was then: the substitution said in words, without its ids.
        raw(
            f"UPDATE {ActivityEntry._meta.db_table} SET detail = %s WHERE action = 'substitute'",
            ['{"table": 1, "round": 1, "leaver": "Dana", "substitute": "Ivan", "from_deal": 1}'],
        )
        migrate()
    finally:
        migrate()
    assert sittings(rnd) == [("Anna", 1), ("Bill", 1), ("Dana", 1), ("Ivan", 1), ("Čada", 1)]
    recorded = ActivityEntry.objects.get(action="record_substitution")
    assert recorded.detail["by"] == "the upgrade"
    assert activity_words(recorded.action, recorded.detail) == (
        "recorded Ivan in Dana's seat at table 1 of round 1 from deal 1"
    )
    assert audit_ledger().ok
