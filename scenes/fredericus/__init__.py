"""The Fredericus board: the castle's view, layout, drawing, panels, animations, sprites and previews."""
