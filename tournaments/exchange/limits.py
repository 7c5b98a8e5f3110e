"""What one file may hold: far past any club's night or season, short of what would hold
the database for long. The commands and the players page say them when a file is over."""

PLAYERS = 2_000  # players in an event's or a season's file, rows of a players CSV
DEALS = 20_000  # deals in a file (a season's events together)
VERSIONS = 100  # versions of one deal
REJECTED = 100  # versions of one deal sent from a table and not saved
TEXT = 1_000  # characters of a note or a reason
BYTES = 30_000_000  # an uploaded event's file: 20,000 deals of every version fit
