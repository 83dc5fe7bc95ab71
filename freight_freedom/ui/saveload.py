"""Save the game to a JSON file (a browser download) and load one back (a file upload).

Saving uses the kernel's versioned save format (``game.to_json()``). ipywidgets has no
"download" widget, so "Save" makes a link with the JSON in a ``data:`` URL and the
``download`` attribute: one more click saves the file, with no server route and no JavaScript,
which works the same in JupyterLab, Voila and Binder.

Loading replays the file with ``type(game).from_json`` into a *new* game, which validates every
field and the digest; a bad file raises :class:`~freight_freedom.core.errors.SaveFileError`,
its message is shown in the app, and the game being played is never touched.
"""

from __future__ import annotations

import base64
import html
from collections.abc import Callable
from typing import Any

import ipywidgets as widgets

from ..core.errors import SaveFileError
from ..core.game import Game
from ..core.i18n import _


def save_filename(game: Game[Any]) -> str:
    return f"{game.name}-seed{game.seed}-step{len(game.history)}.json"


def download_link_html(game: Game[Any]) -> str:
    """An ``<a download>`` link holding the game's save file."""
    payload = base64.b64encode(game.to_json().encode("utf-8")).decode("ascii")
    name = html.escape(save_filename(game))
    text = html.escape(_("Download {file}").format(file=save_filename(game)))
    return (
        f"<a download='{name}' href='data:application/json;base64,{payload}' "
        "style='font-weight:bold;color:#0b57d0'>"
        f"&#11015; {text}</a>"
    )


def upload_content(value: Any) -> tuple[str, bytes]:
    """(name, bytes) of the first file in a FileUpload ``value`` (tuple of dicts in 8.x)."""
    files = list(value.values()) if isinstance(value, dict) else list(value)
    if not files:
        raise SaveFileError("file", "no file was uploaded")
    first = files[0]
    content = first["content"]
    data = content.tobytes() if hasattr(content, "tobytes") else bytes(content)
    return str(first.get("name", "upload")), data


class SaveLoad:
    """"Save" button + download link, and a FileUpload that loads a save into a new game.

    ``on_loaded(game)`` receives the new game; errors go to ``show_error(message)``;
    ``before_save()``, if given, runs first on *Save* (the app brings a bot playback to rest).
    """

    def __init__(
        self,
        get_game: Callable[[], Game[Any]],
        on_loaded: Callable[[Game[Any]], None],
        show_error: Callable[[str], None],
        guard: Callable[[Any], Any],
        before_save: Callable[[], object] | None = None,
    ) -> None:
        self.get_game = get_game
        self.before_save = before_save
        self.on_loaded = on_loaded
        self.show_error = show_error
        self.save_button = widgets.Button(icon="download")
        self.link = widgets.HTML()
        self.upload = widgets.FileUpload(accept=".json,application/json", multiple=False)
        self.help = widgets.HTML()
        self.save_button.on_click(guard(lambda _b: self.save()))
        self.upload.observe(guard(self._uploaded), names="value")
        self.widget = widgets.VBox([
            widgets.HBox([self.save_button, self.link]),
            widgets.HBox([self.upload, self.help]),
        ])
        self.relabel()

    def relabel(self) -> None:
        """Put the buttons' words in the current language."""
        self.save_button.description = _("Save game")
        self.save_button.tooltip = _("make a JSON save file to download")
        self.upload.description = _("Load game")
        help_words = html.escape(_("a save file of this game made by {button}")).format(
            button="<i>" + html.escape(_("Save game")) + "</i>")
        self.help.value = f"<span style='color:#666'>{help_words}</span>"

    def save(self) -> str:
        """Refresh the download link; returns the save file's text."""
        if self.before_save is not None:
            self.before_save()
        game = self.get_game()
        self.link.value = download_link_html(game)
        return game.to_json()

    def _uploaded(self, change: dict[str, Any]) -> None:
        if not change["new"]:
            return
        name, data = upload_content(change["new"])
        self.load_bytes(data, name)

    def load_bytes(self, data: bytes | str, name: str = "upload") -> Game[Any] | None:
        """Load a save file's content; on a bad file show why and return ``None``."""
        cls = type(self.get_game())
        try:
            game = cls.from_json(data)
        except SaveFileError as exc:
            self.show_error(_("Could not load {file}: {error}. The current game is "
                              "unchanged.").format(file=name, error=exc))
            return None
        self.on_loaded(game)
        return game
