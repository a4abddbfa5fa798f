"""`simulate --ray [ADDRESS]` and `--out FILE`: the run's chunks sharded over a Ray cluster, and
one row per hand written as JSON Lines or Parquet.

The chunks are the local run's (hand i dealt from f"{seed}/{i}", bots seeded per chunk), so a
chunk's statistics do not depend on where it ran; results stream back as chunks finish and are
merged in chunk order, so the report equals the local run's for the same seeds. Without an
address a local Ray cluster is started (`workers` CPUs); "auto" or "ray://host:port" joins one.
"""

from __future__ import annotations

import json
import multiprocessing
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from majiang.game.hand import Hand
from majiang.sim.stats import Stats

Job = tuple[str, str, list[str], int, int, str, str | None]
Part = tuple[int, Stats, list[dict[str, Any]]]
Play = Callable[..., Stats]  # simulate_range(*job, rows=...) of `majiang simulate`


def hand_row(index: int, hand: Hand, bots: list[str]) -> dict[str, Any]:
    """One hand as a data-set row: who played, how it ended, and its actions (replayable:
    `Hand.new(rules, seed, dealer)` and apply them in order)."""
    result = hand.result
    return {
        "index": index, "rules": hand.rules, "seed": str(hand.seed), "dealer": hand.dealer,
        "bots": list(bots),
        "winners": [] if result is None else list(result.winners),
        "win_type": None if result is None else result.win_type,
        "discarder": None if result is None else result.discarder,
        "payments": [] if result is None else list(result.payments),
        "values": [] if result is None else [int(a.get("value", 0)) for a in result.answers],
        "steps": len(hand.actions),
        "actions": [{"seat": s, "action": a.to_json()} for s, a in hand.actions],
    }


def _indexed(arg: tuple[Play, int, Job, bool]) -> Part:
    play, i, job, with_rows = arg
    rows: list[dict[str, Any]] | None = [] if with_rows else None
    return i, play(*job, rows=rows), rows or []


def _local(play: Play, jobs: list[Job], workers: int, with_rows: bool) -> Iterator[Part]:
    args = [(play, i, job, with_rows) for i, job in enumerate(jobs)]
    if workers == 1:
        yield from map(_indexed, args)
        return
    with multiprocessing.get_context("fork").Pool(workers) as pool:
        yield from pool.imap_unordered(_indexed, args)


def _ray(play: Play, jobs: list[Job], address: str | None, workers: int,
         with_rows: bool) -> Iterator[Part]:
    import ray

    if not ray.is_initialized():
        if address:
            ray.init(address=address, log_to_driver=False)
        else:
            ray.init(num_cpus=workers, include_dashboard=False, log_to_driver=False)
    remote = ray.remote(_indexed)
    pending = [remote.remote((play, i, job, with_rows)) for i, job in enumerate(jobs)]
    while pending:
        done, pending = ray.wait(pending, num_returns=1)
        for ref in done:
            yield ray.get(ref)


def run_sharded(play: Play, jobs: list[Job], total: Stats, *, workers: int = 1,
                address: str | None = None, use_ray: bool = False, out: str | None = None,
                progress: Callable[[int], None] | None = None) -> None:
    """Play `jobs` with `play` locally or on Ray (`use_ray`, `address`), merging into `total`
    in job order; with `out`, write every hand's row to it (.parquet: Parquet, else JSON Lines).
    """
    with_rows = out is not None
    parts = (_ray(play, jobs, address, workers, with_rows) if use_ray
             else _local(play, jobs, workers, with_rows))
    waiting: dict[int, tuple[Stats, list[dict[str, Any]]]] = {}
    rows: list[dict[str, Any]] = []
    following = 0
    for i, stats, part_rows in parts:
        waiting[i] = (stats, part_rows)
        if progress is not None:
            progress(stats.hands)
        while following in waiting:
            stats, part_rows = waiting.pop(following)
            total.merge(stats)
            rows.extend(part_rows)
            following += 1
    if out is not None:
        write_rows(rows, Path(out))


def write_rows(rows: list[dict[str, Any]], path: Path) -> None:
    """JSON Lines, or Parquet for a .parquet path (pyarrow; `actions` kept as JSON text)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    if path.suffix == ".parquet":
        import pyarrow as pa
        import pyarrow.parquet as pq

        flat = [{**row, "actions": json.dumps(row["actions"], ensure_ascii=False)}
                for row in rows]
        pq.write_table(pa.Table.from_pylist(flat), path)
        return
    with path.open("w", encoding="utf-8") as f:
        for row in rows:
            f.write(json.dumps(row, ensure_ascii=False) + "\n")


def read_rows(path: Path) -> list[dict[str, Any]]:
    """The rows `write_rows` wrote (either format), `actions` as lists again."""
    if path.suffix == ".parquet":
        import pyarrow.parquet as pq

        rows: list[dict[str, Any]] = pq.read_table(path).to_pylist()
        return [{**row, "actions": json.loads(row["actions"])} for row in rows]
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line]
