"""Logging without secrets: tokens in URLs (`?token=...`) and `Authorization` values are
redacted from every log line uvicorn and the server write."""

from __future__ import annotations

import copy
import logging
import re
from typing import Any

SECRET = re.compile(r"((?:token|access_token|password)=)[^&\s\"']+|(Bearer\s+)[\w.\-~+/=]+",
                    re.IGNORECASE)


def redact(text: str) -> str:
    return SECRET.sub(lambda m: (m.group(1) or m.group(2)) + "[redacted]", text)


class RedactSecrets(logging.Filter):
    """A filter that rewrites a record's message with its secrets redacted."""

    def filter(self, record: logging.LogRecord) -> bool:
        message = record.getMessage()
        cleaned = redact(message)
        if cleaned != message:
            record.msg, record.args = cleaned, ()
        return True


def uvicorn_log_config() -> dict[str, Any]:
    """uvicorn's own logging config with `RedactSecrets` on each of its handlers."""
    from uvicorn.config import LOGGING_CONFIG

    config = copy.deepcopy(LOGGING_CONFIG)
    config.setdefault("filters", {})["redact"] = {"()": RedactSecrets}
    for handler in config.get("handlers", {}).values():
        handler.setdefault("filters", []).append("redact")
    return config
