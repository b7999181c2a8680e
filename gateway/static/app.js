// Groundmesh chat page: no build step, no dependencies. Every piece of text that comes from
// the server or a document is inserted with textContent, never as HTML.
"use strict";

const TEXT = {
  en: {
    tagline: "Cited answers over your own documents",
    apiKey: "API key",
    apiKeyHint: "not needed with --no-auth",
    newChat: "New conversation",
    emptyHint:
      "Ask a question about your documents. Steps, the answer and its sources appear as the agent works.",
    questionHint: "Ask in English or 中文… (Enter sends, Shift+Enter for a new line)",
    trace: "show timings",
    ask: "Ask",
    stop: "Stop",
    citation: "Cited passage",
    close: "close",
    document: "Document",
    score: "score",
    documents: "Documents",
    refresh: "refresh",
    upload: "Upload",
    sources: "Sources",
    verdict: "Judge",
    risk: "risk",
    decision: { accept: "accepted", refine: "refined", reject: "rejected", unspecified: "not judged" },
    level: { low: "low", moderate: "moderate", high: "high", unspecified: "unknown" },
    thinking: "thinking…",
    stopped: "stopped",
    noDocs: "No documents yet: upload text, Markdown, HTML, PDF, Word, Excel, CSV, PowerPoint, ODF (.odt/.ods/.odp), EPUB or e-mail files.",
    uploading: "uploading…",
    uploaded: (n, c) => `stored ${n} document(s), ${c} chunk(s)`,
    accepted: (n) => `accepted ${n} file(s); processing in the background`,
    jobState: { queued: "queued", running: "embedding", done: "ready", failed: "failed", cancelled: "cancelled" },
    jobChunks: (d, t) => (t ? `${d}/${t} chunks` : ""),
    jobUnchanged: "unchanged: nothing to redo",
    askNow: (title) => `You can ask about “${title}” now.`,
    askAlready: (title) => `You can already ask about “${title}” (keyword search; meaning search follows).`,
    cancel: "cancel",
    chooseFiles: "choose one or more files first",
    del: "delete",
    confirmDelete: (id) => `Delete ${id}?`,
    chunks: (n) => `${n} chunk(s)`,
    calling: "calling",
    result: "result",
    error: "error",
    limit: "limit reached",
  },
  zh: {
    tagline: "以你自己的文件回答，每句附上出處",
    apiKey: "API 金鑰",
    apiKeyHint: "使用 --no-auth 時不需要",
    newChat: "新對話",
    emptyHint: "詢問關於你文件的問題。代理的步驟、答案與來源會即時顯示。",
    questionHint: "用中文或 English 提問…（Enter 送出，Shift+Enter 換行）",
    trace: "顯示耗時",
    ask: "提問",
    stop: "停止",
    citation: "引用段落",
    close: "關閉",
    document: "文件",
    score: "分數",
    documents: "文件",
    refresh: "重新整理",
    upload: "上傳",
    sources: "來源",
    verdict: "審核",
    risk: "風險",
    decision: { accept: "已接受", refine: "已修正", reject: "已拒絕", unspecified: "未審核" },
    level: { low: "低", moderate: "中", high: "高", unspecified: "未知" },
    thinking: "思考中…",
    stopped: "已停止",
    noDocs: "尚無文件：請上傳文字、Markdown、HTML、PDF、Word、Excel、CSV、PowerPoint、ODF（.odt／.ods／.odp）、EPUB 或電子郵件檔案。",
    uploading: "上傳中…",
    uploaded: (n, c) => `已儲存 ${n} 份文件，共 ${c} 個段落`,
    accepted: (n) => `已接收 ${n} 個檔案，正在背景處理`,
    jobState: { queued: "排隊中", running: "處理中", done: "可提問", failed: "失敗", cancelled: "已取消" },
    jobChunks: (d, t) => (t ? `${d}/${t} 個段落` : ""),
    jobUnchanged: "內容未變更，無需重做",
    askNow: (title) => `現在可以詢問「${title}」的內容了。`,
    askAlready: (title) => `已可詢問「${title}」（關鍵字搜尋；語意搜尋隨後就緒）。`,
    cancel: "取消",
    chooseFiles: "請先選擇一個或多個檔案",
    del: "刪除",
    confirmDelete: (id) => `要刪除 ${id} 嗎？`,
    chunks: (n) => `${n} 個段落`,
    calling: "呼叫",
    result: "結果",
    error: "錯誤",
    limit: "已達上限",
  },
};

// Where a source is found, in the language of the answer that cites it (the router's
// zh-Hant, zh-Hans or en; the interface's language for anything else). The interface has no
// Simplified Chinese of its own, but its answers do.
const PAGE_TEXT = {
  en: {
    page: (n) => `p. ${n}`,
    scanned: (n) => (n ? `scanned p. ${n}` : "scanned"),
    sheet: (name) => `sheet: ${name}`,
  },
  "zh-Hant": {
    page: (n) => `第 ${n} 頁`,
    scanned: (n) => (n ? `掃描第 ${n} 頁` : "掃描"),
    sheet: (name) => `工作表：${name}`,
  },
  "zh-Hans": {
    page: (n) => `第 ${n} 页`,
    scanned: (n) => (n ? `扫描第 ${n} 页` : "扫描"),
    sheet: (name) => `工作表：${name}`,
  },
};

// The agent's steps said to the person asking, one short line per kind of step, in the page's
// language (see stepLanguage). The raw log keeps the agent's own English words for debugging.
const STEP_TEXT = {
  en: {
    summary: (n) => `Show how this was answered (${n} ${n === 1 ? "step" : "steps"})`,
    rawLog: (n) => `raw log (${n})`,
    received: "received your question",
    understand: "understanding your question…",
    followup: "relating it to the earlier conversation…",
    guard: "this question cannot be answered here",
    decide: "deciding what to do next…",
    search: "searching your documents…",
    web: "searching the web…",
    calculate: "calculating…",
    dates: "counting the days on the calendar…",
    time: "checking the date and time…",
    forms: "looking up forms to download…",
    tool: "using a tool…",
    found: (n) => (n ? `found ${n} ${n === 1 ? "passage" : "passages"}` : "found nothing about it"),
    result: "got the result",
    failed: "that did not work; trying another way",
    grade: "picking the relevant passages…",
    evaluate: "checking whether what was found is enough…",
    write: "writing the answer…",
    judge: "checking the answer against its sources…",
    trim: "removing lines that do not answer the question",
    fallback: "switching to a simpler way of answering…",
    template: "arranging the answer by the template…",
    finish: "finishing up",
    deliver: "delivering the answer",
    limit: "reached the step limit; answering with what was found",
    generic: "working…",
  },
  "zh-Hant": {
    summary: (n) => `查看處理過程（${n} 步）`,
    rawLog: (n) => `原始紀錄（${n}）`,
    received: "已收到您的問題",
    understand: "理解您的問題…",
    followup: "對照先前的對話…",
    guard: "這個問題無法在此回答",
    decide: "決定下一步…",
    search: "搜尋您的文件…",
    web: "搜尋網路…",
    calculate: "計算中…",
    dates: "推算日期中…",
    time: "查詢目前的日期與時間…",
    forms: "查找可下載的表單…",
    tool: "使用工具…",
    found: (n) => (n ? `找到 ${n} 段內容` : "沒有找到相關內容"),
    result: "取得結果",
    failed: "這一步沒有成功，改用其他方式",
    grade: "挑選相關段落…",
    evaluate: "確認找到的內容是否足夠…",
    write: "撰寫回答…",
    judge: "對照來源檢查回答…",
    trim: "刪去與問題無關的句子",
    fallback: "改用較簡單的方式回答…",
    template: "依範本整理回答…",
    finish: "完成處理",
    deliver: "送出回答",
    limit: "已達處理上限，以目前找到的內容回答",
    generic: "處理中…",
  },
  "zh-Hans": {
    summary: (n) => `查看处理过程（${n} 步）`,
    rawLog: (n) => `原始记录（${n}）`,
    received: "已收到您的问题",
    understand: "理解您的问题…",
    followup: "对照先前的对话…",
    guard: "这个问题无法在此回答",
    decide: "决定下一步…",
    search: "搜索您的文件…",
    web: "搜索网络…",
    calculate: "计算中…",
    dates: "推算日期中…",
    time: "查询当前的日期与时间…",
    forms: "查找可下载的表单…",
    tool: "使用工具…",
    found: (n) => (n ? `找到 ${n} 段内容` : "没有找到相关内容"),
    result: "取得结果",
    failed: "这一步没有成功，改用其他方式",
    grade: "挑选相关段落…",
    evaluate: "确认找到的内容是否足够…",
    write: "撰写回答…",
    judge: "对照来源检查回答…",
    trim: "删去与问题无关的句子",
    fallback: "改用较简单的方式回答…",
    template: "依模板整理回答…",
    finish: "完成处理",
    deliver: "送出回答",
    limit: "已达处理上限，以目前找到的内容回答",
    generic: "处理中…",
  },
};

// Every step and reasoning-event name the agent and the gateway send (agent_svc's run.step and
// events.reasoning, the gateway's "accepted"), and the tools: the line each is said with.
// Anything else is said with the generic line ("working…").
const TOOL_LINES = {
  document_search: "search",
  search: "search",
  web_search: "web",
  calculator: "calculate",
  date_calculator: "dates",
  current_time: "time",
  form_download_links: "forms",
};
const STEP_LINES = Object.assign({}, TOOL_LINES, {
  accepted: "received",
  router: "understand",
  classify: "understand",
  plan: "understand",
  followup: "followup",
  standalone_check: "followup",
  guard: "guard",
  decide: "decide",
  grade: "grade",
  evaluate: "evaluate",
  synthesize: "write",
  response_synth: "write",
  direct_reply: "write",
  judge: "judge",
  trim: "trim",
  fallback: "fallback",
  template: "template",
  finish: "finish",
  deliver: "deliver",
  telemetry: "deliver",
  limit: "limit",
});
const SEARCH_TOOLS = new Set(["document_search", "search", "web_search"]);
// Said in the raw log only: "decide" is followed by the step it chose, which says it.
const UNSAID = new Set(["decide"]);

const CITATION = /\[([^\[\]\n]+)\]/g;
const $ = (id) => document.getElementById(id);
const state = {
  lang: localStorage.getItem("gm.lang") || (navigator.language.startsWith("zh") ? "zh" : "en"),
  sessionId: newSessionId(),
  controller: null,
  documents: new Map(),
  turns: [],
};

function t(key) {
  return TEXT[state.lang][key];
}

function newSessionId() {
  if (window.crypto && crypto.randomUUID) return crypto.randomUUID();
  return "s-" + Date.now().toString(36) + Math.random().toString(36).slice(2);
}

function applyLanguage() {
  document.documentElement.lang = state.lang === "zh" ? "zh-Hant" : "en";
  for (const el of document.querySelectorAll("[data-i18n]")) {
    const value = TEXT[state.lang][el.dataset.i18n];
    if (typeof value === "string") el.textContent = value;
  }
  for (const el of document.querySelectorAll("[data-i18n-placeholder]")) {
    el.placeholder = TEXT[state.lang][el.dataset.i18nPlaceholder];
  }
  $("lang").textContent = state.lang === "zh" ? "English" : "中文";
  for (const turn of state.turns) renderSteps(turn);
  renderDocuments();
}

// The steps speak the interface's language; a Chinese interface says them in Simplified
// characters when the question is answered in zh-Hans (the interface has no Simplified text of
// its own, but the steps are the answer's own account).
function stepLanguage(language) {
  if (state.lang === "en") return "en";
  return pageLanguage(language) === "zh-Hans" ? "zh-Hans" : "zh-Hant";
}

// The line key of one stream event: {line, count} (count for "found").
function stepOf(kind, data) {
  switch (kind) {
    case "reasoning":
      return { line: STEP_LINES[data.step] || "generic" };
    case "tool_call":
      return { line: TOOL_LINES[data.tool] || "tool" };
    case "tool_result":
      if (!data.ok) return { line: "failed" };
      if (SEARCH_TOOLS.has(data.tool)) return { line: "found", count: Number(data.result_count) || 0 };
      return { line: "result" };
    case "judgement":
      return { line: "judge" };
    case "limit":
      return { line: "limit" };
    default:
      return { line: "generic" };
  }
}

// What a step says in "en", "zh-Hant" or "zh-Hans".
function stepLine(lang, step) {
  const words = STEP_TEXT[lang] || STEP_TEXT.en;
  const value = words[step.line] || words.generic;
  return typeof value === "function" ? value(step.count || 0) : value;
}

function pageLanguage(language) {
  const lang = String(language || "").toLowerCase();
  if (lang.startsWith("zh-hans") || lang === "zh-cn" || lang === "zh-sg") return "zh-Hans";
  if (lang.startsWith("zh")) return "zh-Hant";
  if (lang.startsWith("en")) return "en";
  return state.lang === "zh" ? "zh-Hant" : "en";
}

// "第 3 頁", "p. 3", "工作表：國內出差", "scanned p. 3"…; "" when the document has no pages.
function pageText(source, language) {
  const page = Number(source.page) > 0 ? Number(source.page) : 0;
  const label = String(source.page_label || "").trim();
  const words = PAGE_TEXT[pageLanguage(language)];
  if (source.scanned === true || label === "scanned") return words.scanned(page);
  if (label) return words.sheet(label);
  return page ? words.page(page) : "";
}

function headers(extra) {
  const h = Object.assign({}, extra || {});
  const key = $("api-key").value.trim();
  if (key) h["Authorization"] = "Bearer " + key;
  return h;
}

async function errorMessage(response) {
  try {
    const body = await response.json();
    if (body && body.error) return `${response.status} ${body.error.code}: ${body.error.message}`;
  } catch (_) {
    /* not JSON */
  }
  return `${response.status} ${response.statusText}`;
}

// --- server-sent events over fetch (EventSource cannot send an Authorization header) -------

async function* readEvents(response, signal) {
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  let event = { name: "message", data: [], id: null };
  try {
    while (true) {
      const { value, done } = await reader.read();
      if (done) break;
      buffer += decoder.decode(value, { stream: true });
      let newline;
      while ((newline = buffer.search(/\r\n|\r|\n/)) >= 0) {
        // a lone CR at the end may be the first half of CRLF: wait for the next chunk
        if (buffer[newline] === "\r" && newline === buffer.length - 1) break;
        const line = buffer.slice(0, newline);
        buffer = buffer.slice(newline + (buffer.startsWith("\r\n", newline) ? 2 : 1));
        if (line === "") {
          if (event.data.length) yield { name: event.name, id: event.id, data: event.data.join("\n") };
          event = { name: "message", data: [], id: null };
        } else if (line.startsWith(":")) {
          // a heartbeat comment
        } else {
          const colon = line.indexOf(":");
          const field = colon < 0 ? line : line.slice(0, colon);
          let val = colon < 0 ? "" : line.slice(colon + 1);
          if (val.startsWith(" ")) val = val.slice(1);
          if (field === "event") event.name = val;
          else if (field === "data") event.data.push(val);
          else if (field === "id") event.id = val;
        }
      }
      if (signal.aborted) break;
    }
  } finally {
    reader.releaseLock();
  }
}

// --- a conversation turn ---------------------------------------------------------------------

function newTurn(question) {
  $("empty-hint").hidden = true;
  const node = $("turn-template").content.firstElementChild.cloneNode(true);
  node.querySelector(".q").textContent = question;
  node.querySelector(".answer").textContent = t("thinking");
  node.querySelector(".answer").classList.add("pending");
  $("transcript").appendChild(node);
  node.scrollIntoView({ block: "end" });
  const turn = {
    node,
    steps: node.querySelector(".step-list"),
    stepLines: node.querySelector(".step-lines"),
    stepsSummary: node.querySelector(".steps-summary"),
    rawSummary: node.querySelector(".raw-log-summary"),
    said: [], // stepOf() of each event, in order
    language: "", // the run's language once the router or the answer says it
    answer: node.querySelector(".answer"),
    verdict: node.querySelector(".verdict"),
    sources: node.querySelector(".sources"),
    error: node.querySelector(".error"),
    streamed: "",
  };
  state.turns.push(turn);
  renderSteps(turn);
  return turn;
}

// The folded list of steps in the page's language; a step said just before in the same words
// is not said again (the router's classify and plan, a judge's reasoning and its verdict).
function renderSteps(turn) {
  const lang = stepLanguage(turn.language);
  const lines = [];
  for (const step of turn.said) {
    if (UNSAID.has(step.line)) continue;
    const text = stepLine(lang, step);
    if (lines.length && lines[lines.length - 1].text === text) continue;
    lines.push({ line: step.line, text });
  }
  turn.stepLines.replaceChildren(
    ...lines.map(({ line, text }) => {
      const li = document.createElement("li");
      li.className = "step-line step-line-" + line;
      li.dataset.step = line;
      li.textContent = text;
      return li;
    })
  );
  turn.stepLines.lang = lang;
  turn.stepsSummary.lang = lang;
  turn.stepsSummary.textContent = STEP_TEXT[lang].summary(lines.length);
  turn.rawSummary.lang = lang;
  turn.rawSummary.textContent = STEP_TEXT[lang].rawLog(turn.steps.children.length);
}

// One event of the run: said in the folded list, and its English detail in the raw log.
function sayStep(turn, kind, data, rawKind, label, detail) {
  turn.said.push(stepOf(kind, data));
  addStep(turn, rawKind, label, detail);
}

function addStep(turn, kind, label, detail) {
  const li = document.createElement("li");
  li.className = "step step-" + kind;
  const tag = document.createElement("span");
  tag.className = "step-tag";
  tag.textContent = label;
  const text = document.createElement("span");
  text.className = "step-text";
  text.textContent = detail;
  li.append(tag, " ", text);
  turn.steps.appendChild(li);
  renderSteps(turn);
  return li;
}

function showVerdict(turn, j) {
  turn.verdict.hidden = false;
  turn.verdict.replaceChildren();
  turn.verdict.className = "verdict risk-" + (j.risk_level || "unspecified");
  const decision = t("decision")[j.decision] || j.decision;
  const level = t("level")[j.risk_level] || j.risk_level;
  const strong = document.createElement("strong");
  strong.textContent = `${t("verdict")}: ${decision}`;
  const risk = document.createElement("span");
  risk.className = "risk";
  risk.textContent = ` · ${t("risk")} ${level} (${Number(j.risk_score).toFixed(2)})`;
  turn.verdict.append(strong, risk);
}

function renderAnswer(turn, body) {
  const byId = new Map();
  for (const s of body.sources || []) {
    byId.set(s.chunk_id, s);
    if (!byId.has(s.doc_id)) byId.set(s.doc_id, s);
  }
  const el = turn.answer;
  el.classList.remove("pending");
  el.replaceChildren();
  el.lang = body.language || "";
  const text = body.answer || "";
  let last = 0;
  for (const m of text.matchAll(CITATION)) {
    el.append(document.createTextNode(text.slice(last, m.index)));
    const source = byId.get(m[1]);
    if (source) {
      const button = document.createElement("button");
      button.type = "button";
      button.className = "citation";
      button.dataset.chunkId = source.chunk_id;
      const where = pageText(source, body.language);
      button.title = where ? `${source.title} · ${where}` : source.title;
      if (where) button.dataset.page = where;
      button.textContent = m[1];
      button.addEventListener("click", () => openCitation(source, body.language));
      el.append(button);
    } else {
      el.append(document.createTextNode(m[0]));
    }
    last = m.index + m[0].length;
  }
  el.append(document.createTextNode(text.slice(last)));
  for (const section of body.sections || []) {
    const heading = document.createElement("h3");
    heading.className = "section-title";
    heading.textContent = section.dimension;
    const part = document.createElement("p");
    part.className = "section";
    part.textContent = section.answer;
    el.append(heading, part);
  }

  turn.sources.replaceChildren();
  for (const s of body.sources || []) {
    const li = document.createElement("li");
    const button = document.createElement("button");
    button.type = "button";
    button.className = "source link";
    const title = document.createElement("span");
    title.className = "source-title";
    title.textContent = s.title;
    button.append(title);
    const where = pageText(s, body.language);
    if (where) {
      const page = document.createElement("span");
      page.className = "page";
      page.textContent = where;
      button.append(" · ", page);
    }
    button.append(` — ${s.chunk_id}`);
    button.addEventListener("click", () => openCitation(s, body.language));
    li.append(button);
    turn.sources.appendChild(li);
  }
  if (body.judgement) showVerdict(turn, body.judgement);
  if (body.language) turn.language = body.language;
  if (body.limit_reached) sayStep(turn, "limit", {}, "limit", t("limit"), body.limit_reached);
  renderSteps(turn);
  // with "show timings", each step's time goes to the raw log
  if (body.intermediate_steps) {
    for (const s of body.intermediate_steps) {
      addStep(turn, "timing", s.name, `${s.latency_ms.toFixed(1)} ms · ${s.detail}`);
    }
  }
}

function openCitation(source, language) {
  const doc = state.documents.get(source.doc_id);
  $("citation-doc").textContent = (doc && doc.title) || source.title || source.doc_id;
  const where = pageText(source, language);
  $("citation-page").textContent = where;
  $("citation-page").hidden = !where;
  $("citation-doc-id").textContent = source.doc_id;
  $("citation-chunk-id").textContent = source.chunk_id;
  $("citation-score").textContent = Number(source.score).toFixed(3);
  $("citation-text").textContent = source.text;
  $("citation-panel").hidden = false;
  $("citation-panel").scrollIntoView({ block: "nearest" });
}

function handleEvent(turn, ev) {
  let data = {};
  try {
    data = JSON.parse(ev.data);
  } catch (_) {
    return;
  }
  switch (ev.name) {
    case "reasoning": {
      // the router says the language first ("…, language zh-Hans: …"); the answer confirms it
      const said = /\blanguage (zh-Hans|zh-Hant|en)\b/.exec(data.step === "classify" ? data.text : "");
      if (said && !turn.language) turn.language = said[1];
      sayStep(turn, ev.name, data, "reasoning", data.step, data.text);
      break;
    }
    case "tool_call":
      sayStep(turn, ev.name, data, "tool-call", `${t("calling")} ${data.tool}`, data.arguments_json);
      break;
    case "tool_result":
      sayStep(
        turn,
        ev.name,
        data,
        data.ok ? "tool-result" : "tool-failed",
        `${t("result")} ${data.tool}`,
        data.summary
      );
      break;
    case "token":
      if (turn.answer.classList.contains("pending")) {
        turn.answer.classList.remove("pending");
        turn.answer.textContent = "";
        turn.streamed = "";
      }
      turn.streamed += data.text;
      turn.answer.textContent = turn.streamed;
      break;
    case "judgement":
      showVerdict(turn, data);
      sayStep(turn, ev.name, data, "judgement", t("verdict"), `${data.decision} · ${t("risk")} ${Number(data.risk_score).toFixed(2)}`);
      break;
    case "done":
      renderAnswer(turn, data);
      return "done";
    case "error":
      showError(turn, `${data.code}: ${data.message}`);
      return "error";
  }
  return null;
}

function showError(turn, message) {
  turn.answer.classList.remove("pending");
  if (!turn.streamed) turn.answer.textContent = "";
  turn.error.hidden = false;
  turn.error.textContent = `${t("error")}: ${message}`;
}

async function ask(question) {
  const turn = newTurn(question);
  const controller = new AbortController();
  state.controller = controller;
  $("ask").disabled = true;
  $("stop").hidden = false;
  let ended = null;
  try {
    const response = await fetch("/v1/ask/stream", {
      method: "POST",
      headers: headers({ "Content-Type": "application/json", Accept: "text/event-stream" }),
      body: JSON.stringify({ question, session_id: state.sessionId, trace: $("trace").checked }),
      signal: controller.signal,
    });
    if (!response.ok) {
      showError(turn, await errorMessage(response));
      return;
    }
    for await (const ev of readEvents(response, controller.signal)) {
      ended = handleEvent(turn, ev) || ended;
      turn.node.scrollIntoView({ block: "end" });
    }
    if (!ended) showError(turn, "the stream ended early");
  } catch (err) {
    showError(turn, controller.signal.aborted ? t("stopped") : String(err));
  } finally {
    state.controller = null;
    $("ask").disabled = false;
    $("stop").hidden = true;
  }
}

// --- documents -------------------------------------------------------------------------------

function setStatus(text, isError) {
  $("upload-status").textContent = text;
  $("upload-status").classList.toggle("error", Boolean(isError));
}

async function loadDocuments() {
  try {
    const response = await fetch("/v1/documents", { headers: headers() });
    if (!response.ok) {
      setStatus(await errorMessage(response), true);
      return;
    }
    if ($("upload-status").classList.contains("error")) setStatus("", false);
    const body = await response.json();
    state.documents = new Map(body.documents.map((d) => [d.doc_id, d]));
    renderDocuments();
  } catch (err) {
    setStatus(String(err), true);
  }
}

function renderDocuments() {
  const list = $("doc-list");
  list.replaceChildren();
  if (!state.documents.size) {
    const li = document.createElement("li");
    li.className = "hint";
    li.textContent = t("noDocs");
    list.appendChild(li);
    return;
  }
  for (const d of state.documents.values()) {
    const li = document.createElement("li");
    li.className = "doc";
    li.dataset.docId = d.doc_id;
    const title = document.createElement("span");
    title.className = "doc-title";
    title.textContent = d.title;
    const meta = document.createElement("span");
    meta.className = "meta";
    meta.textContent = ` ${d.doc_id} · ${TEXT[state.lang].chunks(d.chunk_count)} `;
    const del = document.createElement("button");
    del.type = "button";
    del.className = "link danger";
    del.textContent = t("del");
    del.addEventListener("click", () => deleteDocument(d.doc_id));
    li.append(title, meta, del);
    list.appendChild(li);
  }
}

async function deleteDocument(docId) {
  if (!window.confirm(TEXT[state.lang].confirmDelete(docId))) return;
  const response = await fetch("/v1/documents/" + encodeURIComponent(docId), {
    method: "DELETE",
    headers: headers(),
  });
  setStatus(response.ok ? "" : await errorMessage(response), !response.ok);
  await loadDocuments();
}

// One row per upload job: a progress bar, its state, and once done what can be asked.
function renderJob(job) {
  let li = document.querySelector(`#job-list li[data-job-id="${job.job_id}"]`);
  if (!li) {
    li = document.createElement("li");
    li.className = "job";
    li.dataset.jobId = job.job_id;
    const name = document.createElement("span");
    name.className = "doc-title";
    const bar = document.createElement("progress");
    bar.max = 1;
    const info = document.createElement("span");
    info.className = "meta";
    const cancel = document.createElement("button");
    cancel.type = "button";
    cancel.className = "link danger";
    cancel.textContent = t("cancel");
    cancel.addEventListener("click", () => cancelJob(job.job_id));
    li.append(name, bar, info, cancel);
    $("job-list").appendChild(li);
  }
  const [name, bar, info, cancel] = li.children;
  const words = TEXT[state.lang];
  name.textContent = job.title || job.doc_id;
  bar.max = Math.max(job.chunks_total, 1);
  bar.value = job.state === "done" ? bar.max : job.chunks_done;
  li.dataset.state = job.state;
  let detail = `${words.jobState[job.state]} ${words.jobChunks(job.chunks_done, job.chunks_total)}`;
  if (job.state === "running" && job.searchable) detail += ` · ${words.askAlready(job.title || job.doc_id)}`;
  if (job.state === "done") detail = job.unchanged ? words.jobUnchanged : words.askNow(job.title || job.doc_id);
  if (job.error) detail += ` — ${job.error}`;
  info.textContent = ` ${detail}`;
  cancel.hidden = job.state !== "queued" && job.state !== "running";
}

const FINAL_JOB_STATES = new Set(["done", "failed", "cancelled"]);

const POLL_MS = 500;
const MAX_POLL_MS = 8000;

// A poll refused for now: the key's rate spent by its other requests (429; a few files
// followed at once poll faster than the key's sustained rate), or a gateway restarting.
function refusedForNow(status) {
  return status === 429 || status === 502 || status === 503 || status === 504;
}

// Polls the job until it is final (EventSource cannot send the API key header). A poll refused
// for now is tried again after Retry-After, or a pause that doubles: the job goes on in the
// background either way, and its row must not stop at "processing".
async function followJob(job) {
  renderJob(job);
  let pause = POLL_MS;
  while (!FINAL_JOB_STATES.has(job.state)) {
    await new Promise((resolve) => setTimeout(resolve, pause));
    const response = await fetch("/v1/jobs/" + encodeURIComponent(job.job_id), { headers: headers() });
    if (refusedForNow(response.status)) {
      const after = Number(response.headers.get("Retry-After"));
      pause = after > 0 ? after * 1000 : Math.min(pause * 2, MAX_POLL_MS);
      continue;
    }
    if (!response.ok) {
      setStatus(await errorMessage(response), true);
      return;
    }
    pause = POLL_MS;
    job = await response.json();
    renderJob(job);
  }
  if (job.state === "done") await loadDocuments();
}

async function cancelJob(jobId) {
  const response = await fetch("/v1/jobs/" + encodeURIComponent(jobId), {
    method: "DELETE",
    headers: headers(),
  });
  if (!response.ok) setStatus(await errorMessage(response), true);
  else renderJob(await response.json());
}

async function upload(event) {
  event.preventDefault();
  const files = $("upload-input").files;
  if (!files.length) {
    setStatus(t("chooseFiles"), true);
    return;
  }
  const form = new FormData();
  for (const f of files) form.append("files", f, f.name);
  setStatus(t("uploading"), false);
  $("upload").disabled = true;
  try {
    const response = await fetch("/v1/documents", { method: "POST", headers: headers(), body: form });
    if (!response.ok) {
      setStatus(await errorMessage(response), true);
      return;
    }
    const body = await response.json();
    setStatus(TEXT[state.lang].accepted(body.documents.length), false);
    $("upload-input").value = "";
    for (const d of body.documents) followJob(d.job); // the button is free for more uploads
  } finally {
    $("upload").disabled = false;
  }
}

// --- wiring ----------------------------------------------------------------------------------

function init() {
  $("api-key").value = localStorage.getItem("gm.key") || "";
  $("api-key").addEventListener("change", () => {
    localStorage.setItem("gm.key", $("api-key").value.trim());
    loadDocuments();
  });
  $("lang").addEventListener("click", () => {
    state.lang = state.lang === "zh" ? "en" : "zh";
    localStorage.setItem("gm.lang", state.lang);
    applyLanguage();
  });
  $("new-chat").addEventListener("click", () => {
    state.sessionId = newSessionId();
    for (const turn of document.querySelectorAll("#transcript .turn")) turn.remove();
    state.turns = [];
    $("empty-hint").hidden = false;
    $("citation-panel").hidden = true;
  });
  $("ask-form").addEventListener("submit", (event) => {
    event.preventDefault();
    const question = $("question").value.trim();
    if (!question || state.controller) return;
    $("question").value = "";
    ask(question);
  });
  $("question").addEventListener("keydown", (event) => {
    if (event.key === "Enter" && !event.shiftKey && !event.isComposing) {
      event.preventDefault();
      $("ask-form").requestSubmit();
    }
  });
  $("stop").addEventListener("click", () => state.controller && state.controller.abort());
  $("citation-close").addEventListener("click", () => ($("citation-panel").hidden = true));
  $("upload-form").addEventListener("submit", upload);
  $("docs-refresh").addEventListener("click", loadDocuments);
  applyLanguage();
  loadDocuments();
}

document.addEventListener("DOMContentLoaded", init);
