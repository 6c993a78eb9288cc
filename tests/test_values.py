"""deploy/values.yaml against the Zero to JupyterHub chart's own values schema, and the class service in it.

The chart's ``jupyterhub/values.schema.yaml`` and ``jupyterhub/values.yaml`` (its
defaults) are vendored in tests/data/z2jh/ (README.md there names the commit; the
chart's BSD-3-Clause licence beside them). Helm validates the user's values merged
over the chart's defaults, so the test does the same merge (maps merged key by key,
anything else replaced) and validates the result with jsonschema (draft 7, the
schema's own ``$schema``): a misspelt or unknown key under a part the schema closes
(``additionalProperties: false``, most of it) or a value of the wrong type fails.

The rest checks that the pieces of the teacher's page agree with each other and
with the kit: the service's URL, port, container and the events URL every
student's server gets; its token and database from Secrets; the roles.
"""

from __future__ import annotations

import copy
import functools
import re
from pathlib import Path
from typing import Any
from urllib.parse import urlparse

import jsonschema
import pytest
import yaml

from kit.classroom import service
from kit.lessons import outbox

ROOT = Path(__file__).resolve().parent.parent
CHART = Path(__file__).resolve().parent / "data" / "z2jh"


def load(path: Path) -> Any:
    return yaml.load(path.read_text(), Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))


def merged(defaults: Any, values: Any) -> Any:
    """Helm's merge of user values over a chart's defaults."""
    if isinstance(defaults, dict) and isinstance(values, dict):
        out = dict(defaults)
        for key, value in values.items():
            out[key] = merged(defaults[key], value) if key in defaults else value
        return out
    return copy.deepcopy(values)


@functools.cache
def chart() -> tuple[jsonschema.Draft7Validator, Any]:
    return jsonschema.Draft7Validator(load(CHART / "values.schema.yaml")), load(CHART / "values.yaml")


def errors(values: dict[str, Any]) -> list[str]:
    validator, defaults = chart()
    found = validator.iter_errors(merged(defaults, values))
    return sorted(f"{'.'.join(map(str, e.absolute_path))}: {e.message}" for e in found)


@pytest.fixture(scope="module")
def values() -> dict[str, Any]:
    return load(ROOT / "deploy" / "values.yaml")


def test_the_vendored_chart_defaults_pass_its_own_schema():
    assert errors({}) == []


def test_deploy_values_pass_the_charts_schema(values):
    assert errors(values) == []


@pytest.mark.parametrize("change, said", [
    (lambda v: v["singleuser"].__setitem__("memroy", {"limit": "1G"}), "memroy"),
    (lambda v: v["hub"]["service"].__setitem__("extraPort", []), "extraPort"),
    (lambda v: v["cull"].__setitem__("timeout", "an hour"), "cull.timeout"),
])
def test_a_wrong_key_or_type_is_caught(values, change, said):
    broken = copy.deepcopy(values)
    change(broken)
    found = errors(broken)
    assert found and any(said in e for e in found), found


def class_container(values: dict[str, Any]) -> dict[str, Any]:
    [container] = [c for c in values["hub"]["extraContainers"] if c["name"] == "class"]
    return container


def env(container: dict[str, Any]) -> dict[str, Any]:
    return {e["name"]: e.get("value", e.get("valueFrom")) for e in container["env"]}


def test_the_class_service_is_reached_where_its_container_listens(values):
    registered = values["hub"]["services"]["class"]
    url = urlparse(registered["url"])
    [extra] = [p for p in values["hub"]["service"]["extraPorts"] if p["name"] == "class"]
    container = class_container(values)
    listens = urlparse(env(container)["JUPYTERHUB_SERVICE_URL"])
    assert url.hostname == "hub"      # the chart's hub Service (fullnameOverride "")
    assert url.port == extra["port"]
    assert extra["targetPort"] == listens.port == container["ports"][0]["containerPort"]
    assert listens.hostname == "0.0.0.0"     # the proxy's pod reaches it through the Service
    assert env(container)["JUPYTERHUB_SERVICE_PREFIX"] == "/services/class/"
    # The hub in the same pod, on the chart's API port.
    assert urlparse(env(container)["JUPYTERHUB_API_URL"]).netloc == "127.0.0.1:8081"
    # And the same image as the students' servers: the kit is in it.
    image = values["singleuser"]["image"]
    assert container["image"] == f"{image['name']}:{image['tag']}"


def test_the_container_sets_every_variable_the_service_requires(values):
    source = Path(service.__file__).read_text()
    required = set(re.findall(r'os\.environ\["(\w+)"\]', source))
    assert required >= {"JUPYTERHUB_API_TOKEN", "JUPYTERHUB_SERVICE_URL"}
    assert required <= set(env(class_container(values)))
    assert class_container(values)["command"][-1] == service.__name__


def test_secrets_come_from_kubernetes_secrets_not_the_file(values):
    variables = env(class_container(values))
    token = variables["JUPYTERHUB_API_TOKEN"]["secretKeyRef"]
    # Where the chart keeps the token it makes for hub.services.class.
    assert token == {"name": "hub", "key": "hub.services.class.apiToken"}
    assert "apiToken" not in values["hub"]["services"]["class"]
    assert set(variables["KIT_CLASS_DB"]) == {"secretKeyRef"}


def test_every_students_server_sends_its_events_to_the_service(values):
    url = values["singleuser"]["extraEnv"][outbox.URL_VARIABLE]
    service_url = values["hub"]["services"]["class"]["url"]
    assert url == service_url + "/services/class/api/events"
    # The student's server may reach that port of the hub (and the hub's netpol lets it in).
    port = urlparse(url).port
    [egress] = [r for r in values["singleuser"]["networkPolicy"]["egress"]
                if {"port": port} in r["ports"]]
    assert egress["to"] == [{"podSelector": {"matchLabels": {"component": "hub"}}}]
    [ingress] = values["hub"]["networkPolicy"]["ingress"]
    assert ingress["ports"] == [{"port": port}]
    assert {"podSelector": {"matchLabels": {"component": "singleuser-server"}}} in ingress["from"]
    assert {"podSelector": {"matchLabels": {"component": "proxy"}}} in ingress["from"]


def test_roles_as_make_hub_gives_them(values):
    roles = values["hub"]["loadRoles"]
    assert roles["user"]["scopes"] == ["self"]
    assert roles["teacher"]["scopes"] == ["self", "access:services!service=class"]
    assert roles["teacher"]["users"] == env(class_container(values))["KIT_CLASS_STAFF"].split(",")
    assert roles["class-service"] == {"services": ["class"], "scopes": ["list:users", "read:users"]}
    # The teacher is not the admin: the admin's page is another account's.
    assert "teacher" not in values["hub"]["config"]["Authenticator"].get("admin_users", [])
