"""make cluster: two app machines, haproxy, shared PostgreSQL, Redis and S3 on one machine, and the checks the issue's
Show asks of them (docs/DEPLOY.md, "The cluster proof"). Run as `python -m deploy.cluster`."""
