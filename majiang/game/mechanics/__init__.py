"""The special mechanics, one module each behind one interface (`base.Mechanic`); which ruleset
uses which is the table in `game/variants.py`."""
