"""`majiang serve`: run the table server (HTTP + WebSocket + the browser client)."""

from __future__ import annotations

import argparse
import dataclasses
import logging
import os
import sys

from majiang.server import workers
from majiang.server.limits import MAX_FRAME_BYTES
from majiang.server.logs import RedactSecrets, uvicorn_log_config
from majiang.server.settings import Settings, parse_delay


def port_number(text: str) -> int:
    """A TCP port, 1 to 65535 (argparse's type for --port)."""
    if not text.isdigit() or not 1 <= int(text) <= 65535:
        raise argparse.ArgumentTypeError(f"{text!r}: a port is 1 to 65535 / 端口号应为 1 到 65535")
    return int(text)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--host", default="127.0.0.1", help="address to listen on (127.0.0.1)")
    parser.add_argument("--port", type=port_number, default=8000, help="port (8000)")
    parser.add_argument(
        "--database-url", default=None,
        help="SQLAlchemy URL (default: $DATABASE_URL or sqlite:///majiang.db in the cwd)",
    )
    parser.add_argument(
        "--bot-delay", default=None, metavar="MIN,MAX",
        help="seconds a bot pauses before acting (default 0.6,1.8; 0 = full speed)",
    )
    parser.add_argument("--log-level", default="info", help="uvicorn log level (info)")
    workers.add_arguments(parser)  # --workers, --redis-url, --internal-port, --advertise-host


def run(args: argparse.Namespace) -> int:
    import uvicorn

    from majiang.server.app import create_app
    from majiang.server.http_protocol import with_header_timeout

    try:
        delay = parse_delay(args.bot_delay) if args.bot_delay is not None else None
    except ValueError as exc:
        print(f"majiang serve: {exc}")
        return 2
    settings = Settings.from_env(database_url=args.database_url, bot_delay=delay)
    if "MAJIANG_BOT_POOL" not in os.environ:  # a server's bots think in a process of their own
        settings = dataclasses.replace(settings, bot_pool="process")
    shape = workers.plan(args, settings)  # cluster hook: one process, a node, or a supervisor
    if not isinstance(shape, workers.Plan) or shape.supervise:
        return workers.refuse_or_supervise(shape, sys.argv[1:])
    settings = shape.settings
    if args.worker_index is not None:
        workers.leave_with_parent()
    sys.setswitchinterval(0.001)  # the event loop gets the GIL back quickly from bot threads
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(name)s: %(message)s")
    for handler in logging.getLogger().handlers:
        handler.addFilter(RedactSecrets())
    try:
        app = create_app(settings)
    except ValueError as exc:
        print(f"majiang serve: {exc}")
        return 2
    config = uvicorn.Config(
        app, host=args.host, port=args.port, log_level=args.log_level,
        http=with_header_timeout(settings.header_timeout, 16 * 1024),
        ws="websockets-sansio", ws_per_message_deflate=False, ws_max_size=MAX_FRAME_BYTES,
        h11_max_incomplete_event_size=16 * 1024, timeout_keep_alive=5,
        log_config=uvicorn_log_config(),
        # X-Forwarded-For / -Proto only from the trusted proxies (uvicorn trusts 127.0.0.1 by
        # default: any local client could name its own address to the log-in throttle)
        proxy_headers=bool(settings.trusted_proxies),
        forwarded_allow_ips=list(settings.trusted_proxies) or None,
    )
    return workers.serve(config, shape)  # cluster hook: on the node's two sockets
