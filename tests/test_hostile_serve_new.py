"""Hostile input to `pnp new` and `pnp serve`: a game folder to copy that holds links, devices,
FIFOs or too much; names and folders that are not what they seem; requests for another host or
through planted links; busy ports and clients hanging up. Each is one line or none, exit 2, no
traceback, nothing half-made left behind, nothing outside the folders read or served."""

from __future__ import annotations

import http.client
import json
import os
import shutil
import socket
import stat
import time
from pathlib import Path

import pytest

from conftest import DEMO, Serving, pnp

SECRET = "TOP-SECRET-CONTENT"
MB = 1024 * 1024


@pytest.fixture()
def game(tmp_path: Path) -> Path:
    folder = tmp_path / "demo"
    shutil.copytree(DEMO, folder)
    (tmp_path / "secret.txt").write_text(SECRET)
    (tmp_path / "new").mkdir()
    return folder


def leftovers(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir())


def copy(game: Path, name: str = "mine", timeout: float = 30) -> tuple[int, list[str]]:
    return pnp("new", name, "--from", str(game), "--dir", "new", cwd=game.parent, timeout=timeout)


# -- pnp new --from: only the game's own files and folders ------------------------------------------------
def test_a_link_to_a_secret_file_is_refused_naming_it_and_nothing_is_left(game, tmp_path):
    (game / "art" / "notes.txt").symlink_to(tmp_path / "secret.txt")
    code, err = copy(game)
    assert code == 2 and len(err) == 1 and "demo/art/notes.txt" in err[0] and "outside" in err[0], err
    assert leftovers(tmp_path / "new") == []


def test_a_link_to_a_home_folder_is_refused_not_copied(game, tmp_path):
    home = tmp_path / "home"
    (home / "documents").mkdir(parents=True)
    (home / "documents" / "letter.txt").write_text(SECRET)
    (game / "home").symlink_to(home)
    code, err = copy(game)
    assert code == 2 and len(err) == 1 and "demo/home" in err[0] and "outside" in err[0], err
    assert leftovers(tmp_path / "new") == []


def test_a_link_to_dev_zero_is_refused_at_once(game, tmp_path):
    (game / "zero.bin").symlink_to("/dev/zero")
    code, err = copy(game, timeout=10)
    assert code == 2 and len(err) == 1 and "demo/zero.bin" in err[0], err
    assert leftovers(tmp_path / "new") == []


def test_a_fifo_is_refused_without_waiting_and_leaves_no_partial_copy(game, tmp_path):
    os.mkfifo(game / "art" / "pipe")
    code, err = copy(game, timeout=10)
    assert code == 2 and len(err) == 1 and "demo/art/pipe" in err[0] and "FIFO" in err[0], err
    assert leftovers(tmp_path / "new") == []


def test_a_device_inside_the_game_is_refused_at_once(game, tmp_path):
    try:
        os.mknod(game / "zero", stat.S_IFCHR | 0o666, os.makedev(1, 5))      # /dev/zero's numbers
    except OSError:
        pytest.skip("making a device node needs privileges this machine does not give")
    code, err = copy(game, timeout=10)
    assert code == 2 and len(err) == 1 and "demo/zero" in err[0] and "device" in err[0], err
    assert leftovers(tmp_path / "new") == []


def test_a_link_to_a_folder_inside_the_game_is_refused(game, tmp_path):
    (game / "again").symlink_to(game)                 # a loop: copying through it would never end
    code, err = copy(game, timeout=10)
    assert code == 2 and len(err) == 1 and "demo/again" in err[0] and "folder" in err[0], err
    assert leftovers(tmp_path / "new") == []


def test_a_link_to_a_file_inside_the_game_is_copied_as_that_file(game, tmp_path):
    (game / "spec-again.yaml").symlink_to("game.yaml")
    code, err = copy(game)
    assert code == 0, err
    copied = tmp_path / "new" / "mine" / "spec-again.yaml"
    assert not copied.is_symlink() and copied.read_bytes() == (game / "game.yaml").read_bytes()
    assert leftovers(tmp_path / "new") == ["mine"]


def test_more_than_ten_thousand_files_are_refused(game, tmp_path):
    many = game / "many"
    many.mkdir()
    for i in range(10_001):                           # README: 10,000 files and folders
        (many / str(i)).touch()
    code, err = copy(game, timeout=20)
    assert code == 2 and len(err) == 1 and "10,000" in err[0], err
    assert leftovers(tmp_path / "new") == []


def test_more_than_500_mb_is_refused_before_it_is_copied(game, tmp_path):
    with open(game / "huge.bin", "wb") as f:          # sparse: no disk used
        f.truncate(500 * MB + 1)
    started = time.monotonic()
    code, err = copy(game, timeout=20)
    assert code == 2 and len(err) == 1 and "500 MB" in err[0], err
    assert time.monotonic() - started < 10 and leftovers(tmp_path / "new") == []


def test_ctrl_c_during_a_copy_leaves_nothing(game, tmp_path, monkeypatch):
    from generator.commands import scaffold
    from generator.commands.bounded_copy import BoundedCopy

    copied = []
    real = BoundedCopy.file

    def interrupted(self, src, dst):
        if len(copied) == 3:
            raise KeyboardInterrupt
        copied.append(src)
        real(self, src, dst)

    monkeypatch.setattr(BoundedCopy, "file", interrupted)
    with pytest.raises(KeyboardInterrupt):
        scaffold.new_game("mine", tmp_path / "new", str(game))
    assert len(copied) == 3 and leftovers(tmp_path / "new") == []


# -- pnp new: names and folders -----------------------------------------------------------------------------
def test_a_300_letter_name_is_one_line(tmp_path):
    code, err = pnp("new", "a" * 300, "--dir", str(tmp_path), cwd=tmp_path)
    assert code == 2 and len(err) == 1 and "64" in err[0] and len(err[0]) < 300, err
    assert leftovers(tmp_path) == []


def test_a_64_letter_name_is_a_game(tmp_path):
    code, err = pnp("new", "a" * 64, "--dir", str(tmp_path), cwd=tmp_path)
    assert code == 0 and (tmp_path / ("a" * 64) / "game.yaml").is_file(), err


def test_a_dangling_link_as_the_name_is_refused_never_written_through(tmp_path):
    (tmp_path / "mine").symlink_to(tmp_path / "elsewhere")
    code, err = pnp("new", "mine", cwd=tmp_path)
    assert code == 2 and len(err) == 1 and "already exists" in err[0], err
    assert not (tmp_path / "elsewhere").exists() and leftovers(tmp_path) == ["mine"]


@pytest.mark.parametrize("make", ["file", "dangling link"])
def test_a_dir_that_is_not_a_folder_is_one_line(tmp_path, make):
    there = tmp_path / "there"
    if make == "file":
        there.write_text("a file")
    else:
        there.symlink_to(tmp_path / "nowhere")
    code, err = pnp("new", "mine", "--dir", "there", cwd=tmp_path)
    assert code == 2 and len(err) == 1 and "there" in err[0] and "folder" in err[0], err
    assert leftovers(tmp_path) == ["there"]


# -- pnp serve ----------------------------------------------------------------------------------------------
class Server(Serving):
    """`pnp serve` of a copy of the demo game on a free port, always stopped."""

    def __init__(self, tmp_path: Path):
        self.game = tmp_path / "demo"
        if not self.game.exists():
            shutil.copytree(DEMO, self.game)
        self.out = tmp_path / "out" / "demo-sheets-svg"       # pnp serve builds sheets and SVGs: that job
        super().__init__(tmp_path, "demo")

    def get(self, path: str, host: str | None = "default", extra: tuple[str, ...] = ()) -> tuple[int, bytes]:
        c = http.client.HTTPConnection("127.0.0.1", self.port, timeout=5)
        try:
            c.putrequest("GET", path, skip_host=True)
            for value in ((f"127.0.0.1:{self.port}" if host == "default" else host), *extra):
                if value is not None:
                    c.putheader("Host", value)
            c.endheaders()
            r = c.getresponse()
            return r.status, r.read()
        finally:
            c.close()

    def version(self) -> int:
        return json.loads(self.get("/__status")[1])["version"]


@pytest.fixture()
def server(tmp_path):
    s = Server(tmp_path)
    try:
        yield s
    finally:
        s.stop()


def test_only_loopback_names_with_its_own_port_are_answered(server):
    port = server.port
    for host in (f"127.0.0.1:{port}", "127.0.0.1", f"localhost:{port}", "localhost", f"[::1]:{port}", "[::1]"):
        assert server.get("/__status", host)[0] == 200, host
        assert server.get("/", host)[0] == 200, host
    for host in ("evil.example", f"evil.example:{port}", f"127.0.0.1:{port + 1}", f"localhost:{port}.evil.example",
                 "127.0.0.1.evil.example", "", None):
        for path in ("/__status", "/", "/manifest.json"):
            code, body = server.get(path, host)
            assert code in (403, 421) and len(body) < 300 and b"demo" not in body, (host, path)
    assert server.get("/__status", extra=("evil.example",))[0] in (403, 421)     # two Host headers


def test_only_regular_files_of_the_build_are_served(server, tmp_path):
    secret = tmp_path / "secret.txt"
    secret.write_text(SECRET)
    (server.out / "leak.txt").symlink_to(secret)
    (server.out / "outside").symlink_to(tmp_path)
    os.mkfifo(server.out / "pipe")
    assert server.get("/manifest.json")[0] == 200 and b"<html" in server.get("/")[1]
    for path in ("/leak.txt", "/outside/secret.txt", "/pipe", "/svg/", "/svg", "/../secret.txt",
                 "/%2e%2e/secret.txt", "/svg/..%2f..%2f..%2fsecret.txt"):
        code, body = server.get(path)
        assert code == 404 and SECRET.encode() not in body, path
    assert server.get("/__status")[0] == 200                # the FIFO did not block the server


def test_clients_hanging_up_print_nothing(server):
    (server.out / "big.bin").write_bytes(b"x" * (4 * MB))
    for _ in range(20):
        with socket.create_connection(("127.0.0.1", server.port), timeout=5) as s:
            s.sendall(f"GET /big.bin HTTP/1.1\r\nHost: 127.0.0.1:{server.port}\r\n\r\n".encode())
            s.recv(100)
            s.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, b"\x01\x00\x00\x00\x00\x00\x00\x00")  # reset
    time.sleep(0.5)
    assert server.get("/__status")[0] == 200
    assert server.stop().strip() == ""


def rebuilt(server: Server) -> int:
    """The version built after a change to a file of the game (edit and bounded wait: conftest.Serving.rebuilt)."""
    return server.rebuilt(lambda: (server.game / "art" / "touch.txt").write_text(str(time.monotonic())))["version"]


def test_a_link_in_the_game_folder_to_outside_is_not_watched(tmp_path):
    outside = tmp_path / "elsewhere"
    (outside / "deep").mkdir(parents=True)
    shutil.copytree(DEMO, tmp_path / "demo")
    (tmp_path / "demo" / "linked").symlink_to(outside)       # there before the watcher starts
    server = Server(tmp_path)
    try:
        version = rebuilt(server)
        (outside / "deep" / "file.txt").write_text("change outside")
        (outside / "file.txt").write_text("change outside")
        time.sleep(2)
        assert server.version() == version                   # a change outside the game did not rebuild
        assert rebuilt(server) == version + 1
    finally:
        server.stop()


def test_an_unreadable_folder_is_one_warning_and_not_watched(tmp_path, monkeypatch):
    import io

    from generator.commands import serve

    (tmp_path / "game" / "locked" / "inner").mkdir(parents=True)
    (tmp_path / "game" / "art").mkdir()
    (tmp_path / "game" / "link").symlink_to(tmp_path / "outside")
    (tmp_path / "outside" / "more").mkdir(parents=True)
    real = os.scandir

    def scandir(path):
        if Path(path).name == "locked":
            raise PermissionError(13, "Permission denied", str(path))
        return real(path)

    monkeypatch.setattr(serve.os, "scandir", scandir)
    out, warned = io.StringIO(), set()
    for _ in range(2):
        found = serve._folders([tmp_path / "game"], tmp_path / "out", warned, out)
    assert sorted(Path(f).name for f in found) == ["art", "game"]
    lines = out.getvalue().splitlines()
    assert len(lines) == 1 and "locked" in lines[0] and "Permission denied" in lines[0]


def test_a_busy_port_is_one_line(tmp_path):
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        s.listen()
        port = s.getsockname()[1]
        shutil.copytree(DEMO, tmp_path / "demo")
        code, err = pnp("serve", "demo", "--port", str(port), "--out", "out", cwd=tmp_path, timeout=20)
    assert code == 2 and len(err) == 1 and f"port {port} is in use" in err[0] and "--port 0" in err[0], err


@pytest.mark.parametrize("port", ["70000", "-1", "http"])
def test_a_port_out_of_range_is_one_line(tmp_path, port):
    code, err = pnp("serve", "--port", port, cwd=tmp_path, timeout=20)
    assert code == 2 and len(err) == 1 and "65535" in err[0], err
