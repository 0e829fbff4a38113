"""Who may come to a shared table: what its owner sees and says from the table (key i).

The owner invites accounts by name or makes one-time codes, gives a seat back, opens the
open seats to anyone or keeps them for the invited, and allows watching or stops it. The
server decides and answers with the owner's next update; this module only asks and shows.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..dialogs.message import MessageDialog
from ..dialogs.pick import PickDialog
from ..dialogs.text_prompt import TextPrompt
from ..environment import ssh_command
from ..visible import visible
from .client import TableConnection
from .protocol import SeatInfo, TableAccess

if TYPE_CHECKING:
    from textual.app import App

INVITE_QUESTION = "Invite which account? (its name, as your friend logs in)"


def access_summary(access: TableAccess) -> str:
    """Where the table stands, in two short lines for the owner."""
    seats = "anyone" if access.open_to_all else "the accounts you invite"
    waiting = [visible(name) for name in access.invited] + [f"code {code}" for code in access.codes]
    return f"Open seats: for {seats}. Watching: {'on' if access.watching else 'off'}.\n" + (
        f"Invited: {', '.join(waiting)}." if waiting else "Nobody is invited yet."
    )


class AccessDialog(PickDialog):
    """The owner's choices: a list short enough that the dialog fits 80x24 (it scrolls)."""

    DEFAULT_CSS = """
    AccessDialog #help { max-height: 3; }
    AccessDialog OptionList { max-height: 8; }
    """


def access_answers(
    access: TableAccess, seats: list[SeatInfo], own: int | None
) -> list[tuple[str, str]]:
    """What the owner may do now: (id, words) pairs for a :class:`PickDialog`."""
    answers = [
        ("invite", "Invite an account by its name"),
        ("code", "Make a one-time code for a friend (they join with it)"),
    ]
    for n, seat in enumerate(seats):
        if seat.account and n != own:
            answers.append(
                (f"free:{n}", visible(f"Give {seat.name}'s seat back (held by {seat.account})"))
            )
    if access.open_to_all:
        answers.append(("private", "Keep the open seats for the accounts you invite"))
    else:
        answers.append(("public", "Let anyone on the server take an open seat"))
    if access.watching:
        answers.append(("no-watching", "Stop others watching"))
    else:
        answers.append(("watching", "Let those who may come watch the table"))
    answers += [
        (f"uninvite:{name}", visible(f"Withdraw {name}'s invitation")) for name in access.invited
    ]
    answers += [(f"uninvite:{code}", f"Withdraw the code {code}") for code in access.codes]
    return answers


async def manage_access(
    app: App[Any],
    connection: TableConnection,
    access: TableAccess,
    seats: list[SeatInfo],
    own: int | None,
) -> None:
    """Ask the owner what to change, and send it; the server's answer comes as an update
    (a refusal as a notice)."""
    chosen = await app.push_screen_wait(
        AccessDialog(
            "Who may come to this table", access_answers(access, seats, own), access_summary(access)
        )
    )
    if chosen is None:
        return
    kind, _, rest = chosen.partition(":")
    if kind == "invite":
        name = await app.push_screen_wait(TextPrompt(INVITE_QUESTION, ok="Invite", max_length=32))
        if name:
            connection.invite(name.strip().lower())
    elif kind == "code":
        connection.make_code()
    elif kind == "free":
        connection.free_seat(int(rest))
    elif kind in ("public", "private"):
        connection.set_access(open_to_all=kind == "public", watching=access.watching)
    elif kind in ("watching", "no-watching"):
        connection.set_access(open_to_all=access.open_to_all, watching=kind == "watching")
    elif kind == "uninvite":
        connection.uninvite(rest)


def new_codes(before: TableAccess, after: TableAccess) -> list[str]:
    """The codes the owner's last update brought (the one just asked for)."""
    known = set(before.codes)
    return [code for code in after.codes if code not in known]


def show_code(app: App[Any], table: str, code: str) -> None:
    """The new code, and exactly how the friend uses it."""
    app.push_screen(
        MessageDialog(
            f"A code for table {visible(table)}",
            f"{code}\n\nGive it to one friend. They join with\n\n"
            f"  {ssh_command('join', code, user='THEIR-NAME')}\n\n"
            "or with Code (k) in their Tables. It lets in the first account that uses it, "
            "once; withdraw it here (i) if it went astray.",
        )
    )


def told_why(reason: str) -> str:
    """The server's reason for sending a player away, as a sentence."""
    words = visible(reason)
    return f"{words[:1].upper()}{words[1:]}."
