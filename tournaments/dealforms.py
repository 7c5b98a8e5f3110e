"""One deal form for every game, built from the core's description of its document.

``GameDealForm`` makes a Django form field of each ``taroky_scoring.fields.Field`` of
the event's game: a choice is radios, a bool a checkbox, an int a number with its
bounds, a player radios of the seated players, an object a fieldset of its sub-fields,
a list repeated rows (one per seat). Which fields apply is the core's ``applies``
condition: the page script evaluates the same JSON (``description``) and the form
drops the values of fields that do not apply before asking the core, which has the
last word and names the field of every error.
"""

from __future__ import annotations

from typing import Any

from django import forms

import taroky_scoring as core
from taroky_scoring import fields as described

from .forms import bounded
from .models import Deal, Event

RADIO = forms.RadioSelect
NOBODY = ""
# Keys of the document the form does not ask: the ruleset, house rules and the seats
# (the form's own), and the pot's contents (the service's, from the ledger).
FILLED = ("ruleset", "options", "players", "pot")
SEP = "__"  # an object's or a list row's sub-field: "<field>__<key>", "<field>__<row>__<key>"


def _player_choices(seats, required: bool):
    names = [(n, n) for n in seats]
    return names if required else [(NOBODY, "Nobody")] + names


def _field(f: described.Field, seats) -> forms.Field:
    """A form field for one described field (never required: the core says when)."""
    attrs = {"data-field": f.name}
    if f.kind == described.CHOICE:
        choices = [(c.value, c.label) for c in f.choices]
        if not f.required and "none" not in f.values:  # "none" already says nothing
            choices = [("", "—")] + choices
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
            min_value=f.minimum,
            max_value=f.maximum,
            required=False,
            widget=widget,
        )
    if f.kind == described.PLAYER:
        if f.name == "partner":  # greyed out as the bidder is chosen (deal_form.js)
            attrs["data-exclude"] = "bidder"
        return forms.ChoiceField(
            label=f.label,
            choices=_player_choices(seats, f.required),
            widget=RADIO(attrs=attrs),
            required=False,
        )
    return forms.CharField(label=f.label, required=False, max_length=100)


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
        self.description = tuple(f for f in self.game.fields(event.rules) if f.name not in FILLED)
        self.groups: list[dict] = []  # each top-level field and its form fields, in order
        for f in self.description:
            if f.kind == described.OBJECT:
                names = [f"{f.name}{SEP}{i.name}" for i in f.items]
                for item, name in zip(f.items, names, strict=True):
                    self.fields[name] = _field(item, self.seats)
                rows = [names]
            elif f.kind == described.LIST:
                rows = []
                for row in range(len(self.seats)):
                    names = [f"{f.name}{SEP}{row}{SEP}{i.name}" for i in f.items]
                    for item, name in zip(f.items, names, strict=True):
                        self.fields[name] = _field(item, self.seats)
                    rows.append(names)
            else:
                self.fields[f.name] = _field(f, self.seats)
                rows = None
            if rows is not None:
                # A hidden field of the group's own name carries the core's errors about
                # the whole object or list, shown at its fieldset.
                self.fields[f.name] = forms.CharField(required=False, widget=forms.HiddenInput)
            self.groups.append({"field": f, "rows": rows})
        self.document: dict | None = None

    # -- the page -------------------------------------------------------------------

    def description_json(self) -> list[dict[str, Any]]:
        """The core's description as JSON, for the page script (``json_script``)."""
        return [f.as_dict() for f in self.description]

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

    # -- the document ---------------------------------------------------------------

    def clean(self):
        cleaned = super().clean()
        if self.needs_number and cleaned.get("number") is None:
            self.add_error(
                None, "The form has lost its deal number: reload the page and enter the deal again."
            )
        if self.errors:
            return cleaned
        self.document = self.build_document(cleaned)
        try:
            core.parse_deal(self.document)
        except core.OutcomeError as e:
            self.add_core_errors(e.errors)
            self.document = None
        return cleaned

    def build_document(self, c: dict) -> dict:
        """The document from the cleaned fields: empty values and the values of fields
        that do not apply (by the core's conditions) stay absent."""
        values: dict[str, Any] = {"players": list(self.seats)}
        for group in self.groups:
            f = group["field"]
            if group["rows"] is None:
                value = c.get(f.name)
                if f.kind == described.BOOL:
                    # A required box is an answer either way; an optional one only ticked.
                    value = bool(value) if f.required else (True if value else None)
            else:
                items = [self._item(f, row, c) for row in group["rows"]]
                items = [i for i in items if i]
                value = (items[0] if items else None) if f.kind == described.OBJECT else items
            if value not in (None, "", []):
                values[f.name] = value
        # Drop what does not apply, in the order of the description (a condition reads
        # fields above it, as on the page).
        for f in self.description:
            if f.name in values and not f.test(values):
                del values[f.name]
        return {**self.event.deal_document_base(), **values}

    @staticmethod
    def _item(f: described.Field, row: list[str], c: dict) -> dict:
        item = {}
        for sub, name in zip(f.items, row, strict=True):
            value = c.get(name)
            if sub.kind != described.BOOL and value not in (None, ""):
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
            self.add_error(err.field if err.field in self.fields else None, err.message)

    @classmethod
    def initial_from_document(cls, document: dict) -> dict:
        """Form fields for a saved deal (to correct it): every field of the document."""
        initial: dict[str, Any] = {}
        for key, value in document.items():
            if key in FILLED or value is None:
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
        return initial


class CorrectGameDealForm(GameDealForm):
    expected_version = forms.IntegerField(widget=forms.HiddenInput, **bounded(Deal, "version", 1))
    reason = forms.CharField(
        label="Reason for the correction",
        widget=forms.Textarea(attrs={"rows": 2}),
        required=False,
    )
