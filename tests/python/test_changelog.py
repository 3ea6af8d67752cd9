"""The version is one number (issue 18): system.yml's, pyproject's, the CHANGELOG's latest release and what
``the-smoke --version`` prints agree; the CHANGELOG's headings are semantic versions, newest first."""

from __future__ import annotations

import re
import subprocess
import tomllib

import yaml

from project import ROOT

HEADING = re.compile(r"^## \[(?P<v>[^\]]+)\](?: - (?P<date>\d{4}-\d{2}-\d{2}))?$", re.M)
SEMVER = re.compile(r"^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)$")


def system_version() -> str:
    return str(yaml.safe_load((ROOT / "system.yml").read_text(encoding="utf-8"))["version"])


def releases(text: str) -> list[tuple[str, str | None]]:
    return [(m["v"], m["date"]) for m in HEADING.finditer(text)]


def test_the_changelog_lists_semver_releases_newest_first_under_unreleased():
    found = releases((ROOT / "CHANGELOG.md").read_text(encoding="utf-8"))
    assert found[0] == ("Unreleased", None)
    versions = [v for v, _ in found[1:]]
    assert versions and all(SEMVER.match(v) for v in versions), versions
    assert all(date for _, date in found[1:])
    as_tuples = [tuple(map(int, v.split("."))) for v in versions]
    assert as_tuples == sorted(as_tuples, reverse=True) and len(set(as_tuples)) == len(as_tuples)


def test_the_heading_finder_refuses_a_non_semver_release():
    found = releases("## [Unreleased]\n## [1.2] - 2026-01-01\n## [1.0.0] - 2025-01-01\n")
    assert [v for v, _ in found] == ["Unreleased", "1.2", "1.0.0"] and not SEMVER.match(found[1][0])


def test_one_version_in_system_yml_pyproject_and_the_latest_release():
    version = system_version()
    assert SEMVER.match(version)
    assert tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["version"] == version
    assert releases((ROOT / "CHANGELOG.md").read_text(encoding="utf-8"))[1][0] == version


def test_the_cli_prints_the_version_without_a_command():
    out = subprocess.run([str(ROOT / ".venv/bin/the-smoke"), "--version"], capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == f"the-smoke {system_version()} (system.yml; tools {system_version()})"
    # --root picks the checkout whose system.yml is read.
    other = subprocess.run([str(ROOT / ".venv/bin/the-smoke"), "--root", "/nonexistent", "--version"],
                           capture_output=True, text=True)
    assert other.returncode == 0 and other.stdout.startswith("the-smoke unknown (")
