"""`majiang admin`: operator commands on the server's database (adjust silver, balance, check,
add a user, set a user's password).

Every change goes through `ledger.py` in one transaction, so the ledger check stays balanced. A
password is read from standard input (asked for without echo at a terminal), never from the
command line, where other users of the machine could read it.
"""

from __future__ import annotations

import argparse
import getpass
import json
import sys

from sqlalchemy import select
from sqlalchemy.engine import make_url
from sqlalchemy.exc import ArgumentError, SQLAlchemyError
from sqlalchemy.orm import Session

from majiang import economy
from majiang.server import accounts, ledger
from majiang.server.db import make_engine, migrate, session_factory, sqlite_path
from majiang.server.models import User
from majiang.server.settings import Settings


def silver(text: str) -> int:
    """A whole number of silver in ASCII digits, signed or not (`int` alone also reads other
    scripts' digits: '٣' was taken for 3)."""
    digits = text[1:] if text[:1] in ("-", "+") else text
    if not (digits.isascii() and digits.isdigit()):
        raise argparse.ArgumentTypeError(
            f"银两须为整数（0-9）/ silver must be a whole number in the digits 0-9: {text!r}")
    return int(text)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    database = argparse.ArgumentParser(add_help=False)
    database.add_argument(
        "--database-url", default=None,
        help="SQLAlchemy URL (default: $DATABASE_URL or sqlite:///majiang.db in the cwd)",
    )
    sub = parser.add_subparsers(dest="admin_command", metavar="ACTION", required=True)
    adjust = sub.add_parser(
        "adjust", parents=[database], help="add (or with a negative AMOUNT take) a user's silver",
    )
    adjust.add_argument("username")
    adjust.add_argument("amount", type=silver, metavar="AMOUNT", help="silver, e.g. 500 or -200")
    adjust.add_argument("--reason", required=True, help="why (kept in the ledger row)")
    balance = sub.add_parser("balance", parents=[database], help="a user's silver and level")
    balance.add_argument("username")
    sub.add_parser(
        "check", parents=[database],
        help="the ledger check: balances equal ledger sums, settlements sum to zero",
    )
    add = sub.add_parser(
        "add-user", parents=[database],
        help="a new account (password from standard input) with the new-account grant",
    )
    add.add_argument("username")
    add.add_argument("--silver", type=silver, default=None, metavar="N",
                     help="its opening grant (default the server's new-account grant)")
    password = sub.add_parser(
        "password", parents=[database],
        help="set a user's password (from standard input); ends every session of that user",
    )
    password.add_argument("username")


def missing_database(url: str) -> str | None:
    """Why `url` names no database an operator could mean (None: it may), in both languages: a
    malformed URL, or a SQLite file that does not exist (a typo would otherwise make a new, empty
    database that checks balanced)."""
    try:
        parsed = make_url(url)
    except ArgumentError as exc:
        return f"not a database URL: {exc} / 不是有效的数据库地址"
    path = sqlite_path(parsed)
    if path is not None and not path.exists():
        return (f"no SQLite database at {path} (the server makes it on its first start) / "
                "数据库文件不存在")
    return None


def run(args: argparse.Namespace) -> int:
    settings = Settings.from_env(database_url=args.database_url)
    url = settings.database_url
    problem = missing_database(url)
    if problem:
        print(f"majiang admin: {problem}")
        return 2
    try:
        engine = make_engine(url)
    except SQLAlchemyError as exc:  # e.g. an unknown dialect
        print(f"majiang admin: database error: {exc} / 数据库错误")
        return 2
    try:
        migrate(engine)
        with session_factory(engine)() as db:
            if args.admin_command == "adjust":
                try:
                    row = ledger.adjust(db, args.username, args.amount, args.reason)
                except economy.EconomyError as exc:
                    print(f"majiang admin: refused: {exc}")
                    return 1
                db.commit()
                print(
                    f"{args.username}: {row.balance_before} -> {row.balance_after} silver "
                    f"(adjustment {row.amount:+d}: {row.reason}; ledger row {row.id})"
                )
                return 0
            if args.admin_command in ("add-user", "password"):
                return _account(db, args, settings.new_account_grant)
            if args.admin_command == "balance":
                user = db.scalars(select(User).where(User.username == args.username)).first()
                if user is None:
                    print(f"majiang admin: no user named {args.username!r}")
                    return 1
                lvl = economy.level_for(user.silver)
                print(f"{user.username}: {user.silver} silver, level {lvl.zh} / {lvl.en}")
                return 0
            result = ledger.check(db)
            print(json.dumps(result.to_json(), ensure_ascii=False))
            return 0 if result.balanced else 1
    except SQLAlchemyError as exc:
        print(f"majiang admin: database error: {exc}")
        return 1
    finally:
        engine.dispose()


def read_password() -> str:
    """The new password: asked twice without echo at a terminal, else standard input's first
    line."""
    if sys.stdin.isatty():
        first = getpass.getpass("password / 密码: ")
        if getpass.getpass("again / 再输一次: ") != first:
            raise accounts.AccountError("the two passwords differ / 两次输入的密码不一致")
        return first
    return sys.stdin.readline().rstrip("\r\n")


def _account(db: Session, args: argparse.Namespace, new_account_grant: int) -> int:
    """`add-user` and `password`: the account change in one transaction, or a refusal."""
    try:
        if args.admin_command == "add-user":
            grant = new_account_grant if args.silver is None else args.silver
            if not 0 <= grant <= ledger.ADJUST_MAX:
                raise accounts.AccountError(f"--silver must be 0 to {ledger.ADJUST_MAX:,} / "
                                            "开户银子超出范围")
            password = read_password()
            name = accounts.check_new_credentials(args.username, password)
            user = accounts.create_user(db, name, accounts.hash_password(password),
                                        grant_amount=grant, reason="operator: new account")
            db.commit()
            print(f"{user.username}: new account, {user.silver} silver")
            return 0
        found = accounts.by_name(db, args.username)
        if found is None or found.bot or found.guest:  # a guest keeps no password: it signs up
            print(f"majiang admin: no user named {args.username!r} with a password / "
                  "没有此用户")
            return 1
        found.password_hash = accounts.hash_password(accounts.check_password(read_password()))
        ended = accounts.revoke(db, found)
        db.commit()
        print(f"{found.username}: password set; {ended} session(s) ended")
        return 0
    except accounts.AccountError as exc:
        print(f"majiang admin: refused: {exc}")
        return 1
