"""The README's Python examples run as written (from the repository root)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).parent.parent
BLOCKS = re.findall(r"```python\n(.*?)```", (ROOT / "README.md").read_text(), re.S)


def _run(block: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> str:
    monkeypatch.chdir(ROOT)
    exec(compile(block, "README.md", "exec"), {})
    return capsys.readouterr().out.strip()


def test_readme_has_python_examples() -> None:
    assert len(BLOCKS) >= 2


def test_replay_example_prints_what_its_comment_says(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    assert _run(BLOCKS[0], monkeypatch, capsys) == (
        "get_the_ref {'square': [21, 7], 'carrier': 'a4'}"
    )


def test_engine_example_prints_a_touchback_rate(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    out = _run(BLOCKS[1], monkeypatch, capsys)
    match = re.fullmatch(r"(\d+\.\d)% touchbacks", out)
    assert match is not None, out
    assert 0.0 < float(match.group(1)) < 100.0
