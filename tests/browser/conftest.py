"""The layout tests' `server` and `browser` fixtures for the browser modules that do not define
their own (test_layout and test_e2e keep theirs)."""

from test_layout import browser, server  # noqa: F401
