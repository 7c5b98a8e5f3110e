"""A deal sent from a table and refused as a conflict (another deal of that number was
saved first) is kept on the server as a rejected version of the saved deal: who sent
it, when, its document and the payments it would have made. The deal's page and the
organizer's inbox show it until an organizer adopts it as a correction (one step) or
dismisses it; both are in the activity log."""

import datetime
import html
import re

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import timezone

from tournaments import services
from tournaments.models import ActivityEntry, Deal, Player, RejectedVersion

from ..conftest import played_doc
from .deal_forms import form_data
from .ledger import nets

pytestmark = pytest.mark.django_db

JSON = {"HTTP_ACCEPT": "application/json"}

# Anna's Four (second half) with Čada lost with 20 points, as the phone sent it.
LOST = played_doc(bidder_points=20)
# What it would have paid (contract section 4: a Four is worth 5 from each opponent).
LOST_TRANSFERS = [
    {
        "from": "Anna",
        "to": "Bill",
        "chips": 5,
        "reason": "game",
        "explanation": "Game lost with 20 card points: Four (second half) 5 = 5",
    },
    {
        "from": "Čada",
        "to": "Dana",
        "chips": 5,
        "reason": "game",
        "explanation": "Game lost with 20 card points: Four (second half) 5 = 5",
    },
]
LOST_NET = {"Anna": -5, "Bill": 5, "Čada": -5, "Dana": 5}


@pytest.fixture
def link(table, organizer):
    return services.issue_link(table, organizer)


@pytest.fixture
def org(organizer):
    client = Client()
    client.force_login(organizer)
    return client


def deal_url(link):
    return reverse("link-deal", args=[link.token])


def send_conflict(link, **fields):
    """The phone sends deal 1 (20 points unless said) after the organizer saved his."""
    return Client().post(deal_url(link), form_data(**{"bidder_points": "20", **fields}), **JSON)


@pytest.fixture
def saved(table, organizer):
    """The organizer's deal 1: Anna's Four won with 41."""
    return services.record_deal(table, played_doc(), organizer, number=1)


def test_a_conflict_keeps_the_phones_version_on_the_server_once(table, link, saved):
    before = timezone.now()
    # The phone sends it again (its retry) and without its script: one record.
    assert send_conflict(link).status_code == 409
    assert send_conflict(link).status_code == 409
    assert Client().post(deal_url(link), form_data(bidder_points="20")).status_code == 200
    rejected = RejectedVersion.objects.get()
    assert rejected.deal == saved
    assert rejected.document == LOST
    assert rejected.transfers == LOST_TRANSFERS
    assert rejected.net == LOST_NET
    assert rejected.sent_via == link
    assert rejected.sent_by.username == "table-link"
    assert before <= rejected.sent_at <= timezone.now()
    assert (rejected.handled, rejected.handled_by, rejected.handled_at) == ("", None, None)
    logged = ActivityEntry.objects.filter(action="reject_deal_version").get()
    assert logged.user.username == "table-link"
    assert logged.detail == {
        "round": 1,
        "table": 1,
        "deal": 1,
        "rejected": rejected.pk,
        "sent_via": "table link",
    }
    # Another version of deal 1 sent: a second record.
    send_conflict(link, bidder_points="10")
    assert sorted(r.document["bidder_points"] for r in RejectedVersion.objects.all()) == [10, 20]
    # Nothing of the ledger changed: the saved deal 1 counts, once.
    assert Deal.objects.count() == 1
    assert nets(table) == {"Anna": 5, "Bill": -5, "Čada": 5, "Dana": -5}


def test_an_organizers_conflicting_entry_is_kept_too(table, org, organizer, saved):
    page = org.post(reverse("deal-create", args=[table.pk]), form_data(bidder_points="20"), **JSON)
    assert page.status_code == 409
    rejected = RejectedVersion.objects.get()
    assert (rejected.sent_by, rejected.sent_via, rejected.deal) == (organizer, None, saved)
    # The organizer adopts it from the deal's page: the box says where.
    where = reverse("deal-detail", args=[saved.pk])
    assert f'href="{where}#rejected-versions"' in page.json()["html"]


def test_the_conflict_box_gives_advice_the_table_can_follow(table, link, saved, organizer):
    """The organizer entered deal 1: a link cannot correct it, so the box does not say to
    correct it from the table's sheet; it says the organizer adopts the phone's."""
    said = send_conflict(link).json()
    assert "from the table's sheet" not in said["html"]
    assert (
        "If yours is right, ask the organizer to adopt it: the organizer sees it beside "
        "deal 1 and in the inbox." in said["html"]
    )
    # A deal the link entered, still the table's last: the link may correct it itself.
    services.undo_last_deal(table, organizer, 1)
    services.record_deal(table, played_doc(dealer="Anna", bidder="Bill"), None, link=link)
    deal_2 = form_data(number="2", dealer="Anna", bidder="Bill", bidder_points="20")
    said = Client().post(deal_url(link), deal_2, **JSON).json()
    assert (
        "If yours is right, correct deal 2 from the table's sheet (it is the table's last "
        "deal), or ask the organizer to adopt yours." in said["html"]
    )


def test_the_words_for_a_deal_number_ahead_of_the_table(table, link, organizer):
    """Deal 5 sent when the table has 1: not "already entered", which it was not."""
    services.record_deal(table, played_doc(), organizer, number=1)
    with pytest.raises(services.DealError) as error:
        services.record_deal(table, played_doc(dealer="Anna"), organizer, number=5)
    assert error.value.message == "Deal 5 cannot be saved yet: deal 2 comes first."
    answer = Client().post(deal_url(link), form_data(number="5", dealer="Anna"), **JSON)
    assert answer.status_code == 400
    assert answer.json()["message"] == "Deal 5 cannot be saved yet: deal 2 comes first."
    assert Deal.objects.count() == 1


def rejected_section(html):
    return html[html.index('id="rejected-versions"') :]


def test_the_deal_page_and_the_inbox_show_it_until_it_is_handled(
    client, table, link, org, saved, organizer
):
    send_conflict(link)
    rejected = RejectedVersion.objects.get()
    at = timezone.localtime(rejected.sent_at).strftime("%H:%M:%S %Z")  # 19:02:33 CST
    page = org.get(reverse("deal-detail", args=[saved.pk])).content.decode()
    shown = rejected_section(page)
    assert f"Sent by the table link at {at}, not saved" in shown
    assert "Anna: Four, second half with Čada, 20:50 card points" in shown
    assert "Anna → Bill <strong>5</strong>" in shown and "Čada → Dana <strong>5</strong>" in shown
    # In the order of play (PostgreSQL keeps a JSON object's keys in its own order).
    assert (
        '<p class="net"><span class="neg">Anna -5</span> · <span class="pos">Bill +5</span> · '
        '<span class="neg">Čada -5</span> · <span class="pos">Dana +5</span></p>'
    ) in shown
    assert f'action="{reverse("rejected-adopt", args=[rejected.pk])}"' in shown
    assert f'action="{reverse("rejected-dismiss", args=[rejected.pk])}"' in shown
    inbox = org.get(reverse("inbox", args=[table.round.event.pk])).content.decode()
    row = inbox[inbox.index(f'data-rejected="{rejected.pk}"') :]
    assert "Anna: Four, second half with Čada, 20:50 card points" in row
    assert f"the table link at {at}" in row
    assert f'action="{reverse("rejected-adopt", args=[rejected.pk])}"' in row
    # A reader of the published event sees that a version was rejected, and no buttons.
    services.update_event(table.round.event, organizer, published=True)
    public = client.get(reverse("deal-detail", args=[saved.pk])).content.decode()
    assert f"Sent by the table link at {at}, not saved" in rejected_section(public)
    assert "rejected-adopt" not in public and "/adopt/" not in public


@pytest.mark.parametrize(
    "kept, believed",
    [
        ("10 minutes before", True),
        ("8 days before", False),  # a phone's clock off by days says nothing
        ("no zone", False),
        ("soon", False),
    ],
)
def test_the_inbox_says_when_the_phone_kept_it(table, link, org, saved, kept, believed):
    """A phone offline keeps the deal and sends it later with when it kept it
    (``kept_at``, the page script's toISOString): the inbox and the deal page say both
    moments; a time that cannot be believed of a deal just sent is not said."""
    now = timezone.now()
    sent = {
        "10 minutes before": now - datetime.timedelta(minutes=10),
        "8 days before": now - datetime.timedelta(days=8),
    }
    text = {
        "no zone": now.replace(tzinfo=None).isoformat(),
        "soon": "soon",
    }.get(kept) or sent[kept].isoformat().replace("+00:00", "Z")
    assert send_conflict(link, kept_at=text).status_code == 409
    rejected = RejectedVersion.objects.get()
    assert rejected.kept_at == (sent[kept] if believed else None)
    at = timezone.localtime(rejected.sent_at).strftime("%H:%M:%S %Z")
    inbox = org.get(reverse("inbox", args=[table.round.event.pk])).content.decode()
    if believed:
        was = timezone.localtime(sent[kept]).strftime("%H:%M:%S %Z")
        said = f"Sent by the table link: kept on the phone at {was}, reached the server at {at}"
    else:
        said = f"Sent by the table link at {at}, not saved"
    assert said in inbox
    assert said in org.get(reverse("deal-detail", args=[saved.pk])).content.decode()


def test_the_organizer_adopts_it_as_a_correction_in_one_step(table, link, org, saved, organizer):
    send_conflict(link)
    rejected = RejectedVersion.objects.get()
    at = timezone.localtime(rejected.sent_at).strftime("%H:%M:%S %Z")  # 19:02:33 CST
    inbox_url = reverse("inbox", args=[table.round.event.pk])
    response = org.post(
        reverse("rejected-adopt", args=[rejected.pk]),
        {"expected_version": "1", "back": inbox_url},
        follow=True,
    )
    assert response.redirect_chain == [(inbox_url, 302)]
    assert [str(m) for m in response.context["messages"]] == [
        f"Deal 1 at table 1 corrected: the version the table link sent at {at} is now version 2."
    ]
    saved.refresh_from_db()
    assert (saved.version, saved.document["bidder_points"]) == (2, 20)
    version = saved.versions.get(number=2)
    assert version.reason == f"The version the table link sent at {at} (not saved: a conflict)"
    assert version.created_by == organizer
    assert nets(table) == LOST_NET
    rejected.refresh_from_db()
    assert (rejected.handled, rejected.handled_by, rejected.adopted_version) == (
        "adopted",
        organizer,
        2,
    )
    logged = ActivityEntry.objects.filter(action="adopt_rejected_version").get()
    assert (logged.user, logged.detail) == (
        organizer,
        {"round": 1, "table": 1, "deal": 1, "rejected": rejected.pk, "version": 2},
    )
    # Handled: out of the inbox; the deal's page says what became of it.
    assert f'data-rejected="{rejected.pk}"' not in response.content.decode()
    page = org.get(reverse("deal-detail", args=[saved.pk])).content.decode()
    assert "Adopted as version 2 by org at" in rejected_section(page)
    assert "/adopt/" not in page
    # Adopting it again changes nothing.
    again = org.post(
        reverse("rejected-adopt", args=[rejected.pk]), {"expected_version": "2"}, follow=True
    )
    assert [str(m) for m in again.context["messages"]] == [
        "This version of deal 1 was adopted already (as version 2, by org)."
    ]
    saved.refresh_from_db()
    assert saved.version == 2


def test_the_organizer_dismisses_it(table, link, org, saved, organizer):
    send_conflict(link)
    rejected = RejectedVersion.objects.get()
    response = org.post(reverse("rejected-dismiss", args=[rejected.pk]), follow=True)
    assert response.redirect_chain == [(reverse("deal-detail", args=[saved.pk]), 302)]
    assert [str(m) for m in response.context["messages"]] == [
        "The version of deal 1 that was not saved is dismissed; deal 1 stays as it is."
    ]
    rejected.refresh_from_db()
    assert (rejected.handled, rejected.handled_by, rejected.adopted_version) == (
        "dismissed",
        organizer,
        None,
    )
    assert rejected.handled_at is not None
    saved.refresh_from_db()
    assert saved.version == 1
    assert nets(table) == {"Anna": 5, "Bill": -5, "Čada": 5, "Dana": -5}
    logged = ActivityEntry.objects.filter(action="dismiss_rejected_version").get()
    assert (logged.user, logged.detail) == (
        organizer,
        {"round": 1, "table": 1, "deal": 1, "rejected": rejected.pk},
    )
    assert "Dismissed by org at" in rejected_section(response.content.decode())
    inbox = org.get(reverse("inbox", args=[table.round.event.pk])).content.decode()
    assert f'data-rejected="{rejected.pk}"' not in inbox
    adopted = org.post(
        reverse("rejected-adopt", args=[rejected.pk]), {"expected_version": "1"}, follow=True
    )
    assert [str(m) for m in adopted.context["messages"]] == [
        "This version of deal 1 was dismissed already (by org)."
    ]
    saved.refresh_from_db()
    assert saved.version == 1


def test_adopting_a_version_of_a_deal_changed_meanwhile_is_refused(
    table, link, org, saved, organizer
):
    send_conflict(link)
    rejected = RejectedVersion.objects.get()
    services.correct_deal(saved, played_doc(bidder_points=45), organizer, "recounted")
    response = org.post(
        reverse("rejected-adopt", args=[rejected.pk]), {"expected_version": "1"}, follow=True
    )
    messages = [str(m) for m in response.context["messages"]]
    assert len(messages) == 1 and messages[0].startswith("This deal was changed by org at ")
    saved.refresh_from_db()
    assert (saved.version, saved.document["bidder_points"]) == (2, 45)
    rejected.refresh_from_db()
    assert rejected.handled == ""


def test_the_version_of_a_voided_deal_is_only_dismissed(table, link, org, saved, organizer):
    send_conflict(link)
    rejected = RejectedVersion.objects.get()
    services.void_deal(saved, organizer, "dealt twice")
    page = org.get(reverse("deal-detail", args=[saved.pk])).content.decode()
    assert "/dismiss/" in page and "/adopt/" not in page
    with pytest.raises(services.DealError, match="This deal was voided"):
        services.adopt_rejected_version(rejected, organizer, expected_version=2)
    rejected.refresh_from_db()
    assert rejected.handled == ""


def test_only_the_events_organizers_handle_it(table, link, saved, other_organizer):
    send_conflict(link)
    rejected = RejectedVersion.objects.get()
    with pytest.raises(services.PermissionDenied):
        services.adopt_rejected_version(rejected, other_organizer, expected_version=1)
    with pytest.raises(services.PermissionDenied):
        services.dismiss_rejected_version(rejected, other_organizer)
    rejected.refresh_from_db()
    assert rejected.handled == ""


def counted(client, url):
    with CaptureQueriesContext(connection) as queries:
        response = client.get(url)
    assert response.status_code == 200, url
    return len(queries)


def test_the_deal_page_and_the_inbox_cost_the_same_queries_with_more_rejected_versions(
    org, organizer, round1
):
    """One table with one rejected version of its deal 1, then two tables with four each
    (one of them handled) and deals waiting for confirmation."""
    event = round1.event
    services.update_event(event, organizer, table_deals_need_confirmation=True)

    def table_with(names, versions):
        players = [Player.objects.create(name=n) for n in names]
        table = services.create_table(round1, organizer, players, first_forehand=players[0])
        link = services.issue_link(table, organizer)
        doc = played_doc(players=names, dealer=names[3], bidder=names[0], partner=names[2])
        deal = services.record_deal(table, doc, None, number=1, link=link)
        for points in range(20, 20 + versions):
            services.record_rejected_version(deal, {**doc, "bidder_points": points}, None, link)
        return deal

    small = table_with(["Anna", "Bill", "Čada", "Dana"], 1)
    urls = [reverse("deal-detail", args=[small.pk]), reverse("inbox", args=[event.pk])]
    before = [counted(org, url) for url in urls]
    large = table_with(["Emil", "Fanny", "Gustav", "Hana"], 3)
    table_with(["Ivan", "Jana", "Karel", "Lída"], 3)
    # A fourth once one is handled (three open at most).
    services.dismiss_rejected_version(large.rejected_versions.first(), organizer)
    doc = large.document | {"bidder_points": 10}
    services.record_rejected_version(large, doc, None, large.table.links.get())
    urls = [reverse("deal-detail", args=[large.pk]), reverse("inbox", args=[event.pk])]
    after = [counted(org, url) for url in urls]
    assert after == before
    inbox = org.get(urls[1]).content.decode()
    assert inbox.count("data-rejected=") == 1 + 3 + 3
    assert inbox.count("<tr data-deal=") == 3


def test_the_inbox_polled_sees_a_version_arrive_and_go(table, link, org, saved):
    """The inbox answers 304 while nothing changed: a rejected version arriving, adopted
    or dismissed gives it a new ETag."""
    url = reverse("inbox", args=[table.round.event.pk])
    org.get(url)  # the first answer sets the CSRF cookie, part of the ETag

    def tag_after(change):
        before = org.get(url)["ETag"]
        change()
        response = org.get(url, HTTP_IF_NONE_MATCH=before)
        assert response.status_code == 200
        return response

    shown = tag_after(lambda: send_conflict(link))
    assert shown.content.decode().count("data-rejected=") == 1
    shown = tag_after(lambda: send_conflict(link, bidder_points="10"))
    assert shown.content.decode().count("data-rejected=") == 2
    first, second = RejectedVersion.objects.order_by("pk")
    shown = tag_after(lambda: org.post(reverse("rejected-dismiss", args=[first.pk])))
    assert shown.content.decode().count("data-rejected=") == 1
    adopt = reverse("rejected-adopt", args=[second.pk])
    shown = tag_after(lambda: org.post(adopt, {"expected_version": "1"}))
    assert "data-rejected=" not in shown.content.decode()
    # Sent again, nothing new: the same ETag.
    before = org.get(url)["ETag"]
    send_conflict(link)
    assert org.get(url, HTTP_IF_NONE_MATCH=before).status_code == 304


def test_a_deal_keeps_three_open_versions_at_most(table, link, org, saved, organizer):
    """Before: every distinct document a link sent as a taken deal's number made one
    more rejected version and one more activity-log entry, without end."""
    for points in ("20", "21", "22"):
        assert send_conflict(link, bidder_points=points).status_code == 409
    answer = send_conflict(link, bidder_points="23")
    assert answer.status_code == 409
    said = answer.json()
    assert said["result"] == "conflict"
    words = " ".join(html.unescape(re.sub(r"<[^>]+>", " ", said["html"])).split())
    assert "Yours was not saved. Deal 1" in words  # not "but it is kept beside deal 1"
    assert (
        "Deal 1 already has 3 versions sent from the table waiting for the organizer, so "
        "yours is not kept beside it. This phone keeps yours until the table dismisses it." in words
    )
    assert "If yours is right, show this phone to the organizer, who can correct deal 1." in words
    assert sorted(RejectedVersion.objects.values_list("document__bidder_points", flat=True)) == [
        20,
        21,
        22,
    ]
    assert ActivityEntry.objects.filter(action="reject_deal_version").count() == 3
    # One of them sent again (a phone's retry) is the one kept: no more, no refusal.
    again = send_conflict(link, bidder_points="21").json()
    assert "but it is kept beside deal 1" in again["html"]
    assert RejectedVersion.objects.count() == 3
    # Once the organizer handled one, the deal keeps another.
    services.dismiss_rejected_version(RejectedVersion.objects.order_by("pk").first(), organizer)
    assert "but it is kept beside deal 1" in send_conflict(link, bidder_points="23").json()["html"]
    assert RejectedVersion.objects.filter(handled="").count() == 3
    assert (
        "but it is kept beside deal 1" not in send_conflict(link, bidder_points="24").json()["html"]
    )
    assert RejectedVersion.objects.count() == 4
    # The organizer's own conflicting entry is told the same, without the phone.
    page = org.post(reverse("deal-create", args=[table.pk]), form_data(bidder_points="25"))
    conflict = page.context["conflict"]
    assert conflict["kept"] is None
    assert conflict["not_kept"] == (
        "Deal 1 already has 3 versions sent from the table waiting for the organizer, so "
        "yours is not kept beside it."
    )
    shown = page.content.decode()
    assert "This phone keeps yours" not in shown
    assert f'correct deal 1 from <a href="{saved.get_absolute_url()}">its page</a>.' in shown


def test_a_version_of_a_deal_past_the_sessions_end_is_not_kept(table, link, organizer):
    """A deal the table could not have entered as deal N (its session had ended before
    it: here the organizer shortened the session to two deals after three) is said as a
    conflict and not kept; deal 2, within the session, is."""
    event = table.round.event
    services.update_event(event, organizer, deals_per_session=3)
    for dealer in ("Dana", "Anna", "Bill"):
        services.record_deal(table, played_doc(dealer=dealer), organizer)
    services.update_event(event, organizer, deals_per_session=2)
    third = send_conflict(link, number="3", dealer="Bill")
    assert third.status_code == 409
    words = " ".join(html.unescape(re.sub(r"<[^>]+>", " ", third.json()["html"])).split())
    assert (
        "The table's session had ended before deal 3 (after 2 deals): yours is not kept "
        "beside it." in words
    )
    assert not RejectedVersion.objects.exists()
    with pytest.raises(services.DealError):
        services.record_rejected_version(
            Deal.objects.get(number=3), played_doc(dealer="Bill", bidder_points=20), organizer
        )
    second = send_conflict(link, number="2", dealer="Anna")
    assert "but it is kept beside deal 2" in second.json()["html"]
    assert list(RejectedVersion.objects.values_list("deal__number", flat=True)) == [2]


def test_a_link_stopped_meanwhile_keeps_nothing(table, link, saved, organizer):
    """The link's rights are read under the table's lock, as a deal's are: revoked or
    its round closed, nothing is kept."""
    services.revoke_link(link, organizer)
    with pytest.raises(services.PermissionDenied):
        services.record_rejected_version(saved, LOST, None, link=link)
    assert not RejectedVersion.objects.exists()


def test_a_version_sent_before_a_rename_is_shown_and_adopted_under_todays_name(
    table, link, org, saved, organizer
):
    """Before: the version kept the names it was sent with and no player ids, so after
    Čada's rename its pages said Čada and adopting it was refused ("The deal names
    players who do not sit at this table")."""
    send_conflict(link)
    rejected = RejectedVersion.objects.get()
    cada = Player.objects.get(name="Čada")
    services.rename_player(table.round.event, organizer, cada, "Ken Čada")
    page = org.get(reverse("deal-detail", args=[saved.pk])).content.decode()
    shown = " ".join(html.unescape(re.sub(r"<[^>]+>", " ", rejected_section(page))).split())
    assert "Anna: Four, second half with Ken Čada, 20:50 card points" in shown
    assert "Ken Čada → Dana 5" in shown
    assert "Anna -5 · Bill +5 · Ken Čada -5 · Dana +5" in shown
    assert not re.search(r"(?<!Ken )Čada", shown), shown
    inbox = org.get(reverse("inbox", args=[table.round.event.pk])).content.decode()
    assert "Anna: Four, second half with Ken Čada, 20:50 card points" in inbox
    deal = services.adopt_rejected_version(rejected, organizer, expected_version=1).deal
    assert deal.document == LOST | {"partner": "Ken Čada", "players": SEATS_TODAY}
    assert nets(table) == {"Anna": -5, "Bill": 5, "Ken Čada": -5, "Dana": 5}


SEATS_TODAY = ["Anna", "Bill", "Ken Čada", "Dana"]


def test_the_same_deal_sent_after_a_rename_is_already_saved(table, link, saved, organizer):
    """A phone's form opened after Čada's rename says Ken Čada: the deal saved before,
    under Čada, is the same deal (counted once), not a conflict."""
    services.rename_player(
        table.round.event, organizer, Player.objects.get(name="Čada"), "Ken Čada"
    )
    answer = send_conflict(link, bidder_points="41", partner="Ken Čada")
    assert answer.status_code == 200
    assert answer.json()["result"] == "already_saved"
    assert not RejectedVersion.objects.exists()


def test_the_player_ids_of_the_names_sent_are_kept(table, link, saved):
    send_conflict(link)
    seats = {s.player.name: s.player_id for s in table.seats.select_related("player")}
    assert RejectedVersion.objects.get().names == seats


def migration(topic):
    """A migration module by its topic (the lead renumbers migrations at merge)."""
    import importlib
    from pathlib import Path

    import tournaments.migrations as package

    (path,) = Path(package.__file__).parent.glob(f"0*_{topic}.py")
    return importlib.import_module(f"tournaments.migrations.{path.stem}")


def test_the_migration_finds_the_players_of_versions_kept_before_it(table, link, saved, organizer):
    """A version kept before the ids were: its names read off its table's seats by the
    names they had when it was sent, even a name another seat has now."""
    from django.apps import apps

    send_conflict(link)
    ids = {s.player.name: s.player_id for s in table.seats.select_related("player")}
    event = table.round.event
    services.rename_player(event, organizer, Player.objects.get(name="Anna"), "Anna Nová")
    services.rename_player(event, organizer, Player.objects.get(name="Bill"), "Anna")
    RejectedVersion.objects.update(names={})
    migration("rejected_version_names").fill_names(apps, None)
    assert RejectedVersion.objects.get().names == ids


def test_a_backup_written_before_the_ids_restores_with_them(
    tmp_path, fresh_sqlite, table, link, saved
):
    """restore_db fills them as the migration does (into a new database, as it restores)."""
    import io
    import json

    from django.core.management import call_command

    from .commands import run_manage

    send_conflict(link)
    ids = RejectedVersion.objects.get().names
    backup = tmp_path / "backup.json"
    call_command("backup_db", output=str(backup), stdout=io.StringIO())
    rows = json.loads(backup.read_text())
    for row in rows:
        if row["model"] == "tournaments.rejectedversion":
            del row["fields"]["names"]  # as a backup written before they were kept
    backup.write_text(json.dumps(rows))
    restored = run_manage(tmp_path, "restore_db", str(backup))
    assert restored.returncode == 0, restored.stderr
    script = (
        "import json; from tournaments.models import RejectedVersion; "
        "print(json.dumps(RejectedVersion.objects.get().names))"
    )
    said = run_manage(tmp_path, "shell", "-v0", "-c", script)
    assert json.loads(said.stdout) == ids


# -- what waits for the organizer, said where the organizer looks (issue 29) -------------


def page_words(response) -> str:
    """A page's text as read: tags out, entities unescaped, whitespace single."""
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", response.content.decode())).split())


def test_the_inbox_says_the_versions_wait_for_the_organizer(table, link, org, saved):
    """Before: headed "Sent from the tables, not saved", which did not say that they
    wait for the organizer, nor why they were not saved."""
    send_conflict(link)
    inbox = org.get(reverse("inbox", args=[table.round.event.pk]))
    assert (
        '<h2 id="rejected-heading">Waiting for you: versions a table sent that were not saved</h2>'
    ) in inbox.content.decode()
    assert (
        "A table sent each of these after a different deal of that number was saved first, "
        "so it was not saved. Each waits here, and on its deal's page, until you adopt it "
        "(its deal is corrected to it) or dismiss it (the deal stays as it is)."
    ) in page_words(inbox)


def notice(response) -> str:
    page = response.content.decode()
    if 'id="waiting-versions"' not in page:
        return ""
    start = page.index('id="waiting-versions"')
    return page[start : page.index("</p>", start)]


def test_the_event_page_says_a_version_waits_and_links_to_it(
    client, table, link, org, saved, organizer
):
    """Before: the event's page said nothing while a version waited for the organizer."""
    event = table.round.event
    url = reverse("event-detail", args=[event.pk])
    assert notice(org.get(url)) == ""
    send_conflict(link)
    said = notice(org.get(url))
    assert html.unescape(re.sub(r"<[^>]+>", "", said)) == (
        'id="waiting-versions">A version of deal 1 at table 1 (round 1) sent from the table '
        "waits for you: it was not saved, because a different deal 1 was saved first. "
        "Adopt or dismiss it."
    )
    assert f'<a href="{reverse("deal-detail", args=[saved.pk])}#rejected-versions">' in said
    send_conflict(link, bidder_points="10")
    assert "2 versions of deal 1 at table 1 (round 1) sent from the table wait for you" in (
        notice(org.get(url))
    )
    # Another deal's version too: the inbox lists them.
    services.record_deal(table, played_doc(dealer="Anna", bidder="Bill"), organizer, number=2)
    send_conflict(link, number="2", dealer="Anna", bidder="Bill", bidder_points="20")
    said = notice(org.get(url))
    assert html.unescape(re.sub(r"<[^>]+>", "", said)) == (
        'id="waiting-versions">3 versions of deals sent from the tables wait for you: they '
        "were not saved, because a different deal of the same number was saved first. "
        "Adopt or dismiss them in the inbox."
    )
    assert f'<a href="{reverse("inbox", args=[event.pk])}#rejected-heading">' in said
    # A reader of the published event is not told: it is the organizer's to handle.
    services.update_event(event, organizer, published=True)
    assert client.get(url).status_code == 200
    assert notice(client.get(url)) == ""
    # Handled, it no longer waits.
    for rejected in RejectedVersion.objects.all():
        services.dismiss_rejected_version(rejected, organizer)
    assert notice(org.get(url)) == ""


def test_the_deal_page_shows_how_a_waiting_version_differs_from_the_saved_deal(
    table, link, org, saved, organizer
):
    """Before: the version and the deal were shown apart, the organizer left to spot
    what differs. Saved: Anna's Four (second half) won with 41; sent: a Four (first
    half) lost with 20."""
    send_conflict(link, blind="first", bidder_points="20")
    rejected = RejectedVersion.objects.get()
    page = org.get(reverse("deal-detail", args=[saved.pk])).content.decode()
    start = page.index(f'id="differences-{rejected.pk}"')
    shown = " ".join(
        html.unescape(re.sub(r"<[^>]+>", " ", page[start : page.index("</div>", start)])).split()
    )
    assert shown == (
        f'id="differences-{rejected.pk}"> How it differs from deal 1 as saved '
        "(saved → this version): "
        "Blind (Four): Second half: 5 → First half: 4 "
        "Card points of the bidder's team: 41 → 20 "
        "Only deal 1 as saved pays: Bill → Anna 5, Dana → Čada 5. "
        "Only this version pays: Anna → Bill 4, Čada → Dana 4. "
        "Net: Anna +5 → -4, Bill -5 → +4, Čada +5 → -4, Dana -5 → +4."
    )
    # Handled, it is history: no comparison with the deal as it is now.
    services.dismiss_rejected_version(rejected, organizer)
    page = org.get(reverse("deal-detail", args=[saved.pk])).content.decode()
    assert "How it differs" not in page


def test_a_deal_entered_through_the_link_is_said_as_the_tables_link(table, link, org, organizer):
    """Before: the deal's history and the conflict box named the account a link's deals
    are filed under: "table-link"."""
    saved = services.record_deal(table, played_doc(), None, number=1, link=link)
    # Corrected by the organizer since: saved first all the same by the link.
    services.correct_deal(saved, played_doc(bidder_points=45), organizer, "recounted")
    page = org.get(reverse("deal-detail", args=[saved.pk]))
    assert "table-link" not in page.content.decode()
    history = page.content.decode()
    history = history[history.index('id="versions"') :]
    rows = re.findall(r"<tr>\s*<td>(\d)</td><td>[^<]*</td>\s*<td>([^<]*)</td>", history)
    assert [(n, html.unescape(who)) for n, who in rows] == [("1", "Table 1's link"), ("2", "org")]
    box = org.post(reverse("deal-create", args=[table.pk]), form_data(bidder_points="20"))
    words = page_words(box)
    assert "table-link" not in box.content.decode()
    assert "Deal 1 was saved first (by the table's link at " in words
