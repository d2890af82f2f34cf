"""Finding and caching the CJK font (字体).

Chinese text needs a real CJK font.  The search order is: the
``GOUJI_CJK_FONT`` environment variable, fontconfig (``fc-match``) when it is
installed, then the paths where Debian / Raspberry Pi OS put WenQuanYi and
Noto Sans CJK.  A candidate counts only if it really holds Chinese glyphs
(fontconfig happily answers with DejaVu when nothing better exists).
"""

from __future__ import annotations

import os
import shutil
import subprocess
from collections.abc import Iterator
from functools import cache, lru_cache
from pathlib import Path

import pygame

ENV_VAR = "GOUJI_CJK_FONT"

KNOWN_PATHS: tuple[str, ...] = (
    "/usr/share/fonts/truetype/wqy/wqy-zenhei.ttc",
    "/usr/share/fonts/truetype/wqy/wqy-microhei.ttc",
    "/usr/share/fonts/opentype/noto/NotoSansCJKsc-Regular.otf",
    "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc",
    "/usr/share/fonts/noto-cjk/NotoSansCJK-Regular.ttc",
    "/usr/share/fonts/google-noto-cjk/NotoSansCJK-Regular.ttc",
    "/usr/share/fonts/truetype/droid/DroidSansFallbackFull.ttf",
)

_PROBE = "够级烧牌"  # text a usable font must cover


class FontNotFoundError(RuntimeError):
    """No font with Chinese glyphs was found on this machine."""

    def __init__(self, tried: list[str]) -> None:
        self.tried = tried
        super().__init__(
            "找不到中文字体 no CJK font found. Install one "
            "(`sudo apt-get install fonts-wqy-zenhei`, or fonts-noto-cjk) "
            f"or set {ENV_VAR}=/path/to/font. Tried: {', '.join(tried) or 'nothing'}"
        )


def _fontconfig_candidates() -> Iterator[str]:
    if shutil.which("fc-match") is None:
        return
    try:
        out = subprocess.run(
            ["fc-match", "-f", "%{file}", ":lang=zh-cn"],
            capture_output=True,
            text=True,
            timeout=5,
            check=False,
        ).stdout.strip()
    except (OSError, subprocess.SubprocessError):
        return
    if out:
        yield out


def _candidates() -> Iterator[str]:
    override = os.environ.get(ENV_VAR)
    if override:
        yield override
    yield from _fontconfig_candidates()
    yield from KNOWN_PATHS


def _ensure_font_module() -> None:
    if not pygame.font.get_init():
        pygame.font.init()


def missing_glyphs(font: pygame.font.Font, text: str) -> str:
    """The characters of ``text`` that ``font`` has no glyph for.

    pygame gives ``None`` metrics for some missing glyphs and the metrics of
    the .notdef box for others; a character whose metrics and bitmap match
    the .notdef box's (taken from a private-use code point) counts as missing.
    """
    notdef_char = "\ue000"
    notdef_metrics = font.metrics(notdef_char)[0]
    notdef_bitmap = pygame.image.tobytes(font.render(notdef_char, False, (255, 255, 255)), "RGBA")
    missing = []
    for char in dict.fromkeys(text):
        if char.isspace():
            continue
        metrics = font.metrics(char)[0]
        if metrics is None:
            missing.append(char)
        elif metrics == notdef_metrics:
            bitmap = pygame.image.tobytes(font.render(char, False, (255, 255, 255)), "RGBA")
            if bitmap == notdef_bitmap:
                missing.append(char)
    return "".join(missing)


def _covers_chinese(path: str) -> bool:
    try:
        font = pygame.font.Font(path, 24)
    except (OSError, pygame.error):
        return False
    return not missing_glyphs(font, _PROBE)


@cache
def cjk_font_path() -> Path:
    """Path of the CJK font to use; raises :class:`FontNotFoundError` if none exists."""
    _ensure_font_module()
    tried: list[str] = []
    for candidate in dict.fromkeys(_candidates()):
        tried.append(candidate)
        if Path(candidate).is_file() and _covers_chinese(candidate):
            return Path(candidate)
    raise FontNotFoundError(tried)


@lru_cache(maxsize=64)
def font(size: int, bold: bool = False) -> pygame.font.Font:
    """The CJK font at ``size`` pixels, cached (bold is synthesised by SDL_ttf)."""
    _ensure_font_module()
    loaded = pygame.font.Font(str(cjk_font_path()), max(6, size))
    loaded.set_bold(bold)
    return loaded
