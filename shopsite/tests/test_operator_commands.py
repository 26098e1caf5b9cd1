"""Operator commands as README.md writes them: `make manage ARGS=...` beside the demo, `manage.py` on a live shop.

Each runs in a fresh process with only PATH and a var folder of the test's own, as a newcomer's shell after `make run`.
"""

import re
import subprocess

import pytest
from django.conf import settings

BASE_DIR = settings.BASE_DIR
# The project's Python, as the README names it for a live shop's commands.
PYTHON = str(BASE_DIR / ".venv" / "bin" / "python")
pytestmark = pytest.mark.skipif(
    not (BASE_DIR / ".venv" / ".installed").exists(), reason="make manage runs the project's .venv, not installed here"
)


def run(tmp_path, command: list[str], **env: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        command,
        cwd=BASE_DIR,
        env={"PATH": "/usr/bin:/bin", "SHOP_VAR_DIR": str(tmp_path), **env},
        capture_output=True,
        text=True,
        check=False,
        timeout=300,
    )


def make_manage(tmp_path, args: str, **env: str) -> subprocess.CompletedProcess:
    # -o: the venv counts as installed, so that a test never installs packages, even after requirements.txt moved on.
    return run(tmp_path, ["make", "--no-print-directory", "-o", ".venv/.installed", "manage", f"ARGS={args}"], **env)


def test_the_readme_s_commands_work_on_the_demo_through_make_manage(tmp_path):
    # make run migrates and seeds the demo first; then the commands of the README's table, as it writes them.
    assert make_manage(tmp_path, "migrate --noinput").returncode == 0

    made = make_manage(tmp_path, "create_shop_admin me@example.com")
    promoted = make_manage(tmp_path, "set_user_status me@example.com --status Disabled")
    mail = make_manage(tmp_path, "send_pending_mail")

    assert made.returncode == 0, made.stderr
    assert re.search(r"^me@example.com is a shop administrator \(uid .+\)\.$", made.stdout, re.MULTILINE)
    assert re.search(r"^Password: \S{8,}$", made.stdout, re.MULTILINE)
    assert promoted.returncode == 0, promoted.stderr
    assert mail.returncode == 0, mail.stderr
    # The demo's key, made once in its var folder and shared by everything make run and make manage start.
    assert (tmp_path / "secret_key").exists()


README_TABLE = re.compile(r"^\| `(\w+)", re.MULTILINE)


def test_the_readme_says_how_to_run_them_on_the_demo():
    readme = (BASE_DIR / "README.md").read_text()
    operators = readme[readme.index("## Operator commands") :].split("\n## ")[0]

    assert 'make manage ARGS="create_shop_admin me@example.com"' in operators
    assert {"create_shop_admin", "set_user_status", "send_pending_mail"} <= set(README_TABLE.findall(operators))


@pytest.mark.parametrize(
    ("env", "missing"),
    [
        ({}, "DJANGO_SECRET_KEY is not set: a live shop needs its own"),
        ({"DJANGO_SECRET_KEY": "k3y-" + "x7Qp9zL2mV" * 6}, "CELERY_BROKER_URL is not set: a live shop's app servers"),
        ({"SHOP_DEMO": "1", "PAYMENT_GATEWAY": "stripe"}, "PAYMENT_GATEWAY=stripe needs STRIPE_SECRET_KEY"),
    ],
)
def test_a_command_that_cannot_start_says_why_in_one_line(tmp_path, env, missing):
    result = run(tmp_path, [PYTHON, "manage.py", "create_shop_admin", "a@b.test"], **env)

    assert result.returncode == 1
    assert result.stdout == ""
    [line] = result.stderr.splitlines()
    assert line.startswith(f"The shop cannot start: {missing}")
    assert "Traceback" not in result.stderr


def test_without_the_demo_the_refusal_says_how_to_run_the_demo_s_commands(tmp_path):
    result = run(tmp_path, [PYTHON, "manage.py", "send_pending_mail"], SHOP_SINGLE_MACHINE="1")

    assert result.stderr.strip() == (
        "The shop cannot start: DJANGO_SECRET_KEY is not set: a live shop needs its own, the same on every app server. "
        "CELERY_BROKER_URL is not set: a live shop's app servers and workers share one broker (Redis). Set both as "
        "docs/DEPLOY.md says; for the demo, SHOP_DEMO=1 (which `make run` and `make manage` set) keeps a key and a "
        "broker in var/."
    )
