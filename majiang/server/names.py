"""Usernames: one spelling per name (NFKC), no control or invisible characters, unique without
regard to case, accents or lookalike letters (`name_key`), `bot-` / `guest-` reserved after that
folding (a Cyrillic `bоt-` is `bot-`)."""

from __future__ import annotations

import re
import unicodedata

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


def reserved(username: str) -> bool:
    """Whether the name, folded, starts with a prefix kept for bots and guests."""
    return name_key(username).startswith(RESERVED)
