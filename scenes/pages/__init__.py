"""The pages and overlays around a game: menus, seat set-up, overlays, game over, the log, cards, statistics."""
