"""Every URL against every kind of visitor; CSRF; no writes over GET; sign-in lock."""

import pytest
from django.core.cache import cache
from django.test import Client
from django.urls import get_resolver, reverse

from tournaments import services
from tournaments.models import (
    AuditEntry,
    ChipCount,
    Deal,
    DealVersion,
    LedgerEntry,
    Registration,
    Round,
    Seat,
)

from ..conftest import played_doc

pytestmark = pytest.mark.django_db
ROLES = ["anonymous", "stranger", "other_organizer", "organizer", "superuser"]

# Every named URL of the app, by what it does. A new URL fails
# test_every_url_is_in_the_matrix until it is placed here.
PUBLIC = {"home", "card-points", "healthz", "login"}
READ = {
    "event-detail",
    "standings",
    "standings-csv",
    "player-statement",
    "round-detail",
    "table-sheet",
    "deal-detail",
    "table-pdf",
    "round-pack-pdf",
    "standings-pdf",
    "statement-pdf",
    "seat-finder",
    "wall",
    "wall-live",
}
WRITE_FORMS = {
    "event-edit",
    "event-players",
    "table-create",
    "deal-create",
    "deal-correct",
    "chip-count",
    "event-download",
    "round-links",
    "inbox",
}
WRITE_POSTS = {"round-create", "deal-preview", "deal-void", "table-undo"}
# A table link's pages: whoever holds the link, whatever their account, for its table.
LINK = {"link-sheet", "link-deal", "link-preview", "link-correct", "link-undo"}
CREATE = {"event-create"}
OTHER = {
    "logout",
    "password_change",
    "password_change_done",
    "password_reset",
    "password_reset_done",
    "password_reset_confirm",
    "password_reset_complete",
}


def test_every_url_is_in_the_matrix():
    names = {name for name in get_resolver().reverse_dict if isinstance(name, str)}
    app = {n for n in names if not n.startswith("admin")}
    assert app == PUBLIC | READ | WRITE_FORMS | WRITE_POSTS | CREATE | OTHER | LINK


@pytest.fixture
def world(table, organizer):
    deal = services.record_deal(table, played_doc(), organizer)
    event = table.round.event
    player = Seat.objects.filter(table=table).first().player
    link = services.issue_link(table, organizer)
    return {
        "event": event,
        "table": table,
        "round": table.round,
        "deal": deal,
        "player": player,
        "link": link,
    }


def url_for(name, w):
    e, t, r, d, p = w["event"], w["table"], w["round"], w["deal"], w["player"]
    token = w["link"].token
    args = {
        "home": [],
        "card-points": [],
        "healthz": [],
        "login": [],
        "event-create": [],
        "event-detail": [e.pk],
        "standings": [e.pk],
        "standings-csv": [e.pk],
        "standings-pdf": [e.pk],
        "player-statement": [e.pk, p.pk],
        "statement-pdf": [e.pk, p.pk],
        "round-detail": [r.pk],
        "round-pack-pdf": [r.pk],
        "table-sheet": [t.pk],
        "table-pdf": [t.pk],
        "deal-detail": [d.pk],
        "event-edit": [e.pk],
        "event-players": [e.pk],
        "table-create": [r.pk],
        "deal-create": [t.pk],
        "deal-correct": [d.pk],
        "chip-count": [t.pk],
        "event-download": [e.pk, "ledger.csv"],
        "round-create": [e.pk],
        "deal-preview": [t.pk],
        "deal-void": [d.pk],
        "seat-finder": [r.pk],
        "wall": [e.pk],
        "wall-live": [e.pk],
        "round-links": [r.pk],
        "inbox": [e.pk],
        "table-undo": [t.pk],
        "link-sheet": [token],
        "link-deal": [token],
        "link-preview": [token],
        "link-correct": [token, d.number],
        "link-undo": [token],
    }[name]
    return reverse(name, args=args)


def client_for(role, django_user_model, stranger, other_organizer, organizer):
    client = Client()
    users = {"stranger": stranger, "other_organizer": other_organizer, "organizer": organizer}
    if role == "superuser":
        users["superuser"] = django_user_model.objects.create_superuser("root", password="x-pw")
    if role != "anonymous":
        client.force_login(users[role])
    return client


def state():
    return [
        m.objects.count()
        for m in (AuditEntry, ChipCount, Deal, DealVersion, LedgerEntry, Registration, Round)
    ]


def denied(response) -> bool:
    if response.status_code == 302:
        return response["Location"].startswith(reverse("login"))
    return response.status_code in (403, 404)


@pytest.mark.parametrize("published", [False, True])
@pytest.mark.parametrize("role", ROLES)
def test_permission_matrix(
    world, role, published, django_user_model, stranger, other_organizer, organizer
):
    services.update_event(world["event"], organizer, published=published)
    client = client_for(role, django_user_model, stranger, other_organizer, organizer)
    manager = role in ("organizer", "superuser")
    for name in sorted(PUBLIC - {"login"}):
        assert client.get(url_for(name, world)).status_code == 200, name
    for name in sorted(READ):
        response = client.get(url_for(name, world))
        if published or manager:
            assert response.status_code == 200, (name, response.status_code)
        else:
            assert response.status_code == 404, (name, response.status_code)
    before = state()
    for name in sorted(WRITE_FORMS | WRITE_POSTS):
        url = url_for(name, world)
        data = {"reason": "matrix", "expected_version": "1", "roll_call": "1"}
        post = client.post(url, data)
        get = client.get(url)
        if manager:
            assert not denied(post), (name, post.status_code)
            assert get.status_code in (200, 405), (name, get.status_code)
        else:
            assert denied(post), (name, post.status_code)
            assert denied(get) or get.status_code == 405, (name, get.status_code)
    if not manager:
        assert state() == before  # nothing changed for anyone not allowed to write
    creating = client.get(url_for("event-create", world))
    assert (creating.status_code == 200) == (role in ("organizer", "other_organizer", "superuser"))


@pytest.mark.parametrize("published", [False, True])
@pytest.mark.parametrize("role", ROLES)
def test_a_table_link_in_the_matrix(
    world, role, published, django_user_model, stranger, other_organizer, organizer
):
    """The link grants its table's deal pages to anyone, published or not; revoked, nothing."""
    services.update_event(world["event"], organizer, published=published)
    client = client_for(role, django_user_model, stranger, other_organizer, organizer)
    for name in ("link-sheet", "link-deal", "link-correct"):
        assert client.get(url_for(name, world)).status_code == 200, name
    assert client.post(url_for("link-preview", world), {}).json()["ok"] is False
    undo = client.post(url_for("link-undo", world), {"number": "1"})
    assert undo.status_code == 302 and undo["Location"] == url_for("link-sheet", world)
    assert Deal.objects.get(pk=world["deal"].pk).voided
    services.revoke_link(world["link"], organizer)
    before = state()
    for name in sorted(LINK):
        assert client.get(url_for(name, world)).status_code in (403, 405), name
        posted = client.post(url_for(name, world), {"number": "1"}).status_code
        assert posted == (405 if name == "link-sheet" else 403), name
    assert state() == before


@pytest.mark.parametrize(
    "name",
    sorted(
        WRITE_POSTS
        | {"deal-create", "deal-correct", "event-players", "chip-count", "round-detail"}
        | {"round-links", "inbox", "link-deal", "link-correct", "link-undo"}
    ),
)
def test_csrf_is_required_on_every_form(world, organizer, name):
    client = Client(enforce_csrf_checks=True)
    client.force_login(organizer)
    response = client.post(url_for(name, world), {"reason": "x", "expected_version": "1"})
    assert response.status_code == 403


@pytest.mark.parametrize("name", sorted(WRITE_POSTS))
def test_no_write_over_get(world, organizer, name):
    client = Client()
    client.force_login(organizer)
    before = state()
    assert client.get(url_for(name, world)).status_code == 405
    assert state() == before


def test_sign_in_locks_after_five_failures(organizer):
    cache.clear()
    client = Client()
    url = reverse("login")
    for _ in range(5):
        response = client.post(url, {"username": "org", "password": "wrong"})
        assert "Please enter a correct username and password" in response.content.decode()
    locked = client.post(url, {"username": "org", "password": "secret-org-pw"})
    assert locked.status_code == 200
    assert "Too many failed sign-ins" in locked.content.decode()
    assert "_auth_user_id" not in client.session
    cache.clear()
    ok = client.post(url, {"username": "org", "password": "secret-org-pw"})
    assert ok.status_code == 302


def test_a_good_sign_in_clears_earlier_failures(organizer):
    cache.clear()
    client = Client()
    url = reverse("login")
    for _ in range(4):
        client.post(url, {"username": "org", "password": "wrong"})
    assert client.post(url, {"username": "org", "password": "secret-org-pw"}).status_code == 302
    client.logout()
    for _ in range(4):
        client.post(url, {"username": "org", "password": "wrong"})
    assert client.post(url, {"username": "org", "password": "secret-org-pw"}).status_code == 302


def test_admin_shows_the_ledger_read_only(world, django_user_model):
    admin = django_user_model.objects.create_superuser("root", password="x-pw")
    client = Client()
    client.force_login(admin)
    entry = LedgerEntry.objects.first()
    assert client.get(reverse("admin:tournaments_ledgerentry_changelist")).status_code == 200
    assert client.get(reverse("admin:tournaments_ledgerentry_add")).status_code == 403
    assert (
        client.post(
            reverse("admin:tournaments_ledgerentry_delete", args=[entry.pk]), {"post": "yes"}
        ).status_code
        == 403
    )
    assert LedgerEntry.objects.filter(pk=entry.pk).exists()


def test_production_settings_generate_a_secret_key_once_and_keep_it(monkeypatch, tmp_path):
    """DEBUG off without SECRET_KEY: a key is generated on the first run and kept in var/
    (it used to refuse to start; the hall's laptop must start with no setup)."""
    import importlib
    import stat

    import taroky_site.settings as settings_module

    key_file = tmp_path / "var" / "secret_key"
    monkeypatch.setenv("DEBUG", "0")
    monkeypatch.delenv("SECRET_KEY", raising=False)
    monkeypatch.setenv("SECRET_KEY_FILE", str(key_file))
    try:
        importlib.reload(settings_module)
        first = settings_module.SECRET_KEY
        assert key_file.read_text() == first
        assert len(first) == 50 and "insecure" not in first
        assert stat.S_IMODE(key_file.stat().st_mode) == 0o600
        importlib.reload(settings_module)
        assert settings_module.SECRET_KEY == first
        monkeypatch.setenv("SECRET_KEY", "x" * 60)
        importlib.reload(settings_module)
        assert settings_module.SECRET_KEY == "x" * 60
        assert settings_module.DEBUG is False
    finally:
        monkeypatch.undo()
        importlib.reload(settings_module)
