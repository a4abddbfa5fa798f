"""`value`: plays toward the ruleset's valuable patterns, from its view alone.

Each ruleset has a table of targets (`targets`: a colour times a shape, with a rough value in
the scorer's `value` units). A hand is worth max over targets of value x DECAY^distance
(`worth`), where the distance is the shanten of the hand restricted to the target's kinds
(`distance`). Discards, claims and kongs maximise that worth (`bot`); a discard that leaves the
hand ready is valued by asking the real scorer what each wait would pay (`ready`). Every legal
win is taken. Declares (亮倒 / 上架) as soon as the best discard allows it.

wuhan: laizi are jokers (one at most for a 屁胡, whose pair must be 2-5-8), red dragons and 赖子皮
go out as kongs at once, a laizi kong is made when the x4 is worth more than the wildcard, and
values are checked against the 64 minimum of the weakest loser (`state`). jincheng (every win is
worth 1) plays as `efficient`. Defence everywhere (`defence`): never discard a revealed wait of a
declared seat when another discard exists, and prefer tiles others have thrown when the hand is
two or more steps from its target late in the hand (or against a declared seat).
"""

from majiang.bots.value.bot import ValueBot

__all__ = ["ValueBot"]
