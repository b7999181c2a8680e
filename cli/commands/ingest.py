"""``groundmesh ingest``: feed files into a running mesh as ingest jobs.

The files go to retrieval_svc in batches (:func:`cli.ingest_client.submit_files`); each becomes
a job that runs in the background. By default the command then follows every job
(:func:`cli.ingest_client.follow_jobs`) with one progress bar per file on a terminal, or one
line per change of state when its output is not a terminal, and ends with a summary; with
``--no-wait`` it prints each file's job id and leaves.
"""

from __future__ import annotations

import asyncio
import os
import time
from collections.abc import Sequence
from itertools import islice
from pathlib import Path
from typing import Annotated, Any, Protocol

import typer
from rich.console import Console
from rich.progress import BarColumn, Progress, Task, TaskID, TextColumn
from rich.progress_bar import ProgressBar
from rich.text import Text

from cli.commands.common import LOCAL_TENANT, DataDir, read_run, tenant_without_key
from cli.ingest_client import (
    FINAL_STATES,
    GATEWAY_JOB_EVENTS,
    SUPPORTED_SUFFIXES,
    JobEnd,
    Submission,
    SubmitRefused,
    SubmittedFile,
    doc_id_for,
    follow_jobs,
    submit_files,
)
from groundmesh.v1 import retrieval_pb2
from mesh.errors import GroundmeshError, InvalidInput

_KINDS = ", ".join(sorted(SUPPORTED_SUFFIXES))
_STATE_NAMES = {
    retrieval_pb2.JOB_STATE_QUEUED: "queued",
    retrieval_pb2.JOB_STATE_RUNNING: "running",
    retrieval_pb2.JOB_STATE_DONE: "done",
    retrieval_pb2.JOB_STATE_FAILED: "failed",
    retrieval_pb2.JOB_STATE_CANCELLED: "cancelled",
}


def collect_files(paths: list[Path]) -> dict[str, Path]:
    """The files to ingest by document id: each file named keeps its base name as id
    (``notes.txt``); a file inside a folder named gets its path relative to that folder
    (``a/notes.txt`` → ``a-notes.txt``), so files that share a base name stay separate.
    Two files that would get the same id are refused before anything is sent."""
    by_id: dict[str, Path] = {}
    seen: set[Path] = set()

    def add(file: Path, root: Path | None) -> None:
        resolved = file.resolve()
        if resolved in seen:
            return
        seen.add(resolved)
        doc_id = doc_id_for(file, root)
        other = by_id.get(doc_id)
        if other is not None:
            raise typer.BadParameter(
                f"{other} and {file} would both be stored as document {doc_id!r}; "
                "rename one or ingest them separately"
            )
        by_id[doc_id] = file

    for p in paths:
        if p.is_dir():
            for f in sorted(p.rglob("*")):
                if f.is_file() and f.suffix.lower() in SUPPORTED_SUFFIXES:
                    add(f, p)
        elif p.is_file():
            add(p, None)
        else:
            raise typer.BadParameter(f"{p} does not exist")
    if not by_id:
        raise typer.BadParameter(f"no supported files found ({_KINDS})")
    return by_id


# ---------------------------------------------------------------------------- one line a job


def job_line(name: str, job: Any) -> str:
    """One file's job in words: ``notes.txt: running, 3/12 chunks``, ``notes.txt: done, 12
    chunks``, ``notes.txt: unchanged, …``, ``bad.pdf: failed: <why>``."""
    state = job.state
    if state == retrieval_pb2.JOB_STATE_DONE:
        if job.unchanged:
            return f"{name}: unchanged, its {job.chunks_total} chunks were already stored"
        extra = []
        if job.chunks_reused:
            extra.append(f"{job.chunks_reused} reused from the embedding cache")
        if job.replaced:
            extra.append("replaced the earlier version")
        more = f" ({', '.join(extra)})" if extra else ""
        return f"{name}: done, {job.chunks_total} chunks{more}"
    if state == retrieval_pb2.JOB_STATE_FAILED:
        return f"{name}: failed: {job.error or 'retrieval_svc gave no reason'}"
    if state == retrieval_pb2.JOB_STATE_CANCELLED:
        return f"{name}: cancelled"
    note = f" ({job.error})" if job.error else ""  # e.g. "will retry: …" after a setback
    if state == retrieval_pb2.JOB_STATE_RUNNING:
        chunks = f", {job.chunks_done}/{job.chunks_total} chunks" if job.chunks_total else ""
        return f"{name}: running{chunks}{note}"
    return f"{name}: queued{note}"


class JobView(Protocol):
    """Shows the jobs while they are followed."""

    def update(self, index: int, job: Any) -> None: ...

    def close(self) -> None: ...


class PlainLines:
    """For output that is not a terminal (a log, a pipe): one line when a file's job starts
    running, as each quarter of its chunks is embedded, when retrieval_svc notes a setback
    (``will retry: …``), and at its end; none while it simply waits in the queue."""

    def __init__(self, names: Sequence[str]) -> None:
        self._names = list(names)
        self._shown: dict[int, tuple[int, int, str]] = {}

    def update(self, index: int, job: Any) -> None:
        if job.state == retrieval_pb2.JOB_STATE_QUEUED and not job.error:
            return
        total = int(job.chunks_total)
        running = job.state == retrieval_pb2.JOB_STATE_RUNNING
        quarter = int(job.chunks_done) * 4 // total if running and total else 0
        key = (int(job.state), quarter, str(job.error))
        if self._shown.get(index) == key:
            return
        self._shown[index] = key
        typer.echo(job_line(self._names[index], job))

    def close(self) -> None:
        pass


class _JobBar(BarColumn):
    """The bar of a file: empty while its job is queued, pulsing while it is parsed (its chunk
    count unknown), then chunks embedded of its chunks."""

    def render(self, task: Task) -> ProgressBar:
        if str(task.fields.get("state", "")).startswith("queued"):
            return ProgressBar(
                total=1,
                completed=0,
                width=None if self.bar_width is None else max(1, self.bar_width),
                style=self.style,
                complete_style=self.complete_style,
                finished_style=self.finished_style,
                pulse_style=self.pulse_style,
                animation_time=task.get_time(),
            )
        return super().render(task)


_FINAL_STYLES = {
    retrieval_pb2.JOB_STATE_DONE: "green",
    retrieval_pb2.JOB_STATE_FAILED: "bold red",
    retrieval_pb2.JOB_STATE_CANCELLED: "yellow",
}


class LiveBars:
    """For a terminal: one progress bar per file (chunks embedded of the file's chunks, and
    its state) under a bar of files finished. A file whose job ends leaves the live area as a
    line above it; the bars shown are the first files still going, as many as fit."""

    def __init__(self, console: Console, names: Sequence[str]) -> None:
        self._names = list(names)
        self._finished = 0
        self._rows = max(3, console.size.height - 4)
        width = max(12, min(40, max(len(n) for n in self._names)))
        self.progress = Progress(
            TextColumn("{task.description}", markup=False, table_column=None),
            _JobBar(bar_width=30),
            TextColumn("{task.fields[chunks]}", markup=False),
            TextColumn("{task.fields[state]}", markup=False),
            console=console,
            transient=True,
            refresh_per_second=8,
        )
        self._overall = self.progress.add_task(
            _fit("all files", width), total=len(self._names), chunks="", state=""
        )
        self._tasks: dict[int, TaskID] = {
            i: self.progress.add_task(
                _fit(n, width), total=None, chunks="", state="queued", visible=False
            )
            for i, n in enumerate(self._names)
        }
        self._show()
        self.progress.start()

    def _show(self) -> None:
        """The first files still going get a bar (files end roughly in order: one bar shows
        up as each leaves), and the bar of all files says how many wait unseen."""
        for task in islice(self._tasks.values(), self._rows):
            self.progress.update(task, visible=True)
        hidden = len(self._tasks) - self._rows
        self.progress.update(
            self._overall,
            completed=self._finished,
            chunks=f"{self._finished}/{len(self._names)} files",
            state=f"(+{hidden} more waiting)" if hidden > 0 else "",
        )

    def update(self, index: int, job: Any) -> None:
        task = self._tasks.get(index)
        if task is None:
            return
        if job.state in FINAL_STATES:
            self.progress.remove_task(task)
            del self._tasks[index]
            self._finished += 1
            style = "dim" if job.unchanged else _FINAL_STYLES.get(job.state, "")
            self.progress.console.print(Text(job_line(self._names[index], job), style=style))
            self._show()
            return
        total = int(job.chunks_total)
        self.progress.update(
            task,
            total=total or None,
            completed=int(job.chunks_done),
            chunks=f"{job.chunks_done}/{total} chunks" if total else "",
            state=_STATE_NAMES.get(job.state, "?") + _note(job.error),
        )

    def close(self) -> None:
        self.progress.stop()


def _note(error: str, width: int = 60) -> str:
    """A setback retrieval_svc noted on a job that goes on (``will retry: …``), cut short."""
    if not error:
        return ""
    return f" ({error if len(error) <= width else error[: width - 1] + '…'})"


def _fit(name: str, width: int) -> str:
    """A name cut to ``width`` characters from the left (the end says most), padded."""
    return ("…" + name[-(width - 1) :] if len(name) > width else name).ljust(width)


# ------------------------------------------------------------------------------ the command


def _files(count: int) -> str:
    return f"{count} file" if count == 1 else f"{count} files"


def _follow_hint(gateway_url: str) -> str:
    events = GATEWAY_JOB_EVENTS.format(job_id="<job id>")
    return (
        f"follow a job on the gateway: GET {gateway_url}{events} (server-sent events; "
        f"GET {gateway_url}/v1/jobs/<job id> for its state), with an API key of the tenant"
    )


def _job_lines(files: Sequence[SubmittedFile]) -> list[str]:
    return [f"{f.job.job_id}  {f.path}" for f in files]


def report_refusal(exc: SubmitRefused, gateway_url: str) -> None:
    """What a batch that was not accepted means: which file (when retrieval_svc names one),
    that nothing of the batch and nothing after it is stored, and which files of earlier
    batches are already accepted, with their jobs."""
    detail = exc.error.message.removeprefix("retrieval_svc: ")
    where = f"batch {exc.batch} of {exc.batches}"
    if isinstance(exc.error, InvalidInput):
        if exc.culprit is not None:
            head = f"retrieval_svc refused {exc.culprit}: {detail}"
        else:
            names = ", ".join(str(p) for p in exc.files[:5])
            more = f" and {len(exc.files) - 5} more" if len(exc.files) > 5 else ""
            head = f"retrieval_svc refused {where} ({names}{more}): {detail}"
    else:
        head = f"retrieval_svc did not take {where}: {exc.error.message}"
    typer.secho(f"ingest failed: {head}", fg=typer.colors.RED, err=True)
    if not exc.accepted:
        typer.echo("nothing was stored.", err=True)
        return
    after = f"; the {_files(exc.not_sent)} after it were not sent" if exc.not_sent else ""
    typer.echo(
        f"nothing of {where} ({_files(len(exc.files))}) was stored{after}. The "
        f"{_files(len(exc.accepted))} of the batches before it were already accepted and are "
        "ingested in the background:",
        err=True,
    )
    for line in _job_lines(exc.accepted):
        typer.echo(f"  {line}", err=True)
    typer.echo(_follow_hint(gateway_url), err=True)
    if exc.culprit is not None:
        typer.echo(
            f"fix or leave out {exc.culprit} and run the same command again: files already "
            "stored come back as unchanged, without being embedded again",
            err=True,
        )


def _submit(
    console: Console, target: str, tenant: str, files: dict[str, Path], live: bool
) -> Submission:
    """Submit the files; on a terminal, a spinner says which batch is being sent."""
    paths, ids, count = list(files.values()), list(files), len(files)
    if not live:
        return asyncio.run(submit_files(target, tenant, paths, ids, Path.cwd()))
    with console.status(f"submitting {_files(count)}") as status:

        def batch(n: int, batches: int) -> None:
            status.update(f"submitting {_files(count)}: batch {n} of {batches}")

        return asyncio.run(submit_files(target, tenant, paths, ids, Path.cwd(), on_batch=batch))


def ingest(
    paths: Annotated[list[Path], typer.Argument(help=f"files or folders ({_KINDS})")],
    data_dir: DataDir = Path(".groundmesh"),
    tenant: Annotated[str, typer.Option(help="tenant to ingest for")] = LOCAL_TENANT,
    wait: Annotated[
        bool,
        typer.Option(
            "--wait/--no-wait",
            help="follow every file's job to its end (default), or print the job ids and leave",
        ),
    ] = True,
) -> None:
    """Ingest files into a running mesh: each file becomes an ingest job, followed with one
    progress bar per file and a summary (or, with --no-wait, listed by job id)."""
    files = collect_files(paths)
    run = read_run(data_dir.resolve())
    target = run["retrieval_svc"]
    gateway_url = run.get("gateway_url", "").rstrip("/")
    console = Console(highlight=False)
    live = console.is_interactive
    started = time.monotonic()
    try:
        submission = _submit(console, target, tenant, files, live)
    except SubmitRefused as exc:
        report_refusal(exc, gateway_url)
        raise typer.Exit(1) from exc
    except GroundmeshError as exc:
        typer.secho(f"ingest failed: {exc.message}", fg=typer.colors.RED, err=True)
        raise typer.Exit(1) from exc
    except KeyboardInterrupt:
        typer.secho(
            "interrupted while submitting: the batches already accepted are ingested in the "
            "background; run the same command again (files already stored come back unchanged)",
            fg=typer.colors.YELLOW,
            err=True,
        )
        raise typer.Exit(130) from None
    accepted = submission.files
    megabytes = submission.bytes_sent / 1e6
    unreachable = tenant_without_key(tenant, os.environ)

    if not wait:
        for line in _job_lines(accepted):
            typer.echo(line)
        batches = f"{submission.batches} batch{'es' if submission.batches > 1 else ''}"
        typer.echo(
            f"{_files(len(accepted))} submitted as jobs for tenant {tenant!r} in {batches} "
            f"({megabytes:.1f} MB); they are ingested in the background"
        )
        typer.echo(_follow_hint(gateway_url))
        if unreachable:
            typer.secho(unreachable, fg=typer.colors.YELLOW, err=True)
        return

    names = [str(f.path) for f in accepted]
    view: JobView = LiveBars(console, names) if live else PlainLines(names)
    try:
        try:
            jobs = [f.job for f in accepted]
            ends = asyncio.run(follow_jobs(target, tenant, jobs, view.update))
        finally:
            view.close()
    except KeyboardInterrupt:
        typer.secho(
            "interrupted: the jobs go on in the background; their ids:",
            fg=typer.colors.YELLOW,
            err=True,
        )
        for line in _job_lines(accepted):
            typer.echo(f"  {line}", err=True)
        typer.echo(_follow_hint(gateway_url), err=True)
        raise typer.Exit(130) from None
    seconds = time.monotonic() - started
    summarize(ends, accepted, tenant, seconds, megabytes, gateway_url)
    if unreachable:
        typer.secho(unreachable, fg=typer.colors.YELLOW, err=True)
    if any(not end.done for end in ends):
        raise typer.Exit(1)


def summarize(
    ends: Sequence[JobEnd],
    files: Sequence[SubmittedFile],
    tenant: str,
    seconds: float,
    megabytes: float,
    gateway_url: str = "",
) -> None:
    """The summary line (documents and chunks stored, time, size; unchanged and failed
    files), then each file that did not make it, with why."""
    done = [end.job for end in ends if end.done]
    unchanged = sum(1 for job in done if job.unchanged)
    failed = [(f, end) for f, end in zip(files, ends, strict=True) if not end.done]
    typer.echo(
        f"{len(done)} documents, {sum(int(j.chunks_total) for j in done)} chunks for tenant "
        f"{tenant!r} in {seconds:.1f}s ({megabytes:.1f} MB); {unchanged} unchanged, "
        f"{len(failed)} failed"
    )
    for file, end in failed:
        if end.lost:
            why = (
                f"could not follow job {end.job.job_id} to its end ({end.lost}); it may still "
                f"finish: GET {gateway_url}/v1/jobs/{end.job.job_id}"
            )
        elif end.job.state == retrieval_pb2.JOB_STATE_CANCELLED:
            why = f"its job {end.job.job_id} was cancelled"
        else:
            why = end.job.error or "retrieval_svc gave no reason"
        typer.secho(f"failed: {file.path}: {why}", fg=typer.colors.RED, err=True)
