"""The layout check: every scene of the catalogue drawn in every language, each text and control recorded as it
is drawn, and every overlap told (``python main.py check layout``)."""
