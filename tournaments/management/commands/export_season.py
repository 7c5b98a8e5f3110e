from django.core.management.base import BaseCommand

from tournaments.exchange import export_season
from tournaments.management.files import check_writable, write_document
from tournaments.management.lookup import one_with_id
from tournaments.models import Season


class Command(BaseCommand):
    help = (
        "Write one season as a JSON document: its settings and scoring, and each of its "
        "events as export_event writes it. import_season creates it again elsewhere."
    )

    def add_arguments(self, parser):
        parser.add_argument("season_id", type=int, help="The season's id (see its page's URL).")
        parser.add_argument("-o", "--output", help="File to write (default: standard output).")

    def handle(self, *args, season_id, output=None, **options):
        if output:
            check_writable(output)
        season = one_with_id(Season, season_id)
        write_document(self, export_season(season), output, str(season))
