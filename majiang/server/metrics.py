"""The server's Prometheus metrics (`GET /metrics`): live tables and sockets, hands and actions,
the time to apply and store an action, errors, and silver moved by the ledger."""

from __future__ import annotations

from prometheus_client import CollectorRegistry, Counter, Gauge, Histogram

REGISTRY = CollectorRegistry()  # the server's own: several apps in one test process never clash

TABLES = Gauge("majiang_tables_live", "table actors running in this process", registry=REGISTRY)
SOCKETS = Gauge("majiang_sockets_open", "table WebSockets open", registry=REGISTRY)
REFUSED = Counter("majiang_sockets_refused_total", "table WebSockets refused, by reason",
                  ["reason"], registry=REGISTRY)
HANDS = Counter("majiang_hands_total", "hands finished, by ruleset", ["rules"],
                registry=REGISTRY)
ACTIONS = Counter("majiang_actions_total", "actions applied, by source", ["source"],
                  registry=REGISTRY)
ACTION_SECONDS = Histogram(
    "majiang_action_seconds", "time to apply, store and send one action",
    buckets=(0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5),
    registry=REGISTRY)
INPUT_ERRORS = Counter("majiang_input_errors_total", "client messages refused, by kind",
                       ["kind"], registry=REGISTRY)
ERRORS = Counter("majiang_errors_total", "unexpected errors, by where", ["where"],
                 registry=REGISTRY)
SILVER = Counter("majiang_silver_moved_total", "silver moved between players by settlements",
                 registry=REGISTRY)
DB_RETRIES = Counter("majiang_db_retries_total",
                     "table database steps retried after a transient failure, by step",
                     ["where"], registry=REGISTRY)
DB_WAITING = Gauge("majiang_db_waiting_tables", "tables waiting for the database to come back",
                   registry=REGISTRY)
CLAIM_HOLDS = Counter("majiang_claim_holds_total",
                      "discards after which the table held the next event for its claim window",
                      registry=REGISTRY)
