"""Self-play: many hands between bots, statistics and invariants."""
