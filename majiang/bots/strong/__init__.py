"""`strong`: value-aware discards, one-draw lookahead of what a win pays, defence and folding."""

from majiang.bots.strong.bot import StrongBot

__all__ = ["StrongBot"]
