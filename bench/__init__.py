"""The shop under load: `make bench` (README.md beside this file)."""
