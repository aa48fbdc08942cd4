"""Play across machines from the window: the Play online menu, hosting and joining a table, its lobby, and the
online play scene (issue 40)."""
