"""Exports that import: checked through, as the importing organizer, audited, or nothing."""

import copy
import datetime
import io
import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError
from django.urls import reverse
from django.utils import timezone

from tournaments import exchange, services
from tournaments.audit import AuditReport
from tournaments.exchange import imports
from tournaments.models import AuditEntry, Deal, DealConfirmation, DealVersion, Event, Player

from ..conftest import played_doc

ROOT = Path(__file__).resolve().parents[2]
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


def run_manage(tmp_path, *args):
    env = {
        **os.environ,
        "DATABASE_URL": f"sqlite:///{tmp_path / 'fresh.sqlite3'}",
        "DJANGO_SETTINGS_MODULE": "taroky_site.settings_test",
    }
    return subprocess.run(
        [sys.executable, str(ROOT / "manage.py"), *args],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=180,
    )


def test_from_the_shell_a_bad_file_exits_1_without_a_traceback(tmp_path):
    path = bad_file(tmp_path, "truncated")
    assert run_manage(tmp_path, "migrate", "-v0").returncode == 0
    for args in (["import_event", path, "--user", "nobody"], ["restore_db", path]):
        result = run_manage(tmp_path, *args)
        assert result.returncode == 1, result.stderr
        assert "Traceback" not in result.stderr
    result = run_manage(tmp_path, "restore_db", path)
    assert result.stderr.strip() == f"CommandError: {path} is not valid JSON, or is cut short: " + (
        "Unterminated string starting at: line 1, column 48."
    )


def test_restore_db_of_a_tampered_ledger_exits_1_and_restores_nothing(tmp_path):
    call_command("load_demo", stdout=io.StringIO())
    backup = tmp_path / "backup.json"
    call_command("backup_db", output=str(backup), stdout=io.StringIO())
    data = json.loads(backup.read_text())
    row = next(o for o in data if o["model"] == "tournaments.ledgerentry")
    row["fields"]["chips"] += 1
    backup.write_text(json.dumps(data))
    assert run_manage(tmp_path, "migrate", "-v0").returncode == 0
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
        f"{when:%Y-%m-%d %H:%M})</small></td>"
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
    imported = AuditEntry.objects.get(event=copy_, action="import_confirmation")
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
