"""The append-only chip ledger: transfers between two accounts (a player, or a
table's pot) and each player's net in a deal, which standings sum."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q

from taroky_scoring.settlement import POT

from .choices import reason_choices
from .deals import Deal, DealVersion
from .events import Event, Table
from .players import Player, PlayerAlias


class AppendOnlyQuerySet(models.QuerySet):
    def update(self, **kwargs):
        raise TypeError(f"{self.model.__name__} rows are append-only: post new rows instead.")

    def delete(self):
        raise TypeError(f"{self.model.__name__} rows are append-only: post new rows instead.")


class AppendOnly(models.Model):
    """Rows that are only ever added: a change posts new rows, never edits old ones."""

    objects = AppendOnlyQuerySet.as_manager()

    class Meta:
        abstract = True

    def save(self, *args, **kwargs):
        if self.pk is not None:
            raise TypeError(f"{type(self).__name__} rows are append-only: post new rows instead.")
        super().save(*args, **kwargs)

    def delete(self, *args, **kwargs):
        raise TypeError(f"{type(self).__name__} rows are append-only: post new rows instead.")


# The core's name for the table's pot account (a ledger side with no player).
POT_ACCOUNT = POT


class LedgerEntry(AppendOnly):
    """One chip transfer. Rows are only ever added: corrections post reversals."""

    event = models.ForeignKey(Event, on_delete=models.PROTECT, related_name="ledger")
    table = models.ForeignKey(Table, on_delete=models.PROTECT, related_name="ledger")
    deal = models.ForeignKey(Deal, on_delete=models.PROTECT, related_name="ledger")
    deal_version = models.ForeignKey(DealVersion, on_delete=models.PROTECT, related_name="ledger")
    # Each side is one account: a player, or the table's pot (Petrtyl's games), said by
    # the *_is_pot flag with no player; the CHECK constraints below hold it so.
    payer = models.ForeignKey(
        Player, on_delete=models.PROTECT, related_name="payments", null=True, blank=True
    )
    payee = models.ForeignKey(
        Player, on_delete=models.PROTECT, related_name="receipts", null=True, blank=True
    )
    payer_is_pot = models.BooleanField(default=False)
    payee_is_pot = models.BooleanField(default=False)
    chips = models.PositiveIntegerField()
    reason = models.CharField(max_length=20, choices=reason_choices)
    explanation = models.CharField(max_length=300)
    reverses = models.OneToOneField(
        "self", on_delete=models.PROTECT, null=True, blank=True, related_name="reversed_by"
    )
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["id"]
        verbose_name_plural = "ledger entries"
        constraints = [
            models.CheckConstraint(condition=Q(chips__gt=0), name="ledger_chips_positive"),
            models.CheckConstraint(
                condition=~Q(payer=models.F("payee")), name="ledger_payer_is_not_payee"
            ),
            models.CheckConstraint(
                condition=Q(payer_is_pot=True, payer__isnull=True)
                | Q(payer_is_pot=False, payer__isnull=False),
                name="ledger_payer_is_one_account",
            ),
            models.CheckConstraint(
                condition=Q(payee_is_pot=True, payee__isnull=True)
                | Q(payee_is_pot=False, payee__isnull=False),
                name="ledger_payee_is_one_account",
            ),
            models.CheckConstraint(
                condition=~Q(payer_is_pot=True, payee_is_pot=True),
                name="ledger_pot_is_not_both_sides",
            ),
        ]
        indexes = [
            models.Index(fields=["event", "payer"]),
            models.Index(fields=["event", "payee"]),
        ]

    def __str__(self) -> str:
        return f"{self.payer_name} → {self.payee_name}: {self.chips} ({self.reason})"

    @property
    def payer_name(self) -> str:
        return POT_ACCOUNT if self.payer_is_pot else self.payer.name

    @property
    def payee_name(self) -> str:
        return POT_ACCOUNT if self.payee_is_pot else self.payee.name


class DealNetQuerySet(AppendOnlyQuerySet):
    def current(self):
        """The nets of each deal's current version: those no later version supersedes.

        A voided deal's last version posts no nets, so a voided deal has none here.
        """
        superseding = DealVersion.objects.filter(
            deal=models.OuterRef("deal"),
            # number > 1 is implied; said so the partial index on later versions is used.
            number__gt=1,
            number=models.OuterRef("version") + 1,
        )
        return self.filter(~models.Exists(superseding))

    def chips_at_tables(self):
        """(table id, player id, chips) rows: the nets summed per table and player, a
        player merged into another counted as the kept player (who holds the seat now)."""
        account = PlayerAlias.kept_account("player")
        return (
            self.values("table_id", account=account)
            .annotate(chips=models.Sum("chips"))
            .values_list("table_id", "account", "chips")
            .order_by()
        )


class DealNet(AppendOnly):
    """One player's net chips from one version of a deal, posted with its ledger rows.

    The ledger's rows for the version summed for the player, kept so that standings
    (totals, best and worst deal, deals played, bids won) are one GROUP BY player over
    the event's current nets instead of a grouping per deal over every ledger row and
    a count over the deals. A correction posts the new version's nets; the old ones
    stay, superseded. audit_ledger checks these rows against the ledger rows they sum
    and against the settlement.
    """

    # The deal's event and table, kept on the row (as on ledger rows) so standings
    # filter and group without joins. No separate indexes on event and deal: the
    # index by player and the unique (deal, version, player) constraint begin with them.
    event = models.ForeignKey(Event, on_delete=models.PROTECT, related_name="+", db_index=False)
    table = models.ForeignKey(Table, on_delete=models.PROTECT, related_name="+")
    deal = models.ForeignKey(Deal, on_delete=models.PROTECT, related_name="nets", db_index=False)
    version = models.PositiveIntegerField(help_text="The number of the deal version.")
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="+")
    chips = models.IntegerField(help_text="Received minus paid in this version of the deal.")
    won_as_bidder = models.BooleanField(
        null=True, help_text="Empty unless the player was the bidder: then whether they won."
    )

    objects = DealNetQuerySet.as_manager()

    class Meta:
        ordering = ["deal", "version", "player"]
        constraints = [
            models.UniqueConstraint(
                fields=["deal", "version", "player"], name="unique_deal_net_per_player"
            )
        ]
        indexes = [
            # Every column the standings chart reads for its players: the index alone
            # answers it (PostgreSQL's index-only scan, SQLite's covering index).
            models.Index(
                fields=["event", "player", "table", "deal", "version", "chips"],
                name="deal_nets_by_player",
            )
        ]

    def __str__(self) -> str:
        return f"{self.deal} v{self.version}: {self.player} {self.chips:+d}"
