"""Short items (a card with its mark, a letter with its name) laid in rows that fit a width,
never broken inside one: a wrap at a space would part ``◇`` from ``Insight``."""

from __future__ import annotations

from rich.text import Text


def pack(items: list[Text], width: int, separator: str, indent: str = "") -> Text:
    """The items in rows of at most ``width`` cells, ``separator`` between two on a row,
    every row but the first led by ``indent``. An item wider than a row has one to itself."""
    rows: list[Text] = []
    for item in items:
        if rows and rows[-1].cell_len + len(separator) + item.cell_len <= width:
            rows[-1].append(separator)
            rows[-1].append_text(item)
        else:
            rows.append(Text(indent if rows else "") + item)
    return Text("\n").join(rows)
