"""A club's page (its published events, its members; its key for its organizers, to set
on the laptop it runs a day on), its members added (picked from the circuit's players)
and removed, and *Send an event in*: a signed file from that laptop uploaded
(exchange.received)."""

from __future__ import annotations

from django import forms
from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_http_methods, require_POST

from .. import services
from ..exchange import limits
from ..exchange.received import receive_event
from ..models import Club, ClubMembership, Event, Player
from ..names import clean_name
from ..services.clubs import add_member, may_change_members, remove_member
from ..services.permissions import can_send_events, is_club_organizer
from ..services.players import find_in_registry
from .common import form_errors, organizer_view, posted_id

# How many of the circuit's players one search offers.
FOUND = 20


class SignedFileForm(forms.Form):
    file = forms.FileField(label="The signed event file (.json)")


class MemberForm(forms.Form):
    player = forms.ModelChoiceField(
        queryset=Player.objects.filter(alias__isnull=True), label="Player"
    )
    since = forms.DateField(required=False, label="Member since (empty: today)")


def club_detail(request, slug):
    club = get_object_or_404(Club, slug=slug)
    return _club_page(request, club)


def _club_page(request, club: Club, form: MemberForm | None = None, status: int = 200):
    events = Event.objects.filter(club=club, published=True).order_by("-date", "-pk")
    # The key only to the club's own organizers: whoever has it signs as the club.
    organizes = is_club_organizer(request.user, club)
    keeps_members = organizes or may_change_members(request.user, club)
    members = list(
        ClubMembership.objects.filter(club=club)
        .select_related("player")
        .order_by("player__folded", "player__name", "pk")
    )
    query = clean_name(request.GET.get("q", ""))[:100] if keeps_members else ""
    found = []
    if query:
        member_ids = {m.player_id for m in members}
        found = [(p, p.pk in member_ids) for p in find_in_registry(query)[:FOUND]]
    return render(
        request,
        "tournaments/club_detail.html",
        {
            "club": club,
            "events": events,
            "members": members,
            "keeps_members": keeps_members,
            "query": query,
            "found": found,
            "member_form": form or MemberForm(),
            "shows_key": organizes,
            "may_send": organizes or can_send_events(request.user, club),
        },
        status=status,
    )


@organizer_view
@require_POST
def club_members(request, slug):
    """Add a member (a player of the circuit, picked on the club's page) or remove one."""
    club = get_object_or_404(Club, slug=slug)
    if not may_change_members(request.user, club):
        raise PermissionDenied(f"Only the organizers of {club.name} may change its members.")
    if "remove" in request.POST:
        player = get_object_or_404(Player, pk=posted_id(request.POST.get("remove", "")))
        try:
            remove_member(club, request.user, player)
        except services.ServiceError as e:
            messages.error(request, e.message)
        else:
            messages.success(request, f"{player.name} is no longer a member of {club.name}.")
        return redirect("club-detail", club.slug)
    form = MemberForm(request.POST)
    if form.is_valid():
        player = form.cleaned_data["player"]
        try:
            add_member(club, request.user, player, form.cleaned_data["since"])
        except services.ServiceError as e:
            form_errors(form, e)
        else:
            messages.success(request, f"{player.name} is a member of {club.name} now.")
            return redirect("club-detail", club.slug)
    return _club_page(request, club, form, status=400)


@organizer_view
@require_http_methods(["GET", "POST"])
def club_send_event(request, slug):
    club = get_object_or_404(Club, slug=slug)
    if not can_send_events(request.user, club):
        raise PermissionDenied(f"Only the organizers of {club.name} may send in its events.")
    posted = request.method == "POST"
    form = SignedFileForm(request.POST, request.FILES) if posted else SignedFileForm()
    if posted and form.is_valid():
        upload = form.cleaned_data["file"]
        # Read no further than a file may be: an oversize one is refused as such.
        raw = upload.read(limits.BYTES + 1)
        notes: list[str] = []
        try:
            event = receive_event(club, request.user, raw, notes)
        except services.ServiceError as e:
            form.add_error(None, e.message)
        else:
            for note in notes:
                messages.info(request, note)
            messages.success(request, f"{event.name} is {club.name}'s event now.")
            return redirect(event)
    return render(
        request,
        "tournaments/club_send_event.html",
        {"club": club, "form": form, "largest": limits.BYTES // 1_000_000},
    )
