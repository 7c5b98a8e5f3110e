"""The pot of Petrtyl's games is a ledger account of its own, not a player."""

import datetime
import re

import pytest
from django.db import IntegrityError, connection, transaction

from tournaments import services
from tournaments.audit import audit_ledger
from tournaments.models import DealNet, Event, LedgerEntry, Player
from tournaments.queries import net_by_player, pot_before

PLAYERS = ["Anna", "Bill", "Cyril", "Dana"]


@pytest.fixture
def petrtyl_table(organizer):
    event = services.create_event(
        organizer,
        name="Petrtyl club night",
        date=datetime.date(2026, 11, 24),
        venue="Sokolovna",
        kind=Event.Kind.CLUB_NIGHT,
        ruleset="petrtyl",
        house_rules={},
        starting_chips=50,
        session_end=Event.SessionEnd.FIXED_DEALS,
        deals_per_session=20,
        published=False,
    )
    round1 = services.create_round(event, organizer)
    players = [Player.objects.create(name=n) for n in PLAYERS]
    return services.create_table(round1, organizer, players, first_forehand=players[0])


def misdeal(dealer="Bill", **extra):
    return {"ruleset": "petrtyl", "players": PLAYERS, "kind": "misdeal", "dealer": dealer} | extra


def papoose_won(**extra):
    """Cyril wins an announced Papoose Last and takes the pot."""
    return {
        "ruleset": "petrtyl",
        "players": PLAYERS,
        "kind": "played",
        "bidder": "Anna",
        "bid": "four",
        "partner": "Cyril",
        "talon": "second",
        "bidder_points": 41,
        "papoose_last": {"player": "Cyril", "announced": True, "outcome": "won"},
    } | extra


def pot_rows(table):
    return sorted(
        (e.deal.number, e.payer_name, e.payee_name, e.chips)
        for e in LedgerEntry.objects.filter(table=table).select_related("payer", "payee", "deal")
        if e.payer_is_pot or e.payee_is_pot
    )


def test_a_misdeal_pays_into_the_pot_and_the_papoose_takes_it(petrtyl_table, organizer):
    services.record_deal(petrtyl_table, misdeal("Bill"), organizer)
    services.record_deal(petrtyl_table, misdeal("Dana"), organizer)
    assert pot_before(petrtyl_table.pk, 3) == 8
    # The form's pot is not trusted: the ledger's 8 is used.
    deal = services.record_deal(petrtyl_table, papoose_won(pot=500), organizer)
    assert deal.document["pot"] == 8
    assert pot_rows(petrtyl_table) == [
        (1, "Bill", "#pot", 4),
        (2, "Dana", "#pot", 4),
        (3, "#pot", "Cyril", 8),
    ]
    assert pot_before(petrtyl_table.pk, 4) == 0
    net = net_by_player(LedgerEntry.objects.filter(table=petrtyl_table))
    names = dict(Player.objects.values_list("pk", "name"))
    assert {names.get(k, "#pot"): v for k, v in net.items()} == {
        "Anna": 7,
        "Bill": -11,
        "Cyril": 15,
        "Dana": -11,
        "#pot": 0,
    }
    # DealNet stays per player: the pot has none.
    assert sorted(DealNet.objects.filter(deal=deal).values_list("player__name", "chips")) == [
        ("Anna", 7),
        ("Bill", -7),
        ("Cyril", 15),
        ("Dana", -7),
    ]
    assert audit_ledger([petrtyl_table.round.event_id]).problems == []


def test_a_correction_and_a_void_reverse_the_pot(petrtyl_table, organizer):
    first = services.record_deal(petrtyl_table, misdeal("Bill"), organizer)
    third = None
    services.record_deal(petrtyl_table, misdeal("Dana"), organizer)
    third = services.record_deal(petrtyl_table, papoose_won(), organizer)
    # The first misdeal was Anna's, not Bill's: the pot before deal 3 is still 8.
    services.correct_deal(first, misdeal("Anna"), organizer, "Anna dealt")
    assert pot_before(petrtyl_table.pk, 3) == 8
    # Voiding the second misdeal leaves 4 in the pot before deal 3; correcting deal 3
    # then pays Cyril the 4 that is there.
    services.void_deal(LedgerEntry.objects.get(deal__number=2).deal, organizer, "no misdeal")
    assert pot_before(petrtyl_table.pk, 3) == 4
    third = services.correct_deal(third, papoose_won(), organizer, "pot recounted")
    assert third.document["pot"] == 4
    assert pot_before(petrtyl_table.pk, 4) == 0
    assert audit_ledger([petrtyl_table.round.event_id]).problems == []


def test_the_database_refuses_a_side_that_is_not_one_account(petrtyl_table, organizer):
    services.record_deal(petrtyl_table, misdeal("Bill"), organizer)
    row = LedgerEntry.objects.get()
    fields = {
        "event_id": row.event_id,
        "table_id": row.table_id,
        "deal_id": row.deal_id,
        "deal_version_id": row.deal_version_id,
        "chips": 1,
        "reason": "misdeal",
        "explanation": "x",
        "created_by_id": row.created_by_id,
    }
    bad_sides = [
        {"payer_id": None, "payer_is_pot": False, "payee_is_pot": True},  # no payer at all
        {"payer_id": row.payer_id, "payer_is_pot": True, "payee_is_pot": True},  # two at once
        {"payer_id": None, "payer_is_pot": True, "payee_is_pot": True},  # pot to pot
    ]
    for sides in bad_sides:
        with pytest.raises(IntegrityError), transaction.atomic():
            LedgerEntry.objects.bulk_create([LedgerEntry(**fields, payee_id=None, **sides)])
    assert LedgerEntry.objects.count() == 1
    assert connection.vendor in ("sqlite", "postgresql")


def test_the_audit_finds_a_pot_below_zero(petrtyl_table, organizer):
    """A pot row written past the services (taking chips the pot never had) is found."""
    services.record_deal(petrtyl_table, misdeal("Bill"), organizer)
    row = LedgerEntry.objects.get()
    LedgerEntry.objects.bulk_create(
        [
            LedgerEntry(
                event_id=row.event_id,
                table_id=row.table_id,
                deal_id=row.deal_id,
                deal_version_id=row.deal_version_id,
                payer=None,
                payer_is_pot=True,
                payee_id=row.payer_id,
                chips=10,
                reason="pot",
                explanation="taken",
                created_by_id=row.created_by_id,
            )
        ]
    )
    problems = audit_ledger([petrtyl_table.round.event_id]).problems
    assert any("pot" in p and "-6" in p for p in problems), problems


@pytest.fixture
def pot_evening(petrtyl_table, organizer):
    """Two misdeals fill the pot with 8; Cyril's Papoose Last takes it."""
    services.record_deal(petrtyl_table, misdeal("Bill"), organizer)
    services.record_deal(petrtyl_table, misdeal("Dana"), organizer)
    services.record_deal(petrtyl_table, papoose_won(), organizer)
    return petrtyl_table


def _text(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html)).replace("&#x27;", "'")


def test_every_page_shows_the_pot(pot_evening, client, organizer):
    from tournaments import exchange

    client.force_login(organizer)
    table, event = pot_evening, pot_evening.round.event
    html = client.get(f"/tables/{table.pk}/").content.decode()
    sheet = _text(html[html.index('<table class="sheet"') : html.index("</table>")])
    # The pot's running contents after each deal: 4, 8, then 0 when Cyril takes it.
    assert "Dealer Deal Pot Anna Bill Cyril Dana" in sheet
    assert "1 Bill misdeal: the dealer pays 4 into the pot 4 0 50 -4 46 0 50 0 50" in sheet
    assert "2 Dana misdeal: the dealer pays 4 into the pot 8 0 50 0 46 0 50 -4 46" in sheet
    assert (
        "3 played; Declarer: Anna; Bid: Four; Partner: Cyril; Talon: second three; "
        "Declarer's side's card points: 41; Papoose Last: Cyril, Announced, took the last "
        "trick 0 +7 57 -7 39 +15 65 -7 39" in sheet
    )
    assert "Net 0 +7 57 -11 39 +15 65 -11 39" in sheet
    deal3 = table.deals.get(number=3)
    detail = _text(client.get(f"/deals/{deal3.pk}/").content.decode())
    # The rule in Petrtyl's words (it showed the stored "pot" before the choices came
    # from the core).
    assert "the pot Cyril 8 Pot Papoose Last announced and won: Cyril takes the pot of 8" in detail
    cyril = Player.objects.get(name="Cyril")
    statement = _text(
        client.get(f"/events/{event.pk}/players/{cyril.pk}/statement/").content.decode()
    )
    assert "from the pot" in statement
    chips = _text(client.get(f"/tables/{table.pk}/chips/").content.decode())
    assert "The pot 0 the chips in the middle: with the players' they make 4 × 50 = 200" in chips
    ledger = exchange.ledger_csv(event).replace('"', "")
    assert ",1,1,1,1,Bill,#pot,4,misdeal," in ledger
    assert (
        ",1,1,3,1,#pot,Cyril,8,pot,Papoose Last announced and won: Cyril takes the pot of 8,"
        in ledger
    )
