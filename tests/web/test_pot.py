"""The pot of Petrtyl's games is a ledger account of its own, not a player."""

import dataclasses
import datetime
import re

import pytest
from django.db import IntegrityError, connection, transaction
from django.urls import reverse

import taroky_scoring as core
from tournaments import services
from tournaments.balances import net_by_player, pot_before
from tournaments.ledger_audit import audit_ledger
from tournaments.models import DealNet, DealVersion, LedgerEntry, Player

from ..conftest import game_table

PLAYERS = ["Anna", "Bill", "Cyril", "Dana"]


@pytest.fixture
def petrtyl_table(organizer):
    return game_table(
        organizer,
        "petrtyl",
        PLAYERS,
        name="Petrtyl club night",
        date=datetime.date(2026, 11, 24),
        venue="Sokolovna",
        starting_chips=50,
    )


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
    # Voiding the second misdeal leaves 4 in the pot before deal 3: the void gives
    # deal 3 its new pot at once (a version of its own), and Cyril takes the 4.
    services.void_deal(LedgerEntry.objects.get(deal__number=2).deal, organizer, "no misdeal")
    assert pot_before(petrtyl_table.pk, 3) == 4
    third.refresh_from_db()
    assert (third.version, third.document["pot"]) == (2, 4)
    assert sorted(
        DealNet.objects.filter(deal=third, version=2).values_list("player__name", "chips")
    ) == [
        ("Anna", 7),
        ("Bill", -7),
        ("Cyril", 11),
        ("Dana", -7),
    ]
    # Correcting deal 3 again reads the same 4 from the ledger.
    third = services.correct_deal(third, papoose_won(), organizer, "pot recounted").deal
    assert (third.version, third.document["pot"]) == (3, 4)
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
    assert "1 Bill Misdeal: the dealer pays 4 into the pot 4 0 50 -4 46 0 50 0 50" in sheet
    assert "2 Dana Misdeal: the dealer pays 4 into the pot 8 0 50 0 46 0 50 -4 46" in sheet
    assert (
        "3 Played; Declarer: Anna; Bid: Four; Partner: Cyril; Talon: second three; "
        "Declarer's side's card points: 41; Papoose Last: Cyril, announced, took the last "
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


# -- the pot across corrections and voids ----------------------------------------------


def papoose(outcome, **extra):
    """Anna's Four with Cyril, won with 41; Cyril announced Papoose Last: ``outcome``."""
    return papoose_won(papoose_last={"player": "Cyril", "announced": True, "outcome": outcome})


def thrown_in(dealer="Dana"):
    return {"ruleset": "petrtyl", "players": PLAYERS, "kind": "thrown_in", "dealer": dealer}


def deal_states(table):
    """Each deal: number, version, the pot its document says, its players' nets."""
    names = dict(Player.objects.values_list("pk", "name"))
    return [
        (
            d.number,
            d.version,
            d.document["pot"],
            {
                names[n.player_id]: n.chips
                for n in DealNet.objects.filter(deal=d, version=d.version)
                if n.chips
            },
        )
        for d in table.deals.order_by("number")
    ]


def pot_versions(table, number):
    """A deal's versions: number, action, reason, author."""
    deal = table.deals.get(number=number)
    return [
        (v.number, v.action, v.reason, v.created_by.username)
        for v in deal.versions.order_by("number").select_related("created_by")
    ]


@pytest.fixture
def five_deals(petrtyl_table, organizer):
    """Misdeals by Bill and Dana fill the pot with 8; Cyril's Papoose Last takes it in
    deal 3; in deal 4 his Papoose Last fails on an empty pot; Anna misdeals in deal 5."""
    services.record_deal(petrtyl_table, misdeal("Bill"), organizer)
    services.record_deal(petrtyl_table, misdeal("Dana"), organizer)
    services.record_deal(petrtyl_table, papoose("won"), organizer)
    services.record_deal(petrtyl_table, papoose("lost"), organizer)
    services.record_deal(petrtyl_table, misdeal("Anna"), organizer)
    assert deal_states(petrtyl_table) == [
        (1, 1, 0, {"Bill": -4}),
        (2, 1, 4, {"Dana": -4}),
        (3, 1, 8, {"Anna": 7, "Bill": -7, "Cyril": 15, "Dana": -7}),
        (4, 1, 0, {"Anna": 3, "Bill": -3, "Cyril": 3, "Dana": -3}),
        (5, 1, 0, {"Anna": -4}),
    ]
    return petrtyl_table


def test_a_change_says_what_it_did_in_a_result_not_on_the_deal(five_deals, organizer):
    """A correction or a void returns the deal and the later deals given a new pot, as
    a frozen result; nothing is set on the deal."""
    table = five_deals
    change = services.correct_deal(table.deals.get(number=2), thrown_in(), organizer, "a redeal")
    assert isinstance(change, services.DealChange)
    assert (change.deal.number, change.deal.version, change.repotted) == (2, 2, [3])
    assert change.repotted_words == (
        " Deal 3 now plays for the pot the ledger holds (a new version)."
    )
    assert not hasattr(change.deal, "repotted")
    with pytest.raises(dataclasses.FrozenInstanceError):
        change.repotted = []
    voided = services.void_deal(table.deals.get(number=5), organizer, "no misdeal")
    assert (voided.deal.number, voided.deal.voided, voided.repotted) == (5, True, [])
    assert voided.repotted_words == ""


def test_correcting_an_earlier_deal_gives_the_later_deals_their_pot(five_deals, organizer):
    table = five_deals
    # Deal 2 was no misdeal but a redeal: the pot before deal 3 holds 4, which Cyril
    # takes; deals 4 and 5 still find an empty pot and stay as they were.
    redeal = services.correct_deal(table.deals.get(number=2), thrown_in(), organizer, "a redeal")
    assert redeal.repotted == [3]
    assert deal_states(table) == [
        (1, 1, 0, {"Bill": -4}),
        (2, 2, 4, {}),
        (3, 2, 4, {"Anna": 7, "Bill": -7, "Cyril": 11, "Dana": -7}),
        (4, 1, 0, {"Anna": 3, "Bill": -3, "Cyril": 3, "Dana": -3}),
        (5, 1, 0, {"Anna": -4}),
    ]
    assert pot_versions(table, 3) == [
        (1, "recorded", "", "org"),
        (2, "repotted", "The pot changed: deal 2 was corrected", "org"),
    ]
    assert pot_rows(table) == [
        (1, "Bill", "#pot", 4),
        (2, "#pot", "Dana", 4),  # the reversal of deal 2's misdeal
        (2, "Dana", "#pot", 4),
        (3, "#pot", "Cyril", 4),  # Cyril takes the 4 that are there now
        (3, "#pot", "Cyril", 8),
        (3, "Cyril", "#pot", 8),  # the reversal of the 8 he took
        (5, "Anna", "#pot", 4),
    ]
    # Deal 3 was corrected: Cyril's Papoose Last failed and paid the 4 into the pot.
    # Deal 4's failed Papoose Last now doubles a pot of 8: Cyril pays 8 more; deal 5
    # finds 16 there.
    beaten = services.correct_deal(table.deals.get(number=3), papoose("lost"), organizer, "beaten")
    assert beaten.repotted == [4, 5]
    assert deal_states(table) == [
        (1, 1, 0, {"Bill": -4}),
        (2, 2, 4, {}),
        (3, 3, 4, {"Anna": 3, "Bill": -3, "Cyril": -1, "Dana": -3}),
        (4, 2, 8, {"Anna": 3, "Bill": -3, "Cyril": -5, "Dana": -3}),
        (5, 2, 16, {"Anna": -4}),
    ]
    assert pot_versions(table, 5) == [
        (1, "recorded", "", "org"),
        (2, "repotted", "The pot changed: deal 3 was corrected", "org"),
    ]
    assert pot_before(table.pk, 6) == 20
    net = net_by_player(LedgerEntry.objects.filter(table=table))
    names = dict(Player.objects.values_list("pk", "name"))
    assert {names.get(k, "#pot"): v for k, v in net.items()} == {
        "Anna": 2,
        "Bill": -10,
        "Cyril": -6,
        "Dana": -6,
        "#pot": 20,
    }
    assert audit_ledger([table.round.event_id]).problems == []


def test_voiding_an_earlier_deal_gives_the_later_deals_their_pot(five_deals, organizer):
    table = five_deals
    services.correct_deal(table.deals.get(number=3), papoose("lost"), organizer, "beaten")
    assert [s[:3] for s in deal_states(table)] == [
        (1, 1, 0),
        (2, 1, 4),
        (3, 2, 8),
        (4, 2, 16),
        (5, 2, 32),
    ]
    # Bill's misdeal in deal 1 never happened: every later pot loses 4, then doubles.
    voided = services.void_deal(table.deals.get(number=1), organizer, "no misdeal")
    assert voided.repotted == [2, 3, 4, 5]
    assert deal_states(table) == [
        (1, 2, 0, {}),
        (2, 2, 0, {"Dana": -4}),
        (3, 3, 4, {"Anna": 3, "Bill": -3, "Cyril": -1, "Dana": -3}),
        (4, 3, 8, {"Anna": 3, "Bill": -3, "Cyril": -5, "Dana": -3}),
        (5, 3, 16, {"Anna": -4}),
    ]
    assert pot_versions(table, 4) == [
        (1, "recorded", "", "org"),
        (2, "repotted", "The pot changed: deal 3 was corrected", "org"),
        (3, "repotted", "The pot changed: deal 1 was voided", "org"),
    ]
    assert pot_before(table.pk, 6) == 20
    assert audit_ledger([table.round.event_id]).problems == []
    # Voiding the deal whose pot the others read last changes nothing before it.
    assert services.void_deal(table.deals.get(number=5), organizer, "no misdeal").repotted == []
    assert [s[:3] for s in deal_states(table)][:4] == [(1, 2, 0), (2, 2, 0), (3, 3, 4), (4, 3, 8)]
    assert audit_ledger([table.round.event_id]).problems == []


def test_a_later_deal_that_cannot_take_its_pot_refuses_the_change(
    five_deals, organizer, monkeypatch
):
    """A house rule where a Papoose Last takes a fixed 8: correcting deal 2 would leave
    4 in the pot before deal 3, which takes 8; nothing is saved and deal 3 is named."""
    from taroky_scoring.settlement import Transfer
    from taroky_scoring.settlement import settlement as settled

    table = five_deals
    game = core.game_for("petrtyl")
    settle = game.settle

    def fixed_eight(outcome, rules):
        settlement = settle(outcome, rules)
        taken = [t for t in settlement.transfers if t.payer == "#pot"]
        if not taken:
            return settlement
        kept = [t for t in settlement.transfers if t.payer != "#pot"]
        eight = Transfer("#pot", taken[0].payee, 8, taken[0].reason, "a fixed 8")
        return settled(settlement.net, [*kept, eight], settlement.bidder_won, settlement.game_value)

    monkeypatch.setattr(game, "settle", fixed_eight)
    rows = LedgerEntry.objects.count()
    with pytest.raises(services.DealError) as refused:
        services.correct_deal(table.deals.get(number=2), thrown_in(), organizer, "a redeal")
    assert refused.value.message == (
        "Deal 2 cannot be corrected: deal 3 would then find 4 chips in the pot, and it "
        "takes 8 from it. Correct or void deal 3 first; nothing was saved."
    )
    assert LedgerEntry.objects.count() == rows
    assert [s[:3] for s in deal_states(table)] == [(n, 1, p) for n, p in FIVE_POTS]
    with pytest.raises(services.DealError) as refused:
        services.void_deal(table.deals.get(number=1), organizer, "no misdeal")
    assert refused.value.message.startswith(
        "Deal 1 cannot be voided: deal 3 would then find 4 chips in the pot"
    )
    assert table.deals.get(number=1).voided is False


FIVE_POTS = [(1, 0), (2, 4), (3, 8), (4, 0), (5, 0)]


def test_the_audit_flags_a_stale_pot(five_deals, organizer, monkeypatch):
    """What a correction did before the pot was carried forward: deal 3's failed Papoose
    Last doubles the pot to 16, and deals 4 and 5 still say it was empty."""
    from tournaments.services import corrections

    monkeypatch.setattr(corrections, "_repot_later_deals", lambda *args: None)
    services.correct_deal(five_deals.deals.get(number=3), papoose("lost"), organizer, "beaten")
    assert audit_ledger([five_deals.round.event_id]).problems == [
        "Petrtyl club night, round 1, table 1, deal 4: its document says the pot held 0 "
        "chips before it, the ledger 16",
        "Petrtyl club night, round 1, table 1, deal 5: its document says the pot held 0 "
        "chips before it, the ledger 16",
    ]


def test_repot_tables_repairs_stale_pots_once(five_deals, organizer, monkeypatch):
    """Pots left stale by a correction made before corrections moved later pots: the
    command gives deals 4 and 5 the ledger's pot as New pot versions; a second run
    finds nothing to do."""
    import io

    from django.core.management import call_command

    from tournaments.services import corrections

    with monkeypatch.context() as m:
        m.setattr(corrections, "_repot_later_deals", lambda *args: [])
        services.correct_deal(five_deals.deals.get(number=3), papoose("lost"), organizer, "x")
    assert len(audit_ledger([five_deals.round.event_id]).problems) == 2
    out = io.StringIO()
    call_command("repot_tables", user="org", stdout=out)
    assert out.getvalue().splitlines() == [
        "Petrtyl club night (2026-11-24), Table 1: new pot for deals 4, 5.",
        "1 table(s) repaired.",
    ]
    assert [s[:3] for s in deal_states(five_deals)] == [
        (1, 1, 0),
        (2, 1, 4),
        (3, 2, 8),
        (4, 2, 16),
        (5, 2, 32),
    ]
    assert pot_versions(five_deals, 5)[-1] == (
        2,
        "repotted",
        "The pot the ledger holds (repaired)",
        "org",
    )
    assert audit_ledger([five_deals.round.event_id]).problems == []
    again = io.StringIO()
    call_command("repot_tables", user="org", event=five_deals.round.event_id, stdout=again)
    assert again.getvalue().splitlines() == ["0 table(s) repaired."]


def test_a_correction_locks_the_table_before_reading_the_pot(five_deals, organizer, monkeypatch):
    from tournaments import balances
    from tournaments.services import corrections

    locked, read = [], []
    lock_table, pot_before_ = corrections.lock_table, balances.pot_before
    monkeypatch.setattr(corrections, "lock_table", lambda pk: locked.append(pk) or lock_table(pk))
    # The services read the pot directly and through balances.with_ledger_pot.
    for module in (corrections, balances):
        monkeypatch.setattr(
            module, "pot_before", lambda *a: read.append(list(locked)) or pot_before_(*a)
        )
    services.correct_deal(five_deals.deals.get(number=2), thrown_in(), organizer, "a redeal")
    services.void_deal(five_deals.deals.get(number=1), organizer, "no misdeal")
    assert locked == [five_deals.pk, five_deals.pk]
    # Every read of the pot came after the table's lock of its own change.
    assert read == [[five_deals.pk], [five_deals.pk], [five_deals.pk, five_deals.pk]]


def test_an_export_with_new_pots_imports_as_it_was(five_deals, organizer):
    """Replaying the correction gives the later deals their new pots again; the import
    checks that the versions it made are the exported ones."""
    import json

    from tournaments import exchange
    from tournaments.models import DealVersion

    table = five_deals
    services.correct_deal(table.deals.get(number=3), papoose("lost"), organizer, "beaten")
    services.void_deal(table.deals.get(number=1), organizer, "no misdeal")
    event = table.round.event
    document = json.loads(json.dumps(exchange.export_event(event)))

    def versions(e):
        return list(
            DealVersion.objects.filter(deal__table__round__event=e)
            .order_by("deal__number", "number")
            .values_list("deal__number", "number", "action", "reason", "document")
        )

    copy_ = exchange.import_event(document, organizer)
    assert versions(copy_) == versions(event)
    assert [v[:3] for v in versions(copy_)] == [
        (1, 1, "recorded"),
        (1, 2, "voided"),
        (2, 1, "recorded"),
        (2, 2, "repotted"),  # the pot: deal 1 was voided
        (3, 1, "recorded"),
        (3, 2, "corrected"),  # beaten
        (3, 3, "repotted"),  # the pot: deal 1 was voided
        (4, 1, "recorded"),
        (4, 2, "repotted"),  # the pot: deal 3 was corrected
        (4, 3, "repotted"),  # the pot: deal 1 was voided
        (5, 1, "recorded"),
        (5, 2, "repotted"),
        (5, 3, "repotted"),
    ]
    assert audit_ledger([copy_.pk]).problems == []
    # A version the import would make otherwise is refused, with where it is.
    deal4 = document["rounds"][0]["tables"][0]["deals"][3]
    deal4["versions"][1]["document"]["pot"] = 9
    with pytest.raises(exchange.ExchangeError, match="does not match the one its event made"):
        exchange.import_event(document, organizer)
    # A new pot no earlier deal of the file makes is refused too.
    document = json.loads(json.dumps(exchange.export_event(event)))
    deal1 = document["rounds"][0]["tables"][0]["deals"][0]
    deal1["versions"] = deal1["versions"][:1]  # deal 1 never voided: nothing moves the pot
    deal2 = document["rounds"][0]["tables"][0]["deals"][1]
    with pytest.raises(exchange.ExchangeError, match="no earlier deal of this file changes it"):
        exchange.import_event(document, organizer)
    assert deal2["versions"][1]["action"] == "repotted"


def test_a_player_renamed_since_keeps_the_later_deals_scorable(five_deals, organizer):
    """Cyril's name was fixed in the admin after deal 3: its new pot is posted under
    the name the table says now."""
    Player.objects.filter(name="Cyril").update(name="Cyril Kučera")
    redeal = thrown_in() | {"players": ["Anna", "Bill", "Cyril Kučera", "Dana"]}
    services.correct_deal(five_deals.deals.get(number=2), redeal, organizer, "a redeal")
    third = five_deals.deals.get(number=3)
    assert (third.version, third.document["pot"]) == (2, 4)
    assert third.document["partner"] == "Cyril Kučera"
    assert deal_states(five_deals)[2] == (
        3,
        2,
        4,
        {"Anna": 7, "Bill": -7, "Cyril Kučera": 11, "Dana": -7},
    )
    assert audit_ledger([five_deals.round.event_id]).problems == []


def test_the_pages_say_which_later_deals_got_a_new_pot(five_deals, client, organizer):
    table = five_deals
    client.force_login(organizer)

    def void(number):
        deal = table.deals.get(number=number)
        page = client.post(
            reverse("deal-void", args=[deal.pk]),
            {"expected_version": str(deal.version), "reason": "never played"},
            follow=True,
        )
        return re.findall(r'<li class="success">(.*?)</li>', page.content.decode())

    # Cyril took 8 in deal 3: without it deal 4's failed Papoose Last doubles 8 and
    # deal 5 finds 16.
    assert void(3) == [
        "Deal 3 voided. Deals 4 and 5 now play for the pot the ledger holds (a new version each)."
    ]
    assert void(1) == [
        "Deal 1 voided. Deals 2, 4 and 5 now play for the pot the ledger holds "
        "(a new version each)."
    ]
    assert void(5) == ["Deal 5 voided."]
    assert void(2) == [
        "Deal 2 voided. Deal 4 now plays for the pot the ledger holds (a new version)."
    ]


def test_an_organizer_confirms_a_table_deal_whose_pot_he_changed(petrtyl_table, organizer):
    """The new pot is the app's version, not its author's: the organizer who corrected
    the earlier deal may still confirm the later deal the table entered (he could not:
    "You entered this deal yourself")."""
    table = petrtyl_table
    services.update_event(table.round.event, organizer, table_deals_need_confirmation=True)
    link = services.issue_link(table, organizer)
    services.record_deal(table, misdeal("Dana"), None, number=1, link=link)
    services.record_deal(table, papoose("won"), None, number=2, link=link)
    first, second = table.deals.order_by("number")
    services.correct_deal(first, thrown_in(), organizer, "a redeal")
    second.refresh_from_db()
    assert (second.version, second.awaiting_confirmation) == (2, True)
    assert second.versions.get(number=2).action == DealVersion.Action.REPOTTED
    services.confirm_deal(second, organizer, expected_version=2)
    second.refresh_from_db()
    assert second.awaiting_confirmation is False
    assert audit_ledger([table.round.event_id]).problems == []
    # The deal page says what the app did, in words.
    assert second.versions.get(number=2).get_action_display() == "New pot"


# -- only the deals whose pot changes ---------------------------------------------------


def _legacy(table, number, **changed):
    """Deal ``number``'s stored document changed past the services, as one saved before a
    check of today's core would be: the same pot, something the core now refuses."""
    deal = table.deals.get(number=number)
    type(deal).objects.filter(pk=deal.pk).update(document={**deal.document, **changed})


def test_a_later_deal_whose_pot_is_unchanged_is_not_checked_again(five_deals, organizer):
    """Deal 4 says 80 card points (refused today). Correcting deal 2 changes only deal 3's
    pot (8 -> 4; Cyril takes it, so deal 4 still finds 0): deal 4 stands as it is and does
    not refuse the unrelated correction. A correction that moves deal 4's pot must check
    it, and is refused naming it."""
    table = five_deals
    _legacy(table, 4, bidder_points=80)
    redeal = services.correct_deal(table.deals.get(number=2), thrown_in(), organizer, "a redeal")
    assert redeal.repotted == [3]
    fourth = table.deals.get(number=4)
    assert (fourth.version, fourth.document["bidder_points"]) == (1, 80)
    assert [s[:3] for s in deal_states(table)] == [
        (1, 1, 0),
        (2, 2, 4),
        (3, 2, 4),
        (4, 1, 0),
        (5, 1, 0),
    ]
    rows = LedgerEntry.objects.count()
    with pytest.raises(services.DealError) as refused:
        services.correct_deal(table.deals.get(number=3), papoose("lost"), organizer, "beaten")
    assert refused.value.message == (
        "Deal 3 cannot be corrected: deal 4 would then find 8 chips in the pot, and it cannot "
        "be scored with them (Declarer's side's card points must be from 0 to 70, not 80.). "
        "Correct or void deal 4 first; nothing was saved."
    )
    assert LedgerEntry.objects.count() == rows


def _correction_post(deal, document, **extra):
    from tournaments.dealforms import GameDealForm

    data = GameDealForm.initial_from_document(document)
    posted = {k: ("on" if v is True else str(v)) for k, v in data.items() if v is not False}
    return {
        **posted,
        "number": str(deal.number),
        "expected_version": str(deal.version),
        "reason": "a redeal",
        **extra,
    }


def test_the_correction_preview_shows_the_later_deals_whose_pot_changes(
    five_deals, client, organizer
):
    """Deal 3 corrected to a failed Papoose Last: it pays the 8 in the pot instead of
    taking them, so deal 4 finds 16 (not 0) and doubles them, deal 5 finds 32; both are
    shown with their old and new pot and chips before Save, and nothing is saved."""
    table = five_deals
    client.force_login(organizer)
    third = table.deals.get(number=3)
    post = _correction_post(third, papoose("lost"))
    expected = [
        {
            "number": 4,
            "old_pot": 0,
            "new_pot": 16,
            "net": [
                {"name": "Anna", "old": 3, "new": 3},
                {"name": "Bill", "old": -3, "new": -3},
                {"name": "Cyril", "old": 3, "new": -13},
                {"name": "Dana", "old": -3, "new": -3},
            ],
        },
        {
            "number": 5,
            "old_pot": 0,
            "new_pot": 32,
            "net": [
                {"name": "Anna", "old": -4, "new": -4},
                {"name": "Bill", "old": 0, "new": 0},
                {"name": "Cyril", "old": 0, "new": 0},
                {"name": "Dana", "old": 0, "new": 0},
            ],
        },
    ]
    live = client.post(reverse("deal-preview", args=[table.pk]), post).json()
    assert live["later"] == expected
    later_html = _text(live["later_html"])
    assert "Later deals that will play for another pot" in later_html
    assert "Deal 4 : the pot 0 → 16; Anna +3 · Bill -3 · Cyril +3 → -13 · Dana -3" in later_html
    assert "Deal 5 : the pot 0 → 32; Anna -4 · Bill 0 · Cyril 0 · Dana 0" in later_html
    # Without JavaScript: the Preview payments button shows the same on the page.
    page = client.post(reverse("deal-correct", args=[third.pk]), {**post, "preview": "1"})
    page_text = _text(page.content.decode())
    assert page_text.count("Deal 4 : the pot 0 → 16; Anna +3 · Bill -3 · Cyril +3 → -13") == 1
    assert [s[:3] for s in deal_states(table)] == [(n, 1, p) for n, p in FIVE_POTS]
    # A new deal's preview has no later deals; neither does the last deal's correction.
    last = table.deals.get(number=5)
    assert (
        client.post(
            reverse("deal-preview", args=[table.pk]), _correction_post(last, misdeal("Bill"))
        ).json()["later"]
        == []
    )
    fresh = {**_correction_post(last, misdeal("Bill")), "number": "6"}
    assert "later" not in client.post(reverse("deal-preview", args=[table.pk]), fresh).json()


def test_the_correction_preview_says_when_saving_would_be_refused(five_deals, client, organizer):
    table = five_deals
    _legacy(table, 4, bidder_points=80)
    client.force_login(organizer)
    third = table.deals.get(number=3)
    live = client.post(
        reverse("deal-preview", args=[table.pk]), _correction_post(third, papoose("lost"))
    ).json()
    assert "later" not in live
    # Cyril's failed Papoose Last pays the 8 in, so deal 4 would find 16.
    assert live["later_refused"] == (
        "Deal 3 cannot be corrected: deal 4 would then find 16 chips in the pot, and it "
        "cannot be scored with them (Declarer's side's card points must be from 0 to 70, not "
        "80.). Correct or void deal 4 first; nothing was saved."
    )
    assert _text(live["later_html"]).strip() == f"Saving will be refused. {live['later_refused']}"


def test_the_correction_preview_costs_the_same_queries_for_one_or_two_new_pots(
    five_deals, client, organizer
):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    table = five_deals
    client.force_login(organizer)

    def preview(number, document):
        deal = table.deals.get(number=number)
        with CaptureQueriesContext(connection) as captured:
            said = client.post(
                reverse("deal-preview", args=[table.pk]), _correction_post(deal, document)
            ).json()
        return [d["number"] for d in said["later"]], len(captured)

    one, queries_one = preview(2, thrown_in())  # deal 3 takes 4, not 8
    two, queries_two = preview(3, papoose("lost"))  # deals 4 and 5 find 16 and 32
    assert (one, two) == ([3], [4, 5])
    assert queries_one == queries_two
