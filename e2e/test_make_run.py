"""The shop as `make run` serves it: gunicorn, a Celery worker and beat from the Procfile, started by honcho on the
demo's SQLite broker. A shopper pays in Chromium, and the confirmation lands in the demo's mail folder, sent by the
worker, within seconds.

The shop runs on a free port with a var directory of its own (database, broker, mail folder), migrated, collected and
seeded with a small demo as make run does; its processes are stopped at the end whatever happens.
"""

import json
import os
import re
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from email import message_from_bytes
from email.policy import default as default_policy
from pathlib import Path
from types import SimpleNamespace

import pytest
from django.conf import settings
from playwright.sync_api import expect

from .conftest import DESKTOP, csp_watched
from .storefront import sign_in, wait_for_popup
from .test_checkout import PAID, buy, fill_payment_form, pay_button

ROOT = Path(settings.BASE_DIR)
PYTHON = sys.executable
HONCHO = str(Path(sys.executable).parent / "honcho")
# What the test's own process was given for its settings and services: the demo decides its own.
NOT_PASSED_ON = ("DJANGO_", "DATABASE_URL", "CACHE_URL", "EMAIL_URL", "CELERY_", "SHOP_", "PORT", "GUNICORN_", "AWS_")
STARTED_SECONDS = 90
MAIL_SECONDS = 15


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def demo_env(var_dir: Path, port: int) -> dict[str, str]:
    """The environment make run gives its processes (SHOP_DEMO, SHOP_ALLOW_TEST_PAYMENTS, PORT, SHOP_BASE_URL), on a var
    dir of the test's."""
    env = {name: value for name, value in os.environ.items() if not name.startswith(NOT_PASSED_ON)}
    env.update(
        SHOP_DEMO="1",
        SHOP_ALLOW_TEST_PAYMENTS="1",
        SHOP_VAR_DIR=str(var_dir),
        PORT=str(port),
        SHOP_BASE_URL=f"http://127.0.0.1:{port}",
        # Two web workers are plenty for one shopper, on a machine that runs the other tests too.
        WEB_CONCURRENCY="2",
    )
    return env


def manage(env: dict[str, str], *args: str) -> str:
    result = subprocess.run(
        [PYTHON, "manage.py", *args], cwd=ROOT, env=env, capture_output=True, text=True, check=False, timeout=300
    )
    assert result.returncode == 0, result.stderr
    return result.stdout


def answers(url: str) -> bool:
    try:
        with urllib.request.urlopen(url, timeout=2) as answer:
            return answer.status == 200
    except OSError:
        return False


@pytest.fixture
def demo_shop(tmp_path):
    """make run's steps, then its processes; yields the base URL, the demo shopper's and admin's passwords and the
    var dir."""
    var_dir, port = tmp_path / "var", free_port()
    env = demo_env(var_dir, port)
    manage(env, "migrate", "--noinput")
    manage(env, "collectstatic", "--noinput", "-v0")
    seeded = manage(env, "seed_demo", "--shoes", "4")
    password = re.search(r"shopper\s+shopper@sneakers\.test\s+password: (\S+)", seeded)[1]
    admin_password = re.search(r"admin\s+admin@sneakers\.test\s+password: (\S+)", seeded)[1]
    log_path = tmp_path / "honcho.log"
    with log_path.open("w") as log:
        # A session of its own, as a terminal's: the test stops all of it as Ctrl-C would.
        honcho = subprocess.Popen(
            [HONCHO, "start", "-f", "Procfile"], cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT,
            start_new_session=True,
        )  # fmt: skip
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + STARTED_SECONDS
        while not (answers(f"{base}/api/health") and " ready." in log_path.read_text()):
            if honcho.poll() is not None or time.monotonic() > deadline:
                pytest.fail(f"make run's processes did not start:\n{log_path.read_text()[-3000:]}")
            time.sleep(0.3)
        log = log_path.read_text()
        # The three processes of the Procfile, each started.
        assert re.search(r"web\.1 .*Starting gunicorn", log), log
        assert re.search(r"worker\.1 .*celery@\S+ ready\.", log), log
        assert re.search(r"beat\.1 .*beat: Starting\.\.\.", log), log
        yield SimpleNamespace(
            url=base, password=password, admin_password=admin_password, mail_dir=var_dir / "mail", log=log_path
        )
    finally:
        with_timeout_stop(honcho)


def with_timeout_stop(process: subprocess.Popen) -> None:
    """Ctrl-C to the whole session, as a terminal sends it; what is left after 30 s is killed."""
    if process.poll() is None:
        os.killpg(process.pid, signal.SIGINT)
        try:
            process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()


def first_shoe_in_stock(base: str) -> tuple[SimpleNamespace, str]:
    with urllib.request.urlopen(f"{base}/api/shoes?limit=28", timeout=10) as answer:
        shoes = json.load(answer)["results"]
    for shoe in shoes:
        for entry in shoe["stock"]:
            if entry["quantity"] > 0:
                return SimpleNamespace(pk=shoe["_id"], name=shoe["name"]), entry["size"]
    pytest.fail("the demo has no shoe in stock")


def mails_in(folder: Path) -> list:
    """The mails Django's file backend wrote: one file per connection, the messages in it one after the other."""
    found = []
    for path in sorted(folder.glob("*.log")) if folder.exists() else []:
        for chunk in path.read_bytes().split(b"-" * 79 + b"\n"):
            if chunk.strip():
                found.append(message_from_bytes(chunk, policy=default_policy))
    return found


def test_a_shopper_pays_and_the_worker_mails_the_confirmation_to_the_demo_s_mail_folder(browser, demo_shop):
    violations, errors = [], []
    context = browser.new_context(base_url=demo_shop.url, viewport=DESKTOP)
    try:
        page = csp_watched(context, violations)
        page.set_default_timeout(15_000)
        page.on("pageerror", lambda error: errors.append(str(error)))

        # Given the demo's shopper, signed in, with a pair in the cart
        page.goto("/signin")
        sign_in(page, "shopper@sneakers.test", demo_shop.password)
        wait_for_popup(page, "Welcome again!")
        shoe, size = first_shoe_in_stock(demo_shop.url)
        buy(page, shoe, size)

        # When they pay with the test Visa
        fill_payment_form(page)
        pay_button(page).click()
        expect(page.get_by_role("dialog", name=PAID)).to_be_visible()
        expect(page).to_have_url(re.compile(r"/order/pi_\w+$"))
        payment_id = re.search(r"/order/(pi_\w+)$", page.url)[1]
    finally:
        context.close()

    # Then the worker has written the confirmation to the demo's mail folder within seconds
    deadline = time.monotonic() + MAIL_SECONDS
    while not (confirmations := [m for m in mails_in(demo_shop.mail_dir) if payment_id in (m["Subject"] or "")]):
        if time.monotonic() > deadline:
            log = demo_shop.log.read_text()[-3000:]
            pytest.fail(f"no confirmation in {demo_shop.mail_dir} after {MAIL_SECONDS} s:\n{log}")
        time.sleep(0.2)
    [mail] = confirmations
    assert mail["To"] == "shopper@sneakers.test"
    assert mail["Subject"] == f"Your Sneaker Shop order {payment_id}"
    html = mail.get_body(preferencelist=("html",)).get_content()
    assert f'href="{demo_shop.url}/order/{payment_id}"' in html
    assert shoe.name in html
    # Sent by the worker, under the id of the checkout's request.
    log = demo_shop.log.read_text()
    sent = [line for line in log.splitlines() if "worker.1" in line and "(order_confirmation) sent." in line]
    assert len(sent) == 1, log[-3000:]
    assert json.loads(sent[0].split("| ", 1)[1])["request_id"] != "-"
    assert not errors, f"JavaScript errors in the page: {errors}"
    assert not violations, f"Content-Security-Policy violations in the page: {violations}"
