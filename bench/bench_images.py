"""Benchmark: a folder of card images, Punchboard against silhouette-card-maker, side by side in one run.

The job hobbyists bring: N poker card fronts of 750 x 1050 px (JPEG) and one back, on A4. For each size
it times silhouette-card-maker's PDF (the pinned copy in ../shared/peers/scm, run from a throwaway
virtual environment holding its requirements) and `pnp build --formats sheets` on the same folder
(the game made once by `pnp new --images`, not timed; with --runs N, each tool N times in turn and the
median shown), and with --default also Punchboard's default
build (sheets, shop PDFs, 300 dpi PNGs, SVGs). Each figure is the wall time of the whole command and
the peak resident memory of the command and every process it started, summed (sampled every 0.1 s
from /proc; elsewhere the largest single process, from getrusage). With --rebuilds, an unchanged
rebuild and a rebuild after one image changed are timed against the first build (made with nothing kept
from an earlier one: the commands keep their work in --work's cache/, emptied before each deck).

    python bench/bench_images.py [--sizes 54,540,3000] [--runs 3] [--default] [--rebuilds] [--scm-python PY] [--work DIR]

Images are generated (deterministic noise, a frame and a disc per card, about 300 KB each) into --work
(kept between runs, so a 3,000-image folder is made once); the peer's environment is made there too
unless --scm-python names a Python that has its requirements.
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import shutil
import statistics
import subprocess
import sys
import threading
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
SCM = ROOT.parent / "shared" / "peers" / "scm"


def make_images(n: int, folder: Path) -> Path:
    """`folder/fronts/card NNNN.jpg` x n and `folder/backs/back.jpg`, made once."""
    from PIL import Image, ImageDraw

    fronts, backs = folder / "fronts", folder / "backs"
    if fronts.is_dir() and len(list(fronts.iterdir())) == n:
        return folder
    shutil.rmtree(folder, ignore_errors=True)
    fronts.mkdir(parents=True)
    backs.mkdir()
    rnd = random.Random(1)
    base = Image.effect_noise((750, 1050), 30).convert("RGB")
    for i in range(n):
        im = base.copy()
        d = ImageDraw.Draw(im)
        colour = tuple(rnd.randrange(256) for _ in range(3))
        d.rectangle((20, 20, 730, 1030), outline=colour, width=18)
        d.ellipse((100 + i % 200, 200, 600, 700), fill=colour)
        d.text((60, 900), f"card {i}", fill=(0, 0, 0))
        im.save(fronts / f"card {i:04d}.jpg", quality=88)
    Image.new("RGB", (750, 1050), (40, 60, 120)).save(backs / "back.jpg", quality=88)
    return folder


def measured(cmd: list[str], cwd: Path | None = None) -> tuple[float, int]:
    """(wall seconds, peak MB of the command and its children together)."""
    start = time.perf_counter()
    proc = subprocess.Popen(cmd, cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    peak = [0]
    sampler = threading.Thread(target=_sample, args=(proc, peak), daemon=True)
    sampler.start()
    _, err = proc.communicate()
    wall = time.perf_counter() - start
    sampler.join()
    if proc.returncode:
        sys.exit(f"failed ({proc.returncode}): {' '.join(cmd)}\n{err.decode(errors='replace')[-2000:]}")
    if not Path("/proc").is_dir():
        import resource
        peak[0] = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss * 1024
    return wall, peak[0] >> 20


def _sample(proc: subprocess.Popen, peak: list[int]) -> None:
    while proc.poll() is None and Path("/proc").is_dir():
        peak[0] = max(peak[0], _tree_rss(proc.pid))
        time.sleep(0.1)


def _tree_rss(root: int) -> int:
    """Resident bytes of `root` and its descendants, from /proc."""
    parents: dict[int, int] = {}
    rss: dict[int, int] = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            parents[int(entry.name)] = int(stat[1])
            rss[int(entry.name)] = int(stat[21]) * os.sysconf("SC_PAGE_SIZE")
        except (OSError, IndexError, ValueError):
            continue
    total, todo = 0, [root]
    while todo:
        pid = todo.pop()
        total += rss.get(pid, 0)
        todo += [c for c, p in parents.items() if p == pid]
    return total


def scm_python(work: Path, given: str | None) -> str:
    """A Python with the peer's requirements: the one given, or a virtual environment made in `work`."""
    if given:
        return given
    venv = work / "scm-venv"
    python = venv / ("Scripts/python.exe" if os.name == "nt" else "bin/python")
    if not python.exists():
        subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
        subprocess.run([str(python), "-m", "pip", "install", "-q", "-r", str(SCM / "requirements.txt")], check=True)
    return str(python)


def run_scm(python: str, images: Path, work: Path) -> tuple[float, int]:
    """silhouette-card-maker's PDF of the folder (it reads assets/ from its working folder)."""
    here = work / "scm-run"
    if not here.is_dir():
        shutil.copytree(SCM, here)
    empty = work / "empty"
    empty.mkdir(exist_ok=True)
    return measured([python, "create_pdf.py", "--front_dir_path", str(images / "fronts"), "--back_dir_path",
                     str(images / "backs"), "--double_sided_dir_path", str(empty), "--card_size", "poker",
                     "--paper_size", "a4", "--output_path", str(work / "scm.pdf")], cwd=here)


def pnp(*args: str) -> list[str]:
    return [sys.executable, "-m", "generator", *args]


def use_own_cache(work: Path) -> None:
    """Every pnp command keeps its builds' work in work/cache (emptied before each deck's first build)."""
    os.environ["PUNCHBOARD_CACHE"] = str(work / "cache")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sizes", default="54,540,3000")
    ap.add_argument("--default", action="store_true", help="also time the default build (every format)")
    ap.add_argument("--rebuilds", action="store_true", help="also time an unchanged rebuild and one after an edit")
    ap.add_argument("--runs", type=int, default=1, help="runs of each tool at each size, taken in turn (medians)")
    ap.add_argument("--scm-python", metavar="PY", help="a Python with silhouette-card-maker's requirements")
    ap.add_argument("--work", default=str(Path.home() / ".cache" / "punchboard-bench-images"))
    args = ap.parse_args()
    work = Path(args.work)
    work.mkdir(parents=True, exist_ok=True)
    use_own_cache(work)
    python = scm_python(work, args.scm_python)
    print(f"{platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}; "
          f"load average before: {os.getloadavg()[0]:.2f}" if hasattr(os, "getloadavg") else "")
    rows = []
    for n in (int(s) for s in args.sizes.split(",")):
        images = make_images(n, work / f"images-{n}")
        game = work / f"deck{n}"
        shutil.rmtree(game, ignore_errors=True)
        subprocess.run(pnp("new", game.name, "--images", str(images / "fronts"), "--back",
                           str(images / "backs" / "back.jpg")), check=True, stdout=subprocess.DEVNULL, cwd=work)
        out = work / "out"
        scms, firsts = [], []
        for _ in range(args.runs):             # the two tools in turn, so a busy spell slows both
            scms.append(run_scm(python, images, work))
            shutil.rmtree(out, ignore_errors=True)
            shutil.rmtree(work / "cache" / "builds", ignore_errors=True)    # a first build: nothing kept yet
            firsts.append(measured(pnp("build", str(game), "--formats", "sheets", "--out", str(out))))
        scm, sheets = _median(scms), _median(firsts)
        again = edited = None
        if args.rebuilds:
            again = measured(pnp("build", str(game), "--formats", "sheets", "--out", str(out)))
            _edit(sorted((game / "fronts").iterdir())[0])
            edited = measured(pnp("build", str(game), "--formats", "sheets", "--out", str(out)))
        every = measured(pnp("build", str(game), "--out", str(work / "out-all"))) if args.default else None
        rows.append((n, scm, sheets, again, edited, every))
        _print(rows)


def _median(runs: list[tuple[float, int]]) -> tuple[float, int]:
    """The median time, with the largest peak memory of the runs."""
    return statistics.median(t for t, _ in runs), max(m for _, m in runs)


def _edit(image: Path) -> None:
    """One card changed: a dot drawn on it."""
    from PIL import Image, ImageDraw

    with Image.open(image) as im:
        im = im.convert("RGB")
    ImageDraw.Draw(im).ellipse((300, 800, 340, 840), fill=(255, 0, 0))
    im.save(image, quality=88)


def _print(rows: list) -> None:
    print("\n| images | silhouette-card-maker | pnp --formats sheets | ratio | peak MB scm / pnp | unchanged rebuild "
          "| one card edited | default build |")
    print("| --- | --- | --- | --- | --- | --- | --- | --- |")
    for n, scm, sheets, again, edited, every in rows:
        default = f"{every[0]:.1f} s ({every[0] / sheets[0]:.2f}x sheets), {every[1]} MB" if every else "-"
        rebuilt = [f"{r[0]:.1f} s ({r[0] / sheets[0]:.2f}x)" if r else "-" for r in (again, edited)]
        print(f"| {n} | {scm[0]:.1f} s | {sheets[0]:.1f} s | {sheets[0] / scm[0]:.2f}x | {scm[1]} / {sheets[1]} | "
              f"{rebuilt[0]} | {rebuilt[1]} | {default} |")
    sys.stdout.flush()


if __name__ == "__main__":
    main()
