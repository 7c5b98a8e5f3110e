"""An event created from an export (``import_event``): the document checked and its
players matched against the registry first, then, in one transaction, every deal
version replayed through the deal services and the ledger audited."""

from __future__ import annotations

from django.db import transaction

from .. import services
from ..ledger_audit import audit_ledger
from ..models import (
    Deal,
    DealConfirmation,
    DealVersion,
    Event,
    Player,
    PrizeCategory,
    Registration,
    Round,
    Team,
    TeamMember,
)
from ..services.activity import Action, log_activity, log_table_activity
from ..services.deals import record_deal
from ..services.rejected import restore_rejected_version
from .document import ExchangeError
from .registry import match_players
from .validation import Plan


def _restore_confirmation(deal: Deal, state: dict, user) -> None:
    """An imported deal's confirmation state as exported: the replay recorded every deal
    as the importing organizer's, which needs no confirmation. Each confirmation is
    recorded by the importing organizer, who confirmed it and when kept as recorded."""
    if state["awaiting"]:
        Deal.objects.filter(pk=deal.pk).update(awaiting_confirmation=True)
    for c in state["confirmed"]:
        DealConfirmation.objects.create(
            deal=deal,
            version=c["version"],
            confirmed_by=user,
            original_by=c["by"],
            original_at=c["when"],
        )
        log_table_activity(
            deal.table,
            user,
            Action.IMPORT_CONFIRMATION,
            deal=deal.number,
            version=c["version"],
            by=c["by"],
            at=c["at"],
        )


def import_event(document: dict, user, notes: list[str] | None = None) -> Event:
    """Create an event from an export, replaying every deal version through the services.

    Everything is checked first, before the write transaction (on SQLite it holds the
    database's write lock, which every table's deal waits for), with the pages' rules:
    every value, the event's settings (the event form; the house rules as the file
    says, checked by the core), the players (the register form's fields), rounds,
    tables and seats, every deal and version (numbers consecutive, each sequence once,
    versions in order) and every version sent from a table and not saved (a rejected
    version: scored by the core under its deal's rules, naming the table's players,
    adopted as a correction the deal has), within what a file may hold (``limits``).
    The registry is read once: an exact name is that player, any other a new one, and a
    name that looks like a registry player's is said in ``notes``. Then one
    transaction: the importing organizer records every version and rejected version;
    who entered, sent or handled each and when, where it came from, are kept as
    recorded. The deal services refuse what they would refuse on the pages (a deal past
    its table's session, a bad outcome). The ledger audit then runs inside the
    transaction: any problem and nothing is saved.
    """
    plan = Plan(document)
    players, said = match_players(p["name"] for p in plan.players)
    with transaction.atomic():
        event = save_event(plan, user, players)
    if notes is not None:
        notes.extend(said)
    return event


def save_event(plan: Plan, user, players: dict[str, Player]) -> Event:
    """A checked file's event, inside the caller's transaction; ``players`` (name ->
    registry player) gains the players it creates."""
    event = services.create_event(user, **plan.event)
    new = [p for p in plan.players if p["name"] not in players]
    # ignore_conflicts: a player registered meanwhile under the same name is that player.
    Player.objects.bulk_create(
        [Player(name=p["name"], club=p["club"], notes=p["notes"], email=p["email"]) for p in new],
        ignore_conflicts=True,
    )
    players.update((p.name, p) for p in Player.objects.filter(name__in=[p["name"] for p in new]))
    Registration.objects.bulk_create(
        Registration(
            event=event,
            player=players[p["name"]],
            start_number=p["start_number"],
            cannot_move=p["cannot_move"],
            pays_fee=p["pays_fee"],
            reserve=p["reserve"],
        )
        for p in plan.players
    )
    for c in plan.prize_categories:
        category = PrizeCategory.objects.create(
            event=event, name=c["name"], prize_table=c["prize_table"]
        )
        category.players.set(players[n] for n in c["players"])
        # Recorded as the category page's save is: the ledger audit compares the last.
        log_activity(
            event,
            user,
            Action.SET_PRIZE_CATEGORY,
            category=c["name"],
            players=sorted(c["players"]),
            prize_table=c["prize_table"],
        )
    for t in plan.teams:
        team = Team.objects.create(event=event, name=t["name"])
        TeamMember.objects.bulk_create(
            TeamMember(team=team, event=event, player=players[n]) for n in t["players"]
        )
    in_order = {}
    confirmations = {}
    rejected = {}
    for r in plan.rounds:
        rnd = services.create_round(event, user)
        rnd.present.set(players[n] for n in r["present"])
        rnd.byes.set(players[n] for n in r["byes"])
        if r["seed"] is not None or r["minutes"] is not None:
            Round.objects.filter(pk=rnd.pk).update(seed=r["seed"], minutes=r["minutes"])
        for t in r["tables"]:
            table = _step(
                t["where"],
                services.create_table,
                rnd,
                user,
                [players[n] for n in t["seats"]],
                players.get(t["first_forehand"]),
            )
            for s in t["substitutes"]:
                _step(
                    t["where"],
                    services.substitute_player,
                    table,
                    user,
                    players[s["seat"]],
                    players[s["substitute"]],
                    s["from_deal"],
                    s["mode"],
                )
            for d in t["deals"]:
                confirmations[(table.pk, d["number"])] = d["confirmation"]
                rejected[(table.pk, d["number"])] = d["rejected"]
                for v in d["versions"]:
                    in_order[v["sequence"]] = (table, d["number"], v)
    deals: dict[tuple[int, int], Deal] = {}
    for _, (table, number, v) in sorted(in_order.items()):
        original = {"author": v["created_by"], "at": v["created_at"]}
        if v["number"] == 1:
            deal = _step(
                v["where"], record_deal, table, v["document"], user, number, original=original
            )
        else:
            deal, before = deals[(table.pk, number)], v["number"] - 1
            deal.refresh_from_db(fields=["version"])  # a later deal's pot may have changed
            if v["number"] <= deal.version:
                # Made already: correcting or voiding an earlier Petrtyl deal gives the
                # later deals their new pot, as it did where the event came from.
                _check_replayed(deal, v)
                continue
            if v["action"] == DealVersion.Action.REPOTTED:
                raise ExchangeError(
                    f"{v['where']}: a new pot its event made when an earlier deal changed, "
                    "but no earlier deal of this file changes it."
                )
            if v["action"] == DealVersion.Action.VOIDED:
                deal = _step(
                    v["where"], services.void_deal, deal, user, v["reason"], before, original
                ).deal
            else:
                deal = _step(
                    v["where"],
                    services.correct_deal,
                    deal,
                    v["document"],
                    user,
                    v["reason"],
                    before,
                    original,
                ).deal
        deals[(table.pk, number)] = deal
    for key, state in confirmations.items():
        _restore_confirmation(deals[key], state, user)
    for key, versions in rejected.items():
        for r in versions:
            fields = {k: v for k, v in r.items() if k not in ("where", "document")}
            _step(r["where"], restore_rejected_version, deals[key], r["document"], user, **fields)
    # Withdrawn last: a player who played, or took a seat as a substitute, and then
    # withdrew was not withdrawn when the services made those (which refuse one who is).
    withdrawn = [players[p["name"]] for p in plan.players if p["withdrawn"]]
    Registration.objects.filter(event=event, player__in=withdrawn).update(withdrawn=True)
    report = audit_ledger([event.pk])
    if not report.ok:
        raise ExchangeError(
            "The imported event fails the ledger audit; nothing was imported: "
            + "; ".join(report.problems[:5])
        )
    return event


def _check_replayed(deal: Deal, v: dict) -> None:
    """A version the import made on its own must be the one the export says."""
    made = deal.versions.get(number=v["number"])
    if (made.action, made.document, made.reason) != (v["action"], v["document"], v["reason"]):
        raise ExchangeError(
            f"{v['where']}: the version does not match the one its event made "
            "when an earlier deal's pot changed."
        )


def _step(where: str, service, *args, **kwargs):
    """A service call of the import; a refusal says where in the document it happened."""
    try:
        return service(*args, **kwargs)
    except services.ServiceError as e:
        details = "; ".join(f"{err.field}: {err.message}" for err in e.field_errors)
        raise ExchangeError(f"{where}: {e.message}" + (f" ({details})" if details else "")) from e
