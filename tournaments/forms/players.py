"""Forms about players: the registry's new player, adding one to an event, a players
CSV, the roll call, renaming and withdrawing."""

from __future__ import annotations

from django import forms
from django.core.exceptions import ValidationError

from ..models import Player, Registration
from ..services.players import look_alikes, renamed_from, who
from .fields import PlayerChoice, PlayerChoices, clean_typed_name, email_field


def _name_field(label: str, required: bool = True) -> forms.CharField:
    return forms.CharField(max_length=100, required=required, label=label)


class PlayerFieldsForm(forms.Form):
    """A new registry player's fields: the rules every way a player enters shares
    (the register form, each row of a CSV import)."""

    name = _name_field("Name")
    club = _name_field("Club or town", required=False)
    notes = forms.CharField(max_length=1000, required=False)
    email = email_field()

    def clean_name(self):
        return clean_typed_name(self.cleaned_data.get("name", ""), "name")

    def clean_club(self):
        return clean_typed_name(self.cleaned_data.get("club", ""), "club")


SEAT_CHOICES = [
    ("seat", "Seat them in the rounds not started (those rounds are drawn again)"),
    ("reserve", "Register them as a reserve, without a seat (the draws leave them out)"),
]


def seat_choice() -> forms.ChoiceField:
    """Whether a player who joins while rounds drawn in advance wait is seated in them
    (FORMATS.md, "Players who come late"): asked only then (the service refuses a
    registration that does not say, at this field)."""
    return forms.ChoiceField(
        choices=SEAT_CHOICES, required=False, widget=forms.RadioSelect, label="Rounds drawn"
    )


def seat_said(cleaned: dict) -> bool | None:
    """The service's ``seat``: True, False, or None when not asked."""
    return {"seat": True, "reserve": False}.get(cleaned.get("seat"))


class AddPlayerForm(forms.Form):
    player = PlayerChoice(queryset=Player.objects.all(), required=False, label="From the registry")
    name = _name_field("Or a new player", required=False)
    club = _name_field("Club or town", required=False)
    email = email_field()
    different_person = forms.BooleanField(
        required=False,
        label="A different person with a similar name: register as new",
    )
    seat = seat_choice()
    no_fee = forms.BooleanField(
        required=False, label="Pays no entry fee (a guest, a substitute only)"
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
        """A player's former name typed as a new player's: say who they are called now,
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


class PlayersCsvForm(forms.Form):
    MAX_BYTES = 1_000_000  # some thousand players; more would hold the database too long

    csv = forms.FileField(
        label="Players from a CSV file", help_text="A header row with name, club, notes."
    )
    seat = seat_choice()

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

    def __init__(self, *args, players, checked_in=None, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["present"].queryset = players
        # {player id: "19:02"}: who checked in at the door, said beside the name.
        times = checked_in or {}
        self.fields["present"].label_from_instance = lambda p: (
            f"{p.name} · checked in {times[p.pk]}" if p.pk in times else p.name
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
        # read them, whatever the new name's errors.
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


class RegistrationChangeForm(forms.Form):
    """A registration's button on the players page: seat a reserve (``seat_reserve``),
    or whether the player pays the entry fee (``pays_fee``: "1" or "0")."""

    player = PlayerChoice(queryset=Player.objects.none(), widget=forms.HiddenInput)
    pays_fee = forms.ChoiceField(choices=[("1", "pays"), ("0", "does not pay")], required=False)

    def __init__(self, *args, event, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["player"].queryset = Player.objects.filter(registrations__event=event)


class PlayerEmailForm(forms.Form):
    """A registry player's email address (the player's page, for organizers)."""

    email = email_field()
