from django.apps import AppConfig
from django.db.models.signals import post_migrate, post_save


class TournamentsConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "tournaments"
    verbose_name = "Taroky events"

    def ready(self):
        from . import append_only, stamps
        from .models import Event, Player

        # Edits outside the services (the admin) change the live pages too.
        post_save.connect(stamps.player_saved, sender=Player, dispatch_uid="taroky_player_stamp")
        post_save.connect(stamps.event_saved, sender=Event, dispatch_uid="taroky_event_stamp")

        # SQLite rebuilds a table for many schema changes, dropping its triggers.
        post_migrate.connect(
            append_only.install_after_migrate, sender=self, dispatch_uid="taroky_append_only"
        )
