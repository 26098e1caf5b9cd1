"""Models of the mailing app; they arrive with the issue that builds it."""
