"""The account screen of a game played over SSH: the keys that may log in as you."""

from __future__ import annotations

import datetime
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
from ..dialogs.message import MessageDialog
from ..dialogs.text_prompt import TextPrompt
from ..environment import served_account, served_registration, ssh_command, table_access
from ..server.accounts import INVITATIONS_PER_ACCOUNT, key_line, read_keys, same_key
from ..tables.access import told_why
from ..tables.client import TableConnection, TableRefusedError
from ..visible import visible
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
        Binding("i", "invite", "Invite", id="account.invite"),
        Binding("escape", "back", "Back", id="account.back"),
    ]
    DEFAULT_CSS = """
    AccountScreen #title { text-style: bold; padding: 0 1; }
    AccountScreen OptionList { height: 1fr; }
    AccountScreen #buttons { height: auto; }
    AccountScreen #invite-note { color: $text-muted; padding: 0 1; }
    AccountScreen #buttons Button { margin-right: 1; }
    """

    def __init__(self, keys_file: Path) -> None:
        super().__init__()
        self.keys_file = keys_file
        self.invites = served_registration() == "invite" and table_access() is not None
        """The server registers by invitation, and this game can ask it for one."""

    def compose(self) -> ComposeResult:
        name = served_account()
        with Vertical():
            yield Static(f"Account {name}: keys that may log in", id="title")
            yield OptionList(id="keys")
            yield Static(invite_note(served_registration()), id="invite-note")
            with Horizontal(id="buttons"):
                yield Button("Add key (a)", variant="primary", id="add")
                yield Button("Remove key (d)", variant="error", id="remove")
                if self.invites:
                    yield Button("Invite a friend (i)", id="invite")
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

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return self.invites if action == "invite" else True

    def action_invite(self) -> None:
        if self.invites:
            self.run_worker(self._invite(), group="invite", exclusive=True)

    async def _invite(self) -> None:
        """Ask the server for a one-time code, and show it with the command that uses it."""
        access = table_access()
        if access is None:
            return
        try:
            connection = await TableConnection.open(*access)
            try:
                invited = await connection.invite_friend()
            finally:
                connection.close()
        except TableRefusedError as error:
            self.app.push_screen(MessageDialog("No invitation made", told_why(str(error))))
            return
        until = datetime.datetime.fromtimestamp(invited.expires).strftime("%Y-%m-%d %H:%M")
        code = visible(invited.code)
        left = INVITATIONS_PER_ACCOUNT - invited.waiting
        self.app.push_screen(
            MessageDialog(
                "An invitation for a friend",
                f"{code}\n\nGive it to one friend. The first time, they connect with\n\n"
                f"  {ssh_command(user=f'THEIR-NAME+{code}')}\n\n"
                f"choosing THEIR-NAME, their account's name, and from then on as plain "
                f"THEIR-NAME with the same key. The code registers one name, once, until "
                f"{until}. You have {invited.waiting} invitation"
                f"{'' if invited.waiting == 1 else 's'} waiting; you may make "
                f"{left} more until one is used or expires.",
            )
        )

    def action_back(self) -> None:
        self.dismiss(None)

    @on(Button.Pressed)
    def _pressed(self, event: Button.Pressed) -> None:
        {
            "add": self.action_add,
            "remove": self.action_remove,
            "invite": self.action_invite,
            "back": self.action_back,
        }[event.button.id or "back"]()


def invite_note(registration: str) -> str:
    """How friends get an account here, under the server's registration."""
    if registration == "invite":
        return "New players need an invitation: make one for a friend with i."
    if registration == "open":
        return "This server registers anyone who connects: a friend needs no invitation."
    if registration == "closed":
        return "This server takes no new accounts: its host has closed registration."
    return ""
