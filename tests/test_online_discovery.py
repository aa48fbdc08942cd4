"""Issue 40: tables on the local network are found by themselves (zeroconf). Tested on the loopback interface,
where multicast works without a network; ``test_online_server.py`` finds a real ``main.py host`` the same way."""

from __future__ import annotations

import pytest

from game.online.discovery import Found, advertise, browse

LOOPBACK = ["127.0.0.1"]
SECONDS = 2.0  # a browse's wait: answers come within milliseconds on loopback

pytestmark = pytest.mark.slow


def test_an_advertised_server_is_found_with_its_name_address_and_port_until_it_closes() -> None:
    advert = advertise("Ann's tables", 47999, LOOPBACK)
    try:
        assert Found("Ann's tables", "127.0.0.1", 47999) in browse(SECONDS, LOOPBACK)
    finally:
        advert.close()
    assert all(found.port != 47999 for found in browse(SECONDS, LOOPBACK))


def test_every_server_on_the_network_is_found() -> None:
    first, second = advertise("Ann's tables", 47997, LOOPBACK), advertise("Bob's tables", 47998, LOOPBACK)
    try:
        found = [server for server in browse(SECONDS, LOOPBACK) if server.port in (47997, 47998)]
        assert sorted((server.name, server.port) for server in found) == [("Ann's tables", 47997),
                                                                           ("Bob's tables", 47998)]
    finally:
        first.close()
        second.close()


def test_a_name_is_cut_to_one_dns_label_without_dots() -> None:
    advert = advertise("a.b\n" + "x" * 200, 47996, LOOPBACK)
    try:
        [found] = [server for server in browse(SECONDS, LOOPBACK) if server.port == 47996]
        assert "." not in found.name and len(found.name.encode()) <= 63
    finally:
        advert.close()
