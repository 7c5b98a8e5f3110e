"""Fields and bounds every form shares: numbers bounded in words, players chosen by
their folded name, a typed name cleaned to its one spelling."""

from __future__ import annotations

from django import forms
from django.core.exceptions import ValidationError
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db.backends.base.operations import BaseDatabaseOperations

from ..models import Club, Player
from ..names import clean_name, name_key, name_problem

EMAIL_CHARS = 254  # the column's (Player.email), as RFC 5321 bounds an address
EMAIL_WORDS = "Type an email address such as anna@example.org, or leave it empty."


def email_field() -> forms.EmailField:
    """A player's optional email address, wherever it is typed or read from a file:
    Django's EmailValidator (one address, no line break, no NUL), the error at the
    field."""
    return forms.EmailField(
        max_length=EMAIL_CHARS,
        required=False,
        label="Email",
        help_text="Where the results go when an organizer sends them; never shown publicly.",
        error_messages={
            "invalid": EMAIL_WORDS,
            "max_length": f"An email address has at most {EMAIL_CHARS} characters.",
        },
    )


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
        return *name_key(player.name), player.pk


class PlayerChoice(forms.ModelChoiceField):
    iterator = ByFoldedName


class PlayerIds(forms.ModelMultipleChoiceField):
    """Players by id; an id no column can hold (21 digits) is a wrong choice, not a
    database error (SQLite cannot take it: "Python int too large to convert")."""

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


class PlayerChoices(PlayerIds):
    """Players by id, listed by folded name."""

    iterator = ByFoldedName


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


def tie_break_names(count: int) -> list[str]:
    return [f"tie_break_{i + 1}" for i in range(count)]


def add_tie_break_fields(form: forms.Form, choices, current, count: int) -> None:
    """One select a place in the order of tie-breaks, "Ties broken first by", "then
    by" ..., the ``current`` keys chosen (an event's or a season's)."""
    current = list(current)
    for i, name in enumerate(tie_break_names(count)):
        form.fields[name] = forms.ChoiceField(
            label="Ties broken first by" if i == 0 else "then by",
            choices=[("", "—"), *choices],
            required=False,
            initial=current[i] if i < len(current) else "",
        )


def clean_tie_breaks(form: forms.Form, data: dict, count: int) -> list[str]:
    """The tie-breaks chosen, in order, each once: one chosen twice is said at its
    selects (and kept once)."""
    names = tie_break_names(count)
    chosen = [data[name] for name in names if data.get(name)]
    for name in names:
        if data.get(name) and chosen.count(data[name]) > 1:
            form.add_error(name, "Each tie-break once.")
    return list(dict.fromkeys(chosen))


CLUB_FIELD = "owner_club"


def add_club_field(form: forms.BaseForm, user) -> None:
    """A new event's or season's club, first among the form's fields, on a server of
    several clubs: one of the clubs ``user`` organizes (a superuser: any). A server of
    one club asks nothing (its events and seasons are that club's)."""
    if Club.objects.count() < 2:
        return
    clubs = Club.objects.all() if user.is_superuser else Club.objects.filter(organizers=user)
    mine = list(clubs.values_list("pk", flat=True))
    field = forms.ModelChoiceField(
        queryset=Club.objects.filter(pk__in=mine),
        label="Club",
        empty_label=None if len(mine) == 1 else "Choose the club",
        help_text="The club whose it is: its organizers see and change it.",
        error_messages={
            "required": "Choose the club it is for.",
            "invalid_choice": "Choose one of the clubs you organize.",
        },
    )
    if not mine:
        field.help_text = (
            "You organize no club on this server: ask a circuit officer to add you to "
            "your club's organizers."
        )
    form.fields = {CLUB_FIELD: field, **form.fields}


def chosen_club(form: forms.BaseForm) -> Club | None:
    """The club chosen in ``add_club_field``'s field; None when the form asked none."""
    return form.cleaned_data.get(CLUB_FIELD)


class SettingsForm(forms.ModelForm):
    """An event's or a season's settings: a new one's club asked of the organizer
    ``user`` (``add_club_field``), its name typed as every name is."""

    def __init__(self, *args, user=None, **kwargs):
        super().__init__(*args, **kwargs)
        if user is not None and not self.instance.pk:
            add_club_field(self, user)

    def clean_name(self):
        return clean_typed_name(self.cleaned_data.get("name", ""), "name", self.fields["name"])

    def with_club(self, settings: dict, name: str) -> dict:
        """``settings`` with the club chosen as ``name``, when the form asked one."""
        if (club := chosen_club(self)) is not None:
            settings[name] = club
        return settings
