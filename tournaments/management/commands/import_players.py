from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError

from tournaments.exchange import import_players_csv, roster, sheets
from tournaments.forms import PlayersCsvForm
from tournaments.models import Event
from tournaments.services import FormError, ServiceError


class Command(BaseCommand):
    help = (
        "Add players to the registry from a CSV, XLSX or ODS file with a header row: name "
        "(required), club, notes, categories (with --event: names separated by ';'), email "
        "(XLSX and ODS, and CSV with --dry-run). A name already in the registry is not added "
        "twice. --dry-run prints what the import would do, line by line, and writes nothing."
    )

    def add_arguments(self, parser):
        parser.add_argument("path", help="The CSV (UTF-8), XLSX or ODS file.")
        parser.add_argument(
            "--event", type=int, help="Also register the players for the event with this id."
        )
        parser.add_argument(
            "--user", help="User name of an organizer of --event (required with --event)."
        )
        parser.add_argument(
            "--dry-run",
            action="store_true",
            help="Print each line's fate (to be created, matched, refused) and write nothing.",
        )
        # While rounds drawn in advance wait to be played, who joins is seated in them
        # only when told (they are drawn again), else is a reserve: one must be said.
        choice = parser.add_mutually_exclusive_group()
        choice.add_argument(
            "--seat",
            action="store_true",
            help="Seat the players who join in the rounds drawn and not started (drawn again).",
        )
        choice.add_argument(
            "--reserve",
            action="store_true",
            help="Register the players who join as reserves, without a seat.",
        )

    def handle(
        self,
        *args,
        path,
        event=None,
        user=None,
        seat=False,
        reserve=False,
        dry_run=False,
        **options,
    ):
        target = organizer = None
        if event is not None:
            if not user:
                raise CommandError("--event needs --user, an organizer of that event.")
            target = Event.objects.filter(pk=event).first()
            organizer = get_user_model().objects.filter(username=user).first()
            if target is None or organizer is None:
                raise CommandError("No such event or user.")
        said = True if seat else False if reserve else None
        spreadsheet = path.lower().endswith((".xlsx", ".ods"))
        try:
            if dry_run or spreadsheet:
                return self._sheet(path, target, organizer, said, dry_run)
            # A CSV without --dry-run as always: one bad line imports nothing.
            result = import_players_csv(_read(path), target, organizer, seat=said)
        except FormError as e:
            raise CommandError(f"{e.message} Give --seat or --reserve.") from None
        except ServiceError as e:
            raise CommandError(e.message) from None
        self.stdout.write(result.summary())

    def _sheet(self, path, event, user, seat, dry_run) -> None:
        sheet = sheets.read_sheet(_bytes(path), path)
        if not dry_run:
            _, result = roster.import_roster(sheet, event, user, seat=seat)
            self.stdout.write(result.summary())
            return
        preview = roster.preview_roster(sheet, event, user)
        for line in preview.lines:
            name = line.name.replace("\x00", "\\x00")
            self.stdout.write(f"Line {line.line}: {name + ': ' if name else ''}{line.said}")
            for note in line.notes:
                self.stdout.write(f"  {note}")
        self.stdout.write(f"Dry run: {preview.summary()} Nothing was written.")


def _bytes(path: str, most: int = sheets.MAX_BYTES) -> bytes:
    """The file's bytes, at most ``most`` of them, or a CommandError (a message and exit
    1, no traceback)."""
    try:
        with open(path, "rb") as f:
            data = f.read(most + 1)
    except OSError as e:
        raise CommandError(f"Cannot read {path}: {e.strerror}.") from None
    if len(data) > most:
        raise CommandError(f"{path} is over {most // 1_000_000} MB; split the list.")
    return data


def _read(path: str) -> str:
    """The CSV file's text, or a CommandError."""
    data = _bytes(path, PlayersCsvForm.MAX_BYTES)
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise CommandError(f"{path} is not UTF-8 text: save it as CSV UTF-8.") from None
    if not text.strip():
        raise CommandError(f"{path} is empty: it needs a header row with a 'name' column.")
    return text
