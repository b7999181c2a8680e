"""Evaluate NetworkPolicies the way the API defines them (for pods of one namespace)."""

from __future__ import annotations

import ipaddress
from dataclasses import dataclass
from typing import Any

Obj = dict[str, Any]


def selects(selector: Obj | None, labels: dict[str, str]) -> bool:
    """A label selector (matchLabels and matchExpressions) against a label set."""
    if selector is None:
        return False
    for key, value in (selector.get("matchLabels") or {}).items():
        if labels.get(key) != value:
            return False
    for expr in selector.get("matchExpressions") or []:
        key, op, values = expr["key"], expr["operator"], expr.get("values") or []
        if op == "In" and labels.get(key) not in values:
            return False
        if op == "NotIn" and labels.get(key) in values:
            return False
        if op == "Exists" and key not in labels:
            return False
        if op == "DoesNotExist" and key in labels:
            return False
    return True


@dataclass(frozen=True)
class Peer:
    """The other end of a connection: a pod of this namespace (labels) or something outside."""

    labels: dict[str, str] | None = None  # None: not a pod of this namespace
    namespace_labels: dict[str, str] | None = None
    ip: str | None = None


def _peer_matches(rule_peer: Obj, peer: Peer) -> bool:
    if "ipBlock" in rule_peer:
        if peer.ip is None:
            return False
        block, ip = rule_peer["ipBlock"], ipaddress.ip_address(peer.ip)
        if ip not in ipaddress.ip_network(block["cidr"]):
            return False
        return not any(ip in ipaddress.ip_network(e) for e in block.get("except") or [])
    ns_sel = rule_peer.get("namespaceSelector")
    pod_sel = rule_peer.get("podSelector")
    if ns_sel is None:
        # same namespace
        return peer.labels is not None and selects(pod_sel, peer.labels)
    if peer.namespace_labels is None:
        return False
    if not selects(ns_sel, peer.namespace_labels):
        return False
    return pod_sel is None or (peer.labels is not None and selects(pod_sel, peer.labels))


def _port_matches(rule: Obj, port: int) -> bool:
    ports = rule.get("ports")
    if not ports:
        return True
    return any(p.get("port") == port and p.get("protocol", "TCP") == "TCP" for p in ports)


def allowed(
    policies: list[Obj], direction: str, pod_labels: dict[str, str], peer: Peer, port: int
) -> bool:
    """Whether ``direction`` ("Ingress"/"Egress") traffic of the pod with ``pod_labels`` to/from
    ``peer`` on TCP ``port`` is allowed: isolated pods need a rule that admits it."""
    applicable = [
        p
        for p in policies
        if selects(p["spec"]["podSelector"], pod_labels)
        and direction in p["spec"].get("policyTypes", ["Ingress"])
    ]
    if not applicable:
        return True
    key, peers_key = ("ingress", "from") if direction == "Ingress" else ("egress", "to")
    for policy in applicable:
        for rule in policy["spec"].get(key) or []:
            rule_peers = rule.get(peers_key)
            if not _port_matches(rule, port):
                continue
            if rule_peers is None or any(_peer_matches(rp, peer) for rp in rule_peers):
                return True
    return False


def external_ingress_ports(policies: list[Obj], pod_labels: dict[str, str]) -> set[int]:
    """Ports on which something outside this namespace's pods may connect to the pod."""
    ports: set[int] = set()
    for policy in policies:
        spec = policy["spec"]
        if not selects(spec["podSelector"], pod_labels):
            continue
        if "Ingress" not in spec.get("policyTypes", ["Ingress"]):
            continue
        for rule in spec.get("ingress") or []:
            peers = rule.get("from")
            external = peers is None or any(
                "ipBlock" in p or "namespaceSelector" in p for p in peers
            )
            if external:
                ports |= {p["port"] for p in rule.get("ports") or [{"port": -1}]}
    return ports
