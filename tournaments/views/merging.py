"""Merging a player recorded twice: the circuit officer's page (find both players,
see what would move and what is refused, merge) and undoing a merge from the kept
player's page. Every change goes through services/merging.py."""

from __future__ import annotations

import re

from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_http_methods, require_POST

from .. import services
from ..models import Player, PlayerMerge
from ..names import fold
from ..services.merging import merge_players, preview_merge, undo_merge
from ..services.permissions import is_circuit_officer
from .common import organizer_view
from .refusals import refusal_said

# How many players one search lists: enough to tell two Anna Nováks apart.
FOUND = 20
NUMBER = re.compile(r"^\s*T?-?0*(\d{1,9})\s*$", re.IGNORECASE)


def _officer(request) -> None:
    if not is_circuit_officer(request.user):
        raise PermissionDenied("Only the circuit's officers may merge players.")


def _player(value: str | None, role: str, errors: list[str]) -> Player | None:
    """The player a circuit number ("T-00042", or 42) names; else a message in errors."""
    if not value:
        return None
    match = NUMBER.match(value)
    player = Player.objects.filter(pk=int(match[1])).first() if match else None
    if player is None:
        errors.append(f"No player has the circuit number “{value.strip()[:20]}” ({role}).")
    return player


def _search(query: str) -> list[Player]:
    """The registry's players whose name or club holds every word of ``query``
    (accent-blind, any order): one query."""
    words = fold(query).split()[:5]
    if not words:
        return []
    found = Player.objects.filter(alias__isnull=True)
    for word in words:
        found = found.filter(folded__contains=word) | found.filter(folded_club__contains=word)
    return list(found.only("pk", "name", "club").order_by("folded", "name", "pk")[:FOUND])


@organizer_view
@require_http_methods(["GET", "POST"])
def player_merge(request):
    _officer(request)
    data = request.POST if request.method == "POST" else request.GET
    query = data.get("q", "")[:100]
    errors: list[str] = []
    kept = _player(data.get("kept"), "the player kept", errors)
    duplicate = _player(data.get("duplicate"), "the duplicate", errors)
    preview = preview_merge(kept, duplicate) if kept and duplicate else None
    if request.method == "POST" and preview is not None:
        try:
            merge_players(kept, duplicate, request.user, data.get("reason", ""))
        except services.ServiceError as e:
            errors.append(e.message)
        else:
            messages.success(
                request,
                f"{duplicate.name} ({duplicate.circuit_number}) is merged into {kept.name}: "
                f"{preview.summary} moved.",
            )
            return redirect("player-detail", kept.pk)
    status = 400 if request.method == "POST" else 200
    return render(
        request,
        "tournaments/player_merge.html",
        {
            "query": query,
            "found": _search(query),
            "kept": kept,
            "duplicate": duplicate,
            "preview": preview,
            "errors": errors,
            "reason": data.get("reason", "")[:300],
        },
        status=status,
    )


@organizer_view
@require_POST
def player_merge_undo(request, pk):
    _officer(request)
    merge = get_object_or_404(PlayerMerge.objects.select_related("kept", "duplicate"), pk=pk)
    with refusal_said(request):
        undo_merge(merge, request.user)
        messages.success(
            request, f"The merge is undone: {merge.duplicate_name} is a player of their own again."
        )
    return redirect("player-detail", merge.kept_id)


def merge_history(user, player: Player) -> list[PlayerMerge]:
    """The merges into ``player``, for an officer (the player page's history): one query."""
    if not is_circuit_officer(user):
        return []
    return list(player.merges.select_related("merged_by", "undone_by").order_by("-merged_at"))
