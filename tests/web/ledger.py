"""What the ledger says of a table: each player's net chips, by name."""

from tournaments.balances import net_by_player
from tournaments.models import LedgerEntry, Player


def nets(table):
    names = dict(Player.objects.values_list("pk", "name"))
    return {
        names[pk]: n for pk, n in net_by_player(LedgerEntry.objects.filter(table=table)).items()
    }
