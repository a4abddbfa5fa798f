"""The phases of a hand, and how the current turn began."""

TURN, CLAIM, ROB, OVER = "turn", "claim", "rob", "over"
DEALT, DRAWN, CLAIMED, KONGED = "dealt", "drawn", "claimed", "konged"
