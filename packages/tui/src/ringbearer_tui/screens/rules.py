"""Each game's rules summary, in our own words, readable in the app.

A page is drawn by Rich's Markdown, one widget per section: Textual's Markdown widget made a
widget of every paragraph and table cell (650 for a page) and took seconds to open the
screen. A page is laid out only when its tab is first shown. The Contents (`t`) list the
page's sections and jump to the one chosen.
"""

from __future__ import annotations

from rich.markdown import Markdown
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Static, TabbedContent, TabPane

from ..dialogs.contents import ContentsDialog
from ..rules_text import RULE_PAGES, rules_sections
from ..widgets.steady_footer import SteadyFooter

CONTENTS_LEVELS = (2, 3)
"""The headings the Contents list: the page's title (1) is its tab's, and deeper ones are
single rulings that would make the list long."""


def heading_of(section: str) -> tuple[int, str] | None:
    """A section's heading level and words, when it starts with a heading."""
    first = section.split("\n", 1)[0]
    marks = len(first) - len(first.lstrip("#"))
    if marks == 0:
        return None
    return marks, first[marks:].strip()


class RulesPage(VerticalScroll):
    """One game's page, empty until it is first shown."""

    def __init__(self, game_id: str) -> None:
        super().__init__(id=f"page-{game_id}")
        self.game_id = game_id
        self.filled = False

    def fill(self) -> None:
        if self.filled:
            return
        self.filled = True
        self.mount_all(
            Static(Markdown(section), id=f"section-{index}", classes="section")
            for index, section in enumerate(rules_sections(self.game_id))
        )

    def contents(self) -> list[tuple[str, str]]:
        """(section widget id, indented heading) for the Contents."""
        found = []
        for index, section in enumerate(rules_sections(self.game_id)):
            heading = heading_of(section)
            if heading is not None and heading[0] in CONTENTS_LEVELS:
                level, words = heading
                found.append((f"section-{index}", "  " * (level - CONTENTS_LEVELS[0]) + words))
        return found


class RulesScreen(Screen[None]):
    HELP_TITLE = "the Rules"
    BINDINGS = [
        Binding("escape", "back", "Back", id="rules.back"),
        Binding("t", "contents", "Contents", id="rules.contents"),
        # Priority: the page would take the arrows to scroll sideways, which it never needs.
        Binding(
            "left", "previous_game", "Previous game", show=False, priority=True, id="rules.previous"
        ),
        Binding("right", "next_game", "Next game", show=False, priority=True, id="rules.next"),
    ]
    DEFAULT_CSS = """
    RulesScreen TabbedContent { height: 1fr; }
    RulesScreen RulesPage { height: 1fr; padding: 0 1; }
    RulesScreen RulesPage .section { margin-bottom: 1; }
    """

    def __init__(self, game_id: str | None = None) -> None:
        super().__init__()
        self.first = game_id or RULE_PAGES[0][0]

    def compose(self) -> ComposeResult:
        with TabbedContent(initial=f"rules-{self.first}"):
            for game_id, title in RULE_PAGES:
                with TabPane(title, id=f"rules-{game_id}"):
                    yield RulesPage(game_id)
        yield SteadyFooter()

    def on_mount(self) -> None:
        self._show_page()

    def on_tabbed_content_tab_activated(self, event: TabbedContent.TabActivated) -> None:
        event.stop()
        self._show_page()

    def _page(self) -> RulesPage:
        active = self.query_one(TabbedContent).active.removeprefix("rules-")
        return self.query_one(f"#page-{active}", RulesPage)

    def _show_page(self) -> None:
        page = self._page()
        page.fill()
        page.focus()

    def action_contents(self) -> None:
        page = self._page()
        title = dict(RULE_PAGES)[page.game_id]

        def jump(section_id: str | None) -> None:
            if section_id is not None:
                for section in page.query(f"#{section_id}"):
                    page.scroll_to_widget(section, top=True, animate=False)
            page.focus()

        self.app.push_screen(
            ContentsDialog(
                f"Contents: {title}",
                page.contents(),
                "Enter jumps to the section; escape or t closes the list.",
            ),
            jump,
        )

    def _step(self, delta: int) -> None:
        tabs = self.query_one(TabbedContent)
        ids = [f"rules-{game_id}" for game_id, _ in RULE_PAGES]
        tabs.active = ids[(ids.index(tabs.active) + delta) % len(ids)]

    def action_previous_game(self) -> None:
        self._step(-1)

    def action_next_game(self) -> None:
        self._step(1)

    def action_back(self) -> None:
        self.dismiss(None)
