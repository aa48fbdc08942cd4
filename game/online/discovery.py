"""Tables on the local network find themselves: a host advertises its server by multicast DNS (zeroconf,
``SERVICE_TYPE``), and *Join a table* browses for a moment and lists what answered.

Multicast stays within the local network, so a server beyond it is joined by its typed address. A network
that drops multicast (some Wi-Fi guest networks, containers) finds nothing; the typed address still works.
"""

from __future__ import annotations

import socket
import time
from dataclasses import dataclass

from zeroconf import (
    InterfaceChoice,
    IPVersion,
    ServiceBrowser,
    ServiceInfo,
    ServiceStateChange,
    Zeroconf,
)

from game.core.text import one_line
from game.online.protocol import PROTOCOL_VERSION, SERVICE_TYPE

Interfaces = InterfaceChoice | list[str]  # every network, or those of these addresses
MOST_INSTANCE_NAME = 60  # a DNS label has at most 63 bytes; a name is cut well inside that
INFO_SECONDS = 1.0  # how long to wait for the address of one server that answered


@dataclass(frozen=True)
class Found:
    """A server that answered: its advertised name, an address and the port to join it at."""

    name: str
    address: str
    port: int


class Advert:
    """A server's advertisement on the local network, withdrawn by :meth:`close` (the server's end)."""

    def __init__(self, zeroconf: Zeroconf, info: ServiceInfo) -> None:
        self._zeroconf = zeroconf
        self._info = info
        self.name = info.name

    def close(self) -> None:
        self._zeroconf.unregister_service(self._info)
        self._zeroconf.close()


def advertise(name: str, port: int, interfaces: Interfaces = InterfaceChoice.All) -> Advert:
    """Advertise a table server called ``name`` on ``port`` on the local network (``interfaces``: which
    networks, by address; all by default). zeroconf renames it if another answers to that name already."""
    addresses = _addresses(interfaces)
    label = one_line(name, MOST_INSTANCE_NAME).replace(".", " ") or "Tables"
    info = ServiceInfo(
        SERVICE_TYPE, f"{label}.{SERVICE_TYPE}", port=port,
        addresses=[socket.inet_aton(address) for address in addresses],
        server=f"{socket.gethostname().split('.')[0] or 'tables'}.local.",
        properties={"version": str(PROTOCOL_VERSION)},
    )
    zeroconf = Zeroconf(interfaces=interfaces, ip_version=IPVersion.V4Only)
    try:
        zeroconf.register_service(info, allow_name_change=True)
    except BaseException:
        zeroconf.close()
        raise
    return Advert(zeroconf, info)


def browse(seconds: float, interfaces: Interfaces = InterfaceChoice.All) -> list[Found]:
    """The table servers that answered within ``seconds``, by name; those of another protocol version left
    out (they could not be joined)."""
    names: set[str] = set()

    def changed(zeroconf: Zeroconf, service_type: str, name: str, state_change: ServiceStateChange) -> None:
        if state_change is not ServiceStateChange.Removed:
            names.add(name)
        else:
            names.discard(name)

    zeroconf = Zeroconf(interfaces=interfaces, ip_version=IPVersion.V4Only)
    try:
        browser = ServiceBrowser(zeroconf, SERVICE_TYPE, handlers=[changed])
        time.sleep(seconds)
        browser.cancel()
        found = []
        for name in sorted(names):
            info = zeroconf.get_service_info(SERVICE_TYPE, name, timeout=int(INFO_SECONDS * 1000))
            if info is None or info.port is None or not info.parsed_addresses():
                continue
            if info.properties.get(b"version") != str(PROTOCOL_VERSION).encode():
                continue
            found.append(Found(name.removesuffix("." + SERVICE_TYPE), info.parsed_addresses()[0], info.port))
        return found
    finally:
        zeroconf.close()


def _addresses(interfaces: Interfaces) -> list[str]:
    """The IPv4 addresses to advertise: those named, or the one this machine reaches its network by."""
    if isinstance(interfaces, list):
        return [str(address) for address in interfaces if isinstance(address, str)]
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:  # a datagram socket's connect sends nothing: it only picks the address a packet would leave by
            probe.connect(("10.254.254.254", 1))
            return [str(probe.getsockname()[0])]
        except OSError:  # no network at all: this machine alone
            return ["127.0.0.1"]
