"""Generate the synthetic office PDFs of the document question-answering benchmark.

Every document is invented (fictional institutions, names and amounts).  The script is
deterministic: running it twice gives byte-identical files.

Usage::

    python make_pdfs.py OUT_DIR
"""

from __future__ import annotations

import random
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from io import BytesIO
from pathlib import Path
from typing import Any
from xml.sax.saxutils import escape

from reportlab.lib import colors  # type: ignore[import-untyped, unused-ignore]
from reportlab.lib.enums import TA_CENTER, TA_JUSTIFY, TA_LEFT, TA_RIGHT  # type: ignore[import-untyped, unused-ignore]
from reportlab.lib.pagesizes import A4, landscape  # type: ignore[import-untyped, unused-ignore]
from reportlab.lib.styles import ParagraphStyle  # type: ignore[import-untyped, unused-ignore]
from reportlab.lib.units import mm  # type: ignore[import-untyped, unused-ignore]
from reportlab.pdfbase import pdfmetrics  # type: ignore[import-untyped, unused-ignore]
from reportlab.pdfbase.ttfonts import TTFont  # type: ignore[import-untyped, unused-ignore]
from reportlab.platypus import (  # type: ignore[import-untyped, unused-ignore]
    BaseDocTemplate,
    CondPageBreak,
    Flowable,
    Frame,
    FrameBreak,
    KeepTogether,
    NextPageTemplate,
    PageBreak,
    PageTemplate,
    Paragraph,
    Spacer,
    Table,
    TableStyle,
)

CJK_FONT = "WQYMicroHei"
FONT_PATH = Path("/usr/share/fonts/truetype/wqy/wqy-microhei.ttc")

Story = list[Any]


class FontMissingError(RuntimeError):
    """The Chinese font needed for the zh-Hant / zh-Hans documents is not installed."""


def register_fonts() -> None:
    """Register WenQuanYi Micro Hei (sub-font 0) for the Chinese documents."""
    if not FONT_PATH.is_file():
        raise FontMissingError(
            f"Chinese font not found: {FONT_PATH}. "
            "Install it with: apt-get update && apt-get install -y fonts-wqy-microhei"
        )
    if CJK_FONT not in pdfmetrics.getRegisteredFontNames():
        pdfmetrics.registerFont(TTFont(CJK_FONT, str(FONT_PATH), subfontIndex=0))


# ---------------------------------------------------------------------------
# Styles and small building blocks
# ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Look:
    """Fonts and base size of one document."""

    font: str
    bold: str
    cjk: bool
    size: float = 10.5
    justify: bool = False

    def style(
        self,
        *,
        size: float | None = None,
        bold: bool = False,
        leading: float | None = None,
        align: int | None = None,
        before: float = 0.0,
        after: float = 0.0,
        indent: float = 0.0,
        first: float = 0.0,
    ) -> Any:
        s = size if size is not None else self.size
        if align is None:
            align = TA_JUSTIFY if self.justify else TA_LEFT
        return ParagraphStyle(
            f"s{s}{bold}{align}{indent}{first}",
            fontName=self.bold if bold else self.font,
            fontSize=s,
            leading=leading if leading is not None else s * 1.6,
            alignment=align,
            spaceBefore=before,
            spaceAfter=after,
            leftIndent=indent,
            firstLineIndent=first,
            wordWrap="CJK" if self.cjk else None,
        )


ZH = Look(CJK_FONT, CJK_FONT, cjk=True, size=11.0)
ZH_J = Look(CJK_FONT, CJK_FONT, cjk=True, size=11.0, justify=True)
EN = Look("Helvetica", "Helvetica-Bold", cjk=False, size=10.5)
EN_SERIF = Look("Times-Roman", "Times-Bold", cjk=False, size=11.0, justify=True)


def title(look: Look, text: str, size: float = 17.0) -> Any:
    return Paragraph(text, look.style(size=size, bold=True, align=TA_CENTER, after=4))


def subtitle(look: Look, text: str) -> Any:
    return Paragraph(text, look.style(size=look.size - 1, align=TA_CENTER, after=10))


def h1(look: Look, text: str) -> Any:
    return Paragraph(text, look.style(size=look.size + 2.5, bold=True, before=10, after=5))


def h2(look: Look, text: str) -> Any:
    return Paragraph(text, look.style(size=look.size + 1, bold=True, before=7, after=3))


def para(look: Look, text: str, *, indent: float = 0.0, size: float | None = None) -> Any:
    return Paragraph(text, look.style(size=size, indent=indent, after=5))


def clause(look: Look, label: str, text: str, *, hang: float = 14 * mm) -> Any:
    """A numbered clause with a hanging indent: the label sits in the left margin."""
    st = look.style(indent=hang, first=-hang, after=5)
    gap = "　" if look.cjk else " "
    return Paragraph(f"{label}{gap}{text}", st)


def items(look: Look, lines: Sequence[str], *, hang: float = 9 * mm) -> Story:
    st = look.style(indent=hang, first=-hang * 0.6, after=2)
    return [Paragraph(line, st) for line in lines]


def note(look: Look, text: str) -> Any:
    return Paragraph(text, look.style(size=look.size - 1.5, after=6))


def _cell_text(text: str) -> str:
    return escape(text).replace("\n", "<br/>")


def table(
    look: Look,
    rows: Sequence[Sequence[str]],
    widths: Sequence[float],
    *,
    ruled: bool = True,
    repeat: int = 1,
    size: float = 9.0,
    head_rows: int = 1,
    right: Sequence[int] = (),
    center: Sequence[int] = (),
    zebra: bool = False,
    padding: float = 3.0,
) -> Any:
    """A table whose cells are paragraphs, so long cell text wraps onto several lines.

    ``ruled`` draws a full grid; otherwise only rules under the header and at the end, and
    the columns are held apart by whitespace alone.
    """
    data: list[list[Any]] = []
    for r, row in enumerate(rows):
        cells = []
        for c, text in enumerate(row):
            align = TA_RIGHT if c in right else TA_CENTER if c in center else TA_LEFT
            st = look.style(size=size, leading=size * 1.3, bold=r < head_rows, align=align)
            cells.append(Paragraph(_cell_text(text), st))
        data.append(cells)
    t = Table(data, colWidths=list(widths), repeatRows=repeat)
    cmds: list[tuple[Any, ...]] = [
        ("VALIGN", (0, 0), (-1, -1), "TOP"),
        ("TOPPADDING", (0, 0), (-1, -1), padding),
        ("BOTTOMPADDING", (0, 0), (-1, -1), padding),
        ("LEFTPADDING", (0, 0), (-1, -1), 4),
        ("RIGHTPADDING", (0, 0), (-1, -1), 4),
    ]
    if ruled:
        cmds += [
            ("GRID", (0, 0), (-1, -1), 0.5, colors.black),
            ("BACKGROUND", (0, 0), (-1, head_rows - 1), colors.HexColor("#E4E4E4")),
        ]
    else:
        cmds += [
            ("LINEABOVE", (0, 0), (-1, 0), 0.9, colors.black),
            ("LINEBELOW", (0, head_rows - 1), (-1, head_rows - 1), 0.6, colors.black),
            ("LINEBELOW", (0, -1), (-1, -1), 0.9, colors.black),
        ]
    if zebra:
        for r in range(head_rows, len(rows)):
            if (r - head_rows) % 2 == 1:
                cmds.append(("BACKGROUND", (0, r), (-1, r), colors.HexColor("#F2F2F2")))
    t.setStyle(TableStyle(cmds))
    return t


class HyphenText(Flowable):  # type: ignore[misc,unused-ignore]
    """English running text laid out line by line and drawn straight onto the canvas.

    A ``~`` inside a word marks a point where the word may be broken; when the word does
    not fit at the end of a line it is broken there and the line ends with a hyphen
    ("reim-" / "bursement"), as a typesetter would.
    """

    def __init__(
        self,
        text: str,
        font: str = "Times-Roman",
        size: float = 10.5,
        leading: float = 14.0,
        lines: list[str] | None = None,
        space_after: float = 5.0,
    ) -> None:
        super().__init__()
        self.text = text
        self.font = font
        self.size = size
        self.leading = leading
        self.lines = lines
        self.space_after = space_after
        self.spaceAfter = space_after

    def _fits(self, s: str, width: float) -> bool:
        return bool(pdfmetrics.stringWidth(s, self.font, self.size) <= width)

    def _layout(self, width: float) -> list[str]:
        lines: list[str] = []
        cur = ""
        for word in self.text.split():
            plain = word.replace("~", "")
            cand = f"{cur} {plain}" if cur else plain
            if self._fits(cand, width):
                cur = cand
                continue
            parts = word.split("~")
            done = False
            for k in range(len(parts) - 1, 0, -1):
                head = "".join(parts[:k]) + "-"
                cand = f"{cur} {head}" if cur else head
                if self._fits(cand, width):
                    lines.append(cand)
                    cur = "".join(parts[k:])
                    done = True
                    break
            if not done:
                if cur:
                    lines.append(cur)
                cur = plain
        if cur:
            lines.append(cur)
        return lines

    def wrap(self, avail_width: float, avail_height: float) -> tuple[float, float]:
        if self.lines is None:
            self.lines = self._layout(avail_width)
        self.width = avail_width
        self.height = len(self.lines) * self.leading
        return avail_width, self.height

    def split(self, avail_width: float, avail_height: float) -> list[Any]:
        self.wrap(avail_width, avail_height)
        assert self.lines is not None
        n = int(avail_height // self.leading)
        if n < 2 or n >= len(self.lines):
            return []
        first = HyphenText(self.text, self.font, self.size, self.leading, self.lines[:n], 0.0)
        rest = HyphenText(
            self.text, self.font, self.size, self.leading, self.lines[n:], self.space_after
        )
        return [first, rest]

    def draw(self) -> None:
        assert self.lines is not None
        self.canv.setFont(self.font, self.size)
        for i, line in enumerate(self.lines):
            self.canv.drawString(0, self.height - (i + 1) * self.leading + 3.5, line)


# ---------------------------------------------------------------------------
# Page chrome: running header, footer with page numbers, one or two columns
# ---------------------------------------------------------------------------


@dataclass(frozen=True)
class DocSpec:
    name: str
    title: str
    author: str
    header: str
    footer: Callable[[int, int], str]
    story: Callable[[], Story]
    chrome_font: str
    landscape: bool = False
    band: float = 0.0
    header_align: str = "left"
    footer_align: str = "center"
    header_right: str = ""


MARGIN_X = 20 * mm
MARGIN_TOP = 24 * mm
MARGIN_BOTTOM = 22 * mm
GUTTER = 8 * mm


def _build(spec: DocSpec, target: Any, total: int) -> int:
    pagesize = landscape(A4) if spec.landscape else A4
    width, height = pagesize
    doc = BaseDocTemplate(
        target,
        pagesize=pagesize,
        leftMargin=MARGIN_X,
        rightMargin=MARGIN_X,
        topMargin=MARGIN_TOP,
        bottomMargin=MARGIN_BOTTOM,
        title=spec.title,
        author=spec.author,
        creator="bench/data/documents/make_pdfs.py",
        invariant=1,
    )

    def decorate(canv: Any, d: Any) -> None:
        canv.saveState()
        canv.setFont(spec.chrome_font, 8.5)
        canv.setFillColor(colors.HexColor("#333333"))
        y = height - 14 * mm
        if spec.header_align == "center":
            canv.drawCentredString(width / 2, y, spec.header)
        elif spec.header_align == "right":
            canv.drawRightString(width - MARGIN_X, y, spec.header)
        else:
            canv.drawString(MARGIN_X, y, spec.header)
        if spec.header_right:
            canv.drawRightString(width - MARGIN_X, y, spec.header_right)
        canv.setLineWidth(0.5)
        canv.line(MARGIN_X, y - 2.5 * mm, width - MARGIN_X, y - 2.5 * mm)
        text = spec.footer(int(d.page), total)
        canv.setFont(spec.chrome_font, 9)
        fy = 11 * mm
        if spec.footer_align == "right":
            canv.drawRightString(width - MARGIN_X, fy, text)
        elif spec.footer_align == "left":
            canv.drawString(MARGIN_X, fy, text)
        else:
            canv.drawCentredString(width / 2, fy, text)
        canv.restoreState()

    fw = width - 2 * MARGIN_X
    fh = height - MARGIN_TOP - MARGIN_BOTTOM
    cw = (fw - GUTTER) / 2
    one = Frame(MARGIN_X, MARGIN_BOTTOM, fw, fh, id="one")
    left = Frame(MARGIN_X, MARGIN_BOTTOM, cw, fh, id="left")
    right = Frame(MARGIN_X + cw + GUTTER, MARGIN_BOTTOM, cw, fh, id="right")
    templates = [
        PageTemplate(id="one", frames=[one], onPage=decorate),
        PageTemplate(id="cols", frames=[left, right], onPage=decorate),
    ]
    if spec.band:
        band = Frame(MARGIN_X, MARGIN_BOTTOM + fh - spec.band, fw, spec.band, id="band")
        lower = fh - spec.band
        l2 = Frame(MARGIN_X, MARGIN_BOTTOM, cw, lower, id="l2")
        r2 = Frame(MARGIN_X + cw + GUTTER, MARGIN_BOTTOM, cw, lower, id="r2")
        templates.insert(0, PageTemplate(id="first", frames=[band, l2, r2], onPage=decorate))
    doc.addPageTemplates(templates)
    doc.build(spec.story())
    return int(doc.page)


def render(spec: DocSpec, out_dir: Path) -> Path:
    """Lay the document out twice: once to count its pages, once with "of N" footers."""
    total = _build(spec, BytesIO(), 0)
    path = out_dir / spec.name
    with path.open("wb") as fh:
        _build(spec, fh, total)
    return path


def two_col_start() -> Story:
    """Leave the full-width title band of page one and flow on in two columns."""
    return [FrameBreak(), NextPageTemplate("cols")]


def zh_num(n: int) -> str:
    digits = "零一二三四五六七八九"
    if n < 10:
        return digits[n]
    if n < 20:
        return "十" + (digits[n % 10] if n % 10 else "")
    if n < 100:
        return digits[n // 10] + "十" + (digits[n % 10] if n % 10 else "")
    return str(n)


def zt(s: str) -> str:
    """Join a Chinese block written over several source lines.

    Lines are joined without a space, except between two Latin words or numbers.
    """
    out = ""
    for raw in s.strip().splitlines():
        line = raw.strip()
        latin_end = bool(out) and out[-1].isascii() and (out[-1].isalnum() or out[-1] == "+")
        if latin_end and line[:1].isascii() and line[:1].isalnum():
            out += " "
        out += line
    return out


def et(s: str) -> str:
    """Join an English block written over several source lines."""
    return " ".join(line.strip() for line in s.strip().splitlines())


# ---------------------------------------------------------------------------
# 1. zh-Hant: leave policy of a national university (ruled tables, numbered clauses)
# ---------------------------------------------------------------------------


def _leave_story() -> Story:
    s = ZH_J
    out: Story = [
        title(s, "國立海濱科技大學教職員工請假規則"),
        subtitle(s, "中華民國一百一十三年七月十日第一一二學年度第十次行政會議修正通過"),
    ]
    clauses = [
        zt("""
        國立海濱科技大學（以下簡稱本校）為規範教職員工請假、休假及差勤管理事項，
        兼顧同仁權益與校務運作，依據公務人員請假規則及相關法令，訂定本規則。
        """),
        zt("""
        本規則適用對象為本校專任教師、職員、約用人員及技術人員。兼任教師及計畫專任助理
        之請假，除其契約另有約定外，準用本規則之規定。
        """),
        zt("""
        教職員工請假，應於事前經由本校差勤管理系統填具假單，經單位主管核准並完成職務代理人
        登錄後，始得離開職守。因急病或緊急事故不及事前申請者，應於三日內補辦請假手續；
        逾期未辦理者，以曠職論。
        """),
        zt("""
        請假之核定權責如下：一、請假在二日以內者，由所屬一級單位主管核定。二、請假三日以上
        未滿七日者，由所屬一級單位主管核章後，送人事室陳請主任秘書核定。三、請假七日以上
        或出國請假者，應陳請校長核定。
        """),
        zt("""
        各類假別之給假日數、薪資給與及應檢附之證明文件，依附表一之規定辦理。請假以時計者，
        每累積滿八小時折計為一日。事假及病假得以小時為單位申請，每次至少一小時。
        """),
        zt("""
        病假超過附表一所定日數者，得以事假及休假抵銷；仍不足者，經檢具區域級以上醫院之診斷
        證明，得申請延長病假，延長病假期間二年內合併計算不得超過一年。延長病假期間，本俸
        照給，但不支給主管職務加給。
        """),
        zt("""
        休假日數依附表二之規定，按服務年資核給。同仁每年至少應休畢十四日休假；當年度未休畢
        之日數得保留至次年度使用，但累積保留之日數不得超過二十一日。休假得以半日為單位申請，
        寒暑假期間應優先排定休假。
        """),
        zt("""
        女性教職員工因生理日致工作有困難者，每月得請生理假一日，全學年請假日數未逾三日者，
        不併入病假計算，其餘日數併入病假計算。
        """),
        zt("""
        喪假應於事實發生之日起百日內請畢，並得分次申請，每次以半日為最小單位。喪假日數
        依附表三之規定辦理。
        """),
        zt("""
        教職員工未經請假或假期已滿仍未銷假而擅離職守者，以曠職論，按日扣除薪資。全學年
        累計曠職達三日者，年終考核不得考列甲等；累計達十日者，依相關規定予以免職或解聘。
        """),
        zt("""
        請假期間之職務，應由職務代理人代理；教師請假期間之課務，應由系所排定代課教師，
        代課鐘點費由請假教師負擔，但公假、婚假、娩假及喪假不在此限。
        """),
        zt("""
        人事室應於每月十日前彙整前一月份差勤紀錄，送各單位主管查核；年度差勤統計於次年
        一月三十一日前公告於本校人事室網頁。
        """),
        zt("""
        教職員工於例假日或下班時間奉派加班者，得申請補休。補休應於加班事實發生之日起一年內
        休畢，每次至少以一小時為單位；逾期未休畢者，不得再行補休，亦不另發給加班費。
        """),
        zt("""
        教職員工申請出國者，無論是否利用假期，均應於出國前十日提出申請，並於返國後五日內
        至差勤管理系統辦理銷假。
        """),
        zt("""
        專任教師於寒暑假期間，除依規定應辦理之事項外，得免辦理請假；但出國者仍應依前條
        規定辦理。
        """),
        zt("""
        教職員工因執行職務受傷而需休養者，得檢具醫療院所證明申請公傷假，其期間最長以二年
        為限，公傷假期間薪資照給。
        """),
        zt("""
        約用人員之特別休假，依勞動基準法規定辦理；年度終結時未休畢之日數，依最近一個月
        月薪除以三十所得之日薪標準折發工資。
        """),
        zt("""
        本規則未盡事宜，依相關法令及本校規定辦理。
        """),
        zt("""
        本規則經行政會議通過，陳請校長核定後，自中華民國一百一十三年八月一日施行，修正時
        亦同。
        """),
    ]
    for i, text in enumerate(clauses, start=1):
        out.append(clause(s, f"第{zh_num(i)}條", text, hang=16 * mm))
    out += [
        PageBreak(),
        h1(s, "附表一　教職員工假別、給假日數及薪資給與一覽表"),
        table(
            s,
            [
                ["假別", "給假日數", "薪資給與", "應檢附證明", "備註"],
                ["事假", "每學年7日", "照給", "免附", "超過日數者按日扣除薪資"],
                ["家庭照顧假", "每學年7日", "照給", "免附", "併入事假計算"],
                [
                    "病假",
                    "每學年28日",
                    "照給",
                    "連續請假2日以上者，應附醫療院所診斷證明",
                    "超過者依第六條辦理",
                ],
                ["生理假", "每月1日", "照給", "免附", "依第八條計算"],
                [
                    "婚假",
                    "14日",
                    "照給",
                    "結婚證書或戶籍謄本影本",
                    "應於結婚登記之日前10日起\n三個月內請畢",
                ],
                ["產前假", "8日", "照給", "醫療院所證明", "得分次申請"],
                ["娩假", "42日", "照給", "出生證明", "應一次請畢"],
                [
                    "流產假",
                    "懷孕三個月以上者28日；\n未滿三個月者14日",
                    "照給",
                    "醫療院所證明",
                    "",
                ],
                [
                    "陪產檢及陪產假",
                    "7日",
                    "照給",
                    "出生證明或產檢紀錄",
                    "應於配偶產檢及分娩前後\n合計15日內請畢",
                ],
                ["公假", "依實際需要核給", "照給", "公文或開會通知", ""],
                ["捐贈骨髓或器官假", "依醫師建議核給", "照給", "醫療院所證明", ""],
                ["喪假", "依附表三", "照給", "訃聞或死亡證明", "得分次申請"],
                ["休假", "依附表二", "照給", "免附", "得以半日為單位"],
            ],
            [28 * mm, 36 * mm, 20 * mm, 42 * mm, 44 * mm],
            size=9.5,
        ),
        Spacer(1, 8 * mm),
        h1(s, "附表二　休假日數表"),
        table(
            s,
            [
                ["服務年資", "每年休假日數"],
                ["服務滿一年", "7日"],
                ["服務滿三年", "14日"],
                ["服務滿六年", "21日"],
                ["服務滿九年", "28日"],
                ["服務滿十四年", "30日"],
            ],
            [60 * mm, 50 * mm],
            size=9.5,
            center=(1,),
        ),
        note(s, "註：到職未滿一年者，自到職之次月起按在職月數比例核給，未滿半日者以半日計。"),
        CondPageBreak(60 * mm),
        h1(s, "附表三　喪假日數表"),
        table(
            s,
            [
                ["親屬關係", "喪假日數"],
                ["父母、養父母、配偶死亡", "15日"],
                ["繼父母、配偶之父母、子女死亡", "10日"],
                ["曾祖父母、祖父母、配偶之祖父母、兄弟姊妹死亡", "5日"],
            ],
            [110 * mm, 40 * mm],
            size=9.5,
            center=(1,),
        ),
        Spacer(1, 8 * mm),
        h1(s, "附件　請假作業流程說明"),
    ]
    steps = [
        "一、申請人登入差勤管理系統，選擇假別並填寫起訖時間、事由及職務代理人。",
        "二、職務代理人於系統中確認代理，代理人未確認前假單不得送出。",
        "三、單位主管於收到假單後二個工作日內完成簽核；逾時未簽核者，系統自動通知上一層主管。",
        "四、依第四條規定須陳請主任秘書或校長核定之假單，由人事室於收件後三個工作日內陳核。",
        "五、應檢附證明文件者，請於銷假後五日內將文件掃描上傳，正本送人事室差勤組存查。",
        "六、差勤問題請洽人事室差勤組，校內分機3125或3126。",
    ]
    out += items(s, steps)
    return out


def leave_policy() -> DocSpec:
    return DocSpec(
        name="leave-policy-zh-hant.pdf",
        title="國立海濱科技大學教職員工請假規則",
        author="國立海濱科技大學人事室",
        header="國立海濱科技大學人事室　內部文件",
        header_right="人事規章 HR-03",
        footer=lambda p, n: f"第 {p} 頁",
        story=_leave_story,
        chrome_font=CJK_FONT,
    )


# ---------------------------------------------------------------------------
# 2. zh-Hant: travel expense rules with city rate tables (one spans two pages)
# ---------------------------------------------------------------------------

_FOREIGN_RATES: list[tuple[str, str, int, int, str]] = [
    ("東北亞", "東京", 240, 96, "含東京都23區及橫濱市"),
    ("東北亞", "大阪", 205, 88, "含京都市、神戶市"),
    ("東北亞", "名古屋", 180, 81, ""),
    ("東北亞", "福岡", 170, 78, ""),
    ("東北亞", "首爾", 215, 90, "含仁川"),
    ("東北亞", "釜山", 165, 74, ""),
    ("中港澳", "香港", 260, 98, ""),
    ("中港澳", "澳門", 190, 85, ""),
    ("中港澳", "上海", 210, 87, "含昆山市"),
    ("中港澳", "北京", 200, 84, ""),
    ("中港澳", "深圳", 185, 80, "含東莞市"),
    ("中港澳", "蘇州", 160, 71, ""),
    ("中港澳", "廈門", 150, 69, ""),
    ("東南亞", "新加坡", 255, 93, ""),
    ("東南亞", "吉隆坡", 150, 66, ""),
    ("東南亞", "檳城", 130, 61, "含居林"),
    ("東南亞", "曼谷", 160, 72, ""),
    ("東南亞", "胡志明市", 145, 64, "含平陽省"),
    ("東南亞", "河內", 140, 63, "含北寧省"),
    ("東南亞", "雅加達", 155, 68, ""),
    ("東南亞", "馬尼拉", 150, 65, ""),
    ("南亞及中東", "新德里", 175, 70, "含古爾岡"),
    ("南亞及中東", "班加羅爾", 165, 67, ""),
    ("南亞及中東", "杜拜", 270, 101, ""),
    ("歐洲", "倫敦", 310, 118, ""),
    ("歐洲", "巴黎", 295, 115, ""),
    ("歐洲", "法蘭克福", 245, 104, "商展期間得檢據核實報支"),
    ("歐洲", "慕尼黑", 250, 106, ""),
    ("歐洲", "阿姆斯特丹", 275, 110, "含艾恩德霍芬"),
    ("歐洲", "米蘭", 235, 102, ""),
    ("歐洲", "布拉格", 170, 82, ""),
    ("北美洲", "紐約", 340, 125, ""),
    ("北美洲", "舊金山", 330, 121, "含聖荷西及矽谷地區"),
    ("北美洲", "洛杉磯", 285, 112, ""),
    ("北美洲", "西雅圖", 272, 108, ""),
    ("北美洲", "芝加哥", 280, 111, ""),
    ("北美洲", "多倫多", 230, 99, ""),
    ("北美洲", "溫哥華", 225, 97, ""),
    ("其他地區", "雪梨", 248, 103, ""),
    ("其他地區", "墨爾本", 232, 100, ""),
    ("其他地區", "墨西哥城", 175, 76, ""),
    ("其他地區", "聖保羅", 195, 84, ""),
]


def _travel_zh_story() -> Story:
    s = ZH_J
    out: Story = [
        title(s, "瑞豐精密工業股份有限公司\n國內外出差旅費報支要點".replace("\n", "<br/>")),
        subtitle(s, "文件編號：FIN-R-012（第4版）　中華民國114年3月1日總經理核定"),
    ]
    points = [
        (
            "一、目的",
            zt("""
        為使本公司員工因公出差之旅費報支有所依循，並兼顧撙節開支與出差同仁之實際需要，
        特訂定本要點。
        """),
        ),
        (
            "二、適用範圍",
            zt("""
        本要點適用於本公司正式員工、約聘人員及經核准之派遣人員。子公司人員奉派出差者，
        得比照辦理，其費用由派遣之子公司負擔。
        """),
        ),
        (
            "三、出差申請",
            zt("""
        出差應於出發前以電子表單提出申請，國內出差至遲於出發前三個工作日，國外出差至遲於
        出發前十個工作日送出，經部門主管核准後始得成行。國外出差並應副知財務處及人力資源處，
        以辦理保險及預支事宜。
        """),
        ),
        (
            "四、交通費",
            zt("""
        （一）國內出差搭乘高速鐵路者以標準車廂為限，搭乘臺鐵者以自強號為限，憑票根或電子
        票證紀錄核實報支。搭乘計程車單程超過新臺幣500元者，應檢附收據並註明起訖地點及事由。
        （二）經核准駕駛自用汽車出差者，按行駛里程每公里新臺幣3.5元計算油料及折舊補助，
        機車每公里新臺幣1.5元；過路費及停車費檢據核實報支。（三）國外出差搭乘飛機以經濟艙
        為原則；單程表定飛行時間超過八小時者，協理級以上人員得搭乘商務艙，其餘人員得搭乘
        豪華經濟艙。
        """),
        ),
        (
            "五、住宿費",
            zt("""
        住宿費於附表一及附表二所定上限內檢據核實報支，超過上限部分由出差人自行負擔。由客戶
        或主辦單位提供住宿者，不得報支住宿費。於同一城市連續住宿超過十四夜者，自第十五夜起
        按上限之百分之八十計算。
        """),
        ),
        (
            "六、膳雜費",
            zt("""
        膳雜費按日定額支給，無須檢據。國內出差當日往返者，按膳雜費日額之半數支給。主辦單位
        供應膳食者，早餐扣除膳雜費日額百分之十，午餐及晚餐各扣除百分之三十。
        """),
        ),
        (
            "七、旅費預支",
            zt("""
        國外出差得預支旅費，預支金額以預估旅費總額百分之八十為限，並應依第九點規定之期限
        檢據核銷；逾期未核銷者，財務處得自當月薪資扣回。
        """),
        ),
        (
            "八、匯率",
            zt("""
        外幣支出以出發當日臺灣銀行牌告即期賣出匯率換算為新臺幣；以信用卡支付者，得按
        信用卡帳單所載金額報支，並檢附帳單影本。
        """),
        ),
        (
            "九、報支期限",
            zt("""
        國內出差應於返回後十日內、國外出差應於返國後十五日內，檢附單據填具旅費報支單，
        經部門主管核章後送財務處審核。財務處於收件後七個工作日內完成付款。
        """),
        ),
        (
            "十、雜支",
            zt("""
        簽證費、機場稅、旅行平安保險費及必要之網路通訊費，檢據核實報支；網路通訊費每日以
        新臺幣300元為限。洗衣費僅於國外連續出差七日以上者得報支。
        """),
        ),
        (
            "十一、附則",
            zt("""
        本要點未規定事項，依本公司財務管理辦法辦理。本要點經總經理核定後施行，修正時亦同。
        """),
        ),
    ]
    for head, body in points:
        out.append(h2(s, head))
        out.append(para(s, body, indent=6 * mm))
        if head.startswith("六"):
            out += [
                Spacer(1, 3 * mm),
                h2(s, "附表一　國內出差日支標準（單位：新臺幣）"),
                table(
                    s,
                    [
                        ["地區", "住宿費上限（每夜）", "膳雜費日額", "備註"],
                        ["臺北市、新北市", "NT$2,800", "NT$600", ""],
                        ["桃園市、新竹縣市", "NT$2,400", "NT$550", ""],
                        ["臺中市、臺南市、高雄市", "NT$2,300", "NT$530", ""],
                        ["其他縣市", "NT$2,000", "NT$500", ""],
                        ["離島地區", "NT$2,200", "NT$650", "含澎湖、金門、馬祖"],
                    ],
                    [48 * mm, 38 * mm, 30 * mm, 54 * mm],
                    center=(1, 2),
                ),
            ]
        if head.startswith("八"):
            rows = [["區域", "城市", "住宿費上限（每夜）", "膳雜費日額", "備註"]]
            for region, city, lodging, meals, remark in _FOREIGN_RATES:
                rows.append([region, city, f"US${lodging}", f"US${meals}", remark])
            out += [
                Spacer(1, 3 * mm),
                h2(s, "附表二　國外出差日支標準（單位：美元）"),
                table(
                    s,
                    rows,
                    [28 * mm, 28 * mm, 36 * mm, 30 * mm, 48 * mm],
                    repeat=1,
                    center=(2, 3),
                    size=9.0,
                ),
                note(
                    s,
                    "註：未列城市按所在國家首都之標準支給；未列國家之城市，住宿費上限為"
                    "US$180，膳雜費日額為US$75。",
                ),
            ]
    return out


def travel_expense_zh() -> DocSpec:
    return DocSpec(
        name="travel-expense-zh-hant.pdf",
        title="瑞豐精密工業股份有限公司國內外出差旅費報支要點",
        author="瑞豐精密工業股份有限公司財務處",
        header="瑞豐精密工業股份有限公司　財務處",
        header_right="FIN-R-012",
        footer=lambda p, n: f"第 {p} 頁，共 {n} 頁",
        story=_travel_zh_story,
        chrome_font=CJK_FONT,
    )


# ---------------------------------------------------------------------------
# 3. zh-Hant: course catalogue, 30+ pages, one long table per department
# ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Dept:
    code: str
    name: str
    building: str
    letter: str
    office: str
    ext: int
    credits: int
    required: int
    courses: tuple[str, ...]


_DEPTS: list[Dept] = [
    Dept(
        "OCE",
        "海洋工程學系",
        "海工館",
        "E",
        "E201",
        2311,
        130,
        78,
        (
            "工程數學",
            "靜力學",
            "材料力學",
            "流體力學",
            "海洋工程概論",
            "波浪力學",
            "海岸工程",
            "離岸結構設計",
            "港灣工程",
            "海洋測量",
            "船舶流體力學",
            "數值方法",
            "海洋環境監測",
            "水下聲學",
            "結構動力學",
            "計算流體力學",
            "海洋工程實驗",
            "土壤力學",
            "工程圖學",
            "海事工程法規",
            "專題研究",
        ),
    ),
    Dept(
        "MRM",
        "海洋資源管理學系",
        "管理館",
        "M",
        "M305",
        2718,
        132,
        64,
        (
            "管理學",
            "經濟學",
            "統計學",
            "會計學",
            "海洋資源概論",
            "漁業經濟學",
            "海洋政策",
            "海岸管理",
            "環境經濟學",
            "資源評估",
            "地理資訊系統",
            "生態旅遊規劃",
            "海洋法",
            "永續發展專題",
            "休閒漁業",
            "計量方法",
            "資源管理個案研討",
            "行銷管理",
            "財務管理",
            "專題討論",
        ),
    ),
    Dept(
        "EE",
        "電機工程學系",
        "電資館",
        "D",
        "D301",
        2405,
        136,
        82,
        (
            "電路學",
            "電子學",
            "電磁學",
            "信號與系統",
            "數位邏輯設計",
            "微處理機",
            "控制系統",
            "通訊原理",
            "電力系統",
            "電力電子",
            "半導體元件",
            "積體電路設計",
            "嵌入式系統",
            "數位信號處理",
            "電機機械",
            "機率與統計",
            "電子實驗",
            "天線工程",
            "再生能源系統",
            "專題實作",
        ),
    ),
    Dept(
        "CSIE",
        "資訊工程學系",
        "電資館",
        "D",
        "D508",
        2451,
        128,
        70,
        (
            "計算機概論",
            "程式設計",
            "資料結構",
            "演算法",
            "離散數學",
            "計算機組織",
            "作業系統",
            "計算機網路",
            "資料庫系統",
            "軟體工程",
            "編譯器",
            "人工智慧",
            "機器學習",
            "計算機圖學",
            "資訊安全",
            "雲端運算",
            "行動應用程式設計",
            "平行程式設計",
            "自然語言處理",
            "專題製作",
        ),
    ),
    Dept(
        "ME",
        "機械工程學系",
        "工程二館",
        "G",
        "G102",
        2502,
        135,
        80,
        (
            "工程製圖",
            "應用力學",
            "動力學",
            "熱力學",
            "機械流體力學",
            "固體力學",
            "機械設計",
            "機動學",
            "製造學",
            "熱傳學",
            "自動控制",
            "振動學",
            "有限元素法",
            "電腦輔助設計",
            "機電整合",
            "精密量測",
            "機械實驗",
            "冷凍空調",
            "機器人學",
            "機械專題",
        ),
    ),
    Dept(
        "CE",
        "土木與防災工程學系",
        "工程一館",
        "C",
        "C210",
        2603,
        134,
        79,
        (
            "工程測量",
            "工程力學",
            "結構學",
            "大地力學",
            "基礎工程",
            "鋼筋混凝土",
            "鋼結構設計",
            "水文學",
            "水利工程",
            "交通工程",
            "營建管理",
            "工程地質",
            "防災工程導論",
            "地震工程",
            "大地工程實驗",
            "工程估價",
            "坡地災害",
            "都市防洪",
            "結構耐震設計",
            "土木專題",
        ),
    ),
    Dept(
        "CHE",
        "化學工程與材料學系",
        "化工館",
        "H",
        "H115",
        2650,
        133,
        76,
        (
            "普通化學",
            "有機化學",
            "物理化學",
            "分析化學",
            "化工熱力學",
            "輸送現象",
            "單元操作",
            "化學反應工程",
            "程序控制",
            "材料科學導論",
            "高分子化學",
            "觸媒化學",
            "電化學",
            "生化工程",
            "程序設計",
            "化工實驗",
            "奈米材料",
            "綠色化學",
            "腐蝕工程",
            "化工專題",
        ),
    ),
    Dept(
        "FSN",
        "水產食品科學系",
        "食科館",
        "F",
        "F203",
        2761,
        130,
        72,
        (
            "食品化學",
            "食品微生物學",
            "食品分析",
            "食品加工",
            "水產利用學",
            "食品衛生與安全",
            "營養學",
            "食品工程",
            "食品包裝學",
            "水產品冷凍學",
            "生物化學",
            "發酵食品學",
            "食品感官品評",
            "食品法規",
            "保健食品",
            "食品品質管制",
            "水產煉製品",
            "食品加工實習",
            "食科專題討論",
            "產業實習",
        ),
    ),
    Dept(
        "AQU",
        "水產養殖學系",
        "養殖館",
        "A",
        "A108",
        2802,
        131,
        74,
        (
            "普通生物學",
            "水產養殖學",
            "魚類學",
            "水質分析",
            "甲殼類養殖",
            "貝類養殖",
            "藻類學",
            "魚病學",
            "飼料學",
            "遺傳育種",
            "魚類生理學",
            "繁養殖技術",
            "水族館經營",
            "養殖工程",
            "生物統計",
            "分子生物學",
            "海洋生態學",
            "養殖場實習",
            "養殖專題",
            "智慧養殖",
        ),
    ),
    Dept(
        "SHP",
        "航運管理學系",
        "管理館",
        "M",
        "M418",
        2855,
        128,
        66,
        (
            "航運概論",
            "海運經濟學",
            "運輸管理",
            "國際貿易實務",
            "貨櫃運輸",
            "港埠經營",
            "物流管理",
            "海商法",
            "運費與費率",
            "船務代理",
            "供應鏈管理",
            "航運財務",
            "海上保險",
            "報關實務",
            "運籌決策分析",
            "國際物流",
            "航運行銷",
            "散裝航運",
            "航運專題",
            "職場實習",
        ),
    ),
    Dept(
        "NAV",
        "商船學系",
        "航海館",
        "N",
        "N110",
        2903,
        140,
        88,
        (
            "航海學",
            "船藝學",
            "天文航海",
            "電子航儀",
            "船舶操縱",
            "海上避碰規則",
            "貨物作業",
            "船舶穩度",
            "航海氣象學",
            "海洋學",
            "船舶通訊",
            "海事英文",
            "船舶保全",
            "雷達與自動測繪",
            "海上求生",
            "船舶管理",
            "航行當值",
            "電子海圖",
            "航海實習",
            "船員法規",
        ),
    ),
    Dept(
        "GEN",
        "通識教育中心",
        "綜合教學館",
        "L",
        "L102",
        2101,
        0,
        0,
        (
            "大學國文",
            "英文閱讀與寫作",
            "英語聽講",
            "大一體育",
            "服務學習",
            "海洋文化",
            "哲學概論",
            "法律與生活",
            "藝術欣賞",
            "心理學概論",
            "經濟與生活",
            "臺灣歷史與社會",
            "數位素養",
            "永續地球",
            "科技與倫理",
            "日語入門",
            "韓語入門",
            "創意思考",
            "生涯規劃",
            "性別與社會",
        ),
    ),
]

# Courses placed by hand: each appears once in the catalogue and questions ask about them.
# (department code, position in the department's table, row cells after the course code)
_PLANTED: list[tuple[str, int, list[str]]] = [
    (
        "OCE",
        12,
        [
            "OCE4215",
            "離岸風電工程",
            "A",
            "3",
            "選",
            "邱品叡",
            "週四 2-4",
            "海工館E406",
            "英語授課；\n與產業界合授",
        ],
    ),
    (
        "EE",
        30,
        [
            "EE3342",
            "電動車動力系統",
            "A",
            "3",
            "選",
            "翁士傑",
            "週二 5-7",
            "電資館D415",
            "需先修電力電子",
        ],
    ),
    (
        "CSIE",
        41,
        [
            "CSIE4306",
            "大型語言模型應用",
            "A",
            "3",
            "選",
            "溫子寧",
            "週三 7-9",
            "電資館D602",
            "限大三以上；\n需自備筆記型電腦",
        ],
    ),
    (
        "CHE",
        22,
        [
            "CHE3281",
            "鋰電池材料與製程",
            "A",
            "3",
            "選",
            "馮靖雯",
            "週一 2-4",
            "化工館H310",
            "與碩士班合開",
        ],
    ),
    (
        "AQU",
        25,
        [
            "AQU4410",
            "珊瑚復育技術",
            "A",
            "2",
            "選",
            "殷慧君",
            "週五 6-7",
            "養殖館A305",
            "含海上實作2次",
        ],
    ),
    (
        "SHP",
        18,
        [
            "SHP3318",
            "極地航運與北極航線",
            "A",
            "2",
            "選",
            "葉柏宏",
            "週二 6-7",
            "管理館M512",
            "限大三以上；\n需先修航運概論",
        ],
    ),
    (
        "NAV",
        33,
        [
            "NAV3127",
            "無人船舶導論",
            "A",
            "3",
            "選",
            "蕭文彬",
            "週五 2-4",
            "航海館N208",
            "選課人數上限40人",
        ],
    ),
    (
        "GEN",
        47,
        [
            "GEN1093",
            "潮間帶生態觀察",
            "A",
            "2",
            "選",
            "呂佩珊",
            "週六 1-4",
            "綜合教學館L104",
            "校外教學3次，\n需自付保險費新臺幣150元",
        ],
    ),
]

_SURNAMES = (
    "陳林黃張李王吳劉蔡楊許鄭謝郭洪曾廖賴周徐蘇莊江何羅高潘簡朱鍾游彭詹胡施沈余盧梁趙顏柯魏孫戴"
)
_GIVEN = "志明雅婷家豪淑芬建宏怡君俊傑美玲宗翰佳穎冠廷欣怡承恩詩涵正雄秀英文華國棟惠如信宏"


def _teachers(rng: random.Random, n: int) -> list[str]:
    names: list[str] = []
    while len(names) < n:
        name = rng.choice(_SURNAMES) + rng.choice(_GIVEN) + rng.choice(_GIVEN)
        if name not in names and name[1] != name[2]:
            names.append(name)
    return names


_REMARKS = [
    "",
    "",
    "",
    "",
    "",
    "英語授課",
    "限本系學生",
    "與碩士班合開",
    "實驗課另收材料費",
    "遠距教學（非同步）",
    "限大四以上",
    "每週另有實習課2小時",
    "英語授課；\n限大三以上",
    "外系選修名額10人",
]


def _catalog_rows(dept: Dept, rng: random.Random) -> list[list[str]]:
    teachers = _teachers(rng, 12)
    rows: list[list[str]] = []
    serial = 0
    for idx, course in enumerate(dept.courses):
        year = 1 + idx * 4 // len(dept.courses)
        sections = 1 + (idx * 7 + len(dept.code)) % 4
        credits = 2 if (idx + len(dept.name)) % 4 == 0 else 3
        kind = "必" if idx % 3 != 2 and year <= 3 else "選"
        for sec in range(sections):
            serial += 1
            code = f"{dept.code}{year}{100 + serial * 3:03d}"
            day = "一二三四五"[(idx + sec * 2) % 5]
            start = 1 + (idx * 3 + sec * 4) % 6
            if start == 4 and credits == 3:
                start = 5
            period = f"週{day} {start}-{start + credits - 1}"
            room = f"{dept.building}{dept.letter}{1 + (idx + sec) % 6}{rng.randint(1, 19):02d}"
            remark = _REMARKS[(idx * 5 + sec * 3 + len(dept.code)) % len(_REMARKS)]
            if remark.startswith("限本系") and dept.code == "GEN":
                remark = ""
            rows.append(
                [
                    code,
                    course,
                    "ABCD"[sec],
                    str(credits),
                    kind,
                    rng.choice(teachers),
                    period,
                    room,
                    remark,
                ]
            )
    for dcode, pos, cells in _PLANTED:
        if dcode == dept.code:
            rows.insert(min(pos, len(rows)), list(cells))
    codes = [r[0] for r in rows]
    assert len(codes) == len(set(codes)), dept.code
    return rows


def _catalog_story() -> Story:
    s = ZH
    rng = random.Random(114)
    out: Story = [
        title(s, "國立海濱科技大學　114學年度第1學期　學士班課程一覽", size=18),
        subtitle(s, "教務處課務組　編印　中華民國114年7月"),
        h1(s, "壹、選課須知"),
    ]
    rules = [
        "一、初選期間：114年8月18日（星期一）上午9時至8月22日（星期五）下午5時，"
        "一律於校務資訊系統辦理。",
        "二、初選結果於114年8月29日公告；加退選期間為114年9月8日至9月19日。",
        "三、學士班學生每學期修習學分數下限為12學分，上限為25學分；前一學期學業成績平均80分以上者，"
        "得申請加修至28學分。延修生不受下限之限制。",
        "四、期中停修申請截止日為114年11月28日，停修科目之學分不計入當學期修習學分數。",
        "五、選修外系課程者，每學期至多9學分計入畢業學分，並以各系所訂定之外系選修名額為限。",
        "六、課程備註「英語授課」者，全程以英語講授及評量；「遠距教學」課程之面授次數"
        "依授課大綱辦理。",
        "七、各系所之畢業學分數及系辦公室分機，請參閱各系所課程表前之說明。",
    ]
    out += items(s, rules, hang=8 * mm)
    out += [
        h1(s, "貳、上課節次時間表"),
        table(
            s,
            [
                ["節次", "1", "2", "3", "4", "5", "6", "7", "8", "9", "A", "B"],
                [
                    "時間",
                    "08:10\n09:00",
                    "09:10\n10:00",
                    "10:10\n11:00",
                    "11:10\n12:00",
                    "13:20\n14:10",
                    "14:20\n15:10",
                    "15:20\n16:10",
                    "16:20\n17:10",
                    "17:30\n18:20",
                    "18:30\n19:20",
                    "19:25\n20:15",
                ],
            ],
            [24 * mm] + [20 * mm] * 11,
            center=tuple(range(12)),
            size=9.5,
        ),
        note(s, "註：第4節與第5節之間為午休時間；A、B節為夜間節次，週六課程依課表另行安排。"),
        h1(s, "參、教學大樓代碼"),
        table(
            s,
            [["代碼", "大樓名稱", "位置", "代碼", "大樓名稱", "位置"]]
            + [
                ["E", "海工館", "濱海校區北側", "M", "管理館", "濱海校區行政大樓旁"],
                ["D", "電資館", "濱海校區東側", "G", "工程二館", "濱海校區東側"],
                ["C", "工程一館", "濱海校區中央", "H", "化工館", "濱海校區南側"],
                ["F", "食科館", "和平校區", "A", "養殖館", "和平校區水產試驗場旁"],
                ["N", "航海館", "濱海校區碼頭旁", "L", "綜合教學館", "濱海校區圖書館對面"],
            ],
            [16 * mm, 34 * mm, 60 * mm, 16 * mm, 34 * mm, 60 * mm],
            size=9.5,
        ),
    ]
    head = ["課號", "課程名稱", "班別", "學分", "必選", "授課教師", "上課時間", "教室", "備註"]
    widths = [24, 52, 13, 13, 13, 25, 27, 36, 52]
    for n, dept in enumerate(_DEPTS, start=1):
        rows = _catalog_rows(dept, rng)
        out.append(PageBreak())
        out.append(h1(s, f"肆-{n}　{dept.name}（系所代碼 {dept.code}）"))
        if dept.credits:
            intro = (
                f"系辦公室位於{dept.building}{dept.office}室，校內分機{dept.ext}。"
                f"本系學士班畢業學分數為{dept.credits}學分，其中專業必修{dept.required}學分；"
                f"本學期開設{len(rows)}班次課程。"
            )
        else:
            intro = (
                f"通識教育中心辦公室位於{dept.building}{dept.office}室，校內分機{dept.ext}。"
                "學士班學生應修習通識課程至少28學分，其中核心通識12學分；"
                f"本學期開設{len(rows)}班次課程。"
            )
        out.append(para(s, intro))
        out.append(
            table(
                s,
                [head] + rows,
                [w * mm for w in widths],
                repeat=1,
                size=8.5,
                center=(2, 3, 4),
                padding=2.2,
            )
        )
    out += [
        PageBreak(),
        h1(s, "附錄、課務相關聯絡窗口"),
        table(
            s,
            [
                ["業務", "承辦單位", "分機", "電子郵件"],
                ["選課系統操作", "教務處課務組", "2051", "course@hbust.example.edu.tw"],
                ["學分抵免", "教務處註冊組", "2042", "registry@hbust.example.edu.tw"],
                ["教室借用", "總務處事務組", "2230", "rooms@hbust.example.edu.tw"],
                ["遠距教學平台", "教學發展中心", "2077", "elearn@hbust.example.edu.tw"],
            ],
            [50 * mm, 50 * mm, 30 * mm, 80 * mm],
            size=9.5,
        ),
    ]
    return out


def course_catalog() -> DocSpec:
    return DocSpec(
        name="course-catalog-zh-hant.pdf",
        title="國立海濱科技大學114學年度第1學期學士班課程一覽",
        author="國立海濱科技大學教務處課務組",
        header="國立海濱科技大學教務處　114學年度第1學期課程一覽",
        footer=lambda p, n: f"- {p} -",
        story=_catalog_story,
        chrome_font=CJK_FONT,
        landscape=True,
    )


# ---------------------------------------------------------------------------
# 4. zh-Hant: venue rules of a city cultural centre, two columns, fee table
# ---------------------------------------------------------------------------


def _venue_zh_story() -> Story:
    s = Look(CJK_FONT, CJK_FONT, cjk=True, size=10.0, justify=True)
    out: Story = [
        title(s, "海濱市立文化會館場地使用管理要點"),
        subtitle(
            s,
            "中華民國一一三年十二月二十日海濱市政府文化局海文展字第1130045871號函修正發布",
        ),
        para(
            s,
            zt("""
            本要點規範本館演藝廳、實驗劇場、國際會議廳、展覽室、排練室及戶外廣場之申請、
            審查、收費、使用及違規處理。申請人於送件前，應詳閱本要點及附表之收費基準。
            """),
        ),
    ]
    out += two_col_start()
    chapters: list[tuple[str, list[str]]] = [
        (
            "第一章　總則",
            [
                zt("""
            海濱市政府文化局為有效管理海濱市立文化會館（以下簡稱本館）場地，提供藝文團體及
            社會大眾優質之展演空間，特訂定本要點。
            """),
                zt("""
            本館場地以提供藝文展演、學術研討及社教公益活動使用為原則。政治性集會、宗教儀式
            及商品推銷活動，不予受理。
            """),
            ],
        ),
        (
            "第二章　申請及審查",
            [
                zt("""
            演藝廳應於使用日前六個月至二個月內提出申請；其他場地應於使用日前三個月至十四日
            內提出申請。申請時應檢附活動企劃書、節目內容及申請單位立案證明文件。
            """),
                zt("""
            演藝廳之申請由本館於每月十五日召開檔期審查會議審查，審查結果於會議後七日內以
            書面通知申請人；其他場地隨到隨審。
            """),
                zt("""
            同一申請單位每年借用演藝廳以六日為限，連續使用不得超過三日；經本館邀請或與本館
            合辦之活動，不在此限。
            """),
                zt("""
            申請人應於接獲核准通知之日起七日內繳清場地使用費及保證金，逾期未繳者視同放棄，
            本館得將檔期另行安排。
            """),
            ],
        ),
        (
            "第三章　收費及退費",
            [
                zt("""
            場地使用費及保證金依附表所定基準收取。使用時段分為上午（九時至十二時）、下午
            （十三時三十分至十七時三十分）及晚上（十八時三十分至二十二時）三時段；展覽室
            以日計收。
            """),
                zt("""
            超過核准時段使用者，每逾時三十分鐘，加收該場地平日一時段使用費四分之一；未滿
            三十分鐘者，以三十分鐘計。晚上時段最遲應於二十二時三十分前撤場完畢。
            """),
                zt("""
            申請人取消使用者，依下列規定退還已繳之場地使用費：一、於使用日前六十日以前取消
            者，退還百分之八十。二、於使用日前三十日至五十九日取消者，退還百分之五十。
            三、於使用日前未滿三十日取消者，不予退還。因天災或其他不可抗力因素致無法使用者，
            無息退還全部費用。
            """),
                zt("""
            保證金於活動結束並經本館人員點交無誤後，於十個工作日內無息退還；場地或設備有
            損壞者，自保證金扣抵修復費用，不足部分由申請人另行賠償。
            """),
                zt("""
            本市立案之學校及非營利團體辦理公益性質活動，得申請減收場地使用費百分之三十，
            每一團體每年以二次為限；售票活動不適用之。
            """),
            ],
        ),
        (
            "第四章　使用規定",
            [
                zt("""
            申請人應指派現場負責人一名，於活動期間全程在場，並配合本館之安全檢查。演出或
            活動之觀眾人數不得超過場地核定之座位數。
            """),
                zt("""
            場地內禁止使用明火、煙火、乾冰及煙霧機；確有演出需要者，應於使用日前二十一日
            提出申請，經本館及消防單位同意後始得使用。
            """),
                zt("""
            演藝廳舞台地板不得釘釘或以膠帶以外之方式固定布景；懸吊布景每支吊桿荷重不得超過
            三百公斤，並應由本館技術人員操作。
            """),
                zt("""
            售票演出應於演出前三十日將票價及售票方式報本館備查，本館保留公關席十二席。
            演藝廳申請人得向本館領取免費停車證二十張，其他場地五張。
            """),
                zt("""
            布展、裝台、彩排及撤場時段，均應計入使用時段收費；演藝廳裝台及彩排時段按
            附表所列費用之五折計收。
            """),
            ],
        ),
        (
            "第五章　違規處理",
            [
                zt("""
            申請人有下列情形之一者，每次記違規一點：一、未依核准內容使用場地。二、逾時
            撤場。三、未經同意擅自使用明火或煙霧效果。四、損壞場地設備未主動告知。
            """),
                zt("""
            同一申請單位於一年內累計違規達三點者，自第三點記點之日起一年內不受理其申請；
            情節重大者，本館得立即停止其使用並沒入保證金。
            """),
                zt("""
            本要點未規定事項，依海濱市公有場地管理自治條例及相關法令辦理。
            """),
            ],
        ),
    ]
    n = 0
    for head, clauses_ in chapters:
        out.append(h2(s, head))
        for text in clauses_:
            n += 1
            out.append(clause(s, f"第{zh_num(n)}條", text, hang=0))
    out += [
        NextPageTemplate("one"),
        PageBreak(),
        h1(s, "附表　場地使用費及保證金收費基準（單位：新臺幣）"),
        table(
            s,
            [
                [
                    "場地名稱",
                    "容納人數或面積",
                    "平日\n（每時段）",
                    "假日\n（每時段）",
                    "保證金",
                    "備註",
                ],
                [
                    "演藝廳",
                    "1,206席",
                    "36,000元",
                    "45,000元",
                    "50,000元",
                    "裝台、彩排時段按五折計收；\n含基本燈光及音響",
                ],
                ["實驗劇場", "280席", "12,000元", "15,000元", "20,000元", "黑盒子劇場，座位可調整"],
                [
                    "國際會議廳",
                    "420席",
                    "16,000元",
                    "19,500元",
                    "20,000元",
                    "含基本音響及投影設備；\n同步口譯設備另計",
                ],
                [
                    "第一展覽室",
                    "約320平方公尺",
                    "4,500元",
                    "5,500元",
                    "10,000元",
                    "以日計收，每次至少借用3日",
                ],
                [
                    "第二展覽室",
                    "約180平方公尺",
                    "2,800元",
                    "3,400元",
                    "10,000元",
                    "以日計收，每次至少借用3日",
                ],
                ["多功能排練室", "60人", "1,800元", "2,200元", "5,000元", "限排練使用，不得售票"],
                [
                    "戶外廣場",
                    "約1,500平方公尺",
                    "8,000元",
                    "10,000元",
                    "20,000元",
                    "須另檢附安全維護計畫",
                ],
            ],
            [30 * mm, 30 * mm, 22 * mm, 22 * mm, 22 * mm, 44 * mm],
            size=9.5,
            center=(1, 2, 3, 4),
        ),
        note(s, "註：假日指星期六、星期日及政府公告之國定假日。同步口譯設備每日租金8,000元。"),
        Spacer(1, 6 * mm),
        h2(s, "洽詢窗口"),
        para(
            s,
            "海濱市立文化會館節目企劃組　電話：(07)361-2200轉215　"
            "地址：海濱市港都區文化路88號　服務時間：週二至週日9時至17時（週一休館）",
        ),
    ]
    return out


def venue_rules_zh() -> DocSpec:
    return DocSpec(
        name="venue-rules-zh-hant.pdf",
        title="海濱市立文化會館場地使用管理要點",
        author="海濱市政府文化局",
        header="海濱市政府文化局　海濱市立文化會館",
        header_align="center",
        footer=lambda p, n: f"{p}",
        footer_align="right",
        story=_venue_zh_story,
        chrome_font=CJK_FONT,
        band=50 * mm,
    )


# ---------------------------------------------------------------------------
# 5. zh-Hant: group insurance benefit schedule (borderless table, multi-line cells)
# ---------------------------------------------------------------------------


def _insurance_zh_story() -> Story:
    s = ZH_J
    out: Story = [
        title(s, "宏遠電子股份有限公司　114年度員工團體保險給付一覽表"),
        subtitle(s, "承保公司：永信人壽保險股份有限公司　保單號碼：GT-114-0087326"),
        h1(s, "一、保險期間與被保險人"),
        para(
            s,
            zt("""
        本年度團體保險之保險期間，自中華民國114年1月1日零時起至114年12月31日二十四時止。
        本公司正式員工自到職日起自動加保，保費由公司全額負擔；試用期間員工亦同。
        """),
        ),
        para(
            s,
            zt("""
        員工之配偶及未滿二十三歲之未婚子女得自費加保為眷屬被保險人。眷屬保費按月自員工
        薪資扣繳：配偶每人每月新臺幣412元，子女每人每月新臺幣268元；同一員工加保三名以上
        子女者，第三名起免收保費。眷屬加保或退保應於每月二十日前向人力資源處福利組提出，
        自次月一日起生效。
        """),
        ),
        para(
            s,
            zt("""
        員工離職者，其本人及眷屬之保險效力於離職日當日二十四時終止。離職員工得於離職日
        起三十日內向承保公司申請轉換為個人保單，免經體檢，保額以原團體保險保額為上限。
        """),
        ),
        h1(s, "二、保障項目及給付金額"),
        para(s, "下表金額均為新臺幣。「—」表示該類被保險人不適用此項保障。"),
    ]
    rows = [
        ["保障項目", "給付內容", "員工本人", "配偶", "子女"],
        [
            "一般身故",
            "被保險人於保險期間內身故，\n給付身故保險金",
            "NT$2,000,000",
            "NT$500,000",
            "NT$200,000",
        ],
        [
            "意外身故及失能",
            "因意外事故致身故或完全失能者全額給付；\n部分失能依失能等級比例給付",
            "NT$3,000,000",
            "NT$1,000,000",
            "NT$500,000",
        ],
        ["意外傷害醫療", "實支實付，每次事故給付上限", "NT$50,000", "NT$30,000", "NT$30,000"],
        ["住院日額", "每日定額給付；\n每次住院最高給付365日", "NT$2,000", "NT$1,200", "NT$1,200"],
        [
            "加護病房日額",
            "住院日額之外另行加給；\n每次住院最高給付60日",
            "NT$3,000",
            "NT$1,800",
            "NT$1,800",
        ],
        [
            "住院醫療費用",
            "病房費差額、手術費及住院雜費\n實支實付，每次住院上限",
            "NT$150,000",
            "NT$80,000",
            "NT$80,000",
        ],
        ["門診手術", "每次門診手術定額給付", "NT$6,000", "NT$3,000", "NT$3,000"],
        [
            "癌症初次罹患",
            "經病理檢驗確診者給付一次，\n終身以一次為限",
            "NT$300,000",
            "NT$100,000",
            "NT$100,000",
        ],
        ["癌症住院日額", "因癌症住院治療，每日給付", "NT$2,500", "NT$1,000", "NT$1,000"],
        ["重大燒燙傷", "經診斷為重大燒燙傷者一次給付", "NT$500,000", "NT$150,000", "NT$150,000"],
        ["職業災害補償", "因執行職務發生意外致身故或失能", "NT$1,000,000", "—", "—"],
        ["健康檢查補助", "每年一次，檢附收據核實補助", "NT$5,000", "NT$3,500", "—"],
        ["生育津貼", "員工或配偶分娩，每名新生兒給付", "NT$20,000", "—", "—"],
    ]
    out.append(
        table(
            s,
            rows,
            [30 * mm, 62 * mm, 26 * mm, 26 * mm, 26 * mm],
            ruled=False,
            repeat=1,
            size=9.5,
            right=(2, 3, 4),
            padding=4,
        )
    )
    out += [
        note(s, "註：住院日額與癌症住院日額不得就同一住院期間重複申領，以金額較高者給付。"),
        h1(s, "三、理賠申請"),
        para(
            s,
            zt("""
        被保險人發生保險事故時，應儘速通知人力資源處福利組，並於事故發生之日起二年內檢具
        理賠申請書、診斷證明書、醫療費用收據正本及被保險人身分證明文件申請理賠；逾期者
        保險金請求權依保險法規定消滅。
        """),
        ),
        para(
            s,
            zt("""
        理賠文件齊全者，承保公司應於收齊文件之日起十五日內給付保險金；逾期給付者，按年
        利一分加計利息。理賠金額在新臺幣10,000元以下之門診手術及住院日額案件，得以收據
        影本辦理。
        """),
        ),
        para(
            s,
            zt("""
        理賠案件承辦人：人力資源處福利組林筱萱小姐，公司分機2231，電子郵件
        benefits@hongyuan.example.com.tw。承保公司團險服務專線：0800-221-587。
        """),
        ),
        h1(s, "四、除外責任"),
    ]
    out += items(
        s,
        [
            "（一）被保險人之故意行為，或因犯罪行為致生之事故。",
            "（二）被保險人因飲酒後駕駛，其吐氣所含酒精濃度超過道路交通法令規定標準者。",
            "（三）美容整形手術、非因治療目的之牙齒矯正及不孕症治療。",
            "（四）戰爭、核子輻射或其他不可抗力之集體災害（天災除外）。",
            "（五）加保生效日前已存在且於加保前一年內曾接受治療之疾病，於加保後一百八十日內"
            "發生之醫療費用。",
        ],
    )
    out += [
        h1(s, "五、自選加值方案（員工自費）"),
        para(
            s,
            zt("""
        員工得於每年一月及七月之開放期間，自由選擇加購下列加值方案之一，保費按月自薪資
        扣繳，保障範圍及於員工本人。年度中途不得變更方案，但新進員工得於到職後三十日內
        選擇加入。
        """),
        ),
        table(
            s,
            [
                ["方案", "加值壽險保額", "加值住院日額", "重大疾病保險金", "每月保費"],
                ["安心方案", "NT$1,000,000", "NT$1,000", "—", "NT$385"],
                ["守護方案", "NT$2,000,000", "NT$1,500", "NT$200,000", "NT$742"],
                ["全備方案", "NT$3,000,000", "NT$2,000", "NT$500,000", "NT$1,168"],
            ],
            [30 * mm, 36 * mm, 32 * mm, 36 * mm, 30 * mm],
            ruled=False,
            size=9.5,
            right=(1, 2, 3, 4),
            padding=4,
        ),
        note(s, "註：加值方案投保年齡上限為六十五歲；重大疾病保險金以確診一次為限。"),
        h1(s, "六、常見問題"),
        h2(s, "問：門診看病可以申請理賠嗎？"),
        para(s, "答：一般門診不在本保單給付範圍；僅門診手術依表列金額定額給付。"),
        h2(s, "問：新生兒何時可以加保？"),
        para(
            s,
            zt("""
        答：新生兒自出生日起三十日內申請加保者，溯自出生日起生效，出生後之住院費用亦可
        申請理賠；超過三十日始申請者，自次月一日起生效。
        """),
        ),
        h2(s, "問：同時在其他保險公司投保，可以重複理賠嗎？"),
        para(
            s,
            zt("""
        答：定額給付項目（如住院日額、門診手術）可以重複申領；實支實付項目須扣除其他保險
        已給付之金額，申請時應檢附他家保險公司之理賠明細。
        """),
        ),
        PageBreak(),
        h1(s, "附件　理賠申請應備文件檢核表"),
        table(
            s,
            [
                ["理賠項目", "應備文件", "文件正本或影本"],
                ["身故", "死亡證明書、除戶戶籍謄本、受益人身分證明及存摺封面", "正本"],
                ["失能", "失能診斷書（須載明失能等級）、X光或檢驗報告", "正本"],
                [
                    "住院",
                    "診斷證明書（載明住院起訖日）、醫療費用收據",
                    "收據金額10,000元以下得用影本",
                ],
                [
                    "門診手術",
                    "診斷證明書（載明手術名稱）、醫療費用收據",
                    "收據金額10,000元以下得用影本",
                ],
                ["癌症", "病理切片檢查報告、診斷證明書", "影本"],
                ["生育津貼", "出生證明書、戶籍謄本", "影本"],
                ["健康檢查補助", "健檢收據、健檢報告首頁", "收據正本"],
            ],
            [30 * mm, 92 * mm, 48 * mm],
            ruled=False,
            size=9.5,
            padding=4,
        ),
        note(s, "註：所有申請均須檢附理賠申請書及被保險人身分證影本，並由被保險人或受益人簽章。"),
    ]
    return out


def insurance_benefits_zh() -> DocSpec:
    return DocSpec(
        name="insurance-benefits-zh-hant.pdf",
        title="宏遠電子股份有限公司114年度員工團體保險給付一覽表",
        author="宏遠電子股份有限公司人力資源處",
        header="宏遠電子股份有限公司　人力資源處　福利委員會",
        footer=lambda p, n: f"第 {p} 頁／共 {n} 頁",
        footer_align="right",
        story=_insurance_zh_story,
        chrome_font=CJK_FONT,
    )


# ---------------------------------------------------------------------------
# 6. zh-Hant: grading rules of a university, two columns, grade table in a column
# ---------------------------------------------------------------------------


def _grading_zh_story() -> Story:
    s = Look(CJK_FONT, CJK_FONT, cjk=True, size=10.5, justify=True)
    out: Story = [
        title(s, "私立天和大學學生學業成績評定及處理辦法"),
        subtitle(s, "113年5月22日112學年度第3次教務會議修正通過　教務處註冊組"),
    ]
    out += two_col_start()
    arts = [
        zt("""
        本辦法依大學法及本校學則之規定訂定之，適用於本校學士班、碩士班及博士班學生。
        """),
        zt("""
        學生學業成績採等第制評定，各等第對應之百分制分數區間及等第積分（GP）依附表之
        規定。學士班學生以C-（六十分）為及格，研究生以B-（七十分）為及格。
        """),
        zt("""
        學期成績由授課教師依平時成績、期中考試成績及期末考試成績綜合評定。平時成績所占
        比例不得低於百分之三十，亦不得高於百分之五十；期中考試成績所占比例不得低於百分之
        二十。評分方式應載明於教學大綱，並於第一週上課時向學生說明。
        """),
        zt("""
        授課教師應於學期考試結束後十日內，將學生成績登錄於校務資訊系統；逾期未登錄者，
        由教務處通知系主任協助催辦，並列入教師評鑑參考。
        """),
        zt("""
        成績經登錄送出後，授課教師不得任意更改。因登錄或計算錯誤須更正者，應於成績公布
        後三週內填具成績更正申請表，敘明理由並檢附相關資料，經系主任及教務長核定後
        始得更正。
        """),
        zt("""
        學生對學期成績有疑義者，得於成績公布後十四日內向註冊組申請複查，每科以一次為限，
        複查費每科新臺幣100元。複查結果由註冊組於收件後十日內以書面通知申請人。
        """),
        zt("""
        學生因故無法繼續修習某科目者，得於學期第十三週結束前申請停修，每學期以二科為限；
        停修後當學期修習學分數不得少於九學分。停修科目於成績單上註記「W」，不列入學期
        學業平均計算。
        """),
        zt("""
        學期學業平均（GPA）之計算，以各科目之等第積分乘以該科目學分數之總和，除以當學期
        修習總學分數，計算至小數點後第二位，第三位四捨五入。
        """),
        zt("""
        學士班學生學期學業成績不及格科目之學分數，達該學期修習學分總數二分之一者，應予
        預警輔導；連續二學期達二分之一者，應令退學。但身心障礙學生、原住民學生及
        僑生不在此限。
        """),
        zt("""
        本校於每學期第八週辦理期中預警，授課教師應於第九週結束前將期中學習表現不佳之
        學生名單登錄於系統，由導師及學生輔導中心進行輔導。
        """),
        zt("""
        各班學期學業平均成績前三名，且該學期操行成績八十分以上、無不及格科目者，頒發
        書卷獎，每名獎學金新臺幣3,000元及獎狀一紙。
        """),
        zt("""
        學生重修科目之成績，以重修後之成績登錄，並與原成績同時列入成績單；學期學業平均
        以最高一次成績計算。
        """),
        zt("""
        學生修讀學分學程、輔系或雙主修之科目成績，均列入學期學業平均計算；其學分是否計入
        畢業學分，依各該學程及學系之規定辦理。
        """),
        zt("""
        轉學生、轉系生及新生入學前已修習及格之科目，得於入學當學期開學後二週內申請學分
        抵免，抵免學分數以不超過畢業學分數二分之一為原則。抵免科目之成績以「抵免」登錄，
        不列入學業平均計算。
        """),
        zt("""
        學生修習暑期班課程之成績，列入下一學期之學期成績計算；暑期班每人至多修習九學分，
        每學分收費新臺幣1,450元。
        """),
        zt("""
        學生操行成績以八十二分為基本分，由導師、系主任及學生事務處依學生平日表現加減分，
        滿分為一百分。操行成績不及格者，不得申請書卷獎及各項獎學金。
        """),
        zt("""
        學生應修滿各學系規定之畢業學分，且各學期學業成績及操行成績均經評定後，始得畢業。
        學士班應屆畢業生學業成績平均名列該系前百分之五者，於畢業典禮頒發優秀畢業生獎狀。
        """),
        zt("""
        學生申請中文或英文歷年成績單，每份新臺幣50元，自申請日起三個工作日內核發；
        申請附排名之成績單者，排名以同系同年級學生計算。
        """),
        zt("""
        已畢業或離校學生之成績紀錄，由註冊組永久保存；其考試試卷及成績計算資料，由授課
        教師或開課單位保存至少一年。
        """),
        zt("""
        學生於考試時有舞弊行為者，該科目學期成績以零分計，並依學生獎懲辦法議處；協助他人
        舞弊者亦同。
        """),
        zt("""
        本辦法經教務會議通過，陳請校長核定後公布施行，修正時亦同。
        """),
    ]
    for i, text in enumerate(arts, start=1):
        if i == 3:
            out += [
                Spacer(1, 2 * mm),
                Paragraph("附表　等第與分數對照表", s.style(bold=True, align=TA_CENTER, after=3)),
                table(
                    s,
                    [
                        ["等第", "分數區間", "等第積分", "說明"],
                        ["A+", "90-100", "4.3", "表現極優"],
                        ["A", "85-89", "4.0", "表現優異"],
                        ["A-", "80-84", "3.7", ""],
                        ["B+", "77-79", "3.3", "表現良好"],
                        ["B", "73-76", "3.0", ""],
                        ["B-", "70-72", "2.7", "研究生及格"],
                        ["C+", "67-69", "2.3", "表現尚可"],
                        ["C", "63-66", "2.0", ""],
                        ["C-", "60-62", "1.7", "學士班及格"],
                        ["D", "50-59", "1.0", "不及格"],
                        ["E", "1-49", "0", "不及格"],
                        ["X", "0", "0", "未參加期末考試\n且未請假"],
                    ],
                    [14 * mm, 19 * mm, 16 * mm, 28 * mm],
                    size=9.0,
                    center=(0, 1, 2),
                ),
                Spacer(1, 3 * mm),
            ]
        out.append(clause(s, f"第{zh_num(i)}條", text, hang=0))
    out += [
        Spacer(1, 4 * mm),
        h2(s, "附註：成績相關申請表單"),
    ]
    out += items(
        s,
        [
            "表單R-05　成績複查申請表（註冊組網頁下載）",
            "表單R-06　成績更正申請表（限授課教師使用）",
            "表單R-11　停修申請表（線上申請，免紙本）",
        ],
        hang=4 * mm,
    )
    return out


def grading_rules_zh() -> DocSpec:
    return DocSpec(
        name="grading-rules-zh-hant.pdf",
        title="私立天和大學學生學業成績評定及處理辦法",
        author="私立天和大學教務處",
        header="私立天和大學教務處　法規彙編",
        footer=lambda p, n: f"第 {p} 頁 共 {n} 頁",
        story=_grading_zh_story,
        chrome_font=CJK_FONT,
        band=28 * mm,
    )


# ---------------------------------------------------------------------------
# 7. zh-Hans: attendance and leave rules of a manufacturing company
# ---------------------------------------------------------------------------


def _attendance_story() -> Story:
    s = ZH_J
    out: Story = [
        title(s, "苏州恒启智能装备有限公司\n员工考勤与休假管理办法".replace("\n", "<br/>")),
        subtitle(s, "文件编号：HQ-HR-007　版本：C/2　2025年1月1日起施行　人力资源部编制"),
    ]
    chapters: list[tuple[str, list[str]]] = [
        (
            "第一章　总则",
            [
                zt("""
            为规范公司考勤与休假管理，保障员工合法权益，维护正常生产经营秩序，根据《中华
            人民共和国劳动法》《职工带薪年休假条例》及江苏省相关规定，结合公司实际，制定
            本办法。
            """),
                zt("""
            本办法适用于与公司签订劳动合同的全体员工。劳务派遣人员及实习生参照执行，其
            协议另有约定的从其约定。
            """),
            ],
        ),
        (
            "第二章　工作时间",
            [
                zt("""
            公司实行标准工时制，每周工作五天，每日工作八小时。标准上班时间为周一至周五
            8:30至17:30，其中12:00至13:00为午休时间，不计入工作时间。
            """),
                zt("""
            研发中心及市场部员工可实行弹性上班，到岗时间可在8:00至9:30之间选择，但每日
            在岗时间须满八小时，且核心工作时间9:30至16:30必须在岗。
            """),
                zt("""
            生产车间实行两班倒，早班7:30至16:00，中班16:00至次日0:30，班中各安排三十分钟
            就餐时间。倒班安排由生产部每月二十五日前公布下月排班表。
            """),
            ],
        ),
        (
            "第三章　考勤管理",
            [
                zt("""
            员工上下班须通过钉钉考勤打卡，外勤人员使用定位打卡。因特殊原因漏打卡的，应在
            两个工作日内提交补卡申请并说明理由，每月补卡次数不得超过三次，超过部分按迟到
            处理。
            """),
                zt("""
            迟到或早退在十五分钟以内（含）的，每次扣款30元；超过十五分钟不足一小时的，
            按事假半天处理；超过一小时的，按旷工半天处理。当月累计迟到、早退达到五次的，
            取消当月全勤奖。
            """),
                zt("""
            全勤奖为每月300元，当月无迟到、早退、旷工及事假、病假记录的员工享有。年休假、
            婚假、丧假等带薪假期不影响全勤奖。
            """),
                zt("""
            未经批准不到岗或假期届满未续假且未返岗的，视为旷工。旷工期间不发放工资；
            连续旷工三个工作日或一年内累计旷工五个工作日的，属严重违反公司规章制度，
            公司可依法解除劳动合同。
            """),
                zt("""
            员工日工资按本人月工资除以21.75天计算，小时工资按日工资除以八小时计算。
            """),
            ],
        ),
        (
            "第四章　请假与审批",
            [
                zt("""
            员工请假须通过OA系统提前申请，事假至少提前两个工作日申请，年休假连续三天以上
            的须提前十个工作日申请。因突发疾病或紧急事由无法提前申请的，应在当日上班后
            一小时内电话告知直属主管，并在返岗后两个工作日内补办手续。
            """),
                zt("""
            请假审批权限如下：一天以内（含）由直属主管审批；一天以上三天以内（含）由部门
            经理审批；三天以上由分管副总经理审批，并报人力资源部备案。
            """),
                zt("""
            各类假期的天数、工资待遇及所需证明材料按附表一执行。证明材料应在返岗后五个
            工作日内交人力资源部，逾期未交的按事假处理。
            """),
                zt("""
            病假工资不得低于苏州市最低工资标准的80%。事假每次原则上不超过三天，确需超过的
            须经分管副总经理批准。
            """),
                zt("""
            员工享受带薪年休假，天数根据累计工作年限按附表二确定。公司在法定年休假之外
            另行给予福利年假。年休假原则上在当年度内休完，确因工作需要未休完的，经部门
            经理同意可延至次年3月31日前休完，逾期作废。
            """),
            ],
        ),
        (
            "第五章　加班与调休",
            [
                zt("""
            因工作需要安排加班的，须事先在OA系统提交加班申请并经部门经理批准，未经批准的
            不计为加班。每月加班时间累计不得超过三十六小时。
            """),
                zt("""
            工作日延长工作时间的，按小时工资的150%支付加班工资；休息日加班的，优先安排
            同等时间调休，不能安排调休的按200%支付；法定节假日加班的，按300%支付加班工资，
            不以调休替代。
            """),
                zt("""
            调休应在加班之日起六个月内使用，每次调休以半天为最小单位，逾期未使用的调休
            按休息日加班标准折算支付。
            """),
            ],
        ),
        (
            "第六章　附则",
            [
                zt("""
            本办法由人力资源部负责解释，自2025年1月1日起施行，原《员工考勤管理规定》
            （HQ-HR-007 版本B/3）同时废止。
            """),
            ],
        ),
    ]
    n = 0
    for head, arts in chapters:
        out.append(h2(s, head))
        for text in arts:
            n += 1
            out.append(clause(s, f"第{zh_num(n)}条", text, hang=16 * mm))
    out += [
        CondPageBreak(90 * mm),
        h1(s, "附表一　各类假期天数及待遇"),
        table(
            s,
            [
                ["假期类型", "享受天数", "工资待遇", "需提供材料"],
                ["年休假", "见附表二", "全额发放", "无"],
                ["病假", "按医嘱", "本人月工资的80%", "二级以上医院病假证明（一天以内免交）"],
                ["事假", "全年累计不超过15天", "无薪", "无"],
                ["婚假", "13天", "全额发放", "结婚证"],
                [
                    "产假",
                    "158天；难产增加15天；\n多胞胎每多生育一个婴儿增加15天",
                    "全额发放（含生育津贴）",
                    "出生医学证明",
                ],
                ["陪产假", "15天", "全额发放", "出生医学证明、结婚证"],
                ["育儿假", "子女满3周岁前，\n夫妻双方每年各10天", "全额发放", "子女出生医学证明"],
                [
                    "丧假",
                    "直系亲属3天；\n兄弟姐妹、祖父母、外祖父母1天",
                    "全额发放",
                    "死亡证明或讣告",
                ],
                ["哺乳假", "子女满1周岁前每天1小时", "全额发放", "出生医学证明"],
                ["工伤假", "按工伤认定及医疗期确定", "原工资福利待遇不变", "工伤认定决定书"],
            ],
            [26 * mm, 54 * mm, 40 * mm, 50 * mm],
            size=9.5,
        ),
        Spacer(1, 6 * mm),
        h1(s, "附表二　年休假天数"),
        table(
            s,
            [
                ["累计工作年限", "法定年休假", "公司福利年假", "合计"],
                ["满1年不满10年", "5天", "2天", "7天"],
                ["满10年不满20年", "10天", "3天", "13天"],
                ["满20年及以上", "15天", "3天", "18天"],
            ],
            [50 * mm, 36 * mm, 36 * mm, 30 * mm],
            size=9.5,
            center=(1, 2, 3),
        ),
        note(s, "注：新入职员工当年度年休假按入职后剩余日历天数折算，折算后不足1天的部分不享受。"),
    ]
    return out


def attendance_hans() -> DocSpec:
    return DocSpec(
        name="attendance-leave-zh-hans.pdf",
        title="苏州恒启智能装备有限公司员工考勤与休假管理办法",
        author="苏州恒启智能装备有限公司人力资源部",
        header="苏州恒启智能装备有限公司　人力资源部　受控文件",
        header_right="HQ-HR-007",
        footer=lambda p, n: f"第{p}页 共{n}页",
        story=_attendance_story,
        chrome_font=CJK_FONT,
    )


# ---------------------------------------------------------------------------
# 8. zh-Hans: IT service handbook (response-time table, catalogue over two pages)
# ---------------------------------------------------------------------------


def _it_hans_story() -> Story:
    s = ZH_J
    out: Story = [
        title(s, "云岭数据科技有限公司　IT服务手册"),
        subtitle(s, "第3.2版　2025年4月发布　信息技术部服务管理组"),
        h1(s, "1　服务台"),
        para(
            s,
            zt("""
        1.1　IT服务台是员工获取IT支持的统一入口。服务台工作时间为工作日8:00至20:00，可通过
        内线分机8000、电子邮件itsd@yunling.example.cn或自助服务门户（https://itsm.yunling.example.cn）
        提交请求。非工作时间发生紧急故障的，请拨打值班电话0871-6512 8099。
        """),
        ),
        para(
            s,
            zt("""
        1.2　每张工单均会生成以“INC”（故障）或“REQ”（服务请求）开头的编号，请在后续沟通中
        引用该编号。工单关闭后五个工作日内，员工可在门户中重新打开工单；超过五个工作日的，
        须新建工单。
        """),
        ),
        para(
            s,
            zt("""
        1.3　服务台现场支持点位于昆明总部A座2楼201室，现场服务时间为工作日9:00至18:00。
        分支机构员工由远程支持工程师提供服务，需要上门的，由区域工程师在两个工作日内安排。
        """),
        ),
        h1(s, "2　故障优先级与服务时限"),
        para(
            s,
            zt("""
        2.1　服务台根据影响范围和紧急程度确定故障优先级，并按下表所列时限进行响应和解决。
        响应时间自工单创建时起算，解决时限不含等待用户确认的时间。P1、P2故障按自然时间
        计算，P3、P4按工作时间计算。
        """),
        ),
        table(
            s,
            [
                ["优先级", "定义", "典型示例", "响应时间", "解决时限"],
                [
                    "P1 紧急",
                    "核心业务系统中断，影响全公司或对外服务",
                    "生产数据库宕机；\n全员邮件无法收发",
                    "15分钟",
                    "4小时",
                ],
                [
                    "P2 高",
                    "部门级业务受影响，且无临时替代方案",
                    "财务系统无法登录；\n整层楼网络中断",
                    "30分钟",
                    "8小时",
                ],
                [
                    "P3 中",
                    "单个用户受影响，或有临时替代方案",
                    "个人电脑蓝屏；\n打印机卡纸",
                    "2小时",
                    "3个工作日",
                ],
                [
                    "P4 低",
                    "咨询、申请类及计划内变更",
                    "软件使用咨询；\n显示器调换",
                    "1个工作日",
                    "10个工作日",
                ],
            ],
            [22 * mm, 46 * mm, 44 * mm, 26 * mm, 32 * mm],
            size=9.5,
        ),
        para(
            s,
            zt("""
        2.2　超过响应时间未获响应的，员工可致电服务台值班主管（分机8010）要求升级处理。
        P1故障由信息技术部负责人直接指挥，每三十分钟向受影响部门通报一次处理进展。
        """),
        ),
        h1(s, "3　服务目录"),
        para(
            s,
            zt("""
        3.1　下表列出常用服务请求的交付时限及审批要求。交付时限自审批全部完成时起算，
        按工作日计算。未列入目录的请求，由服务台评估后答复。
        """),
        ),
    ]
    catalog = [
        ["编号", "服务项目", "说明", "交付时限", "审批"],
        [
            "S01",
            "新员工账号开通",
            "含域账号、企业邮箱、企业微信及OA账号",
            "入职前1个工作日",
            "部门经理",
        ],
        [
            "S02",
            "VPN远程访问",
            "默认有效期6个月，到期前可在门户续期",
            "2个工作日",
            "部门经理、\n信息安全组",
        ],
        [
            "S03",
            "笔记本电脑领用",
            "标准配置：ThinkPad T14\n（16GB内存/512GB固态硬盘）",
            "3个工作日",
            "部门经理",
        ],
        ["S04", "台式机更换", "使用满5年的台式机可申请更换", "5个工作日", "部门经理"],
        ["S05", "软件安装（目录内）", "白名单软件，可在门户自助安装", "1个工作日", "无需审批"],
        [
            "S06",
            "软件采购（目录外）",
            "需说明用途及授权数量，\n由采购部统一询价",
            "15个工作日",
            "部门经理、\nIT总监",
        ],
        ["S07", "邮箱扩容", "默认容量10GB，最高可扩容至50GB", "1个工作日", "部门经理"],
        ["S08", "密码重置", "本人持工牌到服务台，或通过自助门户短信验证", "30分钟", "无需审批"],
        ["S09", "共享文件夹权限", "读写权限须由文件夹负责人确认", "1个工作日", "文件夹负责人"],
        ["S10", "打印机安装", "含驱动安装及默认打印机设置", "1个工作日", "无需审批"],
        ["S11", "视频会议支持", "大型会议须提前24小时预约技术保障", "按预约时间", "无需审批"],
        ["S12", "数据恢复", "可恢复35天内的文件版本", "1个工作日", "部门经理"],
        ["S13", "手机邮箱配置", "仅支持公司移动设备管理（MDM）注册的手机", "当天", "无需审批"],
        ["S14", "网络端口开通", "含有线端口及IP地址分配", "2个工作日", "行政部"],
        ["S15", "访客Wi-Fi", "由前台发放账号，有效期8小时", "即时", "前台"],
        ["S16", "USB存储授权", "默认禁用；授权有效期30天", "2个工作日", "部门经理、\n信息安全组"],
        ["S17", "离职账号停用", "离职当日18:00停用，邮箱数据保留90天", "离职当日", "人力资源部"],
        ["S18", "服务器资源申请", "虚拟机或容器资源，须提交容量评估表", "5个工作日", "IT总监"],
        ["S19", "数据库只读账号", "仅限生产库的只读副本", "3个工作日", "数据负责人"],
        ["S20", "外设领用", "键盘、鼠标、耳机等标准外设", "当天", "无需审批"],
        ["S21", "显示器加配", "第二台24英寸显示器", "3个工作日", "部门经理"],
        ["S22", "出差备用机借用", "借用期最长21天，逾期须续借", "1个工作日", "部门经理"],
        ["S23", "加密移动硬盘", "1TB硬件加密移动硬盘，按项目登记", "3个工作日", "信息安全组"],
        ["S24", "IT技能培训", "每月第二个周四14:00在A座5楼培训室举办", "按培训计划", "无需审批"],
    ]
    out.append(table(s, catalog, [14 * mm, 32 * mm, 62 * mm, 30 * mm, 32 * mm], repeat=0, size=9.0))
    out += [
        h1(s, "4　账号与密码"),
        para(
            s,
            zt("""
        4.1　域账号密码长度不少于12位，须包含大写字母、小写字母、数字和特殊字符中的至少三类；
        密码每90天必须更换一次，新密码不得与最近5次使用过的密码相同。
        """),
        ),
        para(
            s,
            zt("""
        4.2　连续输错密码5次，账号将被锁定30分钟，锁定期满后自动解锁；如需立即解锁，
        可按S08办理。访问邮箱、VPN及财务系统时须通过手机令牌进行双因素认证。
        """),
        ),
        h1(s, "5　数据备份"),
        para(
            s,
            zt("""
        5.1　文件服务器每日23:00进行增量备份，每周六2:00进行全量备份，备份数据保留35天；
        每月最后一个周日将全量备份复制到曲靖灾备中心，异地副本保留12个月。
        """),
        ),
        para(
            s,
            zt("""
        5.2　员工个人电脑的本地文件不在备份范围内，重要资料请保存在个人网盘或部门共享
        文件夹中。个人网盘容量为每人200GB。
        """),
        ),
        h1(s, "6　设备管理"),
        para(
            s,
            zt("""
        6.1　公司配发的笔记本电脑使用年限为4年，到期后由信息技术部统一回收更换。设备丢失
        的，员工应在24小时内报告服务台并向公安机关报案。
        """),
        ),
        para(
            s,
            zt("""
        6.2　严禁在公司设备上安装未经授权的软件。信息安全组每季度抽查一次终端合规情况，
        抽查结果通报至各部门负责人。
        """),
        ),
    ]
    return out


def it_service_hans() -> DocSpec:
    return DocSpec(
        name="it-service-handbook-zh-hans.pdf",
        title="云岭数据科技有限公司IT服务手册",
        author="云岭数据科技有限公司信息技术部",
        header="云岭数据科技有限公司　信息技术部　内部资料",
        footer=lambda p, n: f"第 {p} 页",
        story=_it_hans_story,
        chrome_font=CJK_FONT,
    )


# ---------------------------------------------------------------------------
# 9. zh-Hans: price list, one page holding a single 48-row table
# ---------------------------------------------------------------------------

_PRICE_ROWS: list[tuple[str, str, str, str, str]] = [
    ("A4复印纸", "70g，500张/包，5包/箱", "箱", "158.00", ""),
    ("A4复印纸", "80g，500张/包，5包/箱", "箱", "186.00", "热销"),
    ("A3复印纸", "80g，500张/包，4包/箱", "箱", "298.00", ""),
    ("彩色复印纸", "A4 80g，混色，100张/包", "包", "16.50", ""),
    ("中性笔", "0.5mm 黑色，12支/盒", "盒", "18.00", ""),
    ("中性笔替芯", "0.5mm 黑色，20支/盒", "盒", "12.00", ""),
    ("圆珠笔", "0.7mm 蓝色，50支/盒", "盒", "45.00", ""),
    ("白板笔", "可擦 黑/红/蓝三色，10支/盒", "盒", "22.00", ""),
    ("荧光笔", "6色套装", "套", "9.80", ""),
    ("自动铅笔", "0.5mm 金属笔杆", "支", "6.50", ""),
    ("长尾夹", "25mm，24只/筒", "筒", "7.20", ""),
    ("回形针", "29mm 镀镍，100枚/盒", "盒", "2.50", ""),
    ("订书机", "12号 省力型，可订25页", "台", "23.00", ""),
    ("订书钉", "12号，1000枚/盒", "盒", "1.80", "最少订购10盒"),
    ("重型订书机", "可订200页", "台", "128.00", ""),
    ("文件夹", "A4 双强力夹", "个", "8.60", ""),
    ("档案盒", "A4 塑料 55mm", "个", "11.50", ""),
    ("拉链袋", "A4 网格，10个/包", "包", "13.00", ""),
    ("便利贴", "76×76mm，100张×12本", "包", "19.90", ""),
    ("笔记本", "B5 无线装订，80页", "本", "5.20", ""),
    ("皮面笔记本", "A5 带笔插，可定制LOGO", "本", "42.00", "定制需50本起"),
    ("计算器", "12位 太阳能双电源", "台", "39.00", ""),
    ("剪刀", "不锈钢 210mm", "把", "8.50", ""),
    ("美工刀", "18mm 大号，含刀片5片", "把", "6.80", ""),
    ("透明胶带", "48mm×100m，6卷/筒", "筒", "24.00", ""),
    ("双面胶", "12mm×10m，10卷/包", "包", "9.00", ""),
    ("打印机硒鼓", "HP CF228A 兼容", "个", "135.00", "原装另询"),
    ("打印机硒鼓", "Brother TN-2325 兼容", "个", "88.00", ""),
    ("喷墨墨盒", "Epson T664 四色套装", "套", "96.00", ""),
    ("碳带", "110mm×300m 蜡基", "卷", "32.00", ""),
    ("标签打印机", "热敏 便携式，蓝牙连接", "台", "268.00", ""),
    ("激光打印机", "黑白 A4，每分钟30页，双面", "台", "1,299.00", "含1年上门保修"),
    ("彩色激光多功能一体机", "A4 打印/复印/扫描，每分钟22页", "台", "3,880.00", "含3年上门保修"),
    ("碎纸机", "5级保密，连续碎纸15分钟", "台", "699.00", ""),
    ("过塑机", "A3 冷热两用", "台", "218.00", ""),
    ("装订机", "热熔装订，单次30mm", "台", "1,160.00", ""),
    ("投影仪", "3800流明，1080P", "台", "3,299.00", ""),
    ("投影幕布", "100英寸 电动", "幅", "760.00", "安装费另计"),
    ("移动白板", "120×90cm 双面磁性", "块", "389.00", ""),
    ("办公椅", "人体工学网椅，带头枕", "把", "589.00", ""),
    ("会议椅", "弓形 皮面", "把", "216.00", ""),
    ("文件柜", "钢制 四门，1850×900×390mm", "组", "1,050.00", "送货上楼"),
    ("U盘", "64GB USB3.2 金属", "个", "42.00", ""),
    ("移动硬盘", "2TB USB3.0", "个", "459.00", ""),
    ("无线键鼠套装", "2.4G 静音", "套", "99.00", ""),
    ("电源插座", "6位 总控 3米", "个", "49.00", ""),
    ("桶装水", "18.9L 饮用天然水", "桶", "22.00", "押桶费30元"),
    ("抽纸", "3层 130抽，24包/箱", "箱", "66.00", ""),
    ("垃圾袋", "50×60cm 加厚，100只", "包", "15.00", ""),
]


def _price_story() -> Story:
    s = ZH
    out: Story = [
        title(s, "广州市晨曦办公设备有限公司　产品报价单"),
        subtitle(s, "报价编号：CX-Q-2025-0917　报价日期：2025年9月17日"),
        para(s, "致：广东粤海港口物流有限公司　行政部　梁嘉欣女士"),
        para(
            s,
            zt("""
        感谢贵司对我司产品的关注。根据贵司2025年9月12日的询价，现将2025年第三季度办公用品
        及办公设备报价奉上，详细价格见第2页报价明细表。报价说明如下：
        """),
        ),
    ]
    out += items(
        s,
        [
            "1．本报价单所列单价均为含税价，已包含13%增值税，可开具增值税专用发票。",
            "2．本报价自报价日期起30天内有效，逾期请重新询价。",
            "3．单笔订单金额满5,000元（含）的，广州市区内免运费；不足5,000元的，每单收取运费50元。"
            "广州市区以外的运费按实际物流费用结算。",
            "4．常规商品在合同签订并收到预付款后7个工作日内交货；定制类商品交货期为15个工作日。",
            "5．付款方式：合同签订后预付30%，货到验收合格后15日内支付余款。",
            "6．办公设备类商品按厂家标准提供保修服务，备注中另有说明的以备注为准。",
        ],
        hang=5 * mm,
    )
    out += [
        Spacer(1, 6 * mm),
        para(
            s, "业务联系人：何志鹏　手机：139-2277-6150　电子邮箱：sales@chenxi-office.example.cn"
        ),
        para(s, "公司地址：广州市天河区科韵路16号信息港B座1108室　服务热线：020-3899 6688"),
        PageBreak(),
        Paragraph("报价明细表（单位：元，含税）", s.style(size=12, bold=True, after=4)),
    ]
    rows = [["序号", "品名", "规格型号", "单位", "单价", "备注"]]
    for i, (name, spec, unit, price, remark) in enumerate(_PRICE_ROWS, start=1):
        rows.append([f"{i:02d}", name, spec, unit, price, remark])
    out.append(
        table(
            s,
            rows,
            [12 * mm, 38 * mm, 56 * mm, 12 * mm, 22 * mm, 30 * mm],
            size=8.0,
            right=(4,),
            center=(0, 3),
            padding=1.25,
            zebra=True,
        )
    )
    out += [
        PageBreak(),
        h1(s, "批量采购折扣"),
        table(
            s,
            [
                ["单笔订单金额（含税）", "折扣", "适用范围"],
                ["5,000元以下", "不打折", "全部商品"],
                ["5,000元至19,999元", "九八折", "全部商品"],
                ["20,000元至49,999元", "九五折", "办公用品类；办公设备类九八折"],
                ["50,000元及以上", "九二折", "办公用品类；办公设备类九五折"],
            ],
            [56 * mm, 30 * mm, 70 * mm],
            size=9.5,
        ),
        h1(s, "售后服务条款"),
    ]
    out += items(
        s,
        [
            "1．收货时请当场核对数量及外观，外观破损或数量不符的，请在签收后48小时内提出。",
            "2．办公用品类商品未拆封的，自签收之日起7日内可无理由退换；已拆封的不予退换。",
            "3．办公设备在保修期内出现非人为故障的，我司在接到报修后4小时内响应，"
            "广州市区内24小时内上门。",
            "4．硒鼓、墨盒等耗材兼容产品如造成打印机损坏，由我司负责维修或赔偿。",
            "5．本报价单经双方盖章确认后，可作为合同附件使用。",
        ],
        hang=5 * mm,
    )
    out += [
        Spacer(1, 10 * mm),
        para(s, "广州市晨曦办公设备有限公司（盖章）　　　　　客户确认（盖章）："),
        para(s, "日期：2025年9月17日　　　　　　　　　　　　日期："),
    ]
    return out


def price_list_hans() -> DocSpec:
    return DocSpec(
        name="price-list-zh-hans.pdf",
        title="广州市晨曦办公设备有限公司产品报价单",
        author="广州市晨曦办公设备有限公司",
        header="晨曦办公设备　报价单（含税价）",
        header_right="CX-Q-2025-0917",
        footer=lambda p, n: f"— {p} —",
        story=_price_story,
        chrome_font=CJK_FONT,
    )


# ---------------------------------------------------------------------------
# 10. zh-Hans: shuttle-bus timetable (borderless tables aligned by whitespace)
# ---------------------------------------------------------------------------


def _times(start: str, offsets: Sequence[int]) -> list[str]:
    h, m = (int(x) for x in start.split(":"))
    base = h * 60 + m
    return [f"{(base + o) // 60}:{(base + o) % 60:02d}" for o in offsets]


def _timetable(
    look: Look,
    stops: Sequence[str],
    starts: Sequence[str],
    offsets: Sequence[int],
    *,
    label: str = "班次",
    skips: dict[tuple[int, int], str] | None = None,
    size: float = 9.5,
) -> Any:
    """Stops down the side, one column per departure; ``skips`` maps (stop, run) to a mark."""
    head = ["站点"] + [f"{label}{i}" for i in range(1, len(starts) + 1)]
    cols = [_times(t, offsets) for t in starts]
    rows = [head]
    for si, stop in enumerate(stops):
        row = [stop]
        for ri, col in enumerate(cols):
            mark = (skips or {}).get((si, ri))
            row.append(mark if mark is not None else col[si])
        rows.append(row)
    first = 44 * mm
    rest = (170 * mm - first) / len(starts)
    return table(
        look,
        rows,
        [first] + [rest] * len(starts),
        ruled=False,
        repeat=1,
        size=size,
        center=tuple(range(1, len(starts) + 1)),
        padding=2.5,
    )


def _shuttle_story() -> Story:
    s = ZH
    out: Story = [
        title(s, "杭州云溪科技园员工通勤班车时刻表"),
        subtitle(s, "2025年9月1日起执行　云溪科技园管理委员会园区服务中心发布"),
        para(
            s,
            zt("""
        为方便园区企业员工通勤，园区服务中心开通三条通勤班车线路及一条午间园区环线。
        班车免费乘坐，凭园区工牌或企业员工电子码上车。本时刻表自2025年9月1日起执行，
        原2025年3月版时刻表同时作废。
        """),
        ),
        h1(s, "一、1号线　良渚地铁站—云溪科技园（工作日）"),
        h2(s, "早班：良渚地铁站→园区"),
        _timetable(
            s,
            ["良渚地铁站B口", "玉鸟路口", "云溪北门", "园区A座", "园区C座"],
            ["7:10", "7:30", "7:50", "8:05", "8:20", "8:35", "8:50"],
            [0, 6, 14, 18, 22],
            skips={(1, 5): "—"},
        ),
        h2(s, "晚班：园区→良渚地铁站"),
        _timetable(
            s,
            ["园区C座", "园区A座", "云溪北门", "玉鸟路口", "良渚地铁站B口"],
            ["17:35", "17:50", "18:05", "18:20", "18:40", "19:10", "20:30"],
            [0, 4, 9, 16, 23],
        ),
        note(s, "注：早班1号线第6班次（8:35发车）不停靠玉鸟路口，表中以“—”表示不停靠。"),
        h1(s, "二、2号线　文一西路—云溪科技园（工作日）"),
        h2(s, "早班：文一西路站→园区"),
        _timetable(
            s,
            ["文一西路站", "五常大道口", "闲林港", "云溪南门", "园区D座"],
            ["7:00", "7:25", "7:45", "8:10"],
            [0, 9, 17, 31, 35],
        ),
        h2(s, "晚班：园区→文一西路站"),
        _timetable(
            s,
            ["园区D座", "云溪南门", "闲林港", "五常大道口", "文一西路站"],
            ["17:40", "18:10", "18:45", "19:30"],
            [0, 5, 18, 27, 38],
        ),
    ]
    out += [
        PageBreak(),
        h1(s, "三、3号线　萧山（市心广场）—云溪科技园（工作日）"),
        h2(s, "早班：市心广场→园区"),
        _timetable(
            s,
            ["市心广场", "萧山科技城", "钱江世纪城", "之江大桥北", "云溪南门", "园区B座"],
            ["6:50", "7:15", "7:40"],
            [0, 12, 26, 45, 62, 66],
        ),
        h2(s, "晚班：园区→市心广场"),
        _timetable(
            s,
            ["园区B座", "云溪南门", "之江大桥北", "钱江世纪城", "萧山科技城", "市心广场"],
            ["17:45", "18:30", "19:20"],
            [0, 4, 22, 41, 55, 68],
        ),
        h1(s, "四、午间园区环线（工作日11:30—13:30）"),
        para(
            s,
            zt("""
        环线自园区A座出发，依次经停园区B座、员工餐厅、园区C座、园区D座、健身中心，
        返回园区A座，每15分钟一班，首班11:30，末班13:30，单程约12分钟。
        """),
        ),
        h1(s, "五、周末及节假日安排"),
        para(
            s,
            zt("""
        周六仅开行1号线，早班两班（8:00、8:40自良渚地铁站B口发车），晚班两班（17:40、
        18:30自园区C座发车）；周日及法定节假日全部线路停运。节假日调休工作日按工作日
        时刻表运行。
        """),
        ),
        h1(s, "六、乘车须知"),
    ]
    out += items(
        s,
        [
            "1．班车准点发车，不等候迟到乘客，请提前5分钟到站候车。",
            "2．上车须刷园区工牌或出示企业员工电子码，访客乘车须由接待企业提前一天登记。",
            "3．车内禁止饮食、吸烟；请系好安全带，站立乘车时请握紧扶手。",
            "4．遇台风、暴雨等恶劣天气，班车可能调整或停运，以“云溪园区”微信公众号通知为准。",
            "5．班车调度电话：0571-8866 2311（工作日6:30—20:30）；失物招领：园区服务中心"
            "（A座1楼），电话0571-8866 2300。",
        ],
        hang=5 * mm,
    )
    return out


def shuttle_hans() -> DocSpec:
    return DocSpec(
        name="shuttle-timetable-zh-hans.pdf",
        title="杭州云溪科技园员工通勤班车时刻表",
        author="云溪科技园管理委员会园区服务中心",
        header="云溪科技园管理委员会　园区服务中心",
        footer=lambda p, n: f"第 {p} 页 / 共 {n} 页",
        story=_shuttle_story,
        chrome_font=CJK_FONT,
    )


# ---------------------------------------------------------------------------
# 11. zh-Hans: procurement rules and a filled-in purchase request form
# ---------------------------------------------------------------------------


def _procurement_story() -> Story:
    s = ZH_J
    out: Story = [
        title(s, "北辰材料研究院采购管理规定"),
        subtitle(s, "院发〔2025〕14号　2025年3月18日院长办公会审议通过　资产与采购处"),
    ]
    sections: list[tuple[str, list[str]]] = [
        (
            "一、总则",
            [
                zt("""
            1.1　为规范本院货物、工程和服务的采购行为，提高经费使用效益，防范廉政风险，
            根据国家有关法律法规及上级主管部门的规定，制定本规定。
            """),
                zt("""
            1.2　本规定适用于本院各部门、各研究室使用财政资金、科研经费及自有资金开展的
            采购活动。资产与采购处是本院采购工作的归口管理部门。
            """),
            ],
        ),
        (
            "二、采购方式与限额",
            [
                zt("""
            2.1　采购方式根据单项或批量采购预算金额确定，具体限额、采购方式及审批权限见
            附表。同一年度内同一品目的采购不得拆分规避限额。
            """),
                zt("""
            2.2　询价采购应向不少于三家符合条件的供应商询价，询价记录须由两名以上工作人员
            签字确认。因技术复杂或性质特殊只能从唯一供应商处采购的，须经专家论证并在院网站
            公示五个工作日。
            """),
                zt("""
            2.3　单价在1,000元以下的办公耗材，可通过院电子商城直接下单，不需要填写采购
            申请单，但须在每季度末由部门汇总报资产与采购处备案。
            """),
            ],
        ),
        (
            "三、采购程序",
            [
                zt("""
            3.1　采购需求部门应填写《采购申请单》，写明物品名称、规格、数量、预算金额及
            经费来源，经部门负责人和经费负责人签字后报资产与采购处。
            """),
                zt("""
            3.2　资产与采购处在收到完整的申请材料后三个工作日内完成审核并确定采购方式；
            需要公开招标的，委托招标代理机构组织实施，招标公告期不少于二十日。
            """),
                zt("""
            3.3　预算金额在50万元以上的仪器设备，须在申请前组织不少于五名专家进行可行性
            论证，论证报告随采购申请单一并提交。
            """),
                zt("""
            3.4　合同签订后，采购需求部门负责跟踪履约。货物到货后十个工作日内，由需求部门
            会同资产与采购处完成验收；单价20万元以上的设备须邀请两名院外专家参与验收。
            """),
            ],
        ),
        (
            "四、付款与归档",
            [
                zt("""
            4.1　合同约定预付款的，预付比例一般不超过合同金额的30%；验收合格后支付至合同
            金额的95%，剩余5%作为质量保证金，在质保期满且无质量问题后支付。
            """),
                zt("""
            4.2　采购文件包括申请单、询价或招标文件、合同、验收单及付款凭证，由资产与采购处
            统一归档，保存期限不少于十五年。
            """),
            ],
        ),
        (
            "五、监督与责任",
            [
                zt("""
            5.1　纪检监察室对采购活动进行监督。采购人员与供应商存在利害关系的，应当主动
            回避。
            """),
                zt("""
            5.2　本规定自发布之日起施行，由资产与采购处负责解释。咨询电话：010-6275 3180。
            """),
            ],
        ),
    ]
    for head, paras in sections:
        out.append(h2(s, head))
        out += [para(s, text) for text in paras]
    out += [
        h1(s, "附表　采购限额、方式及审批权限"),
        table(
            s,
            [
                ["预算金额（单项或批量）", "采购方式", "审批人", "办理时限"],
                ["1万元以下", "部门自行采购", "部门负责人", "—"],
                [
                    "1万元至20万元（不含）",
                    "询价采购，\n不少于3家供应商",
                    "部门负责人、\n资产与采购处处长",
                    "10个工作日",
                ],
                ["20万元至100万元（不含）", "竞争性谈判或\n竞争性磋商", "分管副院长", "25个工作日"],
                ["100万元及以上", "公开招标", "院长办公会", "45个工作日"],
            ],
            [46 * mm, 40 * mm, 46 * mm, 32 * mm],
            size=9.5,
        ),
        note(s, "注：办理时限自资产与采购处确定采购方式之日起计算，不含合同签订后的供货时间。"),
        PageBreak(),
        Paragraph(
            "北辰材料研究院采购申请单（填写示例）",
            s.style(size=15, bold=True, align=TA_CENTER, after=8),
        ),
    ]
    form = [
        ["申请部门", "高分子材料研究室", "申请日期", "2025年4月7日"],
        ["申请人", "周立新", "联系电话", "010-6275 3362"],
        ["物品名称", "差示扫描量热仪", "规格型号", "DSC 3500 Sirius"],
        ["数量", "1台", "预算金额", "186,000.00元"],
        ["经费来源", "国家重点研发计划课题", "项目编号", "2024YFB3801200"],
        ["经费负责人", "韩静怡", "交货地点", "科研楼C座307实验室"],
        ["期望到货日期", "2025年6月30日前", "建议采购方式", "询价采购"],
        [
            "用途说明",
            "用于聚合物材料玻璃化转变温度及结晶行为测试，现有设备已使用11年，"
            "故障率高，无法满足课题测试需求。",
            "",
            "",
        ],
        [
            "推荐供应商",
            "1．北京中科仪联科技有限公司\n2．上海谱析仪器有限公司\n3．天津精测分析设备有限公司",
            "",
            "",
        ],
        ["部门负责人意见", "同意。　签字：陈国栋　2025年4月8日", "", ""],
        ["资产与采购处意见", "（由资产与采购处填写）", "", ""],
    ]
    data: list[list[Any]] = []
    cell = s.style(size=10, leading=14, align=TA_LEFT)
    for row in form:
        data.append([Paragraph(_cell_text(c), cell) for c in row])
    grid = Table(data, colWidths=[34 * mm, 56 * mm, 30 * mm, 50 * mm])
    cmds: list[tuple[Any, ...]] = [
        ("GRID", (0, 0), (-1, -1), 0.8, colors.black),
        ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
        ("TOPPADDING", (0, 0), (-1, -1), 7),
        ("BOTTOMPADDING", (0, 0), (-1, -1), 7),
        ("BACKGROUND", (0, 0), (0, -1), colors.HexColor("#EDEDED")),
    ]
    for r in range(7):
        cmds.append(("BACKGROUND", (2, r), (2, r), colors.HexColor("#EDEDED")))
    for r in range(7, len(form)):
        cmds.append(("SPAN", (1, r), (3, r)))
    grid.setStyle(TableStyle(cmds))
    out += [
        grid,
        Spacer(1, 6 * mm),
        note(
            s,
            zt("""
        填表说明：1．预算金额应填写含税总价，精确到分。2．经费来源为科研项目的，须填写项目
        编号并由经费负责人签字。3．预算金额1万元以上的，须至少推荐三家供应商。4．本单一式
        两份，资产与采购处和申请部门各留存一份。
        """),
        ),
    ]
    return out


def procurement_hans() -> DocSpec:
    return DocSpec(
        name="procurement-rules-zh-hans.pdf",
        title="北辰材料研究院采购管理规定",
        author="北辰材料研究院资产与采购处",
        header="北辰材料研究院　资产与采购处",
        header_right="院发〔2025〕14号",
        footer=lambda p, n: f"{p}/{n}",
        footer_align="right",
        story=_procurement_story,
        chrome_font=CJK_FONT,
    )


# ---------------------------------------------------------------------------
# 12. zh-Hans: training course catalogue in two columns
# ---------------------------------------------------------------------------

_TRAINING: list[tuple[str, str, str, str, str, str, str]] = [
    # (section, name, code, hours, fee, start, teacher+description)
    (
        "数据与编程",
        "Python数据分析实战",
        "QH-DA-201",
        "48课时",
        "3,680元",
        "2025年9月13日（周六）",
        "林晓峰|从Pandas数据清洗、可视化到简单的回归与分类模型，"
        "以电商与零售数据为案例，每次课配套上机练习。适合有Excel基础、希望转向数据岗位的学员。",
    ),
    (
        "数据与编程",
        "SQL与数据库应用",
        "QH-DA-105",
        "32课时",
        "2,280元",
        "2025年9月16日（周二晚）",
        "郑雨涵|讲授MySQL查询、多表关联、窗口函数与索引优化，"
        "结业时完成一份销售报表项目。零基础可报名。",
    ),
    (
        "数据与编程",
        "机器学习入门",
        "QH-AI-301",
        "60课时",
        "5,200元",
        "2025年10月11日（周六）",
        "高明远|涵盖监督学习、特征工程、模型评估及Scikit-learn实践，"
        "要求学员已掌握Python基础语法，开课前须通过入学测试。",
    ),
    (
        "数据与编程",
        "Excel高效办公",
        "QH-OF-102",
        "16课时",
        "980元",
        "2025年9月20日（周六）",
        "宋佳宁|函数、数据透视表、Power Query与动态图表，课程连续两个周六全天授课。",
    ),
    (
        "设计与媒体",
        "UI/UX界面设计",
        "QH-DS-210",
        "56课时",
        "4,600元",
        "2025年9月27日（周六）",
        "许若溪|使用Figma完成从用户调研、信息架构到高保真原型的"
        "完整流程，结业作品可用于求职作品集。",
    ),
    (
        "设计与媒体",
        "短视频拍摄与剪辑",
        "QH-MD-115",
        "24课时",
        "1,880元",
        "2025年10月8日（周三晚）",
        "韩子墨|手机拍摄构图、灯光、剪映与Premiere剪辑，学员需自备手机和笔记本电脑。",
    ),
    (
        "设计与媒体",
        "平面设计基础",
        "QH-DS-101",
        "40课时",
        "2,980元",
        "2025年9月14日（周日）",
        "罗诗琪|Photoshop与Illustrator基础、版式与配色原理，适合零基础学员。",
    ),
    (
        "职业技能",
        "项目管理PMP备考",
        "QH-PM-401",
        "35课时",
        "6,800元",
        "2025年10月18日（周六）",
        "唐振宇|覆盖PMBOK第七版及敏捷实践，满足PMP考试所需35学时培训证明；学费不含考试报名费。",
    ),
    (
        "职业技能",
        "商务英语写作",
        "QH-EN-203",
        "30课时",
        "2,400元",
        "2025年9月18日（周四晚）",
        "Emily Zhou|邮件、报告与会议纪要写作，小班授课，每班不超过15人。",
    ),
    (
        "职业技能",
        "财务报表分析",
        "QH-FN-220",
        "24课时",
        "2,160元",
        "2025年10月12日（周日）",
        "何雅琴|资产负债表、利润表与现金流量表的解读及常用财务比率，适合非财务背景管理者。",
    ),
    (
        "职业技能",
        "人力资源管理师（三级）考前辅导",
        "QH-HR-330",
        "64课时",
        "3,980元",
        "2025年9月21日（周日）",
        "王立群|对应国家职业技能等级认定三级考试，含两次全真模拟考试。",
    ),
    (
        "职业技能",
        "公众演讲与表达",
        "QH-SK-108",
        "18课时",
        "1,580元",
        "2025年11月1日（周六）",
        "冯书瑶|演讲结构、声音训练与即兴表达，每位学员课上至少完成三次录像点评。",
    ),
]


def _training_story() -> Story:
    s = Look(CJK_FONT, CJK_FONT, cjk=True, size=10.0, justify=True)
    out: Story = [
        title(s, "启航职业培训学院　2025年秋季课程目录", size=18),
        subtitle(s, "报名咨询：400-820-6618　地址：上海市徐汇区漕溪北路398号汇智大厦9楼"),
    ]
    out += two_col_start()
    out += [
        h2(s, "学院简介"),
        para(
            s,
            zt("""
        启航职业培训学院成立于2012年，是经上海市人力资源和社会保障局批准设立的职业技能培训
        机构，累计培训学员超过四万人次。秋季班共开设12门课程，均采用小班面授，部分课程
        提供线上直播同步听课。
        """),
        ),
        h2(s, "课程一览"),
    ]
    section = ""
    head_style = s.style(size=11, bold=True, before=5, after=2)
    info = s.style(size=9, leading=13, after=1)
    for sec, name, code, hours, fee, start, rest in _TRAINING:
        teacher, desc = rest.split("|", 1)
        if sec != section:
            section = sec
            out.append(Paragraph(f"■ {sec}类", s.style(size=12, bold=True, before=8, after=2)))
        out.append(
            KeepTogether(
                [
                    Paragraph(name, head_style),
                    Paragraph(f"课程编号：{code}　课时：{hours}　学费：{fee}", info),
                    Paragraph(f"开课日期：{start}　讲师：{teacher}", info),
                    Paragraph(desc, s.style(size=9.5, after=4)),
                ]
            )
        )
    out += [
        h2(s, "秋季班上课时间一览"),
        table(
            s,
            [
                ["课程编号", "每周上课时间", "教室"],
                ["QH-DA-201", "周六 9:00-12:00", "901"],
                ["QH-DA-105", "周二 19:00-21:30", "903"],
                ["QH-AI-301", "周六 13:30-17:30", "1002"],
                ["QH-OF-102", "周六 9:00-17:00", "905"],
                ["QH-DS-210", "周六 13:30-17:00", "1005"],
                ["QH-MD-115", "周三 19:00-21:00", "906"],
                ["QH-DS-101", "周日 9:00-12:00", "1003"],
                ["QH-PM-401", "周六、周日\n9:00-16:30", "1001"],
                ["QH-EN-203", "周四 19:00-21:00", "902"],
                ["QH-FN-220", "周日 13:30-17:00", "904"],
                ["QH-HR-330", "周日 9:00-16:00", "1006"],
                ["QH-SK-108", "周六 14:00-17:00", "907"],
            ],
            [26 * mm, 34 * mm, 16 * mm],
            size=8.5,
            center=(2,),
        ),
        note(s, "注：教室编号首位为楼层，如901为9楼01室。"),
        h2(s, "报名与缴费"),
        para(
            s,
            zt("""
        学员可通过学院官网、微信公众号“启航职训”或前台现场报名。报名时须缴纳全额学费，
        可使用微信、支付宝或银行转账。开课前14天（含）完成报名并缴费的，享受早鸟价，
        学费立减300元。
        """),
        ),
        h2(s, "优惠政策"),
    ]
    out += items(
        s,
        [
            "1．老学员（曾在本院完成任一课程）再次报名，学费九折。",
            "2．同一单位三人及以上同时报名同一课程，学费八五折。",
            "3．在校大学生凭学生证报名，学费八八折。",
            "4．以上优惠不可叠加，早鸟价可与老学员优惠同时使用。",
        ],
        hang=4 * mm,
    )
    out += [
        h2(s, "退费规定"),
        para(
            s,
            zt("""
        开课前7天（含）以前申请退课的，全额退还学费；开课前7天以内申请的，扣除学费的10%
        作为手续费；开课后第一次课结束前申请的，退还学费的70%；第一次课结束后不予退费，
        但可申请保留学籍，转入下一期同一课程，保留期限为一年。
        """),
        ),
        h2(s, "证书"),
        para(
            s,
            zt("""
        学员出勤率达到80%且通过结业考核的，颁发启航职业培训学院结业证书；人力资源管理师
        等职业技能等级认定课程，另须参加认定机构统一组织的考试。
        """),
        ),
        h2(s, "上课地点与交通"),
        para(
            s,
            zt("""
        面授课程在汇智大厦9楼及10楼教室上课，地铁1号线、4号线上海体育馆站3号口出站步行
        约6分钟。大厦地下停车场对学员优惠停车，每次5元（限4小时）。
        """),
        ),
    ]
    return out


def training_catalog_hans() -> DocSpec:
    return DocSpec(
        name="training-catalog-zh-hans.pdf",
        title="启航职业培训学院2025年秋季课程目录",
        author="启航职业培训学院",
        header="启航职业培训学院　课程目录",
        footer=lambda p, n: f"第{p}页",
        story=_training_story,
        chrome_font=CJK_FONT,
        band=26 * mm,
    )


# ---------------------------------------------------------------------------
# 13. en: travel and expenses policy, hyphenated text drawn line by line,
#     city table over two pages with no repeated header
# ---------------------------------------------------------------------------

_CITY_CAPS: list[tuple[str, str, str, str, str]] = [
    ("London (inside M25)", "United Kingdom", "£185", "£45", "Includes Heathrow and Gatwick"),
    ("Birmingham", "United Kingdom", "£120", "£38", ""),
    ("Manchester", "United Kingdom", "£125", "£39", ""),
    ("Leeds", "United Kingdom", "£110", "£36", ""),
    ("Liverpool", "United Kingdom", "£108", "£36", ""),
    ("Bristol", "United Kingdom", "£118", "£37", ""),
    ("Southampton", "United Kingdom", "£102", "£35", "Port visits: use Dock Gate 10 hotel list"),
    ("Felixstowe / Ipswich", "United Kingdom", "£96", "£34", ""),
    ("Glasgow", "United Kingdom", "£115", "£37", ""),
    ("Edinburgh", "United Kingdom", "£142", "£40", "Cap rises to £210 during August festivals"),
    ("Aberdeen", "United Kingdom", "£112", "£37", ""),
    ("Cardiff", "United Kingdom", "£104", "£35", ""),
    ("Belfast", "United Kingdom", "£106", "£35", ""),
    ("Dublin", "Ireland", "€195", "€58", ""),
    ("Rotterdam", "Netherlands", "€175", "€55", ""),
    ("Amsterdam", "Netherlands", "€210", "€60", ""),
    ("Antwerp", "Belgium", "€160", "€52", ""),
    ("Brussels", "Belgium", "€180", "€56", ""),
    ("Hamburg", "Germany", "€170", "€54", ""),
    ("Frankfurt", "Germany", "€185", "€56", "Trade-fair weeks: book via travel desk"),
    ("Paris", "France", "€220", "€62", ""),
    ("Le Havre", "France", "€130", "€48", ""),
    ("Madrid", "Spain", "€165", "€50", ""),
    ("Barcelona", "Spain", "€186", "€53", ""),
    ("Valencia", "Spain", "€140", "€47", ""),
    ("Milan", "Italy", "€190", "€57", ""),
    ("Genoa", "Italy", "€145", "€49", ""),
    ("Copenhagen", "Denmark", "DKK 1,450", "DKK 420", ""),
    ("Oslo", "Norway", "NOK 1,900", "NOK 560", ""),
    ("Gothenburg", "Sweden", "SEK 1,650", "SEK 480", ""),
    ("Gdansk", "Poland", "PLN 480", "PLN 190", ""),
    ("Warsaw", "Poland", "PLN 620", "PLN 210", ""),
    ("New York", "United States", "US$310", "US$85", "Manhattan hotels only with approval"),
    ("Houston", "United States", "US$210", "US$70", ""),
    ("Los Angeles", "United States", "US$265", "US$78", ""),
    ("Montreal", "Canada", "C$260", "C$82", ""),
    ("Dubai", "United Arab Emirates", "AED 850", "AED 260", ""),
    ("Mumbai", "India", "INR 12,000", "INR 3,200", ""),
    ("Singapore", "Singapore", "S$320", "S$95", ""),
    ("Hong Kong", "China", "HK$1,900", "HK$560", ""),
    ("Shanghai", "China", "CNY 1,100", "CNY 380", ""),
    ("Tokyo", "Japan", "JPY 28,000", "JPY 8,500", ""),
]


def _travel_en_story() -> Story:
    look = EN
    serif = "Times-Roman"

    def tx(text: str) -> Any:
        return HyphenText(et(text), serif, 10.5, 14.0)

    def sec(text: str) -> Any:
        return Paragraph(text, look.style(size=12, bold=True, before=9, after=4))

    out: Story = [
        Paragraph("Travel and Expenses Policy", look.style(size=20, bold=True, after=4)),
        Paragraph(
            "Policy FIN-07 &middot; Version 5.2 &middot; Effective 1 April 2025 &middot; "
            "Owner: Group Finance",
            look.style(size=9.5, after=12),
        ),
        sec("1. Purpose and scope"),
        tx("""
        1.1 This policy explains how Northbridge Logistics Ltd books business travel and how
        employees claim reim~burse~ment of expenses they incur while working away from
        their normal place of work. It applies to all employees, to con~trac~tors engaged
        for more than three months and to members of the board.
        """),
        tx("""
        1.2 Travel should be undertaken only when a meeting cannot reasonably be held by
        video con~fer~ence. Em~ploy~ees are expected to choose the most economical option
        that meets the business need, taking into account the total cost of the trip and
        the time spent travelling.
        """),
        sec("2. Booking travel"),
        tx("""
        2.1 All air and rail journeys must be booked through the company's travel
        man~age~ment company, Harwell Business Travel, at least 14 days before de~par~ture
        wherever possible. Bookings made less than 7 days before de~par~ture need the
        ap~prov~al of a director, recorded in the booking tool.
        """),
        tx("""
        2.2 Rail travel is in standard class. First class may be booked when the
        sched~uled journey time is longer than three hours, or when the first-class fare
        is cheaper than the standard fare on the day of booking.
        """),
        tx("""
        2.3 Flights are booked in economy class when the sched~uled flying time is under
        six hours and in premium economy when it is six hours or more. Business class is
        available only to director grade employees on flights longer than nine hours.
        """),
        tx("""
        2.4 Hire cars are limited to group C (compact) unless four or more employees
        travel together, in which case group F may be booked. Hire cars must be returned
        with a full tank; re~fuel~ling charges levied by the hire company are not
        re~im~bursed.
        """),
        sec("3. Accommodation"),
        tx("""
        3.1 Hotel costs are reim~bursed up to the nightly cap for the city shown in
        Table 1. The caps include taxes but exclude breakfast. Where no cap is listed the
        cap for the nearest listed city in the same country applies. Any excess over the
        cap must be ap~proved in advance by the budget holder.
        """),
        tx("""
        3.2 Employees who stay with friends or relatives instead of at a hotel may claim
        a flat allowance of £30 per night without receipts.
        """),
        sec("4. Meals and subsistence"),
        tx("""
        4.1 The daily meal allowance in Table 1 covers breakfast (where not included in
        the room rate), lunch, dinner and non-alcoholic drinks. It is paid against
        item~ised receipts up to the daily amount; unspent allowance cannot be carried
        over to another day.
        """),
        tx("""
        4.2 For day trips within the United Kingdom that last more than five hours, a
        lunch allowance of up to £9.50 may be claimed; for trips lasting more than ten
        hours, up to £22 may be claimed in total.
        """),
        Spacer(1, 4),
        Paragraph(
            "Table 1 &mdash; Nightly hotel caps and daily meal allowances by city",
            look.style(size=10.5, bold=True, after=4),
        ),
    ]
    rows = [["City", "Country", "Hotel cap per night", "Daily meal allowance", "Notes"]]
    rows += [list(r) for r in _CITY_CAPS]
    out.append(
        table(
            look,
            rows,
            [38 * mm, 34 * mm, 28 * mm, 28 * mm, 42 * mm],
            repeat=0,
            size=9.0,
            right=(2, 3),
        )
    )
    out += [
        sec("5. Mileage"),
        tx("""
        5.1 Employees who use their own car for business journeys may claim 45p per mile
        for the first 10,000 business miles in a tax year and 25p per mile thereafter.
        A passenger sup~ple~ment of 5p per mile is paid for each colleague carried.
        Motorcycles are reim~bursed at 24p per mile and bicycles at 20p per mile.
        """),
        tx("""
        5.2 Ordinary commuting between home and the normal place of work is not business
        mileage. Parking charges, tolls and congestion charges incurred on business
        journeys are reim~bursed against receipts; penalty charge notices are not.
        """),
        sec("6. Claims and approval"),
        tx("""
        6.1 Claims are submitted in ExpenseHub within 30 days of the end of the trip.
        Claims submitted more than 90 days after the expense was incurred will not be
        paid. An original or photographed receipt is required for every item over £25,
        and item~ised receipts are always required for meals.
        """),
        tx("""
        6.2 A line manager may approve claims of up to £2,500. Claims above £2,500 need the
        ap~prov~al of the budget holder, and claims above £10,000 need the additional
        ap~prov~al of the Finance Director. No one may approve their own claim or a claim
        that includes their own expenses.
        """),
        tx("""
        6.3 Approved claims are paid with the next monthly payroll if they are approved by
        the 18th of the month; claims approved later are paid in the following month's
        payroll.
        """),
        sec("7. Corporate cards"),
        tx("""
        7.1 Frequent travellers may be issued a corporate card with a monthly limit of
        £5,000. Card trans~ac~tions must be reconciled in ExpenseHub by the fifth working
        day of the following month; cards with trans~ac~tions unreconciled for more than
        60 days are suspended.
        """),
        sec("8. Items that are not reimbursed"),
        tx("""
        8.1 The company does not pay for fines of any kind, hotel minibar items, in-room
        films, personal en~ter~tain~ment, upgrades paid for with personal loyalty points,
        or the loss of personal belongings. Alcohol is reim~bursed only when it forms part
        of an approved client en~ter~tain~ment event.
        """),
        sec("9. Contacts"),
        tx("""
        9.1 Questions about this policy should be sent to the Travel Desk on extension 2240
        or travel@northbridge-logistics.example.co.uk. Questions about a specific claim
        should be sent to Accounts Payable on extension 2275.
        """),
    ]
    return out


def travel_policy_en() -> DocSpec:
    return DocSpec(
        name="travel-policy-en.pdf",
        title="Northbridge Logistics Travel and Expenses Policy",
        author="Northbridge Logistics Ltd, Group Finance",
        header="Northbridge Logistics \u2014 Internal",
        header_right="FIN-07 v5.2",
        footer=lambda p, n: f"Page {p} of {n}",
        footer_align="right",
        story=_travel_en_story,
        chrome_font="Helvetica",
    )


# ---------------------------------------------------------------------------
# 14. en: ICT service handbook of a district council, two columns
# ---------------------------------------------------------------------------


def _it_en_story() -> Story:
    s = Look("Helvetica", "Helvetica-Bold", cjk=False, size=10.0, justify=True)

    def p(text: str) -> Any:
        return para(s, et(text))

    out: Story = [
        title(s, "ICT Service Handbook for Staff", size=19),
        subtitle(
            s, "Harbourline District Council &middot; ICT Services &middot; Edition 4, January 2025"
        ),
        para(
            s,
            et("""
        This handbook tells Council staff how to get help from ICT Services, what to expect
        and when. It replaces Edition 3 (March 2023). Keep it with your induction pack.
        """),
            size=10,
        ),
    ]
    out += two_col_start()
    out += [
        h2(s, "1. Contacting the Service Desk"),
        p("""
        1.1 The Service Desk is open Monday to Friday from 07:30 to 18:00, except bank
        holidays. Call extension 4357 (HELP), or 01632 960 435 from outside the Council
        network, or log a ticket in the self-service portal at
        https://help.harbourline.example.gov.uk.
        """),
        p("""
        1.2 Outside opening hours, only Priority 1 incidents are handled. Report them to
        the out-of-hours line on 01632 960 999, which is staffed by the on-call engineer.
        """),
        p("""
        1.3 Walk-up help is available at the Tech Bar on the ground floor of the Civic
        Centre, Tuesday and Thursday from 10:00 to 15:00. Bring your device and your staff
        badge.
        """),
        h2(s, "2. Priorities and targets"),
        p("""
        2.1 Every incident is given a priority from P1 to P4 according to how many people
        are affected and how urgent the work is. The targets below are measured from the
        time the ticket is logged. Response means a named engineer has contacted you;
        resolution means service is restored, possibly by a workaround.
        """),
        table(
            s,
            [
                ["Priority", "Example", "Response", "Resolution"],
                [
                    "P1 Critical",
                    "Council website or telephony down for all users",
                    "20 minutes",
                    "2 hours",
                ],
                ["P2 High", "A whole team cannot use a key system", "1 hour", "8 business hours"],
                [
                    "P3 Normal",
                    "One user affected, a workaround exists",
                    "4 business hours",
                    "3 business days",
                ],
                [
                    "P4 Low",
                    "Requests, advice and planned changes",
                    "2 business days",
                    "15 business days",
                ],
            ],
            [17 * mm, 28 * mm, 17 * mm, 19 * mm],
            size=8.0,
        ),
        Spacer(1, 4),
        p("""
        2.2 If a target is missed you may ask for escalation to the Service Desk Team Leader
        on extension 4360. P1 incidents are managed by the Duty Manager, who sends an
        update to affected services every 30 minutes.
        """),
        h2(s, "3. Accounts and passwords"),
        p("""
        3.1 Network passwords must be at least 14 characters long. Passphrases made of
        four or more unrelated words are encouraged. Passwords expire only if there is a
        sign of compromise; you will not be asked to change them on a schedule.
        """),
        p("""
        3.2 Multi-factor authentication is required for email, the HR portal and remote
        access. After 10 failed sign-in attempts your account is locked for 15 minutes.
        """),
        p("""
        3.3 Accounts for new starters are requested by the line manager through the
        New Starter form at least 5 working days before the start date. Accounts of
        leavers are disabled at 17:00 on their last working day and deleted after 60 days.
        """),
        h2(s, "4. Devices"),
        p("""
        4.1 Standard staff laptops are replaced every four years. A second monitor,
        docking station and headset are issued on request at no charge to the team.
        """),
        p("""
        4.2 Lost or stolen devices must be reported to the Service Desk within 4 hours of
        discovery so that the device can be wiped remotely. A replacement laptop is
        normally issued within two working days.
        """),
        p("""
        4.3 Personal devices may connect only to the Guest Wi-Fi. Guest vouchers issued by
        reception are valid for 12 hours. Council mobile phones are enrolled in device
        management before issue.
        """),
        h2(s, "5. Email and storage"),
        p("""
        5.1 Each mailbox holds 100 GB. Attachments larger than 35 MB are blocked; use a
        OneDrive share link instead. Each member of staff has 1 TB of OneDrive storage.
        """),
        p("""
        5.2 Deleted files can be restored by the owner for 93 days. Shared drives are
        backed up every night at 22:00 and backups are kept for 12 months.
        """),
        h2(s, "6. Software"),
        p("""
        6.1 Approved software can be installed from Company Portal without a ticket. New
        software must be assessed by the Architecture Board, which meets on the first
        Wednesday of each month; allow 20 working days for the assessment.
        """),
        h2(s, "7. Security incidents"),
        p("""
        7.1 Forward suspicious emails with the Report Phishing button. If you have clicked
        a link or entered your password, call the Service Desk immediately; it is treated
        as a P2 incident. Data breaches must also be reported to the Information
        Governance Team within 24 hours.
        """),
        h2(s, "8. Service requests"),
        table(
            s,
            [
                ["Request", "Fulfilment target"],
                ["New starter account", "5 working days"],
                ["Shared mailbox", "3 working days"],
                ["Software from Company Portal", "Self-service"],
                ["Smartphone issue", "7 working days"],
                ["Remote access (VPN) token", "2 working days"],
                ["Meeting room AV support", "Book 48 hours ahead"],
                ["Restore a file from backup", "1 working day"],
            ],
            [47 * mm, 34 * mm],
            size=8.0,
        ),
        Spacer(1, 6),
        p("""
        Service performance is reported monthly to the Corporate Leadership Team. Comments
        on this handbook are welcome at ictfeedback@harbourline.example.gov.uk.
        """),
    ]
    return out


def it_handbook_en() -> DocSpec:
    return DocSpec(
        name="it-handbook-en.pdf",
        title="Harbourline District Council ICT Service Handbook",
        author="Harbourline District Council ICT Services",
        header="Harbourline District Council \u2014 ICT Services",
        header_align="left",
        footer=lambda p, n: f"ICT Service Handbook | {p}",
        footer_align="right",
        story=_it_en_story,
        chrome_font="Helvetica",
        band=50 * mm,
    )


# ---------------------------------------------------------------------------
# 15. en: conference-centre hire conditions with numbered clauses and a room table
# ---------------------------------------------------------------------------


def _venue_en_story() -> Story:
    s = EN_SERIF
    sans = EN

    def c(label: str, text: str) -> Any:
        return clause(s, label, et(text), hang=11 * mm)

    out: Story = [
        title(sans, "Riverside Conference Centre", size=20),
        subtitle(
            sans, "Conditions of Hire and House Rules &middot; valid for events from 1 January 2025"
        ),
        h1(sans, "1. Bookings"),
        c(
            "1.1",
            """A provisional booking is held for 10 calendar days. It becomes confirmed
        when the Centre receives the signed hire agreement and a deposit of 25% of the hire
        charge.""",
        ),
        c(
            "1.2",
            """The balance of the hire charge is due 21 days before the event. Bookings
        made less than 21 days before the event must be paid in full at the time of
        booking.""",
        ),
        c(
            "1.3",
            """Final guest numbers and catering choices must be confirmed 7 days before
        the event. Charges are based on the confirmed number or the actual number attending,
        whichever is greater.""",
        ),
        c(
            "1.4",
            """Charitable organisations registered in the United Kingdom receive a
        discount of 15% on room hire (not on catering) for events held Monday to
        Thursday.""",
        ),
        h1(sans, "2. Cancellation"),
        c(
            "2.1",
            """Cancellations must be made in writing. If the hirer cancels more than
        60 days before the event, the deposit is refunded less an administration fee of
        £150.""",
        ),
        c(
            "2.2",
            """If the hirer cancels between 60 and 28 days before the event, the deposit
        is retained. If the hirer cancels less than 28 days before the event, the full hire
        charge is payable.""",
        ),
        c(
            "2.3",
            """The Centre may cancel a booking if the event is likely to breach these
        conditions or the law; in that case all payments are refunded in full.""",
        ),
        h1(sans, "3. Access and timings"),
        c(
            "3.1",
            """The building opens to hirers at 07:00. All events must finish by 23:00 and
        the building must be vacated by 23:30. Late finishes are charged at £120 for each
        additional 30 minutes or part of 30 minutes.""",
        ),
        c(
            "3.2",
            """Set-up and breakdown time is charged at half the hourly room rate. Deliveries
        are accepted through the loading bay on Wharf Lane between 08:00 and 17:00 on weekdays
        only, and must be labelled with the event name and date.""",
        ),
        c(
            "3.3",
            """The weekly fire alarm test takes place every Wednesday at 10:15. It lasts
        less than one minute and the building does not need to be evacuated.""",
        ),
        h1(sans, "4. Rooms and charges"),
        c(
            "4.1",
            """Room capacities and hire charges are set out in the table below. Charges
        exclude VAT. A half day is up to four hours between 08:00 and 13:00 or between 13:30
        and 17:30; a full day is 08:00 to 17:30; evening hire runs from 18:00 to 23:00.""",
        ),
    ]
    out.append(
        table(
            sans,
            [
                ["Room", "Theatre", "Classroom", "Banquet", "Half day", "Full day", "Evening"],
                ["Thames Hall", "480", "260", "320", "£1,950", "£3,400", "£2,300"],
                ["Mercer Suite", "180", "96", "120", "£780", "£1,360", "£900"],
                ["Lockside Room", "80", "44", "56", "£410", "£720", "£480"],
                ["Boathouse Room", "40", "24", "30", "£240", "£420", "£290"],
                ["Ferry Room", "24", "14", "n/a", "£150", "£260", "£180"],
                [
                    "Terrace (outdoor,\nMay to September)",
                    "n/a",
                    "n/a",
                    "150",
                    "£600",
                    "£1,050",
                    "£720",
                ],
            ],
            [40 * mm, 20 * mm, 21 * mm, 19 * mm, 22 * mm, 22 * mm, 22 * mm],
            size=9.0,
            right=(1, 2, 3, 4, 5, 6),
            zebra=True,
        )
    )
    out += [
        Spacer(1, 4 * mm),
        c(
            "4.2",
            """Room charges include standard furniture, a projector and screen, a lectern
        microphone and Wi-Fi for up to the room's theatre capacity. Additional audio-visual
        equipment and technicians are charged at the rates in the Centre's AV price list.""",
        ),
        h1(sans, "5. Catering"),
        c(
            "5.1",
            """All food and drink must be supplied by the Centre's appointed caterer,
        Riverkitchen. The only exception is celebration cakes, which may be brought in with a
        signed food-safety declaration.""",
        ),
        c(
            "5.2",
            """Dietary requirements must be notified with the final numbers under
        clause 1.3. A service charge of 12.5% is added to all catering invoices.""",
        ),
        h1(sans, "6. Safety and conduct"),
        c(
            "6.1",
            """The hirer must name an event manager who will be on site throughout the
        event and will take part in the fire safety briefing 15 minutes before guests
        arrive.""",
        ),
        c(
            "6.2",
            """Naked flames, smoke machines, confetti and glitter are not permitted
        anywhere in the building. Helium balloons are allowed only in Thames Hall and must be
        weighted.""",
        ),
        c(
            "6.3",
            """Amplified music after 21:00 must not exceed 85 dB(A) at the mixing desk.
        The Centre's duty manager may require the volume to be reduced at any time.""",
        ),
        c(
            "6.4",
            """Nothing may be fixed to walls, doors or ceilings. Banners may be hung only
        from the rigging points in Thames Hall, each of which has a safe working load of
        100 kg.""",
        ),
        h1(sans, "7. Damage and liability"),
        c(
            "7.1",
            """The hirer is responsible for any damage caused by its guests, contractors or
        suppliers. A damage deposit of £500 is taken for events with a bar that runs beyond
        20:00 and is returned within 14 days after the event if no damage is found.""",
        ),
        c(
            "7.2",
            """The hirer must hold public liability insurance of at least £5 million and
        send a copy of the certificate to the Centre at least 14 days before the event.""",
        ),
        h1(sans, "8. Contact"),
        c(
            "8.1",
            """Events Office, Riverside Conference Centre, 3 Wharf Lane, Kingsmere KM4 2RT.
        Telephone 01632 744 100, Monday to Friday 09:00 to 17:30.
        Email events@riversidecc.example.co.uk.""",
        ),
        PageBreak(),
        h1(sans, "Schedule A — Audio-visual equipment and services"),
        para(
            sans,
            et("""
        Prices exclude VAT and apply in addition to the room charges in section 4. Equipment
        must be ordered at least 5 working days before the event; later orders are subject to
        availability.
        """),
        ),
        table(
            sans,
            [
                ["Item", "Half day", "Full day", "Notes"],
                ["Additional radio microphone", "£25", "£40", "Handheld or lapel"],
                ["Presenter clicker with laser", "£10", "£15", ""],
                ["Flip chart with pens", "£12", "£18", ""],
                [
                    "Video-conferencing kit",
                    "£95",
                    "£160",
                    "Camera, speakerphone and 65-inch screen",
                ],
                [
                    "Live-stream package",
                    "£450",
                    "£780",
                    "Includes one technician for up to 4 hours",
                ],
                ["LED uplighting (set of 8)", "£120", "£200", "Choice of colours"],
                ["Stage platform section (2 m x 1 m)", "£35", "£55", "Price per section"],
                ["AV technician", "£48 per hour", "£48 per hour", "Minimum call-out of 3 hours"],
            ],
            [62 * mm, 26 * mm, 26 * mm, 56 * mm],
            size=9.5,
            right=(1, 2),
        ),
        h1(sans, "Schedule B — Accessibility"),
        para(
            sans,
            et("""
        All event rooms are on the ground or first floor and are served by two passenger lifts.
        A hearing loop is installed in Thames Hall and the Mercer Suite. Four accessible parking
        bays are available at the Wharf Lane entrance and can be reserved through the Events
        Office. Assistance dogs are welcome throughout the building.
        """),
        ),
    ]
    return out


def venue_rules_en() -> DocSpec:
    return DocSpec(
        name="venue-hire-conditions-en.pdf",
        title="Riverside Conference Centre Conditions of Hire",
        author="Riverside Conference Centre Events Office",
        header="Riverside Conference Centre \u00b7 Conditions of Hire 2025",
        header_align="center",
        footer=lambda p, n: f"- {p} -",
        story=_venue_en_story,
        chrome_font="Helvetica",
    )


# ---------------------------------------------------------------------------
# 16. en: health-plan schedule of benefits, borderless table over two pages
#     with the header row repeated
# ---------------------------------------------------------------------------

_BENEFITS: list[tuple[str, str, str, str]] = [
    ("Annual deductible \u2013 individual", "$750", "$1,500", "Calendar-year basis"),
    (
        "Annual deductible \u2013 family",
        "$1,500",
        "$3,000",
        "Embedded: no one member pays more than the individual amount",
    ),
    (
        "Out-of-pocket maximum \u2013 individual",
        "$3,500",
        "$7,000",
        "Includes deductible, coinsurance and copays",
    ),
    ("Out-of-pocket maximum \u2013 family", "$7,000", "$14,000", ""),
    (
        "Preventive care and annual physical",
        "No charge",
        "40% after deductible",
        "Deductible does not apply in-network",
    ),
    ("Primary care office visit", "$25 copay", "40% after deductible", ""),
    ("Specialist office visit", "$50 copay", "40% after deductible", "No referral needed"),
    ("Telehealth visit (MeridianNow)", "$10 copay", "Not covered", "Available 24/7"),
    ("Chiropractic care", "$40 copay", "40% after deductible", "Limited to 20 visits per year"),
    (
        "Physical, occupational and speech therapy",
        "$40 copay",
        "40% after deductible",
        "Combined limit of 30 visits per year",
    ),
    ("Urgent care center", "$60 copay", "40% after deductible", ""),
    ("Emergency room", "$300 copay", "$300 copay", "Copay waived if admitted"),
    (
        "Ambulance (ground or air)",
        "20% after deductible",
        "20% after deductible",
        "Emergency transport only",
    ),
    (
        "Inpatient hospital stay",
        "20% after deductible",
        "40% after deductible",
        "Pre-authorization required",
    ),
    ("Outpatient surgery \u2013 facility", "20% after deductible", "40% after deductible", ""),
    ("Diagnostic lab work", "No charge", "40% after deductible", "At a Meridian lab partner"),
    ("X-ray and ultrasound", "$40 copay", "40% after deductible", ""),
    ("MRI, CT and PET scans", "$200 copay", "40% after deductible", "Pre-authorization required"),
    ("Maternity \u2013 prenatal and postnatal care", "No charge", "40% after deductible", ""),
    (
        "Maternity \u2013 delivery and inpatient",
        "20% after deductible",
        "40% after deductible",
        "Notify plan within 30 days of birth",
    ),
    ("Mental health \u2013 office visit", "$25 copay", "40% after deductible", ""),
    (
        "Mental health \u2013 inpatient",
        "20% after deductible",
        "40% after deductible",
        "Pre-authorization required",
    ),
    (
        "Skilled nursing facility",
        "20% after deductible",
        "40% after deductible",
        "Up to 60 days per year",
    ),
    (
        "Home health care",
        "20% after deductible",
        "40% after deductible",
        "Up to 100 visits per year",
    ),
    ("Hospice", "No charge", "40% after deductible", ""),
    ("Durable medical equipment", "20% after deductible", "40% after deductible", ""),
    ("Hearing aids", "$1,500 allowance", "$1,500 allowance", "Once every 36 months per ear"),
    (
        "Prescription drugs \u2013 generic (30-day supply)",
        "$10 copay",
        "Not covered",
        "90-day mail order: $20",
    ),
    (
        "Prescription drugs \u2013 preferred brand",
        "$40 copay",
        "Not covered",
        "90-day mail order: $80",
    ),
    (
        "Prescription drugs \u2013 non-preferred brand",
        "$75 copay",
        "Not covered",
        "90-day mail order: $150",
    ),
    (
        "Prescription drugs \u2013 specialty",
        "25% up to $250 per fill",
        "Not covered",
        "Must use MeridianRx Specialty",
    ),
    ("Routine eye exam", "$15 copay", "Reimbursed up to $45", "One exam every 12 months"),
    (
        "Eyeglass frames or contact lenses",
        "$180 allowance",
        "Reimbursed up to $90",
        "Every 24 months",
    ),
    ("Adult dental cleaning", "Not covered", "Not covered", "See separate dental plan"),
]


def _insurance_en_story() -> Story:
    s = EN
    out: Story = [
        title(s, "Schedule of Benefits \u2014 Meridian Mutual PPO 750", size=18),
        subtitle(
            s,
            "Calloway Instruments, Inc. Group Health Plan &middot; Plan year 1 January to "
            "31 December 2025 &middot; Group number MM-44817",
        ),
        h1(s, "About this schedule"),
        para(
            s,
            et("""
        This schedule summarises what the plan pays for covered services and what you pay.
        It is not a contract; the Plan Document governs if there is any difference. Amounts
        in the In-network column apply when you use providers in the Meridian Select
        network. Out-of-network providers may bill you for the difference between their
        charge and the allowed amount (balance billing); that difference does not count
        toward your out-of-pocket maximum.
        """),
        ),
        para(
            s,
            et("""
        Coinsurance percentages are the share of the allowed amount that you pay after the
        deductible has been met. Copays do not count toward the deductible but do count
        toward the out-of-pocket maximum.
        """),
        ),
        h1(s, "Eligibility and contributions"),
        para(
            s,
            et("""
        Full-time employees scheduled to work at least 30 hours a week are eligible on the
        first day of the month following 30 days of employment. You may cover your spouse or
        domestic partner and children up to age 26. Biweekly employee contributions for 2025
        are: employee only $48.20; employee plus spouse $131.75; employee plus children
        $112.40; family $196.90.
        """),
        ),
        para(
            s,
            et("""
        Changes outside the annual open enrollment period (1 to 15 November) are allowed only
        within 31 days of a qualifying life event such as marriage, birth or loss of other
        coverage.
        """),
        ),
        h1(s, "Finding a provider"),
        para(
            s,
            et("""
        Search the Meridian Select directory at www.meridianmutual.example.com/find or in the
        MeridianGo app. You do not need to choose a primary care physician and you do not need a
        referral to see a specialist. If you are traveling outside the network service area,
        the BlueRoute travel network gives you in-network benefits at participating providers
        in all 50 states. Always show your member ID card, which lists your plan code PPO750-C.
        """),
        ),
        para(
            s,
            et("""
        If no in-network provider of the required specialty is available within 30 miles of
        your home, ask Member Services for a network exception before the visit; approved
        visits are then paid at the in-network level.
        """),
        ),
        h1(s, "Benefits summary"),
    ]
    rows = [["Benefit", "In-network (you pay)", "Out-of-network (you pay)", "Limits and notes"]]
    rows += [list(b) for b in _BENEFITS]
    out.append(
        table(
            s,
            rows,
            [58 * mm, 34 * mm, 34 * mm, 44 * mm],
            ruled=False,
            repeat=1,
            size=9.0,
            zebra=True,
            padding=3.2,
        )
    )
    out += [
        h1(s, "Pre-authorization"),
        para(
            s,
            et("""
        Your provider must obtain pre-authorization from Meridian Mutual at least 5 business
        days before a planned admission or scan marked above. For emergency admissions,
        Meridian Mutual must be notified within 48 hours. If pre-authorization is not
        obtained, benefits for the service are reduced by $500.
        """),
        ),
        h1(s, "Claims and appeals"),
        para(
            s,
            et("""
        In-network providers file claims for you. For out-of-network services, submit the
        itemised bill and a claim form within 12 months of the date of service. If a claim is
        denied you may file an appeal within 180 days of the denial notice; urgent appeals
        are decided within 72 hours.
        """),
        ),
        h1(s, "Contacts"),
        para(
            s,
            et("""
        Meridian Mutual member services: 1-800-555-0143, Monday to Friday 8 a.m. to 8 p.m.
        Eastern. Nurse line (24/7): 1-800-555-0178. Calloway Instruments Benefits Team:
        benefits@calloway.example.com, extension 6120.
        """),
        ),
    ]
    return out


def insurance_schedule_en() -> DocSpec:
    return DocSpec(
        name="benefits-schedule-en.pdf",
        title="Calloway Instruments Group Health Plan Schedule of Benefits 2025",
        author="Calloway Instruments, Inc. Benefits Team",
        header="Calloway Instruments, Inc. \u2014 Employee Benefits 2025",
        footer=lambda p, n: f"{p}",
        footer_align="center",
        story=_insurance_en_story,
        chrome_font="Helvetica",
    )


# ---------------------------------------------------------------------------
# 17. en: rail timetable, borderless tables with times aligned in columns
# ---------------------------------------------------------------------------

_STATIONS = [
    "Port Ellery",
    "Harbour Road",
    "Saltmarsh",
    "Fenwick",
    "Carrow Junction",
    "Lindley",
    "Ashby Vale",
    "Kingsford",
]
_RUN_MIN = [0, 4, 11, 17, 24, 31, 37, 45]
_EXPRESS_SKIPS = {1, 2, 5}


def _hm(minutes: int) -> str:
    return f"{minutes // 60 % 24:02d}:{minutes % 60:02d}"


def _train_table(look: Look, trains: Sequence[tuple[str, str, bool]], northbound: bool) -> Any:
    stations = list(reversed(_STATIONS)) if northbound else list(_STATIONS)
    total = _RUN_MIN[-1]
    offs = [total - m for m in reversed(_RUN_MIN)] if northbound else list(_RUN_MIN)
    rows: list[list[str]] = [["Train"] + [t[0] for t in trains]]
    rows.append(["Notes"] + ["Express" if t[2] else "" for t in trains])
    for si, station in enumerate(stations):
        row = [station]
        orig = _STATIONS.index(station)
        for _, dep, express in trains:
            h, m = (int(x) for x in dep.split(":"))
            if express and orig in _EXPRESS_SKIPS:
                row.append("|")
            else:
                # express trains save one minute per skipped stop already passed
                saved = (
                    sum(1 for k in _EXPRESS_SKIPS if (k <= orig if not northbound else k >= orig))
                    if express
                    else 0
                )
                row.append(_hm(h * 60 + m + offs[si] - saved))
        rows.append(row)
    width = (170 * mm - 36 * mm) / len(trains)
    return table(
        look,
        rows,
        [36 * mm] + [width] * len(trains),
        ruled=False,
        repeat=2,
        size=8.5,
        head_rows=2,
        center=tuple(range(1, len(trains) + 1)),
        padding=2.2,
    )


def _train_story() -> Story:
    s = EN
    sb_am = [
        ("2101", "05:52", False),
        ("2103", "06:22", False),
        ("2105", "06:47", True),
        ("2107", "07:02", False),
        ("2109", "07:27", True),
        ("2111", "07:44", False),
        ("2113", "08:14", False),
        ("2115", "08:41", True),
        ("2117", "09:10", False),
    ]
    sb_pm = [
        ("2119", "10:10", False),
        ("2121", "11:10", False),
        ("2123", "12:10", False),
        ("2125", "13:10", False),
        ("2127", "14:10", False),
        ("2129", "15:10", False),
        ("2131", "16:25", True),
        ("2133", "17:05", False),
        ("2135", "17:50", False),
    ]
    sb_ev = [
        ("2137", "18:40", False),
        ("2139", "19:40", False),
        ("2141", "20:40", False),
        ("2143", "21:40", False),
        ("2145", "22:50", False),
    ]
    nb_am = [
        ("2202", "05:40", False),
        ("2204", "06:15", False),
        ("2206", "06:38", False),
        ("2208", "07:01", True),
        ("2210", "07:24", False),
        ("2212", "07:53", True),
        ("2214", "08:20", False),
        ("2216", "09:00", False),
        ("2218", "10:00", False),
    ]
    nb_pm = [
        ("2220", "11:00", False),
        ("2222", "12:00", False),
        ("2224", "13:00", False),
        ("2226", "14:00", False),
        ("2228", "15:00", False),
        ("2230", "16:05", False),
        ("2232", "16:58", True),
        ("2234", "17:30", False),
        ("2236", "18:15", True),
    ]
    nb_ev = [
        ("2238", "19:00", False),
        ("2240", "20:00", False),
        ("2242", "21:00", False),
        ("2244", "22:05", False),
        ("2246", "23:15", False),
    ]
    out: Story = [
        title(s, "Port Ellery Line \u2014 Monday to Friday Timetable", size=18),
        subtitle(
            s,
            "Coastal Valley Rail &middot; Valid from Sunday 2 March 2025 until further "
            "notice &middot; Not valid on public holidays",
        ),
        para(
            s,
            et("""
        All times are departure times unless shown otherwise; times at Kingsford and Port
        Ellery in the last row are arrival times. Express trains do not call at stations
        marked with a vertical bar (|). Trains are formed of four coaches except trains
        2109, 2111, 2212 and 2214, which are formed of eight coaches.
        """),
        ),
        h2(s, "Port Ellery to Kingsford (southbound) \u2014 early morning and peak"),
        _train_table(s, sb_am, northbound=False),
        h2(s, "Port Ellery to Kingsford (southbound) \u2014 daytime"),
        _train_table(s, sb_pm, northbound=False),
        h2(s, "Port Ellery to Kingsford (southbound) \u2014 evening"),
        _train_table(s, sb_ev, northbound=False),
        PageBreak(),
        h2(s, "Kingsford to Port Ellery (northbound) \u2014 early morning and peak"),
        _train_table(s, nb_am, northbound=True),
        h2(s, "Kingsford to Port Ellery (northbound) \u2014 daytime"),
        _train_table(s, nb_pm, northbound=True),
        h2(s, "Kingsford to Port Ellery (northbound) \u2014 evening"),
        _train_table(s, nb_ev, northbound=True),
        PageBreak(),
        h1(s, "Weekend service"),
        para(
            s,
            et("""
        On Saturdays trains run every 30 minutes in each direction, leaving Port Ellery at 10
        and 40 minutes past each hour from 06:10 to 22:40, and Kingsford at 05 and 35 minutes
        past each hour from 06:05 to 22:35. On Sundays trains run hourly, leaving Port
        Ellery at 10 minutes past each hour from 08:10 to 21:10 and Kingsford at 05 minutes
        past each hour from 08:05 to 21:05. There is no express service at weekends.
        """),
        ),
        h1(s, "Fares (single journey, off-peak)"),
        table(
            s,
            [
                ["Journey", "Adult", "Child (5-15)", "Railcard", "Peak supplement"],
                ["Within one zone", "\u00a32.40", "\u00a31.20", "\u00a31.60", "\u00a30.60"],
                ["Two zones", "\u00a33.90", "\u00a31.95", "\u00a32.60", "\u00a31.00"],
                ["Three zones", "\u00a35.30", "\u00a32.65", "\u00a33.50", "\u00a31.30"],
                [
                    "Whole line (Port Ellery\u2013Kingsford)",
                    "\u00a36.80",
                    "\u00a33.40",
                    "\u00a34.50",
                    "\u00a31.70",
                ],
            ],
            [62 * mm, 24 * mm, 28 * mm, 26 * mm, 30 * mm],
            ruled=False,
            size=9.0,
            right=(1, 2, 3, 4),
        ),
        para(
            s,
            et("""
        Zones: zone 1 is Port Ellery to Saltmarsh; zone 2 is Fenwick and Carrow Junction; zone
        3 is Lindley to Kingsford. The peak supplement applies to trains arriving at
        Kingsford or Port Ellery between 07:00 and 09:30 on weekdays. A weekly season ticket
        for the whole line costs \u00a327.50.
        """),
        ),
        h1(s, "Travelling with bicycles, luggage and pets"),
        para(
            s,
            et("""
        Bicycles are carried free of charge, up to four per train, except on weekday trains
        arriving at Kingsford or Port Ellery between 07:00 and 09:30 and between 16:30 and
        18:30, when only folding bicycles are allowed. Dogs on a lead travel free; no more
        than two per passenger.
        """),
        ),
        h1(s, "Accessibility and help"),
        para(
            s,
            et("""
        Step-free access is available at all stations except Saltmarsh, where the northbound
        platform is reached by a footbridge only. Passengers who need help boarding should
        book Passenger Assist at least 2 hours before travelling on 0800 046 1120. Lost
        property is held at Carrow Junction ticket office for 28 days.
        """),
        ),
    ]
    return out


def train_timetable_en() -> DocSpec:
    return DocSpec(
        name="train-timetable-en.pdf",
        title="Coastal Valley Rail Port Ellery Line Weekday Timetable",
        author="Coastal Valley Rail",
        header="Coastal Valley Rail \u00b7 Port Ellery Line",
        header_right="Timetable 2025-A",
        footer=lambda p, n: f"Page {p}",
        footer_align="right",
        story=_train_story,
        chrome_font="Helvetica",
    )


# ---------------------------------------------------------------------------
# 18. en: assessment and grading policy of a community college
# ---------------------------------------------------------------------------


def _grading_en_story() -> Story:
    s = EN_SERIF
    sans = EN

    def c(label: str, text: str) -> Any:
        return clause(s, label, et(text), hang=12 * mm)

    out: Story = [
        title(sans, "Assessment and Grading Policy", size=20),
        subtitle(
            sans,
            "Westbrook Community College &middot; Academic Registry &middot; "
            "Approved by Academic Council on 14 May 2025, effective Fall 2025",
        ),
        h1(sans, "1. Scope"),
        c(
            "1.1",
            """This policy applies to all credit-bearing courses at Westbrook Community
        College, including online and hybrid sections, and to all instructors, including
        adjunct faculty.""",
        ),
        c(
            "1.2",
            """Non-credit continuing education courses follow the separate Continuing
        Education Completion Policy.""",
        ),
        h1(sans, "2. Letter grades"),
        c(
            "2.1",
            """Final course grades are reported as letter grades. The percentage ranges
        and grade points below are used by all departments unless a program handbook approved
        by Academic Council sets higher thresholds.""",
        ),
    ]
    out += [
        table(
            sans,
            [
                ["Letter grade", "Percentage", "Grade points", "Descriptor"],
                ["A", "93\u2013100", "4.00", "Excellent"],
                ["A-", "90\u201392", "3.67", "Excellent"],
                ["B+", "87\u201389", "3.33", "Good"],
                ["B", "83\u201386", "3.00", "Good"],
                ["B-", "80\u201382", "2.67", "Good"],
                ["C+", "77\u201379", "2.33", "Satisfactory"],
                ["C", "70\u201376", "2.00", "Satisfactory; minimum for prerequisite courses"],
                ["D", "60\u201369", "1.00", "Passing; does not satisfy prerequisites"],
                ["F", "0\u201359", "0.00", "Failing"],
                ["I", "\u2014", "not computed", "Incomplete (see section 5)"],
                ["W", "\u2014", "not computed", "Withdrawal (see section 6)"],
                ["P / NP", "\u2014", "not computed", "Pass / No Pass, elective courses only"],
            ],
            [30 * mm, 30 * mm, 30 * mm, 80 * mm],
            size=9.5,
            center=(0, 1, 2),
        ),
        Spacer(1, 4 * mm),
        c(
            "2.2",
            """Percentages are rounded to the nearest whole number before the letter grade
        is assigned; 89.5 is therefore rounded to 90.""",
        ),
        c(
            "2.3",
            """The grade point average (GPA) is the total of grade points multiplied by
        credit hours, divided by the credit hours attempted. Courses with grades of I, W, P or
        NP are excluded.""",
        ),
        h1(sans, "3. Course assessment"),
        c(
            "3.1",
            """Each syllabus must state the weighting of every assessment. No single
        assessment may count for more than 40% of the final grade, and the final examination,
        if there is one, must count for at least 20%.""",
        ),
        c(
            "3.2",
            """Instructors must return marked assignments within 15 working days of the
        submission deadline, and at least one graded assessment must be returned before the
        end of week 6 of a 15-week term.""",
        ),
        c(
            "3.3",
            """Final grades must be submitted in the student record system within 72
        hours after the scheduled final examination.""",
        ),
        h1(sans, "4. Late submission"),
        c(
            "4.1",
            """Work submitted after the deadline without an approved extension loses 5
        percentage points for each calendar day late, up to 7 days. Work submitted more than 7
        days late receives a mark of zero but must still be submitted for the course to be
        passed where the syllabus requires it.""",
        ),
        c(
            "4.2",
            """Extensions of up to 5 working days may be granted by the instructor. Longer
        extensions require the approval of the department chair and supporting
        documentation.""",
        ),
        h1(sans, "5. Incomplete grades"),
        c(
            "5.1",
            """An instructor may award an I grade when a student has completed at least 75%
        of the coursework with a passing standard and cannot finish for reasons beyond the
        student's control.""",
        ),
        c(
            "5.2",
            """The outstanding work must be completed within 8 weeks of the start of the
        next term. An I grade that has not been replaced by then changes automatically to
        F.""",
        ),
        h1(sans, "6. Withdrawal"),
        c(
            "6.1",
            """Students may withdraw from a course until the end of week 10 of a 15-week
        term and receive a W. After week 10, withdrawal is possible only for documented medical
        or family emergencies, with the approval of the Dean of Students.""",
        ),
        h1(sans, "7. Grade appeals and re-marking"),
        c(
            "7.1",
            """A student who believes a grade is wrong should first speak to the
        instructor. A formal re-mark request must be made to the Academic Registry within 10
        working days after the grade is published, together with a fee of $35 per assessment,
        which is refunded if the grade is raised.""",
        ),
        c(
            "7.2",
            """A re-mark is carried out by a second instructor of the same department and
        may raise or lower the grade. The Registry notifies the student of the outcome within
        20 working days.""",
        ),
        h1(sans, "8. Academic standing"),
        c(
            "8.1",
            """Students whose cumulative GPA falls below 2.00 after 12 or more attempted
        credit hours are placed on academic probation and may take no more than 13 credit hours
        in the following term.""",
        ),
        c(
            "8.2",
            """Students on probation who earn a term GPA of 2.00 or higher return to good
        standing. Those whose cumulative GPA remains below 1.50 for two consecutive terms are
        suspended for one term.""",
        ),
        c(
            "8.3",
            """The Dean's List recognises students who complete at least 12 graded credit
        hours in a term with a term GPA of 3.50 or higher and no grade below C.""",
        ),
        h1(sans, "9. Repeating courses"),
        c(
            "9.1",
            """A course may be repeated twice. Only the highest grade is used in the
        cumulative GPA, but all attempts remain on the transcript.""",
        ),
        h1(sans, "10. Records"),
        c(
            "10.1",
            """Instructors keep graded final examinations and any work not returned to
        students for one year after the end of the term. Transcripts are issued by the
        Registry for a fee of $10 each; electronic transcripts are free.""",
        ),
    ]
    return out


def grading_policy_en() -> DocSpec:
    return DocSpec(
        name="grading-policy-en.pdf",
        title="Westbrook Community College Assessment and Grading Policy",
        author="Westbrook Community College Academic Registry",
        header="Westbrook Community College \u00b7 Academic Registry",
        header_right="Policy AR-12",
        footer=lambda p, n: f"Page {p} of {n}",
        story=_grading_en_story,
        chrome_font="Helvetica",
    )


# ---------------------------------------------------------------------------
# 19. mixed zh-Hant + English terms: new-hire IT and admin guide
# ---------------------------------------------------------------------------


def _onboarding_story() -> Story:
    s = ZH_J
    out: Story = [
        title(s, "NovaCloud 新創雲端　新進同仁 IT 與行政入門指南"),
        subtitle(s, "People Ops &amp; IT Team　2025年8月版　適用於台北總部及新竹辦公室"),
        h1(s, "1. 報到第一天（Day 1）"),
        para(
            s,
            zt("""
        1.1　報到當天請於上午9:30前抵達台北總部（台北市內湖區瑞光路512號7樓），向櫃台出示
        身分證件並領取臨時門禁卡。People Ops 同仁會帶你完成 Orientation，內容包括公司介紹、
        資訊安全訓練及福利說明，全程約3小時。
        """),
        ),
        para(
            s,
            zt("""
        1.2　IT 會在報到當天下午發放筆電。工程職同仁配發 MacBook Pro 14 吋（M3 Pro、36GB
        記憶體），非工程職同仁配發 MacBook Air 13 吋（M3、16GB 記憶體）。筆電領取後請當場
        完成 FileVault 磁碟加密並設定開機密碼。
        """),
        ),
        para(
            s,
            zt("""
        1.3　每位新進同仁都會被指派一位 Onboarding Buddy，在試用期前30天內協助你熟悉團隊
        與工作流程。試用期為3個月，期滿前兩週由直屬主管進行 Probation Review。
        """),
        ),
        h1(s, "2. 帳號與登入（SSO 與 MFA）"),
        para(
            s,
            zt("""
        2.1　公司所有系統均透過 Okta SSO 登入，帳號格式為「名.姓@novacloud.example.tw」。
        首次登入時須設定 MFA，公司指定使用 Okta Verify App；不接受簡訊驗證碼。
        """),
        ),
        para(
            s,
            zt("""
        2.2　密碼長度至少16個字元，每180天更換一次。若帳號被鎖定，請在 Slack 的
        #it-helpdesk 頻道留言，或撥打 IT 分機 8123；非上班時間請寄信至
        it-oncall@novacloud.example.tw。
        """),
        ),
        para(
            s,
            zt("""
        2.3　在家或出差時存取內部系統，須先連線 GlobalProtect VPN；公共 Wi-Fi 環境下
        一律開啟 VPN。VPN 閒置超過4小時會自動斷線。
        """),
        ),
        h1(s, "3. 常用系統與開通時程"),
        table(
            s,
            [
                ["系統", "用途", "帳號開通時程", "負責窗口"],
                ["Okta SSO", "單一登入入口", "報到前1個工作日", "IT Team"],
                ["Google Workspace", "Email、Calendar、Drive", "報到前1個工作日", "IT Team"],
                ["Slack", "即時通訊；請加入 #general\n與 #announcements", "報到當天", "IT Team"],
                ["Jira", "任務與 Sprint 管理", "報到後1個工作日", "各部門 PM"],
                ["Confluence", "文件與 Wiki", "報到後1個工作日", "各部門 PM"],
                [
                    "GitHub Enterprise",
                    "程式碼管理（限工程職）",
                    "報到後2個工作日",
                    "Engineering Manager",
                ],
                ["Workday", "請假、薪資單、\n個人資料", "報到當天", "People Ops"],
                ["Expensify", "費用報銷", "報到後3個工作日", "Finance Team"],
                ["1Password", "團隊密碼管理", "報到後1個工作日", "IT Team"],
            ],
            [34 * mm, 50 * mm, 38 * mm, 40 * mm],
            size=9.5,
        ),
        h1(s, "4. 請假與出勤（Workday）"),
        para(
            s,
            zt("""
        4.1　公司採彈性上班制，核心時段為10:00至16:00，每日工作8小時。每週三為
        No Meeting Day，請避免安排內部會議。遠端工作（WFH）每週最多2天，須在 Workday 登記。
        """),
        ),
        para(
            s,
            zt("""
        4.2　所有請假均在 Workday 申請。特別休假依勞動基準法給予，到職滿6個月即有3日；
        另外公司每年提供3日 Wellness Day，可用於身心調適，無須說明理由，但不得遞延至
        次年。請假1日以上請提前3個工作日申請。
        """),
        ),
        h1(s, "5. 薪資與費用（Payroll &amp; Expense）"),
        para(
            s,
            zt("""
        5.1　薪資每月5日發放，遇假日提前至前一個工作日；薪資單可於 Workday 下載。新進同仁
        第一個月薪資按實際到職日數計算。
        """),
        ),
        para(
            s,
            zt("""
        5.2　因公支出請於發生後30日內在 Expensify 上傳收據申請，金額超過新台幣5,000元者
        須附主管核准紀錄。每月20日前核准的費用，隨當月薪資一併撥付。
        """),
        ),
        para(
            s,
            zt("""
        5.3　公司提供每年新台幣12,000元的 Learning Budget，可用於線上課程、技術書籍及研討會
        報名費；未使用的額度不得遞延。
        """),
        ),
        h1(s, "6. 資訊安全（Security）"),
        para(
            s,
            zt("""
        6.1　收到可疑 Email 時，請使用 Gmail 的「Report phishing」功能回報，並在 Slack 的
        #security 頻道通知 Security Team。離開座位時請鎖定螢幕（macOS 快速鍵 Control +
        Command + Q）。
        """),
        ),
        para(
            s,
            zt("""
        6.2　筆電遺失或遭竊，請於1小時內通報 IT，IT 會透過 Jamf 遠端鎖定並抹除資料。客戶
        資料一律不得存放於個人雲端硬碟或 USB 隨身碟。
        """),
        ),
        h1(s, "7. 辦公室與行政"),
        para(
            s,
            zt("""
        7.1　正式門禁卡於報到後第3個工作日由行政發放，遺失補發須負擔工本費新台幣300元。
        辦公室開放時間為平日7:30至22:00，假日進入須事先在 Slack 的 #office 頻道登記。
        """),
        ),
        para(
            s,
            zt("""
        7.2　會議室透過 Google Calendar 預約，單次預約最長2小時。7樓茶水間提供免費咖啡與
        零食，每週五下午4點舉辦 Happy Hour。
        """),
        ),
        PageBreak(),
        h1(s, "附錄 A　常見問題（FAQ）"),
    ]
    faq = [
        (
            "Q1　筆電可以帶回家或帶出國嗎？",
            zt("""
        可以帶回家。出國攜帶須於出發前5個工作日在 #it-helpdesk 申請，IT 會安裝 Travel
        Profile；前往中國大陸出差一律改借 Loaner Laptop，不得攜帶配發筆電。
        """),
        ),
        (
            "Q2　外接螢幕怎麼申請？",
            zt("""
        每人可申請一台27吋 4K 外接螢幕（Dell U2723QE），請在 Jira 的 IT Request 專案開單，
        一般約5個工作日到貨，可選擇寄送到家中。
        """),
        ),
        (
            "Q3　忘記 Okta 密碼，手機也遺失了怎麼辦？",
            zt("""
        請本人攜帶身分證件至7樓 IT 服務櫃台（701室）辦理重設，服務時間為平日10:00至18:00。
        """),
        ),
        (
            "Q4　公司有健康檢查補助嗎？",
            zt("""
        有。到職滿一年的同仁，每年可申請健康檢查補助新台幣6,000元，請在 Expensify 選擇
        「Health Check」類別上傳收據。
        """),
        ),
        (
            "Q5　推薦朋友加入有 Referral Bonus 嗎？",
            zt("""
        有。被推薦人通過試用期後，於次月薪資發放推薦獎金：工程職新台幣60,000元，非工程職
        新台幣30,000元。
        """),
        ),
        (
            "Q6　公司有停車位嗎？",
            zt("""
        公司不提供汽車停車位；大樓地下一樓有機車位，月租新台幣500元，名額有限，請向行政
        登記候補。
        """),
        ),
    ]
    for q, a in faq:
        out.append(h2(s, q))
        out.append(para(s, a, indent=6 * mm))
    return out


def onboarding_mixed() -> DocSpec:
    return DocSpec(
        name="onboarding-guide-mixed-zh-hant.pdf",
        title="NovaCloud 新創雲端新進同仁 IT 與行政入門指南",
        author="NovaCloud People Ops & IT",
        header="NovaCloud 新創雲端　People Ops & IT",
        header_right="Internal Use Only",
        footer=lambda p, n: f"Page {p} / {n}",
        footer_align="right",
        story=_onboarding_story,
        chrome_font=CJK_FONT,
    )


# ---------------------------------------------------------------------------
# 20. mixed zh-Hans + English terms: release management SOP
# ---------------------------------------------------------------------------


def _release_story() -> Story:
    s = ZH_J
    out: Story = [
        title(s, "蓝鲸软件　发布管理 SOP（Release Management）"),
        subtitle(s, "文档编号：ENG-SOP-004　版本 v2.3　2025年6月　研发效能部"),
        h1(s, "1　目的与适用范围"),
        para(
            s,
            zt("""
        1.1　本 SOP 规定蓝鲸软件各产品线从代码合并（Merge）到生产环境（Production）发布的
        标准流程，适用于所有 SaaS 服务及移动端 App。紧急修复（Hotfix）按第6节执行。
        """),
        ),
        h1(s, "2　迭代节奏（Sprint）"),
        para(
            s,
            zt("""
        2.1　研发团队采用两周一个 Sprint 的节奏，Sprint 于周一开始，第二周的周四进行
        Sprint Review，周五上午进行 Retrospective。每个 Sprint 结束后的下一个周二为常规
        发布日（Release Day）。
        """),
        ),
        para(
            s,
            zt("""
        2.2　Release Branch 在发布日前一个周四18:00从 main 分支切出（Code Freeze），此后
        只允许合入 Bug Fix，且须经 Release Manager 批准。
        """),
        ),
        h1(s, "3　代码评审（Code Review）与 CI"),
        para(
            s,
            zt("""
        3.1　所有 Pull Request（PR）须至少获得2名 Reviewer 的 Approve 后方可合并，其中
        至少1名为该模块的 Code Owner。单个 PR 的改动原则上不超过400行。
        """),
        ),
        para(
            s,
            zt("""
        3.2　CI Pipeline 须全部通过，包括单元测试、集成测试、静态扫描（SonarQube）及依赖
        漏洞扫描。单元测试覆盖率不得低于75%，新增代码覆盖率不得低于80%。
        """),
        ),
        h1(s, "4　环境与部署窗口"),
        table(
            s,
            [
                ["环境", "用途", "部署窗口", "审批人"],
                ["Dev", "开发自测，每次合并自动部署", "随时", "无需审批"],
                ["Test", "QA 功能测试与回归测试", "工作日 9:00–21:00", "QA Lead"],
                [
                    "Staging",
                    "预发布验证，数据为脱敏生产数据",
                    "工作日 10:00–18:00",
                    "Release Manager",
                ],
                [
                    "Production",
                    "正式生产环境",
                    "周二、周四 22:00–24:00",
                    "Release Manager、\n值班 SRE",
                ],
                [
                    "Production（App）",
                    "App Store 与各安卓应用商店",
                    "周三 10:00 提交审核",
                    "产品总监",
                ],
            ],
            [36 * mm, 58 * mm, 40 * mm, 34 * mm],
            size=9.5,
        ),
        para(
            s,
            zt("""
        4.1　Staging 验证须持续至少24小时，并通过冒烟测试（Smoke Test）及性能基线对比，
        P95 延迟不得比上一版本增加10%以上。
        """),
        ),
        h1(s, "5　发布流程"),
    ]
    out += items(
        s,
        [
            "（1）Release Manager 在发布日14:00前于 Jira 创建 Release Ticket，附上 Change Log "
            "与回滚方案（Rollback Plan）。",
            "（2）发布前30分钟在 Slack #release 频道发布上线通知，@相关业务方。",
            "（3）采用灰度发布（Canary）：先放量5%，观察15分钟；再放量到50%，观察30分钟；"
            "无异常后全量发布。",
            "（4）任一阶段错误率超过0.5%或核心接口 P99 延迟超过800ms，立即执行 Rollback，"
            "回滚须在15分钟内完成。",
            "（5）发布完成后，值班 SRE 持续监控2小时，并在 Release Ticket 中记录结果后关闭。",
        ],
        hang=7 * mm,
    )
    out += [
        h1(s, "6　紧急修复（Hotfix）"),
        para(
            s,
            zt("""
        6.1　Hotfix 仅用于修复 P0、P1 级线上故障。Hotfix 分支从当前 Production tag 切出，
        PR 至少需要1名 Code Owner Approve，可不受部署窗口限制，但须经研发总监在 Slack
        #release 频道书面确认。
        """),
        ),
        para(
            s,
            zt("""
        6.2　Hotfix 上线后48小时内须合回 main 分支，并在下一个工作日组织 Postmortem，
        Postmortem 报告须在5个工作日内发布到 Confluence。
        """),
        ),
        h1(s, "7　封网期（Change Freeze）"),
        para(
            s,
            zt("""
        7.1　每年春节前7天至春节假期结束、“双11”前后各3天（11月8日至11月14日）以及
        财年结账周（每年3月最后一周）为封网期，期间禁止常规发布，只允许经 CTO 批准的
        Hotfix。
        """),
        ),
        h1(s, "8　值班（On-call）"),
        para(
            s,
            zt("""
        8.1　SRE 团队实行7×24小时 On-call 轮值，每人每次值班一周，交接时间为每周一10:00。
        On-call 工程师须在告警触发后5分钟内 Ack，P0 故障须在15分钟内拉起 War Room。
        """),
        ),
        para(
            s,
            zt("""
        8.2　On-call 补贴为工作日每晚200元、休息日每天500元；值班期间处理故障超过2小时的，
        次日可申请调休半天。
        """),
        ),
        h1(s, "9　附则"),
        para(
            s,
            zt("""
        9.1　本 SOP 由研发效能部负责维护，每半年评审一次。违反本 SOP 导致线上事故的，
        按《线上事故定级与问责办法》（ENG-POL-002）处理。联系人：研发效能部 杜明轩，
        企业微信 duminxuan。
        """),
        ),
        PageBreak(),
        h1(s, "附录A　发布检查清单（Release Checklist）"),
        table(
            s,
            [
                ["序号", "检查项", "负责人", "完成时点"],
                [
                    "1",
                    "Release Ticket 已创建并关联本次所有 Jira Issue",
                    "Release Manager",
                    "发布日14:00前",
                ],
                ["2", "Change Log 审核完毕", "产品经理", "发布日16:00前"],
                [
                    "3",
                    "数据库变更脚本（Migration）已在 Staging 演练",
                    "后端负责人",
                    "发布前一个工作日",
                ],
                ["4", "新功能 Feature Flag 默认关闭", "开发负责人", "发布日18:00前"],
                ["5", "监控大盘（Grafana）与告警阈值已检查", "值班 SRE", "发布前1小时"],
                ["6", "客服 FAQ 与话术已同步", "客户成功团队", "发布日20:00前"],
                ["7", "发布后验证（Post-release Check）完成", "QA Lead", "全量发布后30分钟内"],
            ],
            [14 * mm, 80 * mm, 36 * mm, 38 * mm],
            size=9.5,
        ),
        Spacer(1, 8 * mm),
        h1(s, "附录B　线上故障等级与通报对象"),
        table(
            s,
            [
                ["等级", "定义", "通报对象", "是否须 Postmortem"],
                ["P0", "核心服务整体不可用，或发生数据丢失、数据泄露", "CTO、CEO", "必须"],
                ["P1", "核心功能部分不可用，影响超过10%的活跃用户", "研发总监", "必须"],
                ["P2", "非核心功能异常，有替代方案", "团队负责人", "可选"],
                ["P3", "界面或体验问题，不影响业务", "无需通报", "不需要"],
            ],
            [16 * mm, 86 * mm, 32 * mm, 34 * mm],
            size=9.5,
        ),
    ]
    return out


def release_sop_mixed() -> DocSpec:
    return DocSpec(
        name="release-sop-mixed-zh-hans.pdf",
        title="蓝鲸软件发布管理 SOP（Release Management）",
        author="蓝鲸软件研发效能部",
        header="蓝鲸软件　研发效能部　Engineering Handbook",
        footer=lambda p, n: f"第 {p} 页 / 共 {n} 页",
        story=_release_story,
        chrome_font=CJK_FONT,
    )


DOC_FACTORIES: list[Callable[[], DocSpec]] = [
    leave_policy,
    travel_expense_zh,
    course_catalog,
    venue_rules_zh,
    insurance_benefits_zh,
    grading_rules_zh,
    attendance_hans,
    it_service_hans,
    price_list_hans,
    shuttle_hans,
    procurement_hans,
    training_catalog_hans,
    travel_policy_en,
    it_handbook_en,
    venue_rules_en,
    insurance_schedule_en,
    train_timetable_en,
    grading_policy_en,
    onboarding_mixed,
    release_sop_mixed,
]


def build(out_dir: Path) -> list[Path]:
    """Write every benchmark PDF into ``out_dir`` and return their paths."""
    register_fonts()
    out_dir.mkdir(parents=True, exist_ok=True)
    return [render(factory(), out_dir) for factory in DOC_FACTORIES]


def main(argv: Sequence[str]) -> int:
    if len(argv) != 2:
        print(f"usage: {argv[0]} OUT_DIR", file=sys.stderr)
        return 2
    try:
        paths = build(Path(argv[1]))
    except FontMissingError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    for path in paths:
        print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
