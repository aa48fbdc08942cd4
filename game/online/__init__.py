"""Play across machines: the wire format, the table server and its client (no pygame)."""
