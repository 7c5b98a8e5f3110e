"""Token links: an unguessable link that grants whoever holds it one thing until it is
revoked. A table's link lets a table enter its own deals from a phone; an event's
check-in link (models/checkin.py) lets its registered players check in at the door."""

from __future__ import annotations

import hashlib

from django.conf import settings
from django.db import models
from django.urls import reverse

from ..scoping import club_manager
from .events import Table

# The inactive account a deal entered through a table's link by nobody signed in is
# filed under (services.access.link_user); pages say it as the table's link
# (words.author_words), never by this name.
TABLE_LINK_USERNAME = "table-link"


class TokenLink(models.Model):
    """A link by its token, working until ``revoked_at`` is set; a revoked link stays
    revoked, in the database too (append_only.py). Issuing a new one revokes the old
    (services.tokens)."""

    url_name = ""  # the page the link opens, by its token

    token = models.CharField(max_length=64, unique=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    revoked_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        abstract = True

    def get_absolute_url(self) -> str:
        return reverse(self.url_name, args=[self.token])

    @property
    def token_sha256(self) -> str:
        """What the activity log keeps of a revoked link's token: the ledger audit finds
        a link carrying it again (deleted and inserted anew), never the token itself."""
        return hashlib.sha256(self.token.encode()).hexdigest()


class TableLink(TokenLink):
    """An unguessable link that lets whoever holds it enter deals at one table.

    It works while it is not revoked and the table's round is open; it grants nothing
    else. Reissuing a table's link revokes the old one.
    """

    url_name = "link-sheet"

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="links")

    objects = club_manager("table__round__event__club")  # tournaments.scoping

    class Meta:
        ordering = ["table", "-created_at"]

    def __str__(self) -> str:
        return f"Link of {self.table}" + (" (revoked)" if self.revoked_at else "")
