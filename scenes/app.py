"""The game window. Until the scene stack lands (issue #5), it shows what is coming and closes on any key."""

from __future__ import annotations

import pygame

LOGICAL_SIZE = (1280, 720)
TITLE = "Catch Don Falconi & Fredericus"
LINES = (
    "Catch Don Falconi & Fredericus",
    "",
    "The rules of both games are built and tested headless.",
    "Coming next: the menu, both boards, seats for people and AI,",
    "then cars that drive the roads and raptors that fly.",
    "",
    "Try:  python main.py simulate falconi --variant diavola --games 50",
    "",
    "Press any key or close the window to quit.",
)


def render_placeholder(surface: pygame.Surface, font: pygame.font.Font) -> None:
    """Draw the coming-soon page at the logical resolution."""
    surface.fill((24, 28, 40))
    pygame.draw.rect(surface, (200, 40, 40), (0, 0, LOGICAL_SIZE[0], 12))
    pygame.draw.rect(surface, (40, 150, 70), (0, LOGICAL_SIZE[1] - 12, LOGICAL_SIZE[0], 12))
    y = 170
    for index, line in enumerate(LINES):
        colour = (250, 220, 120) if index == 0 else (220, 224, 235)
        text = font.render(line, True, colour)
        surface.blit(text, text.get_rect(midtop=(LOGICAL_SIZE[0] // 2, y)))
        y += 44


def run_app(max_frames: int | None = None) -> int:
    """Open the window and run until the player quits (or ``max_frames`` frames, for tests)."""
    pygame.init()
    try:
        screen = pygame.display.set_mode(LOGICAL_SIZE, pygame.SCALED | pygame.RESIZABLE)
        pygame.display.set_caption(TITLE)
        font = pygame.font.Font(None, 40)
        clock = pygame.time.Clock()
        frames = 0
        running = True
        while running and (max_frames is None or frames < max_frames):
            for event in pygame.event.get():
                if event.type in (pygame.QUIT, pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN):
                    running = False
            render_placeholder(screen, font)
            pygame.display.flip()
            clock.tick(60)
            frames += 1
        return 0
    finally:
        pygame.quit()
