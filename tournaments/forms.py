"""Forms translate fields to the scoring contract's document and show the core's
errors at the right field; they never re-implement a rule."""

from __future__ import annotations

from django import forms
from django.core.exceptions import ValidationError
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db.backends.base.operations import BaseDatabaseOperations

import taroky_scoring as core
from taroky_scoring.points import DECK_SIZE, IN_DECK, CountingCard

from .describe import CALLED_WORDS
from .models import ChipCount, Deal, Event, Player, Round

RADIO = forms.RadioSelect

# Where each field of the deal document is shown on the deal form.
FORM_FIELD_FOR = {
    "players": "dealer",
    "sitting_out": "dealer",
    "dealer": "dealer",
    "kind": "kind",
    "bidder": "bidder",
    "bid": "bid",
    "partner": "partner",
    "called": "called",
    "king_in_blind": "king_in_blind",
    "blind": "blind",
    "kontra": "kontra",
    "bidder_points": "bidder_points",
    "opponent_points": "bidder_points",
    "valat": "valat",
    "king_last": "king_last_outcome",
    "tarok1_last": "tarok1_outcome",
    "declarations": "ten_taroky",
    "penalties": "forgotten_discard",
    "reason": "reason",
}
ALONE = "alone"


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


class PlayerChoices(forms.ModelMultipleChoiceField):
    """Players by id; an id no column can hold (21 digits) is a wrong choice, not a
    database error."""

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


class DealForm(forms.Form):
    """One deal at a table. ``seats`` are the table's players in clockwise order."""

    number = forms.IntegerField(
        widget=forms.HiddenInput, required=False, **bounded(Deal, "number", 1)
    )
    kind = forms.ChoiceField(
        choices=[
            ("played", "Played"),
            ("surrendered", "Four surrendered"),
            ("thrown_in", "Thrown in"),
            ("misdeal", "Misdeal"),
        ],
        widget=RADIO,
        initial="played",
    )
    dealer = forms.ChoiceField(widget=RADIO)
    bidder = forms.ChoiceField(widget=RADIO, required=False)
    bid = forms.ChoiceField(
        choices=[("four", "Four"), ("five", "Five"), ("five_over", "Five Over")],
        widget=RADIO,
        required=False,
    )
    blind = forms.ChoiceField(
        label="Blind (Four)",
        choices=[
            ("first", "First half: 4"),
            ("second", "Second half: 5"),
            ("first_after_second", "First half after seeing the second: 6"),
        ],
        widget=RADIO,
        required=False,
    )
    partner = forms.ChoiceField(
        label="Partner (holder of the called King)", widget=RADIO, required=False
    )
    called = forms.ChoiceField(
        label="Called",
        choices=[("", "—")] + [(c.value, words) for c, words in CALLED_WORDS.items()],
        required=False,
    )
    king_in_blind = forms.BooleanField(label="The called King was in the blind", required=False)
    kontra = forms.ChoiceField(
        choices=[("none", "None"), ("kontra", "Kontra x2"), ("rekontra", "Rekontra x4")],
        widget=RADIO,
        required=False,
        initial="none",
    )
    bidder_points = forms.IntegerField(
        label="Card points of the bidder's team",
        required=False,
        widget=forms.NumberInput(attrs={"inputmode": "numeric", "min": 0, "max": 70}),
    )
    valat = forms.ChoiceField(
        label="Valat (all 12 tricks)",
        choices=[("", "No"), ("bidder", "Bidder's team"), ("opponents", "Opponents")],
        widget=RADIO,
        required=False,
    )
    king_last_outcome = forms.ChoiceField(
        label="King Last",
        choices=[
            ("", "No"),
            ("won", "Won by the bidder's team"),
            ("lost", "Lost to the opponents"),
            ("played_early", "Played early (announced)"),
        ],
        widget=RADIO,
        required=False,
    )
    king_last_announced = forms.BooleanField(label="King Last announced", required=False)
    tarok1_team = forms.ChoiceField(
        label="Tarok 1 Last: the 1 was played by",
        choices=[("", "—"), ("bidder", "Bidder's team"), ("opponents", "Opponents")],
        widget=RADIO,
        required=False,
    )
    tarok1_outcome = forms.ChoiceField(
        label="Tarok 1 Last (špaček)",
        choices=[
            ("", "No"),
            ("tarok1_won", "The 1 took the last trick"),
            ("partner_won", "Its partner beat it"),
            ("lost", "The other team took it"),
            ("played_early", "Played early (announced)"),
        ],
        widget=RADIO,
        required=False,
    )
    tarok1_announced = forms.BooleanField(label="Tarok 1 Last announced", required=False)
    ten_taroky = forms.MultipleChoiceField(
        label="Ten Taroky", widget=forms.CheckboxSelectMultiple, required=False
    )
    four_kings = forms.MultipleChoiceField(
        label="Four Kings", widget=forms.CheckboxSelectMultiple, required=False
    )
    three_high = forms.MultipleChoiceField(
        label="Three High (Škýz, 21, 1)", widget=forms.CheckboxSelectMultiple, required=False
    )
    forgotten_discard = forms.BooleanField(
        label="Forgotten discard (the Four bidder pays 1 to each)", required=False
    )

    def __init__(self, *args, event: Event, seats: list[str], needs_number=False, **kwargs):
        super().__init__(*args, **kwargs)
        # A new deal's form carries the number it was opened for: without it, the same
        # deal posted twice (a double tap, a retry) would be saved twice.
        self.needs_number = needs_number
        self.event = event
        self.seats = list(seats)
        self.rules = event.rules
        names = [(n, n) for n in self.seats]
        self.fields["dealer"].choices = names
        self.fields["bidder"].choices = names
        self.fields["partner"].choices = names + [(ALONE, "Alone (own King or King in blind)")]
        for name in ("ten_taroky", "four_kings", "three_high"):
            self.fields[name].choices = names
        if not self.rules.kontra_allowed:
            del self.fields["kontra"]
        self.document: dict | None = None

    def clean(self):
        cleaned = super().clean()
        if self.needs_number and cleaned.get("number") is None:  # missing or not a number
            self.add_error(
                None, "The form has lost its deal number: reload the page and enter the deal again."
            )
        if self.errors:
            return cleaned
        if cleaned.get("kind") == "played" and not cleaned.get("partner"):
            self.add_error("partner", "Choose the partner, or Alone.")
            return cleaned
        self.document = self.build_document(cleaned)
        try:
            core.parse_deal(self.document)
        except core.OutcomeError as e:
            self.add_core_errors(e.errors)
        return cleaned

    def add_core_errors(self, errors) -> None:
        for err in errors:
            field = FORM_FIELD_FOR.get(err.field)
            if field not in self.fields:
                field = None
            self.add_error(field, err.message)

    def build_document(self, c: dict) -> dict:
        """The contract's document from the cleaned fields; empty fields stay absent."""
        doc = self.event.deal_document_base()
        dealer = c["dealer"]
        seating = core.deal_for(self.seats, dealer)
        doc["players"] = list(seating.players)
        if seating.sitting_out:
            doc["sitting_out"] = seating.sitting_out
        doc["dealer"] = dealer
        doc["kind"] = c["kind"]
        for name in ("bidder", "bid", "called", "blind", "valat"):
            if c.get(name):
                doc[name] = c[name]
        if c.get("partner"):
            doc["partner"] = None if c["partner"] == ALONE else c["partner"]
        if c.get("king_in_blind"):
            doc["king_in_blind"] = True
        if c.get("kontra") and c["kontra"] != "none":
            doc["kontra"] = c["kontra"]
        if c.get("bidder_points") is not None:
            doc["bidder_points"] = c["bidder_points"]
        if c.get("king_last_outcome"):
            doc["king_last"] = {
                "announced": bool(c.get("king_last_announced")),
                "outcome": c["king_last_outcome"],
            }
        if c.get("tarok1_outcome") or c.get("tarok1_team"):
            doc["tarok1_last"] = {
                "team": c.get("tarok1_team") or None,
                "announced": bool(c.get("tarok1_announced")),
                "outcome": c.get("tarok1_outcome") or None,
            }
        declarations = [
            {"player": player, "kind": kind}
            for kind in ("ten_taroky", "four_kings", "three_high")
            for player in c.get(kind) or ()
        ]
        if declarations:
            doc["declarations"] = declarations
        if c.get("forgotten_discard"):
            doc["penalties"] = [{"kind": "forgotten_discard"}]
        return doc

    @staticmethod
    def initial_from_document(document: dict) -> dict:
        """Form fields for an existing deal, to correct it."""
        o = core.DealOutcome.from_document(document)
        initial = {
            "kind": o.kind.value,
            "dealer": o.dealer or o.sitting_out,
            "bidder": o.bidder or "",
            "bid": o.bid.value if o.bid else "",
            "partner": o.partner or (ALONE if o.bidder else ""),
            "called": o.called.value if o.called else "",
            "king_in_blind": bool(o.king_in_blind),
            "blind": o.blind.value if o.blind else "",
            "kontra": o.kontra_level.value,
            "bidder_points": o.points_of_bidder_team,
            "valat": o.valat.value if o.valat else "",
        }
        if o.king_last:
            initial["king_last_outcome"] = o.king_last.outcome.value
            initial["king_last_announced"] = o.king_last.announced
        if o.tarok1_last:
            initial["tarok1_team"] = o.tarok1_last.team.value
            initial["tarok1_outcome"] = o.tarok1_last.outcome.value
            initial["tarok1_announced"] = o.tarok1_last.announced
        for d in o.declarations or ():
            initial.setdefault(d.kind.value, []).append(d.player)
        initial["forgotten_discard"] = bool(o.penalties)
        return initial


class CorrectDealForm(DealForm):
    expected_version = forms.IntegerField(widget=forms.HiddenInput, **bounded(Deal, "version", 1))
    reason = forms.CharField(
        label="Reason for the correction",
        widget=forms.Textarea(attrs={"rows": 2}),
        required=False,
    )


class VoidDealForm(forms.Form):
    expected_version = forms.IntegerField(widget=forms.HiddenInput, **bounded(Deal, "version", 1))
    reason = forms.CharField(
        label="Reason for voiding", widget=forms.Textarea(attrs={"rows": 2}), required=False
    )


def _count_field(label: str, card: CountingCard) -> forms.IntegerField:
    # Bounded by the pack, so no count builds more than the pack holds.
    return forms.IntegerField(
        label=label, min_value=0, max_value=IN_DECK[card], initial=0, required=False
    )


class CardPointsForm(forms.Form):
    cards = forms.IntegerField(label="Cards in the pile", min_value=0, max_value=DECK_SIZE)
    skies = _count_field("Škýz (Skies)", CountingCard.SKIES)
    tarok21 = _count_field("Tarok 21", CountingCard.TAROK21)
    tarok1 = _count_field("Tarok 1 (špaček)", CountingCard.TAROK1)
    king = _count_field("Kings", CountingCard.KING)
    queen = _count_field("Queens", CountingCard.QUEEN)
    horseman = _count_field("Horsemen", CountingCard.HORSEMAN)
    jack = _count_field("Jacks", CountingCard.JACK)

    COUNTING = ("skies", "tarok21", "tarok1", "king", "queen", "horseman", "jack")

    def clean(self):
        cleaned = super().clean()
        if self.errors:
            return cleaned
        counting = [name for name in self.COUNTING for _ in range(cleaned.get(name) or 0)]
        try:
            cleaned["points"] = core.card_points(cleaned["cards"], counting)
        except core.OutcomeError as e:
            for err in e.errors:
                self.add_error("cards" if err.field == "cards" else None, err.message)
        return cleaned


class HouseRulesField(forms.JSONField):
    """House rules: a JSON object; empty means none."""

    def to_python(self, value):
        if value in self.empty_values:
            return {}
        try:
            return super().to_python(value)
        except RecursionError:  # nested past what the JSON parser follows
            raise ValidationError(self.error_messages["invalid"], code="invalid") from None

    def bound_data(self, data, initial):
        try:
            return super().bound_data(data, initial)
        except RecursionError:
            return data


class EventForm(forms.ModelForm):
    class Meta:
        model = Event
        fields = list(Event.SETTINGS)
        widgets = {"date": forms.DateInput(attrs={"type": "date"})}
        field_classes = {"house_rules": HouseRulesField}

    FIXED_HELP = "Fixed: the event's deals were recorded under it."

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        for name, field in self.fields.items():
            if isinstance(field, forms.IntegerField):
                low, high = column_range(Event, name)
                field.validators += [MinValueValidator(low), MaxValueValidator(high)]
        if self.instance.pk and self.instance.has_deals():
            for name in Event.FIXED_ONCE_DEALT:
                self.fields[name].disabled = True
                self.fields[name].help_text = self.FIXED_HELP


class AddPlayerForm(forms.Form):
    player = forms.ModelChoiceField(
        queryset=Player.objects.all(), required=False, label="From the registry"
    )
    name = forms.CharField(max_length=100, required=False, label="Or a new player")
    club = forms.CharField(max_length=100, required=False, label="Club or town")

    def __init__(self, *args, registry=None, **kwargs):
        super().__init__(*args, **kwargs)
        if registry is not None:
            self.fields["player"].queryset = registry

    def clean(self):
        cleaned = super().clean()
        if not cleaned.get("player") and not (cleaned.get("name") or "").strip():
            raise forms.ValidationError("Pick a player from the registry or type a new name.")
        return cleaned


class TableForm(forms.Form):
    """Seats in clockwise order; the fifth is optional."""

    seat1 = forms.ModelChoiceField(queryset=Player.objects.none(), label="Seat 1")
    seat2 = forms.ModelChoiceField(queryset=Player.objects.none(), label="Seat 2 (left of 1)")
    seat3 = forms.ModelChoiceField(queryset=Player.objects.none(), label="Seat 3")
    seat4 = forms.ModelChoiceField(queryset=Player.objects.none(), label="Seat 4")
    seat5 = forms.ModelChoiceField(
        queryset=Player.objects.none(), label="Seat 5 (optional)", required=False
    )
    first_forehand = forms.ModelChoiceField(
        queryset=Player.objects.none(),
        required=False,
        label="First forehand (holds tarok 2)",
        help_text="Optional: the dealer of the first deal sits to their right.",
    )

    def __init__(self, *args, players, **kwargs):
        super().__init__(*args, **kwargs)
        for name in ("seat1", "seat2", "seat3", "seat4", "seat5", "first_forehand"):
            self.fields[name].queryset = players

    def seated(self) -> list[Player]:
        c = self.cleaned_data
        return [c[f"seat{i}"] for i in range(1, 6) if c.get(f"seat{i}")]


class PlayersCsvForm(forms.Form):
    csv = forms.FileField(
        label="Players from a CSV file", help_text="A header row with name, club, notes."
    )


class RollCallForm(forms.Form):
    present = PlayerChoices(
        queryset=Player.objects.none(), widget=forms.CheckboxSelectMultiple, required=False
    )

    def __init__(self, *args, players, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["present"].queryset = players


class DrawForm(forms.Form):
    seed = forms.IntegerField(
        required=False,
        **bounded(Round, "seed", 0),
        help_text="Leave empty for a new random draw; give a seed to repeat a draw.",
    )


class SwapForm(forms.Form):
    first = forms.ModelChoiceField(queryset=Player.objects.none(), label="Swap")
    second = forms.ModelChoiceField(queryset=Player.objects.none(), label="with")

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
                **bounded(ChipCount, "counted", 0),
            )


class WithdrawForm(forms.Form):
    withdraw = forms.ModelChoiceField(queryset=Player.objects.none())

    def __init__(self, *args, event, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["withdraw"].queryset = Player.objects.filter(registrations__event=event)
