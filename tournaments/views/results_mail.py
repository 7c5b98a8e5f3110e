"""An event's or a season's *Send the results* page (organizers only): every player's
message, to tick and queue into the outbox, and the button that sends what waits; and
a player's email address on their page, for the organizers who may change it."""

from __future__ import annotations

from django import forms
from django.conf import settings
from django.contrib import messages
from django.db.models import Count
from django.shortcuts import redirect, render
from django.views.decorators.http import require_http_methods

from .. import services
from ..forms import PlayerEmailForm
from ..models import Event, Player, ResultMessage, Season
from ..results_letters import letters
from ..services.permissions import can_create_events, can_manage
from ..services.players import set_player_email
from ..services.results_mail import queue_results, send_outbox
from .common import form_errors, managed_event, organizer_view
from .refusals import refusal_said


class QueueForm(forms.Form):
    player = forms.TypedMultipleChoiceField(coerce=int, required=False)
    again = forms.BooleanField(
        required=False, label="Send again to everyone ticked, those sent already too"
    )

    def __init__(self, *args, choices, what="event", **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["player"].choices = choices
        self.fields["player"].error_messages["invalid_choice"] = (
            f"Only the players of this {what} can be sent its results."
        )


def base_url(request) -> str:
    """Where the messages' links point: the public results' address when the settings
    name one (PUBLIC_URL), else the address this page was opened at."""
    return settings.PUBLIC_URL or request.build_absolute_uri("/")


@organizer_view
@require_http_methods(["GET", "POST"])
@managed_event
def results_mail(request, event):
    return results_page(request, event, letters(event, base_url(request)))


def results_page(request, target: Event | Season, found: list):
    """The page of an event's or a season's (``target``) messages ``found``: queue the
    ticked ones, or send the waiting ones; a redirect to itself once done."""
    choices = [(letter.player.pk, letter.player.name) for letter in found]
    what = "season" if isinstance(target, Season) else "event"
    form = QueueForm(request.POST or None, choices=choices, what=what)
    if request.method == "POST" and "send" in request.POST:
        with refusal_said(request):
            done = send_outbox(target, request.user)
            (messages.warning if done.failed else messages.success)(request, done.summary())
        return redirect(request.path)
    if request.method == "POST" and form.is_valid():
        try:
            done = queue_results(
                target,
                request.user,
                form.cleaned_data["player"],
                again=form.cleaned_data["again"],
                base_url=base_url(request),
            )
        except services.ServiceError as e:
            form.add_error(None, e.message)
        else:
            messages.success(request, done.summary())
            return redirect(request.path)
    key = {what: target}
    outbox = dict(
        ResultMessage.objects.filter(**key)
        .values_list("state")
        .annotate(n=Count("id"))
        .values_list("state", "n")
        .order_by()
    )
    # Ticked at first: who may be sent theirs and has not been (nor waits).
    ticked = set(form.data.getlist("player")) if form.is_bound else None
    for letter in found:
        letter.ticked = (
            str(letter.player.pk) in ticked
            if ticked is not None
            else letter.sendable and not letter.state
        )
    return render(
        request,
        "tournaments/results_mail.html",
        {
            "target": target,
            "letters": found,
            "form": form,
            "sendable": sum(1 for letter in found if letter.sendable),
            "waiting": outbox.get("waiting", 0) + outbox.get("failed", 0),
            "failed": outbox.get("failed", 0),
            "sent": outbox.get("sent", 0),
        },
    )


def player_email(request, player: Player):
    """The player's page's email form: (the form, or None for whoever may not change
    the address: it is shown to nobody else; a redirect once a post saved it)."""
    user = request.user
    if not can_create_events(user):
        return None, None  # not an organizer account: two queries spared, nothing shown
    events = Event.objects.filter(registrations__player=player).prefetch_related("organizers")
    events = list(events.distinct())
    if not all(can_manage(user, e) for e in events):
        return None, None
    posted = request.method == "POST" and "email" in request.POST
    form = PlayerEmailForm(request.POST if posted else None, initial={"email": player.email})
    if posted and form.is_valid():
        try:
            set_player_email(user, player, form.cleaned_data["email"])
        except services.ServiceError as e:
            form_errors(form, e)
        else:
            messages.success(request, f"{player.name}'s email address saved.")
            return form, redirect("player-detail", player.pk)
    return form, None
