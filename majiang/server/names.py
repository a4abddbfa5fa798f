"""Usernames: one spelling per name (NFKC), no control or invisible characters, unique without
regard to case, accents or lookalike letters (`name_key`), `bot-` / `guest-` reserved after that
folding and after every lookalike of the Unicode confusables data (`skeleton`: a Cyrillic
`bоt-`, an Armenian `bօt-` or a small-capital `bᴏt-` is `bot-`)."""

from __future__ import annotations

import re
import unicodedata
from functools import cache

SHAPE = "用户名需2-32个字母、数字、_或- / username must be 2-32 letters, digits, _ or -"
NAME = re.compile(r"[\w\-]{2,32}")  # fullmatch: no trailing newline slips through
RESERVED = ("bot-", "guest-")

# letters that look like Latin ones (Cyrillic, Greek, others) and digits that pass for letters
CONFUSABLE = str.maketrans({
    "а": "a", "в": "b", "е": "e", "ё": "e", "к": "k", "м": "m", "н": "h", "о": "o", "р": "p",
    "с": "c", "т": "t", "у": "y", "х": "x", "ѕ": "s", "і": "i", "ї": "i", "ј": "j", "ԁ": "d",
    "ԛ": "q", "ԝ": "w", "һ": "h", "ӏ": "l", "ь": "b", "α": "a", "β": "b", "ε": "e", "η": "n",
    "ι": "i", "κ": "k", "ν": "v", "ο": "o", "ρ": "p", "τ": "t", "υ": "u", "χ": "x", "γ": "y",
    "ω": "w", "ɑ": "a", "ɡ": "g", "ı": "i", "ȷ": "j", "ℓ": "l", "0": "o", "1": "l", "|": "l",
    "_": "-", "‐": "-", "‑": "-", "‒": "-", "–": "-", "—": "-", "−": "-",
})


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


def name_key(username: str) -> str:
    """The folded form two names must not share: NFKC, casefolded, accents dropped, lookalikes
    mapped to Latin letters."""
    text = unicodedata.normalize("NFKC", username).casefold()
    text = "".join(ch for ch in unicodedata.normalize("NFD", text)
                   if unicodedata.category(ch) != "Mn")
    return unicodedata.normalize("NFC", text.translate(CONFUSABLE))[:64]


@cache
def _lookalikes() -> dict[str, str]:
    """Each character the Unicode confusables data (package `confusable_homoglyphs`) lists as
    looking like one ASCII letter or digit: that letter or digit, lower case."""
    from confusable_homoglyphs.confusables import confusables_data

    out: dict[str, str] = {}
    for ch, alikes in confusables_data.items():
        if len(ch) != 1 or ch.isascii():
            continue
        ascii_ones = sorted(a["c"] for a in alikes if len(a["c"]) == 1 and a["c"].isascii()
                            and a["c"].isalnum())
        if ascii_ones:
            out[ch] = ascii_ones[0].lower()
    return out


def skeleton(username: str) -> str:
    """`name_key` with every remaining lookalike of an ASCII letter or digit replaced by it."""
    lookalikes = _lookalikes()
    return name_key("".join(lookalikes.get(ch, ch) for ch in name_key(username)))


def reserved(username: str) -> bool:
    """Whether the name, folded with every lookalike, starts with a prefix kept for bots and
    guests."""
    return skeleton(username).startswith(RESERVED)
