"""Helpers the browser tests share, imported as ``from helpers import …``; no test file imports another (which
tests/python/test_e2e_layout.py checks). ``core`` holds the users, dice, actors, fights, windows and the clock;
``motors`` the motors and the street map."""

from .core import *  # noqa: F403
from .motors import *  # noqa: F403
