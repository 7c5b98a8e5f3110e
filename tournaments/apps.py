from django.apps import AppConfig
from django.db.models.signals import post_migrate


class TournamentsConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "tournaments"
    verbose_name = "Taroky events"

    def ready(self):
        from . import append_only

        # SQLite rebuilds a table for many schema changes, dropping its triggers.
        post_migrate.connect(
            append_only.install_after_migrate, sender=self, dispatch_uid="taroky_append_only"
        )
