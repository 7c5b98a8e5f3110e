"""A named group of an event's registered players, a category or a team: the one step
that saves either. Its name is tidied and free in the event, its players are
registered in the event, and the group is saved with its members and logged; each kind
adds only its own rule (services.prizes: a category's prize table; services.teams: a
team's size, one team a player)."""

from __future__ import annotations

from typing import NoReturn

from ..models import Event, Player
from .activity import log_activity
from .errors import FormError
from .locking import lock_event


def refuse(field: str, said: str) -> NoReturn:
    raise FormError(said, {field: [said]})


class GroupKind:
    """What the step needs of a kind of group: its model (a ``name``, an ``event``,
    ``MAX_PER_EVENT``), its words, and its own rule."""

    model = None
    noun = ""  # "category"
    plural = ""  # "categories"
    action = ""  # the activity log's, for a group saved
    removed = ""  # and for a group removed

    def __init__(self, event: Event):
        self.event = event

    @classmethod
    def clean_name(cls, name: str) -> str:
        """The name, its spaces tidied, or a FormError at its field."""
        name = " ".join(name.split())
        most = cls.model._meta.get_field("name").max_length
        if not name or len(name) > most:
            refuse("name", f"A {cls.noun}'s name is 1 to {most} characters.")
        return name

    def check_count(self, players: list[Player]) -> None:
        """The kind's rule on how many players, before they are looked up."""

    def check(self, others, players: list[Player]) -> dict:
        """The kind's own rule once its players are registered (``others``: the event's
        other groups of the kind): a FormError, or the group's other fields to save."""
        return {}

    def save_members(self, group, players: list[Player]) -> None:
        raise NotImplementedError

    def logged(self, group) -> dict:
        """The kind's own fields in the activity log, beside the group's name (under
        the kind's noun) and its players' names."""
        return {}


def save_group(kind: GroupKind, user, name: str, players: list[Player], group=None):
    """A new group of ``kind.event``, or ``group`` changed: its name and its players,
    with the kind's own fields. The caller has locked the event's row (two organizers
    save one after the other, so the checks see every other group)."""
    event, model = kind.event, kind.model
    others = model.objects.filter(event=event).exclude(pk=group.pk if group else None)
    name = kind.clean_name(name)
    if others.filter(name__iexact=name).exists():
        refuse("name", f"The event has a {kind.noun} {name} already.")
    if group is None and others.count() >= model.MAX_PER_EVENT:
        raise FormError(f"An event has at most {model.MAX_PER_EVENT} {kind.plural}.")
    players = list({p.pk: p for p in players}.values())
    kind.check_count(players)
    registered = set(event.registrations.values_list("player_id", flat=True))
    strangers = sorted(p.name for p in players if p.pk not in registered)
    if strangers:
        refuse("players", f"Not registered in this event: {', '.join(strangers)}.")
    fields = kind.check(others, players)
    if group is None:
        group = model(event=event)
    else:
        group = model.objects.select_for_update(of=("self",)).get(pk=group.pk, event=event)
    group.name = name
    for field, value in fields.items():
        setattr(group, field, value)
    group.save()
    kind.save_members(group, players)
    log_activity(
        event,
        user,
        kind.action,
        **{kind.noun: name},
        players=sorted(p.name for p in players),
        **kind.logged(group),
    )
    return group


def delete_group(kind: type[GroupKind], group, user) -> None:
    """Remove ``group`` (its members with it; none of its players), logged."""
    event = lock_event(group.event_id, user)
    kind.model.objects.filter(pk=group.pk).delete()
    log_activity(event, user, kind.removed, **{kind.noun: group.name})
