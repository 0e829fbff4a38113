"""The bots as players meet them: a name and one line on how strong and how quick each is.

The engine knows bots by ids (``heuristic``, ``mc``, ...), which are notation, not words. Every
place that names a bot (the New game dialog, the seats of a save, the campaign) goes through
this table. A new bot in the engine needs one entry here; until it has one, it shows under
its id with the first letter capitalised.
"""

from __future__ import annotations

import msgspec


class BotKind(msgspec.Struct, frozen=True):
    name: str
    """What the player calls it ("Steady")."""
    about: str
    """How strong and how quick it is, in one line."""


BOT_KINDS: dict[str, BotKind] = {
    "random": BotKind("Beginner", "picks any legal move; easy to beat, instant."),
    "heuristic": BotKind("Steady", "plays by rules of thumb; a fair match, instant."),
    "mc": BotKind("Thinker", "plays imagined games out first; strong but slow."),
    "ismc": BotKind("Shrewd", "reckons with the hidden cards; strongest, ~1 s."),
    "search": BotKind("Careful", "Steady, looking ahead late on; stronger, quick."),
}
"""Engine bot id → how the app names and describes it (a line fits the New game dialog's 62
columns at 80×24: a test checks it)."""


def bot_kind(bot_id: str) -> BotKind:
    """The kind for ``bot_id`` (``mc:800`` is a Thinker too)."""
    base = bot_id.partition(":")[0]
    return BOT_KINDS.get(base) or BotKind(base.replace("-", " ").capitalize(), "")


def bot_name(bot_id: str) -> str:
    return bot_kind(bot_id).name
