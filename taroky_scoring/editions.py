"""The edition of the rules this core scores by.

A new edition begins when the core starts refusing documents it accepted, or paying
them otherwise: the web app records with every deal version the edition it was scored
under, so a deal recorded under an earlier edition stands as it was paid (its ledger
audit notes it, and correcting it scores it under today's edition).

- 1: the rules before contract section 19;
- 2: contract section 19 (2026-11-26), decisions D1-D16: some documents refused (D3,
  D4, D6, D7, D13, D15), and a `texas-king` valat announced under Contra pays double
  (D1).

>>> RULES_EDITION
2
>>> EDITIONS[1]
'the rules before contract section 19'
"""

RULES_EDITION = 2

# Each edition in the words an organizer reads in the audit: "recorded under ...".
EDITIONS = {
    1: "the rules before contract section 19",
    2: "the rules of contract section 19 (2026-11-26)",
}
