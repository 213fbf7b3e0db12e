"""Where the database file lives: --db PATH, else MARQUOIR_DB, else the user's app dir."""

from __future__ import annotations

import os
import sys

# No pathlib here: it costs ~3 ms to import, on the path of every table command.

APP_NAME = "marquoir"
DB_FILENAME = "marquoir.db"


def app_dir() -> str:
    """The same folder as `typer.get_app_dir("marquoir")`, without importing typer.

    The table commands must start fast, and typer costs ~150 ms to import; a test checks
    that both agree.
    """
    if sys.platform.startswith("win"):
        return os.path.join(os.environ.get("APPDATA") or os.path.expanduser("~"), APP_NAME)
    if sys.platform == "darwin":
        return os.path.join(os.path.expanduser("~/Library/Application Support"), APP_NAME)
    base = os.environ.get("XDG_CONFIG_HOME", os.path.expanduser("~/.config"))
    return os.path.join(base, APP_NAME)


def default_database_path() -> str:
    """The file used when neither --db nor $MARQUOIR_DB names one."""
    return os.path.join(app_dir(), DB_FILENAME)


def database_path(explicit: str | None = None) -> str:
    """The database to use: an explicit path, else $MARQUOIR_DB, else the app dir's file.

    An explicit empty path stays empty (opening it is a usage error), rather than silently
    meaning the default file.
    """
    if explicit is not None:
        return explicit
    from_env = os.environ.get("MARQUOIR_DB")
    if from_env:
        return from_env
    return default_database_path()
