"""The chapter's table: its board drawn from the chapter's spaces, positions and links, the
Challenges, the Plot Chart, the corruption track and the hands.

Everything is drawn from ``match.view(session.viewer)``: while the keyboard is handed over
nobody's hand is shown.
"""

from __future__ import annotations

from rich.text import Text

import ringbearer_engine as rb
from ringbearer_engine.games.adventure_book.view import AdventureBookView

from ...session import GameSession
from ...widgets.lines import Drawing
from .page_map import draw_map, letter_key, space_list, track_lines
from .panels import challenges, corruption_line, hands, plot_chart
from .words import chapter_page


class BookBoard(Drawing):
    """The chapter as the deciding person may see it. A step repaints only the rows it
    changed (a piece moved, a card paid), and lays the screen out again only when the
    number of rows changed."""

    DEFAULT_CSS = """
    BookBoard { padding: 0 1; }
    """

    def __init__(self, session: GameSession) -> None:
        super().__init__(id="board")
        self.session = session

    def on_mount(self) -> None:
        self.refresh_view()

    def on_resize(self) -> None:
        super().on_resize()
        self.refresh_view()

    def refresh_view(self) -> None:
        width = self.content_region.width or max(40, self.app.size.width * 2 // 3 - 4)
        table = render_table(self.session.match, self.session.viewer, width)
        self.show(list(table.split("\n", allow_blank=True)))


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


__all__ = ["BookBoard", "render_table"]
