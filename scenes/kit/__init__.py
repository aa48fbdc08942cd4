"""The window's widget kit: text, menus, input, the scene stack, tooltips, picture caches, animation and sound."""
