"""Fuzz the deal form (through Django's test client) and the CLI with N random and
malformed inputs each, and print what happened to them.

Run: .venv/bin/python scripts/fuzz.py [N]   (default 10,000)
"""

import io
import json
import sys
from collections import Counter

import _django  # noqa: F401  (sets up Django in a throwaway database)
from django.contrib.auth import get_user_model
from django.test import Client
from django.test.utils import setup_test_environment
from django.urls import reverse
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from taroky_scoring.cli import main as cli_main
from tests.fuzzing import SEATS, cli_input, form_fields
from tournaments import services
from tournaments.balances import net_by_player
from tournaments.middleware import SAID as NUL_SAID
from tournaments.models import Deal, LedgerEntry, Player


def main():
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 10_000
    setup_test_environment()  # the test client's host name, and response.context
    user = get_user_model().objects.create_user("fuzz", is_staff=True)
    event = services.create_event(
        user,
        name="Fuzz",
        date="2026-11-22",
        kind="club_night",
        ruleset="la-vista",
        house_rules={},
        starting_chips=20,
        session_end="fixed_deals",
        deals_per_session=10**6,
    )
    table = services.create_table(
        services.create_round(event, user),
        user,
        [Player.objects.create(name=name) for name in SEATS],
    )
    client = Client()
    client.force_login(user)
    url = reverse("deal-create", args=[table.pk])
    form_counts, cli_counts = Counter(), Counter()

    @settings(max_examples=n, deadline=None, database=None, suppress_health_check=list(HealthCheck))
    @given(form_fields)
    def fuzz_form(fields):
        response = client.post(url, fields)
        if response.status_code == 302:
            deal = Deal.objects.latest("pk")
            balanced = sum(net_by_player(LedgerEntry.objects.filter(deal=deal)).values()) == 0
            form_counts["saved, balanced" if balanced else "SAVED UNBALANCED"] += 1
        elif response.status_code == 200 and response.context["form"].errors:
            form_counts["refused with field errors"] += 1
        elif response.status_code == 400 and response.content.decode() == NUL_SAID:
            form_counts["refused: a NUL character (400)"] += 1
        else:
            form_counts[f"UNEXPECTED {response.status_code}"] += 1

    @settings(max_examples=n, deadline=None, database=None, suppress_health_check=list(HealthCheck))
    @given(cli_input, st.sampled_from(["score", "points"]))
    def fuzz_cli(text, command):
        out = io.StringIO()
        try:
            code = cli_main([command], stdin=io.StringIO(text), stdout=out)
            json.loads(out.getvalue())
        except Exception as e:  # noqa: BLE001 - counted, not raised
            cli_counts[f"CRASH {type(e).__name__}"] += 1
            return
        cli_counts[f"{command}: {'answered' if code == 0 else 'refused with errors'}"] += 1

    fuzz_form()
    fuzz_cli()
    print(f"deal form, {sum(form_counts.values())} inputs:")
    for outcome, count in sorted(form_counts.items()):
        print(f"  {count:6d}  {outcome}")
    print(f"CLI, {sum(cli_counts.values())} inputs:")
    for outcome, count in sorted(cli_counts.items()):
        print(f"  {count:6d}  {outcome}")
    problems = ("CRASH", "UNEXPECTED", "SAVED UNBALANCED")
    sys.exit(1 if any(k.startswith(problems) for k in form_counts | cli_counts) else 0)


if __name__ == "__main__":
    main()
