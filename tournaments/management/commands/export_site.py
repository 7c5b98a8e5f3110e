from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from tournaments import site_export, site_store
from tournaments.management.lookup import one_with_id
from tournaments.models import Event, Season

KINDS = {"event": Event, "season": Season}


# The largest id a row can have (a 64-bit integer): a longer number names no row, and
# the database would not even compare it.
LARGEST_ID = 2**63 - 1


def what_to_export(value: str):
    """``event:12`` or ``season:3``: the event or season of that id."""
    kind, _, pk = value.partition(":")
    # ASCII digits only: "²" and "٣" are digits to str.isdigit().
    if kind not in KINDS or not (pk.isascii() and pk.isdigit()):
        raise CommandError(
            f"Say what to export as event:ID or season:ID (the id in its page's URL), "
            f"not {_shown(value)}."
        )
    if len(pk) > len(str(LARGEST_ID)) or int(pk) > LARGEST_ID:
        raise CommandError(f"No {kind} with id {_shown(pk, quote=False)}.")
    return one_with_id(KINDS[kind], int(pk))


def _shown(value: str, quote: bool = True) -> str:
    """What was typed, cut short when it is long (an id of 5,000 digits)."""
    if len(value) > 40:
        cut = f"{value[:20]}... ({len(value)} characters)"
        return repr(cut) if quote else cut
    return repr(value) if quote else value


def check_folder(folder: Path, force: bool) -> None:
    """A new folder (its parent must exist), or an empty one; one with files only with
    --force, whose files of the same name the site's replace."""
    if folder.exists() and not folder.is_dir():
        raise CommandError(f"{folder} is a file: give a folder for the site.")
    if folder.is_dir() and any(folder.iterdir()) and not force:
        raise CommandError(
            f"{folder} is not empty: give a new or empty folder, or --force to write into "
            "it (files of the same name are replaced, others left as they are)."
        )
    if not folder.parent.is_dir():
        raise CommandError(f"There is no folder {folder.parent} to write {folder.name} in.")


class Command(BaseCommand):
    help = (
        "Write the results website of a published event or season into a folder: static "
        "pages (index.html, the standings, each round, table and statement), the charts, "
        "and the PDFs and CSVs, with relative links only, to open from a USB stick or "
        "put on any web host. Unpublished events and seasons are refused; a season's site "
        "holds its published events only."
    )

    def add_arguments(self, parser):
        parser.add_argument("what", help="event:ID or season:ID (the id in its page's URL).")
        parser.add_argument("-o", "--output", required=True, help="The folder to write.")
        parser.add_argument(
            "--force",
            action="store_true",
            help="Write into a folder that holds files already (same names are replaced).",
        )

    def handle(self, *args, what, output, force=False, **options):
        target = what_to_export(what)
        folder = Path(output)
        check_folder(folder, force)
        build = site_export.build_season if isinstance(target, Season) else site_export.build_event
        try:
            with site_store.snapshot():  # one state of the results, whatever changes meanwhile
                files = build(target)
        except site_export.SiteRefused as e:
            raise CommandError(e.message) from None
        try:
            folder.mkdir(exist_ok=True)
            site_export.write_folder(files, folder)
        except OSError as e:
            raise CommandError(f"Cannot write {folder}: {e.strerror}.") from None
        self.stdout.write(
            f"Wrote {len(files)} files of {target} to {folder}: open {folder / 'index.html'}."
        )
