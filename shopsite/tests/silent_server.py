"""A local TCP port that accepts and reads but never answers: a hung service, to test timeouts on real sockets."""

import contextlib
import socket
import threading


def _swallow(peer: socket.socket) -> None:
    with contextlib.suppress(OSError):
        while peer.recv(65536):
            pass


def _pipe(source: socket.socket, target: socket.socket) -> None:
    with contextlib.suppress(OSError):
        while data := source.recv(65536):
            target.sendall(data)


class SilentServer:
    """Accepts connections on 127.0.0.1 and never answers, or, once `forward_to` is set, passes them on there."""

    def __init__(self) -> None:
        self._listener = socket.create_server(("127.0.0.1", 0))
        self.port: int = self._listener.getsockname()[1]
        self.forward_to: tuple[str, int] | None = None
        self.accepted = 0
        self._sockets = [self._listener]
        threading.Thread(target=self._accept, daemon=True).start()

    def _accept(self) -> None:
        while True:
            try:
                peer, _ = self._listener.accept()
            except OSError:
                return
            self.accepted += 1
            self._sockets.append(peer)
            if self.forward_to is None:
                threading.Thread(target=_swallow, args=(peer,), daemon=True).start()
                continue
            upstream = socket.create_connection(self.forward_to)
            self._sockets.append(upstream)
            for source, target in ((peer, upstream), (upstream, peer)):
                threading.Thread(target=_pipe, args=(source, target), daemon=True).start()

    def close(self) -> None:
        for sock in self._sockets:
            # shutdown wakes the threads blocked in accept() or recv(); close alone would not.
            with contextlib.suppress(OSError):
                sock.shutdown(socket.SHUT_RDWR)
            sock.close()
