"""The window opens headless, shows the coming-soon page and closes on a key press."""

import pygame

from scenes import app


def test_window_renders_the_coming_soon_page(tmp_path):
    pygame.init()
    try:
        surface = pygame.Surface(app.LOGICAL_SIZE)
        app.render_placeholder(surface, pygame.font.Font(None, 40))
        pygame.image.save(surface, str(tmp_path / "placeholder.png"))
        assert surface.get_at((5, 5))[:3] == (200, 40, 40)
        assert surface.get_at((640, 700))[:3] == (24, 28, 40)
    finally:
        pygame.quit()


def test_app_quits_on_a_posted_key(monkeypatch):
    posted = []
    real_get = pygame.event.get

    def get_with_key(*args, **kwargs):
        if not posted:
            posted.append(True)
            pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE))
        return real_get(*args, **kwargs)

    monkeypatch.setattr(pygame.event, "get", get_with_key)
    assert app.run_app(max_frames=600) == 0
    assert posted
