"""An export document checked with the pages' rules before an import saves anything
(``Plan``): every value (``reading.check_values``), every field, and what a file may
hold (``limits``); a rejected version's document against its deal and table, as the
core scores it. Nothing here writes or reads the database."""

from __future__ import annotations

import datetime

from django.core.exceptions import ValidationError
from django.utils import timezone
from django.utils.dateparse import parse_datetime

import taroky_scoring as core

from .. import moments
from ..forms import EventForm, PlayerFieldsForm
from ..forms.events import EVENT_LISTS
from ..models import DealVersion, Event, RejectedVersion, Round, Substitution
from ..outcomes import facts
from ..services.checking import _ruleset_of
from ..services.rejected import fingerprint
from . import limits
from .document import FORMAT, ExchangeError
from .prize_categories import categories_of, check_categories
from .reading import check_values
from .teams import check_teams


class Plan:
    """An export document checked through and through before anything is saved."""

    def __init__(self, document, deals_before: int = 0):
        """``deals_before``: the deals of the file's events checked before this one (a
        season's file is bounded as a whole)."""
        if not isinstance(document, dict) or document.get("format") != FORMAT:
            raise ExchangeError(f"Not a {FORMAT} document.")
        check_values(document)
        self.event = self._event(self._get(document, "event", dict, "the document"))
        players = self._get(document, "players", list, "the document")
        if len(players) > limits.PLAYERS:
            raise ExchangeError(
                f"players: at most {limits.PLAYERS:,} players in a file (this one has "
                f"{len(players):,})."
            )
        self.players = [self._player(p, f"player {i}") for i, p in enumerate(players, 1)]
        names = [p["name"] for p in self.players]
        seen: set[str] = set()
        twice = sorted({n for n in names if n in seen or seen.add(n)})
        if twice:
            raise ExchangeError(f"players: listed twice: {', '.join(twice)}.")
        numbers = [p["start_number"] for p in self.players if p["start_number"]]
        if len(numbers) != len(set(numbers)):
            raise ExchangeError("players: two players have the same start number.")
        self.registered = set(names)
        self.prize_categories = check_categories(
            categories_of(document), self.registered, self.event
        )
        self.teams = check_teams(document.get("teams", []), self.registered, self.event)
        self.sequences: set[int] = set()
        self.deals = deals_before
        rounds = self._get(document, "rounds", list, "the document")
        self._numbered(enumerate(rounds, 1), "rounds", "round")
        self.rounds = [self._round(r, n) for n, r in enumerate(rounds, 1)]

    # -- helpers ---------------------------------------------------------------------

    @staticmethod
    def _get(obj, key, kind, where, required=True):
        if not isinstance(obj, dict):
            raise ExchangeError(f"{where}: must be a JSON object.")
        if key not in obj:
            if required:
                raise ExchangeError(f"{where}: '{key}' is missing.")
            return None
        value = obj[key]
        if kind is int and isinstance(value, bool) or not isinstance(value, kind):
            if value is None and not required:
                return None
            what = {
                dict: "an object",
                list: "a list",
                str: "text",
                int: "a whole number",
                bool: "true or false",
            }
            raise ExchangeError(f"{where}: '{key}' must be {what.get(kind, kind.__name__)}.")
        return value

    def _text(self, obj, key, where, required) -> str:
        """A note or a reason: text of at most ``limits.TEXT`` characters."""
        text = self._get(obj, key, str, where, required=required) or ""
        if len(text) > limits.TEXT:
            raise ExchangeError(
                f"{where}: '{key}' is {len(text):,} characters; at most {limits.TEXT:,}."
            )
        return text

    def _moment(self, obj, key, where, required=True) -> datetime.datetime | None:
        """An ISO date-time (UTC if it says no zone); None if it is not one, or is null
        and not ``required``."""
        text = self._get(obj, key, str, where, required=required)
        try:
            when = parse_datetime(text) if text is not None else None
        except ValueError:
            return None
        if when is not None and timezone.is_naive(when):
            when = timezone.make_aware(when, datetime.UTC)
        return when

    def _numbered(self, items, where, what):
        numbers = [self._get(item, "number", int, f"{where}, {what} {i}") for i, item in items]
        if numbers != list(range(1, len(numbers) + 1)):
            raise ExchangeError(f"{where}: {what}s must be numbered 1, 2, 3 ... (got {numbers}).")

    def _names(self, value, where) -> list[str]:
        if not isinstance(value, list) or not all(isinstance(n, str) for n in value):
            raise ExchangeError(f"{where}: must be a list of names.")
        strangers = sorted(set(value) - self.registered)
        if strangers:
            raise ExchangeError(f"{where}: not among the event's players: {', '.join(strangers)}.")
        if len(set(value)) != len(value):
            raise ExchangeError(f"{where}: a name is listed twice.")
        return value

    # -- the parts -------------------------------------------------------------------

    def _event(self, spec) -> dict:
        """The event's settings as its form checks them (a declared setting the file
        leaves out is its declared default, event_settings); its house rules exactly as the
        file says (the form reads them from the page's option fields, which a file has
        not), checked by the core as the event's model checks them."""
        form = EventForm(data=EventForm.file_data(spec))
        if not form.is_valid():
            raise ExchangeError(
                "event: "
                + "; ".join(f"{field}: {' '.join(errs)}" for field, errs in form.errors.items())
            )
        names = [*EventForm.Meta.fields, *EVENT_LISTS]
        settings = {name: form.cleaned_data[name] for name in names}
        house_rules = spec.get("house_rules") or {}
        if not isinstance(house_rules, dict):
            raise ExchangeError("event: house_rules: must be a JSON object.")
        try:
            core.registry.rules_for(settings["ruleset"], house_rules)
        except core.OutcomeError as e:
            said = " ".join(err.message for err in e.errors)
            raise ExchangeError(f"event: house_rules: {said}") from e
        settings["house_rules"] = dict(house_rules)
        settings.update(self._prizes(spec))
        return settings

    def _prizes(self, spec) -> dict:
        """The event's prize settings as its model checks them (forms.prizes reads them
        from the organizer in dollars; a file carries the cents)."""
        fee = spec.get("entry_fee_cents", 0)
        table = spec.get("prize_table", "")
        adds = spec.get("prizes_club_adds", False)
        each = spec.get("prizes_in_each_list", False)
        if not isinstance(fee, int) or isinstance(fee, bool) or fee < 0:
            raise ExchangeError(
                "event: entry_fee_cents: must be a whole number of cents, 0 or more."
            )
        if not isinstance(table, str) or not isinstance(adds, bool) or not isinstance(each, bool):
            raise ExchangeError(
                "event: prize_table must be text, prizes_club_adds and prizes_in_each_list "
                "true or false."
            )
        event = Event(
            entry_fee_cents=fee, prize_table=table, prizes_club_adds=adds, prizes_in_each_list=each
        )
        try:
            event.clean_prizes()
        except ValidationError as e:
            said = "; ".join(f"{f}: {' '.join(m)}" for f, m in e.message_dict.items())
            raise ExchangeError(f"event: {said}") from e
        return {name: getattr(event, name) for name in Event.PRIZE_SETTINGS}

    def _player(self, p, where) -> dict:
        name = self._get(p, "name", str, where)
        club = self._get(p, "club", str, where, required=False) or ""
        notes = self._get(p, "notes", str, where, required=False) or ""
        email = self._get(p, "email", str, where, required=False) or ""  # older files: none
        withdrawn = self._get(p, "withdrawn", bool, where, required=False) or False
        start_number = self._get(p, "start_number", int, where, required=False)
        if start_number is not None and not 1 <= start_number <= limits.PLAYERS:
            raise ExchangeError(f"{where}: a start number is from 1 to {limits.PLAYERS:,}.")
        cannot_move = self._get(p, "cannot_move", bool, where, required=False) or False
        pays_fee = self._get(p, "pays_fee", bool, where, required=False)
        reserve = self._get(p, "reserve", bool, where, required=False) or False
        # The rules of a new registry player's fields; the registry is not read here
        # (``registry.match_players`` reads it once for the whole file).
        form = PlayerFieldsForm(data={"name": name, "club": club, "notes": notes, "email": email})
        if not form.is_valid():
            raise ExchangeError(
                f"{where} ({name[:40]!r}): "
                + "; ".join(f"{f}: {' '.join(m)}" for f, m in form.errors.items())
            )
        return {
            "name": form.cleaned_data["name"],
            "club": form.cleaned_data["club"],
            "notes": notes,
            "email": form.cleaned_data["email"],
            "withdrawn": withdrawn,
            "start_number": start_number,
            "cannot_move": cannot_move,
            "pays_fee": True if pays_fee is None else pays_fee,
            "reserve": reserve,
        }

    def _round(self, r, n) -> dict:
        where = f"round {n}"
        seed = self._get(r, "seed", int, where, required=False)
        if seed is not None and not -(2**63) <= seed < 2**63:
            raise ExchangeError(f"{where}: the seed is out of range.")
        minutes = self._get(r, "minutes", int, where, required=False)
        low, high = Round.MIN_MINUTES, Round.MAX_MINUTES
        if minutes is not None and not low <= minutes <= high:
            raise ExchangeError(
                f"{where}: a round on the clock lasts from {low} to {high} minutes."
            )
        tables = self._get(r, "tables", list, where)
        self._numbered(enumerate(tables, 1), where, "table")
        result = {
            "seed": seed,
            "minutes": minutes,
            "present": self._names(self._get(r, "present", list, where), f"{where}, present"),
            "byes": self._names(self._get(r, "byes", list, where), f"{where}, byes"),
            "tables": [self._table(t, f"{where}, table {i}") for i, t in enumerate(tables, 1)],
        }
        return result

    def _table(self, t, where) -> dict:
        seats = self._names(self._get(t, "seats", list, where), f"{where}, seats")
        forehand = self._get(t, "first_forehand", str, where, required=False)
        if forehand is not None and forehand not in seats:
            raise ExchangeError(f"{where}: the first forehand does not sit at the table.")
        substitutes = [
            self._substitute(s, seats, f"{where}, substitute {i}")
            for i, s in enumerate(self._get(t, "substitutes", list, where, required=False) or [], 1)
        ]
        deals = self._get(t, "deals", list, where)
        if self.deals + len(deals) > limits.DEALS:
            raise ExchangeError(
                f"{where}, deal {limits.DEALS - self.deals + 1}: at most {limits.DEALS:,} "
                "deals in a file."
            )
        self.deals += len(deals)
        self._numbered(enumerate(deals, 1), where, "deal")
        named = seats + [s["substitute"] for s in substitutes]
        return {
            "where": where,
            "seats": seats,
            "first_forehand": forehand,
            "substitutes": substitutes,
            "deals": [
                # A substitute playing in their own name is a name the table's deals may give.
                self._deal(d, i, f"{where}, deal {i}", named)
                for i, d in enumerate(deals, 1)
            ],
        }

    def _substitute(self, s, seats, where) -> dict:
        """A seat handed over (the import seats them as ``services.substitute_player``
        does, which checks the rest)."""
        seat = self._get(s, "seat", str, where)
        if seat not in seats:
            raise ExchangeError(f"{where}: {seat} does not sit at the table.")
        (substitute,) = self._names([self._get(s, "substitute", str, where)], where)
        from_deal = self._get(s, "from_deal", int, where)
        if not 1 <= from_deal <= limits.DEALS:
            raise ExchangeError(f"{where}: the first deal is out of range.")
        mode = self._get(s, "mode", str, where)
        if mode not in Substitution.Mode.values:
            raise ExchangeError(f"{where}: the mode is not one the app knows.")
        return {"seat": seat, "substitute": substitute, "from_deal": from_deal, "mode": mode}

    def _deal(self, d, number, where, seats) -> dict:
        versions = self._versions(d, where)
        return {
            "number": number,
            "versions": versions,
            "confirmation": self._confirmation(d, versions, where),
            "rejected": self._rejected(d, versions, seats, where),
        }

    def _rejected(self, d, versions, seats, where) -> list[dict]:
        """A deal's versions sent from a table and not saved, each as recorded: who sent
        it and when, its document (as the deal services would check it against the
        deal), and whether it was handled. A deal without any has none in its export."""
        items = self._get(d, "rejected", list, where, required=False) or []
        if len(items) > limits.REJECTED:
            raise ExchangeError(f"{where}: at most {limits.REJECTED} rejected versions of a deal.")
        result = []
        # Each version once: the same document sent at the same moment is one listed
        # twice (two versions sent with a name renamed between are one document under
        # today's names, as the file says them, but were sent at two moments).
        first: dict[tuple[str, datetime.datetime], int] = {}
        adopted: dict[int | None, int] = {}  # each correction adopted from one at most
        for i, r in enumerate(items, 1):
            at = f"{where}, rejected version {i}"
            sent_by = self._get(r, "sent_by", str, at)
            via_link = self._get(r, "via_link", bool, at)
            sent_at = self._moment(r, "sent_at", at)
            if not 0 < len(sent_by) <= 150 or sent_at is None:
                raise ExchangeError(f"{at}: give who sent it (a user name) and an ISO date-time.")
            # When the phone kept it, if it said: believed as the server believed it.
            kept_at = self._moment(r, "kept_at", at, required=False)
            said = r.get("kept_at") is not None
            if said and (kept_at is None or not moments.phone_moment(kept_at.isoformat(), sent_at)):
                raise ExchangeError(
                    f"{at}: kept_at is when the phone kept it: within a week before it was "
                    "sent (sent_at)."
                )
            document = self._get(r, "document", dict, at)
            self._sent(document, versions[0]["document"], seats, at)
            key = (fingerprint(document), sent_at)
            if key in first:
                raise ExchangeError(
                    f"{at}: the same deal as rejected version {first[key]}, sent at the same "
                    "moment: a deal keeps each version sent once."
                )
            first[key] = i
            handled = self._handled(r, versions, at)
            became = handled["adopted_version"]
            if became is not None and became in adopted:
                raise ExchangeError(
                    f"{at}: adopted as version {became}, as rejected version "
                    f"{adopted[became]} was: a correction adopts one version."
                )
            adopted[became] = i
            result.append(
                {
                    "where": at,
                    "document": document,
                    "sent_by": sent_by,
                    "via_link": via_link,
                    "sent_at": sent_at,
                    "kept_at": kept_at,
                    **handled,
                }
            )
        return result

    @staticmethod
    def _sent(document, recorded, seats, at) -> None:
        """A rejected version's document: under its deal's ruleset and house rules, one
        the core scores, naming only the table's players."""
        if _ruleset_of(document) != _ruleset_of(recorded):
            raise ExchangeError(
                f"{at}: the deal sent is not under the ruleset and house rules its deal was "
                "recorded under."
            )
        try:
            outcome, _ = core.parse_deal(document)
            core.score(document)
        except core.OutcomeError as e:
            said = "; ".join(f"{err.field}: {err.message}" for err in e.errors)
            raise ExchangeError(
                f"{at}: the deal sent is not one the core can score ({said})"
            ) from e
        strangers = [name for name in facts(outcome).everyone if name not in seats]
        if strangers:
            raise ExchangeError(
                f"{at}: the deal sent names players who do not sit at this table: "
                f"{', '.join(strangers)}."
            )

    def _handled(self, r, versions, at) -> dict:
        """Whether it was adopted (as which version, a correction of the deal's) or
        dismissed, by whom and when; or still to handle."""
        handled = self._get(r, "handled", str, at, required=False)
        by = self._get(r, "handled_by", str, at, required=False)
        version = self._get(r, "adopted_version", int, at, required=False)
        if handled is None:
            if by is not None or r.get("handled_at") is not None or version is not None:
                raise ExchangeError(
                    f"{at}: a version still to handle has no 'handled_by', 'handled_at' or "
                    "'adopted_version'."
                )
            return {"handled": "", "handled_by": "", "handled_at": None, "adopted_version": None}
        Handled = RejectedVersion.Handled
        if handled not in Handled.values:
            raise ExchangeError(
                f"{at}: 'handled' must be adopted, dismissed or null (still to handle)."
            )
        when = self._moment(r, "handled_at", at, required=False)
        if by is None or not 0 < len(by) <= 150 or when is None:
            a = "an adopted" if handled == Handled.ADOPTED else "a dismissed"
            raise ExchangeError(
                f"{at}: {a} version says who {handled} it (a user name) and an ISO date-time."
            )
        if handled == Handled.DISMISSED and version is not None:
            raise ExchangeError(f"{at}: a dismissed version has no 'adopted_version'.")
        if handled == Handled.ADOPTED:
            if version is None:
                raise ExchangeError(
                    f"{at}: an adopted version says which version of the deal it became "
                    "('adopted_version')."
                )
            if not 0 < version <= len(versions):
                raise ExchangeError(
                    f"{at}: adopted as version {version}, which the deal does not have."
                )
            if versions[version - 1]["action"] != DealVersion.Action.CORRECTED:
                raise ExchangeError(
                    f"{at}: adopted as version {version}, which is not a correction."
                )
        return {
            "handled": handled,
            "handled_by": by,
            "handled_at": when,
            "adopted_version": version,
        }

    def _confirmation(self, d, versions, where) -> dict:
        """A deal's confirmation state; exports made before it was exported have none."""
        state = self._get(d, "confirmation", dict, where, required=False)
        if state is None:
            return {"awaiting": False, "confirmed": []}
        awaiting = state.get("awaiting", False)
        if not isinstance(awaiting, bool):
            raise ExchangeError(f"{where}: 'awaiting' must be true or false.")
        if awaiting and versions[-1]["action"] == DealVersion.Action.VOIDED:
            raise ExchangeError(f"{where}: a voided deal cannot be awaiting confirmation.")
        confirmed = []
        for c in self._get(state, "confirmed", list, where, required=False) or []:
            c = c if isinstance(c, dict) else {}
            version, by = c.get("version"), c.get("by")
            when = self._moment(c, "at", where) if isinstance(c.get("at"), str) else None
            if (
                not isinstance(version, int)
                or isinstance(version, bool)
                or not isinstance(by, str)
                or not 0 < len(by) <= 150
                or when is None
            ):
                raise ExchangeError(
                    f"{where}: give each confirmation's version, who confirmed it and an "
                    "ISO date-time."
                )
            if not 0 < version <= len(versions):
                raise ExchangeError(
                    f"{where}: a confirmation names version {version}, which the deal "
                    "does not have."
                )
            if any(other["version"] == version for other in confirmed):
                raise ExchangeError(
                    f"{where}: version {version} is confirmed twice; a version is confirmed once."
                )
            confirmed.append({"version": version, "by": by, "at": c["at"], "when": when})
        return {"awaiting": awaiting, "confirmed": confirmed}

    def _versions(self, d, where) -> list[dict]:
        versions = self._get(d, "versions", list, where)
        if not versions:
            raise ExchangeError(f"{where}: has no versions.")
        if len(versions) > limits.VERSIONS:
            raise ExchangeError(f"{where}: at most {limits.VERSIONS} versions of a deal.")
        self._numbered(enumerate(versions, 1), where, "version")
        result = []
        Action = DealVersion.Action
        for i, v in enumerate(versions, 1):
            at = f"{where}, version {i}"
            action = self._get(v, "action", str, at)
            expected = (
                [Action.RECORDED] if i == 1 else [Action.CORRECTED, Action.REPOTTED, Action.VOIDED]
            )
            if action not in expected or (i > 2 and result[-1]["action"] == Action.VOIDED):
                raise ExchangeError(
                    f"{at}: a deal is recorded, then corrected or voided, nothing after a void."
                )
            sequence = self._get(v, "sequence", int, at)
            if sequence in self.sequences:
                raise ExchangeError(f"{at}: sequence {sequence} is used twice.")
            if result and sequence < result[-1]["sequence"]:
                raise ExchangeError(f"{at}: saved before the version it changes.")
            self.sequences.add(sequence)
            created_by = self._get(v, "created_by", str, at)
            try:
                created_at = parse_datetime(self._get(v, "created_at", str, at))
            except ValueError:
                created_at = None
            if created_at is None or len(created_by) > 150:
                raise ExchangeError(f"{at}: give its author (a user name) and an ISO date-time.")
            if timezone.is_naive(created_at):
                created_at = timezone.make_aware(created_at, datetime.UTC)
            result.append(
                {
                    "where": at,
                    "number": i,
                    "sequence": sequence,
                    "action": action,
                    "document": self._get(v, "document", dict, at),
                    "reason": self._text(v, "reason", at, required=i > 1),
                    "created_by": created_by,
                    "created_at": created_at,
                }
            )
        return result
