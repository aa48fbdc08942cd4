"""The Catch Don Falconi board: the city's view, drawing, animations, lanes, sprites, panel, previews, danger lanes."""
