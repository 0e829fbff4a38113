"""What the screens ask of the app they run in.

Screens, the command palette and the table flow need a few of the app's services (its
settings, its save stores, opening a save or a session). They name this protocol instead of
the app class, so that the app can import them without the screens importing the app back.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol, cast

if TYPE_CHECKING:
    from collections.abc import Awaitable, Callable

    from textual.app import App

    import ringbearer_engine as rb

    from .games.adventure_book.saves import CampaignRecord, CampaignStore
    from .session import GameSession
    from .settings import Settings
    from .storage import SaveEntry, SaveStore
    from .tables.client import TableConnection
    from .tables.protocol import Update, Welcome


class Host(Protocol):
    """The app's services, as the screens see them."""

    settings: Settings
    store: SaveStore
    campaigns: CampaignStore

    @property
    def too_small(self) -> bool:
        """Whether the terminal is below the minimum size (the size notice shows)."""
        ...

    def apply_settings(self, settings: Settings, *, persist: bool) -> None: ...

    def latest_to_continue(self) -> SaveEntry | None: ...

    def tell_folder_problems(self) -> None:
        """Say which save folders the last listing could not read."""
        ...

    def open_save(self, entry: SaveEntry, *, from_backup: bool = False) -> None: ...

    def open_session(self, session: GameSession) -> None: ...

    def open_table_campaign(
        self,
        arrival: tuple[TableConnection, Welcome, Update],
        reconnect: Callable[[], Awaitable[tuple[TableConnection, Welcome, Update]]],
    ) -> None:
        """Open a campaign table's campaign screen (from the main menu), on a connection
        just seated there; ``reconnect`` sits there again for each chapter."""
        ...

    def action_new_game(self, game_id: str | None = None) -> None:
        """The New game dialog, on ``game_id`` when given."""
        ...

    def show_rules(self, game_id: str | None) -> None:
        """The Rules screen, on ``game_id``'s page when given."""
        ...

    def open_campaign(self, record: CampaignRecord) -> None: ...

    def start_lesson(self, game: str, *, fresh: bool = False) -> None:
        """``game``'s lesson: resumed where it was left unless ``fresh`` (from its start)."""
        ...

    def play_again(self, session: GameSession) -> None:
        """A finished game's "Play again": the same seats and options, a new seed."""
        ...

    def review(self, match: rb.Match, done: Callable[[], None] | None = None) -> None:
        """Open the Review screen on ``match``, finished or not (over the current screen);
        ``done`` is called when it closes."""
        ...


def host_of(app: App[Any]) -> Host:
    """The running app's services. Every app that shows these screens is a RingbearerApp,
    which mypy checks against :class:`Host` where the app is defined."""
    return cast("Host", app)
