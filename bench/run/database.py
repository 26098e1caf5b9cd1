"""The bench's own database (PostgreSQL `shop_bench`, or a SQLite file) and its catalogue (bench/seed.py)."""

import json
import os
import subprocess
from typing import Any

import psycopg

from bench.run.plan import PYTHON, ROOT, say

# Where PostgreSQL is looked for (no database name: the bench makes its own).
POSTGRES_SERVER = os.environ.get("BENCH_POSTGRES_URL", "postgres://postgres@127.0.0.1:5432/")
# BENCH_DATABASE lets two benches (two checkouts of the shop) run on one PostgreSQL without dropping each other's.
DATABASE_NAME = os.environ.get("BENCH_DATABASE", "shop_bench")


def postgres_create() -> str | None:
    """A fresh bench database (`shop_bench`) on the local PostgreSQL and its URL, or None when none answers."""
    try:
        with psycopg.connect(POSTGRES_SERVER + "postgres", autocommit=True, connect_timeout=3) as admin:
            admin.execute(f"DROP DATABASE IF EXISTS {DATABASE_NAME} WITH (FORCE)")
            admin.execute(f"CREATE DATABASE {DATABASE_NAME}")
    except psycopg.OperationalError as error:
        say(f"No PostgreSQL at {POSTGRES_SERVER} ({str(error).strip().splitlines()[0]}): using SQLite.")
        return None
    return POSTGRES_SERVER + DATABASE_NAME


def postgres_drop() -> None:
    with psycopg.connect(POSTGRES_SERVER + "postgres", autocommit=True, connect_timeout=3) as admin:
        admin.execute(f"DROP DATABASE IF EXISTS {DATABASE_NAME} WITH (FORCE)")


def database_version(database_url: str) -> str:
    if database_url.startswith("sqlite"):
        import sqlite3

        return f"SQLite {sqlite3.sqlite_version}"
    with psycopg.connect(database_url, connect_timeout=3) as connection:
        return f"PostgreSQL {connection.execute('SHOW server_version').fetchone()[0]}"


def seed(step: str, shoes: int, env: dict[str, str]) -> dict[str, Any]:
    """bench/seed.py in its own process, with the servers' environment; its last line is its JSON answer."""
    result = subprocess.run(
        [PYTHON, "-m", "bench.seed", step, "--shoes", str(shoes)],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        text=True,
        check=True,
    )
    return json.loads(result.stdout.strip().splitlines()[-1])
