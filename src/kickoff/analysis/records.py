"""One record per simulated kick-off: a NumPy structured array, streamed in chunks (issue 30).

:func:`simulate_records` plays the kick-offs :func:`~kickoff.analysis.simulate.simulate` plays,
with the same chunks, seeds and dice (a chunk's records and its tally come from the same play),
and gives each chunk's rows as an array of :func:`record_dtype`, in order: the same seed gives
the same rows whatever ``jobs`` or the executor. :func:`npy_stream` gives them as one
``.npy`` file (NumPy's own format, ``numpy.load`` reads it, ``mmap_mode="r"`` too) whose header
comes first, from ``n``, then each chunk as it comes (``kickoff simulate --records``): memory
stays flat whatever ``n``, and the file is byte-identical for a seed whatever the processes.

The fields of a row (``docs/analysis.md``, "Records"); squares are ``(x, y)`` as in
``pitch-and-dice.md``, ``-1`` where there is none; int8 holds the off-pitch squares a deviation
may reach:

- ``index`` (uint64): the kick-off's number in the run, 0 to ``n - 1``;
- ``seed`` (uint64): its chunk's seed (``SeededDice(seed)`` played the chunk's kick-offs in
  order from ``index - index % CHUNK``);
- ``target`` (int8, 2): the kick's target;
- ``direction``, ``distance`` (int8): the deviation's template direction (1..8) and squares
  travelled; ``0`` with ``deviated`` ``(-1, -1)`` when nobody kicked (Kick It!);
- ``deviated`` (int8, 2): where the deviation ended (possibly off the pitch);
- ``event`` (int8, 2): the two Kick-off table dice (``(0, 0)``: no event played);
  ``event_name`` (S20, ASCII): the event's name in the ruleset's table (``b""``: none);
- ``touchback`` (bool): whether a touchback was awarded;
- ``ball`` (int8, 2): where the ball ends (a holder's square when held); ``(-1, -1)`` off the
  pitch;
- ``holder`` (int8): the index in :func:`record_players` of the player holding the ball, ``-1``
  for nobody;
- ``squares`` (int8, ``(P, 2)``): every player's square at the end, in :func:`record_players`'
  order (``P`` of them), ``(-1, -1)`` off the pitch.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Final

from kickoff.analysis.simulate import CHUNK, Job, chunk_seeds
from kickoff.core.state import GameState

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

    from kickoff.analysis.cluster import Executor

#: The most kick-offs one records run gives (about 6 GB of records with 22 players): more is
#: refused (``ValueError``), a run to read in chunks of this size instead.
MAX_RECORDS: Final = 50_000_000
#: The bytes of an event's name in a record (the longest name of the four tables is 18).
EVENT_NAME_BYTES: Final = 20


def record_players(state: GameState) -> list[str]:
    """The ids of ``state``'s players in a record's order: the home team's then the away
    team's, each in input order (``holder`` and ``squares`` index this list)."""
    return list(state.players)


def record_dtype(players: int) -> np.dtype[np.void]:
    """The structured dtype of a record for a state of ``players`` players (the module's
    docstring lists the fields). ``ValueError`` for fewer than 1 or more than 127."""
    import numpy as np

    if not 1 <= players <= 127:
        raise ValueError(f"players {players}: a record holds 1 to 127 players")
    return np.dtype([
        ("index", "<u8"), ("seed", "<u8"), ("target", "i1", (2,)), ("direction", "i1"),
        ("distance", "i1"), ("deviated", "i1", (2,)), ("event", "i1", (2,)),
        ("event_name", f"S{EVENT_NAME_BYTES}"), ("touchback", "?"), ("ball", "i1", (2,)),
        ("holder", "i1"), ("squares", "i1", (players, 2)),
    ])


def record_chunk(task: tuple[Job, int, int, int]) -> npt.NDArray[np.void]:
    """The records of a ``(job, n, seed, first index)`` chunk: ``n`` kick-offs played as
    :func:`kickoff.analysis.simulate.run_chunk` plays them (the same dice, the same play), one
    row each (a module-level function: it travels to a process or a worker by name)."""
    import numpy as np

    from kickoff.analysis.simulate import play_kickoffs

    job, n, seed, first = task
    players = record_players(job.state)
    order = {pid: i for i, pid in enumerate(players)}
    off = (-1, -1)
    # columns as Python lists, set into the array at once: a row's fields one by one cost
    # ten times the kick-off itself
    deviation: list[tuple[int, int, int, int]] = []
    event: list[tuple[int, int]] = []
    names: list[bytes] = []
    touchback: list[bool] = []
    ball: list[tuple[int, int]] = []
    holder: list[int] = []
    squares: list[tuple[int, int, int, int]] = []  # (row, player, x, y) of a moved player
    for i, result in enumerate(play_kickoffs(job, n, seed)):
        dev = result.deviation
        deviation.append((0, 0, -1, -1) if dev is None
                         else (dev.direction, dev.distance, dev.square[0], dev.square[1]))
        ev = result.event
        event.append((0, 0) if ev is None else ev.roll)
        names.append(b"" if ev is None else ev.name.encode("ascii"))
        touchback.append(result.touchback)
        st = result.state
        ball.append(off if st.ball is None else (st.ball[0], st.ball[1]))
        holder.append(-1 if st.carrier is None else order[st.carrier])
        for pid in st.changed():  # the others are where they started
            sq = st.players[pid].square
            squares.append((i, order[pid], -1, -1) if sq is None
                           else (i, order[pid], sq[0], sq[1]))
    rows = np.zeros(n, dtype=record_dtype(len(players)))
    rows["index"] = np.arange(first, first + n, dtype=np.uint64)
    rows["seed"] = seed
    rows["target"] = job.target
    dev_cols = np.array(deviation, dtype=np.int8).reshape(n, 4)
    rows["direction"], rows["distance"] = dev_cols[:, 0], dev_cols[:, 1]
    rows["deviated"] = dev_cols[:, 2:]
    rows["event"] = np.array(event, dtype=np.int8).reshape(n, 2)
    rows["event_name"] = names
    rows["touchback"] = touchback
    rows["ball"] = np.array(ball, dtype=np.int8).reshape(n, 2)
    rows["holder"] = holder
    start = [off if p.square is None else (p.square[0], p.square[1])
             for p in (job.state.players[pid] for pid in players)]
    rows["squares"] = np.array(start, dtype=np.int8)
    if squares:
        moved = np.array(squares, dtype=np.int64).reshape(-1, 4)
        rows["squares"][moved[:, 0], moved[:, 1]] = moved[:, 2:]
    return rows


def simulate_records(
    job: Job, n: int, seed: int, *, jobs: int = 1,
    progress: Callable[[int], None] | None = None, executor: Executor | None = None,
) -> Iterator[npt.NDArray[np.void]]:
    """The records of ``n`` kick-offs of ``job`` from ``seed``, a chunk of up to
    :data:`~kickoff.analysis.simulate.CHUNK` rows at a time, in order, played over ``jobs``
    processes or on ``executor`` (as :func:`~kickoff.analysis.simulate.simulate`, whose
    options and errors these are). The rows depend on ``seed`` and ``n`` only. ``n``: 1 to
    :data:`MAX_RECORDS` (``ValueError`` otherwise, at the call, before any work)."""
    from kickoff.analysis.simulate import run_tasks

    if not 1 <= n <= MAX_RECORDS:
        raise ValueError(f"n {n}: records of 1 to {MAX_RECORDS:,} kick-offs a run")
    record_dtype(len(job.state.players))  # refuses a state a record cannot hold, now
    tasks = ((job, size, s, i * CHUNK) for i, (size, s) in enumerate(chunk_seeds(seed, n)))
    return _counted(run_tasks(record_chunk, tasks, jobs, executor), progress)


def _counted(chunks: Iterator[npt.NDArray[np.void]], progress: Callable[[int], None] | None
             ) -> Iterator[npt.NDArray[np.void]]:
    for rows in chunks:
        if progress:
            progress(len(rows))
        yield rows


def npy_stream(job: Job, n: int, seed: int, *, jobs: int = 1,
               progress: Callable[[int], None] | None = None,
               executor: Executor | None = None) -> Iterator[bytes]:
    """:func:`simulate_records` as the bytes of one ``.npy`` file, a part at a time: NumPy's
    format 1.0 header for an array of shape ``(n,)`` of :func:`record_dtype`, then each
    chunk's rows (``kickoff.formats.files.write_stream`` writes them whole or not at all).
    Errors as :func:`simulate_records`', at the call."""
    import io

    import numpy as np

    chunks = simulate_records(job, n, seed, jobs=jobs, progress=progress, executor=executor)
    header = io.BytesIO()
    np.lib.format.write_array_header_1_0(header, {
        "descr": np.lib.format.dtype_to_descr(record_dtype(len(job.state.players))),
        "fortran_order": False, "shape": (n,)})
    return _parts(header.getvalue(), chunks)


def _parts(header: bytes, chunks: Iterator[npt.NDArray[np.void]]) -> Iterator[bytes]:
    yield header
    for rows in chunks:
        yield rows.tobytes()
