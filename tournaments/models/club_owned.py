"""What an event and a season share: the club whose it is, by default the server's
only club."""

from __future__ import annotations

from .clubs import Club


class ClubOwned:
    """A model whose ``owner_field`` names the club it belongs to; saved without one,
    it is the server's only club's (``Club.objects.the_club``)."""

    owner_field = "club"

    def save(self, *args, **kwargs):
        # Not a field default: that would read the clubs whenever one is made (Event()).
        if getattr(self, f"{self.owner_field}_id") is None:
            setattr(self, self.owner_field, Club.objects.the_club())
        super().save(*args, **kwargs)
