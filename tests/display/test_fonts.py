"""Finding the CJK font, and the clear error when there is none."""

from __future__ import annotations

from pathlib import Path

import pytest

from display import fonts


@pytest.fixture
def fresh_lookup() -> object:
    """Forget the cached font path before and after the test."""
    fonts.cjk_font_path.cache_clear()
    yield None
    fonts.cjk_font_path.cache_clear()


def test_a_cjk_font_is_found() -> None:
    path = fonts.cjk_font_path()
    assert path.is_file()
    assert fonts.missing_glyphs(fonts.font(20), "够级四户乱缠") == ""


def test_environment_override_wins(monkeypatch: pytest.MonkeyPatch, fresh_lookup: object) -> None:
    real = fonts.cjk_font_path()
    fonts.cjk_font_path.cache_clear()
    monkeypatch.setenv(fonts.ENV_VAR, str(real))
    monkeypatch.setattr(fonts, "KNOWN_PATHS", ())
    monkeypatch.setattr(fonts, "_fontconfig_candidates", lambda: iter(()))
    assert fonts.cjk_font_path() == real


def test_a_latin_only_font_is_not_accepted(
    monkeypatch: pytest.MonkeyPatch, fresh_lookup: object, tmp_path: Path
) -> None:
    latin = Path("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf")
    if not latin.is_file():
        pytest.skip("DejaVu Sans not installed")
    monkeypatch.setenv(fonts.ENV_VAR, str(latin))
    monkeypatch.setattr(fonts, "KNOWN_PATHS", (str(tmp_path / "missing.ttc"),))
    monkeypatch.setattr(fonts, "_fontconfig_candidates", lambda: iter((str(latin),)))
    with pytest.raises(fonts.FontNotFoundError) as caught:
        fonts.cjk_font_path()
    message = str(caught.value)
    assert "fonts-wqy-zenhei" in message and fonts.ENV_VAR in message
    assert str(latin) in message and "missing.ttc" in message
