"""The chapter's table: its board drawn from the chapter's spaces, positions and links, the
Challenges, the Plot Chart, the corruption track and the hands.

Everything is drawn from ``match.view(session.viewer)``: while the keyboard is handed over
nobody's hand is shown.
"""

from __future__ import annotations

from rich.text import Text
from textual.widgets import Static

import ringbearer_engine as rb
from ringbearer_engine.games.adventure_book.view import AdventureBookView

from ...session import GameSession
from .page_map import draw_map, letter_key, space_list, track_lines
from .panels import challenges, corruption_line, hands, plot_chart
from .words import chapter_page

LEGEND = """\
**Reading the chapter's board**

The map puts each space where the book's page has it: a letter names the space (the list
under the map gives its name), `─` joins spaces side by side, and the list says where each
space leads (`→`).

| mark | meaning |
|---|---|
| a letter on a colour | a character piece: its initial (the list under the map names it) |
| a letter on red | an enemy or another counter; `?` face down; turned over: its other side's |
| a piece's letter and `↓` | the piece lies on its side: it stands up for one step |
| green space letter, `⌂` | a hideout |
| yellow space letter, `$` | a space entered by paying the cards shown, not by a step |
| `·` | a space of an enemy track (pieces never stand there) |
| `✳` `●` `◉` `○` `✖` | corruption: the start, the marker, an eye to come, an eye seen, the end |

A piece on its side cannot move, fight or meet a Challenge until it stands up again.

Challenges show each requirement as met (✓) or not (✗), the cards to pay and the reward. The
Plot Chart lists each Plot card number with the copies still in the Plot deck: when the deck
is empty and a Plot card must be drawn, the chapter is lost.

Story cards have a mark per symbol: ♥ Courage, ? Mystery, ✦ Adventure, ◇ Insight,
⚔ Combat Skill, ◯ The One Ring (a joker that moves the Corruption marker). ★ marks a Special
card.
"""


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
        draw_map(chapter, view, width),
        letter_key(chapter, view),
        track_lines(chapter, view),
        corruption_line(view.corruption, view.fired_eyes),
        hands(view, list(match.players), width),
        space_list(chapter, view),
        challenges(chapter, match, view),
        plot_chart(chapter, view),
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


__all__ = ["LEGEND", "BookBoard", "render_table"]
