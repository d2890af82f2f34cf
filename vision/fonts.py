"""System fonts used to draw card faces and glyph templates (字体).

Only fonts found on disk are used; nothing is downloaded.  The list is sorted
so that anything drawn from it is reproducible on one machine.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

FONT_DIRS: tuple[Path, ...] = (
    Path("/usr/share/fonts"),
    Path("/usr/local/share/fonts"),
    Path.home() / ".fonts",
)

# Fonts whose glyphs read as ordinary Latin digits and capitals.
_SKIP = ("Math", "Oblique", "Italic", "ExtraLight")


@lru_cache(maxsize=1)
def latin_fonts() -> tuple[Path, ...]:
    """Paths of usable TrueType fonts for rank glyphs, sorted; may be empty."""
    found: list[Path] = []
    for base in FONT_DIRS:
        if base.is_dir():
            for pattern in ("*.ttf", "*.ttc", "*.otf"):
                found.extend(base.rglob(pattern))
    usable = [p for p in found if not any(s in p.name for s in _SKIP)]
    return tuple(sorted(set(usable)))


def default_font() -> Path | None:
    """A bold sans font if present (DejaVu Sans Bold), else the first usable one."""
    fonts = latin_fonts()
    for p in fonts:
        if p.name == "DejaVuSans-Bold.ttf":
            return p
    return fonts[0] if fonts else None
