"""Pages, by area: ``events``, ``rounds``, ``deals`` (tables and deals), ``reports``
(standings, statements, downloads and printouts) and ``hall`` (the tournament hall);
``common`` holds what they share. Views read through queries.py and write only through
services."""
