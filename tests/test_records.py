"""simulate's records (issue 30, point 3): one row per kick-off, streamed, the same bytes for a
seed whatever the processes, agreeing with simulate's counts."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest
from helpers import cli

from kickoff.analysis import Job, simulate
from kickoff.analysis.records import (
    MAX_RECORDS,
    npy_stream,
    record_dtype,
    record_players,
    simulate_records,
)
from kickoff.core import RULESETS, Square
from kickoff.formats.files import write_stream
from kickoff.formats.match import build_match


def _job() -> Job:
    match = build_match("bb2020", None, None, None, None, "home")
    return Job(match.state, match.ruleset, Square(19, 7))


def test_the_file_is_the_same_bytes_whatever_the_jobs(tmp_path: Path) -> None:
    args = ["simulate", "-n", "12000", "--seed", "7", "--json", "--records"]
    one, two = tmp_path / "one.npy", tmp_path / "two.npy"
    code, out, err = cli([*args, str(one), "--jobs", "1"])
    assert code == 0, err
    code, _, err = cli([*args, str(two), "--jobs", "2"])
    assert code == 0, err
    assert one.read_bytes() == two.read_bytes()
    doc = json.loads(out)
    rows = np.load(one)
    assert rows.shape == (12000,) and doc["n"] == 12000 and doc["seed"] == 7
    assert doc["bytes"] == one.stat().st_size
    assert rows["index"].tolist() == list(range(12000))
    assert len(set(rows["seed"].tolist())) == 3  # chunks of 5,000: three seeds
    assert rows.dtype == record_dtype(len(doc["players"]))


def test_records_agree_with_the_counts_of_the_same_seed() -> None:
    job = _job()
    tally = simulate(job, 6000, 11)
    rows = np.concatenate(list(simulate(job, 6000, 11, records=True)))
    players = record_players(job.state)
    assert int(rows["touchback"].sum()) == tally.touchback
    held = rows["holder"][rows["holder"] >= 0]
    counts = {players[i]: int(c) for i, c in zip(*np.unique(held, return_counts=True), strict=True)}
    assert counts == tally.holders
    # a holder's square is the ball's; every row's target is the job's
    i = int(np.flatnonzero(rows["holder"] >= 0)[0])
    assert rows["squares"][i][rows["holder"][i]].tolist() == rows["ball"][i].tolist()
    assert (rows["target"] == [19, 7]).all()
    assert set(rows["direction"].tolist()) <= set(range(1, 9))
    names = {RULESETS["bb2020"].kickoff_table[a + b].name.encode()
             for a, b in rows["event"].tolist()}
    assert names == set(rows["event_name"].tolist())


def test_the_dtype_is_the_documented_one() -> None:
    dt = record_dtype(22)
    assert dt.names == ("index", "seed", "target", "direction", "distance", "deviated", "event",
                        "event_name", "touchback", "ball", "holder", "squares")
    assert dt["squares"].shape == (22, 2) and dt["target"].shape == (2,)
    assert dt.itemsize == 8 + 8 + 2 + 1 + 1 + 2 + 2 + 20 + 1 + 2 + 1 + 44
    with pytest.raises(ValueError, match="1 to 127"):
        record_dtype(128)


def test_absurd_counts_are_refused_before_any_work(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="records of 1 to"):
        simulate_records(_job(), MAX_RECORDS + 1, 1)
    with pytest.raises(ValueError, match="jobs 0"):
        npy_stream(_job(), 10, 1, jobs=0)
    code, out, err = cli(["simulate", "-n", str(MAX_RECORDS + 1), "--records",
                          str(tmp_path / "r.npy")])
    assert code == 2 and out == "" and "at most 50,000,000" in err
    code, out, err = cli(["simulate", "-n", "10", "--records", str(tmp_path / "r.csv")])
    assert code == 2 and "must end in .npy" in err
    code, out, err = cli(["simulate", "-n", "10", "--records", str(tmp_path / "no" / "r.npy")])
    assert code == 2 and "no folder" in err
    assert list(tmp_path.iterdir()) == []


def test_a_failed_run_leaves_no_file(tmp_path: Path) -> None:
    path = tmp_path / "r.npy"

    def stop(_: int) -> None:
        raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        write_stream(path, npy_stream(_job(), 12000, 3, progress=stop))
    assert list(tmp_path.iterdir()) == []
    assert write_stream(path, npy_stream(_job(), 10, 3)) == path.stat().st_size
    assert np.load(path)["index"].tolist() == list(range(10))
