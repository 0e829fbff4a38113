"""The chapter's table: its board drawn from the chapter's spaces, positions and links, the
Challenges, the Plot Chart, the corruption track and the hands.

Everything is drawn from ``match.view(session.viewer)``: while the keyboard is handed over
nobody's hand is shown.
"""

from __future__ import annotations

import re
from collections import Counter

from rich.text import Text
from textual.widgets import Static

import ringbearer_engine as rb
from ringbearer_engine.games.adventure_book.view import AdventureBookView

from ...session import GameSession
from .rules_data import PLOT_CARDS, SPECIALS, TRACK, Page, open_challenge, requirement_met
from .words import chapter_page, marked, named, paying, state_of, token

PIECE_STYLES = (
    "bold black on bright_yellow",
    "bold black on bright_cyan",
    "bold black on bright_green",
    "bold black on magenta",
    "bold black on white",
    "bold black on dark_orange",
    "bold black on dodger_blue1",
    "bold black on orchid",
)
COUNTER_STYLE = "bold white on red3"
HIDEOUT_STYLE = "bold green3"
PAID_STYLE = "bold yellow"
DONE = "✓"
MET, UNMET = "✓", "✗"
MAX_CELL = 8
_NUMBERED = re.compile(r"\s*\d+$")
"""The number that tells apart counters of one kind ("Goblin 3")."""
WIDE = 70
"""From this width the hand lists each Special card's text."""

LEGEND = """\
**Reading the chapter's board**

The map puts each space where the book's page has it: a letter names the space (the list
under the map gives its name), `─` joins spaces side by side, and the list says where each
space leads (`→`).

| mark | meaning |
|---|---|
| a letter on a colour | a character piece: its initial (the list under the map names it) |
| a letter on red | an enemy or another counter of the chapter; `?` face down |
| green space letter, `⌂` | a hideout |
| yellow space letter, `$` | a space entered by paying the cards shown, not by a step |
| `·` | a space of an enemy track (pieces never stand there) |
| `✳` `●` `◉` `○` `✖` | corruption: the start, the marker, an eye to come, an eye seen, the end |

Challenges show each requirement as met (✓) or not (✗), the cards to pay and the reward. The
Plot Chart lists each Plot card number with the copies still in the Plot deck: when the deck
is empty and a Plot card must be drawn, the chapter is lost.

Story cards have a mark per symbol: ♥ Courage, ? Mystery, ✦ Adventure, ◇ Insight,
⚔ Combat Skill, ◯ The One Ring (a joker that moves the Corruption marker). ★ marks a Special
card.
"""


def piece_marks(chapter: Page) -> dict[str, str]:
    """One letter per character piece: its initial, or the next free letter of its name."""
    marks: dict[str, str] = {}
    for piece in chapter.chapter.pieces:
        name = piece.name.upper()
        mark = next((c for c in name if c.isalpha() and c not in marks.values()), "?")
        marks[piece.id] = mark
    return marks


def counter_marks(chapter: Page) -> dict[str, str]:
    """One letter per kind of counter, unlike every piece's: the name's initial past "The"
    ("The Balrog" is B), or the next letter of its name that is free."""
    taken = set(piece_marks(chapter).values())
    by_name: dict[str, str] = {}
    marks: dict[str, str] = {}
    for counter in chapter.chapter.counters:
        name = _NUMBERED.sub("", counter.name)
        if name not in by_name:
            words = [w for w in name.upper().split() if w not in ("THE", "A", "AN")]
            letters = [c for c in "".join(words) + name.upper() if c.isalpha()]
            mark = next((c for c in letters if c not in taken), "?")
            taken.add(mark)
            by_name[name] = mark
        marks[counter.id] = by_name[name]
    return marks


def space_keys(chapter: Page) -> dict[str, str]:
    """a, b, c, … for the spaces pieces stand on, in the chapter's order."""
    letters = "abcdefghijklmnopqrstuvwxyz" + "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
    path = [s.id for s in chapter.chapter.spaces if not s.track]
    return {space: letters[n] if n < len(letters) else "#" for n, space in enumerate(path)}


class BookBoard(Static):
    """The chapter as the deciding person may see it."""

    DEFAULT_CSS = """
    BookBoard { padding: 0 1; height: auto; }
    """

    def __init__(self, session: GameSession) -> None:
        super().__init__(id="board")
        self.session = session

    def on_mount(self) -> None:
        self.refresh_view()

    def on_resize(self) -> None:
        self.refresh_view()

    def refresh_view(self) -> None:
        width = self.content_region.width or max(40, self.app.size.width * 2 // 3 - 4)
        self.update(render_table(self.session.match, self.session.viewer, width))


def render_table(match: rb.Match, viewer: int | None, width: int) -> Text:
    view = match.view(viewer)
    assert isinstance(view, AdventureBookView)
    chapter = chapter_page(match)
    parts = [
        _heading(view, match),
        _map(chapter, view, width),
        _key(chapter, view),
        _tracks(chapter, view),
        _corruption(view),
        _hands(view, list(match.players), width),
        _spaces(chapter, view),
        _challenges(chapter, match, view),
        _plot(chapter, view),
    ]
    return Text("\n").join(part for part in parts if part.plain)


def _heading(view: AdventureBookView, match: rb.Match) -> Text:
    text = Text(f"Chapter {view.chapter}: {view.title}", style="bold")
    active = match.players[view.active]
    phase = {"move": "Movement", "story": "Storytelling", "plot": "Plot", "limit": "Hand limit"}
    text.append(f"\nTurn {view.turn} · {active} · {phase.get(view.phase, view.phase)}")
    if view.phase in ("move", "story") and not view.result:
        text.append(f" · {view.steps} step{'s' if view.steps != 1 else ''}")
        if view.phase == "story":
            text.append(f" · {view.trades} trade{'s' if view.trades != 1 else ''}")
    return text


def _occupants(chapter: Page, view: AdventureBookView) -> dict[str, Text]:
    marks = piece_marks(chapter)
    counter_letters = counter_marks(chapter)
    pieces = chapter.chapter.pieces
    styles = {p.id: PIECE_STYLES[n % len(PIECE_STYLES)] for n, p in enumerate(pieces)}
    found: dict[str, Text] = {}
    for piece, space in view.pieces.items():
        found.setdefault(space, Text()).append(marks.get(piece, "?"), style=styles.get(piece, ""))
    for counter, space in view.counters.items():
        if not space:
            continue
        face = "?" if counter in view.face_down else counter_letters.get(counter, "?")
        found.setdefault(space, Text()).append(face, style=COUNTER_STYLE)
    return found


def _map(chapter: Page, view: AdventureBookView, width: int) -> Text:
    spaces = chapter.chapter.spaces
    columns = max(s.x for s in spaces) + 1
    cell = max(2, min(MAX_CELL, width // columns))
    keys = space_keys(chapter)
    occupants = _occupants(chapter, view)
    links = {frozenset(link) for link in chapter.chapter.links}
    rows: dict[int, list[tuple[int, str]]] = {}
    for space in spaces:
        rows.setdefault(space.y, []).append((space.x, space.id))
    lines: list[Text] = []
    for y in range(max(rows) + 1):
        line = Text()
        row = sorted(rows.get(y, []))
        for n, (x, ident) in enumerate(row):
            start = x * cell
            if len(line) < start:
                gap = start - len(line)
                joined = n > 0 and frozenset((row[n - 1][1], ident)) in links
                line.append("─" * gap if joined else " " * gap, style="grey50")
            room = (row[n + 1][0] * cell - start - 1) if n + 1 < len(row) else width - start
            line.append_text(_token(chapter, ident, keys, occupants, max(1, room)))
        lines.append(line)
    return Text("\n").join(lines)


def _token(
    chapter: Page, ident: str, keys: dict[str, str], occupants: dict[str, Text], room: int
) -> Text:
    space = chapter.spaces[ident]
    token = Text()
    if space.track:
        token.append("·", style="grey50")
    else:
        style = PAID_STYLE if space.cost else HIDEOUT_STYLE if space.hideout else "bold"
        token.append(keys[ident], style=style)
    here = occupants.get(ident)
    if here is not None:
        token.append_text(here)
    if len(token) > room:
        token.truncate(max(1, room - 1))
        token.append("+")
    return token


def _key(chapter: Page, view: AdventureBookView) -> Text:
    """Which letter is which piece (those on the board) and which counter."""
    marks = piece_marks(chapter)
    pieces = chapter.chapter.pieces
    styles = {p.id: PIECE_STYLES[n % len(PIECE_STYLES)] for n, p in enumerate(pieces)}
    text = Text()
    for piece in pieces:
        if piece.id in view.pieces:
            text.append(marks[piece.id], style=styles[piece.id])
            text.append(f" {piece.name.split(' (')[0]}  ")
    kinds: dict[str, str] = {}
    letters = counter_marks(chapter)
    for counter in chapter.chapter.counters:
        kinds.setdefault(letters[counter.id], _NUMBERED.sub("", counter.name))
    for mark, name in kinds.items():
        text.append(mark, style=COUNTER_STYLE)
        text.append(f" {name}  ")
    text.rstrip()
    return text


def _spaces(chapter: Page, view: AdventureBookView) -> Text:
    keys = space_keys(chapter)
    occupants = _occupants(chapter, view)
    lines: list[Text] = []
    for space in chapter.chapter.spaces:
        if space.track:
            continue
        line = Text()
        style = PAID_STYLE if space.cost else HIDEOUT_STYLE if space.hideout else "bold"
        line.append(keys[space.id], style=style)
        line.append(f" {space.name}")
        if space.hideout:
            line.append(" ⌂", style=HIDEOUT_STYLE)
        if space.cost:
            line.append(f" ${paying(space.cost)}", style=PAID_STYLE)
        here = occupants.get(space.id)
        if here is not None:
            line.append(" ")
            line.append_text(here)
        ways = [keys[n] for n in chapter.adj[space.id] if n in keys]
        if ways:
            line.append(f" → {' '.join(ways)}", style="grey62")
        lines.append(line)
    return Text("\n").join(lines)


def _tracks(chapter: Page, view: AdventureBookView) -> Text:
    lines: list[Text] = []
    occupants = _occupants(chapter, view)
    for track in chapter.chapter.tracks:
        line = Text(f"{track.name}: ")
        for ident in track.spaces:
            here = occupants.get(ident)
            if here is None:
                line.append("·", style="grey50")
            else:
                line.append_text(here)
        lines.append(line)
    supply = Counter(
        _NUMBERED.sub("", chapter.counter_name(c))
        for c, where in view.counters.items()
        if not where
    )
    if supply:
        lines.append(
            Text("In the supply: " + ", ".join(f"{name} ×{n}" for name, n in supply.items()))
        )
    return Text("\n").join(lines)


def corruption_line(corruption: int, fired: list[int] | tuple[int, ...]) -> Text:
    """``✳··◉●·○…`` with the marker: the start, the spaces, eyes to come and eyes seen."""
    line = Text("Corruption ")
    for space in range(TRACK.last + 1):
        if space == corruption:
            line.append("●", style="bold white on red3")
        elif space == 0:
            line.append("✳")
        elif space in TRACK.eyes:
            seen = space in fired
            line.append("○" if seen else "◉", style="grey50" if seen else "bold red")
        elif space == TRACK.last:
            line.append("✖", style="bold red")
        else:
            line.append("·")
    line.append(f" {corruption}/{TRACK.last}")
    return line


def _corruption(view: AdventureBookView) -> Text:
    return corruption_line(view.corruption, view.fired_eyes)


def _hands(view: AdventureBookView, players: list[str], width: int) -> Text:
    lines: list[Text] = []
    if view.hand is not None and view.seat is not None:
        lines.append(Text(f"Your hand ({len(view.hand)}):", style="bold"))
        lines.append(_cards(view.hand, width))
    others = [
        f"{name} {size}"
        for seat, (name, size) in enumerate(zip(players, view.hand_sizes, strict=False))
        if seat != view.seat
    ]
    if others:
        lines.append(Text("Cards in hand: " + ", ".join(others)))
    if view.solo_hand:
        lines.append(Text(f"Solo hand, face up ({len(view.solo_hand)}):", style="bold"))
        lines.append(_cards(view.solo_hand, width))
    lines.append(
        Text(
            f"Story deck {view.story_deck} · discards {len(view.story_discard)} · "
            f"Special cards left {view.special_deck}",
            style="grey62",
        )
    )
    return Text("\n").join(lines)


def _cards(cards: list[str], width: int) -> Text:
    counts = Counter(token(card) for card in cards)
    specials = [t for t in counts if t in SPECIALS]
    plain = [t for t in counts if t not in SPECIALS]
    items = [marked(t) + (f" ×{counts[t]}" if counts[t] > 1 else "") for t in plain]
    text = Text("  " + ", ".join(items) if items else "")
    for special in specials:
        line = f"\n  {marked(special)}"
        if width >= WIDE:
            line += f": {SPECIALS[special].text}"
        text.append(line)
    return text


def _challenges(chapter: Page, match: rb.Match, view: AdventureBookView) -> Text:
    state = state_of(match)
    done = len(view.completed)
    lines = [Text(f"Challenges ({done} of {len(chapter.chapter.challenges)} done)", style="bold")]
    for challenge in chapter.chapter.challenges:
        line = Text()
        if challenge.id in view.completed:
            line.append(f"{DONE} {challenge.name}", style="green")
            lines.append(line)
            continue
        line.append(f"• {challenge.name}", style="bold")
        line.append(f" — pay {paying(challenge.cost)}")
        if challenge.final:
            line.append(" (last)", style="grey62")
        elif not open_challenge(chapter, state, challenge):
            line.append(" (not yet)", style="grey62")
        lines.append(line)
        for req in challenge.requirements:
            met = requirement_met(chapter, state, req)
            lines.append(
                Text(f"   {MET if met else UNMET} {req.text}", style="green" if met else "red")
            )
        if challenge.rewards:
            rewards = "; ".join(r.text for r in challenge.rewards)
            lines.append(Text(f"   reward: {rewards}", style="grey62"))
    ring = chapter.chapter.ring_ability
    lines.append(Text(f"The One Ring: {ring.name}. ", style="bold").append(ring.text, style=""))
    return Text("\n").join(lines)


def _plot(chapter: Page, view: AdventureBookView) -> Text:
    drawn = Counter(view.plot_discard)
    total = Counter(PLOT_CARDS)
    lines = [Text(f"Plot Chart: {view.plot_deck} Plot cards left", style="bold")]
    for entry in chapter.chapter.plot_chart:
        left = total.get(entry.value, 0) - drawn.get(entry.value, 0)
        lines.append(Text(f"{entry.value} ({max(0, left)} left) {entry.text}"))
    if view.plot_discard:
        lines.append(Text(f"Drawn so far: {' '.join(map(str, view.plot_discard))}", style="grey62"))
    return Text("\n").join(lines)


__all__ = ["LEGEND", "BookBoard", "corruption_line", "named", "render_table"]
