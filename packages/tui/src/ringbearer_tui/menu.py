"""The main menu's entries: one list for the menu screen, its keys and the command palette."""

from __future__ import annotations

import msgspec


class MenuEntry(msgspec.Struct, frozen=True):
    id: str
    label: str
    key: str
    action: str
    """The app's action (``action_<name>`` on the app)."""
    help: str


QUIT = MenuEntry("quit", "Quit", "q", "quit_app", "Leave Ringbearer (the game is saved)")
MENU = (
    MenuEntry("new", "New game", "n", "new_game", "Start a new game"),
    MenuEntry("learn", "Learn to play", "p", "learn", "A guided first game with a coach"),
    MenuEntry("continue", "Continue", "c", "continue_game", "Resume the most recent game"),
    MenuEntry("load", "Load", "l", "load", "Open the list of saved games"),
    MenuEntry("settings", "Settings", "s", "settings", "Theme, bot speed, default names"),
    MenuEntry("rules", "Rules", "r", "rules", "Read the rules of each game"),
    QUIT,
)
ACCOUNT = MenuEntry("account", "Account", "a", "account", "The keys that may log in as you")
"""Offered only when the app is served over SSH."""
HELP = MenuEntry("help", "Help", "question_mark", "help", "Keys and how the app works")
TABLES = MenuEntry("tables", "Tables", "t", "tables", "Join, watch or open a shared table")
"""Offered only when the app is served by a server with shared tables."""
