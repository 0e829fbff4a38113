"""What a client's input may cost its game: counted in key presses, not only in bytes.

Every key a game reads costs it tens of microseconds, and a key that plays a choice costs a
repaint; a person types under 30 keys a second, but 10 KB of input a second is 10,000 keys.
:class:`InputShaper` reads the byte stream as a terminal parser would, just enough to count
*events*: a printable character, a control character or a whole escape sequence (an arrow
key, a mouse report) is one; a bracketed paste is one however long it is, so a paste stays a
paste; a DCS, OSC, SOS, PM or APC string is one, and whatever of it passes
:data:`MAX_STRING` bytes is discarded here, before the game ever reads it. The server holds
a session's input to a rate of events (and, as before, of bytes): what is over it waits in the
client, whose window closes.

It keeps its state between reads, so a sequence split across two reads is counted once. It
never holds bytes back: each byte is passed on or dropped as it comes.
"""

from __future__ import annotations

ESC = 0x1B
MAX_STRING = 256
"""Bytes of a DCS, OSC, SOS, PM or APC string passed on; the game's own input filter cuts
such strings at the same length, so nothing a terminal sends honestly is lost."""
MAX_SEQUENCE = 64
"""Bytes of a CSI sequence after which it is taken to have ended (the game drops it whole)."""
PASTE_START = b"\x1b[200~"
PASTE_END = b"\x1b[201~"

_STRING_STARTS = frozenset(b"P]X^_")
_STRING_ENDS = frozenset(b"\x07\x18\x1a\x1b")
"""BEL, CAN, SUB, and ESC (the first half of ST, or anything new)."""


class InputShaper:
    """Counts a client's input in events and discards the overlong part of strings."""

    def __init__(self) -> None:
        self._state = "ground"
        self._sequence = bytearray()
        """The CSI sequence read so far (to tell a paste's start from the rest)."""
        self._string_length = 0
        self._paste_tail = b""
        """The last bytes of a paste, to find its end when it is split across reads."""

    def feed(self, data: bytes) -> tuple[bytes, int]:
        """The bytes to pass on, and how many events they started."""
        out = bytearray()
        events = 0
        index = 0
        while index < len(data):
            if self._state == "paste":
                index = self._in_paste(data, index, out)
                continue
            byte = data[index]
            index += 1
            events += self._step(byte, out)
        return bytes(out), events

    def _in_paste(self, data: bytes, index: int, out: bytearray) -> int:
        """Pass a paste's bytes on whole, up to and with its end marker."""
        seen = self._paste_tail + data[index:]
        end = seen.find(PASTE_END)
        if end < 0:
            out += data[index:]
            self._paste_tail = seen[-(len(PASTE_END) - 1) :]
            return len(data)
        stop = index + end + len(PASTE_END) - len(self._paste_tail)
        out += data[index:stop]
        self._paste_tail = b""
        self._state = "ground"
        return stop

    def _step(self, byte: int, out: bytearray) -> int:
        state = self._state
        if state == "string-dropped":
            if byte in _STRING_ENDS:
                self._state = "ground"
                return self._step(byte, out) if byte == ESC else self._pass(byte, out, 0)
            return 0
        if state == "string":
            if byte in _STRING_ENDS:
                self._state = "ground"
                return self._step(byte, out) if byte == ESC else self._pass(byte, out, 0)
            self._string_length += 1
            if self._string_length > MAX_STRING:
                self._state = "string-dropped"
                return 0
            return self._pass(byte, out, 0)
        if state == "escape":
            if byte == ord("["):
                self._state = "csi"
                self._sequence = bytearray(b"\x1b[")
                return self._pass(byte, out, 0)
            if byte in _STRING_STARTS:
                self._state, self._string_length = "string", 0
                return self._pass(byte, out, 0)
            if byte == ord("O"):
                self._state = "ss3"
                return self._pass(byte, out, 0)
            self._state = "ground"
            if byte == ESC:  # Esc pressed twice: the second starts anew
                return self._step(byte, out)
            return self._pass(byte, out, 0)  # Alt and a key: one event with its Esc
        if state == "ss3":
            self._state = "ground"
            return self._pass(byte, out, 0)
        if state == "csi":
            if byte == ESC:
                self._state = "ground"
                return self._step(byte, out)
            self._sequence.append(byte)
            ended = 0x40 <= byte <= 0x7E
            if ended and bytes(self._sequence) == PASTE_START:
                self._state = "paste"
            elif ended or len(self._sequence) > MAX_SEQUENCE:
                self._state = "ground"
            return self._pass(byte, out, 0)
        # ground
        if byte == ESC:
            self._state = "escape"
            return self._pass(byte, out, 1)
        # A UTF-8 continuation byte belongs to the character its lead byte started.
        return self._pass(byte, out, 0 if 0x80 <= byte <= 0xBF else 1)

    @staticmethod
    def _pass(byte: int, out: bytearray, events: int) -> int:
        out.append(byte)
        return events
