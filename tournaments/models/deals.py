"""A deal, its versions, its confirmations and the versions sent from a table that were
not saved."""

from __future__ import annotations

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import models
from django.db.models import Q
from django.urls import reverse

import taroky_scoring as core
from taroky_scoring.editions import RULES_EDITION

from .choices import bid_choices, kind_choices
from .events import Table
from .fields import imported_at, imported_user
from .links import TableLink
from .players import Player


class Deal(models.Model):
    """One deal at a table: its current outcome document and indexed facts."""

    table = models.ForeignKey(Table, on_delete=models.PROTECT, related_name="deals")
    number = models.PositiveIntegerField()
    version = models.PositiveIntegerField(default=1, help_text="The current version's number.")
    document = models.JSONField(help_text="The scoring contract's deal document.")
    kind = models.CharField(max_length=20, choices=kind_choices)
    dealer = models.ForeignKey(
        Player, on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    sitting_out = models.ForeignKey(
        Player, on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    bidder = models.ForeignKey(
        Player, on_delete=models.PROTECT, null=True, blank=True, related_name="deals_as_bidder"
    )
    bid = models.CharField(max_length=20, choices=bid_choices, blank=True)
    bidder_won = models.BooleanField(null=True)
    voided = models.BooleanField(default=False)
    # Who entered the current version when it came through a table link, and whether
    # it waits for an organizer's confirmation (the event's option); the confirmations
    # themselves are DealConfirmation rows.
    entered_via = models.ForeignKey(
        "TableLink", on_delete=models.PROTECT, null=True, blank=True, related_name="deals"
    )
    awaiting_confirmation = models.BooleanField(default=False)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["table", "number"]
        constraints = [
            models.UniqueConstraint(fields=["table", "number"], name="unique_deal_number")
        ]
        indexes = [
            models.Index(fields=["bidder", "voided"]),
            # The organizer's inbox: the few deals that wait, across an event's tables.
            models.Index(
                fields=["awaiting_confirmation"],
                condition=Q(awaiting_confirmation=True),
                name="deals_awaiting_confirmation",
            ),
        ]

    def __str__(self) -> str:
        return f"Deal {self.number} at {self.table}"

    def save(self, *args, document_checked: bool = False, **kwargs):
        """Save the deal; the stored outcome is checked by the scoring core on every save
        that writes it, unless the caller checked it (``document_checked``: the services,
        which check it with the table's seats and the deal's ruleset, before saving). A
        save of other columns (a void, a confirmation) leaves it as it stands: one
        recorded under earlier rules may be refused by today's."""
        update_fields = kwargs.get("update_fields")
        if not document_checked and (update_fields is None or "document" in update_fields):
            self.clean()
        super().save(*args, **kwargs)

    def get_absolute_url(self) -> str:
        return reverse("deal-detail", args=[self.pk])

    def clean(self):
        try:
            core.parse_deal(self.document)
        except core.OutcomeError as e:
            raise ValidationError({"document": [str(err.message) for err in e.errors]}) from e

    @property
    def game(self) -> core.Game:
        """The core's game of the deal's own document (no query)."""
        return core.game_of_document(self.document)


def rules_edition_now() -> int:
    """The edition of the rules the core scores by today (a new version's)."""
    return RULES_EDITION


class DealVersion(models.Model):
    """One version of a deal: what was entered, by whom, when and why."""

    class Action(models.TextChoices):
        RECORDED = "recorded", "Recorded"
        CORRECTED = "corrected", "Corrected"
        # The same outcome with the pot the ledger now holds, after an earlier deal of
        # the table was corrected or voided: made by the app, not entered by anyone.
        REPOTTED = "repotted", "New pot"
        VOIDED = "voided", "Voided"

    deal = models.ForeignKey(Deal, on_delete=models.PROTECT, related_name="versions")
    number = models.PositiveIntegerField()
    action = models.CharField(max_length=20, choices=Action.choices)
    document = models.JSONField()
    reason = models.TextField(blank=True)
    # Documents store names; a player renamed later is still found by id here.
    names = models.JSONField(
        default=dict,
        help_text="The player id of every name in the document, as seated when saved.",
    )
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    # An imported version is created by the importing organizer, now; who entered it
    # and when, in the database it came from, are kept as recorded, never as our own.
    original_author = imported_user("entered")
    original_at = imported_at("entered")
    # The core's rules edition it was scored under: a deal recorded under earlier rules
    # stands as it was paid (the audit notes it); versions before editions were kept: 1.
    rules_edition = models.PositiveSmallIntegerField(
        default=rules_edition_now,
        help_text="The scoring rules' edition it was scored under (1: before contract section 19).",
    )

    class Meta:
        ordering = ["deal", "number"]
        constraints = [
            models.UniqueConstraint(fields=["deal", "number"], name="unique_deal_version")
        ]
        # Corrections and voids: what DealNet.objects.current() looks up.
        indexes = [
            models.Index(
                fields=["deal", "number"], condition=Q(number__gt=1), name="later_deal_versions"
            )
        ]

    def __str__(self) -> str:
        return f"{self.deal} v{self.number} ({self.action})"

    def player_ids(self) -> dict[str, int]:
        """Each name in the document and the id of the player it stands for."""
        return {name: int(pk) for name, pk in (self.names or {}).items()}


class DealConfirmation(models.Model):
    """An organizer's confirmation of one version of a deal entered at a table."""

    deal = models.ForeignKey(Deal, on_delete=models.PROTECT, related_name="confirmations")
    version = models.PositiveIntegerField()
    confirmed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+"
    )
    confirmed_at = models.DateTimeField(auto_now_add=True)
    # An imported one is recorded by the importing organizer, now; who confirmed it and
    # when, in the database it came from, are kept as recorded (as a version's author).
    original_by = imported_user("confirmed")
    original_at = imported_at("confirmed")

    class Meta:
        ordering = ["deal", "version"]
        constraints = [
            models.UniqueConstraint(fields=["deal", "version"], name="one_confirmation_a_version")
        ]

    def __str__(self) -> str:
        return f"{self.deal} v{self.version} confirmed by {self.confirmer}"

    @property
    def confirmer(self) -> str:
        """The user name that confirmed it (select ``confirmed_by`` with it)."""
        return self.original_by or self.confirmed_by.get_username()


class RejectedVersion(models.Model):
    """A version of a deal sent from a table and not saved: another deal of that number
    was saved first (a conflict). Kept with what it would have paid until an organizer
    adopts it as a correction of the deal or dismisses it (``handled``)."""

    class Handled(models.TextChoices):
        ADOPTED = "adopted", "Adopted"
        DISMISSED = "dismissed", "Dismissed"

    deal = models.ForeignKey(Deal, on_delete=models.PROTECT, related_name="rejected_versions")
    document = models.JSONField(help_text="The deal document sent, under the deal's ruleset.")
    # As DealVersion's: pages and files say the document under today's names by these.
    names = models.JSONField(
        default=dict,
        help_text="The player id of every name in the document, as seated when it was sent.",
    )
    # The document without its pot, hashed: a phone sending it again finds this row (the
    # service looks under the table's lock). Not unique: two versions sent with a name
    # renamed between are one document under today's names, as a file says them.
    fingerprint = models.CharField(max_length=64)
    transfers = models.JSONField(
        default=list, help_text="The payments it would have made, as the core said them."
    )
    net = models.JSONField(default=dict, help_text="Each account's net in those payments.")
    sent_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+"
    )
    sent_via = models.ForeignKey(
        TableLink, on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    sent_at = models.DateTimeField(auto_now_add=True)
    # A phone without Wi-Fi keeps a deal and sends it later: sent_at is when it reached
    # the server, kept_at when the table kept it (moments.phone_moment).
    kept_at = models.DateTimeField(
        null=True, blank=True, help_text="When the table's phone kept it, by the phone's clock."
    )
    handled = models.CharField(max_length=20, choices=Handled.choices, blank=True)
    handled_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    handled_at = models.DateTimeField(null=True, blank=True)
    adopted_version = models.PositiveIntegerField(
        null=True, blank=True, help_text="Adopted: the deal's version it became."
    )
    # An imported one is recorded (and, if handled, handled) by the importing organizer;
    # who sent and handled it in the database it came from are kept as recorded, as an
    # imported deal version's author is. Its times are those it came with.
    original_sender = imported_user("sent")
    original_via_link = models.BooleanField(
        default=False, help_text="Imported: sent through the table's link."
    )
    original_handler = imported_user("handled")

    class Meta:
        ordering = ["deal", "sent_at", "id"]
        indexes = [
            # The organizer's inbox: the few versions still to handle.
            models.Index(fields=["handled"], condition=Q(handled=""), name="rejected_to_handle")
        ]

    def __str__(self) -> str:
        return f"{self.deal}: a version sent at {self.sent_at:%H:%M:%S}, not saved"

    @property
    def via_link(self) -> bool:
        return self.sent_via_id is not None or self.original_via_link

    @property
    def sender(self) -> str:
        """The user name that sent it (select ``sent_by`` with it)."""
        return self.original_sender or self.sent_by.get_username()

    @property
    def handler(self) -> str:
        """The user name that adopted or dismissed it (select ``handled_by`` with it)."""
        if not self.handled:
            return ""
        return self.original_handler or self.handled_by.get_username()
