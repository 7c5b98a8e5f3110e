"""One deal form for every game, built from the core's description of its document.

``GameDealForm`` makes a Django form field of each ``taroky_scoring.fields.Field`` of
the event's game: a choice is radios, a bool a checkbox, an int a number with its
bounds, a player radios of the seated players, an object a fieldset of its sub-fields,
a list repeated rows (one per seat, or the field's ``max_items``). The form fills the
deal's ``players`` and, where the table seats more than play, who sits out, by asking
the game who plays when the chosen dealer deals (``Game.deal_seating``). Which fields
apply is the core's ``applies`` condition: the page script evaluates the same JSON
(``description``) and the form drops the values of fields that do not apply before
asking the core, which has the last word and names the field of every error. A field
that never applies under the rules (Clarkson's kontra) is not on the form.
"""

from __future__ import annotations

import copy
import functools
import json
from typing import Any

from django import forms

import taroky_scoring as core
from taroky_scoring import fields as described

from .forms import bounded
from .models import Deal, Event

RADIO = forms.RadioSelect
NOBODY = ""
# A player field's explicit "nobody" (its ``none_label``, e.g. the bidder plays alone):
# a choice of its own, so that no choice at all is not taken for it.
NONE = "none"
# Errors about what the form fills from the seats are shown at the dealer, who decides it.
SEATING = ("players", "sitting_out")
# The empty choice. Every radio group of an object's or a list row's sub-field offers it,
# even a required one: a radio cannot be unticked, and an object or row with nothing
# chosen is absent, so a valat's Side tapped by mistake can be taken back.
CLEAR = "—"
# What leaves a sub-field empty: nothing, "—", an unticked box, or the harmless "none"
# (a row's Contra "none" alone is no row).
EMPTY = (None, "", False, "none")
SEP = "__"  # an object's or a list row's sub-field: "<field>__<key>", "<field>__<row>__<key>"


@functools.lru_cache(maxsize=128)
def _described(ruleset: str, house_rules: str, starting_chips: int):
    """The event's fields: the core's description of what is entered. Keyed on
    everything it is made from (the ruleset, the house rules, the starting chips), so an
    edited event gets its own entry: a cache in each process's memory that is never
    stale, whichever process served the edit."""
    options = json.loads(house_rules)
    options["starting_chips"] = starting_chips
    game = core.game_for(ruleset)
    return game.entered_fields(core.registry.rules_for(ruleset, options))


def _rules_key(event: Event) -> tuple:
    return (
        event.ruleset,
        json.dumps(event.house_rules or {}, sort_keys=True),
        event.starting_chips,
    )


def _player_choices(f: described.Field, seats, sits_out: bool, part: bool = False):
    names = [(n, n) for n in seats]
    if f.none_label:
        return names + [(NONE, f.none_label)]
    if part:  # a row's player: "—" takes back a choice tapped by mistake
        return [(NOBODY, CLEAR)] + names
    # Where the dealer sits out, the game needs them named (Game.deal_seating); a
    # declarer is never nobody where the field applies (a passed Three's is forehand,
    # which the core fills in from the dealer when they are not chosen).
    needed = f.required or f.name == "bidder" or (sits_out and f.name == "dealer")
    # An optional player (a dealer not noted): "—", the form's empty choice.
    return names if needed else [(NOBODY, CLEAR)] + names


def _field(f: described.Field, seats, sits_out: bool, part: bool = False) -> forms.Field:
    """A form field for one described field (never required: the core says when);
    ``part``: a sub-field of an object or of a list's row."""
    attrs = {"data-field": f.name}
    if f.kind == described.CHOICE:
        # A choice of null (Nebraska's "no valat") is the empty value of the form.
        choices = [("" if c.value is None else c.value, c.label) for c in f.choices]
        says_nothing = None in f.values or "none" in f.values
        if (part or not f.required) and not says_nothing:
            choices = [("", CLEAR)] + choices
        return forms.ChoiceField(
            label=f.label, choices=choices, widget=RADIO(attrs=attrs), required=False
        )
    if f.kind == described.BOOL:
        return forms.BooleanField(label=f.label, required=False)
    if f.kind == described.INT:
        widget = forms.NumberInput(
            attrs={"inputmode": "numeric", "min": f.minimum, "max": f.maximum}
        )
        return forms.IntegerField(
            label=f.label,
            help_text=f.help,  # shown beside the number ("of 70; 36 wins")
            error_messages={
                "invalid": f"{f.label} must be a whole number.",
                "min_value": f"{f.label} must be from {f.minimum} to {f.maximum}.",
                "max_value": f"{f.label} must be from {f.minimum} to {f.maximum}.",
            },
            min_value=f.minimum,
            max_value=f.maximum,
            required=False,
            widget=widget,
        )
    if f.kind == described.PLAYER:
        # Choices the page greys out as the deal is filled in (deal_form.js): the dealer
        # who sits out plays no part; the bidder is not their own partner.
        exclude = []
        if sits_out and f.name != "dealer":
            exclude.append("sitting-out")
        if f.name == "partner":
            exclude.append("bidder")
        if exclude:
            attrs["data-exclude"] = " ".join(exclude)
        return forms.ChoiceField(
            label=f.label,
            choices=_player_choices(f, seats, sits_out, part),
            widget=RADIO(attrs=attrs),
            required=False,
        )
    return forms.CharField(label=f.label, required=False, max_length=100)


@functools.lru_cache(maxsize=256)
def _form_fields(rules_key: tuple, seats: tuple, sits_out: bool):
    """The form fields of a deal form (name, field) in order, and its groups (each
    top-level described field and the names of its form fields, by rows), for the rules
    (``_rules_key``) and the seats: built once, copied for each form (``_copy_field``).
    Keyed on all they are made of, so never stale in any process."""
    description = _described(*rules_key)
    fields: list[tuple[str, forms.Field]] = []
    groups: list[dict] = []  # each top-level field and its form fields, in order
    for f in description:
        if f.never:
            continue
        if f.kind == described.OBJECT:
            names = [f"{f.name}{SEP}{i.name}" for i in f.items]
            for item, name in zip(f.items, names, strict=True):
                fields.append((name, _field(item, seats, sits_out, part=True)))
            rows = [names]
        elif f.kind == described.LIST:
            rows = []
            for row in range(f.max_items or len(seats)):
                names = [f"{f.name}{SEP}{row}{SEP}{i.name}" for i in f.items]
                for item, name in zip(f.items, names, strict=True):
                    fields.append((name, _field(item, seats, sits_out, part=True)))
                rows.append(names)
        else:
            fields.append((f.name, _field(f, seats, sits_out)))
            rows = None
        if rows is not None:
            # A hidden field of the group's own name carries the core's errors about
            # the whole object or list, shown at its fieldset.
            fields.append((f.name, forms.CharField(required=False, widget=forms.HiddenInput)))
        groups.append({"field": f, "rows": rows})
    return tuple(fields), tuple(groups)


def _copy_field(prototype: forms.Field) -> forms.Field:
    """A form's own copy of a cached field: what a form may change (the widget and its
    attributes, the validators) is its own; the choices, never changed, are shared (a
    deep copy of every field was a fifth of a deal's save)."""
    field = copy.copy(prototype)
    field.widget = copy.copy(prototype.widget)
    field.widget.attrs = dict(prototype.widget.attrs)
    field.validators = list(prototype.validators)
    field.error_messages = dict(prototype.error_messages)
    return field


class GameDealForm(forms.Form):
    """A deal of any game at a table of ``seats`` (in the order of play)."""

    number = forms.IntegerField(
        widget=forms.HiddenInput, required=False, **bounded(Deal, "number", 1)
    )

    def __init__(self, *args, event: Event, seats: list[str], needs_number=False, **kwargs):
        super().__init__(*args, **kwargs)
        self.needs_number = needs_number
        self.event = event
        self.seats = list(seats)
        self.game = event.game
        # Where the table seats more than play, the dealer sits out (the page greys them
        # out of the choices of those who play).
        self.sits_out = self.game.dealer_sits_out(len(self.seats))
        # Who plays and sits out the form fills from the seats and the dealer, the pot
        # the service from the ledger: the rest is asked.
        self._rules_key = _rules_key(event)
        self.description = _described(*self._rules_key)
        fields, self.groups = _form_fields(self._rules_key, tuple(self.seats), self.sits_out)
        for name, prototype in fields:
            self.fields[name] = _copy_field(prototype)
        for name, value in self._starting_values().items():
            self.initial.setdefault(name, value)
        self.document: dict | None = None

    def _starting_values(self) -> dict[str, Any]:
        """What a choice starts at before anything is chosen, from the core's description:
        its default (a Played deal), else its "none" (no contra, no kontra). A choice
        without either starts empty: the organizer must say it (the talon, the bid)."""
        values = {}
        for f in self.description:
            if f.never:
                continue
            if f.kind == described.OBJECT:
                # An object's choice whose nothing is "none" (a valat's or a Pagat's
                # contra) starts at it, shown chosen before the rest is filled: "none"
                # alone is no object (EMPTY), any other default would make one.
                for c in f.items:
                    if c.kind == described.CHOICE and c.default in (None, "none"):
                        if "none" in c.values:
                            values[f"{f.name}{SEP}{c.name}"] = "none"
                continue
            if f.kind != described.CHOICE:
                continue
            if f.default is not None:
                values[f.name] = f.default
            elif "none" in f.values:
                values[f.name] = "none"
        return values

    # -- the page -------------------------------------------------------------------

    def description_json(self) -> list[dict[str, Any]]:
        """The core's description as JSON, for the page script (``json_script``)."""
        return [f.as_dict() for f in self.description]

    @functools.cached_property
    def fragment_key(self) -> str | None:
        """What a new form's fields (``_game_fields.html``) are rendered from: the
        event's rules, the seats and the starting values (the dealer the rotation
        suggests, a corrected deal's document). The same at a table for a whole round,
        so the page caches the rendered fields under this key (``deal_form.html``); any
        change of them is another key, so an entry is never stale in any process. None
        for a posted form: its values and errors are its own."""
        if self.is_bound:
            return None
        # The number is its own hidden field, outside these fields.
        initial = sorted((k, v) for k, v in self.initial.items() if k != "number")
        return json.dumps([self._rules_key, self.seats, initial], default=str)

    def layout(self) -> list[dict]:
        """What the template draws: each field, or a fieldset of rows of sub-fields."""
        out = []
        for group in self.groups:
            f = group["field"]
            if group["rows"] is None:
                out.append({"field": f, "bound": self[f.name]})
            else:
                rows = [[self[name] for name in row] for row in group["rows"]]
                out.append({"field": f, "rows": rows, "errors": self[f.name].errors})
        return out

    @functools.cached_property
    def first_error(self) -> dict[str, str] | None:
        """Where the page's first error is, in the page's order, for the Save bar's link
        and the page script's focus: ``id``, the element's (the form's own errors above
        the fields, else ``field-<name>`` as ``_field.html`` and ``_game_fields.html``
        draw it) and ``label``, the field's words (the core's). None without errors."""
        if not self.is_bound or not self.errors:
            return None
        if self.non_field_errors():
            return {"id": "form-errors", "label": ""}
        for part in self.layout():
            f = part["field"]
            if "bound" in part:
                if part["bound"].errors:
                    return {"id": f"field-{f.name}", "label": f.label}
                continue
            if part["errors"]:
                return {"id": f"field-{f.name}", "label": f.label}
            for bound in (b for row in part["rows"] for b in row):
                if bound.errors:
                    return {"id": f"field-{bound.name}", "label": f"{f.label}, {bound.label}"}
        for name, field in self.fields.items():
            if name in self.errors and not field.widget.is_hidden:
                return {"id": f"field-{name}", "label": str(field.label)}
        return None

    # -- the document ---------------------------------------------------------------

    def clean(self):
        cleaned = super().clean()
        if self.needs_number and cleaned.get("number") is None:
            self.add_error(
                None, "The form has lost its deal number: reload the page and enter the deal again."
            )
        if self.errors:
            return cleaned
        try:
            seating = self.game.deal_seating(self.seats, cleaned.get("dealer") or None)
        except core.OutcomeError as e:
            self.add_core_errors(e.errors)
            return cleaned
        self.check_answers(cleaned)
        if self.errors:
            return cleaned
        self.document = self.build_document(cleaned, seating)
        try:
            core.parse_deal(self.document)
        except core.OutcomeError as e:
            self.add_core_errors(e.errors)
            self.document = None
        return cleaned

    def check_answers(self, c: dict) -> None:
        """What the core cannot tell from the document, asked in the form's words: a
        row begun without a choice it needs, and a player field whose "nobody" must be
        chosen (a played deal without a partner is not silently "alone")."""
        values = self.values(c)
        for f in self.description:
            if f.name in values and not f.test(values):
                del values[f.name]
            elif f.none_label and f.name not in values and f.asks(values):
                if c.get(f.name) != NONE:
                    words = f.label[:1].lower() + f.label[1:]
                    self.add_error(f.name, f"Choose the {words}, or {f.none_label}.")
        for group in self.groups:
            f = group["field"]
            if f.name not in values:  # nothing begun, or a field that does not apply
                continue
            for row in group["rows"] or ():
                if not any(c.get(n) not in EMPTY for n in row):
                    continue
                for sub, name in zip(f.items, row, strict=True):
                    if sub.required and sub.kind != described.BOOL and not c.get(name):
                        self.add_error(name, f"Choose {sub.help}.")

    def values(self, c: dict) -> dict[str, Any]:
        """The document's values from the cleaned fields: empty values (and a player
        field's explicit nobody) stay absent."""
        values: dict[str, Any] = {}
        for group in self.groups:
            f = group["field"]
            if group["rows"] is None:
                value = c.get(f.name)
                if f.kind == described.BOOL:
                    # A required box is an answer either way; an optional one only ticked.
                    value = bool(value) if f.required else (True if value else None)
                elif f.kind == described.PLAYER and value == NONE:
                    value = None
            else:
                items = [self._item(f, row, c) for row in group["rows"]]
                items = [i for i in items if i]
                value = (items[0] if items else None) if f.kind == described.OBJECT else items
            if value not in (None, "", []):
                values[f.name] = value
        return values

    def build_document(self, c: dict, seating) -> dict:
        """The document from the cleaned fields and the seating the game gave for the
        dealer: the values of fields that do not apply (by the core's conditions) stay
        absent."""
        values = self.values(c)
        # Drop what does not apply, in the order of the description (a condition reads
        # fields above it, as on the page).
        for f in self.description:
            if f.name in values and not f.test(values):
                del values[f.name]
        seats = {"players": list(seating.players)}
        if seating.sitting_out:
            seats["sitting_out"] = seating.sitting_out
        return {**self.event.deal_document_base(), **seats, **values}

    @staticmethod
    def _item(f: described.Field, row: list[str], c: dict) -> dict:
        item = {}
        for sub, name in zip(f.items, row, strict=True):
            value = c.get(name)
            if sub.kind != described.BOOL and value not in EMPTY:
                item[sub.name] = value
        ticked = any(c.get(n) for sub, n in zip(f.items, row, strict=True) if sub.kind == "bool")
        if not item and not ticked:
            return item  # nothing filled in: no object, no row
        for sub, name in zip(f.items, row, strict=True):
            if sub.kind == described.BOOL and (sub.required or c.get(name)):
                item[sub.name] = bool(c.get(name))
        return item

    def add_service_error(self, error) -> None:
        if error.field_errors:
            self.add_core_errors(error.field_errors)
        else:
            self.add_error(None, error.message)

    def add_core_errors(self, errors) -> None:
        for err in errors:
            field = "dealer" if err.field in SEATING else err.field
            self.add_error(field if field in self.fields else None, err.message)

    @classmethod
    def initial_from_document(cls, document: dict) -> dict:
        """Form fields for a saved deal (to correct it): every field of the document,
        and the explicit "nobody" of a player field asked for (the bidder alone)."""
        game = core.game_of_document(document)
        initial: dict[str, Any] = {}
        entered = game.entered_fields(game.rules_of(document))
        for f in entered:
            if document.get(f.name) is None and f.asks(document):
                initial[f.name] = NONE
        asked = {f.name for f in entered}
        for key, value in document.items():
            if key not in asked or value is None:
                continue
            if isinstance(value, dict):
                for sub, v in value.items():
                    initial[f"{key}{SEP}{sub}"] = v
            elif isinstance(value, list):
                for row, item in enumerate(value):
                    for sub, v in item.items():
                        initial[f"{key}{SEP}{row}{SEP}{sub}"] = v
            else:
                initial[key] = value
        if document.get("sitting_out") and not document.get("dealer"):
            # The form says who sits out by the dealer (Game.deal_seating): the one who
            # sits out dealt.
            initial["dealer"] = document["sitting_out"]
        return initial


class CorrectGameDealForm(GameDealForm):
    expected_version = forms.IntegerField(widget=forms.HiddenInput, **bounded(Deal, "version", 1))
    reason = forms.CharField(
        label="Reason for the correction",
        widget=forms.Textarea(attrs={"rows": 2}),
        required=False,
    )
