"""Who signs people in (docs/DESIGN.md §4): Django's own accounts (local) or Firebase ID tokens (firebase)."""
