"""Synthetic events for benchmarks: valid, varied deals made with the scoring core,
some of them corrected or voided afterwards as at a real tournament."""

from __future__ import annotations

import datetime
import random
from dataclasses import dataclass

from . import seating, services
from .models import Event, Player
from .outcomes import document_facts
from .services import seasons as season_services


@dataclass(frozen=True)
class Size:
    players: int
    rounds: int
    deals_per_table: int


SIZES = {
    # 64 players, 4 rounds of 16 tables, 20 deals a table: 1,280 deals.
    "S": Size(players=64, rounds=4, deals_per_table=20),
    # The same tables for 313 rounds: 100,160 deals.
    "L": Size(players=64, rounds=313, deals_per_table=20),
}


# Of every deal: the share corrected afterwards, and the share voided.
CORRECTED = 0.02
VOIDED = 0.005


def random_deal(rng: random.Random, players: list[str], dealer: str, sitting_out) -> dict:
    """A valid la-vista deal: mostly played, with bonuses, declarations and the rest."""
    doc = {"ruleset": "la-vista", "players": players, "dealer": dealer}
    if sitting_out:
        doc["sitting_out"] = sitting_out
    roll = rng.random()
    if roll < 0.03:
        return {**doc, "kind": "misdeal"}
    if roll < 0.05:
        return {**doc, "kind": "thrown_in"}
    bidder = rng.choice(players)
    if roll < 0.08:
        return {**doc, "kind": "surrendered", "bidder": bidder, "bid": "four", "blind": "second"}
    bid = rng.choices(["four", "five", "five_over"], [70, 25, 5])[0]
    alone = rng.random() < 0.12
    partner = None if alone else rng.choice([p for p in players if p != bidder])
    points = rng.randint(10, 60)
    doc.update(kind="played", bidder=bidder, bid=bid, partner=partner, bidder_points=points)
    if bid == "four":
        doc["blind"] = rng.choice(["first", "second", "first_after_second"])
    elif rng.random() < 0.2:
        doc["kontra"] = rng.choice(["kontra", "rekontra"])
    taker = "bidder" if points >= 36 else "opponents"
    if rng.random() < 0.04:
        doc["valat"] = taker
        # 68: the blind's cards that are the opponents' count at least 2 in a Five.
        doc["bidder_points"] = 68 if taker == "bidder" else 0
    if rng.random() < 0.15:
        doc["king_last"] = {
            "announced": rng.random() < 0.3,
            "outcome": "won" if taker == "bidder" else "lost",
        }
    if rng.random() < 0.15:
        doc["tarok1_last"] = {
            "team": taker,
            "announced": rng.random() < 0.3,
            "outcome": "tarok1_won",
        }
    if rng.random() < 0.2:
        doc["declarations"] = [{"player": rng.choice(players), "kind": "ten_taroky"}]
    return doc


def make_synthetic_event(
    user, size: Size, seed: int = 1, name: str | None = None, date: datetime.date | None = None
) -> Event:
    """An event of ``size`` whose every deal went through the deal services."""
    rng = random.Random(seed)
    event = services.create_event(
        user,
        name=name or f"Synthetic {size.players}x{size.rounds}",
        date=date or datetime.date(2026, 11, 22),
        kind=Event.Kind.TOURNAMENT,
        ruleset="la-vista",
        house_rules={},
        starting_chips=20,
        session_end=Event.SessionEnd.FIXED_DEALS,
        deals_per_session=size.deals_per_table,
        published=True,
    )
    players = []
    for i in range(size.players):
        player, _ = Player.objects.get_or_create(name=f"Synthetic player {i + 1:03d}")
        players.append(player)
    rules = event.rules
    for r in range(size.rounds):
        rnd = services.create_round(event, user)
        draw = seating.draw_round(
            [p.pk for p in players], seed=seed * 1000 + r, allowed=event.game.table_sizes
        )
        by_pk = {p.pk: p for p in players}
        for table_pks in draw.tables:
            seated = [by_pk[pk] for pk in table_pks]
            table = services.create_table(rnd, user, seated, first_forehand=seated[0])
            names = [p.name for p in seated]
            documents, previous = [], None
            for _ in range(size.deals_per_table):
                nxt = event.game.next_deal(names, rules, previous, first_forehand=names[0])
                doc = random_deal(rng, list(nxt.players), nxt.dealer, nxt.sitting_out)
                documents.append(doc)
                previous = document_facts(doc).previous
            for deal in services.record_deals(table, documents, user):
                chance = rng.random()
                if chance < CORRECTED:
                    o = document_facts(deal.document)
                    again = random_deal(rng, list(o.players), o.dealer, o.sitting_out)
                    services.correct_deal(deal, again, user, "Synthetic correction")
                elif chance < CORRECTED + VOIDED:
                    services.void_deal(deal, user, "Synthetic void")
    return event


def add_synthetic_nights(season, user, nights: int, size: Size) -> list[Event]:
    """``nights`` synthetic club nights of ``size``, a week apart from the season's
    first day, each counted in ``season``."""
    events = []
    for n in range(nights):
        event = make_synthetic_event(
            user,
            size,
            seed=n + 1,
            name=f"Club night {n + 1}",
            date=season.start_date + datetime.timedelta(days=7 * n),
        )
        season_services.add_event(season, event, user)
        events.append(event)
    return events
