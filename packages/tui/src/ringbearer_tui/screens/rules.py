"""Each game's rules summary, in our own words, readable in the app."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import MarkdownViewer, TabbedContent, TabPane

from ..rules_text import RULE_PAGES, rules_markdown
from ..widgets.steady_footer import SteadyFooter


class RulesScreen(Screen[None]):
    HELP_TITLE = "the Rules"
    BINDINGS = [
        Binding("escape", "back", "Back", id="rules.back"),
        Binding("t", "toggle_contents", "Contents", id="rules.contents"),
        Binding("left", "previous_game", "Previous game", show=False, id="rules.previous"),
        Binding("right", "next_game", "Next game", show=False, id="rules.next"),
    ]
    DEFAULT_CSS = """
    RulesScreen TabbedContent { height: 1fr; }
    RulesScreen MarkdownViewer { height: 1fr; }
    """

    def __init__(self, game_id: str | None = None) -> None:
        super().__init__()
        self.first = game_id or RULE_PAGES[0][0]

    def compose(self) -> ComposeResult:
        with TabbedContent(initial=f"rules-{self.first}"):
            for game_id, title in RULE_PAGES:
                with TabPane(title, id=f"rules-{game_id}"):
                    yield MarkdownViewer(
                        rules_markdown(game_id),
                        show_table_of_contents=False,
                        open_links=False,
                        id=f"viewer-{game_id}",
                    )
        yield SteadyFooter()

    def on_mount(self) -> None:
        self._viewer().focus()

    def _viewer(self) -> MarkdownViewer:
        active = self.query_one(TabbedContent).active.removeprefix("rules-")
        return self.query_one(f"#viewer-{active}", MarkdownViewer)

    def action_toggle_contents(self) -> None:
        viewer = self._viewer()
        viewer.show_table_of_contents = not viewer.show_table_of_contents

    def _step(self, delta: int) -> None:
        tabs = self.query_one(TabbedContent)
        ids = [f"rules-{game_id}" for game_id, _ in RULE_PAGES]
        tabs.active = ids[(ids.index(tabs.active) + delta) % len(ids)]
        self._viewer().focus()

    def action_previous_game(self) -> None:
        self._step(-1)

    def action_next_game(self) -> None:
        self._step(1)

    def action_back(self) -> None:
        self.dismiss(None)
