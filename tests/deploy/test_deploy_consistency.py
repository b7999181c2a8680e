"""The rendered manifests agree with the code: ports, env names and values, probes, addresses,
prompts, network reachability, security and graceful termination.

Everything on the code side is read from the code (settings classes, their env prefixes and
aliases, the gateway's routes, prompts/); nothing is restated here.
"""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Any
from unittest import mock

import kubernetes_validate
import pytest
import yaml
from pydantic_settings import BaseSettings

from mesh.config import GrpcServerSettings
from mesh.llm.settings import LLMSettings
from tests.deploy import netpol
from tests.deploy.code_facts import ROOT, SERVICES, prompt_files, service_facts
from tests.deploy.rendering import (
    OVERLAYS,
    Obj,
    Rendered,
    env_names,
    render,
    resolve_env,
    service_module,
)

SECRETS = {
    "groundmesh-secrets/gateway-api-keys": "deploy-test-key:acme",
    "groundmesh-secrets/anthropic-api-key": "sk-ant-deploy-test",
}
OUTSIDE = netpol.Peer(labels=None, namespace_labels={"kubernetes.io/metadata.name": "elsewhere"})
INGRESS_CONTROLLER = netpol.Peer(
    labels={"app.kubernetes.io/name": "ingress-nginx"},
    namespace_labels={"kubernetes.io/metadata.name": "ingress-nginx"},
)
KUBE_DNS = netpol.Peer(
    labels={"k8s-app": "kube-dns"}, namespace_labels={"kubernetes.io/metadata.name": "kube-system"}
)
PUBLIC_IP = netpol.Peer(ip="160.79.104.10")  # an address of api.anthropic.com
CLUSTER_IP = netpol.Peer(ip="10.96.0.10")


@pytest.fixture(params=OVERLAYS, scope="module")
def rendered(request: pytest.FixtureRequest) -> Rendered:
    return render(str(request.param))


def mesh_containers(rendered: Rendered) -> list[tuple[Obj, Obj, str]]:
    """(deployment, container, service module) of the five Groundmesh services."""
    found = []
    for deployment, container in rendered.containers():
        if container.get("args") and container["args"][0] in SERVICES:
            found.append((deployment, container, service_module(container)))
    return found


def settings_for(rendered: Rendered, container: Obj, cls: type[BaseSettings]) -> Any:
    """The settings object ``cls`` the container's process would build from its environment."""
    env = resolve_env(rendered, container, SECRETS)
    with mock.patch.dict(os.environ, env, clear=True):
        return cls()


def pod_labels(deployment: Obj) -> dict[str, str]:
    return dict(deployment["spec"]["template"]["metadata"]["labels"])


def container_port(container: Obj, port: int | str) -> int:
    if isinstance(port, int):
        return port
    return next(int(p["containerPort"]) for p in container["ports"] if p.get("name") == port)


def services_selecting(rendered: Rendered, deployment: Obj) -> list[Obj]:
    labels = pod_labels(deployment)
    return [
        s
        for s in rendered.of_kind("Service")
        if s["spec"].get("selector")
        and netpol.selects({"matchLabels": s["spec"]["selector"]}, labels)
    ]


def resolve_address(rendered: Rendered, address: str) -> tuple[Obj, Obj, int]:
    """``host:port`` or ``scheme://host:port`` → (deployment, container, container port)."""
    match = re.fullmatch(r"(?:\w+://)?([a-z0-9-]+)(?:\.[a-z0-9.-]+)?:(\d+)/?", address)
    assert match, f"{address!r} is not <service>:<port>"
    service = rendered.get("Service", match.group(1))
    port = next((p for p in service["spec"]["ports"] if p["port"] == int(match.group(2))), None)
    assert port is not None, f"{address}: Service {match.group(1)} has no port {match.group(2)}"
    targets = [
        (d, c)
        for d, c in rendered.containers()
        if netpol.selects({"matchLabels": service["spec"]["selector"]}, pod_labels(d))
    ]
    assert len(targets) == 1, f"{address}: Service selects {len(targets)} containers"
    deployment, container = targets[0]
    return deployment, container, container_port(container, port.get("targetPort", port["port"]))


def addr_fields(cls: type[BaseSettings]) -> dict[str, str]:
    """field name → the service module it addresses (``router_addr`` → ``router_svc``)."""
    result = {}
    for name in cls.model_fields:
        if name.endswith("_addr"):
            target = name.removesuffix("_addr")
            result[name] = f"{target}_svc" if f"{target}_svc" in SERVICES else target
    return result


def call_edges(rendered: Rendered) -> set[tuple[str, str, int]]:
    """(caller deployment, callee deployment, callee port) from every address the code reads."""
    edges = set()
    for deployment, container, module in mesh_containers(rendered):
        settings = settings_for(rendered, container, service_facts(module).own_settings)
        for field in addr_fields(type(settings)):
            callee, _, port = resolve_address(rendered, getattr(settings, field))
            edges.add((deployment["metadata"]["name"], callee["metadata"]["name"], port))
        endpoint = resolve_env(rendered, container, SECRETS).get("OTEL_EXPORTER_OTLP_ENDPOINT")
        if endpoint:
            callee, _, port = resolve_address(rendered, endpoint)
            edges.add((deployment["metadata"]["name"], callee["metadata"]["name"], port))
    return edges


def get_routes(package: str) -> set[str]:
    """Paths of the GET routes a FastAPI package declares (``@app.get`` / ``@router.get``)."""
    routes: set[str] = set()
    for path in (ROOT / package).glob("*.py"):
        routes |= set(re.findall(r'@\w+\.get\(\s*"(/[^"]*)"', path.read_text()))
    return routes


# ------------------------------------------------------------------------------ services


def test_each_service_is_deployed_exactly_once(rendered: Rendered) -> None:
    modules = [m for _, _, m in mesh_containers(rendered)]
    assert sorted(modules) == sorted(SERVICES)


def test_every_env_name_is_one_the_service_reads(rendered: Rendered) -> None:
    problems = []
    for _, container, module in mesh_containers(rendered):
        unknown = env_names(rendered, container) - service_facts(module).env_names()
        if unknown:
            problems.append(f"{module}: {sorted(unknown)}")
    assert not problems, "env vars no code of that service reads:\n" + "\n".join(problems)


def test_env_values_are_accepted_by_the_settings(rendered: Rendered) -> None:
    for _, container, module in mesh_containers(rendered):
        for cls in service_facts(module).settings:
            settings_for(rendered, container, cls)  # raises ValidationError on a bad value


def test_port_probes_and_service_match_what_the_service_serves(rendered: Rendered) -> None:
    for deployment, container, module in mesh_containers(rendered):
        facts = service_facts(module)
        settings = settings_for(rendered, container, facts.own_settings)
        assert settings.port == facts.default_port, f"{module} serves its default port"
        assert settings.host in {"0.0.0.0", "::"}, f"{module} must listen on all interfaces"
        ports = [int(p["containerPort"]) for p in container["ports"]]
        assert ports == [settings.port], f"{module}: containerPort {ports} != {settings.port}"
        for kind in ("startupProbe", "readinessProbe", "livenessProbe"):
            probe = container[kind]
            action = next(k for k in ("grpc", "httpGet", "tcpSocket") if k in probe)
            assert container_port(container, probe[action]["port"]) == settings.port, (module, kind)
            if isinstance(settings, GrpcServerSettings):
                allowed = {"grpc", "tcpSocket"} if kind == "livenessProbe" else {"grpc"}
                assert action in allowed, f"{module} {kind}: {action}"
                # the whole server's health ("" service), which mesh/grpc_server.py maintains
                assert probe.get("grpc", {}).get("service", "") == ""
            else:
                assert action == "httpGet", f"{module} {kind}"
                routes = get_routes(module)
                assert probe["httpGet"]["path"] in routes, f"{module} {kind}: no such route"
        services = services_selecting(rendered, deployment)
        assert services, f"{module}: no Service"
        for service in services:
            for port in service["spec"]["ports"]:
                assert port["port"] == settings.port
                assert container_port(container, port["targetPort"]) == settings.port


def test_addresses_name_the_service_that_serves_them(rendered: Rendered) -> None:
    for _, container, module in mesh_containers(rendered):
        cls = service_facts(module).own_settings
        env = resolve_env(rendered, container, SECRETS)
        settings = settings_for(rendered, container, cls)
        for field, target in addr_fields(cls).items():
            assert f"{cls.model_config.get('env_prefix', '')}{field}".upper() in env, (
                f"{module}: {field} is left at its loopback default"
            )
            _, callee, port = resolve_address(rendered, getattr(settings, field))
            assert service_module(callee) == target, f"{module}.{field} → {callee['name']}"
            callee_facts = service_facts(target)
            assert port == callee_facts.default_port


def test_every_service_exports_traces_to_the_collector(rendered: Rendered) -> None:
    collector = yaml.safe_load(
        next(
            cm["data"]["config.yaml"]
            for cm in rendered.of_kind("ConfigMap")
            if cm["metadata"]["name"].startswith("groundmesh-otel-collector-")
        )
    )
    receiver_port = int(
        collector["receivers"]["otlp"]["protocols"]["grpc"]["endpoint"].rsplit(":", 1)[1]
    )
    for _, container, module in mesh_containers(rendered):
        env = resolve_env(rendered, container, SECRETS)
        assert env["OTEL_TRACES_EXPORTER"] == "otlp"
        assert env.get("OTEL_EXPORTER_OTLP_PROTOCOL", "grpc") == "grpc"
        assert env["OTEL_SERVICE_NAME"] == module
        collector_deployment, _, port = resolve_address(
            rendered, env["OTEL_EXPORTER_OTLP_ENDPOINT"]
        )
        assert collector_deployment["metadata"]["name"] == "otel-collector"
        assert port == receiver_port


def test_llm_settings_and_key_reach_every_service_that_calls_a_model(rendered: Rendered) -> None:
    for _, container, module in mesh_containers(rendered):
        uses_llm = LLMSettings in service_facts(module).settings
        refs = {
            e["name"]: e["valueFrom"]["secretKeyRef"]
            for e in container.get("env") or []
            if "secretKeyRef" in e.get("valueFrom", {})
        }
        assert ("ANTHROPIC_API_KEY" in refs) == uses_llm, module
        if uses_llm:
            assert "GROUNDMESH_LLM_PROVIDER" in env_names(rendered, container)
            settings = settings_for(rendered, container, LLMSettings)
            assert refs["ANTHROPIC_API_KEY"].get("optional", False) == (
                settings.provider == "offline"
            )
    gateway = next(c for _, c, m in mesh_containers(rendered) if m == "gateway")
    keys = next(e for e in gateway["env"] if e["name"] == "GROUNDMESH_GATEWAY_API_KEYS")
    assert "secretKeyRef" in keys["valueFrom"], "API keys come from a Secret"
    settings = settings_for(rendered, gateway, service_facts("gateway").own_settings)
    assert settings.no_auth is False


def test_every_prompt_reader_reads_the_prompts_baked_into_the_image(rendered: Rendered) -> None:
    """Prompts ship in the image (the Dockerfile copies prompts/ to /app/prompts): every service
    that reads prompts reads that folder, no ConfigMap shadows it, and an override is optional."""
    readers = 0
    for deployment, container, module in mesh_containers(rendered):
        cls = service_facts(module).own_settings
        if "prompts_dir" not in cls.model_fields:
            continue
        readers += 1
        settings = settings_for(rendered, container, cls)
        assert settings.prompts_dir == Path("/app/prompts"), module
        volumes = {v["name"]: v for v in deployment["spec"]["template"]["spec"]["volumes"]}
        for mount in container.get("volumeMounts", []):
            path = Path(mount["mountPath"])
            assert not path.is_relative_to(settings.prompts_dir), f"{module}: {path} shadows"
            config_map = volumes[mount["name"]].get("configMap")
            if config_map and "prompts" in config_map["name"]:
                assert config_map.get("optional") is True, f"{module}: a required prompt ConfigMap"
        override = getattr(settings, "prompts_override_dir", None)
        if override is not None:
            mounted = {Path(m["mountPath"]) for m in container.get("volumeMounts", [])}
            assert {override / folder for folder in prompt_files()} & mounted, module
    assert readers, "some service reads prompts"


def test_the_image_holds_the_prompts_folder() -> None:
    dockerfile = (ROOT / "deploy" / "Dockerfile").read_text()
    assert "COPY prompts/ /app/prompts/" in dockerfile
    assert "WORKDIR /app" in dockerfile


def test_writable_paths_are_volumes(rendered: Rendered) -> None:
    for deployment, container, module in mesh_containers(rendered):
        mounts = {m["mountPath"]: m for m in container["volumeMounts"]}
        volumes = {v["name"]: v for v in deployment["spec"]["template"]["spec"]["volumes"]}
        assert "emptyDir" in volumes[mounts["/tmp"]["name"]], f"{module}: /tmp"
        if module == "retrieval_svc":
            settings = settings_for(rendered, container, service_facts(module).own_settings)
            data = volumes[mounts[str(settings.data_dir)]["name"]]
            if rendered.overlay == "dev":
                assert settings.backend == "embedded"
                assert "persistentVolumeClaim" in data, "dev keeps the embedded store on a PVC"
                rendered.get("PersistentVolumeClaim", data["persistentVolumeClaim"]["claimName"])
                assert deployment["spec"]["strategy"]["type"] == "Recreate"
            else:
                assert "emptyDir" in data


def test_prod_points_retrieval_at_the_weaviate_release() -> None:
    rendered = render("prod")
    _, container, _ = next(x for x in mesh_containers(rendered) if x[2] == "retrieval_svc")
    settings = settings_for(rendered, container, service_facts("retrieval_svc").own_settings)
    weaviate_dir = ROOT / "deploy" / "weaviate"
    values = yaml.safe_load((weaviate_dir / "values.yaml").read_text())
    service = yaml.safe_load((weaviate_dir / "service.yaml").read_text())
    kubernetes_validate.validate(service, "1.34", strict=True)
    for policy in yaml.safe_load_all((weaviate_dir / "networkpolicy.yaml").read_text()):
        kubernetes_validate.validate(policy, "1.34", strict=True)
    assert settings.backend == "weaviate"
    # REST and gRPC on the URL's host (the client's assumption): the Service of service.yaml
    match = re.fullmatch(
        r"http://([a-z0-9-]+)\.([a-z0-9-]+)\.svc[a-z.]*:(\d+)", settings.weaviate_url
    )
    assert match, settings.weaviate_url
    assert (match.group(1), match.group(2)) == (
        service["metadata"]["name"],
        service["metadata"]["namespace"],
    )
    ports = {p["port"]: p["targetPort"] for p in service["spec"]["ports"]}
    assert ports[int(match.group(3))] == 8080  # the chart's REST port (--port 8080)
    assert ports[settings.weaviate_grpc_port] == values["grpcService"]["ports"][0]["port"]
    assert service["spec"]["selector"] == {"app": "weaviate"}
    assert values["modules"]["default_vectorizer_module"] == "none"
    assert values["env"]["AUTOSCHEMA_ENABLED"] is False
    assert 2 <= int(values["env"]["REPLICATION_MINIMUM_FACTOR"]) <= values["replicas"]
    assert values["storage"]["size"]
    assert values["service"]["type"] == values["grpcService"]["type"] == "ClusterIP"
    # the egress policy admits the Weaviate pods on the ports the Service targets
    policies = rendered.of_kind("NetworkPolicy")
    weaviate = netpol.Peer(
        labels={"app": "weaviate"},
        namespace_labels={"kubernetes.io/metadata.name": match.group(2)},
    )
    retrieval = pod_labels(rendered.get("Deployment", "groundmesh-retrieval"))
    for target in ports.values():
        assert netpol.allowed(policies, "Egress", retrieval, weaviate, target)


# ------------------------------------------------------------------------------ security


def test_every_pod_is_locked_down(rendered: Rendered) -> None:
    for deployment in rendered.deployments():
        spec = deployment["spec"]["template"]["spec"]
        name = deployment["metadata"]["name"]
        assert spec["enableServiceLinks"] is False, name
        assert spec["automountServiceAccountToken"] is False, name
        pod_sc = spec["securityContext"]
        assert pod_sc["runAsNonRoot"] is True and pod_sc["runAsUser"] != 0, name
        for container in spec["containers"]:
            sc = container["securityContext"]
            seccomp = sc.get("seccompProfile") or pod_sc.get("seccompProfile")
            assert seccomp == {"type": "RuntimeDefault"}, name
            assert sc["allowPrivilegeEscalation"] is False, name
            assert sc["readOnlyRootFilesystem"] is True, name
            assert sc["capabilities"]["drop"] == ["ALL"], name
            assert not sc.get("capabilities", {}).get("add"), name
            for bound in ("requests", "limits"):
                assert {"cpu", "memory"} <= set(container["resources"][bound]), (name, bound)


def test_termination_waits_for_the_drain(rendered: Rendered) -> None:
    agent_drain = 0.0
    prestops: dict[str, float] = {}
    for deployment, container, module in mesh_containers(rendered):
        spec = deployment["spec"]
        settings = settings_for(rendered, container, service_facts(module).own_settings)
        command = container["lifecycle"]["preStop"]["exec"]["command"]
        assert command[0] == "sleep" and len(command) == 2, command
        prestop = float(command[1])
        prestops[module] = prestop
        drain = float(getattr(settings, "drain_seconds", 0.0))
        if module == "agent_svc":
            agent_drain = drain
        grace = spec["template"]["spec"]["terminationGracePeriodSeconds"]
        assert grace >= prestop + drain + 5, f"{module}: {grace} < {prestop} + {drain} + 5"
        strategy = spec["strategy"]
        if strategy["type"] == "RollingUpdate":
            assert strategy["rollingUpdate"]["maxUnavailable"] == 0, module
        else:
            volumes = spec["template"]["spec"]["volumes"]
            assert any("persistentVolumeClaim" in v for v in volumes), f"{module}: Recreate"
    # The gateway cannot drain SSE after SIGTERM; its preStop covers the agent's drain.
    assert prestops["gateway"] >= agent_drain


# ------------------------------------------------------------------------------ network


def test_network_policies_admit_exactly_the_calls_the_code_makes(rendered: Rendered) -> None:
    policies = rendered.of_kind("NetworkPolicy")
    default_deny = [
        p
        for p in policies
        if p["spec"]["podSelector"] == {}
        and set(p["spec"]["policyTypes"]) == {"Ingress", "Egress"}
        and not p["spec"].get("ingress")
        and not p["spec"].get("egress")
    ]
    assert default_deny, "a default-deny policy"
    deployments = {d["metadata"]["name"]: d for d in rendered.deployments()}
    edges = call_edges(rendered)
    assert edges
    for caller, callee, port in edges:
        src, dst = pod_labels(deployments[caller]), pod_labels(deployments[callee])
        assert netpol.allowed(policies, "Egress", src, netpol.Peer(labels=dst), port), (
            f"egress {caller} → {callee}:{port} is blocked"
        )
        assert netpol.allowed(policies, "Ingress", dst, netpol.Peer(labels=src), port), (
            f"ingress {caller} → {callee}:{port} is blocked"
        )
    for name, deployment in deployments.items():
        labels = pod_labels(deployment)
        assert netpol.allowed(policies, "Egress", labels, KUBE_DNS, 53), f"{name}: DNS"
        for port in {
            int(p["containerPort"])
            for c in deployment["spec"]["template"]["spec"]["containers"]
            for p in c["ports"]
        }:
            callers = {
                other
                for other, d in deployments.items()
                if other != name
                and netpol.allowed(
                    policies, "Ingress", labels, netpol.Peer(labels=pod_labels(d)), port
                )
                and netpol.allowed(
                    policies, "Egress", pod_labels(d), netpol.Peer(labels=labels), port
                )
            }
            expected = {c for c, callee, p in edges if callee == name and p == port}
            if name != "otel-collector":
                assert callers == expected, (
                    f"{name}:{port} reachable from {callers}, code calls from {expected}"
                )
    for _, container, module in mesh_containers(rendered):
        deployment = next(
            d
            for d in rendered.deployments()
            if container in d["spec"]["template"]["spec"]["containers"]
        )
        labels = pod_labels(deployment)
        external = netpol.external_ingress_ports(policies, labels)
        if module == "gateway":
            assert external == {int(container["ports"][0]["containerPort"])}
            assert netpol.allowed(policies, "Ingress", labels, INGRESS_CONTROLLER, external.pop())
        else:
            assert not external, f"{module} is reachable from outside: {external}"
        uses_llm = LLMSettings in service_facts(module).settings
        assert netpol.allowed(policies, "Egress", labels, PUBLIC_IP, 443) == uses_llm, module
        assert not netpol.allowed(policies, "Egress", labels, OUTSIDE, 5432), module
        assert not netpol.allowed(policies, "Egress", labels, CLUSTER_IP, 443), module


def test_ingress_serves_the_gateway_with_sse_friendly_settings(rendered: Rendered) -> None:
    (ingress,) = rendered.of_kind("Ingress")
    gateway = next(c for _, c, m in mesh_containers(rendered) if m == "gateway")
    settings = settings_for(rendered, gateway, service_facts("gateway").own_settings)
    backend = ingress["spec"]["rules"][0]["http"]["paths"][0]["backend"]["service"]
    _, container, port = resolve_address(rendered, f"{backend['name']}:{settings.port}")
    assert container is gateway and port == settings.port
    agent = next(c for _, c, m in mesh_containers(rendered) if m == "agent_svc")
    agent_settings = settings_for(rendered, agent, service_facts("agent_svc").own_settings)
    # agent run ≤ gateway deadline < proxy timeouts: the proxy never cuts an answer short
    assert agent_settings.max_duration_seconds <= settings.request_timeout_seconds
    notes = ingress["metadata"]["annotations"]
    prefix = "nginx.ingress.kubernetes.io/"
    assert notes[prefix + "proxy-buffering"] == "off"
    for timeout in ("proxy-read-timeout", "proxy-send-timeout"):
        assert int(notes[prefix + timeout]) > settings.request_timeout_seconds
        assert int(notes[prefix + timeout]) > settings.ingest_timeout_seconds
        assert int(notes[prefix + timeout]) > settings.heartbeat_seconds
    size = notes[prefix + "proxy-body-size"]
    assert size.endswith("m") and int(size[:-1]) * 1024 * 1024 >= settings.max_upload_bytes


# ------------------------------------------------------------------------------ scaling


def test_replicas_autoscaling_and_disruption_budgets(rendered: Rendered) -> None:
    hpas = {
        h["spec"]["scaleTargetRef"]["name"]: h for h in rendered.of_kind("HorizontalPodAutoscaler")
    }
    pdbs = rendered.of_kind("PodDisruptionBudget")
    for deployment in rendered.deployments():
        name, replicas = deployment["metadata"]["name"], deployment["spec"].get("replicas")
        if rendered.overlay == "dev":
            assert replicas in (None, 1) and not hpas, name
            continue
        if name in hpas:
            # The HPA owns the count: a static one would fight it on every apply.
            assert replicas is None, f"{name}: replicas set while an HPA scales it"
            assert hpas[name]["spec"]["scaleTargetRef"]["kind"] == "Deployment"
            replicas = hpas[name]["spec"]["minReplicas"]
            assert 2 <= replicas < hpas[name]["spec"]["maxReplicas"], name
        assert replicas is not None and replicas >= 2, name
        matching = [
            p for p in pdbs if netpol.selects(p["spec"]["selector"], pod_labels(deployment))
        ]
        assert len(matching) == 1, f"{name}: PodDisruptionBudgets {len(matching)}"
        spread = deployment["spec"]["template"]["spec"]["topologySpreadConstraints"]
        keys = {
            c["topologyKey"]
            for c in spread
            if netpol.selects(c["labelSelector"], pod_labels(deployment))
        }
        assert {"kubernetes.io/hostname", "topology.kubernetes.io/zone"} <= keys, name
    if rendered.overlay == "prod":
        assert {d["metadata"]["name"] for d in rendered.deployments()} - {"otel-collector"} <= set(
            hpas
        )


def test_every_container_bounds_its_ephemeral_storage(rendered: Rendered) -> None:
    for deployment, container in rendered.containers():
        resources = container["resources"]
        for kind in ("requests", "limits"):
            assert "ephemeral-storage" in resources[kind], (
                f"{deployment['metadata']['name']}/{container['name']}: no {kind}"
            )
