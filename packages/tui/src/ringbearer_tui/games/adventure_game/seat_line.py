"""One seat of the Adventure Game as one line of the players list, whatever the width.

A seat says a lot (name, rings, cards, place, what holds the pawn, the towns used), and at
80 columns the board leaves 44 for it. Rather than wrap (the hand would drop below the
fold), the line gives up its words in a fixed order until it fits: the long forms first,
then the labels, then the end of the place's name and of the player's.
"""

from __future__ import annotations

from dataclasses import dataclass

from rich.text import Text

ELLIPSIS = "…"


@dataclass(frozen=True)
class Seat:
    """What the line says about one seat, before it is fitted."""

    mark: str
    """The seat's letter on the board."""
    mark_style: str
    name: str
    deciding: bool
    bot: bool
    rings: int
    cards: int
    place: str
    held: str
    """What holds the pawn in full ("Nazgûl", "mountain die 3"), or ""."""
    held_short: str
    """The same in a word or two ("Nazgûl", "die 3")."""
    towns: tuple[str, ...]
    """The towns already used, by name."""


@dataclass(frozen=True)
class Form:
    """How much a line spells out."""

    person: bool
    """Whether a person is marked "person" (a bot is always marked "bot")."""
    ring_word: bool
    long_held: bool
    towns: str
    """"names" (Bree, Rivendell), "initials" (B, R) or "letters" (BR)."""
    labels: bool
    """Whether "held:" and "towns:" introduce what follows."""


WIDE_FORM = Form(person=True, ring_word=True, long_held=True, towns="names", labels=True)
NARROW_FORM = Form(person=False, ring_word=False, long_held=True, towns="initials", labels=True)
"""The narrow board's usual line: only bots marked, the towns by initial."""
SHORT_FORM = Form(person=False, ring_word=False, long_held=False, towns="letters", labels=True)
TERSE_FORM = Form(person=False, ring_word=False, long_held=False, towns="letters", labels=False)

SHORTEST_PLACE = 8
"""A place cut shorter than this says little: the labels go before it is cut further."""


def seat_line(seat: Seat, width: int, wide: bool) -> Text:
    """The seat's line in the fullest form that fits ``width`` (the wide form only if
    ``wide``). When the short form does not fit, its place's name is cut ("Straight St…");
    then the labels go, the place is cut further, then left out, then the player's name is
    cut, and last the line itself."""
    for form in (WIDE_FORM, NARROW_FORM, SHORT_FORM) if wide else (NARROW_FORM, SHORT_FORM):
        line = _line(seat, form, seat.place, seat.name)
        if line.cell_len <= width:
            return line
    cut = _with_place_cut(seat, SHORT_FORM, width, SHORTEST_PLACE)
    cut = cut or _with_place_cut(seat, TERSE_FORM, width, 2)
    if cut is not None:
        return cut
    over = _line(seat, TERSE_FORM, "", seat.name).cell_len - width
    line = _line(seat, TERSE_FORM, "", _cut(seat.name, max(2, len(seat.name) - over)))
    line.truncate(width, overflow="ellipsis")
    return line


def _with_place_cut(seat: Seat, form: Form, width: int, shortest: int) -> Text | None:
    """The line with the place cut to fit, if it keeps at least ``shortest`` characters."""
    over = _line(seat, form, seat.place, seat.name).cell_len - width
    keep = len(seat.place) - over
    if keep < shortest:
        return None
    return _line(seat, form, _cut(seat.place, keep), seat.name)


def _cut(words: str, keep: int) -> str:
    """``words`` in at most ``keep`` characters, the last one "…" when any were dropped."""
    if len(words) <= keep:
        return words
    return words[: max(0, keep - 1)].rstrip() + ELLIPSIS


def _line(seat: Seat, form: Form, place: str, name: str) -> Text:
    line = Text("▶ " if seat.deciding else "  ", style="bold")
    line.append(f"{seat.mark} ", style=seat.mark_style)
    line.append(name, style="bold reverse" if seat.deciding else "bold")
    kind = "bot" if seat.bot else "person" if form.person else ""
    plural = "" if seat.rings == 1 else "s"
    rings = f"◯{seat.rings} ring{plural}" if form.ring_word else f"◯{seat.rings}"
    line.append(f"{' ' if kind else ''}{kind} {rings} ▤{seat.cards}")
    if place:
        line.append(f" {place}")
    if seat.held:
        held = seat.held if form.long_held else seat.held_short
        line.append(f" held: {held}" if form.labels else f" {held}", style="bold red")
    if seat.towns:
        initials = [town[:1] for town in seat.towns]
        towns = {
            "names": ", ".join(seat.towns),
            "initials": ", ".join(initials),
            "letters": "".join(initials),
        }[form.towns]
        line.append(f" towns: {towns}" if form.labels else f" {towns}", style="yellow")
    return line
