"""One MQTT connection as a venue's broker wants it: login, TLS, a session that survives.

Shared by `goboard relay` and `goboard serve --mqtt`. The password never goes on
the command line (where `ps` shows it): `--password-file FILE` or the environment
variable GOBOARD_MQTT_PASSWORD (`--password` still works, with a warning). TLS
with `--cafile CA.pem` (the venue's own CA) or `--tls` (the system's CAs); the
port is then 8883 unless the address gives one. Sessions are persistent
(clean_session off, a fixed client id for the process), so QoS 1 messages that
were not acknowledged before a broker restart are sent again after it, and a
subscriber's queue survives the restart when the broker keeps persistence on.
"""

import os
import socket
import ssl
import sys
import threading

from goboard.errors import UserError

PASSWORD_ENV = "GOBOARD_MQTT_PASSWORD"


def add_arguments(parser):
    g = parser.add_argument_group("MQTT login and TLS (a venue's broker)")
    g.add_argument("--username", help="MQTT user name (the broker's password file)")
    g.add_argument("--password-file", metavar="FILE",
                   help="a file holding the MQTT password (first line); or set %s" % PASSWORD_ENV)
    g.add_argument("--password", help="the MQTT password (shows in `ps`: prefer --password-file)")
    g.add_argument("--cafile", metavar="CA.pem",
                   help="TLS: the CA that signed the broker's certificate (port 8883 by default)")
    g.add_argument("--tls", action="store_true", help="TLS with the system's CAs")


def settings(args):
    """{"username", "password", "cafile", "tls"} from the command line, the password
    file or the environment; UserError for a file that cannot be read."""
    password = None
    if getattr(args, "password_file", None):
        try:
            with open(args.password_file, encoding="utf-8") as f:
                password = f.readline().rstrip("\r\n")
        except (OSError, UnicodeDecodeError) as e:
            raise UserError("cannot read the password file %s: %s"
                            % (args.password_file, getattr(e, "strerror", None) or e)) from None
    elif os.environ.get(PASSWORD_ENV):
        password = os.environ[PASSWORD_ENV]
    elif getattr(args, "password", None):
        print("goboard: warning: --password shows in `ps`; use --password-file FILE or %s"
              % PASSWORD_ENV, file=sys.stderr, flush=True)
        password = args.password
    cafile = getattr(args, "cafile", None)
    if cafile and not os.path.isfile(cafile):
        raise UserError("no such CA file: %s" % cafile)
    return {"username": getattr(args, "username", None), "password": password,
            "cafile": cafile, "tls": bool(cafile or getattr(args, "tls", False))}


def parse_hostport(text, default_port=1883):
    """'host', 'host:port' or '[v6]:port' -> (host, port); UserError for anything else."""
    text = text.strip()
    host, port = text, default_port
    if text.startswith("["):
        end = text.find("]")
        if end < 0:
            raise UserError("bad broker address %r: no closing ']'" % text)
        host, rest = text[1:end], text[end + 1:]
        if rest:
            if not rest.startswith(":"):
                raise UserError("bad broker address %r" % text)
            port = rest[1:]
    elif text.count(":") == 1:
        host, port = text.split(":")
    try:
        port = int(port)
    except ValueError:
        raise UserError("bad broker address %r: the port must be a number" % text) from None
    if not host or not 0 < port < 65536:
        raise UserError("bad broker address %r" % text)
    return host, port


def client_id(role):
    """A client id fixed for this process (a persistent session needs one)."""
    return "goboard-%s-%s-%d" % (role, socket.gethostname()[:20], os.getpid())


def make_client(address, role, cid="", login=None, inflight=200):
    """A paho client set up (not connected) and (host, port)."""
    import paho.mqtt.client as mqtt
    login = login or {}
    host, port = parse_hostport(address, 8883 if login.get("tls") else 1883)
    client = mqtt.Client(mqtt.CallbackAPIVersion.VERSION2, client_id=cid or client_id(role),
                         clean_session=False)
    client.max_inflight_messages_set(inflight)
    client.max_queued_messages_set(0)
    if login.get("username"):
        client.username_pw_set(login["username"], login.get("password"))
    if login.get("tls"):
        try:
            client.tls_set(ca_certs=login.get("cafile"))
        except (ssl.SSLError, OSError, ValueError) as e:
            raise UserError("cannot use the CA file %s: %s" % (login.get("cafile"), e)) from None
    return client, host, port


def connect(client, host, port, timeout=10.0, on_connect=None):
    """Connect and wait for the broker's answer (the network loop keeps running and
    reconnects by itself); UserError saying why not: unreachable, TLS, refused login."""
    status = {}
    ready = threading.Event()

    def connected(c, userdata, flags, reason_code, properties):
        status.setdefault("rc", reason_code)
        ready.set()
        if on_connect is not None and not reason_code.is_failure:
            on_connect(c, userdata, flags, reason_code, properties)

    client.on_connect = connected
    where = "%s:%d" % (host, port)
    try:
        client.connect(host, port, keepalive=30)
    except ssl.SSLError as e:
        raise UserError("TLS with the MQTT broker %s failed: %s" % (where, e.reason or e)) from None
    except OSError as e:
        raise UserError("cannot reach the MQTT broker %s: %s" % (where, e.strerror or e)) from None
    client.loop_start()
    if not ready.wait(timeout):
        client.loop_stop()
        raise UserError("the MQTT broker %s did not answer" % where)
    if status["rc"].is_failure:
        client.disconnect()
        client.loop_stop()
        raise UserError("the MQTT broker %s refused the connection: %s" % (where, status["rc"]))
    return client
