"""The save format: a versioned envelope around a match's seed, action log and snapshot.

A save is one msgspec-encoded :class:`SaveEnvelope`, as JSON (readable) or MessagePack
(compact); :func:`read_envelope` tells them apart by their first byte. The envelope carries a
checksum over its meaningful content, so damage is caught before anything is replayed, and
the log lets a loader check the snapshot by replaying the match from its seed.

Schema evolution follows msgspec's rules: new fields get defaults, no field changes type.
When a change cannot follow them, ``SAVE_VERSION`` (the envelope) or a game's
``state_version`` (its state) goes up and a migration that rewrites the older form as plain
data is registered with :func:`register_migration`.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Callable
from typing import Any, Literal

import msgspec

from .chance import PCG32, ChanceAlgorithm
from .errors import (
    DamagedSaveError,
    FutureVersionError,
    NotASaveError,
    TruncatedSaveError,
)

FORMAT_ID = "ringbearer-save"
SAVE_VERSION = 2
"""The envelope version this engine writes; it reads this and every older one it can migrate.

Version 2 added ``chance``, the match's chance algorithm; every version-1 save used PCG32."""

MAX_SAVE_SIZE = 16 * 1024 * 1024
"""The largest save this engine reads, in bytes; a long match's save is well under 1 MB."""

SaveFormat = Literal["json", "msgpack"]
Migration = Callable[[dict[str, Any]], dict[str, Any]]


class SaveEnvelope(msgspec.Struct, kw_only=True):
    """Everything a save holds. ``state`` is the game's state as plain data."""

    format: str = FORMAT_ID
    save_version: int = SAVE_VERSION
    engine_version: str
    game: str
    state_version: int
    players: list[str]
    options: dict[str, Any]
    seed: int
    log: list[str]
    state: Any
    created: str
    saved: str
    meta: dict[str, Any] = {}
    checksum: str = ""
    chance: ChanceAlgorithm = PCG32
    """The generator the match's seed starts: replaying the log needs the same one."""


_envelope_migrations: dict[int, Migration] = {}
_state_migrations: dict[tuple[str, int], Migration] = {}


def register_migration(from_version: int, migrate: Migration, *, game: str | None = None) -> None:
    """Register how to rewrite a save from ``from_version`` to the next version.

    Without ``game`` it migrates the envelope (a dict of its fields); with ``game`` it
    migrates that game's state (plain data) from ``state_version`` ``from_version``.
    """
    if game is None:
        _envelope_migrations[from_version] = migrate
    else:
        _state_migrations[(game, from_version)] = migrate


def unregister_migration(from_version: int, *, game: str | None = None) -> None:
    if game is None:
        _envelope_migrations.pop(from_version, None)
    else:
        _state_migrations.pop((game, from_version), None)


_CHECKED_FIELDS = ("game", "state_version", "players", "options", "seed", "log", "state", "meta")
_CHECKED_SINCE_2 = (*_CHECKED_FIELDS, "chance")


def content_checksum(fields: dict[str, Any]) -> str:
    """SHA-256 over what a save means (its fields as plain data), whatever its encoding.

    Timestamps and the engine version are left out: they say when and by what, not what.
    The chance algorithm counts from save version 2, the first to name it.
    """
    version = fields.get("save_version")
    checked = _CHECKED_FIELDS if isinstance(version, int) and version < 2 else _CHECKED_SINCE_2
    content = [fields.get(name) for name in checked]
    return hashlib.sha256(msgspec.msgpack.encode(content)).hexdigest()


def seal(envelope: SaveEnvelope) -> SaveEnvelope:
    """The envelope with its checksum filled in."""
    fields = msgspec.to_builtins(envelope)
    return msgspec.structs.replace(envelope, checksum=content_checksum(fields))


def encode_envelope(envelope: SaveEnvelope, fmt: SaveFormat) -> bytes:
    if fmt == "json":
        return msgspec.json.format(msgspec.json.encode(envelope), indent=1) + b"\n"
    if fmt == "msgpack":
        return msgspec.msgpack.encode(envelope)
    raise ValueError(f"unknown save format {fmt!r}: use 'json' or 'msgpack'")


_SAVE_JSON_START = re.compile(rb'\s*\{\s*"format"\s*:')
"""How every JSON save starts, compact or indented: it lets damage be told from other JSON."""

_NESTED_TOO_DEEPLY = "the save is damaged: it nests deeper than any save does"


def _detect(data: bytes) -> SaveFormat:
    if len(data) > MAX_SAVE_SIZE:
        raise DamagedSaveError(
            f"the data is too large to be a save ({len(data):,} bytes; a save has at most "
            f"{MAX_SAVE_SIZE:,})"
        )
    stripped = data.lstrip()
    if not stripped:
        raise NotASaveError("the file is empty")
    first = stripped[0]
    if first == ord("{"):
        return "json"
    if 0x80 <= first <= 0x8F or first in (0xDE, 0xDF):
        return "msgpack"
    raise NotASaveError(
        "this is not a Ringbearer save (it is neither a save's JSON nor MessagePack)"
    )


def _decode(data: bytes, fmt: SaveFormat) -> object:
    try:
        if fmt == "json":
            return msgspec.json.decode(data)
        return msgspec.msgpack.decode(data)
    except RecursionError:
        raise DamagedSaveError(_NESTED_TOO_DEEPLY) from None
    except msgspec.DecodeError as error:
        if "truncated" in str(error).lower() or (fmt == "json" and _cut_in_a_number(data, error)):
            raise TruncatedSaveError(
                "the save ends too early: it was cut off, perhaps while it was being written"
            ) from None
        if fmt == "json" and not _SAVE_JSON_START.match(data):
            raise NotASaveError(f"this is not a Ringbearer save: {error}") from None
        raise DamagedSaveError(f"the save is damaged and cannot be read: {error}") from None


_NUMBER_END = re.compile(rb"[-+.eE0-9]\Z")


def _cut_in_a_number(data: bytes, error: msgspec.DecodeError) -> bool:
    # The decoder calls a number cut after its sign, point or exponent mark invalid rather
    # than truncated; a save never ends inside a number, so that is a cut-off save.
    return "invalid number" in str(error) and _NUMBER_END.search(data) is not None


def read_envelope(data: bytes) -> tuple[SaveEnvelope, SaveFormat]:
    """Decode, check and migrate a save's envelope. The game's state stays plain data."""
    if not isinstance(data, bytes | bytearray | memoryview):
        raise NotASaveError(f"a save is bytes, not {type(data).__name__}")
    data = bytes(data)
    fmt = _detect(data)
    raw = _decode(data, fmt)
    if not isinstance(raw, dict) or raw.get("format") != FORMAT_ID:
        raise NotASaveError("this is not a Ringbearer save (it has no Ringbearer format mark)")
    version = raw.get("save_version")
    if not isinstance(version, int) or isinstance(version, bool) or version < 1:
        raise DamagedSaveError(f"the save's version is not a positive number: {version!r}")
    if version > SAVE_VERSION:
        raise FutureVersionError(
            f"this save has format version {version}, written by ringbearer-engine "
            f"{raw.get('engine_version', '(unknown)')}; this engine reads versions up to "
            f"{SAVE_VERSION}. Upgrade ringbearer-engine to open it."
        )
    if raw.get("checksum") != _checksum_of_decoded(raw):
        raise DamagedSaveError(
            "the save's checksum does not match its content: it was changed or corrupted "
            "after it was written"
        )
    while version < SAVE_VERSION:
        migrate = _envelope_migrations.get(version)
        if migrate is None:
            raise DamagedSaveError(f"no migration from save version {version} is known")
        raw = migrate(raw)
        version += 1
        raw["save_version"] = version
    try:
        envelope = msgspec.convert(raw, SaveEnvelope)
    except msgspec.ValidationError as error:
        raise DamagedSaveError(f"the save is damaged: {error}") from None
    return envelope, fmt


def _checksum_of_decoded(raw: dict[str, Any]) -> str:
    # Encoding the content is the first step that meets numbers outside MessagePack's 64-bit
    # range (JSON has no limit) and every level of nesting, so it is where they are refused.
    try:
        return content_checksum(raw)
    except OverflowError:
        raise DamagedSaveError(
            "the save is damaged: it holds a number outside the range a save can hold "
            "(-2**63 to 2**64 - 1)"
        ) from None
    except RecursionError:
        raise DamagedSaveError(_NESTED_TOO_DEEPLY) from None


def _name_the_chance_algorithm(raw: dict[str, Any]) -> dict[str, Any]:
    """Version 1 to 2: every match saved before the choice of generator used PCG32."""
    return {**raw, "chance": PCG32}


register_migration(1, _name_the_chance_algorithm)


def migrate_state(envelope: SaveEnvelope, current: int) -> Any:
    """The envelope's game state migrated up to ``current``, as plain data."""
    state, version = envelope.state, envelope.state_version
    if version > current:
        raise FutureVersionError(
            f"this save's {envelope.game} state has version {version}; this engine reads up "
            f"to {current}. Upgrade ringbearer-engine to open it."
        )
    while version < current:
        migrate = _state_migrations.get((envelope.game, version))
        if migrate is None:
            raise DamagedSaveError(
                f"no migration for {envelope.game} states from version {version} is known"
            )
        state = migrate(state)
        version += 1
    return state
