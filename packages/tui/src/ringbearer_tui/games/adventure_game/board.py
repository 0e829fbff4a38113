"""The Adventure Game's table: the board drawn from the engine's board data, the players, the
deciding person's hand and the piles.

Everything is drawn from ``match.view(session.viewer)``: a spectator (the hand-over moment)
sees no hand at all.
"""

from __future__ import annotations

from rich.text import Text
from textual.widgets import Static

from ringbearer_engine.games.adventure_game.board import BARRIER_PAIRS
from ringbearer_engine.games.adventure_game.content import EDGES, SPACES, Space
from ringbearer_engine.games.adventure_game.drawing import KIND_MARK
from ringbearer_engine.games.adventure_game.view import AdventureView

from ...session import GameSession
from .words import CARD_TEXTS, card_name, holder, place

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


def letters(names: list[str]) -> list[str]:
    """One letter per player: the name's initial when all differ, else A, B, C, D."""
    initials = [name[:1].upper() or "?" for name in names]
    if len(set(initials)) == len(initials):
        return initials
    return [chr(ord("A") + n) for n in range(len(names))]


def board_lines(view: AdventureView, wide: bool) -> list[Text]:
    """Rows of spaces with the path or heavy lines between them.

    A space is its kind mark (``T`` town, ``^`` mountain...), in wide mode its code, then what
    stands on it: player letters and ``N`` for a Nazgûl.
    """
    marks = letters([seat.name for seat in view.seats])
    pawns: dict[str, list[int]] = {}
    for n, seat in enumerate(view.seats):
        pawns.setdefault(seat.space, []).append(n)
    nazgul = set(view.nazgul)
    lines: list[Text] = []
    for y in range(ROWS):
        line = Text()
        for x in range(COLUMNS):
            space = _AT.get((x, y))
            line.append_text(_cell(space, wide, pawns, marks, nazgul))
            if x + 1 < COLUMNS:
                right = _AT.get((x + 1, y))
                line.append_text(_link(space, right, "›", "‹", across=True))
        lines.append(line)
        if y + 1 < ROWS:
            below = Text()
            for x in range(COLUMNS):
                top, bottom = _AT.get((x, y)), _AT.get((x, y + 1))
                joint = _link(top, bottom, "v", "^", across=False)
                cell = 6 if wide else 3
                below.append_text(_widen(joint, cell))
                if x + 1 < COLUMNS:
                    below.append(" ")
            lines.append(below)
    return lines


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


def player_lines(view: AdventureView, session: GameSession) -> list[Text]:
    """A line per seat: letter, name, kind, rings, cards, where, what holds it, towns."""
    marks = letters([seat.name for seat in view.seats])
    deciding = view.to_move
    lines = []
    for n, seat in enumerate(view.seats):
        me = n == deciding
        line = Text("▶ " if me else "  ", style="bold")
        line.append(f"{marks[n]} ", style=STYLES[n % len(STYLES)])
        kind = "bot" if session.seats[n].is_bot else "person"
        line.append(f"{seat.name}", style="bold reverse" if me else "bold")
        line.append(f" {kind} ◯{seat.rings} ▤{seat.cards} {place(seat.space)}")
        held = holder(view, seat)
        if held:
            line.append(f" held: {held}", style="bold red")
        if seat.towns:
            line.append(f" towns: {', '.join(place(t) for t in seat.towns)}", style="yellow")
        lines.append(line)
    return lines


def hand_lines(view: AdventureView, with_texts: bool) -> list[Text]:
    """The viewer's cards: each with its effect when there is room, else the names in a row
    (the help lists every card's effect)."""
    if view.seat is None:
        return [Text("Hands are hidden until the next player is looking.", style="italic")]
    head = Text(f"{view.seats[view.seat].name}'s hand", style="bold underline")
    if not view.hand:
        return [head, Text("(no cards)", style="italic")]
    if not with_texts:
        head.append(": ", style="bold")
        head.append(" · ".join(card_name(card) for card in view.hand), style="bold not underline")
        return [head]
    lines = [head]
    for card in view.hand:
        line = Text(f"• {card_name(card)}", style="bold")
        line.append(f" — {CARD_TEXTS.get(card, '')}", style="")
        lines.append(line)
    return lines


def pile_line(view: AdventureView) -> Text:
    top = f" (top {card_name(view.discards[-1])})" if view.discards else ""
    return Text(
        f"Pile {view.draw_pile} · discards {len(view.discards)}{top}"
        f" · supply ◯{view.supply} · turn {view.turn}",
        style="bold",
    )


class AdventureBoard(Static):
    """The whole table as one drawing: it repaints in one go on every step."""

    DEFAULT_CSS = """
    AdventureBoard { padding: 0 1; height: auto; }
    """

    def __init__(self, session: GameSession) -> None:
        super().__init__(id="board")
        self.session = session

    def on_mount(self) -> None:
        self.refresh_view()

    def on_resize(self) -> None:
        self.refresh_view()

    def refresh_view(self) -> None:
        view = self.session.match.view(self.session.viewer)
        assert isinstance(view, AdventureView)
        wide = self.size.width >= WIDE
        gap = [Text("")] if wide else []
        parts = [
            *board_lines(view, wide),
            *gap,
            *player_lines(view, self.session),
            pile_line(view),
            *gap,
            *hand_lines(view, self.size.width >= CARD_TEXTS_WIDTH),
        ]
        self.update(Text("\n").join(parts))
