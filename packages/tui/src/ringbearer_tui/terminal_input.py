"""The terminal's input made safe for Textual's parser, whatever a terminal or a client sends.

Textual 8's Linux driver decodes input as strict UTF-8, so one byte from a Latin-1 terminal
(0xE9, é) kills its input thread; its parser turns the digits of a CSI parameter into a C
int, so ``ESC[999999999999999999999A`` raises ``OverflowError``; and it passes the body of a
long DCS string on as key presses, one each. :class:`InputFilter` stands between the bytes
and the parser: bytes that are not UTF-8 become U+FFFD, a control sequence with a number
too large or a body too long is dropped whole, and everything else passes unchanged.
"""

from __future__ import annotations

import codecs

ESC = "\x1b"
MAX_NUMBER = 0x10FFFF
"""The largest number a control sequence may carry: the last Unicode code point (the kitty
keyboard protocol sends code points; sizes and positions are far smaller)."""
MAX_SEQUENCE = 64
"""Characters of a CSI sequence (``ESC [`` ... final byte) beyond which it is dropped."""
MAX_STRING = 256
"""Characters of a DCS, OSC, SOS, PM or APC string passed on before the rest is dropped.
Terminals answer queries with far shorter ones."""

_STRING_STARTS = frozenset("P]X^_")
"""After ESC: DCS, OSC, SOS, PM and APC, which run to a string terminator."""
_ENDS_STRING = frozenset("\x07\x18\x1a\x1b")
"""BEL (OSC's terminator), CAN and SUB (which cancel) and ESC (ST's first half, or anything
new) end a string; a person who typed Alt+Shift+P has their keys back at the next Esc."""
_CANCELS = frozenset("\x18\x1a")


def _number_too_large(parameters: str) -> bool:
    number = 0
    for char in parameters:
        if "0" <= char <= "9":
            number = number * 10 + ord(char) - 48
            if number > MAX_NUMBER:
                return True
        else:
            number = 0
    return False


class InputFilter:
    """Decodes bytes and holds control sequences to their bounds; keeps its state between
    reads, so a sequence split across two reads is judged whole."""

    def __init__(self) -> None:
        self._decode = codecs.getincrementaldecoder("utf-8")(errors="replace").decode
        self._state = "ground"
        self._pending = ""
        """A CSI sequence not yet ended, or the start of a string not yet passed on."""
        self._string_length = 0

    def feed(self, data: bytes) -> str:
        """The text for the parser from these bytes (part of a sequence may wait for more)."""
        return self._filter(self._decode(data))

    def flush(self) -> str:
        """Whatever waits, when no more input is coming for now: an unfinished sequence is
        passed on as it is, for the parser to read as keys (as it does a lone Esc)."""
        text, self._pending = self._pending, ""
        if self._state == "csi":
            self._state = "ground"
        return text

    def _filter(self, text: str) -> str:
        out: list[str] = []
        for char in text:
            self._step(char, out)
        return "".join(out)

    def _step(self, char: str, out: list[str]) -> None:
        state = self._state
        if state == "ground":
            if char == ESC:
                self._state, self._pending = "escape", char
            else:
                out.append(char)
        elif state == "escape":
            if char == "[":
                self._state, self._pending = "csi", self._pending + char
            elif char in _STRING_STARTS:
                # Passed on as it comes (so a key like Alt+Shift+P is not held back); only
                # the part of a string past its bound is dropped.
                out.append(self._pending + char)
                self._state, self._pending, self._string_length = "string", "", 0
            else:
                out.append(self._pending)
                self._state, self._pending = "ground", ""
                self._step(char, out)
        elif state == "csi":
            self._csi(char, out)
        elif state == "csi-dropped":
            if "\x40" <= char <= "\x7e" or char in _CANCELS:
                self._state = "ground"
            elif char == ESC:
                self._state = "ground"
                self._step(char, out)
        elif state in ("string", "string-dropped"):
            if char in _ENDS_STRING:
                self._state = "ground"
                if char == ESC:
                    self._step(char, out)
                elif state == "string":
                    out.append(char)
            elif state == "string":
                self._string_length += 1
                if self._string_length > MAX_STRING:
                    self._state = "string-dropped"
                else:
                    out.append(char)

    def _csi(self, char: str, out: list[str]) -> None:
        if char == ESC or char in _CANCELS:
            # Not a sequence after all: pass on what came, as keys.
            out.append(self._pending)
            self._state, self._pending = "ground", ""
            if char == ESC:
                self._step(char, out)
            return
        self._pending += char
        if "\x40" <= char <= "\x7e":
            sequence, self._pending, self._state = self._pending, "", "ground"
            if not _number_too_large(sequence[2:-1]):
                out.append(sequence)
        elif len(self._pending) > MAX_SEQUENCE:
            self._pending, self._state = "", "csi-dropped"
