"""The key to the Adventure Book's chapter board, shown by the help key."""

from __future__ import annotations

LEGEND = """\
**Reading the chapter's board**

The chapter's table is on pages that fit its panel: the row at the top names them (Board,
Hand, Challenges, Spaces, Plot; on a large terminal several share a page, and a section too
long for one page is cut in parts, "Challenges 1/2") with the one shown reversed. `]` turns
to the next page and `[` to the one before, whatever has the focus; a click on a page's name
turns to it.

The map puts each space where the book's page has it: a letter names the space (the Spaces
page gives its name and who stands there), `─` joins spaces side by side, and the Spaces
page says where each space leads (`→`).

| mark | meaning |
|---|---|
| a letter on a colour | a character piece: its initial (the key under the map names it) |
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
