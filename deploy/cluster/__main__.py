"""make cluster: starts the cluster, runs every check, prints PASS or FAIL for each and exits 1 on any failure; every
process it started is stopped at the end, whatever happened."""

import contextlib
import shelve
import shutil
import signal
import sys
import tempfile
import threading
import time
import traceback
from datetime import timedelta
from pathlib import Path

import psycopg
import requests

from . import parts, shop
from .parts import PORTS, Postgres, Proc, SentrySink, say
from .shop import FRONT, Client, Load, Machine, failures

STARTED = time.monotonic()
RESULTS: list[tuple[str, bool, str]] = []
# The longest a PostgreSQL restart may leave the shop answering 503 (the restart itself takes a second or two).
DATABASE_OUTAGE_BOUND = 15.0


def check(name: str, ok: bool, detail: str) -> bool:
    RESULTS.append((name, ok, detail))
    say(f"{'PASS' if ok else 'FAIL'} {name}: {detail}  [{time.monotonic() - STARTED:.0f} s]")
    return ok


class Cluster:
    def __init__(self, tmp: Path) -> None:
        self.tmp = tmp
        self.procs: list[Proc] = []
        self.postgres = Postgres(tmp / "postgres", tmp / "postgres.log")
        self.sentry: SentrySink | None = None
        self.smtp = None
        self.probe = "/readyz"
        self.machines: dict[str, Machine] = {}
        self.workers: dict[str, Proc] = {}
        self.beat: Proc | None = None
        self.env: dict[str, str] = {}
        self.people: dict = {}

    # --- starting ---------------------------------------------------------------------------------------------------

    def own(self, proc: Proc) -> Proc:
        self.procs.append(proc)
        return proc.start()

    def start(self) -> None:
        busy = [name for name, port in PORTS.items() if not parts.port_free(port)]
        if busy:
            taken = ", ".join(f"{name} {PORTS[name]}" for name in busy)
            raise RuntimeError(f"Ports taken: {taken} (CLUSTER_PORT_BASE moves them)")
        parts.haproxy_binary()
        say(f"PostgreSQL: a scratch cluster on 127.0.0.1:{PORTS['postgres']} ({self.postgres.bin})")
        self.postgres.init()
        self.postgres.start()
        self.postgres.create_database()
        for role in ("cache", "broker"):
            proc = self.own(parts.redis_proc(role, self.tmp))
            parts.wait_port(PORTS[role], proc.name, process=proc.process, log=proc.log)
        s3 = self.own(parts.s3_proc(self.tmp))
        parts.wait_port(PORTS["s3"], s3.name, process=s3.process, log=s3.log)
        parts.s3_bucket_make()
        self.sentry = SentrySink()
        from shopsite.tests.smtp_server import SmtpServer

        self.smtp = SmtpServer(port=PORTS["smtp"])
        self.env = shop.shop_env(self.tmp, self.postgres.url, self.sentry.dsn, "r1")
        say("migrate and the cluster's people")
        migrate = shop.manage(self.env, self.tmp / "var-setup", "migrate", "--noinput")
        if migrate.returncode:
            raise RuntimeError(f"migrate failed:\n{migrate.stdout[-3000:]}{migrate.stderr[-3000:]}")
        seeded = shop.subprocess.run(
            [parts.PYTHON, "-m", "deploy.cluster.seed"],
            cwd=parts.ROOT,
            env={**self.env, "SHOP_VAR_DIR": str(self.tmp / "var-setup")},
            capture_output=True,
            text=True,
        )
        if seeded.returncode:
            raise RuntimeError(f"seed failed:\n{seeded.stderr[-3000:]}")
        import json

        self.people = json.loads(seeded.stdout.strip().splitlines()[-1])
        for name in ("a", "b"):
            machine = Machine(
                name.upper(), PORTS[name], self.tmp / f"var-{name}", self.env, self.tmp / f"gunicorn-{name}.log"
            )
            machine.start("r1")
            self.procs.append(machine.web)
            self.machines[name] = machine
        for name in ("a", "b"):
            self.worker_start(name)
        self.beat_start()
        # /readyz when the shop has it (issue 29); else the old health check, so the other checks still say something.
        self.machines["a"].wait_ready("/api/health")
        self.machines["b"].wait_ready("/api/health")
        try:
            ready = requests.get(self.machines["a"].url + "/readyz", timeout=5).status_code
        except requests.RequestException:
            ready = 0
        if ready != 200:
            self.probe = "/api/health"
            say(f"/readyz answers {ready}: haproxy probes /api/health instead")
        self.own(parts.haproxy_proc(self.tmp, self.probe))
        parts.wait_port(PORTS["haproxy"], "haproxy")
        self.wait_up({"a", "b"})
        say(
            f"The cluster is up in {time.monotonic() - STARTED:.0f} s: haproxy {FRONT} -> A :{PORTS['a']}, "
            f"B :{PORTS['b']} (probing {self.probe})"
        )

    def worker_start(self, name: str) -> None:
        proc = shop.celery_proc(
            "worker", f"worker-{name}", self.env, self.tmp / f"var-worker-{name}", self.tmp / f"worker-{name}.log"
        )
        self.workers[name] = self.own(proc)

    def beat_start(self) -> None:
        self.beat = self.own(shop.celery_proc("beat", "beat", self.env, self.tmp / "var-beat", self.tmp / "beat.log"))

    def wait_up(self, names: set[str], seconds: float = 30) -> None:
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            states = parts.haproxy_states(self.tmp)
            if all(states.get(name, "").startswith("UP") for name in names):
                return
            time.sleep(0.2)
        raise RuntimeError(f"haproxy does not see {sorted(names)} up: {parts.haproxy_states(self.tmp)}")

    def db(self) -> psycopg.Connection:
        return psycopg.connect(self.postgres.url, autocommit=True, connect_timeout=3)

    def admin(self, base: str = FRONT) -> Client:
        client = Client(base)
        answer = client.sign_in(*self.people["admin"])
        if answer.status_code != 200:
            raise RuntimeError(f"The admin's sign-in answered {answer.status_code}: {answer.text[:300]}")
        return client

    def teardown(self) -> None:
        for proc in reversed(self.procs):
            with contextlib.suppress(Exception):
                proc.stop(timeout=10)
        for proc in self.procs:
            with contextlib.suppress(Exception):
                proc.kill_group()
        self.postgres.teardown()
        if self.sentry:
            self.sentry.stop()
        if self.smtp:
            with contextlib.suppress(Exception):
                self.smtp.stop()

    # --- the checks -------------------------------------------------------------------------------------------------

    def check_probes(self) -> None:
        """/livez and /readyz answer a load balancer that probes by address (a Host the shop does not serve)."""
        codes = {}
        for path in ("/livez", "/readyz"):
            try:
                codes[path] = requests.get(
                    self.machines["a"].url + path, headers={"Host": "10.0.0.7"}, timeout=5
                ).status_code
            except requests.RequestException as error:
                codes[path] = type(error).__name__
        check(
            "probes",
            codes == {"/livez": 200, "/readyz": 200},
            f"A answers /livez {codes['/livez']}, /readyz {codes['/readyz']} to Host 10.0.0.7 (200 and 200 wanted)",
        )

    def check_picture(self, admin_a: Client) -> int | None:
        """A picture uploaded through A: B serves the shoe with the picture and its smaller copies."""
        answer = admin_a.call(
            "POST",
            "/api/shoes",
            self.machines["a"].url,
            data={
                "brand": "Nike",
                "name": "Cluster Runner",
                "description": "Made on A",
                "color": "Red",
                "price": "120",
                "size": "9.5",
                "q": "50",
            },
            files={"image": ("runner.png", shop.picture_png(), "image/png")},
        )
        if answer.status_code != 201:
            check("picture A -> B", False, f"creating the shoe on A answered {answer.status_code}: {answer.text[:200]}")
            return None
        body = answer.json()
        shoe_id = body.get("_id") or body.get("shoe", {}).get("_id")
        deadline, shoe = time.monotonic() + 20, {}
        while time.monotonic() < deadline:
            shoe = requests.get(f"{self.machines['b'].url}/api/shoes/{shoe_id}", timeout=5).json()
            if shoe.get("imageSrcset"):
                break
            time.sleep(0.3)
        urls = [part.strip().split(" ")[0] for part in shoe.get("imageSrcset", "").split(",") if part.strip()]
        image = shoe.get("image", "")
        codes = [requests.get(url, timeout=5).status_code for url in [image, *urls] if url.startswith("http")]
        ok = bool(urls) and len(codes) == len(urls) + 1 and set(codes) == {200} and f":{PORTS['s3']}/" in image
        check(
            "picture A -> B",
            ok,
            f"shoe {shoe_id}: B serves {image or '(no picture)'} and {len(urls)} sizes (srcset), fetched {codes}",
        )
        return shoe_id

    def check_write_seen(self, admin_a: Client, shoe_id: int) -> None:
        """A change made on A is in anonymous reads on B within a second."""
        reader = requests.Session()
        reader.get(f"{self.machines['b'].url}/api/shoes/{shoe_id}", timeout=5)  # B has it cached now
        name = "Cluster Runner " + letters(int(time.time() * 10))
        answer = admin_a.call(
            "PUT",
            f"/api/shoes/{shoe_id}",
            self.machines["a"].url,
            data={"brand": "Nike", "name": name, "description": "Changed on A", "color": "Red", "price": "130"},
        )
        if answer.status_code != 200:
            check("write on A seen on B", False, f"the change on A answered {answer.status_code}: {answer.text[:200]}")
            return
        changed = time.monotonic()
        # When each read was sent, not when its answer came: on a loaded machine an answer takes a while to arrive,
        # and what is measured is the staleness of what B answers, not B's latency. A read sent more than a second
        # after A's answer must show the new name.
        seen = stale_late = None
        while time.monotonic() - changed < 3:
            sent = time.monotonic() - changed
            if reader.get(f"{self.machines['b'].url}/api/shoes/{shoe_id}", timeout=5).json().get("name") == name:
                seen = sent
                break
            if sent > 1.0:
                stale_late = sent
            time.sleep(0.05)
        check(
            "write on A seen on B",
            seen is not None and stale_late is None,
            (
                f"B's anonymous reads show the new name from one sent {seen:.2f} s after the change"
                if seen is not None
                else "not within 3 s"
            )
            + (f"; one sent {stale_late:.2f} s after still showed the old name" if stale_late is not None else ""),
        )

    def check_sign_in_limit(self) -> None:
        """40 wrong passwords at once, half on A and half on B: the account's lockout (20 an hour) holds across both."""
        email = self.people["shopper"][0]
        codes: list[int | str] = []
        lock = threading.Lock()
        start = threading.Barrier(40)

        def guess(index: int) -> None:
            client = Client(self.machines["ab"[index % 2]].url)
            client.call("GET", "/api/csrf")
            start.wait()
            try:
                code = client.call(
                    "POST", "/api/auth/signin", json={"email": email, "password": f"wrong-{index}"}, timeout=90
                ).status_code
            except requests.RequestException as error:
                code = type(error).__name__
            with lock:
                codes.append(code)

        threads = [threading.Thread(target=guess, args=(index,)) for index in range(40)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        counted = sum(1 for code in codes if code in (400, 401, 403))
        stopped = sum(1 for code in codes if code == 429)
        check(
            "sign-in limit over both machines",
            counted <= 20 and counted + stopped == 40,
            f"{counted} wrong passwords checked, {stopped} stopped with 429 (at most 20 may be checked; "
            f"other answers: {[c for c in codes if c not in (400, 401, 403, 429)]})",
        )

    def check_metrics(self, before: dict[str, float]) -> None:
        status, after = shop.metrics_scrape(self.machines["a"].url)
        anonymous = requests.get(self.machines["a"].url + "/metrics", timeout=5).status_code
        moved = sorted(name for name, value in after.items() if value > before.get(name, 0) and "request" in name)
        kinds = {kind: any(kind in name for name in after) for kind in ("cache", "heartbeat", "queue", "mail")}
        check(
            "/metrics",
            # The heartbeats' ages come with beat's first minute: the heartbeats check below asks for them.
            status == 200
            and anonymous in (401, 403, 404)
            and bool(moved)
            and kinds["cache"]
            and kinds["queue"]
            and kinds["mail"],
            f"with the token {status}, without {anonymous}; {len(after)} samples, {len(moved)} request figures "
            f"moved (e.g. {moved[:2]}); names about {kinds}",
        )

    def check_sentry(self) -> None:
        marker = f"cluster forced error {int(time.time())}"
        result = shop.manage(
            self.env, self.tmp / "var-setup", "shell", "-c", f"raise RuntimeError({marker!r})", timeout=60
        )
        deadline = time.monotonic() + 10

        def arrived() -> bool:
            return any(marker.encode() in envelope for envelope in list(self.sentry.envelopes))

        while time.monotonic() < deadline and not arrived():
            time.sleep(0.2)
        got = arrived()
        check(
            "Sentry",
            got,
            f"the sink holds {len(self.sentry.envelopes)} envelopes, "
            f"{'one with' if got else 'none with'} the forced error (manage.py exited {result.returncode})",
        )

    def check_rolling_release(self) -> None:
        """A then B: SIGTERM (the machine drains: /readyz fails, haproxy stops sending, running requests end), a new
        gunicorn with release r2, back in haproxy; the load through haproxy sees no failure."""
        load = Load(["/api/shoes", "/api/brands", "/api/shoes?page=1", "/api/health"], threads=3).start()
        begin = time.monotonic()
        notes = []
        try:
            time.sleep(1)
            for name in ("a", "b"):
                machine = self.machines[name]
                machine.web.signal(signal.SIGTERM)
                stopped = time.monotonic()
                machine.web.process.wait(timeout=60)
                old = machine.web
                machine.start("r2")
                self.procs.append(machine.web)
                self.procs.remove(old)
                machine.wait_ready(self.probe)
                self.wait_up({name})
                notes.append(f"{machine.name} out and back in {time.monotonic() - stopped:.1f} s")
            time.sleep(1)
        finally:
            load.stop()
        counts = load.since(begin)
        check(
            "rolling release",
            failures(counts) == 0 and sum(counts.values()) > 0,
            f"{'; '.join(notes)}; through haproxy {dict(counts)}",
        )

    def check_worker_killed_and_beat(self) -> None:
        """Beat stopped; a worker killed with SIGKILL while it sends a mail; beat back after its run was due: the mail
        is delivered, once."""
        email = self.people["shopper"][0]
        self.beat.stop()
        self.workers["b"].stop()  # one worker takes the mail: the one the run kills
        self.smtp.delay = 3
        before = self.delivered(email)
        asker = Client(self.machines["a"].url)
        asker.call("GET", "/api/csrf")
        answer = asker.call("POST", "/api/auth/password-reset", json={"email": email})
        mail_id, deadline = None, time.monotonic() + 15
        with self.db() as db:
            while time.monotonic() < deadline and mail_id is None:
                row = db.execute(
                    "SELECT id FROM mailing_mail WHERE \"to\" = %s AND state = 'sending' ORDER BY id DESC", [email]
                ).fetchone()
                mail_id = row[0] if row else None
                time.sleep(0.1)
        if mail_id is None:
            check(
                "worker killed mid-mail", False, f"no worker took the reset mail (reset answered {answer.status_code})"
            )
            check("beat catches up", False, "not reached")
            return
        time.sleep(1)  # in the middle of the mail server's conversation
        self.workers["a"].kill_group()
        self.smtp.delay = 0
        killed_state = self.mail_state(mail_id)
        self.worker_start("a")
        self.worker_start("b")
        # The run cannot wait out the claim's 5-minute lease nor beat's 10-minute period: it moves the times back as
        # they would have passed (the claim, the mail's age for the resend's grace, beat's last runs).
        with self.db() as db:
            db.execute(
                "UPDATE mailing_mail SET claimed_at = claimed_at - interval '6 minutes', "
                "created_at = created_at - interval '6 minutes' WHERE id = %s",
                [mail_id],
            )
        self.beat_schedule_age(timedelta(minutes=15))
        self.beat_start()
        beat_started = self.beat_started = time.monotonic()
        deadline, state = time.monotonic() + 40, killed_state
        while time.monotonic() < deadline and state != "sent":
            time.sleep(0.3)
            state = self.mail_state(mail_id)
        time.sleep(2)  # a second delivery would show by now
        delivered = self.delivered(email) - before
        check(
            "worker killed mid-mail",
            state == "sent" and delivered == 1 and killed_state == "sending",
            f"mail {mail_id} was '{killed_state}' when its worker died; now '{state}', delivered {delivered} time(s)",
        )
        log = self.beat.log.read_text(errors="replace")
        # The log of this start only (beat appends to it).
        ran = "send-pending-mail" in log.split("beat: Starting")[-1]
        check(
            "beat catches up",
            ran and state == "sent",
            f"beat, back after its resend was due, sent it at start ({'ran' if ran else 'did not run'} "
            f"send-pending-mail; mail {state} {time.monotonic() - beat_started:.1f} s after beat's start)",
        )

    def check_heartbeats(self) -> None:
        """Beat back (its heartbeat due too, as its schedule was moved back): both heartbeats stamped since its start,
        their ages in /metrics (A) and "ok" in /api/health (B)."""

        def since() -> float:
            return time.monotonic() - self.beat_started

        deadline, ages, health = time.monotonic() + 20, {}, {}
        while time.monotonic() < deadline:
            _, samples = shop.metrics_scrape(self.machines["a"].url)
            ages = {part: samples.get(f'shop_heartbeat_age_seconds{{part="{part}"}}') for part in ("beat", "worker")}
            health = requests.get(self.machines["b"].url + "/api/health", timeout=5).json()
            fresh = all(age is not None and age <= since() + 1 for age in ages.values())
            if fresh and health.get("beat") == health.get("worker") == "ok":
                break
            time.sleep(0.5)
        fresh = all(age is not None and age <= since() + 1 for age in ages.values())
        check(
            "heartbeats",
            fresh and health.get("beat") == health.get("worker") == "ok",
            f"{since():.1f} s after beat's start, /metrics on A says beat {ages.get('beat')} s and worker "
            f"{ages.get('worker')} s old; /api/health on B says beat {health.get('beat')!r}, worker "
            f"{health.get('worker')!r}",
        )

    def beat_schedule_age(self, by: timedelta) -> None:
        path = self.tmp / "var-beat" / "celerybeat-schedule"
        with shelve.open(str(path), writeback=True) as store:
            for entry in store.get("entries", {}).values():
                entry.last_run_at = entry.last_run_at - by
            store.sync()

    def delivered(self, email: str) -> int:
        return sum(1 for message in list(self.smtp.messages) if email in str(message.get("To", "")))

    def mail_state(self, mail_id: int) -> str:
        with self.db() as db:
            return db.execute("SELECT state FROM mailing_mail WHERE id = %s", [mail_id]).fetchone()[0]

    def check_cache_out(self) -> None:
        """The cache's Redis stopped: both machines keep answering, degraded, never 500."""
        cache = next(proc for proc in self.procs if proc.name == "redis cache")
        cache.stop()
        load = Load(["/api/shoes", "/api/brands", "/api/shoes?search=runner"], threads=2).start()
        begin = time.monotonic()
        direct: dict[str, int] = {}
        health = {}
        try:
            for _ in range(6):
                for name, machine in self.machines.items():
                    for path in ("/api/shoes", "/api/brands"):
                        try:
                            code = str(requests.get(machine.url + path, timeout=5).status_code)
                        except requests.RequestException as error:
                            code = type(error).__name__
                        direct[code] = direct.get(code, 0) + 1
                    answer = requests.get(machine.url + "/api/health", timeout=5)
                    health[name] = (answer.status_code, answer.json().get("cache"))
                time.sleep(0.5)
        finally:
            load.stop()
            self.procs.remove(cache)
            self.own(Proc(cache.name, cache.command, cache.log))
        counts = load.since(begin)
        served = counts.get("200", 0) / max(1, sum(counts.values()))
        # Degraded, not down: every machine loses the same Redis at once, so a readiness that fails on it takes the
        # whole shop out of the balancer. Through haproxy nearly every answer must still be served.
        ok = (
            set(direct) == {"200"}
            and not any(s == "500" for s in counts)
            and served >= 0.9
            and all(h == (200, "degraded") for h in health.values())
        )
        self.wait_up({"a", "b"})
        check(
            "cache Redis out",
            ok,
            f"straight to the machines {direct}, health {health}, through haproxy {dict(counts)} "
            f"({served:.0%} served, 90 % wanted)",
        )

    def check_database_restart(self, admin: Client) -> None:
        """PostgreSQL restarted under reads and writes: 503s for a bounded time, never a 500, every write answered
        201 is there afterwards."""
        load = Load(["/api/shoes", "/api/brands", "/api/health"], threads=3).start()
        writes: list[tuple[float, str, str]] = []
        stop = threading.Event()

        def writer() -> None:
            index = 0
            while not stop.is_set():
                index += 1
                name = f"Cluster Brand {letters(index)}"
                try:
                    status = str(admin.call("POST", "/api/brands", json={"name": name}).status_code)
                except requests.RequestException as error:
                    status = type(error).__name__
                writes.append((time.monotonic(), name, status))
                time.sleep(0.1)

        thread = threading.Thread(target=writer, daemon=True)
        thread.start()
        begin = time.monotonic()
        try:
            time.sleep(2)
            down = time.monotonic()
            self.postgres.stop()
            time.sleep(2)
            self.postgres.start()
            up = time.monotonic()
            # Until every machine serves again, at most DATABASE_OUTAGE_BOUND after the restart.
            deadline = up + DATABASE_OUTAGE_BOUND
            while time.monotonic() < deadline:
                if all(self.ok(machine.url + "/api/brands") for machine in self.machines.values()):
                    break
                time.sleep(0.2)
            recovered = time.monotonic()
            time.sleep(2)
        finally:
            stop.set()
            thread.join(timeout=20)
            load.stop()
        counts = load.since(begin)
        write_counts: dict[str, int] = {}
        for _, _, status in writes:
            write_counts[status] = write_counts.get(status, 0) + 1
        created = {name for _, name, status in writes if status == "201"}
        with self.db() as db:
            stored = {row[0] for row in db.execute("SELECT name FROM catalog_brand WHERE name LIKE 'Cluster Brand %%'")}
        lost = created - stored
        unavailable = [at for at, status in list(load.answers) if at >= begin and status == "503"] + [
            at for at, _, status in writes if status == "503"
        ]
        span = (max(unavailable) - min(unavailable)) if unavailable else 0.0
        five_hundreds = counts.get("500", 0) + write_counts.get("500", 0)
        others = failures(counts) + sum(n for s, n in write_counts.items() if not s.isdigit()) - counts.get("503", 0)
        ok = (
            five_hundreds == 0
            and not lost
            and span <= DATABASE_OUTAGE_BOUND
            and others <= 0
            and (recovered - up) < DATABASE_OUTAGE_BOUND
        )
        check(
            "PostgreSQL restarted",
            ok,
            f"down {up - down:.1f} s, served again {recovered - up:.1f} s after; 503s over {span:.1f} s; reads "
            f"{dict(counts)}, writes {write_counts}; {len(created)} written, {len(lost)} lost",
        )

    @staticmethod
    def ok(url: str) -> bool:
        try:
            return requests.get(url, timeout=3).status_code == 200
        except requests.RequestException:
            return False


def letters(number: int) -> str:
    """A number in letters: the shop's names take letters and spaces only."""
    word = ""
    while True:
        number, digit = divmod(number, 26)
        word = "abcdefghijklmnopqrstuvwxyz"[digit] + word
        if not number:
            return word.capitalize()


def attempt(name: str, run, *args):
    """One check; an error inside it fails that check (with its traceback) and the run goes on to the next."""
    try:
        return run(*args)
    except Exception as error:
        traceback.print_exc()
        check(name, False, f"stopped on {type(error).__name__}: {str(error)[:300]}")
        return None


def main() -> int:
    tmp = Path(tempfile.mkdtemp(prefix="shop-cluster-"))
    tmp.chmod(0o755)  # PostgreSQL, run as its own user, writes under it
    cluster = Cluster(tmp)

    def interrupted(signum, frame):
        raise KeyboardInterrupt

    signal.signal(signal.SIGTERM, interrupted)
    try:
        cluster.start()
        attempt("probes", cluster.check_probes)
        _, metrics_before = shop.metrics_scrape(cluster.machines["a"].url)
        background = Load(["/api/shoes", "/api/brands"], threads=1, pause=0.2).start()
        admin_a = cluster.admin(cluster.machines["a"].url)
        shoe_id = attempt("picture A -> B", cluster.check_picture, admin_a)
        if shoe_id:
            attempt("write on A seen on B", cluster.check_write_seen, admin_a, shoe_id)
        attempt("sign-in limit over both machines", cluster.check_sign_in_limit)
        attempt("Sentry", cluster.check_sentry)
        background.stop()
        attempt("/metrics", cluster.check_metrics, metrics_before)
        attempt("rolling release", cluster.check_rolling_release)
        attempt("worker killed mid-mail", cluster.check_worker_killed_and_beat)
        attempt("heartbeats", cluster.check_heartbeats)
        attempt("cache Redis out", cluster.check_cache_out)
        attempt("PostgreSQL restarted", lambda: cluster.check_database_restart(cluster.admin()))
    except Exception:
        traceback.print_exc()
        check("the run", False, "stopped on the error above (logs in " + str(tmp) + ")")
    except KeyboardInterrupt:
        check("the run", False, "interrupted")
    finally:
        cluster.teardown()
    failed = [name for name, ok, _ in RESULTS if not ok]
    say(
        f"make cluster: {len(RESULTS) - len(failed)} checks passed, {len(failed)} failed in "
        f"{time.monotonic() - STARTED:.0f} s" + (f" ({', '.join(failed)})" if failed else "")
    )
    if failed:
        say(f"The processes' logs are kept in {tmp}")
    else:
        shutil.rmtree(tmp, ignore_errors=True)
    say(f"{len(RESULTS) - len(failed)} passed, {len(failed)} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
