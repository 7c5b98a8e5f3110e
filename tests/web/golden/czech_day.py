"""A Czech-style day for the golden files (issue 35): ranked by table points (4/3/2/1,
shared places averaged, a bye 2 points; ties by table wins, then chips), both kinds of
substitute, a withdrawal, teams of two, a category with prizes and one without, prizes
with a tie and one prize per player, a reserve who pays no fee. Built through the
services after the demo's outputs, so they stay as they were.

Clarkson Fives, the first seat dealing (made, 40 points: bidder and partner +8 each, the
other two -8; failed, 20: the reverse).

Round 1 (Irena's bye: 2 points)
  T1 Alois, Božena, Cyril, Dagmar: 1 Alois-Božena 40; Dagmar leaves and Jaroslava plays
     for Dagmar from deal 2: 2 Dagmar-Cyril 40, 3 Alois-Dagmar 40. Alois +8, Dagmar +8
     1st= ((4 + 3) / 2 = 3.5 each), Božena -8, Cyril -8 3rd= (1.5).
  T2 Eliška, Filip, Gabriela, Hynek: 1 Eliška-Filip 40; Hynek leaves and Karel plays in
     their own name from deal 2: 2 Karel-Gabriela 40, 3 Karel-Eliška 40. Eliška +8 and
     the seat +8 (Hynek -8, Karel +16) 1st= (3.5, Karel's: 2 deals of 3), Filip and
     Gabriela -8 3rd= (1.5).
Round 1 is closed; Dagmar withdraws.
Round 2 (Hynek's bye: 2 points)
  T1 Alois, Eliška, Irena, Karel: 1 Irena-Karel 40, 2 Alois-Irena 20 (failed): Karel
     +16 1st (4), Irena 0 and Eliška 0 2nd= (2.5), Alois -16 4th (1).
  T2 Božena, Cyril, Filip, Gabriela: 1 Božena-Filip 40: Božena, Filip +8 1st= (3.5),
     Cyril, Gabriela -8 3rd= (1.5).
Round 2 is closed.

Standings: Karel 7.5 (+32); Eliška 6 (+8); Božena and Filip 5 (a table win each, 0
chips: 3=); Alois 4.5 (a table win) above Irena 4.5 (none); Dagmar 3.5 (withdrawn);
Cyril and Gabriela 3 (-16 each: 8=); Hynek 2 (-8); Jaroslava did not come.

Fees: $10 from the ten who pay (Jaroslava, a reserve, pays none): $100.00; the club
adds the rest. The event pays 40%, 30%, 20%, $5: Karel $40, Eliška $30, Božena and Filip
share 3rd and 4th ($25: $12.50 each). Seniors (Alois, Cyril, Irena, Karel) pay $15 and
$10: Karel takes the event's $40, so Alois takes the Seniors' 1st and Irena their 2nd.
Juniors (Filip, Gabriela) have no prize table. Teams of two: Tábor (Irena, Karel) 12,
Praha (Alois, Božena) 9.5, Brno (Cyril, Eliška) 9, Plzeň (Filip, Gabriela) 8.
"""

from __future__ import annotations

import datetime
import re
from html import unescape

from django.test import Client

from tournaments import exchange, printouts, seat_holders, services
from tournaments.exchange.prize_list import prize_list_csv
from tournaments.models import Event, Player, Registration, Substitution
from tournaments.printouts.prizes import prize_list_pdf
from tournaments.prizes import event_prize_lists
from tournaments.services.prizes import save_category, set_prizes
from tournaments.services.teams import save_team

SLUG = "czech-day"
PLAYERS = [
    "Alois Beneš",
    "Božena Černá",
    "Cyril Doležal",
    "Dagmar Fialová",
    "Eliška Hájková",
    "Filip Jelínek",
    "Gabriela Kolářová",
    "Hynek Lukeš",
    "Irena Malá",
    "Jaroslava Nováčková",
    "Karel Zeman",
]


def _p(first: str) -> Player:
    return Player.objects.get(name__startswith=first + " ", name__in=PLAYERS)


def _five(table, bidder, partner, points):
    names = list(seat_holders.names_at(table))
    named = {n.split()[0]: n for n in names}
    return {
        "ruleset": "clarkson",
        "kind": "played",
        "bidder": named[bidder],
        "bid": "five",
        "partner": named[partner],
        "bidder_points": points,
        "players": names,
        "dealer": names[0],
    }


def _play(table, organizer, *deals):
    for bidder, partner, points in deals:
        services.record_deal(table, _five(table, bidder, partner, points), organizer)


def _round(event, organizer, tables, bye):
    rnd = services.create_round(event, organizer)
    made = []
    for firsts in tables:
        seated = [_p(f) for f in firsts]
        made.append(services.create_table(rnd, organizer, seated, first_forehand=seated[0]))
    rnd.byes.add(_p(bye))  # as a draw gives it
    return rnd, made


def build(organizer) -> Event:
    event = services.create_event(
        organizer,
        name="Czech day",
        date=datetime.date(2026, 11, 28),
        venue="Sokol hall, Wilber",
        kind=Event.Kind.TOURNAMENT,
        ruleset="clarkson",
        house_rules={},
        starting_chips=20,
        session_end=Event.SessionEnd.FIXED_DEALS,
        deals_per_session=10,
        published=True,
    )
    for name in PLAYERS:
        services.register_player(event, organizer, name=name)
    # Jaroslava came as a substitute only: a reserve who pays no fee.
    Registration.objects.filter(event=event, player__name=PLAYERS[9]).update(
        reserve=True, pays_fee=False
    )
    event = services.update_event(
        event,
        organizer,
        ranking="table_points",
        shared_places="average",
        bye_points=2,
        tie_breaks=["table_wins", "chips"],
        team_ranking="teams",
        team_size=2,
    )
    for team, firsts in (
        ("Praha", ["Alois", "Božena"]),
        ("Brno", ["Cyril", "Eliška"]),
        ("Plzeň", ["Filip", "Gabriela"]),
        ("Tábor", ["Irena", "Karel"]),
    ):
        save_team(event, organizer, team, [_p(f) for f in firsts])
    first, (t1, t2) = _round(
        event,
        organizer,
        [["Alois", "Božena", "Cyril", "Dagmar"], ["Eliška", "Filip", "Gabriela", "Hynek"]],
        "Irena",
    )
    _play(t1, organizer, ("Alois", "Božena", 40))
    services.substitute_player(
        t1, organizer, _p("Dagmar"), _p("Jaroslava"), 2, Substitution.Mode.FOR_LEAVER
    )
    _play(t1, organizer, ("Dagmar", "Cyril", 40), ("Alois", "Dagmar", 40))
    _play(t2, organizer, ("Eliška", "Filip", 40))
    services.substitute_player(
        t2, organizer, _p("Hynek"), _p("Karel"), 2, Substitution.Mode.AS_HIMSELF
    )
    _play(t2, organizer, ("Karel", "Gabriela", 40), ("Karel", "Eliška", 40))
    services.close_round(first, organizer)
    services.withdraw_player(event, organizer, _p("Dagmar"))
    second, (t3, t4) = _round(
        event,
        organizer,
        [["Alois", "Eliška", "Irena", "Karel"], ["Božena", "Cyril", "Filip", "Gabriela"]],
        "Hynek",
    )
    _play(t3, organizer, ("Irena", "Karel", 40), ("Alois", "Irena", 20))
    _play(t4, organizer, ("Božena", "Filip", 40))
    services.close_round(second, organizer)
    event = set_prizes(event, organizer, 1000, "40%\n30%\n20%\n$5", True)
    save_category(
        event,
        organizer,
        "Seniors",
        [_p(f) for f in ("Alois", "Cyril", "Irena", "Karel")],
        "$15\n$10",
    )
    save_category(event, organizer, "Juniors", [_p("Filip"), _p("Gabriela")], "")
    return Event.objects.get(pk=event.pk)


def page_text(html: str) -> str:
    """A page's main content as text, a line a row or paragraph: what a reader sees,
    without the addresses (their database keys vary from run to run)."""
    main = html[html.index("<main") : html.index("</main>")]
    main = re.sub(r"<(script|style)[^>]*>.*?</\1>", "", main, flags=re.S)
    main = re.sub(r"<svg.*?</svg>", "[chart]", main, flags=re.S)
    main = re.sub(r"</(tr|p|h1|h2|li|thead|figcaption)>", "\n", main)
    main = re.sub(r"</t[dh]>", " | ", main)
    text = unescape(re.sub(r"<[^>]+>", " ", main))
    lines = [" ".join(line.split()) for line in text.splitlines()]
    return "\n".join(line for line in lines if line) + "\n"


def outputs(event, pdf_files) -> dict[str, bytes]:
    """The Czech day's standings (page, CSV, PDF; with its teams), the Seniors'
    standings, the prize list (page, CSV, PDF) and the substitutes' statements."""
    from django.urls import reverse

    client = Client()
    seniors = event.prize_categories.get(name="Seniors")
    files = {
        "standings.page.txt": page_text(
            client.get(reverse("standings", args=[event.pk])).content.decode()
        ).encode(),
        "standings.csv": exchange.standings_csv(event).encode(),
        "standings-seniors.page.txt": page_text(
            client.get(
                reverse("standings", args=[event.pk]), {"category": seniors.pk}
            ).content.decode()
        ).encode(),
        "standings-seniors.csv": exchange.standings_csv(event, category=seniors).encode(),
        "prizes.page.txt": page_text(
            client.get(reverse("prize-list", args=[event.pk])).content.decode()
        ).encode(),
        "prizes.csv": prize_list_csv(event_prize_lists(event)).encode(),
    }
    pdfs = {
        "standings.pdf": printouts.standings_pdf(event),
        "standings-seniors.pdf": printouts.standings_pdf(event, category=seniors),
        "prizes.pdf": prize_list_pdf(event, event_prize_lists(event)),
    }
    for first in ("Karel", "Jaroslava", "Hynek"):
        who = _p(first)
        files[f"statement-{first.lower()}.page.txt"] = page_text(
            client.get(reverse("player-statement", args=[event.pk, who.pk])).content.decode()
        ).encode()
        pdfs[f"statement-{first.lower()}.pdf"] = printouts.statement_pdf(event, who)
    for name, pdf in pdfs.items():
        files.update(pdf_files(name, pdf))
    return {f"{SLUG}/{name}": body for name, body in files.items()}
