"""Forms translate fields to the scoring contract's document and show the core's
errors at the right field; they never re-implement a rule."""

from __future__ import annotations

import re

from django import forms
from django.core.exceptions import ValidationError
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db.backends.base.operations import BaseDatabaseOperations

import taroky_scoring as core
from taroky_scoring.points import CountingCard
from taroky_scoring.rotation import number_word

from .models import ChipCount, Deal, Event, Player, Registration, Round, Season, ruleset_choices
from .names import clean_name, fold, name_problem
from .services.permissions import can_view_season
from .services.players import look_alikes, renamed_from, who


def column_range(model, name: str) -> tuple[int, int]:
    """The range of an integer column on every database the app runs on (PostgreSQL's):
    past it PostgreSQL fails with a server error, and what SQLite would accept could
    not be restored into PostgreSQL."""
    field = model._meta.get_field(name)
    return BaseDatabaseOperations.integer_field_ranges[field.get_internal_type()]


def bounded(model, name: str, low: int | None = None) -> dict:
    """``min_value`` and ``max_value`` for a form field that fills an integer column."""
    column_low, high = column_range(model, name)
    return {"min_value": column_low if low is None else max(low, column_low), "max_value": high}


def from_to(low: int, high: int, said: str) -> dict:
    """``min_value``, ``max_value`` and the message both say, in words, for a number an
    organizer types (Django's "Ensure this value is less than or equal to 2147483647"
    says neither what the number is nor a bound the game or the app sets)."""
    return {
        "min_value": low,
        "max_value": high,
        "error_messages": {"min_value": said, "max_value": said},
    }


def bound(field: forms.IntegerField, low: int, high: int, said: str) -> None:
    """``from_to`` for a field already made (a model form's): its bounds, its message
    and the page's ``min`` and ``max``, in place of the column's."""
    field.min_value, field.max_value = low, high
    field.validators = [
        v for v in field.validators if not isinstance(v, MinValueValidator | MaxValueValidator)
    ] + [MinValueValidator(low), MaxValueValidator(high)]
    field.error_messages.update(min_value=said, max_value=said)
    field.widget.attrs.update(field.widget_attrs(field.widget))


def from_to_words(what: str, low: int, high: int, why: str = "") -> str:
    """>>> from_to_words("Starting chips", 1, 100_000)
    'Starting chips must be from 1 to 100,000.'
    """
    return f"{what} must be from {low:,} to {high:,}{why}."


class ByFoldedName(forms.models.ModelChoiceIterator):
    """Players in the order a reader looks for them: by ``fold(name)``, so "Čada" comes
    between "Bill" and "Dana", not after "Zeman" as the database's collation puts it."""

    def __iter__(self):
        choices = super().__iter__()  # Django's: the empty choice first, if any
        if self.field.empty_label is not None:
            yield next(choices)
        yield from sorted(choices, key=self._folded)

    @staticmethod
    def _folded(choice) -> tuple:
        player = choice[0].instance
        return fold(player.name), player.name, player.pk


class PlayerChoice(forms.ModelChoiceField):
    iterator = ByFoldedName


class PlayerChoices(forms.ModelMultipleChoiceField):
    """Players by id, listed by folded name; an id no column can hold (21 digits) is a
    wrong choice, not a database error."""

    iterator = ByFoldedName

    def _check_values(self, value):
        low, high = column_range(Player, "id")
        for pk in value:
            try:
                in_range = low <= int(str(pk)) <= high
            except ValueError:
                in_range = True  # the parent says "is not a valid value"
            if not in_range:
                raise ValidationError(
                    self.error_messages["invalid_choice"],
                    code="invalid_choice",
                    params={"value": pk},
                )
        return super()._check_values(value)


class VoidDealForm(forms.Form):
    expected_version = forms.IntegerField(widget=forms.HiddenInput, **bounded(Deal, "version", 1))
    reason = forms.CharField(
        label="Reason for voiding", widget=forms.Textarea(attrs={"rows": 2}), required=False
    )


COUNTING_WORDS = {
    CountingCard.SKIES: "Škýz (Skies)",
    CountingCard.TAROK21: "Tarok 21",
    CountingCard.TAROK1: "Tarok 1 (špaček)",
    CountingCard.KING: "Kings",
    CountingCard.QUEEN: "Queens",
    CountingCard.HORSEMAN: "Horsemen",
    CountingCard.JACK: "Jacks",
}


class CardPointsForm(forms.Form):
    """A pile counted as the chosen ruleset's game counts it (its pack and its way of
    counting come from the core); every count is bounded by that pack."""

    ruleset = forms.ChoiceField(label="Game", choices=ruleset_choices, required=False)

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.ruleset = self._chosen_ruleset()
        self.pack = core.game_for(self.ruleset).pack
        # Bounded by the pack, so no count builds more than the pack holds.
        self.fields["cards"] = forms.IntegerField(
            label="Cards in the pile", **self._at_most("Cards in the pile", self.pack.cards)
        )
        for card, label in COUNTING_WORDS.items():
            self.fields[card.value] = forms.IntegerField(
                label=label,
                initial=0,
                required=False,
                **self._at_most(label, self.pack.in_pack.get(card, 0)),
            )

    def _at_most(self, label: str, most: int) -> dict:
        """From none to as many as the chosen game's pack has, said in words."""
        pack = f"the {self.pack.cards}-card pack"
        said = (
            from_to_words(label, 0, most, f": {pack} has {most}")
            if most
            else f"{pack[0].upper()}{pack[1:]} has no {label}."
        )
        return from_to(0, most, said)

    def _chosen_ruleset(self) -> str:
        chosen = (self.data or {}).get("ruleset") or self.initial.get("ruleset")
        return chosen if chosen in core.ruleset_names() else core.DEFAULT_RULESET

    def clean(self):
        cleaned = super().clean()
        if self.errors:
            return cleaned
        counting = [c.value for c in COUNTING_WORDS for _ in range(cleaned.get(c.value) or 0)]
        try:
            cleaned["points"] = self.pack.points(cleaned["cards"], counting)
        except core.OutcomeError as e:
            for err in e.errors:
                self.add_error("cards" if err.field == "cards" else None, err.message)
        return cleaned


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


class EventForm(forms.ModelForm):
    """An event's settings; its house rules as a form generated from the core's typed
    options of every ruleset (the chosen ruleset's apply; the page shows only those),
    read by ``clean`` into ``cleaned_data["house_rules"]``."""

    class Meta:
        model = Event
        # The house rules are no field of their own: the option fields say them.
        fields = [name for name in Event.SETTINGS if name != "house_rules"]
        widgets = {"date": forms.DateInput(attrs={"type": "date"})}

    FIXED_HELP = "Fixed: the event's deals were recorded under it."
    MARKER = "house_rules_form"  # posted by the page with the generated option fields
    # Starting chips are the event's own field (every game has them).
    OWN_FIELDS = ("starting_chips",)
    # The starting chips the page proposed (the ruleset's); empty once the organizer
    # typed his own. Without JavaScript a number left as proposed follows the ruleset
    # chosen in the same post.
    PROPOSED = "starting_chips_proposed"

    def __init__(self, *args, **kwargs):
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
        self._bound_numbers()

    def _bound_numbers(self) -> None:
        """Each number bounded by the game (the least starting chips of any ruleset, the
        core's) or the app (``Event.MAX_*``), its message saying the bounds; a field
        shown fixed keeps the event's own number (not typed here)."""
        least_chips = min(
            option.get("minimum", 1)
            for entry in self.rulesets
            for option in entry["option_kinds"]
            if option["name"] == "starting_chips"
        )
        numbers = {
            "starting_chips": (least_chips, Event.MAX_CHIPS, ""),
            "deals_per_session": (1, Event.MAX_DEALS_PER_SESSION, ""),
            "bye_chips": (0, Event.MAX_CHIPS, ": a bye gives chips, it takes none away"),
        }
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

    def clean_name(self):
        return clean_typed_name(self.cleaned_data.get("name", ""), "name", self.fields["name"])

    def clean_venue(self):
        return clean_typed_name(self.cleaned_data.get("venue", ""), "venue", self.fields["venue"])

    def ruleset_fieldsets(self) -> list[dict]:
        """Each ruleset's title, source, description and bound option fields."""
        return [
            {**entry, "bound": [self[name] for name in entry["fields"]]} for entry in self.rulesets
        ]

    def settings(self) -> dict:
        """The event's settings as the services take them, its house rules included."""
        return {name: self.cleaned_data[name] for name in Event.SETTINGS}

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


def _name_field(label: str, required: bool = True) -> forms.CharField:
    return forms.CharField(max_length=100, required=required, label=label)


class PlayerFieldsForm(forms.Form):
    """A new registry player's fields: the rules every way a player enters shares
    (the register form, each row of a CSV import)."""

    name = _name_field("Name")
    club = _name_field("Club or town", required=False)
    notes = forms.CharField(max_length=1000, required=False)

    def clean_name(self):
        return clean_typed_name(self.cleaned_data.get("name", ""), "name")

    def clean_club(self):
        return clean_typed_name(self.cleaned_data.get("club", ""), "club")


def clean_typed_name(value: str, what: str, field: forms.Field | None = None) -> str:
    """A name as typed (a player's, a club's, an event's, a season's, a venue's) in
    its one stored spelling (see names.py); a bidi control, a control character or a
    lone surrogate refused in words. A required ``field`` left with no name (only
    invisible characters) says it is required."""
    problem = name_problem(value or "", what)
    if problem:
        raise forms.ValidationError(problem)
    value = clean_name(value)
    if field is not None and field.required and not value:
        raise forms.ValidationError(field.error_messages["required"], code="required")
    return value


class AddPlayerForm(forms.Form):
    player = PlayerChoice(queryset=Player.objects.all(), required=False, label="From the registry")
    name = _name_field("Or a new player", required=False)
    club = _name_field("Club or town", required=False)
    different_person = forms.BooleanField(
        required=False,
        label="A different person with a similar name: register as new",
    )

    def __init__(self, *args, registry=None, event=None, **kwargs):
        super().__init__(*args, **kwargs)
        if registry is not None:
            self.fields["player"].queryset = registry
        self.event = event
        self.look_alikes: list[Player] = []
        # Registry players once called the new name typed, renamed since; those of them
        # not registered for the event, to pick.
        self.renamed: list[Player] = []
        self.renamed_to_pick: list[Player] = []

    def clean_name(self):
        return clean_typed_name(self.cleaned_data.get("name", ""), "name")

    def clean_club(self):
        return clean_typed_name(self.cleaned_data.get("club", ""), "club")

    def clean(self):
        cleaned = super().clean()
        name = cleaned.get("name")
        if not cleaned.get("player") and not name and "name" not in self.errors:
            raise forms.ValidationError("Pick a player from the registry or type a new name.")
        if name and not cleaned.get("player") and not cleaned.get("different_person"):
            self.look_alikes = look_alikes(name)
            if self.look_alikes:
                registered = Registration.objects.filter(
                    event=self.event, player__in=self.look_alikes
                ).count()
                if registered == len(self.look_alikes):
                    where = "already registered for this event"
                    pick = "If it is the same person, there is nothing to do"
                else:
                    where = "already in the registry"
                    pick = "Pick them from the registry"
                self.add_error(
                    "name",
                    f"“{name}” looks like {who(self.look_alikes)}, {where}. {pick}, or tick "
                    "“a different person” to register a new player.",
                )
            self._warn_renamed(name)
        return cleaned

    def _warn_renamed(self, name: str) -> None:
        """A player's former name typed as a new player's: say who he is called now,
        in the look-alike warning's words (a look-alike already said is not said
        again)."""
        renamed = [(was, p) for was, p in renamed_from(name) if p not in self.look_alikes]
        if not renamed:
            return
        self.renamed = [p for _, p in renamed]
        registered = set(
            Registration.objects.filter(event=self.event, player__in=self.renamed).values_list(
                "player_id", flat=True
            )
        )
        self.renamed_to_pick = [p for p in self.renamed if p.pk not in registered]
        formers = list(dict.fromkeys(was for was, _ in renamed))
        said = f"“{' or '.join(formers)}” was renamed {who(self.renamed)}"
        if not self.renamed_to_pick:
            said += (
                ", already registered for this event. If it is the same person, there is "
                "nothing to do"
            )
        else:
            pick = self.renamed_to_pick[0].name if len(self.renamed_to_pick) == 1 else "one of them"
            said += f"; pick {pick} from the registry"
        self.add_error("name", f"{said}, or tick “a different person” to register a new player.")


class TableForm(forms.Form):
    """Seats in the order of play of the event's game, as many as the game seats (the
    core's ``table_sizes``); seats past the smallest table are optional."""

    first_forehand = PlayerChoice(
        queryset=Player.objects.none(),
        required=False,
        label="First forehand",
        help_text="Optional: the dealer of the first deal sits before them.",
    )

    def __init__(self, *args, players, game, **kwargs):
        super().__init__(*args, **kwargs)
        self.game = game
        fewest, most = min(game.table_sizes), max(game.table_sizes)
        side = "left" if game.order_of_play == "clockwise" else "right"
        self.seat_names = [f"seat{i}" for i in range(1, most + 1)]
        seats = {}
        for i, name in enumerate(self.seat_names, start=1):
            label = f"Seat {i}"
            if i == 2:
                label += f" ({side} of 1)"
            if i > fewest:
                label += " (optional)"
            seats[name] = PlayerChoice(queryset=players, label=label, required=i <= fewest)
        # The seats first, in the order of play, then the first forehand.
        self.fields = {**seats, **self.fields}
        self.fields["first_forehand"].queryset = players
        # Who the first forehand is, in the game's words (the core's, section 12).
        self.fields["first_forehand"].label = f"First forehand (holds {game.first_forehand_holds})"

    @property
    def intro(self) -> str:
        """How to seat the table, in the game's words from the core."""
        words = f"Seat the players {self.game.order_of_play}."
        sizes = self.game.table_sizes
        if self.game.dealer_sits_out(max(sizes)):
            words += f" With {number_word(max(sizes))}, the dealer sits out each deal."
        elif len(sizes) == 1:
            words += f" {number_word(sizes[0]).capitalize()} play at a table."
        return words

    def seated(self) -> list[Player]:
        c = self.cleaned_data
        return [c[name] for name in self.seat_names if c.get(name)]


class FirstForehandForm(forms.Form):
    first_forehand = PlayerChoice(
        queryset=Player.objects.none(),
        label="First forehand",
        empty_label="— choose —",
    )

    def __init__(self, *args, players, game, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["first_forehand"].queryset = Player.objects.filter(pk__in=players)
        self.holds = game.first_forehand_holds  # in the game's words, from the core
        self.fields["first_forehand"].label = f"First forehand (holds {self.holds})"


class PlayersCsvForm(forms.Form):
    MAX_BYTES = 1_000_000  # some thousand players; more would hold the database too long

    csv = forms.FileField(
        label="Players from a CSV file", help_text="A header row with name, club, notes."
    )

    def clean_csv(self):
        upload = self.cleaned_data["csv"]
        if upload.size > self.MAX_BYTES:
            raise forms.ValidationError(
                f"The file is {upload.size / 1e6:.1f} MB; a list of players may be at most "
                f"{self.MAX_BYTES // 1_000_000} MB."
            )
        try:
            self.cleaned_data["text"] = upload.read().decode("utf-8-sig")
        except UnicodeDecodeError:
            raise forms.ValidationError(
                "The file is not UTF-8 text: save it as “CSV UTF-8” and try again."
            ) from None
        return upload


class RollCallForm(forms.Form):
    present = PlayerChoices(
        queryset=Player.objects.none(), widget=forms.CheckboxSelectMultiple, required=False
    )

    def __init__(self, *args, players, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["present"].queryset = players


SEED_WHY = ", as a random draw's is"  # the seed a draw shows can be typed again


class DrawForm(forms.Form):
    seed = forms.IntegerField(
        required=False,
        **from_to(0, Round.MAX_SEED, from_to_words("A seed", 0, Round.MAX_SEED, SEED_WHY)),
        help_text="Leave empty for a new random draw; give a seed to repeat a draw.",
    )


class SwapForm(forms.Form):
    first = PlayerChoice(queryset=Player.objects.none(), label="Swap")
    second = PlayerChoice(queryset=Player.objects.none(), label="with")

    def __init__(self, *args, players, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["first"].queryset = players
        self.fields["second"].queryset = players


class ChipCountForm(forms.Form):
    """One whole number of chips per player at the table."""

    def __init__(self, *args, players, **kwargs):
        super().__init__(*args, **kwargs)
        for p in players:
            self.fields[f"player_{p.pk}"] = forms.IntegerField(
                label=p.name,
                widget=forms.NumberInput(attrs={"inputmode": "numeric"}),
                **from_to(
                    0,
                    ChipCount.MAX_COUNTED,
                    f"A count must be from 0 to {ChipCount.MAX_COUNTED:,} chips.",
                ),
            )


class RenamePlayerForm(forms.Form):
    """A registered player's new name (the players page)."""

    rename = PlayerChoice(queryset=Player.objects.none(), widget=forms.HiddenInput)
    new_name = _name_field("New name")
    different_person = forms.BooleanField(
        required=False, label="A different person from the registry's look-alike: rename anyway"
    )

    def __init__(self, *args, event, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["rename"].queryset = Player.objects.filter(registrations__event=event)
        self.fields["rename"].error_messages["invalid_choice"] = (
            "Choose a registered player to rename."
        )
        # The player being renamed, for the form's heading: known once the form has
        # read him, whatever the new name's errors.
        self.player: Player | None = None

    def clean_rename(self):
        self.player = self.cleaned_data["rename"]
        return self.player

    def clean_new_name(self):
        return clean_typed_name(self.cleaned_data.get("new_name", ""), "name")

    @classmethod
    def asked(cls, query, event) -> RenamePlayerForm | None:
        """The form for ``?rename=<player>``: a registered player, read as a posted
        one is (any other value, "²" too, asks for nothing); None if not one."""
        form = cls(event=event)
        try:
            player = form.fields["rename"].clean(query.get("rename"))
        except ValidationError:
            return None
        form.initial = {"rename": player.pk, "new_name": player.name}
        form.player = player
        return form


class WithdrawForm(forms.Form):
    withdraw = PlayerChoice(queryset=Player.objects.none())

    def __init__(self, *args, event, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["withdraw"].queryset = Player.objects.filter(registrations__event=event)


class PointsTableField(forms.CharField):
    """Placement points typed as a list, "10, 8, 6, 5", read into numbers; which numbers
    a table may hold is the season's rule (``Season.placement_points_error``)."""

    def __init__(self, **kwargs):
        # The model's JSONField offers its encoder and decoder: a list typed as text
        # needs neither.
        kwargs.pop("encoder", None)
        kwargs.pop("decoder", None)
        kwargs.pop("max_length", None)
        super().__init__(max_length=500, **kwargs)

    def prepare_value(self, value):
        if isinstance(value, list):
            return ", ".join(str(v) for v in value)
        return value

    def to_python(self, value):
        if isinstance(value, list):  # the season's own (a disabled field's initial)
            return value
        text = super().to_python(value)
        parts = [p.strip() for p in text.replace(";", ",").split(",")]
        while parts and not parts[-1]:  # "10, 8, 6," is a habit, not a missing place
            parts.pop()
        if "" in parts:
            place = parts.index("") + 1
            raise ValidationError(
                f"Place {place} has no points: give one number a place, like 10, 8, 6, 5."
            )
        points = []
        for part in parts:
            if not re.fullmatch(r"-?[0-9]+", part):
                raise ValidationError(
                    f"“{part}” is not a whole number: give points like 10, 8, 6, 5."
                )
            # No int() of a huge number: one that long is above the most points anyway.
            too_long = len(part) > len(str(Season.MAX_POINTS)) + 1
            number = Season.MAX_POINTS + 1 if too_long else int(part)
            # The season's rule, said of each number in the order typed.
            wrong = Season.placement_points_error([number], typed=True)
            if wrong:
                raise ValidationError(wrong)
            points.append(number)
        wrong = Season.placement_points_error(points)
        if wrong:
            raise ValidationError(wrong)
        return points


class SeasonForm(forms.ModelForm):
    """A season's settings and its scoring; the scoring is shown disabled (fixed) while
    the season is published."""

    TIE_BREAKS = 3  # one select a place in the order: first, then, then

    class Meta:
        model = Season
        fields = [name for name in Season.SETTINGS if name != "tie_breaks"]
        widgets = {
            "start_date": forms.DateInput(attrs={"type": "date"}),
            "end_date": forms.DateInput(attrs={"type": "date"}),
            "basis": forms.RadioSelect,
        }
        field_classes = {"placement_points": PointsTableField}

    FIXED_HELP = "Fixed while the season is published: unpublish it to change how it ranks."

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["placement_points"].required = False
        choices = [("", "—")] + list(Season.TieBreak.choices)
        current = list(self.instance.tie_breaks if self.instance.pk else Season().tie_breaks)
        for i in range(self.TIE_BREAKS):
            self.fields[f"tie_break_{i + 1}"] = forms.ChoiceField(
                label="Ties broken first by" if i == 0 else "then by",
                choices=choices,
                required=False,
                initial=current[i] if i < len(current) else "",
            )
        self.fixed = bool(self.instance.pk and self.instance.published)
        if self.fixed:
            for name in self.scoring_fields():
                self.fields[name].disabled = True
                self.fields[name].help_text = self.FIXED_HELP
        # Each number bounded as the season's rules bound it, said in its words.
        for name, (low, high, _) in Season.NUMBERS.items():
            if not self.fields[name].disabled:
                bound(self.fields[name], low, high, Season.number_words(name))

    def clean_name(self):
        return clean_typed_name(self.cleaned_data.get("name", ""), "name", self.fields["name"])

    def clean_club(self):
        return clean_typed_name(self.cleaned_data.get("club", ""), "club", self.fields["club"])

    def scoring_fields(self) -> list[str]:
        names = [n for n in Season.SCORING if n != "tie_breaks"]
        return names + [f"tie_break_{i + 1}" for i in range(self.TIE_BREAKS)]

    def clean(self):
        data = super().clean()
        chosen = [data.get(f"tie_break_{i + 1}") for i in range(self.TIE_BREAKS)]
        chosen = [c for c in chosen if c]
        for i in range(self.TIE_BREAKS):
            name = f"tie_break_{i + 1}"
            if data.get(name) and chosen.count(data[name]) > 1:
                self.add_error(name, "Each tie-break once.")
        data["tie_breaks"] = list(dict.fromkeys(chosen))
        return data

    def settings(self) -> dict:
        """The season's fields as the service takes them."""
        data = self.cleaned_data
        return {name: data[name] for name in Season.SETTINGS}


class SeasonEventForm(forms.Form):
    """An event to count in a season: one the organizer organizes."""

    event = forms.ModelChoiceField(queryset=Event.objects.none(), label="Event")

    def __init__(self, *args, user, **kwargs):
        super().__init__(*args, **kwargs)
        events = Event.objects.order_by("-date", "name")
        if not user.is_superuser:
            events = events.filter(organizers=user)
        events = events.select_related("season").prefetch_related("season__organizers")
        self.fields["event"].queryset = events

        def label(event: Event) -> str:
            # Which season, where the organizer may read it (else only that it has one).
            if event.season_id is None:
                return str(event)
            if can_view_season(user, event.season):
                return f"{event} — in {event.season}"
            return f"{event} — in another season"

        self.fields["event"].label_from_instance = label
