"""A private PostgreSQL server for the tests: `initdb` into a temporary directory, listening on
127.0.0.1 at a free port (and a unix socket in that directory only), trust authentication,
fsync off. Several pytest processes may run at once: each starts its own server in its own
directory on its own port.

PostgreSQL refuses to run as root, so when the tests run as root the server's commands run as
the unprivileged `postgres` user that Debian's `postgresql` package creates (`runuser`)."""

from __future__ import annotations

import asyncio
import glob
import os
import pwd
import re
import shutil
import socket
import subprocess
import tempfile
import threading
import uuid
from collections.abc import Coroutine
from pathlib import Path
from typing import Any, TypeVar

T = TypeVar("T")

MISSING = ("PostgreSQL's server binaries (initdb, pg_ctl) were not found on PATH or under "
           "/usr/lib/postgresql/*/bin. The store's tests run against a real server: run "
           "`bash .ci/run` (it installs Debian's `postgresql` package) or install it yourself "
           "(`apt-get install postgresql`).")
START_ATTEMPTS = 5  # another process may take the free port between our look and the bind


def _version_key(path: str) -> tuple[int, ...]:
    return tuple(int(n) for n in re.findall(r"\d+", path))


def find_bin_dir() -> Path | None:
    """The directory holding `initdb` and `pg_ctl`: PATH first, else the newest Debian one."""
    found = shutil.which("initdb")
    if found and shutil.which("pg_ctl"):
        return Path(os.path.realpath(found)).parent
    for candidate in sorted(glob.glob("/usr/lib/postgresql/*/bin"), key=_version_key,
                            reverse=True):
        if all(os.access(Path(candidate, b), os.X_OK) for b in ("initdb", "pg_ctl")):
            return Path(candidate)
    return None


def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def run_sync(coro: Coroutine[Any, Any, T]) -> T:
    """Run `coro` to its end on a loop of its own in a thread of its own: the fixtures are
    synchronous, and a test's event loop may already be running in this thread."""
    out: dict[str, Any] = {}

    def target() -> None:
        try:
            out["value"] = asyncio.run(coro)
        except BaseException as exc:  # handed to the caller below
            out["error"] = exc

    thread = threading.Thread(target=target)
    thread.start()
    thread.join()
    if "error" in out:
        raise out["error"]
    return out["value"]


class PgServer:
    """One throw-away PostgreSQL cluster; `start()` then `stop()`."""

    def __init__(self, fsync: bool = False) -> None:
        """`fsync=False` (the tests): commits do not wait for the disk. A benchmark wants the
        durable commits a deployment has."""
        self.fsync = fsync
        bin_dir = find_bin_dir()
        if bin_dir is None:
            raise RuntimeError(MISSING)
        self.bin_dir = bin_dir
        self.as_postgres = os.geteuid() == 0
        if self.as_postgres:
            try:
                self._uid = pwd.getpwnam("postgres")
            except KeyError as exc:
                raise RuntimeError("the tests run as root, and PostgreSQL refuses to: they run "
                                   "it as the user `postgres`, which does not exist. " + MISSING
                                   ) from exc
        self.root = Path(tempfile.mkdtemp(prefix="agora-pg-"))
        self.data = self.root / "data"
        self.log = self.root / "server.log"
        self.port = 0

    def _cmd(self, *args: str) -> None:
        argv = [str(self.bin_dir / args[0]), *args[1:]]
        if self.as_postgres:
            argv = ["runuser", "-u", "postgres", "--", *argv]
        # cwd: the postgres user may not be allowed into the caller's directory
        done = subprocess.run(argv, cwd=self.root, capture_output=True, text=True)
        if done.returncode != 0:
            log = self.log.read_text(errors="replace")[-3000:] if self.log.exists() else ""
            raise RuntimeError(f"{' '.join(argv)} failed ({done.returncode}):\n{done.stdout}\n"
                               f"{done.stderr}\n{log}")

    def start(self) -> None:
        if self.as_postgres:
            os.chown(self.root, self._uid.pw_uid, self._uid.pw_gid)
        self._cmd("initdb", "-D", str(self.data), "-U", "postgres", "-A", "trust", "-E", "UTF8",
                  "--locale=C", "--no-sync")
        error: RuntimeError | None = None
        for _ in range(START_ATTEMPTS):
            self.port = _free_port()
            options = (f"{'' if self.fsync else '-F '}-p {self.port} -c listen_addresses=127.0.0.1"
                       f" -k {self.root} -c max_connections=200")
            try:
                self._cmd("pg_ctl", "start", "-D", str(self.data), "-l", str(self.log), "-w",
                          "-t", "60", "-o", options)
                return
            except RuntimeError as exc:  # most likely the port was taken meanwhile: retry
                error = exc
        raise RuntimeError(f"the test PostgreSQL server did not start: {error}")

    def stop(self) -> None:
        if self.port and (self.data / "postmaster.pid").exists():
            self._cmd("pg_ctl", "stop", "-D", str(self.data), "-m", "immediate", "-w")
        shutil.rmtree(self.root, ignore_errors=True)

    def url(self, database: str = "postgres") -> str:
        return f"postgresql://postgres@127.0.0.1:{self.port}/{database}"

    def create_database(self) -> str:
        """A fresh empty database; its name."""
        name = "t_" + uuid.uuid4().hex[:16]
        run_sync(self._admin(f'CREATE DATABASE "{name}"'))
        return name

    def drop_database(self, name: str) -> None:
        # FORCE: a test that failed half way may have left a connection open
        run_sync(self._admin(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))

    async def _admin(self, sql: str) -> None:
        import asyncpg

        conn = await asyncpg.connect(self.url())
        try:
            await conn.execute(sql)
        finally:
            await conn.close()
