"""Camera-frame evidence: load an image file once, scaled to fit a box (图像)."""

from __future__ import annotations

from functools import lru_cache

import pygame

from display import theme
from display.draw import draw_panel, draw_text


@lru_cache(maxsize=8)
def fitted_image(path: str, box: tuple[int, int]) -> pygame.Surface | None:
    """The image at ``path`` scaled to fit ``box`` keeping its aspect; None if unreadable."""
    try:
        image = pygame.image.load(path)
    except (pygame.error, OSError, FileNotFoundError):
        return None
    w, h = image.get_size()
    scale = min(box[0] / w, box[1] / h)
    return pygame.transform.smoothscale(image, (max(1, round(w * scale)), max(1, round(h * scale))))


def draw_frame(
    surface: pygame.Surface, rect: pygame.Rect, path: str | None, missing_text: str, size: int
) -> None:
    """The camera frame at ``path`` centred in ``rect``, or ``missing_text`` in an empty box."""
    image = fitted_image(path, rect.size) if path else None
    if image is None:
        draw_panel(surface, rect, theme.PANEL_DIM, size // 2, theme.EDGE, 1)
        draw_text(surface, missing_text, size, theme.TEXT_DIM, rect.center, "center")
        return
    placed = image.get_rect(center=rect.center)
    surface.blit(image, placed)
    pygame.draw.rect(surface, theme.EDGE, placed, 1)
