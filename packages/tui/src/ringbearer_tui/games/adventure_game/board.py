"""The Adventure Game's table: the board drawn from the engine's board data, the players, the
deciding person's hand and the piles.

Everything is drawn from ``match.view(session.viewer)``: a spectator (the hand-over moment)
sees no hand at all.
"""

from __future__ import annotations

import functools
from collections import Counter
from collections.abc import Sequence

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.events import Click
from textual.message import Message

import ringbearer_engine as rb
from ringbearer_engine.games.adventure_game.board import BARRIER_PAIRS
from ringbearer_engine.games.adventure_game.content import EDGES, SPACES, Space
from ringbearer_engine.games.adventure_game.drawing import KIND_MARK
from ringbearer_engine.games.adventure_game.events import Fought, MountainRolled
from ringbearer_engine.games.adventure_game.view import AdventureView

from ...session import GameSession
from ...widgets.lines import Drawing, same_lines
from .cards import card_text, card_title
from .seat_line import Seat, seat_line
from .words import CARD_TEXTS, MONSTERS, card_name, holder, place

STYLES = ("bold dark_orange", "bold dodger_blue1", "bold green3", "bold magenta")
KIND_STYLE = {
    "start": "bold",
    "clear": "grey62",
    "river": "bold cyan",
    "town": "bold yellow",
    "mountain": "bold white",
    "orcs": "bold red",
    "shelob": "bold red",
    "gollum": "bold red",
    "doom": "bold orange_red1",
}
NAZGUL = "N"
WIDE = 72
"""Widths from which the board shows each space's three-letter code too."""
CARD_TEXTS_WIDTH = 60
"""Widths from which the hand lists each card with its effect."""
_AT = {(s.x, s.y): s for s in SPACES}
_EDGES = {(e.a, e.b) for e in EDGES}
COLUMNS = max(s.x for s in SPACES) + 1
ROWS = max(s.y for s in SPACES) + 1


TAKEN_MARKS = frozenset(KIND_MARK.values()) | {NAZGUL, "+"}
"""Marks the board already uses: a pawn called S beside Bag End's S would read as "Start"."""


def letters(names: list[str]) -> list[str]:
    """One letter per player: the name's initial when all differ and none is a mark of the
    board, else A, B, C, D."""
    initials = [name[:1].upper() or "?" for name in names]
    if len(set(initials)) == len(initials) and not TAKEN_MARKS & set(initials):
        return initials
    return [chr(ord("A") + n) for n in range(len(names))]


def board_lines(view: AdventureView, wide: bool) -> list[Text]:
    """Rows of spaces with the path or heavy lines between them.

    A space is its kind mark (``T`` town, ``^`` mountain...), in wide mode its code, then what
    stands on it: player letters and ``N`` for a Nazgûl.
    """
    marks = letters([seat.name for seat in view.seats])
    pawns: dict[str, tuple[int, ...]] = {}
    for n, seat in enumerate(view.seats):
        pawns[seat.space] = (*pawns.get(seat.space, ()), n)
    nazgul = frozenset(view.nazgul)
    lines: list[Text] = []
    for y in range(ROWS):
        # What stands on each space of the row: a row is drawn again only when that changed.
        here = tuple(
            (pawns.get(space.id, ()), space.id in nazgul) if space is not None else None
            for space in (_AT.get((x, y)) for x in range(COLUMNS))
        )
        lines.append(_space_row(y, here, tuple(marks), wide))
        if y + 1 < ROWS:
            lines.append(_links_below(y, wide))
    return lines


Occupants = tuple[tuple[int, ...], bool] | None
"""Who stands on a space of a row: the seats' pawns and whether a Nazgûl does."""


@functools.lru_cache(maxsize=256)
def _space_row(y: int, here: tuple[Occupants, ...], marks: tuple[str, ...], wide: bool) -> Text:
    # Kept because every step redraws the board, at a shared table on every screen, and
    # most steps change one row or none. The rows are only read afterwards, never changed.
    line = Text()
    for x in range(COLUMNS):
        space = _AT.get((x, y))
        occupants = here[x]
        pawns = {space.id: list(occupants[0])} if space is not None and occupants else {}
        nazgul = {space.id} if space is not None and occupants and occupants[1] else set()
        line.append_text(_cell(space, wide, pawns, list(marks), nazgul))
        if x + 1 < COLUMNS:
            right = _AT.get((x + 1, y))
            line.append_text(_link(space, right, "›", "‹", across=True))
    return line


@functools.cache
def _links_below(y: int, wide: bool) -> Text:
    """The paths and barriers between row ``y`` and the next: the same all game long."""
    below = Text()
    for x in range(COLUMNS):
        top, bottom = _AT.get((x, y)), _AT.get((x, y + 1))
        joint = _link(top, bottom, "v", "^", across=False)
        below.append_text(_widen(joint, 6 if wide else 3))
        if x + 1 < COLUMNS:
            below.append(" ")
    return below


def _cell(
    space: Space | None, wide: bool, pawns: dict[str, list[int]], marks: list[str], nazgul: set[str]
) -> Text:
    width = 6 if wide else 3
    if space is None:
        return Text(" " * width)
    kind = "n" if space.nazgul and space.kind == "clear" else KIND_MARK[space.kind]
    text = Text(kind, style=KIND_STYLE[space.kind])
    if wide:
        text.append(space.code, style=KIND_STYLE[space.kind])
    here = [Text(marks[n], style=STYLES[n % len(STYLES)]) for n in pawns.get(space.id, [])]
    if space.id in nazgul:
        here.insert(0, Text(NAZGUL, style="bold white on dark_red"))
    if len(here) > 2:
        here = [here[0], Text("+", style="bold")]
    for item in here:
        text.append_text(item)
    text.append(" " * (width - text.cell_len))
    return text


def _link(a: Space | None, b: Space | None, forward: str, backward: str, *, across: bool) -> Text:
    if a is None or b is None:
        return Text(" ")
    if (a.id, b.id) in _EDGES:
        return Text(forward, style="grey70")
    if (b.id, a.id) in _EDGES:
        return Text(backward, style="grey70")
    colour = BARRIER_PAIRS.get(frozenset((a.id, b.id)))
    if colour is None:
        return Text(" ")
    mark = ("┃" if across else "━") if colour == "black" else ("║" if across else "═")
    return Text(mark, style="bold" if colour == "black" else "bold dark_orange")


def _widen(joint: Text, width: int) -> Text:
    plain = joint.plain
    if plain in ("━", "═"):
        return Text(plain * width, style=joint.style)
    return Text(plain.center(width), style=joint.style)


def player_lines(
    view: AdventureView, session: GameSession, width: int, wide: bool = True
) -> list[Text]:
    """A line per seat: letter, name, kind, rings, cards, where, what holds it, towns.

    Narrow boards mark only the bots ("bot") and give the towns by initial; a line that would
    still not fit ``width`` gives up more (see :func:`seat_line`), so that each seat keeps
    to one line at 80 columns and the hand below stays in view.
    """
    marks = letters([seat.name for seat in view.seats])
    lines = []
    for n, seat in enumerate(view.seats):
        held = holder(view, seat)
        about = Seat(
            mark=marks[n],
            mark_style=STYLES[n % len(STYLES)],
            name=seat.name,
            deciding=n == view.to_move,
            bot=session.seats[n].is_bot,
            rings=seat.rings,
            cards=seat.cards,
            place=place(seat.space),
            held=held,
            held_short=held.removeprefix("mountain "),
            towns=tuple(place(town) for town in seat.towns),
        )
        lines.append(seat_line(about, width, wide))
    return lines


Spot = tuple[int, int, int, str]
"""Where a card is drawn in the hand: row, first column, column past the end, card id."""


HIDDEN_HANDS = {
    False: "Hands are hidden until the next player is looking.",
    True: "You are watching: every player's hand is hidden.",
}
"""What stands for the hand when no seat is looking: between two people at one keyboard, or
for a spectator of a shared table."""


def hand_layout(
    view: AdventureView, width: int, with_texts: bool, watching: bool = False
) -> tuple[list[Text], list[Spot]]:
    """The viewer's cards and where each is drawn, so a click can find the card.

    With room, each card has its own lines with its effect; otherwise the names run on in a
    row after the heading (``c`` and a click still give each card's full text).
    """
    if view.seat is None:
        return [Text(HIDDEN_HANDS[watching], style="italic")], []
    lines, spots = _laid_out_hand(view.seats[view.seat].name, tuple(view.hand), width, with_texts)
    return list(lines), list(spots)


@functools.lru_cache(maxsize=16)
def _laid_out_hand(
    name: str, hand: tuple[str, ...], width: int, with_texts: bool
) -> tuple[tuple[Text, ...], tuple[Spot, ...]]:
    # Kept because most steps leave a hand as it was, and every step redraws it (at a
    # shared table, on every screen); the lines are only read afterwards, never changed.
    head = Text(f"{name}'s hand", style="bold underline")
    if not hand:
        return (head, Text("(no cards)", style="italic")), ()
    laid_out = _card_lines if with_texts else _name_rows
    lines, spots = laid_out(head, list(hand), width)
    return tuple(lines), tuple(spots)


def _card_lines(head: Text, hand: list[str], width: int) -> tuple[list[Text], list[Spot]]:
    head.append(" (click a card to read it)", style="italic not underline")
    lines, spots = [head], []
    for card in hand:
        line = Text(f"• {card_name(card)}", style="bold")
        line.append(f" — {CARD_TEXTS.get(card, '')}", style="")
        for row in _wrap(line, width, indent=2):
            spots.append((len(lines), 0, width, card))
            lines.append(row)
    return lines, spots


def _wrap(line: Text, width: int, indent: int) -> list[Text]:
    words = line.split(" ", allow_blank=True)
    rows: list[Text] = [Text()]
    for n, word in enumerate(words):
        gap = 1 if n and rows[-1].cell_len else 0
        if rows[-1].cell_len + gap + word.cell_len > width and rows[-1].cell_len > indent:
            rows.append(Text(" " * indent))
            gap = 0
        if gap:
            rows[-1].append(" ")
        rows[-1].append_text(word)
    return rows


def _name_rows(head: Text, hand: list[str], width: int) -> tuple[list[Text], list[Spot]]:
    # Copies of a card share one name ("Move 1 Through Mountains ×2"): a late hand then
    # keeps to a row or two under the board at 80x24.
    head.append(":", style="bold not underline")
    rows, spots = [head], []
    copies = Counter(hand)
    for n, card in enumerate(copies):
        name = card_name(card) + (f" ×{copies[card]}" if copies[card] > 1 else "")
        gap = " " if n == 0 else " · "
        if rows[-1].cell_len + len(gap) + len(name) > width:
            rows.append(Text())
            gap = ""
        rows[-1].append(gap)
        start = rows[-1].cell_len
        rows[-1].append(name, style="bold")
        spots.append((len(rows) - 1, start, start + len(name), card))
    return rows, spots


ROLLS = (Fought, MountainRolled)


def dice_line(rolls: Sequence[rb.Event], names: Sequence[str]) -> Text | None:
    """The dice of the last step that rolled any: whose, which die, the face and what it did,
    in words, so no colour is needed to read it ("Last roll: Bo [2] vs the Nazgûl: fails")."""
    if not rolls:
        return None
    line = Text("Last roll: ", style="bold")
    for n, roll in enumerate(rolls):
        if n:
            line.append(" · ")
        if isinstance(roll, Fought):
            line.append(f"{names[roll.seat]} ")
            line.append(f"[{roll.face}]", style="bold reverse")
            line.append(f" vs {MONSTERS.get(roll.monster, 'the Nazgûl')}: ")
            line.append(
                "wins" if roll.won else "fails", style="bold green" if roll.won else "bold red"
            )
        elif isinstance(roll, MountainRolled):
            line.append(f"{names[roll.seat]}'s Mountain die ")
            line.append(f"[{roll.face}]", style="bold reverse")
    return line


SHORT_NAMES = {"through-mountains": "Through Mountains"}
"""Names too long for the piles' corner of the board."""


def pile_lines(view: AdventureView) -> list[Text]:
    """The piles, the ring supply and the turn, in short lines that fit an empty corner of
    the board."""
    top = view.discards[-1] if view.discards else None
    lines = [
        Text(f"Pile {view.draw_pile} · turn {view.turn}", style="bold"),
        Text(f"◯{view.supply} rings in supply", style="bold"),  # the one place ◯ is named
        Text(f"Discards {len(view.discards)}" + (", top:" if top else ""), style="bold"),
    ]
    if top:
        lines.append(Text(SHORT_NAMES.get(top, card_name(top)), style="bold"))
    return lines


def inset(lines: list[Text], corner: list[Text]) -> list[Text]:
    """``lines`` with ``corner`` written into the blank left ends of their last rows (the
    board leaves the lower left empty), so the table takes fewer rows; below them if the
    corner is not blank enough."""
    width = max(line.cell_len for line in corner) + 1  # a blank column before the board
    rows = lines[-len(corner) :]
    if len(rows) < len(corner) or any(_blank_start(row) < width for row in rows):
        return [*lines, *corner]
    merged = []
    for row, text in zip(rows, corner, strict=True):
        merged.append(Text.assemble(text, " " * (width - text.cell_len), row[width:]))
    return [*lines[: -len(corner)], *merged]


def _blank_start(row: Text) -> int:
    plain = row.plain
    return len(plain) - len(plain.lstrip(" "))


class TableDrawing(Drawing):
    """The board, the last roll, the players and the piles: public, one drawing."""


class HandView(Drawing):
    """The deciding person's hand; a click on a card opens its full text."""

    class Read(Message):
        def __init__(self, card: str) -> None:
            super().__init__()
            self.card = card

    def __init__(self) -> None:
        super().__init__()
        self.view: AdventureView | None = None
        self.watching = False
        self.spots: list[Spot] = []

    def show_hand(self, view: AdventureView, watching: bool = False) -> None:
        self.view, self.watching = view, watching
        width = self.size.width
        if width <= 0:
            return  # laid out for its width once it has one (on_resize)
        lines, self.spots = hand_layout(view, width, width >= CARD_TEXTS_WIDTH, watching)
        changed = not same_lines(lines, self.items)
        self.show(lines)
        if changed and view.seat is not None:
            # A late game's players and board can push the hand below the fold at 80x24:
            # a hand that changed is brought into view (the wheel scrolls back up).
            self.call_after_refresh(self.scroll_visible, animate=False)

    def on_resize(self) -> None:
        super().on_resize()
        if self.view is not None:
            self.show_hand(self.view, self.watching)

    def card_at(self, x: int, y: int) -> str | None:
        return next((c for row, a, b, c in self.spots if row == y and a <= x < b), None)

    def on_click(self, event: Click) -> None:
        card = self.card_at(event.x, event.y)
        if card is not None:
            event.stop()
            self.post_message(self.Read(card))


class AdventureBoard(Vertical):
    """The whole table: it repaints in one go on every step."""

    DEFAULT_CSS = """
    AdventureBoard { padding: 0 1; height: auto; }
    """

    def __init__(self, session: GameSession) -> None:
        super().__init__(id="board")
        self.session = session
        self.rolls: list[rb.Event] = []
        """The dice of the last step that rolled any, until another step rolls."""
        self.pointed = ""
        """The part a lesson's coach points at (see ``point_at``)."""
        self.part_lines: dict[str, frozenset[int]] = {}

    def compose(self) -> ComposeResult:
        yield TableDrawing()
        yield HandView()

    def on_mount(self) -> None:
        self.refresh_view()

    def on_resize(self) -> None:
        self.refresh_view()

    def witness(self, events: Sequence[rb.Event]) -> None:
        rolls: list[rb.Event] = [event for event in events if isinstance(event, ROLLS)]
        if rolls:
            self.rolls = rolls

    def text(self) -> str:
        """Everything drawn, as plain text (for readers other than the screen)."""
        table = self.query_one(TableDrawing).render()
        hand = self.query_one(HandView).render()
        return f"{table}\n{hand}"

    def refresh_view(self) -> None:
        view = self.session.match.view(self.session.viewer)
        assert isinstance(view, AdventureView)
        wide = self.size.width >= WIDE
        gap = [Text("")] if wide else []
        names = [seat.name for seat in view.seats]
        rolled = dice_line(self.rolls, names)
        drawn = inset(board_lines(view, wide), pile_lines(view))
        players = player_lines(view, self.session, self.content_size.width, wide)
        first_player = len(drawn) + bool(rolled) + len(gap)
        self.part_lines = {
            "map": frozenset(range(len(drawn))),
            "roll": frozenset({len(drawn)}) if rolled else frozenset(),
            "players": frozenset(range(first_player, first_player + len(players))),
        }
        parts = [*drawn, *([rolled] if rolled else []), *gap, *players, *gap]
        table = self.query_one(TableDrawing)
        table.show(parts)
        table.mark(self.part_lines.get(self.pointed, frozenset()))
        # A shared table's spectator is the one viewer who is never any seat.
        watching = self.session.shared and self.session.viewer is None
        hand = self.query_one(HandView)
        hand.show_hand(view, watching)
        hand.mark(frozenset(range(len(hand.items))) if self.pointed == "hand" else frozenset())

    def point_at(self, part: str) -> None:
        """Mark one part of the table for a lesson's coach ("" for none)."""
        if part != self.pointed:
            self.pointed = part
            self.refresh_view()

    @on(HandView.Read)
    def _read(self, event: HandView.Read) -> None:
        from ...dialogs.message import MessageDialog

        self.app.push_screen(MessageDialog(card_title(event.card), card_text(event.card)))
