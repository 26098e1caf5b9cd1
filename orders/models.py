"""Models of the orders app; they arrive with the issue that builds it."""
