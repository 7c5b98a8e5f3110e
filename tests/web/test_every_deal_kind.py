"""Every kind of deal and every bid of the Texas and Petrtyl games, posted through the
deal form (GameDealForm, the deal-create URL) as the page sends it: the live preview's
chips, the saved deal's nets and ledger rows, and the table's sheet say the same exact
chips. Each case cites SCORING-CONTRACT Part II (section) or its seed (003 §...).

Seats in the order of play: Anna, Bill, Čada, Dana (and Emil at five). With a partner,
the bidder settles with the first opponent after him, the partner with the other (§12):
Anna with Bill, Čada with Dana; at five (2 against 3) Čada with Dana, Anna with Bill
and Emil. Alone, the bidder settles with every opponent.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field

import pytest

import taroky_scoring as core
from tournaments import services
from tournaments.dealforms import GameDealForm
from tournaments.models import DealNet, LedgerEntry
from tournaments.words import account_words

from ..conftest import game_table

pytestmark = pytest.mark.django_db

NAMES = ["Anna", "Bill", "Čada", "Dana", "Emil"]
START = 100


@dataclass
class Case:
    ruleset: str
    cite: str
    fields: dict  # the deal as entered (the document without ruleset and players)
    net: dict  # each account's chips that differ from zero
    options: dict = field(default_factory=dict)  # the event's house rules
    before: list = field(default_factory=list)  # deals recorded first (filling the pot)

    @property
    def seats(self) -> list[str]:
        return NAMES[: core.game_for(self.ruleset).active_players]

    @property
    def id(self) -> str:
        f = self.fields
        words = [self.ruleset, f["kind"], f.get("bid", ""), self.cite]
        said = "-".join(w for w in words if w).replace("§", "s").replace("Č", "C")
        return re.sub(r"[^A-Za-z0-9_.:+-]+", "_", said)


def povinost(**extra):
    """Anna's Povinost with Čada (XIX called), 60 points: D(60, 2) = (7 + 10) x 2 = 34
    -> 30 -> 3 chips between the sides (§13, §14)."""
    return {
        "dealer": "Dana",
        "kind": "played",
        "bidder": "Anna",
        "bid": "povinost",
        "partner": "Čada",
        "called": "xix",
        "contra": "none",
        "bidder_points": 60,
    } | extra


def prever(talon, points, **extra):
    return {
        "dealer": "Dana",
        "kind": "played",
        "bidder": "Anna",
        "bid": "prever",
        "talon": talon,
        "contra": "none",
        "bidder_points": points,
    } | extra


def sides(value):
    """Anna and Čada against Bill and Dana, ``value`` each way."""
    return {"Anna": value, "Bill": -value, "Čada": value, "Dana": -value}


def alone(value, n=4):
    """Anna alone: ``value`` from each of the other ``n - 1``."""
    return {"Anna": value * (n - 1), **{p: -value for p in NAMES[1:n]}}


def plus(*nets):
    out = Counter()
    for n in nets:
        out.update(n)
    return {k: v for k, v in out.items() if v}


TEXAS_XIX = [
    Case("texas-xix", "§14 Povinost won", povinost(), sides(3)),
    Case(
        "texas-xix",
        "§14 Povinost alone lost: (3+10)x2=26->3",
        povinost(partner=None, bidder_points=50),
        alone(-3),
    ),
    Case("texas-xix", "003 §19.16 seed Prever won 59 -> 5", prever("first", 59), alone(5)),
    Case(
        "texas-xix",
        "003 §19.16 seed Prever lost 42 second three -> 6 doubled",
        prever("second", 42),
        alone(-12),
    ),
    Case("texas-xix", "§14 lost Prever back tripled", prever("first_after_second", 42), alone(-18)),
    Case("texas-xix", "§14 contra x2", povinost(contra="contra"), sides(6)),
    Case(
        "texas-xix",
        "§14 Pagat unannounced won +2",
        povinost(pagat={"team": "bidder", "outcome": "won"}),
        sides(5),
    ),
    Case(
        "texas-xix",
        "§14 valat 20 replaces the game",
        povinost(bidder_points=106, valat={"team": "bidder", "made": True}),
        sides(20),
    ),
    Case(
        "texas-xix",
        "§13 bonus eight_trumps 2 from each",
        povinost(bonuses=[{"player": "Bill", "kind": "eight_trumps"}]),
        plus(sides(3), {"Bill": 6, "Anna": -2, "Čada": -2, "Dana": -2}),
    ),
    Case("texas-xix", "§13 thrown in: nothing", {"dealer": "Dana", "kind": "thrown_in"}, {}),
    Case(
        "texas-xix",
        "§14 called_trump_throw_in: 2 to each",
        {
            "dealer": "Dana",
            "kind": "surrendered",
            "bidder": "Anna",
            "bid": "povinost",
            "called": "xix",
        },
        alone(-2),
        options={"called_trump_throw_in": True},
    ),
]

TEXAS_XX = [
    Case("texas-xx", "§15 Povinost won", povinost(), sides(3)),
    Case(
        "texas-xx",
        "003 §19.17 seed Povinost 53-53: the declarer's side pays 2",
        povinost(bidder_points=53),
        sides(-2),
    ),
    Case(
        "texas-xx",
        "§15 Ze Ruky with the XX's holder: (11+10)x4=84->8",
        povinost(bid="ze_ruky", called=None, bidder_points=64),
        sides(8),
    ),
    Case(
        "texas-xx",
        "§15 Ze Ruky alone, XX in the talon: (7+10)x4=68->7",
        povinost(bid="ze_ruky", called=None, partner=None, xx_in_talon=True),
        alone(7),
    ),
    Case(
        "texas-xx",
        "§15 Zebrak without a trick: 16 from each",
        {
            "dealer": "Dana",
            "kind": "played",
            "bidder": "Anna",
            "bid": "zebrak",
            "bidder_took_a_trick": False,
        },
        alone(16),
    ),
    Case(
        "texas-xx",
        "§15 Zebrak with a trick: 16 to each",
        {
            "dealer": "Dana",
            "kind": "played",
            "bidder": "Anna",
            "bid": "zebrak",
            "bidder_took_a_trick": True,
        },
        alone(-16),
    ),
    Case("texas-xx", "§15 Prever won 59 -> 5", prever("first", 59), alone(5)),
    Case("texas-xx", "§15 Prever lost, second three: 6 x2", prever("second", 42), alone(-12)),
    Case("texas-xx", "§15 Prever lost back: 6 x4", prever("first_after_second", 42), alone(-24)),
    Case("texas-xx", "§15 Hrb x2", povinost(contra="hrb"), sides(6)),
    Case(
        "texas-xx",
        "§15 Pagat announced won +4",
        povinost(pagat={"team": "bidder", "announced": True, "outcome": "won"}),
        sides(7),
    ),
    Case(
        "texas-xx",
        "§15 announced valat of a Povinost 40",
        povinost(bidder_points=106, valat={"team": "bidder", "announced": True, "made": True}),
        sides(40),
    ),
    Case(
        "texas-xx",
        "§15 mond_penalty: 2 to each of the other three",
        povinost(mond_lost="Bill"),
        plus(sides(3), {"Bill": -6, "Anna": 2, "Čada": 2, "Dana": 2}),
        options={"mond_penalty": True},
    ),
    Case("texas-xx", "§15 all four passed", {"dealer": "Dana", "kind": "thrown_in"}, {}),
]


def povenost(**extra):
    return povinost(bid="povenost", called="clubs") | extra


TEXAS_KING = [
    Case("texas-king", "§16 stated: Povenost 1", povenost(), sides(1)),
    Case(
        "texas-king",
        "§16 Povenost alone lost",
        # Alone with his own King called (the fourth King needs a partner: contract 19 D4).
        povenost(partner=None, called="hearts", bidder_points=50),
        alone(-1),
    ),
    Case(
        "texas-king",
        "§16 No Trick without a trick: 1",
        {
            "dealer": "Dana",
            "kind": "played",
            "bidder": "Anna",
            "bid": "no_trick",
            "contra": "none",
            "bidder_took_a_trick": False,
        },
        alone(1),
    ),
    Case(
        "texas-king",
        "§16 No Trick with a trick, contra: 2 to each",
        {
            "dealer": "Dana",
            "kind": "played",
            "bidder": "Anna",
            "bid": "no_trick",
            "contra": "contra",
            "bidder_took_a_trick": True,
        },
        alone(-2),
    ),
    Case("texas-king", "§16 Prever first three 1", prever("first", 60), alone(1)),
    Case(
        "texas-king",
        "§16 Prever first three after a No Trick bid 2",
        prever("first", 60, no_trick_bid=True),
        alone(2),
    ),
    Case("texas-king", "§16 Prever second three lost 2", prever("second", 40), alone(-2)),
    Case(
        "texas-king", "§16 Prever back to the first 4", prever("first_after_second", 60), alone(4)
    ),
    Case(
        "texas-king",
        "§16 King Last announced won 4",
        povenost(king_last={"announced": True, "outcome": "won"}),
        sides(5),
    ),
    Case(
        "texas-king",
        "§16 the XXI captured: 2 to each",
        povenost(mond_lost="Bill"),
        plus(sides(1), {"Bill": -6, "Anna": 2, "Čada": 2, "Dana": 2}),
    ),
    Case(
        "texas-king",
        "§16 valat 20",
        povenost(bidder_points=106, valat={"team": "bidder", "made": True}),
        sides(20),
    ),
    Case(
        "texas-king",
        # The partner: in a Povenost only the declarer's side can hold the four Kings.
        "§13 Krale 4 from each",
        povenost(bonuses=[{"player": "Čada", "kind": "krale"}]),
        plus(sides(1), {"Čada": 12, "Anna": -4, "Bill": -4, "Dana": -4}),
    ),
    Case(
        "texas-king",
        "§16 game_value difference: No Trick 16",
        {
            "dealer": "Dana",
            "kind": "played",
            "bidder": "Anna",
            "bid": "no_trick",
            "contra": "none",
            "bidder_took_a_trick": False,
        },
        alone(16),
        options={"game_value": "difference"},
    ),
    Case(
        "texas-king",
        "§16 game_value difference: Povenost as §14",
        povenost(),
        sides(3),
        options={"game_value": "difference"},
    ),
    Case("texas-king", "§13 thrown in", {"dealer": "Dana", "kind": "thrown_in"}, {}),
]


def four(talon="first", points=41, dealer="Dana", **extra):
    """Anna's Four with Čada (Clubs called)."""
    return {
        "dealer": dealer,
        "kind": "played",
        "bidder": "Anna",
        "bid": "four",
        "partner": "Čada",
        "called": "clubs",
        "talon": talon,
        "contra": "none",
        "bidder_points": points,
    } | extra


def solo(bid, dealer, **extra):
    """Anna alone in a Four (by ``talon``) or a Five, at the three- and two-handed tables."""
    return {"dealer": dealer, "kind": "played", "bidder": "Anna", "bid": bid} | extra


def misdeal(dealer):
    return {"dealer": dealer, "kind": "misdeal"}


PAPOOSE = {"player": "Čada", "announced": True}

PETRTYL = [
    Case("petrtyl", "§18 Four first three 4", four(), plus(sides(4))),
    Case("petrtyl", "§18 Four second three 5", four("second"), sides(5)),
    Case("petrtyl", "§18 Four back, lost 6", four("first_after_second", 30), sides(-6)),
    Case(
        "petrtyl",
        "§17 Four alone, No Chief",
        four(partner=None, called="no_chief"),
        alone(4),
    ),
    Case(
        "petrtyl",
        "§17 Four alone, the Chief in the talon",
        four("second", partner=None, chief_in_talon=True),
        alone(5),
    ),
    Case("petrtyl", "§18 Five 8", four(talon=None, bid="five"), sides(8)),
    Case(
        "petrtyl",
        "§17 Grand Nullo without a trick 36",
        solo("grand_nullo", "Dana", contra="none", bidder_took_a_trick=False),
        alone(36),
    ),
    Case(
        "petrtyl",
        "§17 Grand Nullo with a trick",
        solo("grand_nullo", "Dana", contra="none", bidder_took_a_trick=True),
        alone(-36),
    ),
    Case(
        "petrtyl",
        "§17 Grand Sweep made 60",
        solo("grand_sweep", "Dana", contra="none", bidder_took_all_tricks=True),
        alone(60),
    ),
    Case(
        "petrtyl",
        "§17 Grand Sweep failed",
        solo("grand_sweep", "Dana", contra="none", bidder_took_all_tricks=False),
        alone(-60),
    ),
    Case(
        "petrtyl",
        "§17 three_passed: 3 from each of 3",
        {"dealer": "Dana", "kind": "three_passed", "bidder": "Anna", "bid": "three"},
        alone(3),
    ),
    Case(
        "petrtyl",
        # The kind says the Four and the Chief in the talon: the form asks neither.
        "§17 surrendered Four, second three: 5 to each",
        {
            "dealer": "Dana",
            "kind": "surrendered",
            "bidder": "Anna",
            "called": "clubs",
            "talon": "second",
        },
        alone(-5),
    ),
    Case("petrtyl", "§17 thrown in", {"dealer": "Dana", "kind": "thrown_in"}, {}),
    Case("petrtyl", "§17 misdeal: 4 into the pot", misdeal("Dana"), {"Dana": -4, "#pot": 4}),
    Case("petrtyl", "§17 contra", four(contra="contra"), sides(8)),
    Case(
        "petrtyl",
        "§17 Sweep made: Four first three 12",
        four(points=70, sweep={"made": True}),
        sides(12),
    ),
    Case(
        "petrtyl",
        "§17 Sweep announced made: 14 doubled",
        four("second", 70, sweep={"announced": True, "made": True}),
        sides(28),
    ),
    Case(
        "petrtyl",
        "§17 Sweep announced not made: pays 24",
        four(sweep={"announced": True, "made": False}),
        sides(-24),
    ),
    Case(
        "petrtyl",
        "§17 Chief Last unannounced won 1",
        four(chief_last={"outcome": "won"}),
        sides(5),
    ),
    Case(
        "petrtyl",
        "§17 the pot: Papoose Last announced won takes it",
        four(papoose_last={**PAPOOSE, "outcome": "won"}),
        plus(sides(6), {"Čada": 4, "#pot": -4}),
        before=[misdeal("Dana")],
    ),
    Case(
        "petrtyl",
        "§17 the pot: Papoose Last announced failed doubles it",
        four(papoose_last={**PAPOOSE, "outcome": "lost"}),
        plus(sides(2), {"Čada": -4, "#pot": 4}),
        before=[misdeal("Dana")],
    ),
    Case(
        "petrtyl",
        "§17 regiment 1 from each in a Four",
        four(declarations=[{"player": "Bill", "kind": "regiment"}]),
        plus(sides(4), {"Bill": 3, "Anna": -1, "Čada": -1, "Dana": -1}),
    ),
    Case(
        "petrtyl",
        "§17 lack_of_regiment 4 in a Grand Nullo",
        solo(
            "grand_nullo",
            "Dana",
            contra="none",
            bidder_took_a_trick=False,
            declarations=[{"player": "Anna", "kind": "lack_of_regiment"}],
        ),
        alone(40),
    ),
    Case(
        "petrtyl",
        "§17 trule 4 in a Grand Sweep",
        solo(
            "grand_sweep",
            "Dana",
            contra="none",
            bidder_took_all_tricks=True,
            declarations=[{"player": "Bill", "kind": "trule"}],
        ),
        plus(alone(60), {"Bill": 12, "Anna": -4, "Čada": -4, "Dana": -4}),
    ),
]


def five_sides(value):
    """Anna and Čada against Bill, Dana and Emil: Čada with Dana, Anna with Bill and Emil."""
    return {"Anna": 2 * value, "Bill": -value, "Čada": value, "Dana": -value, "Emil": -value}


def four5(**extra):
    return four(talon=None, dealer="Emil") | extra


PETRTYL_FIVE = [
    Case("petrtyl-five", "§18 Four 6, 2 against 3", four5(), five_sides(6)),
    Case("petrtyl-five", "§18 Five 12", four5(bid="five"), five_sides(12)),
    Case(
        "petrtyl-five",
        "§18 Four alone 6 from each of 4",
        four5(partner=None, called="no_chief"),
        alone(6, 5),
    ),
    Case(
        "petrtyl-five",
        "§18 swept Four 16",
        four5(bidder_points=70, sweep={"made": True}),
        five_sides(16),
    ),
    Case(
        "petrtyl-five",
        "§17 Regiment 2 in a Five",
        four5(bid="five", declarations=[{"player": "Dana", "kind": "regiment"}]),
        plus(five_sides(12), {"Dana": 8, "Anna": -2, "Bill": -2, "Čada": -2, "Emil": -2}),
    ),
    Case(
        "petrtyl-five",
        "§18 three_passed: 3 from each of 4",
        {"dealer": "Emil", "kind": "three_passed", "bidder": "Anna", "bid": "three"},
        alone(3, 5),
    ),
    Case(
        "petrtyl-five",
        "§17 surrendered: 6 to each at five",
        {
            "dealer": "Emil",
            "kind": "surrendered",
            "bidder": "Anna",
            "called": "clubs",
        },
        alone(-6, 5),
    ),
    Case(
        "petrtyl-five",
        "§17 Grand Nullo 36",
        solo("grand_nullo", "Emil", contra="none", bidder_took_a_trick=False),
        alone(36, 5),
    ),
    Case(
        "petrtyl-five",
        "§17 Grand Sweep 60",
        solo("grand_sweep", "Emil", contra="none", bidder_took_all_tricks=True),
        alone(60, 5),
    ),
    Case("petrtyl-five", "§17 thrown in", {"dealer": "Emil", "kind": "thrown_in"}, {}),
    Case("petrtyl-five", "§17 misdeal", misdeal("Emil"), {"Emil": -4, "#pot": 4}),
]

PETRTYL_THREE = [
    Case(
        "petrtyl-three",
        "§18 Four first three 4",
        solo("four", "Čada", talon="first", contra="none", bidder_points=41),
        alone(4, 3),
    ),
    Case(
        "petrtyl-three",
        "§18 Four second three lost 5",
        solo("four", "Čada", talon="second", contra="none", bidder_points=30),
        alone(-5, 3),
    ),
    Case(
        "petrtyl-three",
        "§18 Four back 6",
        solo("four", "Čada", talon="first_after_second", contra="none", bidder_points=41),
        alone(6, 3),
    ),
    Case(
        "petrtyl-three",
        "§18 Five 8 (34 of 66 wins)",
        solo("five", "Čada", contra="none", bidder_points=34),
        alone(8, 3),
    ),
    Case(
        "petrtyl-three",
        "§17 Grand Nullo 36",
        solo("grand_nullo", "Čada", contra="none", bidder_took_a_trick=False),
        alone(36, 3),
    ),
    Case(
        "petrtyl-three",
        "§17 Grand Sweep 60",
        solo("grand_sweep", "Čada", contra="none", bidder_took_all_tricks=True),
        alone(60, 3),
    ),
    Case(
        "petrtyl-three",
        "§18 three_passed: 3 from each of 2",
        {"dealer": "Čada", "kind": "three_passed", "bidder": "Anna", "bid": "three"},
        alone(3, 3),
    ),
    Case(
        "petrtyl-three",
        "§17 Papoose Last unannounced won 1",
        solo(
            "four",
            "Čada",
            talon="first",
            contra="none",
            bidder_points=41,
            papoose_last={"player": "Anna", "outcome": "won"},
        ),
        alone(5, 3),
    ),
    Case(
        "petrtyl-three",
        "§18 regiment (12 trumps) 1 from each",
        solo(
            "four",
            "Čada",
            talon="first",
            contra="none",
            bidder_points=41,
            declarations=[{"player": "Bill", "kind": "regiment"}],
        ),
        {"Anna": 7, "Bill": -2, "Čada": -5},
    ),
    Case("petrtyl-three", "§17 thrown in", {"dealer": "Čada", "kind": "thrown_in"}, {}),
    Case("petrtyl-three", "§17 misdeal", misdeal("Čada"), {"Čada": -4, "#pot": 4}),
]

PETRTYL_TWO = [
    Case(
        "petrtyl-two",
        "§18 Four first three 4",
        solo("four", "Bill", talon="first", contra="none", bidder_points=41),
        alone(4, 2),
    ),
    Case(
        "petrtyl-two",
        "§18 Four second three lost 5",
        solo("four", "Bill", talon="second", contra="none", bidder_points=30),
        alone(-5, 2),
    ),
    Case(
        "petrtyl-two",
        "§18 Four back 6",
        solo("four", "Bill", talon="first_after_second", contra="none", bidder_points=41),
        alone(6, 2),
    ),
    Case(
        "petrtyl-two",
        "§18 Five 8",
        solo("five", "Bill", contra="none", bidder_points=41),
        alone(8, 2),
    ),
    Case(
        "petrtyl-two",
        "§18 three_passed: 3 from the other",
        {"dealer": "Bill", "kind": "three_passed", "bidder": "Anna", "bid": "three"},
        alone(3, 2),
    ),
    Case(
        "petrtyl-two",
        "§18 four_honours 1 in a Four",
        solo(
            "four",
            "Bill",
            talon="first",
            contra="none",
            bidder_points=41,
            declarations=[{"player": "Bill", "kind": "four_honours"}],
        ),
        alone(3, 2),
    ),
    Case(
        "petrtyl-two",
        "§17 Sweep made, unannounced: 12",
        solo(
            "four",
            "Bill",
            talon="first",
            contra="none",
            bidder_points=70,
            sweep={"made": True},
        ),
        alone(12, 2),
    ),
    Case("petrtyl-two", "§17 thrown in", {"dealer": "Bill", "kind": "thrown_in"}, {}),
    Case("petrtyl-two", "§17 misdeal", misdeal("Bill"), {"Bill": -4, "#pot": 4}),
]

CASES = TEXAS_XIX + TEXAS_XX + TEXAS_KING + PETRTYL + PETRTYL_FIVE + PETRTYL_THREE + PETRTYL_TWO


def seat(organizer, case: Case):
    return game_table(
        organizer, case.ruleset, case.seats, house_rules=case.options, starting_chips=START
    )


def document(case: Case, **extra) -> dict:
    fields = {k: v for k, v in case.fields.items() if v is not None}
    base = {"ruleset": case.ruleset}
    if case.options:
        base["options"] = case.options
    return {**base, "players": case.seats, **fields, **extra}


def as_posted(doc: dict, number: int) -> dict:
    """The deal form's fields for ``doc`` as a browser posts them (ticked boxes "on")."""
    data = GameDealForm.initial_from_document(doc)
    posted = {k: ("on" if v is True else str(v)) for k, v in data.items() if v is not False}
    return {"number": str(number), **posted}


def _text(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html)).replace("&#x27;", "'")


def _chips(change: int) -> str:
    return f"+{change}" if change > 0 else str(change)


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.id)
def test_every_kind_and_bid_through_the_form(client, organizer, case):
    table = seat(organizer, case)
    for doc in case.before:
        services.record_deal(table, document(Case(case.ruleset, "", doc, {})), organizer)
    has_pot = core.game_for(case.ruleset).has_pot
    pot = 4 * len(case.before)  # each deal before is a misdeal: 4 into the pot (§17)
    number = len(case.before) + 1
    doc = document(case)
    # The form has no pot field: the preview and the service read the ledger's.
    post = as_posted(doc, number)
    client.force_login(organizer)

    preview = client.post(f"/tables/{table.pk}/deals/preview/", post).json()
    accounts = dict.fromkeys(case.seats, 0) | ({"#pot": 0} if has_pot else {})
    # Pages say "the pot" for the core's account #pot.
    expected = {k.replace("#pot", "the pot"): v for k, v in (accounts | case.net).items()}
    assert preview["ok"], preview
    assert preview["net"] == expected
    assert sum(expected.values()) == 0

    response = client.post(f"/tables/{table.pk}/deals/new/", post)
    assert response.status_code == 302, response.context["form"].errors
    deal = table.deals.get(number=number)
    # The service fills the pot from the ledger, never from the form.
    assert deal.document == ({**doc, "pot": pot} if has_pot else doc)
    saved = DealNet.objects.filter(deal=deal, version=1).select_related("player")
    assert {n.player.name: n.chips for n in saved if n.chips} == {
        k: v for k, v in case.net.items() if k != "#pot"
    }
    rows = LedgerEntry.objects.filter(deal=deal).select_related("payer", "payee")
    assert Counter(
        (account_words(e.payer_name), account_words(e.payee_name), e.chips, e.reason, e.explanation)
        for e in rows
    ) == Counter(
        (t["from"], t["to"], t["chips"], t["reason"], t["explanation"])
        for t in preview["transfers"]
    )

    # The sheet: the deal's change and running chips for every player (and the pot's
    # contents after it, first, where the game has a pot).
    html = client.get(f"/tables/{table.pk}/").content.decode()
    sheet = _text(html[html.index('<table class="sheet"') : html.index("</table>")])
    before = Counter()
    for d in case.before:
        before[d["dealer"]] -= 4
    cells = [
        f"{_chips(case.net.get(p, 0)) if case.net.get(p, 0) else 0} "
        f"{START + before[p] + case.net.get(p, 0)}"
        for p in case.seats
    ]
    row = " ".join(cells)
    if has_pot:
        row = f"{pot + case.net.get('#pot', 0)} {row}"
    assert f" {row} " in f"{sheet} ", sheet


def test_the_cases_cover_every_kind_and_bid_of_every_game():
    """Each kind of deal and each bid the core describes for a ruleset has a case."""
    for ruleset in ("texas-xix", "texas-xx", "texas-king", *PETRTYL_RULESETS):
        fields = {
            f.name: f for f in core.game_for(ruleset).fields(core.registry.rules_for(ruleset))
        }
        cases = [c.fields for c in CASES if c.ruleset == ruleset]
        assert set(fields["kind"].values) <= {c["kind"] for c in cases}, ruleset
        assert set(fields["bid"].values) == {c["bid"] for c in cases if "bid" in c}, ruleset


PETRTYL_RULESETS = ("petrtyl", "petrtyl-five", "petrtyl-three", "petrtyl-two")


def test_the_preview_of_a_deal_that_takes_the_pot_reads_the_ledger(client, organizer):
    """The form has no pot field (the pot is the ledger's); the live and the
    no-JavaScript previews score the pot the ledger holds, as the saved deal does."""
    case = next(c for c in PETRTYL if c.before and c.net.get("#pot") == -4)
    table = seat(organizer, case)
    services.record_deal(table, document(Case(case.ruleset, "", misdeal("Dana"), {})), organizer)
    client.force_login(organizer)
    page = client.get(f"/tables/{table.pk}/deals/new/").content.decode()
    assert 'name="pot"' not in page
    post = as_posted(document(case), 2)
    preview = client.post(f"/tables/{table.pk}/deals/preview/", post).json()
    no_script = client.post(f"/tables/{table.pk}/deals/new/", {**post, "preview": "1"})
    assert client.post(f"/tables/{table.pk}/deals/new/", post).status_code == 302
    deal = table.deals.get(number=2)
    saved = {n.player.name: n.chips for n in DealNet.objects.filter(deal=deal)}
    assert saved == {"Anna": 6, "Bill": -6, "Čada": 10, "Dana": -6}
    assert preview["net"] == {**saved, "the pot": -4}
    assert no_script.context["preview"]["net"] == {**saved, "the pot": -4}
    # Deal 2 took the pot: the pot now is 0, but correcting deal 2 plays for the 4
    # chips before it, in the live and the no-JavaScript previews of the correction.
    again = client.post(f"/tables/{table.pk}/deals/preview/", post).json()
    assert again["net"] == {**saved, "the pot": -4}
    form = client.get(f"/deals/{deal.pk}/correct/").content.decode()
    assert 'name="number" value="2"' in form
    corrected = client.post(
        f"/deals/{deal.pk}/correct/", {**post, "expected_version": "1", "preview": "1"}
    )
    assert corrected.context["preview"]["net"] == {**saved, "the pot": -4}
