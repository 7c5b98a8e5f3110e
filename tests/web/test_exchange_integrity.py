"""Exports that import: checked through, as the importing organizer, audited, or nothing."""

import copy
import datetime
import io
import json
import re

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from tournaments import exchange, services
from tournaments.exchange import imports
from tournaments.ledger_audit import AuditReport
from tournaments.models import (
    ActivityEntry,
    Deal,
    DealConfirmation,
    DealVersion,
    Event,
    Player,
    RejectedVersion,
)

from ..conftest import played_doc
from .commands import run_manage

pytestmark = pytest.mark.django_db


@pytest.fixture
def two_organizers_event(table, organizer, other_organizer):
    """Deal 1 recorded by org, corrected by other-org; deal 2 recorded by other-org."""
    event = table.round.event
    event.organizers.add(other_organizer)
    deal = services.record_deal(table, played_doc(bidder_points=30), organizer)
    services.correct_deal(deal, played_doc(), other_organizer, "recount")
    services.record_deal(table, played_doc(dealer="Anna"), other_organizer)
    return event


def exported(event):
    return json.loads(json.dumps(exchange.export_event(event)))


def deals_of(document):
    return document["rounds"][0]["tables"][0]["deals"]


def test_versions_by_another_organizer_import_as_the_importing_one(
    two_organizers_event, organizer, django_user_model
):
    importer = django_user_model.objects.create_user("importer", is_staff=True)
    document = exported(two_organizers_event)
    originals = list(
        DealVersion.objects.filter(deal__table__round__event=two_organizers_event)
        .order_by("pk")
        .values_list("created_by__username", "created_at")
    )
    assert [a for a, _ in originals] == ["org", "other-org", "other-org"]
    copy_ = exchange.import_event(document, importer)
    versions = DealVersion.objects.filter(deal__table__round__event=copy_).order_by("pk")
    assert [v.created_by.username for v in versions] == ["importer"] * 3
    assert [(v.original_author, v.original_at) for v in versions] == originals
    # Exported again, the versions carry their original authors and times.
    again = exported(copy_)
    assert [(v["created_by"], v["created_at"]) for d in deals_of(again) for v in d["versions"]] == [
        (v["created_by"], v["created_at"]) for d in deals_of(document) for v in d["versions"]
    ]
    assert list(copy_.organizers.values_list("username", flat=True)) == ["importer"]


def refused(document, user, message):
    events = Event.objects.count()
    players = Player.objects.count()
    with pytest.raises(exchange.ExchangeError) as e:
        exchange.import_event(document, user)
    assert e.value.message == message
    assert (Event.objects.count(), Player.objects.count()) == (events, players)


def test_two_versions_with_the_same_sequence_are_refused(two_organizers_event, organizer):
    document = exported(two_organizers_event)
    versions = deals_of(document)[0]["versions"]
    versions[1]["sequence"] = versions[0]["sequence"]
    refused(
        document,
        organizer,
        "round 1, table 1, deal 1, version 2: sequence 1 is used twice.",
    )


def test_a_version_saved_before_the_one_it_changes_is_refused(two_organizers_event, organizer):
    document = exported(two_organizers_event)
    deals = deals_of(document)
    deals[0]["versions"][1]["sequence"], deals[1]["versions"][0]["sequence"] = 0, 2
    refused(
        document,
        organizer,
        "round 1, table 1, deal 1, version 2: saved before the version it changes.",
    )


def test_more_deals_than_the_session_allows_are_refused(table, organizer):
    event = table.round.event
    event = services.update_event(event, organizer, deals_per_session=2)
    for dealer in ("Dana", "Anna"):
        services.record_deal(table, played_doc(dealer=dealer), organizer)
    document = exported(event)
    extra = copy.deepcopy(deals_of(document)[1])
    extra["number"] = 3
    extra["versions"][0]["sequence"] = 3
    extra["versions"][0]["document"]["dealer"] = "Bill"
    deals_of(document).append(extra)
    refused(
        document,
        organizer,
        "round 1, table 1, deal 3, version 1: This table's session has ended after 2 deals; "
        "no more deals can be entered.",
    )


def test_deal_numbers_must_run_without_gaps(two_organizers_event, organizer):
    document = exported(two_organizers_event)
    deals_of(document)[1]["number"] = 5
    refused(
        document,
        organizer,
        "round 1, table 1: deals must be numbered 1, 2, 3 ... (got [1, 5]).",
    )


@pytest.mark.parametrize(
    "name, message",
    [
        # A NUL anywhere in a file is refused at its place before any field is read.
        ("Ann\x00a", "player 1, name: a NUL character (\\x00) is not allowed in text."),
        (
            "A" * 300,
            f"player 1 ({'A' * 40!r}): name: Ensure this value has at most 100 characters "
            "(it has 300).",
        ),
    ],
)
def test_player_names_are_checked_like_the_players_page(table, organizer, name, message):
    document = exported(table.round.event)
    document["players"][0]["name"] = name
    refused(document, organizer, message)


@pytest.mark.parametrize(
    "breakage, message",
    [
        (lambda d: d.pop("rounds"), "the document: 'rounds' is missing."),
        (lambda d: d["event"].pop("name"), "event: name: This field is required."),
        (
            lambda d: d["event"].update(starting_chips="many"),
            "event: starting_chips: Enter a whole number.",
        ),
        (lambda d: d.update(players={}), "the document: 'players' must be a list."),
        (
            lambda d: deals_of(d)[0]["versions"][0].pop("document"),
            "round 1, table 1, deal 1, version 1: 'document' is missing.",
        ),
        (
            lambda d: deals_of(d)[0]["versions"][0].update(created_at="yesterday"),
            "round 1, table 1, deal 1, version 1: give its author (a user name) and an ISO "
            "date-time.",
        ),
        (
            lambda d: deals_of(d)[0]["versions"][1].update(action="recorded"),
            "round 1, table 1, deal 1, version 2: a deal is recorded, then corrected or voided, "
            "nothing after a void.",
        ),
        (
            lambda d: d["rounds"][0]["tables"][0].update(seats=["Anna", "Bill", "Čada", "Zoe"]),
            "round 1, table 1, seats: not among the event's players: Zoe.",
        ),
        (lambda d: d.update(format="other/1"), "Not a taroky-event/1 document."),
    ],
)
def test_broken_exports_are_refused_with_where_and_why(
    two_organizers_event, organizer, breakage, message
):
    document = exported(two_organizers_event)
    breakage(document)
    refused(document, organizer, message)


def test_the_import_is_audited_and_rolled_back_on_any_problem(
    two_organizers_event, organizer, monkeypatch
):
    document = exported(two_organizers_event)
    monkeypatch.setattr(
        imports, "audit_ledger", lambda events: AuditReport(problems=["something is off"])
    )
    refused(
        document,
        organizer,
        "The imported event fails the ledger audit; nothing was imported: something is off",
    )


# -- the commands: a clear error and exit 1 for a bad file ----------------------------------

BAD_FILES = {
    "missing": None,
    "empty": b"",
    "truncated": b'{"format": "taroky-event/1", "event": {"name": "Cut',
    "not JSON": b"name,club\nAnna,Heun\n",
    "not UTF-8": b'{"name": "\xc8ada"}',
}
MESSAGES = {
    "missing": "There is no file {path}.",
    "empty": "{path} is empty.",
    "truncated": "{path} is not valid JSON, or is cut short: Unterminated string starting at: "
    "line 1, column 48.",
    "not JSON": "{path} is not valid JSON, or is cut short: Expecting value: line 1, column 1.",
    "not UTF-8": "{path} is not UTF-8 text (byte 10 is not): is it the right file?",
}


def bad_file(tmp_path, kind):
    path = tmp_path / "file.json"
    if BAD_FILES[kind] is not None:
        path.write_bytes(BAD_FILES[kind])
    return str(path)


@pytest.mark.parametrize("kind", BAD_FILES)
def test_import_event_says_what_is_wrong_with_the_file(tmp_path, organizer, kind):
    path = bad_file(tmp_path, kind)
    with pytest.raises(CommandError) as e:
        call_command("import_event", path, user="org")
    assert str(e.value) == MESSAGES[kind].format(path=path)


@pytest.mark.parametrize("kind", BAD_FILES)
def test_restore_db_says_what_is_wrong_with_the_file(tmp_path, kind):
    path = bad_file(tmp_path, kind)
    with pytest.raises(CommandError) as e:
        call_command("restore_db", path)
    assert str(e.value) == MESSAGES[kind].format(path=path)


def test_import_event_with_missing_keys_and_a_folder(tmp_path, organizer):
    path = tmp_path / "event.json"
    path.write_text('{"format": "taroky-event/1", "players": []}')
    with pytest.raises(CommandError) as e:
        call_command("import_event", str(path), user="org")
    assert str(e.value) == "Nothing was imported. the document: 'event' is missing."
    with pytest.raises(CommandError) as e:
        call_command("import_event", str(tmp_path), user="org")
    assert str(e.value) == f"{tmp_path} is a folder, not a file."


def test_restore_db_refuses_what_is_not_a_backup(tmp_path):
    path = tmp_path / "backup.json"
    path.write_text('{"format": "taroky-event/1"}')
    with pytest.raises(CommandError) as e:
        call_command("restore_db", str(path))
    assert str(e.value) == f"{path} is not a backup written by backup_db."
    path.write_text('[{"model": "tournaments.nothing", "fields": {}}]')
    with pytest.raises(CommandError, match="cannot be restored: .*tournaments.nothing"):
        call_command("restore_db", str(path))


def test_export_backup_and_audit_say_what_is_wrong(tmp_path, event):
    nowhere = tmp_path / "no-such-folder" / "out.json"
    with pytest.raises(CommandError) as e:
        call_command("export_event", str(event.pk), output=str(nowhere))
    assert str(e.value) == f"Cannot write {nowhere}: there is no folder {nowhere.parent}."
    with pytest.raises(CommandError) as e:
        call_command("backup_db", output=str(nowhere))
    assert str(e.value) == f"Cannot write {nowhere}: there is no folder {nowhere.parent}."
    with pytest.raises(CommandError) as e:
        call_command("backup_db", output=str(tmp_path))
    assert str(e.value) == f"{tmp_path} is a folder: give a file name."
    with pytest.raises(CommandError) as e:
        call_command("audit_ledger", events=[event.pk + 100], stdout=io.StringIO())
    assert str(e.value) == f"No event with id {event.pk + 100}."


@pytest.mark.parametrize(
    "command, args, message",
    [
        ("export_event", ["999999"], "No event with id 999999."),
        ("export_season", ["999999"], "No season with id 999999."),
        ("import_event", ["x.json", "--user", "nobody"], "No user named 'nobody'."),
        ("import_season", ["x.json", "--user", "nobody"], "No user named 'nobody'."),
        ("repot_tables", ["--user", "nobody"], "No user named 'nobody'."),
    ],
)
def test_a_command_names_what_it_cannot_find(db, command, args, message):
    with pytest.raises(CommandError) as e:
        call_command(command, *args, stdout=io.StringIO())
    assert str(e.value) == message


def test_from_the_shell_a_bad_file_exits_1_without_a_traceback(tmp_path, fresh_sqlite):
    path = bad_file(tmp_path, "truncated")
    for args in (["import_event", path, "--user", "nobody"], ["restore_db", path]):
        result = run_manage(tmp_path, *args)
        assert result.returncode == 1, result.stderr
        assert "Traceback" not in result.stderr
    result = run_manage(tmp_path, "restore_db", path)
    assert result.stderr.strip() == f"CommandError: {path} is not valid JSON, or is cut short: " + (
        "Unterminated string starting at: line 1, column 48."
    )


def test_restore_db_of_a_tampered_ledger_exits_1_and_restores_nothing(tmp_path, fresh_sqlite):
    call_command("load_demo", stdout=io.StringIO())
    backup = tmp_path / "backup.json"
    call_command("backup_db", output=str(backup), stdout=io.StringIO())
    data = json.loads(backup.read_text())
    row = next(o for o in data if o["model"] == "tournaments.ledgerentry")
    row["fields"]["chips"] += 1
    backup.write_text(json.dumps(data))
    result = run_manage(tmp_path, "restore_db", str(backup))
    assert result.returncode == 1
    assert "Traceback" not in result.stderr
    assert "Nothing was restored: the backup's ledger fails the audit" in result.stderr
    assert "does not match the settlement of version 1" in result.stderr
    counts = run_manage(
        tmp_path,
        "shell",
        "-v0",
        "-c",
        "from django.contrib.auth.models import User; from tournaments.models import *; "
        "print(User.objects.count(), Event.objects.count(), Player.objects.count(), "
        "LedgerEntry.objects.count(), DealVersion.objects.count())",
    )
    assert counts.stdout.split() == ["0", "0", "0", "0", "0"]


def test_the_original_time_survives_as_recorded(two_organizers_event, organizer):
    document = exported(two_organizers_event)
    deals_of(document)[0]["versions"][0]["created_at"] = "2020-01-02T03:04:05"
    copy_ = exchange.import_event(document, organizer)
    first = DealVersion.objects.filter(deal__table__round__event=copy_).order_by("pk").first()
    assert first.original_at == datetime.datetime(2020, 1, 2, 3, 4, 5, tzinfo=datetime.UTC)
    assert first.created_at > first.original_at


def test_the_deal_page_says_who_entered_an_imported_version(
    client, two_organizers_event, organizer
):
    copy_ = exchange.import_event(exported(two_organizers_event), organizer)
    original = DealVersion.objects.filter(
        deal__table__round__event=two_organizers_event, number=2
    ).get()
    deal = copy_.rounds.get().tables.get().deals.get(number=1)
    client.force_login(organizer)
    page = client.get(f"/deals/{deal.pk}/").content.decode()
    when = timezone.localtime(original.created_at)
    assert (
        f'<td>org <small class="muted">(imported; entered by other-org at '
        f"{when:%Y-%m-%d %H:%M %Z})</small></td>"
    ) in page


def inbox_rows(client, event):
    """The inbox as the page shows it: each waiting deal's row, its text and table-deal."""
    page = client.get(reverse("inbox", args=[event.pk])).content.decode()
    rows = [row.split("</tr>")[0] for row in page.split("<tr data-deal=")[1:]]
    return [" ".join(re.sub(r"<[^>]+>", " ", row).split()) for row in rows]


def test_unconfirmed_table_deals_stay_unconfirmed_in_the_imported_copy(
    client, table, organizer, other_organizer
):
    """Before, the export did not carry the confirmation state: the copy's inbox was empty
    and every deal entered at a table looked confirmed."""
    event = table.round.event
    services.update_event(event, organizer, table_deals_need_confirmation=True)
    link = services.issue_link(table, organizer)
    one = services.record_deal(table, played_doc(), None, number=1, link=link)
    services.confirm_deal(one, organizer, expected_version=1)
    two = services.record_deal(table, played_doc(dealer="Anna"), None, number=2, link=link)
    services.correct_deal(two, played_doc(dealer="Anna", bidder_points=20), None, "20", link=link)
    services.record_deal(table, played_doc(bidder_points=30), organizer, number=3)
    confirmed_at = DealConfirmation.objects.get().confirmed_at.isoformat()
    document = exported(event)
    assert [d["confirmation"] for d in deals_of(document)] == [
        {"awaiting": False, "confirmed": [{"version": 1, "by": "org", "at": confirmed_at}]},
        {"awaiting": True, "confirmed": []},
        {"awaiting": False, "confirmed": []},
    ]
    copy_ = exchange.import_event(document, other_organizer)
    client.force_login(organizer)
    original = inbox_rows(client, event)
    assert original == [
        '"1-2"> 1 1 Deal 2 (version 2) Anna → Bill 5 Game lost with 20 card points: Four '
        "(second half) 5 = 5 Čada → Dana 5 Game lost with 20 card points: Four (second half) "
        "5 = 5 Confirm Correct"
    ]
    client.force_login(other_organizer)
    assert inbox_rows(client, copy_) == original
    assert list(
        Deal.objects.filter(table__round__event=copy_)
        .order_by("number")
        .values_list("number", "version", "awaiting_confirmation")
    ) == [(1, 1, False), (2, 2, True), (3, 1, False)]
    # Who confirmed deal 1 and when is kept as recorded, in the import's audit.
    imported = ActivityEntry.objects.get(event=copy_, action="import_confirmation")
    assert (imported.user, imported.detail) == (
        other_organizer,
        {"round": 1, "table": 1, "deal": 1, "version": 1, "by": "org", "at": confirmed_at},
    )
    # An export without confirmation states (made before they were exported) imports
    # with every deal confirmed, as before.
    for deal in deals_of(document):
        del deal["confirmation"]
    older = exchange.import_event(document, other_organizer)
    assert not Deal.objects.filter(table__round__event=older, awaiting_confirmation=True).exists()


def test_confirmations_come_back_identical(table, organizer, other_organizer, django_user_model):
    """Export, import, export: the same file, confirmed and awaiting deals alike. Before:
    the import put confirmations in its activity log only, and the copy's export said
    "confirmed": []."""
    event = table.round.event
    event.organizers.add(other_organizer)
    services.update_event(event, organizer, table_deals_need_confirmation=True)
    link = services.issue_link(table, organizer)
    one = services.record_deal(table, played_doc(), None, number=1, link=link)
    services.confirm_deal(one, organizer, expected_version=1)
    two = services.record_deal(table, played_doc(dealer="Anna"), None, number=2, link=link)
    services.confirm_deal(two, other_organizer, expected_version=1)
    services.correct_deal(two, played_doc(dealer="Anna", bidder_points=20), organizer, "20")
    three = services.record_deal(table, played_doc(dealer="Bill"), None, number=3, link=link)
    services.correct_deal(three, played_doc(dealer="Bill", bidder_points=30), None, "30", link=link)
    document = exported(event)
    assert [len(d["confirmation"]["confirmed"]) for d in deals_of(document)] == [1, 1, 0]
    assert [d["confirmation"]["awaiting"] for d in deals_of(document)] == [False, False, True]
    importer = django_user_model.objects.create_user("importer", is_staff=True)
    copy_ = exchange.import_event(document, importer)
    assert json.dumps(exchange.export_event(copy_)["rounds"]) == json.dumps(document["rounds"])
    # The copy's rows: recorded by the importer, who confirmed and when as recorded.
    original = DealConfirmation.objects.filter(deal__table__round__event=event).order_by("pk")
    copies = DealConfirmation.objects.filter(deal__table__round__event=copy_).order_by("pk")
    assert [
        (c.deal.number, c.version, c.confirmed_by, c.original_by, c.original_at) for c in copies
    ] == [
        (c.deal.number, c.version, importer, c.confirmed_by.username, c.confirmed_at)
        for c in original
    ]
    assert [c.confirmer for c in copies] == ["org", "other-org"]


def test_a_version_confirmed_twice_is_refused(two_organizers_event, organizer):
    document = exported(two_organizers_event)
    once = {"version": 2, "by": "org", "at": "2026-11-21T20:00:00+00:00"}
    deals_of(document)[0]["confirmation"] = {"awaiting": False, "confirmed": [once, once]}
    refused(
        document,
        organizer,
        "round 1, table 1, deal 1: version 2 is confirmed twice; a version is confirmed once.",
    )


@pytest.mark.parametrize(
    "confirmation, message",
    [
        ({"awaiting": "yes", "confirmed": []}, "'awaiting' must be true or false"),
        (
            {"awaiting": False, "confirmed": [{"version": 4, "by": "org", "at": "2026-11-21"}]},
            "a confirmation names version 4, which the deal does not have",
        ),
        (
            {"awaiting": False, "confirmed": [{"version": 1, "by": "org", "at": "noon"}]},
            "give each confirmation's version, who confirmed it and an ISO date-time",
        ),
    ],
)
def test_broken_confirmation_states_are_refused(
    two_organizers_event, organizer, confirmation, message
):
    document = exported(two_organizers_event)
    deals_of(document)[0]["confirmation"] = confirmation
    refused(document, organizer, f"round 1, table 1, deal 1: {message}.")


def test_a_voided_deal_cannot_be_awaiting_confirmation(two_organizers_event, organizer):
    services.void_deal(
        two_organizers_event.rounds.get().tables.get().deals.get(number=2), organizer, "x"
    )
    document = exported(two_organizers_event)
    deals_of(document)[1]["confirmation"] = {"awaiting": True, "confirmed": []}
    refused(
        document,
        organizer,
        "round 1, table 1, deal 2: a voided deal cannot be awaiting confirmation.",
    )


# -- rejected versions: carried, and imported back as they were -------------------------


@pytest.fixture
def rejected_event(table, organizer, other_organizer):
    """Deal 1: the phone's version (20 points), sent through the link after org saved
    his, adopted by other-org as version 2; deal 2: org's own entry refused as a
    conflict, dismissed; deal 3: the phone's, still open; deal 4: none. Bill is renamed
    afterwards (the versions keep the names they were sent with)."""
    event = table.round.event
    event.organizers.add(other_organizer)
    link = services.issue_link(table, organizer)
    one = services.record_deal(table, played_doc(), organizer, number=1)
    adopted = services.record_rejected_version(one, played_doc(bidder_points=20), None, link=link)
    services.adopt_rejected_version(adopted, other_organizer, expected_version=1)
    bill = dict(dealer="Anna", bidder="Bill", partner="Dana")
    two = services.record_deal(table, played_doc(**bill), organizer, number=2)
    services.dismiss_rejected_version(
        services.record_rejected_version(two, played_doc(**bill, bidder_points=30), organizer),
        organizer,
    )
    cada = dict(dealer="Bill", bidder="Čada", partner="Anna")
    three = services.record_deal(table, played_doc(**cada), organizer, number=3)
    services.record_rejected_version(three, played_doc(**cada, bidder_points=10), None, link=link)
    services.record_deal(table, played_doc(dealer="Čada"), organizer, number=4)
    services.rename_player(event, organizer, Player.objects.get(name="Bill"), "Bill Novák")
    return event


def rejected_of(event):
    return list(
        RejectedVersion.objects.filter(deal__table__round__event=event).order_by("sent_at", "id")
    )


def section_words(client, deal):
    """The deal page's rejected versions as words."""
    page = client.get(reverse("deal-detail", args=[deal.pk])).content.decode()
    start = page.index(">", page.index('id="rejected-versions"')) + 1
    section = page[start:].split("</section>")[0]
    return " ".join(re.sub(r"<[^>]+>", " ", section).split())


def test_rejected_versions_are_exported_and_come_back_identical(
    rejected_event, organizer, django_user_model
):
    """Before, the export left them out: the copy had none, open or handled."""
    adopted, dismissed, open_ = rejected_of(rejected_event)
    document = exported(rejected_event)
    renamed = {"players": ["Anna", "Bill Novák", "Čada", "Dana"]}
    assert [d.get("rejected") for d in deals_of(document)] == [
        [
            {
                "sent_by": "table-link",
                "via_link": True,
                "sent_at": adopted.sent_at.isoformat(),
                "document": played_doc(bidder_points=20) | renamed,
                "handled": "adopted",
                "handled_by": "other-org",
                "handled_at": adopted.handled_at.isoformat(),
                "adopted_version": 2,
            }
        ],
        [
            {
                "sent_by": "org",
                "via_link": False,
                "sent_at": dismissed.sent_at.isoformat(),
                "document": played_doc(dealer="Anna", bidder="Bill Novák", partner="Dana")
                | {"bidder_points": 30}
                | renamed,
                "handled": "dismissed",
                "handled_by": "org",
                "handled_at": dismissed.handled_at.isoformat(),
                "adopted_version": None,
            }
        ],
        [
            {
                "sent_by": "table-link",
                "via_link": True,
                "sent_at": open_.sent_at.isoformat(),
                "document": played_doc(dealer="Bill Novák", bidder="Čada", partner="Anna")
                | {"bidder_points": 10}
                | renamed,
                "handled": None,
                "handled_by": None,
                "handled_at": None,
                "adopted_version": None,
            }
        ],
        None,  # a deal with none says nothing of them (the golden exports stay as they are)
    ]
    # Each document's keys in the game's order, as the versions' are.
    first = deals_of(document)[0]["rejected"][0]["document"]
    assert list(first) == list(exchange.export.in_field_order(first))

    importer = django_user_model.objects.create_user("importer", is_staff=True)
    copy_ = exchange.import_event(document, importer)
    assert json.dumps(exchange.export_event(copy_)) == json.dumps(
        exchange.export_event(rejected_event)
    )
    # Recorded by the importing organizer; who sent and handled each, and when, as
    # recorded where they came from; what each would have paid derived again.
    fields = (
        "sent_by__username",
        "sent_via",
        "original_sender",
        "original_via_link",
        "sent_at",
        "handled",
        "handled_by__username",
        "original_handler",
        "handled_at",
        "adopted_version",
        "transfers",
        "net",
        "deal__number",
    )
    copies = RejectedVersion.objects.filter(deal__table__round__event=copy_)

    def paid(rejected):  # under today's names, as the file says the document
        return json.loads(
            json.dumps([rejected.transfers, rejected.net]).replace("Bill", "Bill Novák")
        )

    assert list(copies.order_by("sent_at", "id").values_list(*fields)) == [
        ("importer", None, "table-link", True, adopted.sent_at, "adopted", "importer")
        + ("other-org", adopted.handled_at, 2, *paid(adopted), 1),
        ("importer", None, "org", False, dismissed.sent_at, "dismissed", "importer")
        + ("org", dismissed.handled_at, None, *paid(dismissed), 2),
        ("importer", None, "table-link", True, open_.sent_at, "", None)
        + ("", None, None, *paid(open_), 3),
    ]
    # The pages say of each what the original's say, both under today's names.
    original = Client()
    original.force_login(organizer)
    copied = Client()
    copied.force_login(importer)
    deals = {d.number: d for d in Deal.objects.filter(table__round__event=rejected_event)}
    copied_deals = {d.number: d for d in Deal.objects.filter(table__round__event=copy_)}
    for number in (1, 2, 3):
        said = section_words(copied, copied_deals[number])
        assert said == section_words(original, deals[number])
        assert "Bill Novák" in said and not re.search(r"Bill(?! Novák)", said)
        assert said.startswith("Sent from the table, not saved Another deal ")
    assert "Adopted as version 2 by other-org at" in section_words(copied, copied_deals[1])
    assert "Sent by the table link at" in section_words(copied, copied_deals[3])
    assert "Sent by org at" in section_words(copied, copied_deals[2])
    # The open one is the copy's to adopt, as sent by the table link.
    kept = copies.get(handled="")
    corrected = services.adopt_rejected_version(kept, importer, expected_version=1).deal
    at = timezone.localtime(open_.sent_at).strftime("%H:%M:%S %Z")
    assert corrected.versions.get(number=2).reason == (
        f"The version the table link sent at {at} (not saved: a conflict)"
    )


def test_when_the_phone_kept_a_rejected_version_comes_back(rejected_event, django_user_model):
    """A version a phone kept offline says when in the file (``kept_at``), and the copy
    keeps it; the others say nothing of it."""
    open_ = rejected_of(rejected_event)[2]
    kept_at = open_.sent_at - datetime.timedelta(minutes=12)
    RejectedVersion.objects.filter(pk=open_.pk).update(kept_at=kept_at)
    document = exported(rejected_event)
    said = [[r.get("kept_at") for r in d.get("rejected") or []] for d in deals_of(document)]
    assert said == [[None], [None], [kept_at.isoformat()], []]
    importer = django_user_model.objects.create_user("importer", is_staff=True)
    copy_ = exchange.import_event(document, importer)
    copies = RejectedVersion.objects.filter(deal__table__round__event=copy_).order_by("sent_at")
    assert [r.kept_at for r in copies] == [None, None, kept_at]


def test_rejected_versions_are_exported_under_todays_names_by_their_player_ids(
    table, organizer, django_user_model
):
    """Before: the export found a renamed player by a former name, and a name another
    seat has now was taken as his: Anna renamed Anna Nová, then Bill renamed Anna, and
    the version Anna and Bill sent came out with two Annas (and the import refused it)."""
    event = table.round.event
    link = services.issue_link(table, organizer)
    deal = services.record_deal(table, played_doc(bidder="Bill", partner="Dana"), organizer)
    sent = played_doc(bidder="Bill", partner="Dana", bidder_points=20)
    services.record_rejected_version(deal, sent, None, link=link)
    services.rename_player(event, organizer, Player.objects.get(name="Anna"), "Anna Nová")
    services.rename_player(event, organizer, Player.objects.get(name="Bill"), "Anna")
    document = exported(event)
    assert deals_of(document)[0]["rejected"][0]["document"] == played_doc(
        players=["Anna Nová", "Anna", "Čada", "Dana"],
        bidder="Anna",
        partner="Dana",
        bidder_points=20,
    )
    importer = django_user_model.objects.create_user("importer", is_staff=True)
    copy_ = exchange.import_event(document, importer)
    assert exported(copy_)["rounds"] == document["rounds"]


def test_two_versions_alike_but_for_a_name_renamed_between_come_back_both(
    table, organizer, django_user_model
):
    """The phone sent its deal 1 with Čada, Čada was renamed Ken Čada, another phone
    sent the same deal with Ken Čada: two versions, one document under today's names.
    Before: the import refused the second ("the same deal as rejected version 1")."""
    event = table.round.event
    link = services.issue_link(table, organizer)
    deal = services.record_deal(table, played_doc(), organizer)
    services.record_rejected_version(deal, played_doc(bidder_points=20), None, link=link)
    services.rename_player(event, organizer, Player.objects.get(name="Čada"), "Ken Čada")
    later = played_doc(
        bidder_points=20, partner="Ken Čada", players=["Anna", "Bill", "Ken Čada", "Dana"]
    )
    services.record_rejected_version(deal, later, None, link=link)
    document = exported(event)
    first, second = deals_of(document)[0]["rejected"]
    assert first["document"] == second["document"] == later
    importer = django_user_model.objects.create_user("importer", is_staff=True)
    copy_ = exchange.import_event(document, importer)
    assert exported(copy_)["rounds"] == document["rounds"]
    assert RejectedVersion.objects.filter(deal__table__round__event=copy_).count() == 2


def test_an_export_without_rejected_versions_imports_as_before(table, organizer):
    services.record_deal(table, played_doc(), organizer)
    document = exported(table.round.event)
    assert list(deals_of(document)[0]) == ["number", "versions", "confirmation"]
    copy_ = exchange.import_event(document, organizer)
    assert not RejectedVersion.objects.filter(deal__table__round__event=copy_).exists()


def first_rejected(document):
    return deals_of(document)[0]["rejected"][0]


def third_rejected(document):
    return deals_of(document)[2]["rejected"][0]


def adopted_twice(document):
    again = copy.deepcopy(first_rejected(document))
    again["document"]["bidder_points"] = 25
    deals_of(document)[0]["rejected"].append(again)


@pytest.mark.parametrize(
    "breakage, message",
    [
        (
            lambda d: deals_of(d)[0].update(rejected={}),
            "round 1, table 1, deal 1: 'rejected' must be a list.",
        ),
        (
            lambda d: first_rejected(d).update(sent_by=7),
            "round 1, table 1, deal 1, rejected version 1: 'sent_by' must be text.",
        ),
        (
            lambda d: first_rejected(d).update(sent_by="x" * 151),
            "round 1, table 1, deal 1, rejected version 1: give who sent it (a user name) and "
            "an ISO date-time.",
        ),
        (
            lambda d: first_rejected(d).update(sent_by=""),
            "round 1, table 1, deal 1, rejected version 1: give who sent it (a user name) and "
            "an ISO date-time.",
        ),
        (
            lambda d: first_rejected(d).update(sent_at="noon"),
            "round 1, table 1, deal 1, rejected version 1: give who sent it (a user name) and "
            "an ISO date-time.",
        ),
        (
            lambda d: first_rejected(d).pop("sent_at"),
            "round 1, table 1, deal 1, rejected version 1: 'sent_at' is missing.",
        ),
        (
            lambda d: first_rejected(d).update(via_link="yes"),
            "round 1, table 1, deal 1, rejected version 1: 'via_link' must be true or false.",
        ),
        (
            lambda d: first_rejected(d).update(sent_by="o\x00rg"),
            "round 1, table 1, deal 1, rejected version 1, sent_by: a NUL character (\\x00) "
            "is not allowed in text.",
        ),
        (
            lambda d: first_rejected(d)["document"].update(dealer="Da\udc00na"),
            "round 1, table 1, deal 1, rejected version 1, document, dealer: a lone "
            "surrogate (\\udc00) is not a character.",
        ),
        (
            lambda d: first_rejected(d).update(document=[]),
            "round 1, table 1, deal 1, rejected version 1: 'document' must be an object.",
        ),
        (
            lambda d: first_rejected(d)["document"].update(bidder_points=75),
            "round 1, table 1, deal 1, rejected version 1: the deal sent is not one the core "
            "can score (bidder_points: Card points must be from 0 to 70, not 75.)",
        ),
        (
            lambda d: first_rejected(d)["document"].update(
                players=["Anna", "Bill Novák", "Čada", "Zdeněk"], dealer="Zdeněk"
            ),
            "round 1, table 1, deal 1, rejected version 1: the deal sent names players who "
            "do not sit at this table: Zdeněk.",
        ),
        (
            lambda d: first_rejected(d)["document"].update(ruleset="heun"),
            "round 1, table 1, deal 1, rejected version 1: the deal sent is not under the "
            "ruleset and house rules its deal was recorded under.",
        ),
        (
            lambda d: deals_of(d)[0]["rejected"].append(copy.deepcopy(first_rejected(d))),
            "round 1, table 1, deal 1, rejected version 2: the same deal as rejected version "
            "1, sent at the same moment: a deal keeps each version sent once.",
        ),
        (
            lambda d: first_rejected(d).update(handled="kept"),
            "round 1, table 1, deal 1, rejected version 1: 'handled' must be adopted, "
            "dismissed or null (still to handle).",
        ),
        (
            lambda d: first_rejected(d).update(handled_by=None),
            "round 1, table 1, deal 1, rejected version 1: an adopted version says who "
            "adopted it (a user name) and an ISO date-time.",
        ),
        (
            lambda d: first_rejected(d).update(handled_at="2026-13-01T00:00:00"),
            "round 1, table 1, deal 1, rejected version 1: an adopted version says who "
            "adopted it (a user name) and an ISO date-time.",
        ),
        (
            lambda d: first_rejected(d).update(adopted_version=None),
            "round 1, table 1, deal 1, rejected version 1: an adopted version says which "
            "version of the deal it became ('adopted_version').",
        ),
        (
            lambda d: first_rejected(d).update(handled=True),
            "round 1, table 1, deal 1, rejected version 1: 'handled' must be text.",
        ),
        (
            lambda d: first_rejected(d).update(adopted_version=3),
            "round 1, table 1, deal 1, rejected version 1: adopted as version 3, which the "
            "deal does not have.",
        ),
        (
            lambda d: first_rejected(d).update(adopted_version=1),
            "round 1, table 1, deal 1, rejected version 1: adopted as version 1, which is "
            "not a correction.",
        ),
        (
            lambda d: first_rejected(d).update(adopted_version=True),
            "round 1, table 1, deal 1, rejected version 1: 'adopted_version' must be a whole "
            "number.",
        ),
        (
            adopted_twice,
            "round 1, table 1, deal 1, rejected version 2: adopted as version 2, as rejected "
            "version 1 was: a correction adopts one version.",
        ),
        (
            lambda d: first_rejected(d).update(handled="dismissed"),
            "round 1, table 1, deal 1, rejected version 1: a dismissed version has no "
            "'adopted_version'.",
        ),
        (
            lambda d: third_rejected(d).update(handled_by="org"),
            "round 1, table 1, deal 3, rejected version 1: a version still to handle has no "
            "'handled_by', 'handled_at' or 'adopted_version'.",
        ),
        (
            lambda d: first_rejected(d).update(kept_at="2000-01-01T00:00:00+00:00"),
            "round 1, table 1, deal 1, rejected version 1: kept_at is when the phone kept it: "
            "within a week before it was sent (sent_at).",
        ),
        (
            lambda d: first_rejected(d).update(kept_at="yesterday"),
            "round 1, table 1, deal 1, rejected version 1: kept_at is when the phone kept it: "
            "within a week before it was sent (sent_at).",
        ),
    ],
)
def test_bad_rejected_versions_are_refused_at_their_place(
    rejected_event, organizer, breakage, message
):
    document = exported(rejected_event)
    breakage(document)
    rejected = RejectedVersion.objects.count()
    refused(document, organizer, message)
    assert RejectedVersion.objects.count() == rejected


def test_a_file_holds_a_bounded_number_of_rejected_versions_of_a_deal(
    rejected_event, organizer, monkeypatch
):
    from tournaments.exchange import limits

    monkeypatch.setattr(limits, "REJECTED", 1)
    document = exported(rejected_event)
    again = copy.deepcopy(first_rejected(document))
    again["document"]["bidder_points"] = 21
    deals_of(document)[0]["rejected"].append(again)
    refused(document, organizer, "round 1, table 1, deal 1: at most 1 rejected versions of a deal.")
