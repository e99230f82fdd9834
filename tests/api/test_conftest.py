"""The test helpers: ``serving()`` gives a server only once its engines are warm."""

from __future__ import annotations

import os
from pathlib import Path

import httpx2
import pytest

from tests.api.conftest import serving

SLOW_WARM_UP = '''"""Makes the served workers' warm-up last WARM_S seconds longer."""
import importlib.abc
import importlib.machinery
import sys
import time

WARM_S = 3


class SlowWarmUp(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path, target=None):
        if name != "api.http.ready":
            return None
        spec = importlib.machinery.PathFinder.find_spec(name, path)
        run = spec.loader.exec_module

        def exec_module(module):
            run(module)
            calls = module.warm_calls
            module.warm_calls = lambda: [*calls(), ("a slow engine", lambda: time.sleep(WARM_S))]

        spec.loader.exec_module = exec_module
        return spec


sys.meta_path.insert(0, SlowWarmUp())
'''
"""A ``sitecustomize`` module for the server's processes: a warm-up that takes seconds."""


@pytest.mark.parametrize("workers", [1, 2])
def test_serving_waits_until_every_worker_is_warm(tmp_path: Path, workers: int) -> None:
    (tmp_path / "sitecustomize.py").write_text(SLOW_WARM_UP, encoding="utf-8")
    path = os.pathsep.join(p for p in (str(tmp_path), os.environ.get("PYTHONPATH")) if p)
    with serving({"PYTHONPATH": path}, workers=workers) as server:
        answers = [httpx2.get(f"{server.url}/ready", timeout=5).status_code for _ in range(8)]
    assert answers == [200] * 8
