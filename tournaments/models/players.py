"""The registry of players: a person picked, not typed twice, and the names they had."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models.functions import Coalesce

from ..names import clean_name, fold


class PlayerQuerySet(models.QuerySet):
    """Bulk writes keep the stored spelling and the folded name and club as ``save``
    does."""

    def bulk_create(self, objs, *args, **kwargs):
        objs = list(objs)
        for player in objs:
            player.clean_names()
        return super().bulk_create(objs, *args, **kwargs)

    def bulk_update(self, objs, fields, *args, **kwargs):
        objs, fields = list(objs), list(fields)
        for text, folded in Player.FOLDED.items():
            if text in fields:
                for player in objs:
                    setattr(player, text, clean_name(getattr(player, text)))
                    setattr(player, folded, fold(getattr(player, text)))
                fields.append(folded)
        return super().bulk_update(objs, fields, *args, **kwargs)

    def update(self, **kwargs):
        for text, folded in Player.FOLDED.items():
            if isinstance(kwargs.get(text), str):
                kwargs[text] = clean_name(kwargs[text])
                kwargs[folded] = fold(kwargs[text])
        return super().update(**kwargs)


class Player(models.Model):
    """A person in the registry; picked, not typed twice."""

    name = models.CharField(max_length=100, unique=True)
    club = models.CharField("club or town", max_length=100, blank=True)
    notes = models.TextField(blank=True)
    # Where the results go when an organizer sends them; optional, never shown publicly.
    email = models.EmailField(blank=True)
    # ``names.fold(name)``: what the search and the look-alike check compare, indexed,
    # so neither reads the registry (a fold casefolds: "ß" is "ss", so it may be longer).
    folded = models.CharField(max_length=300, db_index=True, editable=False, default="")
    # ``names.fold(club)``: the search finds a club as it finds a name, on both databases.
    folded_club = models.CharField(max_length=300, editable=False, default="")
    objects = PlayerQuerySet.as_manager()

    # Each text a player's search compares, and its folded column.
    FOLDED = {"name": "folded", "club": "folded_club"}

    class Meta:
        ordering = ["folded", "name"]  # names.name_key: "Čada" among the Cs

    def __str__(self) -> str:
        return self.name

    def save(self, *args, **kwargs):
        self.clean_names()
        fields = kwargs.get("update_fields")
        if fields is not None:
            folded = {f for text, f in self.FOLDED.items() if text in fields}
            kwargs["update_fields"] = {*fields, *folded}
        super().save(*args, **kwargs)

    @property
    def circuit_number(self) -> str:
        """The player's number across the circuit's clubs, from their row: stable,
        never reused (``T-00042``).

        >>> Player(pk=42).circuit_number
        'T-00042'
        """
        return f"T-{self.pk:05d}"

    def clean_names(self) -> None:
        # One stored spelling however the name came in (admin, services, imports).
        self.name = clean_name(self.name)
        self.club = clean_name(self.club)
        self.folded = fold(self.name)
        self.folded_club = fold(self.club)


class FormerName(models.Model):
    """A name a player was known by before a rename: imports and lists of players that
    still say it find the player."""

    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="former_names")
    name = models.CharField(max_length=100)
    folded = models.CharField(max_length=300, db_index=True)
    renamed_at = models.DateTimeField(auto_now_add=True)
    renamed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+"
    )

    class Meta:
        ordering = ["renamed_at", "id"]
        indexes = [models.Index(fields=["name"])]

    def __str__(self) -> str:
        return f"{self.name} (now {self.player})"

    def save(self, *args, **kwargs):
        self.name = clean_name(self.name)
        self.folded = fold(self.name)
        super().save(*args, **kwargs)


class PlayerAlias(models.Model):
    """A player recorded twice and merged (services/merging.py): the row stays as an
    alias of the one kept, because the append-only ledger's rows (ledger entries, deal
    nets, deal versions, substitutions) go on naming it; standings and the audit read
    it as the kept player. A table of its own, not a column of Player: a player's row
    stays as narrow as an import's bulk insert needs. Never a chain: a merge re-points
    the older aliases."""

    player = models.OneToOneField(
        Player, on_delete=models.PROTECT, primary_key=True, related_name="alias"
    )
    kept = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="aliases")

    def __str__(self) -> str:
        return f"{self.player} is {self.kept}"

    @staticmethod
    def kept_account(player_field: str) -> Coalesce:
        """The player id a row's ``player_field`` (``payee``, ``player``, …) counts for:
        the kept player's where that player was merged into another, else its own. A join
        in the row's own query, no query more."""
        return Coalesce(f"{player_field}__alias__kept_id", f"{player_field}_id")


class PlayerMerge(models.Model):
    """A player recorded twice, merged into the one kept by a circuit officer: what
    moved (``moved``: "app.Model.field" -> the ids of the rows re-pointed), so that
    ``undo_merge`` puts back exactly that, and the duplicate as it was."""

    kept = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="merges")
    duplicate = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="merged_as")
    duplicate_name = models.CharField(max_length=100)
    duplicate_club = models.CharField(max_length=100, blank=True)
    duplicate_email = models.EmailField(blank=True)
    duplicate_notes = models.TextField(blank=True)
    reason = models.CharField(max_length=300, blank=True)
    moved = models.JSONField(default=dict)
    merged_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+"
    )
    merged_at = models.DateTimeField(auto_now_add=True)
    undone_at = models.DateTimeField(null=True, blank=True)
    undone_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )

    class Meta:
        ordering = ["-merged_at", "-id"]

    def __str__(self) -> str:
        return f"{self.duplicate_name} merged into {self.kept}"
