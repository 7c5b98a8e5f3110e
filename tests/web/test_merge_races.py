"""A merge racing a registration of the duplicate (CIRCUIT.md, "One player across the
circuit"): the registration committed first is moved by the merge, or the one that
waited is refused naming the kept player; never a registration left on the duplicate."""

import pytest
from django.contrib.auth.models import Permission

from tests.conftest import clarkson_open
from tournaments import services
from tournaments.models import Player, Registration
from tournaments.services.merging import merge_players

from .threads import at_once

RACES = 10

pytestmark = pytest.mark.django_db(transaction=True)


def test_a_merge_racing_a_registration_of_the_duplicate(organizer, django_user_model):
    officer = django_user_model.objects.create_user("vera", password="vera-pw-long")
    officer.user_permissions.add(Permission.objects.get(codename="circuit_officer"))
    officer = django_user_model.objects.get(pk=officer.pk)
    outcomes = set()
    for i in range(RACES):
        anna = Player.objects.create(name=f"Anna Nováková {i}")
        dana = Player.objects.create(name=f"Dana Nováková {i}")
        event = clarkson_open(organizer, players=["Bill", "Čada"], name=f"Night {i}")
        said = at_once(
            lambda: merge_players(anna, dana, officer),  # noqa: B023
            lambda: services.register_player(event, organizer, player=dana),  # noqa: B023
        )
        refused = (
            f"Dana Nováková {i} was merged into Anna Nováková {i} "
            f"({anna.circuit_number}): register them instead."
        )
        assert said[0] == "saved", said
        assert said[1] in ("saved", refused), said
        outcomes.add(said[1] == "saved")
        # Never a registration left on the duplicate: moved by the merge, or none made.
        assert not Registration.objects.filter(player=dana).exists()
        registered = Registration.objects.filter(event=event, player=anna).exists()
        assert registered == (said[1] == "saved")
