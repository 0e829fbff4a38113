"""The Mount Doom table: resolve track, route with figures, Isengard and Minas Morgul,
the encounter row, the cards in front of the players, and the dice tray.

Every part has a fixed height, so a new position repaints without a new layout.
"""

from __future__ import annotations

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.events import Click
from textual.geometry import Region
from textual.message import Message
from textual.strip import Strip
from textual.style import Style as VisualStyle
from textual.visual import Visual, visualize
from textual.widget import Widget

from ringbearer_engine.games.mount_doom.content import (
    CARDS,
    EVENT_AT,
    FIGURE_NAMES,
    FIGURES,
    FINAL_SPACES,
    GOALS,
    MOUNT_DOOM,
    RALLY,
    RIVENDELL,
)
from ringbearer_engine.games.mount_doom.view import MountDoomView, SlotView

from ...session import GameSession
from ...widgets.lines import LinePanel, background_of
from .words import LETTERS, SHORT_NAMES, STYLES, card_name, figure_of

ROW_NAMES = ("Rivendell", "Lórien", "Rohan", "Helm's D.", "Gondor", "M. Morgul")
SPACE_SYMBOL = {"": "·", "dark": "♥", "nazgul": "N"}
EVENT_STYLE = {"dark": "on dark_red", "nazgul": "on purple4"}


def _view(session: GameSession) -> MountDoomView:
    view = session.match.view(session.viewer)
    assert isinstance(view, MountDoomView)
    return view


def track_line(view: MountDoomView) -> Text:
    """dark ♥ ○○○○○○◎○○○○◉✧○○○ ♡ bright, the One Ring ◉ on the resolve circle."""
    line = Text("Resolve ", style="bold")
    line.append("♥ ", style="red")
    for circle in range(view.track_top + 1):
        if circle == view.resolve:
            line.append("◉", style="bold yellow")
        elif circle == view.sauron_eye_space:
            line.append("◎", style="orange_red1")
        elif circle == view.galadriel_space:
            line.append("✧", style="light_cyan1")
        else:
            line.append("○", style="grey50")
    line.append(" ♡", style="bright_white")
    line.append(f"  {view.resolve}/{view.track_top}", style="bold")
    return line


ROW_HEAD = 10
"""The cells a route line gives its stage's name (and the space after it)."""


def doom_room(width: int, room: int) -> int:
    """How many figures' letters fit after Mount Doom's ◆ at the end of its line, in
    ``room`` cells with spaces ``width`` wide: none at the narrowest board."""
    return max(0, room - ROW_HEAD - (FINAL_SPACES + 1) * width - 1)


def route_lines(view: MountDoomView, protected: bool, width: int = 4, room: int = 80) -> list[Text]:
    """One line a stage: its start, its spaces and, last, Mount Doom. Each cell is the
    space's symbol then the letters of the figures on it; what does not fit in ``room``
    is named on the figures line instead."""
    at: dict[int, list[int]] = {}
    for index, figure in enumerate(view.figures):
        at.setdefault(figure.position, []).append(index)
    starts = (RIVENDELL, *GOALS)
    lines = []
    for row, start in enumerate(starts):
        spaces = 8 if row < 5 else FINAL_SPACES + 2
        line = Text(f"{ROW_NAMES[row]:<9} ", style="bold")
        for position in range(start, start + spaces):
            letters = doom_room(width, room) if position == MOUNT_DOOM else width - 1
            line.append_text(_cell(position, at.get(position, []), protected, width, letters))
        lines.append(line)
    return lines


def _cell(position: int, figures: list[int], protected: bool, width: int, letters: int) -> Text:
    if position == MOUNT_DOOM:
        symbol, style = "◆", "bold dark_orange"
    elif position == RIVENDELL or position in GOALS:
        symbol, style = "■", "bold"
    else:
        kind = EVENT_AT[position]
        symbol = SPACE_SYMBOL[kind]
        style = "grey50" if not kind else ("red" if kind == "dark" else "magenta")
        if kind and figures and protected:
            style = f"bold {EVENT_STYLE[kind]}"  # covered: the figure protects the space
    cell = Text(symbol, style=style)
    if letters > 0:
        shown = figures if len(figures) <= letters else figures[: letters - 1]
        for figure in shown:
            cell.append(LETTERS[figure], style=STYLES[figure])
        if len(figures) > letters:
            cell.append("+")
    if position != MOUNT_DOOM:  # the last cell of the last row needs no room after it
        cell.pad_right(width - cell.cell_len)
    return cell


def figures_line(view: MountDoomView, width: int = 4, room: int = 80) -> Text:
    """Who stands where the route cannot show it (the rally space, spaces too crowded for
    their cell, marked ``+``, and Mount Doom when its line has no room for letters), after
    the letters' names when ``room`` allows them."""
    at: dict[int, list[int]] = {}
    for index, figure in enumerate(view.figures):
        at.setdefault(figure.position, []).append(index)
    places = Text()
    for position, figures in sorted(at.items()):
        if position == RALLY:
            places.append("Rally: ", style="bold")
        elif position == MOUNT_DOOM and doom_room(width, room) == 0:
            places.append("Mount Doom: ", style="bold")
        elif len(figures) > (doom_room(width, room) if position == MOUNT_DOOM else width - 1):
            places.append(f"+{view.figures[figures[0]].place}: ", style="bold")
        else:
            continue
        for index in figures:
            places.append(LETTERS[index], style=STYLES[index])
        places.append(" ")
    places.rstrip()
    names = Text()
    for index in range(len(view.figures)):
        names.append(LETTERS[index], style=STYLES[index])
        names.append(f":{SHORT_NAMES[index]} ")
    names.rstrip()
    if not places:
        return names
    if names.cell_len + 1 + places.cell_len > room:
        return places  # the names are in the help's legend too
    return Text(" ").join([names, places])


def forces_lines(view: MountDoomView, room: int = 80) -> list[Text]:
    """Isengard and the Nazgûl, a line each within ``room`` cells: the triangles and dots
    go before the counts do, so neither line wraps."""
    isengard_forms = []
    for triangles, leader in ((True, "♛ leader "), (False, "♛ leader "), (False, "♛ ")):
        isengard = Text("Isengard  ", style="bold")
        if view.uruk_leader:
            isengard.append(leader, style="bold red")
        if triangles:
            isengard.append("▲" * view.uruk_warriors, style="red")
            isengard.append(" ")
        isengard.append(f"{view.uruk_warriors} warriors, {view.uruk_supply} in supply")
        isengard_forms.append(isengard)
    morgul_forms = []
    for dots, warning in ((True, ", the last loses"), (True, ""), (False, "")):
        morgul = Text("Nazgûl    ", style="bold")
        if dots:
            morgul.append("●" * view.nazgul, style="magenta")
            morgul.append("○" * (view.nazgul_spaces - view.nazgul), style="grey50")
            morgul.append(" ")
        morgul.append(f"{view.nazgul}/{view.nazgul_spaces}{warning}")
        if view.witch_king_defeated:
            morgul.append(" · Witch-king fallen", style="green")
        morgul_forms.append(morgul)
    return [fitted(isengard_forms, room), fitted(morgul_forms, room)]


TABLE_TOP_PARTS = {
    "track": frozenset({0}),
    "route": frozenset(range(1, 8)),  # the six stages and the line of who stands where
    "isengard": frozenset({8}),
    "nazgul": frozenset({9}),
}
"""The parts of the table top by its lines: the track, the route, the forces."""
CARDS_AND_DICE_PARTS = {"cards": frozenset({0}), "dice": frozenset({1, 2, 3})}


def table_top_key(
    view: MountDoomView, protected: bool, width: int, room: int
) -> tuple[object, ...]:
    """Everything the table top's lines are drawn from (:func:`track_line`,
    :func:`route_lines`, :func:`figures_line`, :func:`forces_lines`): equal keys, equal lines."""
    return (
        protected,
        width,
        room,
        (view.resolve, view.track_top, view.sauron_eye_space, view.galadriel_space),
        tuple(view.figures),
        (view.uruk_leader, view.uruk_warriors, view.uruk_supply),
        (view.nazgul, view.nazgul_spaces, view.witch_king_defeated),
    )


class TableTop(LinePanel):
    """Track, route and forces, redrawn from the view only when they change; as tall as
    its lines."""

    DEFAULT_CSS = """
    TableTop { height: 10; width: 100%; border: none; }
    """

    def __init__(self) -> None:
        super().__init__(hanging=10)  # past the row names
        self.view: MountDoomView | None = None
        self._drawn_from: tuple[object, ...] = ()
        """What the lines shown were drawn from (see :func:`table_top_key`)."""

    def show(self, view: MountDoomView) -> None:
        self.view = view
        protected = not view.without_protection
        # Wider terminals get wider spaces, so crowded spaces show every figure.
        width = max(4, min(7, (self.size.width - 11) // 9))
        room = self.size.width or 80
        # Most steps move nothing on the table top (a die is rolled, a card chosen): its
        # lines are drawn again only when what they show has changed.
        drawn_from = table_top_key(view, protected, width, room)
        if drawn_from == self._drawn_from:
            self.fit_height_to_lines()  # drawn before its first layout: fitted now
            return
        self._drawn_from = drawn_from
        route = route_lines(view, protected, width, room)
        figures = figures_line(view, width, room)
        self.set_items([track_line(view), *route, figures, *forces_lines(view, room)])
        self.fit_height_to_lines()  # should a line still wrap, the Nazgûl stay in sight

    def on_resize(self) -> None:
        super().on_resize()
        if self.view is not None:
            self.show(self.view)


def empty_slot_text(slot: SlotView) -> str:
    """What an empty slot does, by the symbol printed under it, in full."""
    if slot.symbol == "nazgul":
        does = "a Nazgûl comes from the supply to a free Nazgûl space at Minas Morgul"
    else:
        name = FIGURE_NAMES[FIGURES.index(slot.symbol)]
        does = f"you may move {name} forward 0, 1 or 2 spaces"
    return (
        "This slot is empty: its card has left the row. When a kept die shows its number, "
        f"the symbol printed under it acts instead: {does}."
    )


def slot_forms(slot: SlotView) -> list[Text]:
    """The slot's line, then shorter ones for narrow boards: the card's side is dropped
    before what it lies on, since its colour says the side too."""
    head = Text(f"{slot.slot} ", style="bold")
    if not slot.occupied:
        # An empty slot acts by the symbol printed under it: say what it does, where there
        # is room, not only whose symbol it is.
        if slot.symbol == "nazgul":
            nazgul = ("empty: a Nazgûl comes to Minas Morgul", "empty: +1 Nazgûl", "empty: Nazgûl")
            return [head + Text(words, style="grey62") for words in nazgul]
        figure = FIGURES.index(slot.symbol)
        names = (FIGURE_NAMES[figure], SHORT_NAMES[figure])  # "Merry & Pippin", "Merry"
        said = (
            *(f"empty: {name} may move 0-2" for name in names),
            f"empty: {names[1]} moves ≤2",
            f"empty: {names[1]}",
        )
        return [head + Text(words, style="grey62") for words in said]
    if slot.card is None:
        return [head + Text("▒▒ face down ▒▒", style="grey50")]
    card = CARDS[slot.card]
    colour = {"friend": "green", "enemy": "red"}.get(card.side, "yellow")
    name = head + Text(card.name, style=f"bold {colour}")
    side = Text(f" {card.side}", style=colour)
    if not slot.covers:
        return [name + side] if card.side == "enemy" else [name + side, name]
    covers = Text(f" on {card_name(slot.covers)}", style="grey62")
    if card.side == "enemy":
        # Only the word tells an enemy from a friend where colour is not seen (a monochrome
        # terminal, a colour-blind player): it goes last, after what the card lies on.
        return [name + side + covers, name + side]
    return [name + side + covers, name + covers, name + side, name]


ENEMY_TAIL = " enemy"
"""What a slot's line keeps to the end, when even its shortest form has to be cut."""


def fitted(forms: list[Text], width: int) -> Text:
    """The first of ``forms`` that fits ``width``, else the last one cut with an ellipsis
    (before its " enemy", which stays while there is room for a few letters of the name)."""
    for form in forms:
        if form.cell_len <= width:
            return form
    shortest = forms[-1].copy()
    keep = len(ENEMY_TAIL) if shortest.plain.endswith(ENEMY_TAIL) else 0
    if keep and width >= keep + 5:
        head, tail = shortest.divide([len(shortest) - keep])
        head.truncate(width - keep, overflow="ellipsis")
        return head + tail
    shortest.truncate(max(1, width), overflow="ellipsis")
    return shortest


SLOT_GRID = ((1, 4), (2, 5), (3, 6))
"""The slots as the row lays them out: three lines of two columns."""


class EncounterRow(Widget):
    """The encounter row: a title line, then the six slots in two columns, drawn as one
    widget (a dozen small ones cost a third of a keypress's repaint over SSH).

    Click a slot to read its card, or focus the row, pick a slot with the arrow keys and
    press enter."""

    can_focus = True
    # Bindings, not key handlers: a handled binding ends the key's journey, where a key
    # handler let the same enter reach the card's dialog and close it at once.
    BINDINGS = [
        Binding("enter", "read", "Read the card", id="board.read-card"),
        Binding("up", "move(0, -1)", "Slot above", show=False),
        Binding("down", "move(0, 1)", "Slot below", show=False),
        Binding("left", "move(-1, 0)", "Slot left", show=False),
        Binding("right", "move(1, 0)", "Slot right", show=False),
    ]
    COMPONENT_CLASSES = {"encounter-row--cursor"}
    DEFAULT_CSS = """
    EncounterRow { height: 4; }
    EncounterRow.pointed { background: darkgreen; }
    EncounterRow > .encounter-row--cursor { background: $accent 30%; }
    """

    class Read(Message):
        def __init__(self, title: str, text: str) -> None:
            super().__init__()
            self.title, self.text = title, text

    def __init__(self) -> None:
        super().__init__()
        self.title = ""
        self.slots: dict[int, SlotView] = {}
        self.forms: dict[int, list[Text]] = {}
        """Each slot's line from the fullest to the shortest; the widest that fits is shown."""
        self.cursor = 1
        """The slot that enter reads; highlighted while the row has the focus."""

    # -- content ----------------------------------------------------------------------------

    def show(self, view: MountDoomView) -> None:
        self.show_title(
            f"{view.stage_name} · turn {view.turn} · Gandalf stack: {view.gandalf_stack}"
        )
        for slot in view.row:
            self.show_slot(slot)

    def show_title(self, title: str) -> None:
        if title != self.title:
            self.title = title
            self.refresh(Region(0, 0, self.size.width, 1))

    def show_slot(self, slot: SlotView) -> None:
        """Show ``slot`` in its place; only its cells are repainted, and only if it changed."""
        if self.slots.get(slot.slot) != slot:
            self.slots[slot.slot] = slot
            self.forms[slot.slot] = slot_forms(slot)
            self._refresh_slot(slot.slot)

    def slot_text(self, number: int) -> Text:
        """What slot ``number`` shows at the row's width."""
        return fitted(self.forms.get(number, [Text()]), self._columns()[_column_of(number)][1])

    def slot_at(self, x: int, y: int) -> int | None:
        """The slot drawn at ``(x, y)`` of the row, if any (not the title or the gap)."""
        if not 1 <= y <= len(SLOT_GRID):
            return None
        for column, (start, width) in enumerate(self._columns()):
            if start <= x < start + width:
                return SLOT_GRID[y - 1][column]
        return None

    def _columns(self) -> tuple[tuple[int, int], tuple[int, int]]:
        """(start, width) of the two columns, with a cell between them, split as a grid of
        two equal columns splits an odd width: the left column one cell narrower."""
        width = self.size.width
        left = max(0, (width - 1) // 2)
        return (0, left), (left + 1, max(0, width - left - 1))

    def _refresh_slot(self, number: int) -> None:
        start, width = self._columns()[_column_of(number)]
        self.refresh(Region(start, _line_of(number), width, 1))

    # -- reading ----------------------------------------------------------------------------

    def _read(self, number: int) -> None:
        slot = self.slots.get(number)
        if slot is None:
            return
        if slot.card is None:
            what = empty_slot_text(slot) if not slot.occupied else "This is a face-down card."
            self.post_message(self.Read(f"Slot {slot.slot}", what))
            return
        card = CARDS[slot.card]
        # A narrow row drops "on …" from the slot's line, so the card's text says it.
        under = f"\n\nIt lies on {card_name(slot.covers)}." if slot.covers else ""
        self.post_message(self.Read(f"{card.name} ({card.side})", card.text + under))

    def on_click(self, event: Click) -> None:
        number = self.slot_at(event.x, event.y)
        if number is None:
            return
        event.stop()
        self._move_to(number)
        self._read(number)

    def action_read(self) -> None:
        self._read(self.cursor)

    def action_move(self, across: int, down: int) -> None:
        line, column = _line_of(self.cursor) - 1, _column_of(self.cursor)
        line = min(max(0, line + down), len(SLOT_GRID) - 1)
        column = min(max(0, column + across), 1)
        self._move_to(SLOT_GRID[line][column])

    def _move_to(self, number: int) -> None:
        if number != self.cursor:
            self._refresh_slot(self.cursor)
            self.cursor = number
            self._refresh_slot(number)

    def on_focus(self) -> None:
        self._refresh_slot(self.cursor)

    def on_blur(self) -> None:
        self._refresh_slot(self.cursor)

    # -- drawing ----------------------------------------------------------------------------

    def render(self) -> Text:
        """The title and the slots in the row's order, one per line: what the row holds,
        for readers other than the screen (the screen is drawn by ``render_line``)."""
        lines = [Text(self.title, style="bold")]
        lines += [self.slot_text(number) for number in sorted(self.slots)]
        return Text("\n").join(lines)

    def on_resize(self) -> None:
        self.refresh()

    def render_line(self, y: int) -> Strip:
        width = self.size.width
        base = self.visual_style
        if y == 0:
            return self._strip(Text(self.title, style="bold"), width, base)
        blank = background_of(base.rich_style)
        if not 1 <= y <= len(SLOT_GRID):
            return Strip.blank(width, blank)
        cursor = self.get_visual_style("encounter-row--cursor")
        left, right = (
            self._strip(
                self.slot_text(number),
                room,
                cursor if number == self.cursor and self.has_focus else base,
            )
            for number, (_, room) in zip(SLOT_GRID[y - 1], self._columns(), strict=True)
        )
        gap = Strip.blank(1, blank)
        return Strip.join([left, gap, right]).crop_extend(0, width, blank)

    def _strip(self, text: Text, width: int, style: VisualStyle) -> Strip:
        """``text`` drawn on one line of ``width`` cells in ``style``, as Textual draws a
        widget's own text, so the row looks as a row of small widgets did."""
        if width <= 0:
            return Strip.blank(0)
        strips = Visual.to_strips(self, visualize(self, text), width, 1, style)
        strip = strips[0] if strips else Strip.blank(0)
        return strip.crop_extend(0, width, background_of(style.rich_style))


def _line_of(number: int) -> int:
    """The row's line on which slot ``number`` is drawn (the title is line 0)."""
    return next(line for line, pair in enumerate(SLOT_GRID, start=1) if number in pair)


def _column_of(number: int) -> int:
    return 0 if number <= len(SLOT_GRID) else 1


def held_line(view: MountDoomView, room: int = 80) -> Text:
    """The cards in front of the players on one line of ``room`` cells: with who holds
    each (by name, else by initial), else without, else as many as fit and how many more
    (`c` reads them all)."""
    line = Text("Cards ", style="bold")
    if not view.held:
        line.append("none yet", style="grey62")
        return line
    names = []
    for held in view.held:
        colour = "yellow" if CARDS[held.card].side == "gandalf" else "green"
        names.append((Text(held.name, style=f"bold {colour}"), view.players[held.seat]))
    with_seats = Text("  ").join(name + Text(f" ({seat})", style="grey62") for name, seat in names)
    forms = [line + with_seats]
    initials = {seat[:1] for seat in view.players}
    if len(initials) == len(view.players):  # "(A)" says who as well as "(Ann)" does
        forms.append(
            line
            + Text("  ").join(name + Text(f" ({seat[:1]})", style="grey62") for name, seat in names)
        )
    forms.append(line + Text("  ").join(name for name, _ in names))
    for shown in range(len(names) - 1, 0, -1):
        more = Text(f"  +{len(names) - shown} more (c)", style="grey62")
        forms.append(line + Text("  ").join(name for name, _ in names[:shown]) + more)
    forms.append(line + Text(f"{len(names)} held (c reads them)", style="grey62"))
    return fitted(forms, room)


def tray_lines(view: MountDoomView) -> list[Text]:
    sides = {tray.side: tray for tray in view.tray}
    black = Text("Tray  black  ", style="bold")
    colour = Text("      dice   ", style="bold")
    for side in (1, 2):
        tray = sides.get(side)
        black.append(f"side {side}: {tray.black if tray and tray.black else '–':<6}")
        if tray and tray.die:
            index = figure_of(tray.die)
            colour.append(f"side {side}: ")
            colour.append(f"{LETTERS[index]} {tray.pips:<4}", style=STYLES[index])
        else:
            colour.append(f"side {side}: {'–':<6}")
    rolled = Text("Rolled ", style="bold")
    if not view.rolled:
        rolled.append("nothing on the table", style="grey62")
    for die in view.rolled:
        if die.die == "black":
            rolled.append(f"⬛{die.face} ", style="bold")
        elif die.die == "battle":
            rolled.append(f"battle die {die.face.capitalize()} ", style="bold yellow")
        else:
            index = figure_of(die.die)
            rolled.append(f"{LETTERS[index]}{die.face} ", style=STYLES[index])
    return [black, colour, rolled]


class CardsAndDice(LinePanel):
    """The held cards and the dice, a line each: the cards' line names as many as fit (see
    held_line), so the dice never drop below the board's foot."""

    DEFAULT_CSS = """
    CardsAndDice { height: 4; width: 100%; border: none; }
    """

    def __init__(self) -> None:
        super().__init__(hanging=6)  # under the first card, past "Cards "
        self.view: MountDoomView | None = None
        self._drawn_from: tuple[object, ...] = ()
        """What the lines shown were drawn from: the held cards, the tray and the width."""

    def show(self, view: MountDoomView) -> None:
        self.view = view
        room = self.size.width or 80
        drawn_from = (room, view.players, tuple(view.held), tuple(view.tray), tuple(view.rolled))
        if drawn_from == self._drawn_from:  # drawn again only when cards or dice changed
            self.fit_height_to_lines()  # drawn before its first layout: fitted now
            return
        self._drawn_from = drawn_from
        self.set_items([held_line(view, room), *tray_lines(view)])
        self.fit_height_to_lines()

    def on_resize(self) -> None:
        super().on_resize()
        if self.view is not None:
            self.show(self.view)


ROOM_FOR_CARD_TEXTS = 36
"""Terminal rows from which the board also spells out the cards face up in the row: on a
tall terminal the board would otherwise leave its lower half empty."""


def row_text_lines(view: MountDoomView) -> list[Text]:
    """What each face-up card of the encounter row does, in the row's order."""
    lines = [Text("The row's cards", style="bold")]
    for slot in sorted(view.row, key=lambda slot: slot.slot):
        if slot.card is None:
            continue
        card = CARDS[slot.card]
        colour = {"friend": "green", "enemy": "red"}.get(card.side, "yellow")
        line = Text(f"{slot.slot} ", style="bold")
        line.append(card.name, style=f"bold {colour}")
        line.append(f" {card.side}: ", style=colour)
        line.append(card.text)
        lines.append(line)
    if len(lines) == 1:
        lines.append(Text("none face up", style="grey62"))
    return lines


class RowCardTexts(LinePanel):
    """The row's cards in full, on terminals tall enough for them (see ROOM_FOR_CARD_TEXTS);
    as tall as its lines."""

    DEFAULT_CSS = """
    RowCardTexts { height: 8; width: 100%; border: none; margin-top: 1; }
    """

    def __init__(self) -> None:
        super().__init__(hanging=2)  # past the slot's number

    def show(self, view: MountDoomView) -> None:
        self.display = self.app.size.height >= ROOM_FOR_CARD_TEXTS
        if self.display:
            self.set_items(row_text_lines(view))
            self.fit_height_to_lines()

    def on_resize(self) -> None:
        super().on_resize()
        self.fit_height_to_lines()


class MountDoomBoard(Vertical):
    """The whole table; ``refresh_view`` redraws it from the session."""

    DEFAULT_CSS = """
    MountDoomBoard { height: auto; padding: 0 0 0 1; }
    """

    def __init__(self, session: GameSession) -> None:
        super().__init__(id="board")
        self.session = session

    def compose(self) -> ComposeResult:
        yield TableTop()
        yield EncounterRow()
        yield CardsAndDice()
        yield RowCardTexts()

    def on_mount(self) -> None:
        self.refresh_view()

    def on_resize(self) -> None:
        self.query_one(RowCardTexts).show(_view(self.session))  # shown from a height on

    def point_at(self, part: str) -> None:
        """Mark one part of the board for a lesson's coach ("" for none)."""
        self.query_one(TableTop).mark(TABLE_TOP_PARTS.get(part, frozenset()))
        self.query_one(CardsAndDice).mark(CARDS_AND_DICE_PARTS.get(part, frozenset()))
        self.query_one(EncounterRow).set_class(part == "row", "pointed")

    def refresh_view(self) -> None:
        view = _view(self.session)
        self.query_one(TableTop).show(view)
        self.query_one(EncounterRow).show(view)
        self.query_one(CardsAndDice).show(view)
        self.query_one(RowCardTexts).show(view)

    @on(EncounterRow.Read)
    def _read(self, event: EncounterRow.Read) -> None:
        from ...dialogs.message import MessageDialog

        self.app.push_screen(MessageDialog(event.title, event.text))
