"""Ships the games, templates and fonts inside the package, so a wheel or `pip install .` works anywhere.

The checkout keeps components/, templates/ and fonts/ at its top level (the project's layout); a
regular (non-editable) build copies them into generator/_shipped/, where generator/common/paths.py finds
them through importlib.resources. An editable install reads the checkout's folders directly.
"""

from pathlib import Path
import shutil

from setuptools import setup
from setuptools.command.build_py import build_py

SHIPPED = ("components", "templates", "fonts", "shops", "profiles")


class BuildPyWithGames(build_py):
    def run(self) -> None:
        super().run()
        if getattr(self, "editable_mode", False):
            return
        root = Path(__file__).resolve().parent
        for name in SHIPPED:
            target = Path(self.build_lib) / "generator" / "_shipped" / name
            if target.exists():
                shutil.rmtree(target)
            shutil.copytree(root / name, target, ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))


setup(cmdclass={"build_py": BuildPyWithGames})
