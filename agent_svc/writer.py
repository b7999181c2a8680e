"""Answer writers: the offline extractive writer; the LLM writer lives in ``llm_engine``.

A writer yields the draft in pieces (tokens), so a streaming model's text reaches the state —
and, once accepted, the client — as it is produced.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from typing import Protocol

from agent_svc.embedding import SentenceEmbedder
from agent_svc.extractive import select_sentences
from agent_svc.state import AgentState
from agent_svc.synthesis import Passage, compose
from mesh.document_heading import context_of
from mesh.prompts import PromptLibrary


class AnswerWriter(Protocol):
    """Writes a draft from the state's collected results and tool observations."""

    name: str

    def write(self, state: AgentState) -> AsyncIterator[str]: ...


def tool_lines(state: AgentState) -> list[str]:
    """One line per successful non-search tool result, so results reach the answer."""
    lines: list[str] = []
    for o in state.successful_tool_findings():
        if o.tool == "form_download_links" and isinstance(o.data, list):
            lines.extend(f"{link['title']}: {link['url']} [{o.call_id}]" for link in o.data)
        else:
            lines.append(f"{o.tool}: {o.summary} [{o.call_id}]")
    return lines


class ExtractiveWriter:
    """Sentences from the sources chosen by MMR, each cited, after a lead in the user's language."""

    name = "offline-extractive"

    def __init__(
        self,
        prompts: PromptLibrary,
        embedder: SentenceEmbedder,
        sentences: int,
        *,
        focused: bool = True,
    ) -> None:
        self._prompts = prompts
        self._embedder = embedder
        self._sentences = sentences
        # Issue 28: lines in the question's language, others marked as quotes.
        self._focused = focused

    def draft(self, state: AgentState) -> str:
        passages = [
            Passage(
                c.chunk_id,
                c.text,
                rank,
                c.metadata.get("section", ""),
                context_of(c.title, c.metadata),
            )
            for rank, c in enumerate(state.ranked_results())
        ]
        limit = max(self._sentences, len(state.aspects) + 1)
        quotes = select_sentences(
            state.search_question or state.question,
            passages,
            self._embedder,
            limit=limit,
            aspects=state.aspects or None,
            language_of=state.question if self._focused else "",
        )
        extra = tool_lines(state)
        if not quotes and not extra:
            return ""
        if not quotes:
            return "\n".join(extra)
        lead = self._prompts.render("agent/extractive_lead.j2", language=state.language)
        state.prompt_versions[lead.name] = lead.version
        body = compose(lead.text, quotes, state.question if self._focused else "")
        # A tool's result answers what was asked of it (a sum, the time): it comes first, and
        # the document quotes follow as context.
        return "\n".join([*extra, body]) if extra else body

    async def write(self, state: AgentState) -> AsyncIterator[str]:
        # Drafting embeds candidate sentences (CPU-bound, releases the GIL): off the event loop,
        # so one run's drafting never stalls the other runs' streams and deadlines.
        text = await asyncio.to_thread(self.draft, state)
        for i, line in enumerate(text.split("\n") if text else []):
            yield ("\n" if i else "") + line
