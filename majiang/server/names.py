"""Usernames: one spelling per name (NFKC), no control or invisible characters, unique without
regard to case, accents or lookalike characters (`name_key`: a Cyrillic `аlice`, `aIice` with a
capital I, `a1ice` and `alice` are one name), `bot-` / `guest-` reserved after that folding.

The key maps every character the Unicode confusables data (UTS #39) lists as looking like one
ASCII letter or digit to it, and folds the ASCII lookalikes together (`0` o, `1` `I` `i` `|`
l), so that the key is one name under case folding too (`I` looks like `l`, and is `i` in
lower case). Multi-letter lookalikes (`rn` for `m`) are not folded."""

from __future__ import annotations

import re
import unicodedata
from functools import cache

SHAPE = ("用户名需2-32个字符：汉字或字母、数字、_或- / username must be 2-32 characters: "
         "letters of any script (汉字 too), digits, _ or -")
NAME = re.compile(r"[\w\-]{2,32}")  # fullmatch: no trailing newline slips through
RESERVED = ("bot-", "guest-")

# lookalikes of Latin letters the confusables data maps elsewhere (to small capitals: Cyrillic
# в is ʙ there) or misses, in lower case (keys are casefolded first), and the dashes
CONFUSABLE = {
    "в": "b", "к": "k", "м": "m", "н": "h", "т": "t", "ь": "b", "β": "b", "ε": "e", "η": "n",
    "κ": "k", "τ": "t", "χ": "x", "ω": "w", "ɑ": "a", "ɡ": "g", "ı": "i", "ȷ": "j", "ℓ": "l",
    "_": "-", "‐": "-", "‑": "-", "‒": "-", "–": "-", "—": "-", "−": "-",
}
# after case folding: the ASCII characters that pass for one another
ASCII_ALIKES = str.maketrans({"0": "o", "1": "l", "i": "l", "|": "l"})


class BadName(ValueError):
    """A username refused; the message is `中文 / English`."""


def normalize(username: object) -> str:
    """The name as stored: NFKC; refused if it has control, format or space characters, or is
    not 2-32 letters, digits, _ or -."""
    if not isinstance(username, str) or len(username) > 128:
        raise BadName(SHAPE)
    name = unicodedata.normalize("NFKC", username)
    if any(unicodedata.category(ch)[0] in "CZ" for ch in name):
        raise BadName("用户名不能含控制字符或空白 / no control, invisible or space characters")
    if not NAME.fullmatch(name):
        raise BadName(SHAPE)
    return name


def _fold(text: str) -> str:
    """NFKC, casefolded, accents dropped."""
    text = unicodedata.normalize("NFKC", text).casefold()
    return "".join(ch for ch in unicodedata.normalize("NFD", text)
                   if unicodedata.category(ch) != "Mn")


def name_key(username: str) -> str:
    """The folded form two names must not share: case, accents and every lookalike folded."""
    lookalikes = _lookalikes()
    text = "".join(lookalikes.get(ch, ch) for ch in _fold(username))
    return unicodedata.normalize("NFC", _fold(text).translate(ASCII_ALIKES))[:64]


@cache
def _lookalikes() -> dict[str, str]:
    """Each character the Unicode confusables data (package `confusable_homoglyphs`) lists as
    looking like one ASCII letter or digit: that letter or digit (the table above first)."""
    from confusable_homoglyphs.confusables import confusables_data

    out: dict[str, str] = {}
    for ch, alikes in confusables_data.items():
        if len(ch) != 1 or ch.isascii():
            continue
        ascii_ones = sorted(a["c"] for a in alikes if len(a["c"]) == 1 and a["c"].isascii()
                            and a["c"].isalnum())
        if ascii_ones:
            out[ch] = ascii_ones[0]
    return out | CONFUSABLE


def reserved(username: str) -> bool:
    """Whether the name, folded with every lookalike, starts with a prefix kept for bots and
    guests."""
    return name_key(username).startswith(RESERVED)
