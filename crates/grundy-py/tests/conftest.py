"""Shared fixtures: the CLI to compare with, and the repository's corpus
of published sequences (crates/grundy/tests/common/mod.rs, which cites
each source), read from the Rust file so the facts live in one place."""

import json
import os
import pathlib
import re
import subprocess

import pytest

REPO = pathlib.Path(__file__).resolve().parents[3]


def cli_path() -> pathlib.Path:
    path = pathlib.Path(os.environ.get("GRUNDY_CLI", REPO / "target" / "release" / "grundy"))
    if not path.exists():
        raise RuntimeError(
            f"the grundy CLI is not at {path}: build it (cargo build --release) or set GRUNDY_CLI"
        )
    return path


@pytest.fixture(scope="session")
def cli():
    """Runs the CLI with --format json and returns the parsed report."""
    path = cli_path()

    def run(*args):
        done = subprocess.run(
            [str(path), *args, "--format", "json"], capture_output=True, text=True, timeout=300
        )
        assert done.returncode == 0, f"grundy {' '.join(args)}: {done.stderr}"
        return json.loads(done.stdout)

    return run


def published(name: str) -> list:
    """A `pub const NAME: &[u64] = &[...]` of the Rust corpus."""
    text = (REPO / "crates" / "grundy" / "tests" / "common" / "mod.rs").read_text()
    match = re.search(r"pub const " + name + r": &\[u64\] = &\[(.*?)\];", text, re.S)
    assert match, f"{name} is not in the corpus"
    return [int(v) for v in re.findall(r"\d+", match.group(1))]
