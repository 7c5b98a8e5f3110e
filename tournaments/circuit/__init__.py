"""The circuit's ranking list and rating, computed from plain data (CIRCUIT.md).

Pure modules: no ORM, no settings. The caller reads the approved events and the
table-rounds from the ledger and hands them in; what comes out is plain data too.
"""
