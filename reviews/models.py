"""Models of the reviews app; they arrive with the issue that builds it."""
