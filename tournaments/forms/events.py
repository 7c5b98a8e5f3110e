"""The event form: its settings (their words and bounds as event_settings declares
them), a format filling how the event ranks in one choice, the chosen ruleset's house
rules read from the core's description of its options, and a new event's prizes."""

from __future__ import annotations

from django import forms

import taroky_scoring as core

from .. import tie_breaks
from ..models import Event
from ..models import event_settings as declared
from ..models.ranking_settings import table_points_error
from .fields import (
    SettingsForm,
    add_tie_break_fields,
    bound,
    clean_tie_breaks,
    clean_typed_name,
    from_to,
    from_to_words,
    tie_break_names,
)
from .prizes import PrizesForm


def option_field(option: dict, label: str) -> forms.Field:
    """A form field for one of the core's typed options (``Option.as_dict()``)."""
    kind, help_text = option["kind"], option.get("help", "")
    if kind == "bool":
        return forms.BooleanField(label=label, required=False, help_text=help_text)
    if option.get("choices"):
        coerce = str if kind == "choice" else int
        words = option.get("choice_labels") or [str(c).replace("_", " ") for c in option["choices"]]
        choices = list(zip(option["choices"], words, strict=True))
        if kind == "int_or_null":
            choices = [("", "None")] + choices
        return forms.TypedChoiceField(
            label=label,
            choices=choices,
            coerce=coerce,
            empty_value=None,
            required=kind != "int_or_null",
            help_text=help_text,
        )
    # The least is the game's (the core's option); the most, the app's.
    low, high = option.get("minimum", -Event.MAX_CHIPS), Event.MAX_CHIPS
    return forms.IntegerField(
        label=label,
        required=kind != "int_or_null",
        help_text=help_text or ("empty: none" if kind == "int_or_null" else ""),
        **from_to(low, high, from_to_words(label, low, high)),
    )


def house_rule_field_name(ruleset: str, option: str) -> str:
    return f"rule__{ruleset}__{option}"


# The ranking's lists, typed in fields of their own (a text a table size, a select a
# tie-break), read by ``EventForm.clean`` into the model's lists.
EVENT_LISTS = ("table_points", "tie_breaks")


def points_text(points) -> str:
    return ", ".join(str(p) for p in points) if isinstance(points, list) else str(points)


def read_points(text: str) -> list[int] | str:
    """The numbers typed, or the text itself when one is not a whole number (the
    model's check then says so at the field).

    >>> read_points("4, 3, 2,1"), read_points("4 3 2.5 1")
    ([4, 3, 2, 1], '4 3 2.5 1')
    """
    parts = [p for p in text.replace(",", " ").split() if p]
    try:
        return [int(p) for p in parts]
    except ValueError:
        return text


class EventForm(SettingsForm):
    """An event's settings; its house rules as a form generated from the core's typed
    options of every ruleset (the chosen ruleset's apply; the page shows only those),
    read by ``clean`` into ``cleaned_data["house_rules"]``. A new event's form
    (``prizes=True``) holds the prize form's fields too (``self.prizes``)."""

    class Meta:
        model = Event
        # The house rules are no field of their own: the option fields say them. The
        # prizes are a form of their own (forms.prizes).
        fields = [
            name
            for name in Event.SETTINGS
            if name not in ("house_rules", *Event.PRIZE_SETTINGS, *EVENT_LISTS)
        ]
        widgets = {"date": forms.DateInput(attrs={"type": "date"})}

    TIE_BREAKS = len(tie_breaks.EVENT_KEYS)  # one select a place in the order

    FIXED_HELP = "Fixed: the event's deals were recorded under it."
    MARKER = "house_rules_form"  # posted by the page with the generated option fields
    RANKING_MARKER = "ranking_form"  # posted by the page with how the event ranks
    FORMAT = "format"  # the select of formats
    FORMATS = declared.FORMATS
    # Starting chips are the event's own field (every game has them).
    OWN_FIELDS = ("starting_chips",)
    # The starting chips the page proposed (the ruleset's); empty once the organizer
    # typed their own. Without JavaScript a number left as proposed follows the ruleset
    # chosen in the same post.
    PROPOSED = "starting_chips_proposed"

    def __init__(self, *args, prizes: bool = False, **kwargs):
        super().__init__(*args, **kwargs)
        self.rulesets = core.listing()
        self.chips_of = {e["name"]: e["options"]["starting_chips"] for e in self.rulesets}
        self._propose_starting_chips()
        chosen = self.instance.ruleset if self.instance.pk else None
        for entry in self.rulesets:
            entry["fields"] = []
            for option in entry["option_kinds"]:
                if option["name"] in self.OWN_FIELDS:
                    continue
                name = house_rule_field_name(entry["name"], option["name"])
                label = option["label"][:1].upper() + option["label"][1:]
                field = option_field(option, label)
                value = entry["options"][option["name"]]
                if entry["name"] == chosen:
                    value = (self.instance.house_rules or {}).get(option["name"], value)
                field.initial = value
                self.fields[name] = field
                entry["fields"].append(name)
        # Only the chosen ruleset's options are read; a post without the generated
        # fields (the marker absent) keeps the preset, or the event's house rules.
        self.options_posted = self.is_bound and self.MARKER in self.data
        self.unread = set()
        if self.is_bound:
            chosen_now = self.data.get("ruleset")
            self.unread = {
                name
                for entry in self.rulesets
                for name in entry["fields"]
                if entry["name"] != chosen_now or not self.options_posted
            }
        self.fixed = bool(self.instance.pk and self.instance.has_deals())
        if self.fixed:
            for name in Event.FIXED_ONCE_DEALT:
                if name in self.fields:
                    self.fields[name].disabled = True
                    self.fields[name].help_text = self.FIXED_HELP
            for entry in self.rulesets:
                for name in entry["fields"]:
                    self.fields[name].disabled = True
        self._ranking_fields()
        self._bound_numbers()
        # A new event's entry fee and prizes: the prize page's own form and service.
        self.prizes = PrizesForm(self.data if self.is_bound else None) if prizes else None

    def _ranking_fields(self) -> None:
        """The formats' select, a text of points for each table size, and a select a
        tie-break in order."""
        settings = self._ranking_settings()
        fitting = declared.format_of(settings)
        self.fields[self.FORMAT] = forms.ChoiceField(
            label="Format",
            choices=[("", "Settings of your own")] + [(f.key, f.title) for f in declared.FORMATS],
            required=False,
            initial=fitting.key if fitting else "",
            show_hidden_initial=True,
            help_text="Fills how the event ranks below in one choice; change any of it "
            "before the first deal.",
        )
        points = settings["table_points"] if isinstance(settings["table_points"], dict) else {}
        for n in Event.TABLE_SIZES:
            self.fields[f"points_at_{n}"] = forms.CharField(
                label=f"Table points at a table of {n}",
                max_length=200,
                initial=points_text(points.get(str(n), "")),
                help_text="First place first"
                + (", the dealer sitting out counted" if n == 5 else ""),
            )
        choices = [(k, tie_breaks.BY_KEY[k].words) for k in tie_breaks.EVENT_KEYS]
        add_tie_break_fields(self, choices, settings["tie_breaks"], self.TIE_BREAKS)
        if self.fixed:
            for name in self.ranking_names():
                self.fields[name].disabled = True
                self.fields[name].help_text = self.FIXED_HELP
        elif self.is_bound and self.RANKING_MARKER not in self.data:
            # A post without the ranking's fields keeps how the event ranks.
            for name in self.ranking_names():
                self.fields[name].disabled = True
        elif self.is_bound:
            self._apply_format()

    def _ranking_settings(self) -> dict:
        """How the event ranks now: the event's, or a new event's defaults."""
        event = self.instance if self.instance.pk else Event()
        return {key: getattr(event, key) for key in declared.keys(declared.RANKING)}

    def _apply_format(self) -> None:
        """A format chosen on a page without its script (or with it: the same values)
        fills the ranking's fields, over what was posted in them. Chosen, not merely
        left as the page showed it: a director's own change to a field of a format
        shown stands."""
        chosen = declared.FORMAT_BY_KEY.get(self.data.get(self.FORMAT))
        shown = self.data.get(self[self.FORMAT].html_initial_name)
        if chosen is None or chosen.key == shown:
            return
        self.data = self.data.copy()
        for name, value in self.settings_data(chosen.settings()).items():
            self.data[name] = value
        # Shown again (an error elsewhere), the format is the one the fields now hold.
        self.initial[self.FORMAT] = chosen.key

    @classmethod
    def settings_data(cls, settings: dict) -> dict:
        """The ranking fields' data saying ``settings`` (a format's, or a file's)."""
        data = {
            key: str(value)
            for key, value in settings.items()
            if key in declared.DECLARED and key not in EVENT_LISTS
        }
        data.update(cls.ranking_data(settings))
        return data

    def formats(self) -> dict:
        """Each format's fields as the page's script fills them: format key -> field
        name -> value."""
        return {f.key: self.settings_data(f.settings()) for f in declared.FORMATS}

    def ranking_names(self) -> list[str]:
        """The fields that say how the event ranks, in the page's order."""
        simple = [
            n for n in Event.RANKING_SETTINGS if n not in (*EVENT_LISTS, *Event.TEAM_SETTINGS)
        ]
        return (
            [self.FORMAT]
            + simple
            + [f"points_at_{n}" for n in Event.TABLE_SIZES]
            + tie_break_names(self.TIE_BREAKS)
            + list(Event.TEAM_SETTINGS)
        )

    def ranking_fields(self) -> list:
        return [self[name] for name in self.ranking_names()]

    @classmethod
    def ranking_data(cls, spec: dict) -> dict:
        """The ranking lists' fields' data from an event's settings as a file holds
        them (a list left out: its declared default)."""
        data = {cls.RANKING_MARKER: "1"}
        defaults = declared.defaults(declared.RANKING)
        points = spec.get("table_points", defaults["table_points"])
        for n in Event.TABLE_SIZES:
            data[f"points_at_{n}"] = (
                points_text(points.get(str(n), "")) if isinstance(points, dict) else "?"
            )
        breaks = spec.get("tie_breaks", defaults["tie_breaks"])
        for i, name in enumerate(tie_break_names(cls.TIE_BREAKS)):
            data[name] = breaks[i] if isinstance(breaks, list) and i < len(breaks) else ""
        return data

    @classmethod
    def file_data(cls, spec: dict) -> dict:
        """The form's data from an event's settings as its file holds them: a declared
        setting left out takes its declared default, another its column's."""
        defaults = declared.defaults(*declared.FIXED_GROUPS, declared.PLAY)
        data = {}
        for name in cls.Meta.fields:
            default = (
                defaults[name] if name in defaults else Event._meta.get_field(name).get_default()
            )
            value = spec.get(name, default)
            data[name] = "" if value is None else value
        data.update(cls.ranking_data(spec))
        return data

    def _clean_ranking(self, data: dict) -> None:
        """The lists typed, read and checked at their fields (a fixed event keeps its)."""
        if self.fixed:
            data["table_points"] = self.instance.table_points
            data["tie_breaks"] = self.instance.tie_breaks
            return
        table_points = {}
        for n in Event.TABLE_SIZES:
            name = f"points_at_{n}"
            if name not in data:
                continue  # refused at its field already (empty)
            points = read_points(data[name])
            wrong = table_points_error(n, points)
            if wrong:
                self.add_error(name, wrong)
            table_points[str(n)] = points
        data["table_points"] = table_points
        data["tie_breaks"] = clean_tie_breaks(self, data, self.TIE_BREAKS)
        self.instance.table_points = Event().table_points if self.errors else table_points
        self.instance.tie_breaks = data["tie_breaks"]

    def _bound_numbers(self) -> None:
        """Each number bounded as declared (event_settings), or by the game (the least
        starting chips of any ruleset, the core's) and the app (``Event.MAX_CHIPS``),
        its message saying the bounds; a field shown fixed keeps the event's own number
        (not typed here)."""
        least_chips = min(
            option.get("minimum", 1)
            for entry in self.rulesets
            for option in entry["option_kinds"]
            if option["name"] == "starting_chips"
        )
        numbers = {"starting_chips": (least_chips, Event.MAX_CHIPS, "")}
        numbers.update(
            (s.key, (s.low, s.high, s.why)) for s in declared.SETTINGS if s.kind == "number"
        )
        for name, (low, high, why) in numbers.items():
            field = self.fields[name]
            if not field.disabled:
                bound(field, low, high, from_to_words(field.label, low, high, why))

    def _propose_starting_chips(self) -> None:
        """A new event starts with its ruleset's chips (the core's ``starting_chips``:
        20 in Nebraska, 100 in Texas and Petrtyl); an event whose chips are still its
        ruleset's keeps following the ruleset, one with the organizer's own keeps them."""
        field = forms.IntegerField(required=False, widget=forms.HiddenInput)
        self.fields[self.PROPOSED] = field
        ruleset = self.initial.get("ruleset") or self.instance.ruleset
        proposed = self.chips_of.get(ruleset)
        if not self.instance.pk:
            self.initial["starting_chips"] = proposed
        elif self.initial.get("starting_chips") != proposed:
            proposed = None  # the organizer's own number
        field.initial = proposed

    def clean_venue(self):
        return clean_typed_name(self.cleaned_data.get("venue", ""), "venue", self.fields["venue"])

    def ruleset_fieldsets(self) -> list[dict]:
        """Each ruleset's title, source, description and bound option fields."""
        return [
            {**entry, "bound": [self[name] for name in entry["fields"]]} for entry in self.rulesets
        ]

    def settings(self) -> dict:
        """The event's settings as the services take them, its house rules included."""
        names = [*self.Meta.fields, "house_rules", *EVENT_LISTS]
        return self.with_club({name: self.cleaned_data[name] for name in names}, "club")

    def is_valid(self) -> bool:
        """The settings, and a new event's prizes (each form says its own errors)."""
        valid = super().is_valid()
        return (self.prizes is None or self.prizes.is_valid()) and valid

    def prize_settings(self) -> dict | None:
        """A new event's prizes as services.prizes.set_prizes takes them; None when the
        organizer set none."""
        if self.prizes is None:
            return None
        settings = self.prizes.settings()
        return settings if any(settings.values()) else None

    def clean(self):
        data = super().clean()
        # Other rulesets' options (shown without JavaScript) are not read at all.
        for name in self.unread:
            self.errors.pop(name, None)
            data.pop(name, None)
        if not self.fixed:
            proposed, chips = data.get(self.PROPOSED), data.get("starting_chips")
            if proposed is not None and chips == proposed and data.get("ruleset") in self.chips_of:
                data["starting_chips"] = self.chips_of[data["ruleset"]]
        self._clean_ranking(data)
        rules, refused = self._house_rules(data)
        data["house_rules"] = rules
        # The model checks the house rules it is given: those read here, none if the core
        # refused them (said above the form).
        self.instance.house_rules = {} if refused else rules
        return data

    def _house_rules(self, data: dict) -> tuple[dict, bool]:
        """The house rules the option fields say, and whether the core refused them."""
        if self.fixed:
            return self.instance.house_rules, False
        entry = next((e for e in self.rulesets if e["name"] == data.get("ruleset")), None)
        if entry is None:
            return {}, False
        if not self.options_posted:
            same = self.instance.pk and self.instance.ruleset == entry["name"]
            return (dict(self.instance.house_rules or {}) if same else {}), False
        rules = {}
        for option in entry["option_kinds"]:
            name = house_rule_field_name(entry["name"], option["name"])
            if name not in data:  # refused at its field already, or the event's own field
                continue
            value = data[name]
            if value != entry["options"][option["name"]]:
                rules[option["name"]] = value
        # The core has the last word on the values (its errors name the option).
        try:
            core.registry.rules_for(entry["name"], rules)
        except core.OutcomeError as e:
            for error in e.errors:
                self.add_error(None, error.message)
            return rules, True
        return rules, False
