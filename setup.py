"""Build hook only (all metadata is in pyproject.toml).

The game's data lives in the top-level data/ folder of the checkout. An installed package
cannot reach a folder beside site-packages, so the build copies data/ into the package as
game/data; game/paths.py looks there first, then beside the package (checkout).
"""
import shutil
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

HERE = Path(__file__).resolve().parent


class BuildPyWithData(build_py):
    def run(self):
        super().run()
        src = HERE / "data"
        if src.is_dir():
            dst = Path(self.build_lib) / "game" / "data"
            shutil.copytree(src, dst, dirs_exist_ok=True, ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))


setup(cmdclass={"build_py": BuildPyWithData})
