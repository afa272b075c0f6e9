"""The child processes the host starts (the simulated board; in tests and tools a
broker, a board on a pty): one way to stop them."""

import subprocess


def stop(proc, grace=5):
    """SIGTERM, then SIGKILL if it still runs `grace` seconds later: a child that
    ignores the polite signal never hangs the one that stops it."""
    if proc.poll() is None:
        proc.terminate()
        try:
            proc.wait(grace)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
