"""Analysis templates: lifecycle and JSON / YAML round trips (seed Properties 13 and 14)."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from agent_svc.templates import (
    AnalysisTemplate,
    TemplateRegistry,
    from_json,
    from_yaml,
    to_json,
    to_yaml,
)
from groundmesh.v1 import agent_pb2
from mesh.errors import AlreadyExists, InvalidInput, NotFound
from tests.unit.agent_svc.agent_fakes import CITATION, FakeUpstreams, chunk, make_graph

pytestmark = pytest.mark.unit

text = st.text(st.characters(exclude_categories=["Cs"]), max_size=40)
json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-1000, 1000) | text,
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(text, inner, max_size=3),
    max_leaves=8,
)


@st.composite
def templates(draw: st.DrawFn) -> AnalysisTemplate:
    dims = draw(st.lists(text.filter(lambda s: s.strip()), min_size=1, max_size=5, unique=True))
    prompts = {d: draw(text) for d in dims if draw(st.booleans())}
    return AnalysisTemplate(
        name=draw(st.from_regex(r"[a-z0-9][a-z0-9_-]{0,20}", fullmatch=True)),
        description=draw(text),
        dimensions=dims,
        prompts=prompts,
        output_schema=draw(st.dictionaries(text, json_values, max_size=4)),
    )


class TestProperties:
    @settings(deadline=None)
    @given(templates())
    def test_register_then_get_is_equal(self, template: AnalysisTemplate) -> None:
        """**Feature: generic-agentic-rag, Property 13: Analysis Template Lifecycle**"""
        registry = TemplateRegistry()
        registry.register(template)
        assert registry.get(template.name) == template
        assert registry.list() == [template]

    @settings(deadline=None)
    @given(templates())
    def test_json_and_yaml_round_trip(self, template: AnalysisTemplate) -> None:
        """**Feature: generic-agentic-rag, Property 14: Template Serialization Round-Trip**"""
        assert from_json(to_json(template)) == template
        assert from_yaml(to_yaml(template)) == template


class TestValidation:
    @pytest.mark.parametrize(
        "data",
        [
            '{"name": "Bad Name", "description": "", "dimensions": ["a"]}',
            '{"name": "x", "description": "", "dimensions": []}',
            '{"name": "x", "description": "", "dimensions": ["a", "a"]}',
            '{"name": "x", "description": "", "dimensions": ["a"], "prompts": {"b": "?"}}',
            '{"name": "x", "description": "", "dimensions": ["a"], "extra": 1}',
            "not json",
        ],
    )
    def test_bad_templates_are_invalid_input(self, data: str) -> None:
        with pytest.raises(InvalidInput):
            from_json(data)

    def test_yaml_errors_are_invalid_input(self) -> None:
        with pytest.raises(InvalidInput):
            from_yaml("name: [unclosed")

    def test_registry_errors_and_load_dir(self, tmp_path: Path) -> None:
        registry = TemplateRegistry()
        t = AnalysisTemplate(name="risk", description="d", dimensions=["a"])
        registry.register(t)
        with pytest.raises(AlreadyExists):
            registry.register(t)
        with pytest.raises(NotFound):
            registry.get("nope")
        (tmp_path / "one.yaml").write_text(to_yaml(t.model_copy(update={"name": "y"})))
        (tmp_path / "two.json").write_text(to_json(t.model_copy(update={"name": "j"})))
        (tmp_path / "notes.txt").write_text("ignored")
        assert registry.load_dir(tmp_path) == 2
        assert [x.name for x in registry.list()] == ["j", "risk", "y"]


class TestAskThroughATemplate:
    async def test_answer_comes_back_in_the_templates_sections(self) -> None:
        up = FakeUpstreams(
            [
                chunk("sec#0", "Every laptop must use full-disk encryption."),
                chunk("sec#1", "Report a lost laptop to the security team within one hour."),
            ]
        )
        graph = make_graph(up)
        graph.templates.register(
            AnalysisTemplate(
                name="laptop-review",
                description="What the rules say about laptops",
                dimensions=["encryption", "loss"],
                prompts={
                    "encryption": "What encryption must a laptop use? ({question})",
                    "loss": "How fast must a lost laptop be reported? ({question})",
                },
            )
        )
        q = agent_pb2.Question(tenant="t", question="laptop rules", template="laptop-review")
        events = [e async for e in graph.run(q)]
        answer = events[-1].done.answer
        assert answer.template == "laptop-review"
        assert [s.dimension for s in answer.sections] == ["encryption", "loss"]
        assert "[sec#0]" in answer.sections[0].answer and "[sec#1]" in answer.sections[1].answer
        assert answer.answer.startswith("## encryption")
        assert set(CITATION.findall(answer.answer)) <= {s.chunk_id for s in answer.sources}

    async def test_unknown_template_is_not_found(self) -> None:
        graph = make_graph(FakeUpstreams([]))
        with pytest.raises(NotFound):
            [e async for e in graph.run(agent_pb2.Question(tenant="t", question="q", template="x"))]
