"""The tournament hall: table links, confirmation, undo, the wall, find your seat."""

import io
import re
import threading

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django_scopes import scopes_disabled
from pypdf import PdfReader

from tournaments import services
from tournaments.models import (
    ActivityEntry,
    Deal,
    DealConfirmation,
    DealVersion,
    Round,
    Seat,
    TableLink,
)
from tournaments.synthetic import Size, make_synthetic_event

from ..conftest import TOURNAMENT_PLAYERS, played_doc
from .deal_forms import form_data
from .ledger import nets

pytestmark = pytest.mark.django_db


@pytest.fixture
def link(table, organizer):
    return services.issue_link(table, organizer)


def link_url(link, name="link-sheet", *args):
    return reverse(name, args=[link.token, *args])


def messages_of(response):
    return [str(m) for m in response.context["messages"]] if response.context else []


# -- table links ----------------------------------------------------------------------


def test_a_table_link_enters_deals_at_its_table_without_an_account(client, table, link):
    page = client.get(link_url(link))
    assert page.status_code == 200
    assert f'href="{link_url(link, "link-deal")}"' in page.content.decode()
    response = client.post(link_url(link, "link-deal"), form_data())
    assert response.status_code == 302 and response["Location"] == link_url(link)
    deal = Deal.objects.get()
    assert (deal.table, deal.number, deal.entered_via) == (table, 1, link)
    assert nets(table) == {"Anna": 5, "Bill": -5, "Čada": 5, "Dana": -5}
    version = deal.versions.get()
    assert version.created_by.username == "table-link"
    assert not version.created_by.is_active and not version.created_by.has_usable_password()
    preview = client.post(link_url(link, "link-preview"), form_data(number="2", dealer="Anna"))
    assert preview.json()["net"] == {"Anna": 5, "Bill": -5, "Čada": 5, "Dana": -5}


def test_a_copy_the_service_worker_keeps_leaves_the_saved_message_for_the_page(client, link):
    # sw.js fetches a copy of an open page with X-Keep-Copy; fetched between a save and
    # its page, it must not use up "Deal 1 saved." (nor show it in the kept copy).
    client.post(link_url(link, "link-deal"), form_data())
    copy = client.get(link_url(link), HTTP_X_KEEP_COPY="1")
    assert copy.status_code == 200 and "Deal 1 saved" not in copy.content.decode()
    assert messages_of(copy) == []
    page = client.get(link_url(link))
    assert messages_of(page) == ["Deal 1 saved."]
    assert messages_of(client.get(link_url(link))) == []


def test_a_table_link_grants_nothing_else(client, table, table5, link, organizer):
    services.update_event(table.round.event, organizer, published=True)
    # Another table's pages and every organizer page still need an organizer.
    for url in [
        reverse("deal-create", args=[table5.pk]),
        reverse("deal-create", args=[table.pk]),
        reverse("round-links", args=[table.round.pk]),
        reverse("inbox", args=[table.round.event.pk]),
    ]:
        response = client.get(url)
        assert response.status_code == 302 and response["Location"].startswith("/accounts/login")
    # A table link's correction URL reaches only its own table's deals.
    services.record_deal(table, played_doc(), None, link=link)
    assert client.get(link_url(link, "link-correct", 1)).status_code == 200
    assert client.get(link_url(link, "link-correct", 2)).status_code == 404
    # The service refuses a link used for another table.
    with pytest.raises(services.LinkError, match="another table"):
        services.record_deal(table5, {}, None, link=link)


def test_a_revoked_or_reissued_link_stops_working(client, table, link, organizer):
    new = services.issue_link(table, organizer)
    response = client.post(link_url(link, "link-deal"), form_data())
    assert response.status_code == 403
    assert "replaced by the organizer" in response.content.decode()
    assert Deal.objects.count() == 0
    assert client.post(link_url(new, "link-deal"), form_data()).status_code == 302
    services.revoke_link(new, organizer)
    assert client.get(link_url(new)).status_code == 403
    assert client.post(link_url(new, "link-undo"), {"number": "1"}).status_code == 403
    assert Deal.objects.get().voided is False
    assert client.get(reverse("link-sheet", args=["not-a-token"])).status_code == 403
    actions = list(ActivityEntry.objects.order_by("id").values_list("action", flat=True))
    assert actions[-3:] == ["issue_table_link", "reissue_table_link", "revoke_table_link"]


def test_links_stop_when_the_round_is_closed(client, table, link, organizer):
    services.close_round(table.round, organizer)
    response = client.post(link_url(link, "link-deal"), form_data())
    assert response.status_code == 403
    assert "Round 1 is closed" in response.content.decode()
    assert Deal.objects.count() == 0
    services.close_round(table.round, organizer, closed=False)
    assert client.post(link_url(link, "link-deal"), form_data()).status_code == 302
    assert Deal.objects.count() == 1


@pytest.mark.parametrize(
    "post",
    [{"close": "1"}, {"issue_all": "1"}, {"reissue": "TABLE"}, {"revoke": "LINK"}],
)
def test_a_lock_failure_on_the_round_links_page_is_a_message(
    client, table, table5, link, organizer, monkeypatch, post
):
    """The link services run under locking.atomic: a deadlock reads as what happened
    (table5 has no link yet: issuing the round's links makes one)."""
    from django.db import OperationalError

    from tournaments.services import links

    class Deadlock(Exception):
        sqlstate = "40P01"

    def deadlocked(*args, **kwargs):
        raise OperationalError("deadlock detected") from Deadlock()

    monkeypatch.setattr(links, "log_activity", deadlocked)
    post = {k: {"TABLE": table.pk, "LINK": link.pk}.get(v, v) for k, v in post.items()}
    client.force_login(organizer)
    url = reverse("round-links", args=[table.round.pk])
    response = client.post(url, post, follow=True)
    assert messages_of(response) == [
        "The app was busy saving another change and could not save this one in time; "
        "nothing was saved. Try again in a moment."
    ]
    # Nothing was saved: the round open, table 1's link the one working link.
    assert Round.objects.get(pk=table.round.pk).closed_at is None
    assert list(TableLink.objects.filter(revoked_at__isnull=True)) == [link]


def test_the_service_checks_the_link_inside_its_transaction(table, link, organizer):
    # A link object fetched before the revocation is refused all the same.
    services.revoke_link(link, organizer)
    assert link.revoked_at is None
    with pytest.raises(services.LinkError, match="replaced by the organizer"):
        services.record_deal(table, played_doc(), None, link=link)
    assert Deal.objects.count() == 0


def test_a_link_revoked_between_its_check_and_the_save_is_told_on_the_form(
    client, table, link, organizer, monkeypatch
):
    # The view's check passes; the organizer revokes the link before the save locks it.
    find_link = services.find_link

    def found_then_revoked(token):
        found = find_link(token)
        services.revoke_link(TableLink.objects.get(pk=found.pk), organizer)
        return found

    monkeypatch.setattr(services, "find_link", found_then_revoked)
    response = client.post(link_url(link, "link-deal"), form_data())
    # The deal form says why, in the link's words; nothing is saved.
    assert response.status_code == 200
    assert response.templates[0].name == "tournaments/deal_form.html"
    assert "This table link was replaced by the organizer." in response.content.decode()
    assert Deal.objects.count() == 0


def test_two_phones_entering_at_one_table_one_is_saved_the_other_told(client, table, link):
    other_phone = client.__class__()
    first = client.post(link_url(link, "link-deal"), form_data())
    assert first.status_code == 302
    second = other_phone.post(link_url(link, "link-deal"), form_data(bidder_points="20"))
    assert second.status_code == 200
    assert second.context["form"].non_field_errors() == [
        "Deal 1 was saved first, so yours was not saved; the next deal at this table is 2."
    ]
    assert Deal.objects.count() == 1
    assert nets(table) == {"Anna": 5, "Bill": -5, "Čada": 5, "Dana": -5}


def enter_at_once(link, number, points):
    """Two phones submit deal ``number`` at the same moment; what each was told."""
    barrier = threading.Barrier(len(points))
    results = []

    def enter(p):
        try:
            barrier.wait()
            services.record_deal(
                link.table, played_doc(bidder_points=p), None, number=number, link=link
            )
            results.append("saved")
        except services.DealError as e:
            results.append(e.message)
        finally:
            connection.close()

    threads = [threading.Thread(target=scopes_disabled()(enter), args=(p,)) for p in points]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return sorted(results)


@pytest.mark.django_db(transaction=True)
def test_two_phones_at_the_same_moment(table, organizer):
    link = services.issue_link(table, organizer)
    for number in range(1, 11):
        assert enter_at_once(link, number, (41, 20)) == [
            f"Deal {number} was saved first, so yours was not saved; the next deal at this "
            f"table is {number + 1}.",
            "saved",
        ]
    assert Deal.objects.count() == 10


# -- confirmation ---------------------------------------------------------------------


@pytest.fixture
def confirming(table, organizer):
    services.update_event(table.round.event, organizer, table_deals_need_confirmation=True)
    return services.issue_link(table, organizer)


def test_deals_from_a_table_wait_for_confirmation_but_count_at_once(
    client, table, confirming, organizer, other_organizer
):
    link = confirming
    client.post(link_url(link, "link-deal"), form_data())
    client.post(link_url(link, "link-deal"), form_data(number="2", dealer="Anna", bidder="Bill"))
    deals = list(Deal.objects.order_by("number"))
    assert [d.awaiting_confirmation for d in deals] == [True, True]
    # They count at once: the running chips are right for the next deal.
    sheet = client.get(link_url(link)).content.decode()
    assert sheet.count('class=" unconfirmed"') == 2
    assert sheet.count('<span class="unconfirmed-tag">unconfirmed</span>') == 2
    # Anna's Four with Čada, then Bill's Four with Čada: Bill -5 + 5 = 0.
    assert nets(table) == {"Anna": 0, "Bill": 0, "Čada": 10, "Dana": -10}
    org = client.__class__()
    org.force_login(organizer)
    standings = org.get(reverse("standings", args=[table.round.event.pk])).content.decode()
    assert "Unconfirmed: round 1 table 1 deal 1; round 1 table 1 deal 2." in standings
    inbox = org.get(reverse("inbox", args=[table.round.event.pk])).content.decode()
    assert inbox.count("<tr data-deal=") == 2
    assert "Bill → Anna <strong>5</strong>" in inbox
    response = org.post(
        reverse("inbox", args=[table.round.event.pk]),
        {"confirm": deals[0].pk, "expected_version": "1"},
    )
    assert response.status_code == 302
    assert [d.awaiting_confirmation for d in Deal.objects.order_by("number")] == [False, True]
    confirmation = DealConfirmation.objects.get()
    assert (confirmation.deal, confirmation.version, confirmation.confirmed_by) == (
        deals[0],
        1,
        organizer,
    )
    audit = ActivityEntry.objects.filter(action="confirm_deal").get()
    assert audit.user == organizer
    assert audit.detail == {"round": 1, "table": 1, "deal": 1, "version": 1}
    inbox = org.get(reverse("inbox", args=[table.round.event.pk])).content.decode()
    assert inbox.count("<tr data-deal=") == 1
    sheet = org.get(reverse("table-sheet", args=[table.pk])).content.decode()
    deal_1, deal_2 = sheet.split('data-deal="2"')
    assert "unconfirmed-tag" not in deal_1
    assert deal_2.count('<span class="unconfirmed-tag">unconfirmed</span>') == 1
    with pytest.raises(services.PermissionDenied, match="Only the organizers"):
        services.confirm_deal(deals[1], other_organizer)  # organizes another event
    with pytest.raises(services.DealError, match="needs no confirmation"):
        services.confirm_deal(deals[0], organizer)


def test_who_entered_a_deal_cannot_confirm_it(
    client, table, confirming, organizer, other_organizer
):
    table.round.event.organizers.add(other_organizer)
    client.force_login(organizer)  # an organizer at the table uses its link
    entered = client.post(link_url(confirming, "link-deal"), form_data(), follow=True)
    assert messages_of(entered) == ["Deal 1 saved."]
    deal = Deal.objects.get()
    assert deal.awaiting_confirmation and deal.versions.get().created_by == organizer
    response = client.post(
        reverse("inbox", args=[table.round.event.pk]),
        {"confirm": deal.pk, "expected_version": "1"},
        follow=True,
    )
    assert messages_of(response) == [
        "You entered this deal yourself; another organizer must confirm it."
    ]
    assert Deal.objects.get().awaiting_confirmation is True
    assert not DealConfirmation.objects.exists()
    services.confirm_deal(deal, other_organizer, expected_version=1)
    assert Deal.objects.get().awaiting_confirmation is False


def test_a_correction_at_the_table_needs_confirming_again_an_organizers_does_not(
    client, table, confirming, organizer
):
    deal = services.record_deal(table, played_doc(), None, number=1, link=confirming)
    response = client.post(
        link_url(confirming, "link-correct", 1),
        form_data(expected_version="1", reason="Bill had 30", bidder_points="30"),
    )
    assert response.status_code == 302
    deal.refresh_from_db()
    assert (deal.version, deal.awaiting_confirmation) == (2, True)
    # Confirming the old version is refused: the organizer must look again.
    with pytest.raises(services.DealError, match="changed since you opened"):
        services.confirm_deal(deal, organizer, expected_version=1)
    services.confirm_deal(deal, organizer, expected_version=2)
    services.correct_deal(deal, played_doc(), organizer, "recounted", expected_version=2)
    deal.refresh_from_db()
    assert (deal.version, deal.awaiting_confirmation, deal.entered_via) == (3, False, None)


def test_without_the_option_table_deals_need_no_confirmation(table, link):
    deal = services.record_deal(table, played_doc(), None, number=1, link=link)
    assert deal.awaiting_confirmation is False


# -- undo -----------------------------------------------------------------------------


def test_undo_the_last_deal_is_a_void_entered_by_mistake(client, table, organizer):
    services.record_deal(table, played_doc(), organizer)
    services.record_deal(table, played_doc(dealer="Anna", bidder_points=20), organizer)
    client.force_login(organizer)
    sheet = client.get(reverse("table-sheet", args=[table.pk])).content.decode()
    assert (
        'name="number" value="2"><button type="submit" class="secondary" id="undo-last">' in sheet
    )
    response = client.post(reverse("table-undo", args=[table.pk]), {"number": "2"}, follow=True)
    assert messages_of(response) == ["Deal 2 undone (voided: entered by mistake)."]
    deal = Deal.objects.get(number=2)
    assert deal.voided
    assert list(deal.versions.values_list("action", "reason")) == [
        ("recorded", ""),
        ("voided", "entered by mistake"),
    ]
    assert nets(table) == {"Anna": 5, "Bill": -5, "Čada": 5, "Dana": -5}
    # A second tap (the same number) undoes nothing more.
    again = client.post(reverse("table-undo", args=[table.pk]), {"number": "2"}, follow=True)
    assert messages_of(again) == [
        "Deal 2 is not the table's last deal any more (the last is deal 1); nothing was undone."
    ]
    assert Deal.objects.filter(voided=True).count() == 1


def test_a_table_link_undoes_its_last_deal(client, table, link, organizer):
    services.record_deal(table, played_doc(), None, number=1, link=link)
    response = client.post(link_url(link, "link-undo"), {"number": "1"})
    assert response.status_code == 302
    assert Deal.objects.get().voided
    assert DealVersion.objects.filter(action="voided", reason="entered by mistake").count() == 1
    assert nets(table) == {"Anna": 0, "Bill": 0, "Čada": 0, "Dana": 0}
    # A link cannot void or correct an earlier deal through the services either.
    services.record_deal(table, played_doc(), organizer)
    services.record_deal(table, played_doc(dealer="Anna"), organizer)
    first_live = Deal.objects.get(number=2)
    with pytest.raises(services.DealError, match="only the table's last deal"):
        services.void_deal(first_live, None, "x", link=link)


def test_strangers_cannot_undo(client, table, organizer, stranger):
    services.record_deal(table, played_doc(), organizer)
    client.force_login(stranger)
    assert client.post(reverse("table-undo", args=[table.pk]), {"number": "1"}).status_code == 404
    services.update_event(table.round.event, organizer, published=True)
    assert client.post(reverse("table-undo", args=[table.pk]), {"number": "1"}).status_code == 403
    assert not Deal.objects.get().voided


def undo_by_link(client, link, number):
    return messages_of(client.post(link_url(link, "link-undo"), {"number": number}, follow=True))


def test_repeated_undo_through_a_link_does_not_walk_back_the_tables_history(
    client, table, link, organizer
):
    services.record_deal(table, played_doc(), None, number=1, link=link)
    services.record_deal(table, played_doc(dealer="Anna", bidder_points=20), None, link=link)
    assert undo_by_link(client, link, "2") == ["Deal 2 undone (voided: entered by mistake)."]
    # The last deal is now a voided one: the link can neither undo it again nor the one
    # before it; the page offers neither.
    assert undo_by_link(client, link, "2") == [
        "Deal 2 was voided already; ask the organizer to change it."
    ]
    assert undo_by_link(client, link, "1") == [
        "Deal 1 is not the table's last deal any more (the last is deal 2); nothing was undone."
    ]
    sheet = client.get(link_url(link)).content.decode()
    assert 'id="undo-last"' not in sheet and 'id="correct-last"' not in sheet
    with pytest.raises(services.DealError) as refused:
        services.void_deal(Deal.objects.get(number=1), None, "x", link=link)
    assert refused.value.message == (
        "A table link changes only the table's last deal, not deal 1; "
        "ask the organizer to change it."
    )
    assert list(Deal.objects.order_by("number").values_list("voided", flat=True)) == [False, True]
    # The organizer still can.
    services.undo_last_deal(table, organizer, 1)
    assert list(Deal.objects.order_by("number").values_list("voided", flat=True)) == [True, True]


def test_a_table_link_cannot_undo_or_correct_the_organizers_deal(client, table, link, organizer):
    services.record_deal(table, played_doc(), organizer)
    sheet = client.get(link_url(link)).content.decode()
    assert 'id="undo-last"' not in sheet and 'id="correct-last"' not in sheet
    assert undo_by_link(client, link, "1") == [
        "Deal 1 was entered by the organizer; ask the organizer to change it."
    ]
    response = client.get(link_url(link, "link-correct", 1), follow=True)
    assert messages_of(response) == [
        "Deal 1 was entered by the organizer; ask the organizer to change it."
    ]
    with pytest.raises(services.DealError, match="^Deal 1 was entered by the organizer"):
        services.correct_deal(
            Deal.objects.get(), played_doc(bidder_points=20), None, "typo", link=link
        )
    deal = Deal.objects.get()
    assert (deal.voided, deal.version) == (False, 1)
    assert nets(table) == {"Anna": 5, "Bill": -5, "Čada": 5, "Dana": -5}


def test_a_table_link_cannot_undo_or_correct_a_confirmed_deal(client, table, confirming, organizer):
    link = confirming
    deal = services.record_deal(table, played_doc(), None, number=1, link=link)
    sheet = client.get(link_url(link)).content.decode()
    assert 'id="correct-last">Correct deal 1</a>' in sheet
    assert 'value="1"><button type="submit" class="secondary" id="undo-last">' in sheet
    services.confirm_deal(deal, organizer, expected_version=1)
    sheet = client.get(link_url(link)).content.decode()
    assert 'id="undo-last"' not in sheet and 'id="correct-last"' not in sheet
    refused = "Deal 1 was confirmed by the organizer; ask the organizer to change it."
    assert undo_by_link(client, link, "1") == [refused]
    response = client.post(
        link_url(link, "link-correct", 1),
        form_data(expected_version="1", reason="Bill had 30", bidder_points="30"),
        follow=True,
    )
    assert messages_of(response) == [refused]
    with pytest.raises(services.DealError) as error:
        services.void_deal(deal, None, "x", link=link)
    assert error.value.message == refused
    deal.refresh_from_db()
    assert (deal.voided, deal.version, deal.awaiting_confirmation) == (False, 1, False)
    assert nets(table) == {"Anna": 5, "Bill": -5, "Čada": 5, "Dana": -5}


# -- the wall and find your seat ------------------------------------------------------


def drawn_event(organizer, players: int):
    """A published tournament of ``players`` with one round played and the next drawn."""
    event = make_synthetic_event(organizer, Size(players=players, rounds=1, deals_per_table=2))
    rnd = services.create_round(event, organizer)
    services.set_roll_call(rnd, organizer, list(event.players.all()))
    services.draw_seating(rnd, organizer, 7)
    services.issue_round_links(rnd, organizer)
    return event, rnd


def counted(client, url):
    with CaptureQueriesContext(connection) as queries:
        response = client.get(url)
    assert response.status_code == 200, url
    return len(queries), response


def test_the_wall_and_the_round_pack_cost_the_same_queries_at_two_sizes(client, organizer):
    small, small_round = drawn_event(organizer, 8)
    large, large_round = drawn_event(organizer, 64)
    for name in ("wall", "wall-live"):
        n_small, _ = counted(client, reverse(name, args=[small.pk]))
        n_large, response = counted(client, reverse(name, args=[large.pk]))
        assert n_small == n_large <= 14, name
    html = response.content.decode()
    # 64 players in the standings, and the drawn round's seat list alphabetically.
    assert html.count('<tr><td class="num">') == 64
    assert 'data-panel="seats"' in html and "Round 2: find your seat" in html
    seats = html[html.index('id="seat-finder"') :]
    listed = re.findall(r"<tr><td>([^<]+)</td>", seats)
    assert len(listed) == 64 and listed == sorted(listed)
    client.force_login(organizer)
    n_small, _ = counted(client, reverse("round-pack-pdf", args=[small_round.pk]))
    n_large, pack = counted(client, reverse("round-pack-pdf", args=[large_round.pk]))
    assert n_small == n_large <= 12
    texts = [p.extract_text() for p in PdfReader(io.BytesIO(pack.content)).pages]
    tables = large_round.tables.count()
    assert len(texts) == 2 + 2 * tables
    assert sum("Scan to enter" in t for t in texts) == 2 * tables


def test_qr_codes_of_table_links_print_only_for_organizers(client, organizer):
    event, rnd = drawn_event(organizer, 8)
    table = rnd.tables.first()
    url = reverse("table-pdf", args=[table.pk]) + "?blank=1"
    public = client.get(url)
    assert public.status_code == 200  # a published event's sheets are public
    assert "Scan" not in PdfReader(io.BytesIO(public.content)).pages[0].extract_text()
    public_pack = client.get(reverse("round-pack-pdf", args=[rnd.pk])).content
    assert b"Scan" not in public_pack
    assert not any("Scan" in p.extract_text() for p in PdfReader(io.BytesIO(public_pack)).pages)
    client.force_login(organizer)
    sheet = PdfReader(io.BytesIO(client.get(url).content)).pages
    assert len(sheet) == 1  # the QR code still fits the one-page sheet
    assert "Scan to enter this table's deals" in " ".join(sheet[0].extract_text().split())


def test_the_round_links_page_shows_each_tables_link_and_qr_code(client, organizer):
    event, rnd = drawn_event(organizer, 8)
    client.force_login(organizer)
    html = client.get(reverse("round-links", args=[rnd.pk])).content.decode()
    for link in TableLink.objects.filter(table__round=rnd):
        assert f"http://testserver/t/{link.token}/" in html
    assert html.count('<svg viewBox="0 0') == rnd.tables.count()


def test_find_your_seat_lists_players_alphabetically_with_table_and_seat(
    client, tournament, organizer
):
    rnd = services.create_round(tournament, organizer)
    services.set_roll_call(rnd, organizer, list(tournament.players.all()))
    services.draw_seating(rnd, organizer, 3)
    html = client.get(reverse("seat-finder", args=[rnd.pk])).content.decode()
    rows = re.findall(
        r"<tr><td>([^<]+)</td>(?:<td class=\"num\">(\d+)</td><td class=\"num\">(\d+)</td>|"
        r"<td colspan=\"2\" class=\"num\">bye</td>)</tr>",
        html,
    )
    expected = sorted(
        (
            (s.player.name, str(s.table.number), str(s.position + 1))
            for s in Seat.objects.filter(table__round=rnd).select_related("player", "table")
        ),
    )
    # Čada sorts with the Cs: Anna, Bill, Čada, Dana, ...
    assert [r[0] for r in rows] == TOURNAMENT_PLAYERS
    assert sorted(rows) == sorted(expected)


def test_an_event_with_deals_from_table_links_exports_and_imports(table, link, organizer):
    from tournaments import exchange
    from tournaments.standings import standings

    services.record_deal(table, played_doc(), None, number=1, link=link)
    services.undo_last_deal(table, None, 1, link=link)
    services.record_deal(table, played_doc(bidder_points=20), None, number=2, link=link)
    event = table.round.event
    copy = exchange.import_event(exchange.export_event(event), organizer)
    assert [(s.player.name, s.net) for s in standings(copy)] == [
        (s.player.name, s.net) for s in standings(event)
    ]
    assert [(s.player.name, s.net) for s in standings(copy)][0] == ("Bill", 5)


def test_find_your_seat_in_the_pack_runs_to_more_pages_for_a_big_round():
    from reportlab.platypus import PageBreak

    from tournaments.models import Event
    from tournaments.printouts.common import page_size
    from tournaments.printouts.round_pack import seat_finder

    rows = [{"name": f"Player {i:03d}", "table": i // 4 + 1, "seat": i % 4 + 1} for i in range(200)]
    for paper in ("letter", "a4"):
        story = seat_finder(rows, page_size(Event(paper_size=paper), wide=True), "find your seat")
        # 96 names a page (4 columns of 24): 200 names on three pages.
        assert sum(isinstance(f, PageBreak) for f in story) == 2


def test_the_printed_qr_code_is_segnos_matrix_module_for_module():
    import segno

    from tournaments.qr import _runs

    url = "http://192.168.1.20:8000/t/3PJpvr8IbSlLA_sHCPIphoz2_38ApOaY/"
    size, runs = _runs(url)
    drawn = [[0] * size for _ in range(size)]
    for y, x, length in runs:
        for i in range(x, x + length):
            drawn[y][i] = 1
    assert drawn == [[1 if m else 0 for m in row] for row in segno.make(url, error="m").matrix]


def test_a_tables_first_link_says_no_old_one_stopped(client, table, organizer):
    client.force_login(organizer)
    url = reverse("round-links", args=[table.round.pk])
    first = client.post(url, {"reissue": table.pk}, follow=True)
    again = client.post(url, {"reissue": table.pk}, follow=True)
    assert messages_of(first) == [f"Table {table.number} has a new link."]
    assert messages_of(again) == [f"Table {table.number} has a new link; the old one stopped."]


def test_the_wall_does_not_tell_the_hall_about_deals_to_confirm(
    client, table, confirming, organizer
):
    """A deal entered through the table's link waits for the organizer: the wall (the
    hall's screen) does not say so."""
    services.update_event(table.round.event, organizer, published=True)
    client.post(link_url(confirming, "link-deal"), form_data())
    assert Deal.objects.get().awaiting_confirmation
    wall = client.get(reverse("wall-live", args=[table.round.event_id])).content.decode()
    assert "<h2>Standings</h2>" in wall
    assert "to confirm" not in wall


def inbox_shown(client, event) -> list[str]:
    page = client.get(reverse("inbox", args=[event.pk])).content.decode()
    return re.findall(r'<input type="hidden" name="shown" value="([\d:]+)">', page)


def test_confirm_all_confirms_and_logs_each_deal_as_shown(
    client, table, confirming, organizer, other_organizer
):
    """Four deals wait: 1, 2 and 4 from the table, 3 entered by the organizer at the
    table's link. Deal 4 is corrected at the table after the inbox was opened: Confirm
    all confirms deals 1 and 2 as one Confirm does (a confirmation, a log entry each),
    leaves 3 (the organizer's own) and 4 (changed) in the inbox, in words."""
    event = table.round.event
    event.organizers.add(other_organizer)
    for n, dealer in ((1, "Dana"), (2, "Anna")):
        services.record_deal(table, played_doc(dealer=dealer), None, number=n, link=confirming)
    client.force_login(organizer)
    client.post(link_url(confirming, "link-deal"), form_data(number="3", dealer="Bill"))
    services.record_deal(table, played_doc(dealer="Čada"), None, number=4, link=confirming)
    deals = list(Deal.objects.order_by("number"))
    assert [d.awaiting_confirmation for d in deals] == [True] * 4
    shown = inbox_shown(client, event)
    assert shown == [f"{d.pk}:1" for d in deals]
    corrected = Client().post(
        link_url(confirming, "link-correct", 4),
        form_data(number="4", dealer="Čada", expected_version="1", reason="x", bidder_points="30"),
    )
    assert corrected.status_code == 302
    page = client.get(reverse("inbox", args=[event.pk])).content.decode()
    assert '<button type="submit" name="confirm_all" value="1">Confirm all 4 deals</button>' in page
    response = client.post(
        reverse("inbox", args=[event.pk]), {"confirm_all": "1", "shown": shown}, follow=True
    )
    assert messages_of(response) == [
        "2 deals confirmed.",
        "Deal 3 at table 1: you entered it yourself; another organizer must confirm it.",
        "Deal 4 at table 1 was changed since you opened the inbox: check it again.",
    ]
    assert [d.awaiting_confirmation for d in Deal.objects.order_by("number")] == [
        False, False, True, True,
    ]  # fmt: skip
    assert [
        (c.deal.number, c.version, c.confirmed_by) for c in DealConfirmation.objects.order_by("id")
    ] == [(1, 1, organizer), (2, 1, organizer)]
    logged = ActivityEntry.objects.filter(action="confirm_deal").order_by("id")
    assert [(a.user, a.detail) for a in logged] == [
        (organizer, {"round": 1, "table": 1, "deal": n, "version": 1}) for n in (1, 2)
    ]
    # The other organizer confirms what is left, shown again: the same queries for two
    # deals as for one; nothing shown that reads as a deal: nothing done, no error.
    other = Client()
    other.force_login(other_organizer)
    again = inbox_shown(other, event)
    assert again == [f"{deals[2].pk}:1", f"{deals[3].pk}:2"]
    pairs = dict(tuple(map(int, s.split(":"))) for s in again)
    with CaptureQueriesContext(connection) as two:
        done = services.confirm_all(event, other_organizer, pairs)
    assert [d.number for d in done.confirmed] == [3, 4] and done.left == []
    assert not Deal.objects.filter(awaiting_confirmation=True).exists()
    fifth = services.record_deal(table, played_doc(dealer="Dana"), None, number=5, link=confirming)
    with CaptureQueriesContext(connection) as one:
        services.confirm_all(event, other_organizer, {fifth.pk: 1})
    # PostgreSQL's one more: the transaction's lock_timeout (services.locking).
    assert len(one) == len(two) <= {"sqlite": 9, "postgresql": 10}[connection.vendor]
    bad = other.post(
        reverse("inbox", args=[event.pk]),
        {"confirm_all": "1", "shown": ["x", "1:", f"{10**30}:1", "-3:1"]},
        follow=True,
    )
    assert bad.status_code == 200 and messages_of(bad) == ["Nothing to confirm."]


def test_a_table_links_pages_show_no_sign_in(client, table, link):
    """The players at the table hold the link: its pages offer no account, even
    refused; the home page does."""
    pages = [link_url(link), link_url(link, "link-deal"), link_url(link, "link-correct", 1)]
    services.record_deal(table, played_doc(), None, number=1, link=link)
    for url in pages:
        page = client.get(url)
        assert page.status_code == 200, url
        assert "Sign in" not in page.content.decode() and "/accounts/login/" not in (
            page.content.decode()
        ), url
    refused = client.get(reverse("link-sheet", args=["no-such-token"]))
    assert refused.status_code == 403 and "Sign in" not in refused.content.decode()
    home = client.get(reverse("home"))
    assert '<a href="/accounts/login/">Sign in</a>' in home.content.decode()
