"""manage.py run_draw <release id> [--resume]: run a closed draw now (beat runs it at its close by itself)."""

from django.core.management.base import BaseCommand, CommandError

from releases import services


class Command(BaseCommand):
    help = "Run a release's draw once its entries have closed; a draw that ran already is left as it is."

    def add_arguments(self, parser):
        parser.add_argument("release", type=int, help="The release's id (the Django admin and the dashboard show it).")
        parser.add_argument(
            "--resume", action="store_true", help="Carry on a draw that stopped half way, with its recorded seed."
        )

    def handle(self, *args, release: int, resume: bool, **options):
        report = services.draw_run(release_id=release, resume=resume)
        if report.state == "not_due":
            raise CommandError(
                f"Release {release} has no draw to run now: not a draw, entries still open, or nothing to resume."
            )
        if report.state == "already":
            self.stdout.write(f"The draw of release {release} was started already; nothing was done.")
            return
        if report.outcome == "expired":
            self.stdout.write(
                f"The cards' authorisations had expired: {report.expired} cancelled, nobody won (seed {report.seed})."
            )
        else:
            self.stdout.write(
                f"Drawn with seed {report.seed}: {report.won} won, {report.capture_failed} could not be charged "
                f"(their pairs passed on), {report.lost} not picked, {report.void} void as duplicates."
            )
        if report.unsettled:
            self.stdout.write(
                f"{len(report.unsettled)} entries wait for the card service: run `run_draw {release} --resume`."
            )
