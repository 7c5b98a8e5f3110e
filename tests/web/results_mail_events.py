"""Events whose players have email addresses, for the results by email's tests, and a
port nothing listens on (a mail server that is down)."""

import socket

from tournaments import services
from tournaments.models import Event, Player

from ..conftest import played_doc


def address(name: str) -> str:
    return f"{name.lower().replace(' ', '.')}@example.org"


def seat_more(round1, organizer, count: int, prefix: str = "Player") -> list[Player]:
    """``count`` new players (count >= 5 * (count % 4)), each with an address, seated in
    tables of four (and of five for the rest) in ``round1``."""
    players = Player.objects.bulk_create(
        [
            Player(name=f"{prefix} {n:03d}", email=address(f"{prefix} {n:03d}"))
            for n in range(1, count + 1)
        ]
    )
    fives = count % 4
    sizes = [5] * fives + [4] * ((count - 5 * fives) // 4)
    at = 0
    for size in sizes:
        seated = players[at : at + size]
        services.create_table(round1, organizer, seated, first_forehand=seated[0])
        at += size
    return players


def night_with_addresses(table, organizer, more: int = 0, **settings):
    """The Heun parish night (with ``settings``): deal 1 played at table 1 (Anna, Bill,
    Čada, Dana, each with an address but Dana), and ``more`` players seated at other
    tables, with addresses."""
    if settings:
        services.update_event(table.round.event, organizer, **settings)
    services.record_deal(table, played_doc(), organizer)
    for name in ("Anna", "Bill", "Čada"):
        Player.objects.filter(name=name).update(email=address(name).replace("č", "c"))
    if more:
        seat_more(table.round, organizer, more)
    return Event.objects.get(pk=table.round.event_id)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]
