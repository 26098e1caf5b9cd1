"""A real SMTP server on loopback (aiosmtpd) for the worker tests and the bench: it keeps the mails it accepts, and can
refuse the first ones (451, as a mail server under load or greylisting does) or take its time over each answer."""

import asyncio
import email
import socket
import threading
from email.message import Message

from aiosmtpd.controller import Controller


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class SmtpServer:
    """Takes mail on 127.0.0.1:port after `refuse` refusals, answering MAIL, RCPT and DATA `delay` seconds late each."""

    def __init__(self, *, refuse: int = 0, delay: float = 0, port: int | None = None) -> None:
        self.refuse = refuse
        self.delay = delay
        self.refused = 0
        self.messages: list[Message] = []
        self._lock = threading.Lock()
        self.port = port or free_port()
        self._controller = Controller(self, hostname="127.0.0.1", port=self.port)
        self._controller.start()

    @property
    def email_url(self) -> str:
        return f"smtp://127.0.0.1:{self.port}"

    async def _wait(self) -> None:
        if self.delay:
            await asyncio.sleep(self.delay)

    async def handle_MAIL(self, server, session, envelope, address, options):
        await self._wait()
        envelope.mail_from = address
        envelope.mail_options.extend(options)
        return "250 OK"

    async def handle_RCPT(self, server, session, envelope, address, options):
        await self._wait()
        envelope.rcpt_tos.append(address)
        envelope.rcpt_options.extend(options)
        return "250 OK"

    async def handle_DATA(self, server, session, envelope):
        await self._wait()
        with self._lock:
            if self.refuse > 0:
                self.refuse -= 1
                self.refused += 1
                return "451 4.3.0 Try again later"
            self.messages.append(email.message_from_bytes(envelope.content))
        return "250 OK"

    def recipients(self) -> list[str]:
        with self._lock:
            return [message["To"] for message in self.messages]

    def stop(self) -> None:
        self._controller.stop()


def main() -> None:
    """`python -m shopsite.tests.smtp_server --port N [--delay S]`: one in a process of its own (the bench's), saying
    "ready" once it listens and "received" for each mail it takes."""
    import argparse
    import signal
    import sys

    parser = argparse.ArgumentParser(description=main.__doc__)
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--delay", type=float, default=0)
    options = parser.parse_args()

    class Telling(SmtpServer):
        async def handle_DATA(self, server, session, envelope):
            answer = await super().handle_DATA(server, session, envelope)
            print(f"received {answer}", flush=True)
            return answer

    server = Telling(delay=options.delay, port=options.port)
    print(f"ready on {server.email_url}", flush=True)
    signal.sigwait({signal.SIGTERM, signal.SIGINT})
    server.stop()
    sys.exit(0)


if __name__ == "__main__":
    main()
