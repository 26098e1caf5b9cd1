"""The catalogue commands' progress bar."""

from django.core.management.base import OutputWrapper


def _plain(text: str) -> str:
    # stderr is styled as an error on a terminal; the bar is not one.
    return text


class ProgressBar:
    """A one-line bar of items done out of the total, redrawn in place with a carriage return."""

    def __init__(self, stream: OutputWrapper, *, always: bool, unit: str = "rows", min_total: int = 0, width: int = 30):
        self.stream = stream
        self.always = always
        self.unit = unit
        # Below this many the work is over before a bar would be worth reading (unless always).
        self.min_total = min_total
        self.width = width
        self.drawn = False

    def __call__(self, done: int, total: int) -> None:
        if total == 0 or (not self.always and total <= self.min_total):
            return
        filled = self.width * done // total
        bar = f"\r[{'#' * filled}{'.' * (self.width - filled)}] {done}/{total} {self.unit}"
        self.stream.write(bar, style_func=_plain, ending="")
        self.stream.flush()
        self.drawn = True

    def close(self) -> None:
        if self.drawn:
            self.stream.write("", style_func=_plain)
