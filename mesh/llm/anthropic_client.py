"""``LLMClient`` on Claude through the official ``anthropic`` SDK (``AsyncAnthropic``).

* The SDK's own retries are off; ``mesh.llm.retry`` decides, with exponential backoff, jitter and
  the server's ``retry-after``, up to ``LLMSettings.max_retries`` — then ``LLMError``.
* Each attempt has ``LLMSettings.timeout_seconds`` (for a stream: between two reads), so a call
  never hangs; a stream that ends without ``message_stop`` raises ``LLMError`` (retried only while
  nothing has been handed to the caller yet).
* The model comes from the role (``LLMSettings.model_for``), switching to the large-context model
  when the estimated context passes the threshold.
* The static system prompt is sent as one text block marked ``cache_control: ephemeral``.
* Usage of the last call is in ``last_usage``, the running sum in ``total_usage``.
* One OpenTelemetry span per call (``llm.<role>``) with model, role, attempts and tokens; the
  last prompt message and the output go on it only with ``GROUNDMESH_CONTENT_TRACING=true``.
  The API key is never logged.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import random
from collections.abc import AsyncGenerator, AsyncIterator, Awaitable, Callable, Sequence
from typing import Any, TypeVar

import anthropic
from opentelemetry import trace
from opentelemetry.trace import Span, Status, StatusCode

from mesh.llm.base import Completion, LLMError, Message, ToolSpec, Usage
from mesh.llm.retry import IncompleteStream, backoff_seconds, classify, describe
from mesh.llm.settings import LLMSettings
from mesh.llm.tokens import estimate_request_tokens
from mesh.telemetry import content_tracing_enabled

log = logging.getLogger(__name__)
_tracer = trace.get_tracer("mesh.llm")

CONTENT_CHARS = 2000  # longest prompt/completion text put on a span (content tracing only)
T = TypeVar("T")
Sleep = Callable[[float], Awaitable[None]]


class AnthropicClient:
    """Claude behind the ``LLMClient`` protocol."""

    def __init__(
        self,
        settings: LLMSettings,
        *,
        sdk: anthropic.AsyncAnthropic | None = None,
        sleep: Sleep = asyncio.sleep,
        rng: random.Random | None = None,
    ) -> None:
        if sdk is None:
            if settings.api_key is None or not settings.api_key.get_secret_value().strip():
                raise LLMError("the anthropic provider needs ANTHROPIC_API_KEY")
            sdk = anthropic.AsyncAnthropic(
                api_key=settings.api_key.get_secret_value(),
                base_url=settings.base_url,
                timeout=settings.timeout_seconds,
                max_retries=0,
            )
        self.settings = settings
        self._sdk = sdk
        self._sleep = sleep
        self._rng = rng or random.Random()
        self._last_usage = Usage()
        self._total_usage = Usage()
        self._calls = 0

    # -- accounting --------------------------------------------------------------------------

    @property
    def last_usage(self) -> Usage:
        return self._last_usage

    @property
    def total_usage(self) -> Usage:
        """Usage summed over every finished call of this client."""
        return self._total_usage

    @property
    def calls(self) -> int:
        """Finished calls (successful or not) since this client was made."""
        return self._calls

    def _account(self, usage: Usage) -> None:
        self._last_usage = usage
        self._total_usage = self._total_usage + usage

    # -- request building --------------------------------------------------------------------

    def model_for(
        self, role: str, system: str, messages: Sequence[Message], tool: ToolSpec | None = None
    ) -> str:
        """The model this call would use (role, overrides and the large-context switch)."""
        wire = [{"role": m.role, "content": m.content} for m in messages]
        tools = [_tool_param(tool)] if tool is not None else None
        tokens = estimate_request_tokens(system, wire, tools)
        return self.settings.model_for(role, tokens)

    def _params(
        self,
        *,
        role: str,
        system: str,
        messages: Sequence[Message],
        max_tokens: int,
        temperature: float,
        tool: ToolSpec | None = None,
        force_tool: bool = False,
    ) -> dict[str, Any]:
        if not messages:
            raise LLMError("an LLM call needs at least one message")
        if max_tokens < 1:
            raise LLMError("max_tokens must be at least 1")
        if force_tool and tool is None:
            raise LLMError("force_tool needs a tool")
        params: dict[str, Any] = {
            "model": self.model_for(role, system, messages, tool),
            "max_tokens": max_tokens,
            "messages": [{"role": m.role, "content": m.content} for m in messages],
        }
        # ``temperature`` stays in the protocol for other providers, but the Messages API version
        # of the installed SDK (anthropic 2.12) takes no sampling parameters: it is not sent.
        del temperature
        if system:
            block: dict[str, Any] = {"type": "text", "text": system}
            if self.settings.prompt_caching:
                block["cache_control"] = {"type": "ephemeral"}
            params["system"] = [block]
        if tool is not None:
            params["tools"] = [_tool_param(tool)]
            params["tool_choice"] = (
                {"type": "tool", "name": tool.name} if force_tool else {"type": "auto"}
            )
        return params

    # -- retries -----------------------------------------------------------------------------

    async def _wait_before_retry(self, attempt: int, exc: BaseException, span: Span) -> bool:
        """Sleep before retry ``attempt + 1`` if ``exc`` allows one; False when out of tries."""
        decision = classify(exc)
        if not decision.retryable or attempt >= self.settings.max_retries:
            return False
        wait = backoff_seconds(
            attempt,
            base=self.settings.backoff_base_seconds,
            cap=self.settings.backoff_max_seconds,
            retry_after=decision.retry_after,
            rng=self._rng,
        )
        log.warning(
            "LLM call failed (%s); retry %d/%d in %.2f s",
            describe(exc),
            attempt + 1,
            self.settings.max_retries,
            wait,
        )
        span.add_event("retry", {"attempt": attempt + 1, "wait_s": wait, "error": describe(exc)})
        await self._sleep(wait)
        return True

    async def _with_retries(self, op: Callable[[], Awaitable[T]], span: Span) -> T:
        attempt = 0
        while True:
            span.set_attribute("llm.attempts", attempt + 1)
            try:
                return await op()
            except Exception as exc:
                if not await self._wait_before_retry(attempt, exc, span):
                    raise _failure(exc, attempt + 1) from exc
                attempt += 1

    # -- the protocol ------------------------------------------------------------------------

    async def complete(
        self,
        *,
        role: str,
        system: str,
        messages: Sequence[Message],
        max_tokens: int = 1024,
        tool: ToolSpec | None = None,
        force_tool: bool = False,
        temperature: float = 0.0,
    ) -> Completion:
        params = self._params(
            role=role,
            system=system,
            messages=messages,
            max_tokens=max_tokens,
            temperature=temperature,
            tool=tool,
            force_tool=force_tool,
        )
        with _tracer.start_as_current_span(f"llm.{role}") as span:
            _start_span(span, role, params, streaming=False)
            try:
                response = await self._with_retries(
                    lambda: self._sdk.messages.create(**params), span
                )
                completion = _completion(response)
            except LLMError as exc:
                self._calls += 1
                self._account(Usage())
                span.set_status(Status(StatusCode.ERROR, exc.message))
                raise
            self._calls += 1
            self._account(completion.usage)
            _finish_span(span, completion.usage, completion.stop_reason, completion.model)
            if completion.tool_name:
                span.set_attribute("llm.tool_name", completion.tool_name)
            if content_tracing_enabled():
                output = completion.text
                if completion.tool_input is not None:
                    output = json.dumps(completion.tool_input, ensure_ascii=False)
                span.set_attribute("llm.completion", output[:CONTENT_CHARS])
            return completion

    async def stream(
        self,
        *,
        role: str,
        system: str,
        messages: Sequence[Message],
        max_tokens: int = 1024,
        temperature: float = 0.0,
    ) -> AsyncIterator[str]:
        params = self._params(
            role=role,
            system=system,
            messages=messages,
            max_tokens=max_tokens,
            temperature=temperature,
        )
        params["stream"] = True
        # Not made current: a span attached across the caller's awaits would leak its context.
        span = _tracer.start_span(f"llm.{role}")
        _start_span(span, role, params, streaming=True)
        state = _StreamState()
        attempt = 0
        try:
            while True:
                span.set_attribute("llm.attempts", attempt + 1)
                state.reset()
                try:
                    async with contextlib.aclosing(self._stream_once(params, state)) as texts:
                        async for text in texts:
                            yield text
                    break
                except Exception as exc:
                    if state.yielded or not await self._wait_before_retry(attempt, exc, span):
                        raise _failure(exc, attempt + 1) from exc
                    attempt += 1
        except GeneratorExit:  # the caller stopped reading: not a failure
            self._calls += 1
            self._account(state.usage())
            span.set_attribute("llm.abandoned", True)
            span.end()
            raise
        except BaseException as exc:
            self._calls += 1
            self._account(state.usage())
            message = exc.message if isinstance(exc, LLMError) else type(exc).__name__
            span.set_status(Status(StatusCode.ERROR, message))
            span.end()
            raise
        self._calls += 1
        usage = state.usage()
        self._account(usage)
        _finish_span(span, usage, state.stop_reason, state.model)
        span.end()

    async def _stream_once(
        self, params: dict[str, Any], state: _StreamState
    ) -> AsyncGenerator[str, None]:
        events = await self._sdk.messages.create(**params)
        try:
            async for event in events:
                if event.type == "message_start":
                    state.model = event.message.model
                    state.start_usage(event.message.usage)
                elif event.type == "content_block_delta":
                    if event.delta.type == "text_delta" and event.delta.text:
                        state.yielded = True
                        yield event.delta.text
                elif event.type == "message_delta":
                    state.stop_reason = event.delta.stop_reason or state.stop_reason
                    state.delta_usage(event.usage)
                elif event.type == "message_stop":
                    state.stopped = True
        finally:
            await events.close()
        if not state.stopped:
            raise IncompleteStream("no message_stop event")

    async def aclose(self) -> None:
        """Close the HTTP connections of the SDK client."""
        await self._sdk.close()


class _StreamState:
    """What one streaming attempt has seen so far."""

    def __init__(self) -> None:
        self.reset()

    def reset(self) -> None:
        self.yielded = False
        self.stopped = False
        self.model = ""
        self.stop_reason = ""
        self.input_tokens = 0
        self.output_tokens = 0
        self.cache_creation = 0
        self.cache_read = 0

    def start_usage(self, usage: Any) -> None:
        self.input_tokens = usage.input_tokens or 0
        self.output_tokens = usage.output_tokens or 0
        self.cache_creation = usage.cache_creation_input_tokens or 0
        self.cache_read = usage.cache_read_input_tokens or 0

    def delta_usage(self, usage: Any) -> None:
        # message_delta usage counts are cumulative totals: they replace, never add.
        self.output_tokens = usage.output_tokens or self.output_tokens
        if usage.input_tokens is not None:
            self.input_tokens = usage.input_tokens
        if usage.cache_creation_input_tokens is not None:
            self.cache_creation = usage.cache_creation_input_tokens
        if usage.cache_read_input_tokens is not None:
            self.cache_read = usage.cache_read_input_tokens

    def usage(self) -> Usage:
        return Usage(self.input_tokens, self.output_tokens, self.cache_creation, self.cache_read)


def _tool_param(tool: ToolSpec) -> dict[str, Any]:
    return {"name": tool.name, "description": tool.description, "input_schema": tool.input_schema}


def _usage(usage: Any) -> Usage:
    return Usage(
        input_tokens=usage.input_tokens or 0,
        output_tokens=usage.output_tokens or 0,
        cache_creation_input_tokens=usage.cache_creation_input_tokens or 0,
        cache_read_input_tokens=usage.cache_read_input_tokens or 0,
    )


def _completion(response: Any) -> Completion:
    texts: list[str] = []
    tool_name: str | None = None
    tool_input: dict[str, Any] | None = None
    for block in response.content:
        if block.type == "text":
            texts.append(block.text)
        elif block.type == "tool_use" and tool_name is None:
            tool_name = block.name
            # A malformed input (not a JSON object) leaves tool_input None for the caller to see.
            tool_input = dict(block.input) if isinstance(block.input, dict) else None
    return Completion(
        text="".join(texts),
        model=str(response.model),
        stop_reason=str(response.stop_reason or ""),
        usage=_usage(response.usage),
        tool_name=tool_name,
        tool_input=tool_input,
    )


def _failure(exc: BaseException, attempts: int) -> LLMError:
    noun = "attempt" if attempts == 1 else "attempts"
    return LLMError(f"the language model call failed after {attempts} {noun}: {describe(exc)}")


def _start_span(span: Span, role: str, params: dict[str, Any], *, streaming: bool) -> None:
    span.set_attribute("gen_ai.system", "anthropic")
    span.set_attribute("gen_ai.operation.name", "chat")
    span.set_attribute("gen_ai.request.model", params["model"])
    span.set_attribute("gen_ai.request.max_tokens", params["max_tokens"])
    span.set_attribute("llm.role", role)
    span.set_attribute("llm.streaming", streaming)
    span.set_attribute("llm.prompt_cached", "cache_control" in str(params.get("system", "")))
    if "tool_choice" in params:
        span.set_attribute("llm.tool_choice", params["tool_choice"]["type"])
    if content_tracing_enabled():  # user text only when GROUNDMESH_CONTENT_TRACING=true
        last = params["messages"][-1]["content"]
        span.set_attribute("llm.prompt", str(last)[:CONTENT_CHARS])


def _finish_span(span: Span, usage: Usage, stop_reason: str, model: str) -> None:
    if model:
        span.set_attribute("gen_ai.response.model", model)
    span.set_attribute("gen_ai.response.finish_reasons", [stop_reason] if stop_reason else [])
    span.set_attribute("gen_ai.usage.input_tokens", usage.input_tokens)
    span.set_attribute("gen_ai.usage.output_tokens", usage.output_tokens)
    span.set_attribute(
        "gen_ai.usage.cache_creation_input_tokens", usage.cache_creation_input_tokens
    )
    span.set_attribute("gen_ai.usage.cache_read_input_tokens", usage.cache_read_input_tokens)
