"""The results website (tournaments/site_export.py, manage.py export_site, the zips):
exactly the published pages and files, every link inside the folder, nothing
unpublished in it, bad input refused before anything is written."""

import datetime
import io
import os
import posixpath
import re
import subprocess
import sys
import zipfile
from html.parser import HTMLParser

import pytest
from django.conf import settings
from django.core.management import call_command
from django.core.management.base import CommandError
from django.urls import reverse
from pypdf import PdfReader

from tournaments import exchange, site_export
from tournaments.models import Player
from tournaments.services import seasons as season_services

from ..conftest import SEATS4
from .seasons import night

pytestmark = pytest.mark.django_db


@pytest.fixture
def published_night(organizer):
    return night(organizer, "Sokol night", datetime.date(2026, 11, 20))


def expected_event_files(event) -> set[str]:
    players = [Player.objects.get(name=n).pk for n in SEATS4]
    return {
        "index.html",
        *("site.css", "hall.css"),
        *("standings.html", "standings.csv", "standings.pdf"),
        *("round-1.html", "round-2.html"),
        *("round-1-standings.html", "round-1-standings.csv", "round-1-standings.pdf"),
        *("round-2-standings.html", "round-2-standings.csv", "round-2-standings.pdf"),
        *("standings-after-round-1.html", "standings-after-round-1.csv"),
        "standings-after-round-1.pdf",
        *("round-1-table-1.html", "round-1-table-1.pdf"),
        *("round-2-table-1.html", "round-2-table-1.pdf"),
        *(f"player-{pk}.html" for pk in players),
        *(f"player-{pk}.pdf" for pk in players),
    }


class Links(HTMLParser):
    def __init__(self):
        super().__init__()
        self.links: list[str] = []
        self.scripts = 0

    def handle_starttag(self, tag, attrs):
        self.scripts += tag == "script"
        for name, value in attrs:
            if name in ("href", "src", "action", "srcset", "poster", "data"):
                self.links.append(value or "")


def dangling(files: dict[str, bytes]) -> list[str]:
    """Every href/src of the site's pages that is not a file of the site (or leaves the
    folder, or names a server: a scheme, //host or /absolute), and every script."""
    wrong = []
    for path, body in files.items():
        text = body.decode("utf-8") if path.endswith((".html", ".css")) else ""
        if path.endswith(".css"):
            wrong += [f"{path}: {u}" for u in re.findall(r"url\(([^)]*)\)|@import", text)]
            continue
        if not path.endswith(".html"):
            continue
        parser = Links()
        parser.feed(text)
        if parser.scripts:
            wrong.append(f"{path}: a script")
        assert parser.links, path  # every page links somewhere: the parse saw them
        for link in parser.links:
            target = link.split("#")[0]
            if ":" in link or link.startswith("/") or not target:
                wrong.append(f"{path}: {link}")
                continue
            resolved = posixpath.normpath(posixpath.join(posixpath.dirname(path), target))
            if resolved not in files:
                wrong.append(f"{path}: {link}")
    return wrong


def words_of(path: str, body: bytes) -> str:
    if path.endswith(".pdf"):
        return " ".join(page.extract_text() for page in PdfReader(io.BytesIO(body)).pages)
    return body.decode("utf-8")


# -- an event ---------------------------------------------------------------------------


def test_an_events_site_holds_exactly_its_pages_and_files(published_night):
    files = site_export.build_event(published_night)
    assert set(files) == expected_event_files(published_night)
    assert dangling(files) == []
    anna = Player.objects.get(name="Anna")
    # The figures of the app's own downloads and pages.
    assert files["standings.csv"] == (
        "\ufeff" + exchange.standings_csv(published_night, None)
    ).encode("utf-8")
    standings = files["standings.html"].decode()
    assert f'<a href="player-{anna.pk}.html">Anna</a>' in standings
    assert re.search(r'<span class="pos">\+6</span>', standings)  # Anna: +5, then +1
    assert "?sort=" not in standings  # a static page does not sort
    # Round 2 alone (its page links to it): Dana's misdeal, -3 for her and +1 for each
    # of the others.
    assert '<a href="round-2-standings.html">Round standings</a>' in files["round-2.html"].decode()
    round2 = files["round-2-standings.html"].decode()
    assert re.search(
        r'<a href="player-\d+.html">Dana</a></td><td>[^<]*</td><td><span class="neg">-3</span>',
        round2,
    )
    assert files["round-2-standings.csv"] == (
        "\ufeff" + exchange.standings_csv(published_night, None, only_round=2)
    ).encode("utf-8")
    sheet = files["round-1-table-1.html"].decode()
    assert "Sokol night" in sheet and 'href="round-1.html">Round 1</a>' in sheet
    assert '<figure class="chart card">' in sheet  # the chart, inline SVG
    statement = files[f"player-{anna.pk}.html"].decode()
    assert 'id="balance">+6</strong>' in statement
    assert "Sokol night" in words_of("standings.pdf", files["standings.pdf"])
    assert "Anna" in words_of("player.pdf", files[f"player-{anna.pk}.pdf"])
    assert files["site.css"].startswith(b":root {")
    for path, body in files.items():
        if path.endswith(".html"):
            page = body.decode()
            assert "sw.js" not in page and "serviceWorker" not in page, path
            assert "<form" not in page, path


def test_an_unpublished_event_is_refused_and_nothing_is_written(organizer, tmp_path):
    hidden = night(organizer, "Secret rehearsal", datetime.date(2026, 11, 3), published=False)
    with pytest.raises(site_export.SiteRefused) as refused:
        site_export.build_event(hidden)
    assert refused.value.message == (
        "Secret rehearsal (2026-11-03) is not published: only a published event's results "
        "may be exported. Publish it first (Edit event)."
    )
    out = tmp_path / "site"
    with pytest.raises(CommandError, match="is not published"):
        call_command("export_site", f"event:{hidden.pk}", "-o", str(out))
    assert not out.exists()


def test_the_command_writes_the_folder(published_night, tmp_path):
    out = tmp_path / "site"
    stdout = io.StringIO()
    call_command("export_site", f"event:{published_night.pk}", "-o", str(out), stdout=stdout)
    written = {str(p.relative_to(out)) for p in out.rglob("*") if p.is_file()}
    assert written == expected_event_files(published_night)
    assert stdout.getvalue() == (
        f"Wrote 29 files of Sokol night (2026-11-20) to {out}: open {out / 'index.html'}.\n"
    )
    assert '<a class="button" href="standings.html"' in (out / "index.html").read_text()


@pytest.mark.parametrize(
    "what, message",
    [
        ("12", "Say what to export as event:ID or season:ID (the id in its page's URL), not '12'."),
        ("event:x", "not 'event:x'."),
        ("team:1", "not 'team:1'."),
        ("event:", "not 'event:'."),
        ("event:99999", "No event with id 99999."),
        ("season:99999", "No season with id 99999."),
        # Past the largest id a row can have: no row, and no query (which would fail).
        ("season:9223372036854775808", "No season with id 9223372036854775808."),
        ("event:" + "9" * 5000, "No event with id 99999999999999999999... (5000 characters)."),
        # Digits to Python, not to a URL: "²" is no id.
        ("event:²", "not 'event:²'."),
        ("event:٣", "not 'event:٣'."),
    ],
)
def test_what_to_export_is_said_clearly(published_night, tmp_path, what, message):
    out = tmp_path / "site"
    with pytest.raises(CommandError) as refused:
        call_command("export_site", what, "-o", str(out))
    assert str(refused.value).endswith(message)
    assert not out.exists()


def test_an_id_of_5000_digits_is_said_without_a_traceback(tmp_path):
    """As typed at the command line (issue 36: it printed Python's traceback)."""
    out = tmp_path / "site"
    run = subprocess.run(
        [sys.executable, "manage.py", "export_site", "event:" + "7" * 5000, "-o", str(out)],
        cwd=settings.BASE_DIR,
        env={**os.environ, "DJANGO_SETTINGS_MODULE": "taroky_site.settings_test"},
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert run.returncode == 1
    assert (
        run.stderr == "CommandError: No event with id 77777777777777777777... (5000 characters).\n"
    )
    assert not out.exists()


def test_the_folder_must_be_new_or_empty_unless_forced(published_night, tmp_path):
    what = f"event:{published_night.pk}"
    a_file = tmp_path / "notes.txt"
    a_file.write_text("mine")
    with pytest.raises(CommandError, match=r"notes.txt is a file: give a folder for the site"):
        call_command("export_site", what, "-o", str(a_file))
    assert a_file.read_text() == "mine"
    with pytest.raises(CommandError, match=r"There is no folder .*missing to write site in"):
        call_command("export_site", what, "-o", str(tmp_path / "missing" / "site"))
    full = tmp_path / "full"
    full.mkdir()
    (full / "index.html").write_text("old")
    (full / "keep.txt").write_text("keep")
    with pytest.raises(CommandError, match=r"full is not empty: .* or --force"):
        call_command("export_site", what, "-o", str(full))
    assert (full / "index.html").read_text() == "old"
    call_command("export_site", what, "-o", str(full), "--force", stdout=io.StringIO())
    assert "Sokol night" in (full / "index.html").read_text()
    assert (full / "keep.txt").read_text() == "keep"  # others left as they are
    empty = tmp_path / "empty"
    empty.mkdir()
    call_command("export_site", what, "-o", str(empty), stdout=io.StringIO())
    assert (empty / "standings.csv").exists()


# -- a season ---------------------------------------------------------------------------


def test_a_season_site_holds_its_published_events_only(season_with_a_hidden_event):
    season, shown, hidden = season_with_a_hidden_event
    files = site_export.build_season(season)
    assert dangling(files) == []
    folders = {p.split("/")[0] for p in files if "/" in p}
    assert folders == {f"event-{e.pk}" for e in shown}
    anna = Player.objects.get(name="Anna")
    top = {p for p in files if "/" not in p}
    assert top == {
        "index.html",
        *("site.css", "hall.css"),
        "standings.csv",
        "standings.pdf",
        *(f"player-{Player.objects.get(name=n).pk}.html" for n in SEATS4),
    }
    index = files["index.html"].decode()
    for event in shown:
        assert f'<a href="event-{event.pk}/index.html">' in index
    season_page = files[f"player-{anna.pk}.html"].decode()
    assert f'href="event-{shown[0].pk}/player-{anna.pk}.html">Sokol night</a>' in season_page
    event_page = files[f"event-{shown[0].pk}/index.html"].decode()
    assert '<a href="../index.html" id="event-season">Sokol fall season</a>' in event_page
    for path, body in files.items():
        words = words_of(path, body)
        for secret in ("Secret rehearsal", "Closed trial night", "Zdeněk Tajemný", "Tajemn"):
            assert secret not in words, (path, secret)


def test_an_unpublished_season_is_refused(organizer, tmp_path):
    season = season_services.create_season(
        organizer,
        name="Sokol spring season",
        start_date=datetime.date(2027, 1, 1),
        end_date=datetime.date(2027, 6, 30),
    )
    out = tmp_path / "site"
    with pytest.raises(CommandError) as refused:
        call_command("export_site", f"season:{season.pk}", "-o", str(out))
    assert str(refused.value) == (
        "The season Sokol spring season is not published: only a published season's "
        "results may be exported. Publish it first (Edit season)."
    )
    assert not out.exists()


# -- the zips ---------------------------------------------------------------------------


def body_names(response) -> set[str]:
    with zipfile.ZipFile(io.BytesIO(b"".join(response.streaming_content))) as archive:
        return set(archive.namelist())


def test_the_event_zip_holds_the_same_files(client, published_night):
    page = client.get(reverse("event-detail", args=[published_night.pk])).content.decode()
    url = reverse("event-site", args=[published_night.pk])
    assert f'<a href="{url}">The results website (zip)</a>' in page
    response = client.get(url)
    assert response["Content-Type"] == "application/zip"
    name = "sokol-night-2026-11-20-site"
    assert response["Content-Disposition"] == f'attachment; filename="{name}.zip"'
    assert body_names(response) == {f"{name}/{p}" for p in expected_event_files(published_night)}


def test_the_season_zip_holds_the_same_files(client, season_with_a_hidden_event):
    season, _, _ = season_with_a_hidden_event
    page = client.get(reverse("season-detail", args=[season.pk])).content.decode()
    url = reverse("season-site", args=[season.pk])
    assert f'<a href="{url}">The results website (zip)</a>' in page
    response = client.get(url)
    name = "sokol-fall-season-2026-site"
    assert response["Content-Disposition"] == f'attachment; filename="{name}.zip"'
    assert body_names(response) == {f"{name}/{p}" for p in site_export.build_season(season)}


def test_a_zip_is_refused_for_what_the_visitor_may_not_read(client, organizer):
    hidden = night(organizer, "Secret rehearsal", datetime.date(2026, 11, 3), published=False)
    url = reverse("event-site", args=[hidden.pk])
    response = client.get(url)
    assert response.status_code == 404
    assert "Secret rehearsal" not in response.content.decode()
    # Its organizer reads the event, and is told why there is no site yet.
    client.force_login(organizer)
    page = client.get(hidden.get_absolute_url()).content.decode()
    assert "The results website" not in page
    response = client.get(url, follow=True)
    assert response.redirect_chain == [(hidden.get_absolute_url(), 302)]
    assert "is not published: only a published event&#x27;s results may be exported." in (
        response.content.decode()
    )
    assert response["Content-Type"].startswith("text/html")


def test_an_event_with_prizes_has_its_prize_list_in_the_site(published_night, organizer):
    """Anna and Čada finish level on +6 (see ``night``): they share 1st place, so the
    $20 of 1st and the $10 of 2nd are split between them, $15 each; Bill and Dana
    are paid nothing. The fees: 4 players × $10.00 = $40.00."""
    from tournaments.services.prizes import set_prizes

    event = set_prizes(published_night, organizer, 1000, "$20\n$10", False)
    files = site_export.build_event(event)
    assert set(files) == expected_event_files(published_night) | {
        *("prizes.html", "prizes.csv", "prizes.pdf")
    }
    assert dangling(files) == []
    assert 'href="prizes.html" id="prize-list-link"' in files["index.html"].decode()
    page = files["prizes.html"].decode()
    anna, cada = (Player.objects.get(name=n).pk for n in ("Anna", "Čada"))
    for pk in (anna, cada):
        assert re.search(
            rf'<a href="player-{pk}.html">[^<]+</a></td>\s*<td class="num">6</td>'
            r'<td class="num"><strong>\$15.00</strong>',
            page,
        ), pk
    assert files["prizes.csv"].decode("utf-8-sig").splitlines() == [
        "list,place,player,club,net_chips,prize_dollars,note",
        "Overall,1=,Anna,,6,15.00,1st and 2nd prizes shared by 2",
        "Overall,1=,Čada,,6,15.00,1st and 2nd prizes shared by 2",
        "Overall,,,,,,Fees collected: $40.00 (4 players who pay × $10.00 entry fee).",
        'Overall,,,,,,"The prize table: 1st $20.00, 2nd $10.00; it pays $30.00."',
        "Overall,,,,,,Provisional: not every round is closed yet.",
    ]
    assert "$15.00" in words_of("prizes.pdf", files["prizes.pdf"])


def test_an_event_without_prizes_says_nothing_of_money_in_its_site(published_night):
    files = site_export.build_event(published_night)
    for path, body in files.items():
        text = words_of(path, body).lower()
        assert "prize" not in text and "$" not in text, path
