"""PostgreSQL with the shop's session settings (settings/base.py: DATABASES' SESSION_SETTINGS)."""
