"""The kinds of value a field of a deal document holds (``fields.Field.kind``), in a
module of their own: a game's description names its kinds in one import from here, and
``fields`` (its reader, the web's deal form as ``fields.CHOICE``) takes them from here too.
"""

CHOICE = "choice"  # one of ``choices`` (a word)
BOOL = "bool"
INT = "int"  # a whole number from ``minimum`` to ``maximum``
PLAYER = "player"  # one of the deal's players, or null
PLAYERS = "players"  # the list of the deal's players in the order of play
TEXT = "text"
OBJECT = "object"  # an object with the keys ``items``, or null
LIST = "list"  # a list of objects each with the keys ``items``
OPTIONS = "options"  # house rules: option -> value
