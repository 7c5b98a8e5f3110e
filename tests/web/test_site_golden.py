"""The results website's files are byte for byte its golden files
(tests/web/golden/site_outputs.py: the Sokol cup, with a substitute, a closed round,
table points, a category and prizes).

A difference is a changed page: if it is meant, regenerate the files with
``.venv/bin/python tests/web/golden/generate_site.py`` and commit them with the change.
"""

import difflib
import re

import pytest
from django.urls import reverse

from tournaments import site_export, site_pages
from tournaments.models import Player

from .golden import site_outputs

pytestmark = pytest.mark.django_db


def test_the_results_website_is_its_golden_files():
    built = site_outputs.build()
    stored = site_outputs.stored()
    assert sorted(built) == sorted(stored), "pages made and golden files differ in name"
    changed = [name for name, body in built.items() if body != stored[name]]
    shown = []
    for name in changed[:3]:
        diff = difflib.unified_diff(
            stored[name].decode().splitlines(),
            built[name].decode().splitlines(),
            f"golden/{name}",
            f"built/{name}",
            lineterm="",
            n=1,
        )
        shown.append(f"{name} differs:\n" + "\n".join(list(diff)[:40]))
    assert not changed, "\n".join(["Changed: " + ", ".join(changed), *shown])


def test_the_golden_site_holds_the_pages_the_task_names():
    """A substitute's sheet and statement, a category's standings, the prize list, a
    closed round: each golden file says it (so a regenerated file that lost it fails)."""
    stored = site_outputs.stored()
    sheet = stored["round-1-table-1.html"].decode()
    assert 'id="session-state">Round closed: 3 deals played</p>' in sheet
    assert '<p class="lead">Closed\n' in stored["round-1.html"].decode()
    assert '<p class="lead">Under way\n' in stored["round-2.html"].decode()
    assert "From deal 2 Ivan sits in Dana&#x27;s seat and plays in Ivan&#x27;s own name." in sheet
    assert '<a href="player-dana.html">Dana → Ivan</a>' in sheet
    statement = stored["player-ivan.html"].decode()
    assert "<h2>Substitutes</h2>" in statement
    said = "Round 1, table 1: played deals 2 to 3 in Ivan&#x27;s own name, in Dana&#x27;s seat."
    assert said in statement
    assert 'id="balance">+24</strong>' in statement
    seniors = stored["category-seniors-standings.html"].decode()
    assert "<h1>Standings of Seniors</h1>" in seniors
    assert seniors.count('<a href="player-') == 4
    assert "Ranked by table points" in stored["standings.html"].decode()
    assert "Category: Seniors" in stored["prizes.html"].decode()


def main_of(html: str) -> str:
    return re.search(r"<main.*?</main>", html, re.S).group(0)


@pytest.mark.parametrize("page", ["statement", "prize-list"])
def test_a_page_of_the_site_is_the_app_s_public_page(client, page):
    """One renderer: the site's page is the page a visitor reads in the app, but for its
    links (relative, or words where the site has no such page)."""
    event = site_outputs.sokol_cup()
    ivan = Player.objects.get(name="Ivan")
    url, path = {
        "statement": (
            reverse("player-statement", args=[event.pk, ivan.pk]),
            f"player-{ivan.pk}.html",
        ),
        "prize-list": (reverse("prize-list", args=[event.pk]), "prizes.html"),
    }[page]
    files = site_export.build_event(event)
    app = client.get(url).content.decode()
    where = site_pages.site_map(site_export.event_files(event), site_export.stylesheets())
    assert site_pages.relink(main_of(app), url, path, where) == main_of(files[path].decode())
    # And the words the app's links led to are there, unlinked where the site has no page.
    if page == "statement":
        assert "<h2>Substitutes</h2>" in main_of(app)
        assert f'href="{reverse("deal-detail", args=[1])}' not in files[path].decode()
