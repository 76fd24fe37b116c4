"""Where the arena's and the soak's games run: in this process, in local worker processes
(``--workers``), or as Ray tasks on an existing Ray cluster (``--ray auto`` or
``--ray ADDRESS``).

Both tools cut their games into chunks (the arena: one duplicate deal; the soak: up to 25
games) and hand every chunk to one function of theirs, ``fn(chunk)``, which returns the
chunk's results. A chunk's results depend only on the chunk (its seeds), never on the
process that played it or on when, so the same seeds give the same figures whichever
runner played them; the tools put the results back in order themselves.

    with runner(workers=2, ray=None) as run:
        for result in run.map_unordered(fn, chunks):   # as chunks finish, any order
            ...

Ray is imported here only, and only when ``--ray`` is given: the app and the plain
commands never import it (tests/test_ray.py). It is the optional extra
``pip install -e ".[cluster]"``.
"""
from __future__ import annotations

import logging
import multiprocessing
import os
import socket
import sys
import tempfile
import time
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Callable, Iterable, Iterator

# The game package as this process imported it: shipped with the Ray job, so that every
# node plays exactly the driver's code, whatever checkout (if any) the nodes have.
GAME_DIR = Path(__file__).resolve().parent
INSTALL = 'pip install -e ".[cluster]"'


class ClusterError(RuntimeError):
    """Ray is not installed, or no Ray cluster answers at the address given."""


class InProcess:
    parallelism = 1  # chunks that run at once: the tools size their chunks by it

    def map_unordered(self, fn: Callable[[Any], Any], chunks: Iterable[Any]) -> Iterator[Any]:
        return map(fn, chunks)


class Processes:
    """A pool of spawned local processes, started only when there is more than one chunk."""

    def __init__(self, workers: int):
        self.parallelism = workers

    def map_unordered(self, fn: Callable[[Any], Any], chunks: Iterable[Any]) -> Iterator[Any]:
        chunks = list(chunks)
        if len(chunks) <= 1:
            yield from map(fn, chunks)
            return
        with multiprocessing.get_context("spawn").Pool(self.parallelism) as pool:
            yield from pool.imap_unordered(fn, chunks)


class RayTasks:
    """One Ray task (one CPU) per chunk on the cluster this process is connected to.

    At most ``window`` tasks are submitted ahead of the results read back, so a run of
    many thousand chunks holds little in the driver and stops promptly: the tasks still
    waiting are cancelled when the run ends early (Ctrl-C) and the connection is closed."""

    def __init__(self, ray: Any):
        self.ray = ray
        self._counted = 0.0
        self._count_cpus()

    def _count_cpus(self) -> None:
        # Re-counted now and then while a run goes, for a cluster that grows (autoscaler).
        self.parallelism = max(1, int(self.ray.cluster_resources().get("CPU", 1)))
        self.window = 2 * self.parallelism + 2
        self._counted = time.monotonic()

    def map_unordered(self, fn: Callable[[Any], Any], chunks: Iterable[Any]) -> Iterator[Any]:
        ray = self.ray
        task = ray.remote(num_cpus=1)(_apply)
        todo = iter(chunks)
        pending: list = []
        more_chunks = True
        try:
            while True:
                if time.monotonic() - self._counted > 30.0:
                    self._count_cpus()
                while more_chunks and len(pending) < self.window:
                    chunk = next(todo, _END)
                    if chunk is _END:
                        more_chunks = False
                    else:
                        pending.append(task.remote(fn, chunk))
                if not pending:
                    return
                done, pending = ray.wait(pending, num_returns=1)  # the first to finish
                if pending:  # and all others finished by now, in one call
                    ready, pending = ray.wait(pending, num_returns=len(pending), timeout=0)
                    done += ready
                for ref in done:
                    yield ray.get(ref)
        finally:
            for ref in pending:  # a run stopped early: the queued chunks need not run
                try:
                    ray.cancel(ref, force=True)
                except Exception:  # best effort: the connection's end stops them anyway
                    break


_END = object()


def _apply(fn: Callable[[Any], Any], chunk: Any) -> Any:
    """The Ray task: ``fn`` travels by reference (module and name), so a node runs the
    shipped package's function."""
    return fn(chunk)


def connect_ray(address: str) -> tuple[Any, bool]:
    """The ray module, connected to the cluster at ``address`` ("auto": the one named by
    RAY_ADDRESS or started on this machine with ``ray start``), and whether this call made
    the connection (and so closes it). Never starts a cluster of its own."""
    try:
        import ray
    except ImportError:
        raise ClusterError(f"--ray needs Ray, which is not installed here: {INSTALL} "
                           "(on this machine and on every node of the cluster)") from None
    if ray.is_initialized():  # a caller already connected (a notebook, a script): use its cluster
        return ray, False
    _check_reachable(os.environ.get("RAY_ADDRESS", "") if address == "auto" else address)
    # The driver's game package travels with the job (py_modules): the nodes need Python
    # and Ray of the same versions, not this project. An empty working_dir keeps Ray from
    # putting the driver's script and current folders on the workers' path (it does
    # without one), where a node's own checkout would shadow the package sent.
    try:
        with tempfile.TemporaryDirectory(prefix="orlan-ray-") as empty:
            ray.init(
                address=address,
                runtime_env={"working_dir": empty, "py_modules": [str(GAME_DIR)],
                             "excludes": ["__pycache__/", "/data/"]},
                logging_level=logging.WARNING,
            )
    except ConnectionError as e:
        raise ClusterError(f"--ray {address}: no Ray cluster found ({str(e).split('. ')[0]}); start one with "
                           "`ray start --head` or give its head's host:port (docs/bots.md)") from None
    return ray, True


def _check_reachable(address: str, timeout: float = 5.0) -> None:
    """Fail at once when nothing listens at host:port: Ray itself retries for minutes."""
    host, _, port = address.removeprefix("ray://").rpartition(":")
    host = host.strip("[]")  # an IPv6 literal
    if not host or not port.isdigit():
        return  # "auto" without RAY_ADDRESS, or a form Ray reads its own way
    try:
        socket.create_connection((host, int(port)), timeout=timeout).close()
    except OSError as e:
        raise ClusterError(f"no Ray head answers at {address} ({e}); is the head node started "
                           "(`ray start --head`) and its port open to this machine? (docs/bots.md)") from None


@contextmanager
def runner(workers: int = 1, ray: str | None = None) -> Iterator[InProcess | Processes | RayTasks]:
    """Ray tasks on the cluster at ``ray`` when it is given, else ``workers`` local
    processes (this process alone for one)."""
    if ray is None:
        yield InProcess() if workers <= 1 else Processes(workers)
        return
    module, owned = connect_ray(ray)
    try:
        tasks = RayTasks(module)
        print(f"Ray cluster at {ray}: {tasks.parallelism} CPUs, one task per chunk of games", file=sys.stderr)
        yield tasks
    finally:
        if owned:
            module.shutdown()
