"""The dice protocol on the unit's side (docs/DICE-PROTOCOL.md): CRC-8, framing, the Pi's lines.

Pure MicroPython that also runs under CPython for the tests: no machine, no typing, no dataclasses.
A line's 64-byte limit counts the bytes before its newline, less one trailing carriage return.
"""

MAX_LINE = 64
MAX_SEQ = 65535
NAK_WORDS = ("NOTURN", "BUSY", "OFF")
FAULTS = ("BUTTON", "DISPLAY", "RNG")


def crc8(data):
    """CRC-8/SMBUS: polynomial 0x07, initial 0, no reflection, no final xor (b"123456789" gives 0xF4)."""
    crc = 0
    for byte in data:
        crc ^= byte
        for _ in range(8):
            if crc & 0x80:
                crc = ((crc << 1) ^ 0x07) & 0xFF
            else:
                crc = (crc << 1) & 0xFF
    return crc


def frame(text):
    """One line on the wire: the fields, " *", the CRC of the fields in upper-case hex, newline."""
    body = text.encode()
    return body + (" *%02X\n" % crc8(body)).encode()


def hello(unit_id, version, boot):
    return frame("HELLO %s %s %s" % (unit_id, version, boot))


def roll(seq, d1, d2):
    return frame("ROLL %d %d %d" % (seq, d1, d2))


def pong(n):
    return frame("PONG %d" % n)


def err(word):
    return frame("ERR %s" % word)


class LineBuffer:
    """Cuts the USB byte stream into lines; a line over MAX_LINE bytes is dropped whole."""

    def __init__(self, ignored):
        self.ignored = ignored  # reason -> count, shared with the parser
        self.buf = b""
        self.discarding = False

    def feed(self, data):
        self.buf += data
        lines = []
        end = self.buf.find(b"\n")
        while end >= 0:
            line = self.buf[:end]
            self.buf = self.buf[end + 1:]
            if self.discarding:
                self.discarding = False
            else:
                if line.endswith(b"\r"):
                    line = line[:-1]
                if len(line) > MAX_LINE:
                    count(self.ignored, "too long")
                else:
                    lines.append(line)
            end = self.buf.find(b"\n")
        if len(self.buf) > MAX_LINE + 1:
            if not self.discarding:
                count(self.ignored, "too long")
            self.discarding = True
            self.buf = b""
        return lines


def count(ignored, reason):
    ignored[reason] = ignored.get(reason, 0) + 1


def number(text, low, high):
    """A plain decimal (no sign, no leading zero) within low..high, or None."""
    if not text or len(text) > 9 or not text.isdigit() or (text[0] == "0" and len(text) > 1):
        return None
    value = int(text)
    if low <= value <= high:
        return value
    return None


def hex_digit(byte):
    """The value of an upper-case hex digit's byte, or None."""
    if 0x30 <= byte <= 0x39:
        return byte - 0x30
    if 0x41 <= byte <= 0x46:
        return byte - 0x41 + 10
    return None


def fields(line, ignored):
    """The fields of a line with a good CRC, or None with the reason counted in `ignored`."""
    reason = None
    if len(line) > MAX_LINE:
        reason = "too long"
    else:
        for byte in line:
            if byte == 3 or byte == 4:
                reason = "control byte"
                break
            if byte < 0x20 or byte > 0x7E:
                reason = "not ascii"
    if reason is None:
        star = len(line) - 3  # where the "*" must be
        if star < 2 or line[star - 1] != 0x20 or line[star] != 0x2A:
            reason = "no crc"
        else:
            high = hex_digit(line[star + 1])
            low = hex_digit(line[star + 2])
            if high is None or low is None:
                reason = "no crc"
            elif crc8(line[:star - 1]) != high * 16 + low:
                reason = "bad crc"
    if reason is None:
        parts = line[:star - 1].decode().split(" ")
        for part in parts:
            if not part:
                reason = "bad fields"
    if reason is not None:
        count(ignored, reason)
        return None
    return parts


def parse(line, ignored):
    """A line from the Pi as a tuple: ("ACK", seq), ("NAK", seq, word), ("SHOW", d1, d2), ("?",),
    ("PING", n); or None, with the reason counted in `ignored` (a dict of reason -> count)."""
    parts = fields(line, ignored)
    if parts is None:
        return None
    word = parts[0]
    args = parts[1:]
    result = None
    known = True
    if word == "ACK":
        if len(args) == 1:
            seq = number(args[0], 1, MAX_SEQ)
            if seq is not None:
                result = ("ACK", seq)
    elif word == "NAK":
        if len(args) == 2 and args[1] in NAK_WORDS:
            seq = number(args[0], 1, MAX_SEQ)
            if seq is not None:
                result = ("NAK", seq, args[1])
    elif word == "SHOW":
        if len(args) == 2:
            d1 = number(args[0], 1, 6)
            d2 = number(args[1], 1, 6)
            if d1 is not None and d2 is not None:
                result = ("SHOW", d1, d2)
    elif word == "?":
        if not args:
            result = ("?",)
    elif word == "PING":
        if len(args) == 1:
            n = number(args[0], 0, 999999999)
            if n is not None:
                result = ("PING", n)
    else:
        known = False
    if result is None:
        count(ignored, "bad fields" if known else "unknown word")
    return result
