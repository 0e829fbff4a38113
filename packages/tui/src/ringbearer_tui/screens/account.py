"""The account screen of a game played over SSH: the keys that may log in as you."""

from __future__ import annotations

from pathlib import Path

import asyncssh
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Button, OptionList, Static

from ..atomic import write_atomic
from ..dialogs.confirm import ConfirmDialog
from ..dialogs.text_prompt import TextPrompt
from ..environment import served_account
from ..server.accounts import key_line, read_keys, same_key
from ..widgets.steady_footer import SteadyFooter


class AccountScreen(Screen[None]):
    HELP_TITLE = "your account"
    HELP_TEXT = (
        "Paste a public key (a line like `ssh-ed25519 AAAA… me@laptop`) to let another "
        "computer log in as you. If a dropped connection leaves your terminal printing odd "
        "characters when you move the mouse, type `reset` and press enter."
    )
    BINDINGS = [
        Binding("a", "add", "Add key", id="account.add"),
        Binding("d,delete", "remove", "Remove key", id="account.remove"),
        Binding("escape", "back", "Back", id="account.back"),
    ]
    DEFAULT_CSS = """
    AccountScreen #title { text-style: bold; padding: 0 1; }
    AccountScreen OptionList { height: 1fr; }
    AccountScreen #buttons { height: auto; }
    AccountScreen #buttons Button { margin-right: 1; }
    """

    def __init__(self, keys_file: Path) -> None:
        super().__init__()
        self.keys_file = keys_file

    def compose(self) -> ComposeResult:
        name = served_account()
        with Vertical():
            yield Static(f"Account {name}: keys that may log in", id="title")
            yield OptionList(id="keys")
            with Horizontal(id="buttons"):
                yield Button("Add key (a)", variant="primary", id="add")
                yield Button("Remove key (d)", variant="error", id="remove")
                yield Button("Back (esc)", id="back")
        yield SteadyFooter()

    def on_mount(self) -> None:
        self.reload()
        self.query_one(OptionList).focus()

    def reload(self) -> None:
        listing = self.query_one(OptionList)
        listing.clear_options()
        for key in read_keys(self.keys_file):
            listing.add_option(
                f"{key.get_algorithm()}  {key.get_fingerprint()}  {key.get_comment() or ''}"
            )
        if listing.option_count:
            listing.highlighted = 0

    def _write(self, keys: list[asyncssh.SSHKey]) -> None:
        # No backup: a removed key must not linger beside the file, able to log in again.
        data = "".join(key_line(key) + "\n" for key in keys).encode()
        write_atomic(self.keys_file, data, keep_backup=False)

    def action_add(self) -> None:
        def done(text: str | None) -> None:
            if not text:
                return
            try:
                key = asyncssh.import_public_key(text.strip())
            except (asyncssh.KeyImportError, ValueError) as error:
                self.notify(f"That is not a public key: {error}", severity="error")
                return
            keys = read_keys(self.keys_file)
            if any(same_key(key, known) for known in keys):
                self.notify(
                    f"Key {key.get_fingerprint()} is already one of your keys; nothing was added.",
                    severity="warning",
                )
                return
            self._write([*keys, key])
            self.notify(f"Key {key.get_fingerprint()} added.")
            self.reload()

        self.app.push_screen(
            TextPrompt("Paste the public key to add:", ok="Add", max_length=4096), done
        )

    def action_remove(self) -> None:
        keys = read_keys(self.keys_file)
        index = self.query_one(OptionList).highlighted
        if index is None or not 0 <= index < len(keys):
            return
        if len(keys) == 1:  # counted as keys that log in, not as lines of the file
            self.notify(
                "This is your only key: add another before removing it.", severity="warning"
            )
            return

        def done(yes: bool | None) -> None:
            if yes:
                self._write([key for n, key in enumerate(keys) if n != index])
                self.reload()

        self.app.push_screen(ConfirmDialog("Remove this key? It will no longer log in."), done)

    def action_back(self) -> None:
        self.dismiss(None)

    @on(Button.Pressed)
    def _pressed(self, event: Button.Pressed) -> None:
        {"add": self.action_add, "remove": self.action_remove, "back": self.action_back}[
            event.button.id or "back"
        ]()
