#!/usr/bin/env python
"""Django's command-line utility for administrative tasks."""

import os
import sys


def main():
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "taroky_site.settings")
    from django.core.management import execute_from_command_line
    from django_scopes import scopes_disabled

    # A command reads every club's rows (backups, checks, imports); the requests a
    # command serves (`serve`) run in threads of their own, scoped per request
    # (tournaments.scoping).
    with scopes_disabled():
        execute_from_command_line(sys.argv)


if __name__ == "__main__":
    main()
