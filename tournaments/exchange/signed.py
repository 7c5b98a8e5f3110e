"""An event's file signed for the circuit (CIRCUIT.md, "Sending an event to the
circuit"): the export (``export_event``), the standings it claims, and a signature with
the club's key (Django's signing), so the circuit's server can tell a file changed after
it was signed, or signed with another club's key, and score its deals again.

The signature is over the canonical JSON of the file without it (sorted keys, no
whitespace): the same file signs the same whatever indenting a copy was saved with.
"""

from __future__ import annotations

import hashlib
import json
from fractions import Fraction

from django.core import signing

from ..models import Club, Event
from ..standings import standings
from .document import ExchangeError
from .export import export_event
from .reading import parse_json

SIGNED_FORMAT = "taroky-signed-event/1"
SALT = "taroky.event-file"


def canonical(body: dict) -> str:
    return json.dumps(body, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def signature(body: dict, key: str) -> str:
    return signing.Signer(key=key, salt=SALT).signature(canonical(body))


def claimed_standings(event: Event) -> list[dict]:
    """Each player's place and chips as the event's standings give them, and their table
    points where it ranks by them (a fraction written "5/2")."""
    rows = standings(event)
    by_points = bool(rows) and rows[0].scoring is not None and rows[0].scoring.by_points
    return [
        {
            "name": s.player.name,
            "place": s.rank,
            "chips": s.chips,
            **({"points": str(Fraction(s.points))} if by_points else {}),
        }
        for s in rows
    ]


def signed_file(event: Event, club: Club | None = None) -> dict:
    """The event's file for the circuit, signed with its club's key."""
    club = club or event.club
    body = {
        "format": SIGNED_FORMAT,
        "club": club.name,
        "event_file": export_event(event),
        "standings": claimed_standings(event),
    }
    return {**body, "signature": signature(body, club.signing_key)}


def digest(body: dict) -> str:
    """What identifies a signed file, whatever indenting a copy was saved with: the
    SHA-256 of its canonical JSON (the signature is over it)."""
    return hashlib.sha256(canonical(body).encode()).hexdigest()


def read_signed(raw: bytes, club: Club, largest: int) -> tuple[dict, list[dict], str]:
    """The export and the standings a signed file holds, and its digest, once its
    signature is checked against ``club``'s key; ExchangeError saying what is wrong
    otherwise."""
    if len(raw) > largest:
        raise ExchangeError(
            f"The file is {len(raw):,} bytes or more; an event's file may be at most "
            f"{largest:,} bytes."
        )
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise ExchangeError("The file is not UTF-8 text: is it the signed event file?") from None
    try:
        data = parse_json(text)
    except json.JSONDecodeError as e:
        raise ExchangeError(
            f"The file is not JSON, or is cut short ({e.msg}: line {e.lineno}): "
            "is it the signed event file?"
        ) from None
    except RecursionError:
        raise ExchangeError("The file is nested too deeply to be an event's file.") from None
    if not isinstance(data, dict) or data.get("format") != SIGNED_FORMAT:
        raise ExchangeError(
            "This is not a signed event file: download it from the event's page with "
            '"Send to the circuit (signed file)".'
        )
    said = data.get("signature")
    body = {k: v for k, v in data.items() if k != "signature"}
    if not isinstance(said, str) or not _matches(body, said, club.signing_key):
        raise ExchangeError(
            f"The file's signature does not match {club.name}'s key: it was changed after "
            "it was signed, or signed with another club's key."
        )
    document, claimed = body.get("event_file"), body.get("standings")
    if not isinstance(document, dict) or not _standings_shape(claimed):
        raise ExchangeError("The signed file holds no event or no standings.")
    return document, claimed, digest(body)


def _matches(body: dict, said: str, key: str) -> bool:
    signer = signing.Signer(key=key, salt=SALT)
    try:
        signer.unsign(f"{canonical(body)}{signer.sep}{said}")
    except signing.BadSignature:
        return False
    return True


def _standings_shape(claimed) -> bool:
    return isinstance(claimed, list) and all(
        isinstance(row, dict)
        and isinstance(row.get("name"), str)
        and type(row.get("place")) is int
        and type(row.get("chips")) is int
        and isinstance(row.get("points", ""), str)
        for row in claimed
    )


def first_difference(claimed: list[dict], rows) -> str | None:
    """The first player whose place, chips or table points in the file are not what the
    deals give (``rows``: the standings scored again), in the file's order; None if all
    agree."""
    given = {s.player.name: s for s in rows}
    for row in claimed:
        name, s = row["name"], given.pop(row["name"], None)
        if s is None:
            return f"{name}: the file ranks them, the deals give no such player."
        if row["chips"] != s.chips:
            return f"{name}: the file says {row['chips']:+d} chips, the deals give {s.chips:+d}."
        if row["place"] != s.rank:
            return f"{name}: the file says place {row['place']}, the deals give place {s.rank}."
        by_points = s.scoring is not None and s.scoring.by_points
        if (by_points or "points" in row) and row.get("points") != str(Fraction(s.points)):
            return (
                f"{name}: the file says {row.get('points', 'no')} table points, the deals "
                f"give {Fraction(s.points)}."
            )
    if given:
        name = sorted(given)[0]
        return f"{name}: the deals rank them, the file does not."
    return None
