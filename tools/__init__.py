"""The art, map and sound scripts: run each from the repository's root as ``python -m tools.<script>``; the
game only reads what they write."""
