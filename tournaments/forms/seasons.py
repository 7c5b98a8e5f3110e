"""The season's forms: its settings, its points table, adding an event."""

from __future__ import annotations

import re

from django import forms
from django.core.exceptions import ValidationError
from django.db.models import Q

from ..models import Event, Season
from ..services.permissions import can_view_season, organized_club_ids
from .fields import (
    SettingsForm,
    add_tie_break_fields,
    bound,
    clean_tie_breaks,
    clean_typed_name,
    tie_break_names,
)


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


class SeasonForm(SettingsForm):
    """A season's settings and its scoring; the scoring is shown disabled (fixed) while
    the season is published."""

    TIE_BREAKS = 3  # one select a place in the order: first, then, then
    # The tie-breaks are one field of the season, three on its form: a service's refusal
    # of them stands at the first (views.common.form_errors).
    ERRORS_AT = {"tie_breaks": "tie_break_1"}

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
        current = self.instance.tie_breaks if self.instance.pk else Season().tie_breaks
        add_tie_break_fields(self, Season.TieBreak.choices, current, self.TIE_BREAKS)
        self.fixed = bool(self.instance.pk and self.instance.published)
        if self.fixed:
            for name in self.scoring_fields():
                self.fields[name].disabled = True
                self.fields[name].help_text = self.FIXED_HELP
        # Each number bounded as the season's rules bound it, said in its words.
        for name, (low, high, _) in Season.NUMBERS.items():
            if not self.fields[name].disabled:
                bound(self.fields[name], low, high, Season.number_words(name))

    def clean_club(self):
        return clean_typed_name(self.cleaned_data.get("club", ""), "club", self.fields["club"])

    def scoring_fields(self) -> list[str]:
        names = [n for n in Season.SCORING if n != "tie_breaks"]
        return names + tie_break_names(self.TIE_BREAKS)

    def clean(self):
        data = super().clean()
        data["tie_breaks"] = clean_tie_breaks(self, data, self.TIE_BREAKS)
        return data

    def settings(self) -> dict:
        """The season's fields as the service takes them."""
        data = self.cleaned_data
        return self.with_club({name: data[name] for name in Season.SETTINGS}, "owner_club")


class SeasonEventForm(forms.Form):
    """An event to count in a season: one the organizer organizes, by name or as one of
    its club's organizers."""

    event = forms.ModelChoiceField(queryset=Event.objects.none(), label="Event")

    def __init__(self, *args, user, **kwargs):
        super().__init__(*args, **kwargs)
        events = Event.objects.order_by("-date", "name")
        if not user.is_superuser:
            mine = Q(organizers=user) | Q(club_id__in=organized_club_ids(user))
            events = events.filter(mine).distinct()
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
