"""The organizers' page of an event's named groups of players, categories or teams:
their list and a form to add one; with a group's id, its form to change or remove it.
Each kind (views.prizes, views.teams) says its words, its services and its list."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from django.contrib import messages
from django.shortcuts import get_object_or_404, redirect, render

from .. import services
from .common import form_errors


@dataclass(frozen=True)
class GroupPage:
    model: type
    form: type  # a forms.groups.GroupForm
    save: Callable  # (event, user, name, players, ..., <noun>=group) -> the group
    delete: Callable  # (group, user)
    noun: str  # "category": the page's words and the save service's keyword
    listing: str  # the page's URL name, where a save or a removal goes back to
    template: str
    listed: Callable  # event -> the template's context listing the groups


def group_page(request, event, group_pk, page: GroupPage):
    group = get_object_or_404(page.model, pk=group_pk, event=event) if group_pk else None
    form = page.form(event, request.POST or None, group=group)
    said = page.noun.capitalize()
    if request.method == "POST" and group and "delete" in request.POST:
        page.delete(group, request.user)
        messages.success(request, f"{said} {group.name} removed.")
        return redirect(page.listing, event.pk)
    if request.method == "POST" and form.is_valid():
        try:
            saved = page.save(event, request.user, **{page.noun: group}, **form.settings())
        except services.ServiceError as e:
            form_errors(form, e)
        else:
            messages.success(request, f"{said} {saved.name} saved.")
            return redirect(page.listing, event.pk)
    return render(
        request,
        page.template,
        {"event": event, "form": form, "group": group, "noun": page.noun, **page.listed(event)},
    )
