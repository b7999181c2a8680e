"""Unit tests for mesh.prompts: the versioned, strict, sandboxed prompt library."""

from __future__ import annotations

from pathlib import Path

import jinja2.exceptions
import pytest

from mesh.prompts import PromptLibrary, Rendered

pytestmark = pytest.mark.unit

PROMPTS = Path(__file__).resolve().parents[3] / "prompts"
TEMPLATES = ["agent/direct_reply.j2", "agent/extractive_lead.j2", "agent/no_answer.j2"]


@pytest.fixture(scope="module")
def library() -> PromptLibrary:
    return PromptLibrary(PROMPTS)


def _write(folder: Path, name: str, text: str) -> None:
    (folder / name).write_text(text, encoding="utf-8")


class TestPromptLibraryVersions:
    @pytest.mark.parametrize("name", TEMPLATES)
    def test_shipped_templates_declare_a_version(self, library: PromptLibrary, name: str) -> None:
        assert library.version(name) == ("2" if name == "agent/direct_reply.j2" else "1")

    @pytest.mark.parametrize(
        ("header", "version"),
        [
            ("{#- version: 2 -#}", "2"),
            ("{# version: 3.1 #}", "3.1"),
            ("{#- version:7 -#}", "7"),
            pytest.param("{#- version: 7-#}", "7"),
            ("{#- version: 2024-06-01 -#}", "2024-06-01"),
        ],
    )
    def test_version_parsing(self, tmp_path: Path, header: str, version: str) -> None:
        _write(tmp_path, "p.j2", f"{header}\nHello {{{{ who }}}}")
        lib = PromptLibrary(tmp_path)
        assert lib.version("p.j2") == version
        assert lib.render("p.j2", who="Ann") == Rendered("p.j2", version, "Hello Ann")

    def test_template_without_a_version_is_refused(self, tmp_path: Path) -> None:
        _write(tmp_path, "p.j2", "{# no version here #}Hello")
        with pytest.raises(ValueError, match="version"):
            PromptLibrary(tmp_path).version("p.j2")

    def test_missing_folder(self, tmp_path: Path) -> None:
        with pytest.raises(ValueError):
            PromptLibrary(tmp_path / "nope")


class TestPromptLibraryRender:
    def test_variables(self, library: PromptLibrary) -> None:
        assert library.variables("agent/extractive_lead.j2") == {"language"}
        assert library.variables("agent/no_answer.j2") == {"language", "reason"}
        assert library.variables("agent/direct_reply.j2") == {
            "question",
            "language",
            "task_type",
            "service_scope",
        }

    def test_missing_variable_is_a_value_error_naming_it(self, library: PromptLibrary) -> None:
        with pytest.raises(ValueError, match="reason"):
            library.render("agent/no_answer.j2", language="en")
        with pytest.raises(ValueError, match="language"):
            library.render("agent/extractive_lead.j2")

    @pytest.mark.parametrize(
        ("language", "text"),
        [
            ("zh-Hant", "根據您的文件："),
            ("zh-Hans", "根据您的文件："),
            ("en", "From your documents:"),
        ],
    )
    def test_extractive_lead_per_language(
        self, library: PromptLibrary, language: str, text: str
    ) -> None:
        rendered = library.render("agent/extractive_lead.j2", language=language)
        assert rendered == Rendered("agent/extractive_lead.j2", "1", text)

    @pytest.mark.parametrize(
        ("language", "marker"),
        [("zh-Hant", "沒有找到"), ("zh-Hans", "没有找到"), ("en", "could not find")],
    )
    def test_no_answer_per_language(
        self, library: PromptLibrary, language: str, marker: str
    ) -> None:
        plain = library.render("agent/no_answer.j2", language=language, reason="").text
        with_reason = library.render("agent/no_answer.j2", language=language, reason="R-42").text
        assert marker in plain
        assert "R-42" not in plain
        assert "R-42" in with_reason
        assert plain == plain.strip()

    @pytest.mark.parametrize(
        ("language", "greeting", "out_of_scope"),
        [
            ("zh-Hant", "根據您上傳的文件", "超出了我的服務範圍"),
            ("zh-Hans", "根据您上传的文件", "超出了我的服务范围"),
            ("en", "I answer questions from your documents", "outside what I can help with"),
        ],
    )
    def test_direct_reply_per_language(
        self, library: PromptLibrary, language: str, greeting: str, out_of_scope: str
    ) -> None:
        hello = library.render(
            "agent/direct_reply.j2",
            question="Hi",
            language=language,
            task_type="greeting",
            service_scope="HR",
        ).text
        oos = library.render(
            "agent/direct_reply.j2",
            question="Write a poem",
            language=language,
            task_type="out_of_scope",
            service_scope="HR policies",
        ).text
        assert greeting in hello
        assert out_of_scope in oos
        assert "HR policies" in oos

    def test_scripts_are_not_mixed(self, library: PromptLibrary) -> None:
        hant = library.render("agent/no_answer.j2", language="zh-Hant", reason="").text
        hans = library.render("agent/no_answer.j2", language="zh-Hans", reason="").text
        assert "這" in hant and "这" not in hant
        assert "这" in hans and "這" not in hans

    def test_template_comments_do_not_reach_the_output(self, library: PromptLibrary) -> None:
        text = library.render("agent/extractive_lead.j2", language="en").text
        assert "version" not in text and "{#" not in text

    def test_no_autoescape(self, tmp_path: Path) -> None:
        _write(tmp_path, "p.j2", "{#- version: 1 -#}{{ q }}")
        assert PromptLibrary(tmp_path).render("p.j2", q="<a & b>").text == "<a & b>"

    def test_a_variable_called_name_can_be_rendered(self, tmp_path: Path) -> None:
        _write(tmp_path, "p.j2", "{#- version: 1 -#}Hello {{ name }}")
        assert PromptLibrary(tmp_path).render("p.j2", name="Ann").text == "Hello Ann"

    def test_templates_are_sandboxed(self, tmp_path: Path) -> None:
        _write(tmp_path, "p.j2", "{#- version: 1 -#}{{ x.__class__.__mro__ }}")
        with pytest.raises(jinja2.exceptions.SecurityError):
            PromptLibrary(tmp_path).render("p.j2", x="")
