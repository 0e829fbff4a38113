"""Action catalogues: one fixed numbering of every action a game can ever offer.

A learning agent picks from a fixed set of outputs, so it needs each action to have a number
that means the same action in every state: id 17 of Mount Doom is ``keep 3 blue`` whenever it
is legal. A game lists, once, every action its rules can offer (in a fixed order), and the
:class:`ActionCatalogue` numbers them from 0. The legal actions of a state are then a set of
ids (:meth:`ActionCatalogue.legal_ids`) or a mask (:meth:`ActionCatalogue.legal_mask`).

A catalogue has a ``version``: a game that adds, removes or reorders actions in its list bumps
it, so that ids stored by an agent are never read against another numbering. ``digest`` is a
fingerprint of the numbering itself (the notation of each action in order), which the tests pin
next to the version.

The catalogue numbers the engine's own actions: playing an id plays the action it decodes to,
so logs, saves and replays are those of any match.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Sequence
from operator import index
from typing import Final, SupportsIndex

from .actions import Action
from .errors import ActionIdError


class ActionCatalogue:
    """Every action of one game, numbered from 0 in the order the game lists them.

    Duplicates in the list are kept once, at their first place. The catalogue is immutable:
    build it once per game (each game caches its own).
    """

    __slots__ = ("_actions", "_digest", "_ids", "game_id", "version")

    def __init__(self, game_id: str, version: int, actions: Iterable[Action]) -> None:
        self.game_id: Final = game_id
        self.version: Final = version
        ids: dict[Action, int] = {}
        for action in actions:
            ids.setdefault(action, len(ids))
        self._ids = ids
        self._actions: tuple[Action, ...] = tuple(ids)
        self._digest: str | None = None

    def __repr__(self) -> str:
        return (
            f"ActionCatalogue({self.game_id!r}, version={self.version}, "
            f"num_distinct_actions={len(self._actions)})"
        )

    @property
    def num_distinct_actions(self) -> int:
        """How many actions the catalogue numbers: every id is below this."""
        return len(self._actions)

    @property
    def actions(self) -> Sequence[Action]:
        """Every action, at the index of its id."""
        return self._actions

    @property
    def digest(self) -> str:
        """A SHA-256 of the numbering (each action's notation in id order): equal digests,
        equal numberings."""
        if self._digest is None:
            text = "\n".join(map(str, self._actions))
            self._digest = hashlib.sha256(text.encode("utf-8")).hexdigest()
        return self._digest

    def __contains__(self, action: object) -> bool:
        return action in self._ids

    def encode(self, action: Action) -> int:
        """The id of ``action``. An action the game never offers has none: ``ActionIdError``."""
        found = self._ids.get(action)
        if found is None:
            raise ActionIdError(
                str(action),
                f"the {self.game_id} action catalogue (version {self.version}) does not list it",
            )
        return found

    def decode(self, action_id: SupportsIndex) -> Action:
        """The action numbered ``action_id``: an ``int``, or any whole number that says so
        (``numpy.int64``). ``ActionIdError`` for a number out of range, a ``bool``, a float or
        anything else."""
        # The common case first, in one test: agents decode an id at every decision.
        if type(action_id) is int and 0 <= action_id < len(self._actions):
            return self._actions[action_id]
        number = None if isinstance(action_id, bool) else _whole_number(action_id)
        if number is None:
            raise ActionIdError(
                repr(action_id), f"an action id is a whole number, not {type(action_id).__name__}"
            )
        if not 0 <= number < len(self._actions):
            raise ActionIdError(
                str(number),
                f"the {self.game_id} action ids run from 0 to {len(self._actions) - 1}",
            )
        return self._actions[number]

    def legal_ids(self, legal: Iterable[Action]) -> list[int]:
        """The ids of ``legal`` (a game's legal actions), in the order given."""
        try:
            return list(map(self._ids.__getitem__, legal))
        except KeyError as missing:
            # Only a game whose list misses an action it offers gets here: say which.
            raise ActionIdError(
                str(missing.args[0]),
                f"legal now, but the {self.game_id} action catalogue (version {self.version}) "
                "does not list it",
            ) from None

    def legal_mask(self, legal: Iterable[Action]) -> bytearray:
        """One byte per id, 1 where the action is in ``legal`` and 0 elsewhere
        (``numpy.frombuffer(mask, dtype=bool)`` reads it without a copy)."""
        return self.mask(self.legal_ids(legal))

    def mask(self, ids: Iterable[int]) -> bytearray:
        """One byte per id, 1 for each of ``ids`` (ids already worked out, such as
        :meth:`legal_ids`) and 0 elsewhere."""
        mask = bytearray(len(self._actions))
        for action_id in ids:
            mask[action_id] = 1
        return mask


def _whole_number(value: object) -> int | None:
    try:
        return index(value)  # type: ignore[arg-type]
    except TypeError:
        return None
