"""Build the office-format documents of the independent evaluation set.

Usage::

    python make_office.py OUT_DIR

Writes 21 invented office documents (DOCX, XLSX, CSV, ODS, PPTX, ODP, ODT, HTML,
EPUB, EML) in Traditional Chinese (Taiwan usage), Simplified Chinese (mainland
usage) and English into OUT_DIR.  Every institution, person, number and date in
them is fictional.  The questions over them are in ``questions_office.jsonl``.

The output is deterministic: fixed random seeds, fixed document dates, fixed
e-mail boundaries, and every ZIP-based file is rewritten with fixed member
timestamps.  XLSX formula cells get their cached values by a round trip through
LibreOffice (``soffice --headless --convert-to xlsx``); without LibreOffice the
formula cells are written as plain numbers instead and a warning is printed.
"""

from __future__ import annotations

import csv
import datetime as dt
import html
import io
import os
import pathlib
import random
import re
import shutil
import subprocess
import sys
import tempfile
import zipfile
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from email.message import EmailMessage
from email.policy import SMTP
from email.utils import format_datetime

import docx
import openpyxl  # type: ignore[import-untyped,unused-ignore]
from docx.enum.text import WD_ALIGN_PARAGRAPH
from docx.oxml import OxmlElement
from docx.oxml.ns import qn
from docx.table import _Row
from docx.text.paragraph import Paragraph as DocxParagraph
from ebooklib import epub  # type: ignore[import-untyped,unused-ignore]
from odfdo import Cell as OdfCell
from odfdo import Document as OdfDocument
from odfdo import DrawPage, Element, Frame, PresentationNotes, Row
from odfdo import Header as OdfHeader
from odfdo import List as OdfList
from odfdo import Paragraph as OdfParagraph
from odfdo import Table as OdfTable
from odfdo.master_page import StyleMasterPage
from openpyxl.styles import Alignment, Font, PatternFill  # type: ignore[import-untyped,unused-ignore]
from pptx import Presentation
from pptx.slide import Slide
from pptx.util import Cm
from pptx.util import Pt as PptPt

FIXED_DATETIME = dt.datetime(2026, 1, 15, 9, 0, 0)
FIXED_ISO = "2026-01-15T09:00:00Z"

Rows = Sequence[Sequence[str]]


# ---------------------------------------------------------------------------
# DOCX helpers
# ---------------------------------------------------------------------------


def _docx_new(east_asian_font: str | None) -> docx.document.Document:
    document = docx.Document()
    props = document.core_properties
    props.created = FIXED_DATETIME
    props.modified = FIXED_DATETIME
    props.last_modified_by = ""
    props.revision = 1
    normal = document.styles["Normal"]
    rpr = normal.element.get_or_add_rPr()
    if east_asian_font is not None:
        fonts = rpr.find(qn("w:rFonts"))
        if fonts is None:
            fonts = OxmlElement("w:rFonts")
            rpr.append(fonts)
        fonts.set(qn("w:eastAsia"), east_asian_font)
    return document


def _docx_page_field(paragraph: DocxParagraph) -> None:
    """Append a PAGE field (shows the current page number) to a paragraph."""
    run = paragraph.add_run()
    begin = OxmlElement("w:fldChar")
    begin.set(qn("w:fldCharType"), "begin")
    instr = OxmlElement("w:instrText")
    instr.set(qn("xml:space"), "preserve")
    instr.text = " PAGE "
    separate = OxmlElement("w:fldChar")
    separate.set(qn("w:fldCharType"), "separate")
    run._r.append(begin)
    run._r.append(instr)
    run._r.append(separate)
    shown = paragraph.add_run("1")
    end = OxmlElement("w:fldChar")
    end.set(qn("w:fldCharType"), "end")
    shown._r.append(end)


def _docx_header_footer(
    document: docx.document.Document, header: str, footer_before: str, footer_after: str
) -> None:
    section = document.sections[0]
    head = section.header.paragraphs[0]
    head.text = header
    head.alignment = WD_ALIGN_PARAGRAPH.RIGHT
    foot = section.footer.paragraphs[0]
    foot.alignment = WD_ALIGN_PARAGRAPH.CENTER
    foot.add_run(footer_before)
    _docx_page_field(foot)
    if footer_after:
        foot.add_run(footer_after)


def _docx_mark_header_row(row: _Row) -> None:
    tr = row._tr
    trpr = tr.get_or_add_trPr()
    flag = OxmlElement("w:tblHeader")
    trpr.append(flag)


def _docx_table(
    document: docx.document.Document,
    header: Sequence[str],
    rows: Rows,
    group_header: Sequence[tuple[str, int]] | None = None,
) -> None:
    """Add a grid table.

    With ``group_header`` (label, span) pairs, a two-row header is written: a
    label with span 1 is merged vertically over both header rows, a label with
    span > 1 is merged horizontally over the ``span`` sub-headers taken from
    ``header`` below it.
    """
    n_cols = len(header)
    n_head = 2 if group_header else 1
    table = document.add_table(rows=n_head + len(rows), cols=n_cols)
    table.style = document.styles["Table Grid"]
    if group_header:
        col = 0
        for label, span in group_header:
            if span == 1:
                merged = table.cell(0, col).merge(table.cell(1, col))
                merged.text = label
            else:
                merged = table.cell(0, col).merge(table.cell(0, col + span - 1))
                merged.text = label
                for offset in range(span):
                    table.cell(1, col + offset).text = header[col + offset]
            col += span
        if col != n_cols:
            raise ValueError("group header does not cover the table")
    else:
        for col, label in enumerate(header):
            table.cell(0, col).text = label
    for index in range(n_head):
        _docx_mark_header_row(table.rows[index])
        for cell in table.rows[index].cells:
            for run in cell.paragraphs[0].runs:
                run.bold = True
    for r_index, values in enumerate(rows):
        for c_index, value in enumerate(values):
            table.cell(n_head + r_index, c_index).text = value


def _docx_bullets(document: docx.document.Document, items: Sequence[str]) -> None:
    for item in items:
        document.add_paragraph(item, style="List Bullet")


def _docx_numbered(document: docx.document.Document, items: Sequence[str]) -> None:
    for item in items:
        document.add_paragraph(item, style="List Number")


def _docx_caption(document: docx.document.Document, text: str) -> None:
    document.add_paragraph(text, style="Caption")


# ---------------------------------------------------------------------------
# ODF helpers (ODT, ODS, ODP)
# ---------------------------------------------------------------------------


def _odf_page_number() -> Element:
    field = Element.from_tag("text:page-number")
    field.set_attribute("text:select-page", "current")
    field.text = "1"
    return field


def _odt_new(header: str, footer_before: str, footer_after: str) -> OdfDocument:
    document = OdfDocument("text")
    document.body.clear()
    master = document.get_style("master-page", "Standard")
    if not isinstance(master, StyleMasterPage):
        raise TypeError("the ODT template has no Standard master page")
    master.set_page_header(header)
    footer = OdfParagraph(footer_before)
    footer.append(_odf_page_number())
    if footer_after:
        footer.append(footer_after)
    master.set_page_footer(footer)
    # Headings carry their own numbers (第一條, 1.1): switch off automatic outline numbering.
    for level in document.styles.get_elements("//text:outline-level-style"):
        level.set_attribute("style:num-format", "")
        for attribute in ("style:num-suffix", "loext:num-list-format", "text:display-levels"):
            if level.get_attribute(attribute) is not None:
                level.del_attribute(attribute)
    document.insert_style(
        '<style:style style:name="GridCell" style:family="table-cell">'
        '<style:table-cell-properties fo:border="0.5pt solid #000000" fo:padding="0.1cm"/>'
        "</style:style>",
        automatic=True,
    )
    return document


def _odt_table(
    name: str,
    header: Sequence[str],
    rows: Rows,
    group_header: Sequence[tuple[str, int]] | None = None,
) -> OdfTable:
    """An ODT table, optionally with a two-row header of merged cells."""
    n_cols = len(header)
    values: list[list[str]] = []
    spans: list[str] = []
    if group_header:
        top: list[str] = []
        col = 0
        for label, span in group_header:
            top.append(label)
            top.extend([""] * (span - 1))
            first = _col_letter(col)
            if span == 1:
                spans.append(f"{first}1:{first}2")
            else:
                spans.append(f"{first}1:{_col_letter(col + span - 1)}1")
            col += span
        if col != n_cols:
            raise ValueError("group header does not cover the table")
        sub = [""] * n_cols
        col = 0
        for _label, span in group_header:
            if span > 1:
                for offset in range(span):
                    sub[col + offset] = header[col + offset]
            col += span
        values.append(top)
        values.append(sub)
    else:
        values.append(list(header))
    values.extend(list(r) for r in rows)
    table = OdfTable(name, width=n_cols, height=len(values))
    table.set_values(values, style="GridCell")
    for area in spans:
        table.set_span(area)
    return table


def _col_letter(index: int) -> str:
    letters = ""
    index += 1
    while index:
        index, rem = divmod(index - 1, 26)
        letters = chr(65 + rem) + letters
    return letters


def _ods_table(name: str, rows: Sequence[Sequence[str | int | float]]) -> OdfTable:
    table = OdfTable(name)
    for values in rows:
        row = Row()
        for value in values:
            row.append_cell(OdfCell(value))
        table.append_row(row)
    return table


def _odp_text_box(content: Element | str) -> Element:
    box = Element.from_tag("draw:text-box")
    if isinstance(content, str):
        box.append(OdfParagraph(content))
    else:
        box.append(content)
    return box


@dataclass(frozen=True)
class SlideSpec:
    """One slide: a title, optional bullets, an optional table, speaker notes."""

    title: str
    bullets: Sequence[str] = ()
    subtitle: str = ""
    table: tuple[Sequence[str], Rows] | None = None
    notes: str = ""


def _odp_write(path: pathlib.Path, slides: Sequence[SlideSpec]) -> None:
    document = OdfDocument("presentation")
    body = document.body
    body.clear()
    for number, spec in enumerate(slides, start=1):
        page = DrawPage(f"page{number}", name=f"Slide {number}", master_page="presentation")
        page.append(
            Frame.text_frame(
                spec.title,
                size=("25cm", "2.6cm"),
                position=("1.5cm", "0.8cm"),
                presentation_class="title",
                presentation_style="presentation-title",
            )
        )
        top = 4.0
        if spec.subtitle:
            frame = Frame(
                size=("25cm", "2cm"),
                position=("1.5cm", f"{top}cm"),
                presentation_class="subtitle",
                presentation_style="presentation-subtitle",
            )
            frame.append(_odp_text_box(spec.subtitle))
            page.append(frame)
            top += 2.5
        if spec.bullets:
            frame = Frame(
                size=("25cm", f"{0.9 * len(spec.bullets) + 0.6:.1f}cm"),
                position=("1.5cm", f"{top}cm"),
                presentation_class="outline",
                presentation_style="presentation-outline1",
            )
            frame.append(_odp_text_box(OdfList(list(spec.bullets))))
            page.append(frame)
            top += 0.9 * len(spec.bullets) + 1.0
        if spec.table is not None:
            header, rows = spec.table
            table = OdfTable(f"table{number}", width=len(header), height=len(rows) + 1)
            table.set_values([list(header)] + [list(r) for r in rows])
            frame = Frame(
                size=("25cm", f"{0.8 * (len(rows) + 1):.1f}cm"),
                position=("1.5cm", f"{top}cm"),
            )
            frame.append(table)
            page.append(frame)
        if spec.notes:
            notes = PresentationNotes()
            frame = Frame(
                size=("17cm", "12cm"),
                position=("2cm", "14cm"),
                presentation_class="notes",
                presentation_style="presentation-notes",
            )
            frame.append(_odp_text_box(spec.notes))
            notes.append(frame)
            page.append(notes)
        body.append(page)
    document.save(path)


def _pptx_write(path: pathlib.Path, slides: Sequence[SlideSpec]) -> None:
    presentation = Presentation()
    presentation.core_properties.created = FIXED_DATETIME
    presentation.core_properties.modified = FIXED_DATETIME
    presentation.core_properties.last_modified_by = ""
    presentation.core_properties.revision = 1
    for index, spec in enumerate(slides):
        slide: Slide
        if index == 0:
            slide = presentation.slides.add_slide(presentation.slide_layouts[0])
            _pptx_title(slide, spec.title)
            if spec.subtitle:
                slide.placeholders[1].text_frame.text = spec.subtitle
        elif spec.bullets and spec.table is None:
            slide = presentation.slides.add_slide(presentation.slide_layouts[1])
            _pptx_title(slide, spec.title)
            frame = slide.placeholders[1].text_frame
            frame.text = spec.bullets[0]
            for bullet in spec.bullets[1:]:
                frame.add_paragraph().text = bullet
        else:
            slide = presentation.slides.add_slide(presentation.slide_layouts[5])
            _pptx_title(slide, spec.title)
            top = Cm(4.2)
            if spec.bullets:
                box = slide.shapes.add_textbox(Cm(1.5), top, Cm(22), Cm(1.0 * len(spec.bullets)))
                frame = box.text_frame
                frame.word_wrap = True
                frame.text = "• " + spec.bullets[0]
                for bullet in spec.bullets[1:]:
                    frame.add_paragraph().text = "• " + bullet
                top = Cm(4.2 + 1.0 * len(spec.bullets) + 0.4)
            if spec.table is not None:
                header, rows = spec.table
                shape = slide.shapes.add_table(
                    len(rows) + 1, len(header), Cm(1.2), top, Cm(23), Cm(0.9 * (len(rows) + 1))
                )
                table = shape.table
                for col, label in enumerate(header):
                    table.cell(0, col).text = label
                for r_index, values in enumerate(rows, start=1):
                    for col, value in enumerate(values):
                        table.cell(r_index, col).text = value
                for row in table.rows:
                    for cell in row.cells:
                        for paragraph in cell.text_frame.paragraphs:
                            for run in paragraph.runs:
                                run.font.size = PptPt(12)
        if spec.notes:
            slide.notes_slide.notes_text_frame.text = spec.notes  # type: ignore[union-attr]
    presentation.save(str(path))


def _pptx_title(slide: Slide, title: str) -> None:
    shape = slide.shapes.title
    if shape is None:
        raise RuntimeError("layout has no title placeholder")
    shape.text_frame.text = title


# ---------------------------------------------------------------------------
# XLSX helpers
# ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Formula:
    """A formula cell and the value it evaluates to (used without LibreOffice)."""

    text: str
    value: float | int
    number_format: str = "General"


XlsxValue = str | int | float | dt.date | Formula | None


@dataclass(frozen=True)
class SheetSpec:
    name: str
    rows: Sequence[Sequence[XlsxValue]]
    widths: Sequence[float] = ()
    number_formats: dict[int, str] | None = None  # column index -> format, data rows only


def _soffice() -> str | None:
    return shutil.which("soffice") or shutil.which("libreoffice")


def _xlsx_write(path: pathlib.Path, sheets: Sequence[SheetSpec]) -> None:
    """Write an XLSX; formula results are cached by a LibreOffice round trip."""
    office = _soffice()
    workbook = openpyxl.Workbook()
    workbook.remove(workbook.active)
    workbook.properties.created = FIXED_DATETIME
    workbook.properties.modified = FIXED_DATETIME
    workbook.properties.creator = "make_office.py"
    for spec in sheets:
        sheet = workbook.create_sheet(spec.name)
        formats = spec.number_formats or {}
        for r_index, values in enumerate(spec.rows, start=1):
            for c_index, value in enumerate(values, start=1):
                cell = sheet.cell(row=r_index, column=c_index)
                if isinstance(value, Formula):
                    cell.value = value.text if office else value.value
                    if value.number_format != "General":
                        cell.number_format = value.number_format
                else:
                    cell.value = None if value == "" else value
                if r_index == 1:
                    cell.font = Font(bold=True)
                    cell.fill = PatternFill("solid", fgColor="DDEBF7")
                    cell.alignment = Alignment(horizontal="center", vertical="center")
                elif (c_index - 1) in formats and not isinstance(value, Formula):
                    cell.number_format = formats[c_index - 1]
                if isinstance(value, dt.date) and r_index > 1:
                    cell.number_format = formats.get(c_index - 1, "yyyy-mm-dd")
        for c_index, width in enumerate(spec.widths, start=1):
            sheet.column_dimensions[_col_letter(c_index - 1)].width = width
        sheet.freeze_panes = "A2"
    if office is None:
        print(f"warning: LibreOffice not found; {path.name} has plain numbers for formulas")
        workbook.save(str(path))
        return
    with tempfile.TemporaryDirectory(prefix="make-office-") as tmp:
        tmp_dir = pathlib.Path(tmp)
        source = tmp_dir / "src" / path.name
        source.parent.mkdir()
        workbook.save(str(source))
        out_dir = tmp_dir / "out"
        profile = (tmp_dir / "profile").as_uri()
        subprocess.run(
            [
                office,
                f"-env:UserInstallation={profile}",
                "--headless",
                "--calc",
                "--convert-to",
                "xlsx:Calc MS Excel 2007 XML",
                "--outdir",
                str(out_dir),
                str(source),
            ],
            check=True,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            timeout=300,
        )
        shutil.copyfile(out_dir / path.name, path)


# ---------------------------------------------------------------------------
# Determinism: fixed ZIP member times and document dates
# ---------------------------------------------------------------------------

_META_MEMBERS = re.compile(r"(docProps/core\.xml|meta\.xml|.*\.opf)$")
_TIMESTAMP = re.compile(rb"\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:Z|[+-]\d{2}:\d{2})?")


def _normalise_zip(path: pathlib.Path) -> None:
    """Rewrite a ZIP-based document with fixed member times and dates."""
    with zipfile.ZipFile(path) as source:
        members = [(info, source.read(info.filename)) for info in source.infolist()]
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as target:
        for info, data in members:
            if _META_MEMBERS.match(info.filename):
                data = _TIMESTAMP.sub(FIXED_ISO.encode(), data)
            fixed = zipfile.ZipInfo(info.filename, date_time=(2026, 1, 15, 9, 0, 0))
            fixed.compress_type = info.compress_type
            fixed.external_attr = 0o644 << 16
            target.writestr(fixed, data)
    path.write_bytes(buffer.getvalue())


# ---------------------------------------------------------------------------
# DOCX documents
# ---------------------------------------------------------------------------


def build_leave_rules_zh_hant(out: pathlib.Path) -> pathlib.Path:
    """欣禾科技 員工請假辦法 (zh-Hant, DOCX)."""
    path = out / "leave-rules-zh-hant.docx"
    d = _docx_new("新細明體")
    _docx_header_footer(d, "內部文件", "欣禾科技股份有限公司 人力資源處　第 ", " 頁")
    d.add_heading("欣禾科技股份有限公司 員工請假辦法", level=0)
    d.add_paragraph(
        "文件編號：HR-REG-007　　中華民國一一四年十二月一日第三次修正　　"
        "自中華民國一一五年一月一日起施行"
    )
    d.add_heading("第一章　總則", level=1)
    d.add_paragraph(
        "第一條　本辦法依據勞動基準法及勞工請假規則訂定，適用於本公司全體正式員工；"
        "定期契約人員及工讀生另依其契約約定辦理。"
    )
    d.add_paragraph(
        "第二條　員工請假應事先於人事系統「欣禾 e 點通」提出申請，經核准後始生效力。"
        "因急病或緊急事故無法事先請假者，應於當日上班時間開始後二小時內以電話或通訊軟體"
        "告知直屬主管，並於銷假上班後三個工作日內補辦請假手續。"
    )
    d.add_paragraph("第三條　請假以小時為計算單位，最小請假單位為半小時。")
    d.add_heading("第二章　假別及給假日數", level=1)
    d.add_paragraph("第四條　各類假別之給假日數、薪資給付及應檢附之證明文件如下表：")
    _docx_table(
        d,
        ["假別", "給假日數", "薪資給付", "應檢附證明"],
        [
            ["事假", "每年十四日", "不給薪資", "無"],
            ["普通傷病假", "未住院者每年三十日", "半薪", "連續請假三日以上須附醫療證明"],
            ["婚假", "十日", "全薪", "結婚證書或戶籍謄本"],
            ["喪假（父母、養父母、繼父母、配偶）", "八日", "全薪", "訃聞或死亡證明書"],
            ["喪假（祖父母、子女、配偶之父母）", "六日", "全薪", "訃聞或死亡證明書"],
            ["產假", "八星期", "全薪（任職滿六個月者）", "出生證明或醫療證明"],
            ["陪產檢及陪產假", "七日", "全薪", "出生證明或產檢紀錄"],
            ["家庭照顧假", "每年七日（併入事假計算）", "不給薪資", "無"],
            ["生理假", "每月一日", "半薪", "無"],
            ["公假", "依實際需要", "全薪", "開會或受訓通知書"],
        ],
        group_header=[("假別", 1), ("給假規定", 2), ("應檢附證明", 1)],
    )
    d.add_paragraph("婚假應自結婚登記日前十日起三個月內請畢；經直屬主管同意者，得於一年內請畢。")
    d.add_paragraph("第五條　特別休假依員工於本公司之服務年資給假，日數如下表：")
    _docx_table(
        d,
        ["服務年資", "特別休假日數"],
        [
            ["滿六個月未滿一年", "三日"],
            ["滿一年未滿二年", "七日"],
            ["滿二年未滿三年", "十日"],
            ["滿三年未滿五年", "每年十四日"],
            ["滿五年未滿十年", "每年十五日"],
            ["滿十年以上", "每一年加給一日，加至三十日為止"],
        ],
    )
    d.add_paragraph(
        "第六條　特別休假應於每年十二月三十一日前休畢。未休畢之日數，得經員工同意遞延至次年度"
        "六月三十日前休畢；遞延期限屆滿仍未休畢者，依員工當月薪資折算日薪發給工資。"
    )
    d.add_heading("第三章　申請及核准程序", level=1)
    d.add_paragraph("第七條　請假之核准權限如下：")
    _docx_bullets(
        d,
        [
            "請假一日以內者：由直屬主管核准。",
            "請假超過一日未滿五日者：由部門經理核准。",
            "請假五日以上者：由處長核准，並副知人力資源處。",
        ],
    )
    d.add_paragraph(
        "第八條　員工請假期間應指定職務代理人，並於「欣禾 e 點通」填寫代理人姓名；"
        "代理人不得同時請假。"
    )
    d.add_paragraph("第九條　員工請假之作業步驟如下：")
    _docx_numbered(
        d,
        [
            "與直屬主管確認請假期間及職務代理人。",
            "於「欣禾 e 點通」填寫請假單並上傳證明文件。",
            "核准後由系統自動通知人力資源處登錄出勤紀錄。",
        ],
    )
    d.add_heading("第四章　附則", level=1)
    d.add_paragraph(
        "第十條　未依規定辦妥請假手續而擅離職守者，以曠職論。連續曠職三日或一個月內累計曠職"
        "六日者，依工作規則終止勞動契約。"
    )
    d.add_paragraph("第十一條　本辦法如有未盡事宜，請洽人力資源處黃淑芬專員，分機 2305。")
    d.add_paragraph("第十二條　本辦法經總經理核定後公布施行，修正時亦同。")
    d.save(str(path))
    return path


def build_travel_policy_zh_hans(out: pathlib.Path) -> pathlib.Path:
    """华澜物流集团 国内差旅管理规定 (zh-Hans, DOCX)."""
    path = out / "travel-policy-zh-hans.docx"
    d = _docx_new("宋体")
    _docx_header_footer(d, "内部资料　注意保密", "华澜物流集团有限公司　第 ", " 页")
    d.add_heading("华澜物流集团有限公司国内差旅管理规定", level=0)
    d.add_paragraph(
        "文件编号：HL-FIN-2026-03　　发布日期：2025年12月18日　　施行日期：2026年1月1日"
    )
    d.add_heading("第一章　总则", level=1)
    d.add_paragraph(
        "第一条　为规范集团国内差旅管理，合理控制差旅费用，根据国家有关规定并结合集团实际，"
        "制定本规定。"
    )
    d.add_paragraph("第二条　本规定适用于集团总部及各分公司、子公司的全体员工。")
    d.add_heading("第二章　出差审批与交通", level=1)
    d.add_paragraph(
        "第三条　员工出差须提前在OA系统提交《出差申请单》，经部门负责人审批后方可出行；"
        "单次出差时间超过5天的，还须经分管副总裁审批。"
    )
    d.add_paragraph("第四条　员工出差乘坐交通工具的标准如下：")
    _docx_bullets(
        d,
        [
            "总监及以上人员：飞机经济舱、高铁一等座或动车一等座；",
            "其他员工：高铁二等座或动车二等座；单程乘车时间在6小时以上的，可乘坐飞机经济舱；",
            "出差地市内交通原则上乘坐公共交通，确需乘坐出租车或网约车的，凭票在市内交通补助内列支。",
        ],
    )
    d.add_heading("第三章　住宿与补助标准", level=1)
    d.add_paragraph("第五条　各类城市的住宿费上限及伙食补助、市内交通补助标准如下表（单位：元）：")
    _docx_table(
        d,
        [
            "城市类别",
            "包括城市",
            "总监及以上",
            "其他员工",
            "伙食补助（元/天）",
            "市内交通补助（元/天）",
        ],
        [
            ["一类", "北京、上海、广州、深圳", "800", "550", "120", "80"],
            ["二类", "杭州、南京、成都、武汉、厦门、青岛", "650", "450", "100", "60"],
            ["三类", "西安、长沙、郑州、昆明、合肥等其他省会城市", "500", "380", "90", "50"],
            ["四类", "其他地级市及县城", "400", "300", "70", "40"],
        ],
        group_header=[
            ("城市类别", 1),
            ("包括城市", 1),
            ("住宿费上限（元/间·晚）", 2),
            ("伙食补助（元/天）", 1),
            ("市内交通补助（元/天）", 1),
        ],
    )
    d.add_paragraph(
        "第六条　住宿费超出上表标准的部分由个人承担；因参加会议由主办方统一安排住宿的，"
        "凭会议通知按实际发生金额报销。"
    )
    d.add_paragraph(
        "第七条　伙食补助和市内交通补助按出差自然天数计算；当天往返的，按半天标准发放。"
    )
    d.add_heading("第四章　借款与报销", level=1)
    d.add_paragraph(
        "第八条　员工应在出差结束后10个工作日内通过费控系统“澜报”提交报销申请；"
        "逾期超过30天的，财务部不予受理。"
    )
    d.add_paragraph(
        "第九条　住宿费须取得增值税普通发票或专用发票，发票抬头为“华澜物流集团有限公司”，"
        "纳税人识别号为91310115MA1H7XK42Q。"
    )
    d.add_paragraph(
        "第十条　预计差旅费用超过5000元的，可申请差旅借款；借款人应在出差结束后15日内"
        "办理冲账，未冲账前不得再次借款。"
    )
    d.add_paragraph("第十一条　报销时须提交的材料：")
    _docx_numbered(
        d,
        [
            "经审批的《出差申请单》；",
            "交通票据及住宿发票；",
            "超标准住宿的情况说明（如有）。",
        ],
    )
    d.add_heading("第五章　附则", level=1)
    d.add_paragraph("第十二条　本规定由集团财务部负责解释。咨询电话：021-6088 5210 转 3307。")
    d.add_paragraph("第十三条　本规定自2026年1月1日起施行，原《差旅费报销办法》同时废止。")
    d.save(str(path))
    return path


def build_it_handbook_en(out: pathlib.Path) -> pathlib.Path:
    """Northbridge Polytechnic IT Service Desk Handbook (English, DOCX)."""
    path = out / "it-service-handbook-en.docx"
    d = _docx_new(None)
    _docx_header_footer(d, "Northbridge Polytechnic — IT Services", "Confidential — page ", "")
    d.add_heading("IT Service Desk Handbook", level=0)
    d.add_paragraph("Northbridge Polytechnic · Version 4.2 · Effective 2 February 2026")
    d.add_heading("1. Introduction", level=1)
    d.add_paragraph(
        "1.1 Purpose. This handbook explains how to get help from IT Services, what service "
        "levels apply, and what is expected of every user of the Polytechnic's systems."
    )
    d.add_paragraph(
        "1.2 Scope. It applies to all staff, registered students and visiting researchers "
        "who hold a Northbridge account."
    )
    d.add_heading("2. Contacting the Service Desk", level=1)
    d.add_paragraph("2.1 You can reach the Service Desk through any of these channels:")
    _docx_bullets(
        d,
        [
            "Self-service portal: help.northbridge.example (open 24 hours a day).",
            "Telephone: extension 4357 (H-E-L-P), Monday to Friday, 08:00–18:00.",
            "Walk-in desk: Library, Level 2, Room L2.14, Monday to Friday, 09:00–17:00.",
        ],
    )
    d.add_paragraph(
        "2.2 Outside those hours, only Priority 1 incidents are handled. Call the on-call "
        "engineer on 0800 555 0199; all other requests are queued for the next working day."
    )
    d.add_heading("3. Priorities and Service Levels", level=1)
    d.add_paragraph(
        "3.1 Every ticket is given a priority when it is logged. The targets that apply to "
        "each priority are set out in Table 1."
    )
    _docx_caption(d, "Table 1. Response and resolution targets by priority")
    _docx_table(
        d,
        ["Priority", "Typical example", "First response", "Resolution"],
        [
            ["P1 – Critical", "Campus-wide network or e-mail outage", "15 minutes", "4 hours"],
            [
                "P2 – High",
                "A whole department cannot use a core system",
                "1 hour",
                "8 business hours",
            ],
            [
                "P3 – Medium",
                "One user cannot print or open a shared drive",
                "4 business hours",
                "3 business days",
            ],
            [
                "P4 – Low",
                "Software installation request or general question",
                "1 business day",
                "10 business days",
            ],
        ],
        group_header=[("Priority", 1), ("Typical example", 1), ("Target", 2)],
    )
    d.add_paragraph(
        "3.2 Escalation. If a P1 incident has not been resolved within 2 hours, the Duty "
        "Manager informs the Director of IT Services, who decides whether to invoke the "
        "major incident procedure."
    )
    d.add_heading("4. Accounts and Passwords", level=1)
    d.add_paragraph(
        "4.1 Passwords must be at least 14 characters long and are changed every 180 days. "
        "The last 8 passwords cannot be reused."
    )
    d.add_paragraph(
        "4.2 An account is locked for 30 minutes after 5 failed sign-in attempts. The Service "
        "Desk can unlock it sooner after checking your identity."
    )
    d.add_paragraph(
        "4.3 Leavers. Accounts are disabled at the end of the last working day; the mailbox "
        "is kept for 90 days and then deleted."
    )
    d.add_heading("5. Equipment Loans", level=1)
    d.add_paragraph(
        "5.1 Staff may borrow equipment from the loan pool at the walk-in desk. Loan periods "
        "are listed below."
    )
    _docx_caption(d, "Table 2. Loan pool equipment")
    _docx_table(
        d,
        ["Item", "Maximum loan period", "Units in pool"],
        [
            ["Windows laptop", "14 days", "40"],
            ["Portable projector", "3 days", "6"],
            ["4G mobile hotspot", "7 days", "12"],
            ["Conference camera kit", "5 days", "4"],
        ],
    )
    d.add_heading("6. Backups", level=1)
    d.add_paragraph(
        "6.1 Home drives (H:) and departmental shares are backed up every night at 23:00. "
        "Backups are kept for 35 days; to restore a file, log a P4 ticket with the file path "
        "and the date it was last correct."
    )
    d.add_heading("7. Reporting a Security Incident", level=1)
    d.add_paragraph("7.1 If you suspect your account or device has been compromised:")
    _docx_numbered(
        d,
        [
            "Disconnect the device from the network (unplug the cable or turn off Wi-Fi).",
            "Call the Service Desk on extension 4357 and say it is a security incident.",
            "Do not delete any e-mails or files until the security team has contacted you.",
            "Change your password from a different, trusted device.",
        ],
    )
    d.save(str(path))
    return path


# ---------------------------------------------------------------------------
# XLSX documents
# ---------------------------------------------------------------------------

_CATALOGUE_DEPARTMENTS: list[tuple[str, str, list[str]]] = [
    (
        "BUS",
        "Business",
        [
            "Bookkeeping",
            "Project Management",
            "Marketing Analytics",
            "Negotiation",
            "Payroll Administration",
            "Small Business Finance",
            "Supply Chain Basics",
            "Team Leadership",
            "Business Writing",
            "Customer Service",
            "Procurement Practice",
            "Risk Management",
        ],
    ),
    (
        "CMP",
        "Computing",
        [
            "Python Programming",
            "Web Development",
            "Cloud Infrastructure",
            "Database Design",
            "Cyber Security",
            "Linux Administration",
            "Mobile App Development",
            "Network Fundamentals",
            "JavaScript",
            "Software Testing",
            "DevOps Practice",
            "IT Service Management",
        ],
    ),
    (
        "DAT",
        "Data Science",
        [
            "Statistics",
            "Machine Learning",
            "Data Visualisation",
            "SQL for Analysts",
            "Spreadsheet Modelling",
            "Survey Analysis",
            "Forecasting",
            "Data Ethics",
            "Text Analytics",
            "Dashboard Design",
            "Data Cleaning",
            "Experimental Design",
        ],
    ),
    (
        "ENG",
        "Engineering",
        [
            "Technical Drawing",
            "CAD Modelling",
            "Electrical Installation",
            "Mechanical Maintenance",
            "PLC Programming",
            "Welding Practice",
            "Renewable Energy Systems",
            "Building Services",
            "Quality Control",
            "3D Printing",
            "Hydraulics",
            "Surveying",
        ],
    ),
    (
        "ENV",
        "Environmental Science",
        [
            "Ecology",
            "Soil Science",
            "Water Quality Monitoring",
            "Climate Science",
            "Environmental Law",
            "Biodiversity Surveying",
            "Waste Management",
            "GIS Mapping",
            "Sustainable Agriculture",
            "Air Quality",
            "Carbon Accounting",
            "Field Botany",
        ],
    ),
    (
        "HSC",
        "Health & Social Care",
        [
            "First Aid",
            "Mental Health Awareness",
            "Nutrition",
            "Safeguarding",
            "Care Planning",
            "Infection Control",
            "Dementia Care",
            "Health Promotion",
            "Counselling Skills",
            "Medical Terminology",
            "Youth Work",
            "Anatomy and Physiology",
        ],
    ),
    (
        "HUM",
        "Humanities",
        [
            "Local History",
            "Philosophy",
            "Creative Writing",
            "Archaeology",
            "Art History",
            "Psychology",
            "Sociology",
            "World Religions",
            "Classical Civilisation",
            "Film Studies",
            "Genealogy",
            "Political Ideas",
        ],
    ),
    (
        "LAN",
        "Languages",
        [
            "Spanish",
            "French",
            "German",
            "Italian",
            "Mandarin Chinese",
            "Japanese",
            "Arabic",
            "Portuguese",
            "Korean",
            "British Sign Language",
            "Dutch",
            "Greek",
        ],
    ),
    (
        "ART",
        "Creative Arts",
        [
            "Life Drawing",
            "Watercolour",
            "Ceramics",
            "Digital Photography",
            "Printmaking",
            "Jewellery Making",
            "Textile Design",
            "Acrylic Painting",
            "Sculpture",
            "Graphic Design",
            "Video Editing",
            "Calligraphy",
        ],
    ),
    (
        "HOS",
        "Hospitality",
        [
            "Barista Skills",
            "Food Hygiene",
            "Pastry",
            "Event Management",
            "Wine Appreciation",
            "Front Office Operations",
            "Italian Cookery",
            "Vegetarian Cookery",
            "Cake Decorating",
            "Mixology",
            "Hotel Revenue Management",
            "Knife Skills",
        ],
    ),
]

_TITLE_FORMS: list[tuple[str, str]] = [
    ("Introduction to {t}", "Introductory"),
    ("{t} Essentials", "Introductory"),
    ("Applied {t}", "Intermediate"),
    ("{t} Workshop", "Intermediate"),
    ("{t}: Weekend Intensive", "Intermediate"),
    ("Advanced {t}", "Advanced"),
    ("Certificate in {t}", "Advanced"),
    ("{t} Masterclass", "Advanced"),
]

_LANGUAGE_STAGES: list[tuple[str, str]] = [
    ("{t} for Beginners 1", "Introductory"),
    ("{t} for Beginners 2", "Introductory"),
    ("{t} Improvers", "Intermediate"),
    ("{t} Intermediate", "Intermediate"),
    ("{t} Upper Intermediate", "Advanced"),
    ("{t} Conversation Club", "Advanced"),
]

_FIRST_NAMES = [
    "Alice",
    "Ben",
    "Chloe",
    "Daniel",
    "Eleanor",
    "Farid",
    "Grace",
    "Hamish",
    "Isla",
    "James",
    "Kavita",
    "Liam",
    "Maya",
    "Niall",
    "Olivia",
    "Priya",
    "Rhys",
    "Sophie",
    "Tomasz",
    "Una",
    "Victor",
    "Wen",
    "Yusuf",
    "Zara",
]
_SURNAMES = [
    "Adeyemi",
    "Baxter",
    "Campbell",
    "Doherty",
    "Ellison",
    "Fairbairn",
    "Gallagher",
    "Hughes",
    "Iqbal",
    "Jenkins",
    "Kowalski",
    "Lindqvist",
    "McAllister",
    "Nakamura",
    "O'Connell",
    "Pritchard",
    "Quinn",
    "Rahman",
    "Sutherland",
    "Thornton",
    "Underwood",
    "Varga",
    "Whitaker",
    "Young",
]

# Hand-written catalogue rows, keyed by their 1-based position among the courses.
_CATALOGUE_FIXED: dict[int, tuple[str, str, int, int, str, dt.date, int, str]] = {
    1120: (
        "Oral History Methods",
        "Intermediate",
        10,
        38,
        "Online",
        dt.date(2026, 6, 8),
        560,
        "Dr. Rosalind Achebe-Hart",
    ),
    1387: (
        "Coastal Wetland Restoration Practicum",
        "Advanced",
        15,
        62,
        "Blended",
        dt.date(2026, 9, 14),
        1860,
        "Dr. Imogen Achterberg",
    ),
    1742: (
        "Forensic Accounting with Spreadsheets",
        "Intermediate",
        20,
        82,
        "Online",
        dt.date(2026, 10, 5),
        1240,
        "Marcus Oyelaran",
    ),
    2214: (
        "Conversational Icelandic for Beginners",
        "Introductory",
        5,
        22,
        "Evening",
        dt.date(2026, 11, 3),
        420,
        "Solveig Haraldsdottir",
    ),
    2391: (
        "Artisan Sourdough and Viennoiserie",
        "Intermediate",
        10,
        36,
        "On campus",
        dt.date(2026, 12, 7),
        690,
        "Thierry Vasseur",
    ),
}
_CATALOGUE_FIXED_DEPT = {1120: 6, 1387: 4, 1742: 0, 2214: 7, 2391: 9}
CATALOGUE_SIZE = 2400


def catalogue_rows() -> list[list[XlsxValue]]:
    """The 2,400 course rows of the catalogue (deterministic)."""
    rng = random.Random(20260201)
    rows: list[list[XlsxValue]] = []
    for number in range(1, CATALOGUE_SIZE + 1):
        dept_index = rng.randrange(len(_CATALOGUE_DEPARTMENTS))
        topic = rng.choice(_CATALOGUE_DEPARTMENTS[dept_index][2])
        forms = _LANGUAGE_STAGES if dept_index == 7 else _TITLE_FORMS
        form, level = rng.choice(forms)
        credits = rng.choice([5, 10, 10, 15, 20])
        hours = credits * 4 + rng.choice([0, 2, 4, 6])
        mode = rng.choice(["On campus", "Online", "Blended", "Evening"])
        start = dt.date(2026, 1, 5) + dt.timedelta(weeks=rng.randrange(50))
        fee = max(150, min(1800, round(credits * rng.randint(28, 72), -1)))
        title_word = rng.choice(["", "", "Dr. ", "Prof. "])
        instructor = f"{title_word}{rng.choice(_FIRST_NAMES)} {rng.choice(_SURNAMES)}"
        title = form.format(t=topic)
        if number in _CATALOGUE_FIXED:
            dept_index = _CATALOGUE_FIXED_DEPT[number]
            title, level, credits, hours, mode, start, fee, instructor = _CATALOGUE_FIXED[number]
        prefix, department, _topics = _CATALOGUE_DEPARTMENTS[dept_index]
        rows.append(
            [
                f"{prefix}-{1000 + number}",
                title,
                department,
                level,
                credits,
                hours,
                mode,
                start,
                fee,
                instructor,
            ]
        )
    return rows


def build_course_catalogue_en(out: pathlib.Path) -> pathlib.Path:
    """Northbridge Polytechnic Continuing Education catalogue, 2,400 rows (English, XLSX)."""
    path = out / "course-catalogue-2026-en.xlsx"
    header: list[XlsxValue] = [
        "Course Code",
        "Course Title",
        "Department",
        "Level",
        "Credits",
        "Contact Hours",
        "Delivery Mode",
        "Start Date",
        "Fee (GBP)",
        "Tutor",
    ]
    rows = catalogue_rows()
    last = CATALOGUE_SIZE + 1
    summary: list[list[XlsxValue]] = [
        ["Department", "Code Prefix", "Courses", "Online Courses", "Average Fee (GBP)"]
    ]
    for prefix, department, _topics in _CATALOGUE_DEPARTMENTS:
        mine = [r for r in rows if r[2] == department]
        fees = [int(str(r[8])) for r in mine]
        online = sum(1 for r in mine if r[6] == "Online")
        rng_c = f"'Catalogue 2026'!$C$2:$C${last}"
        summary.append(
            [
                department,
                prefix,
                Formula(f"=COUNTIF({rng_c},A{len(summary) + 1})", len(mine)),
                Formula(
                    f"=COUNTIFS({rng_c},A{len(summary) + 1},"
                    f"'Catalogue 2026'!$G$2:$G${last},\"Online\")",
                    online,
                ),
                Formula(
                    f"=ROUND(AVERAGEIF({rng_c},A{len(summary) + 1},"
                    f"'Catalogue 2026'!$I$2:$I${last}),2)",
                    round(sum(fees) / len(fees), 2),
                    "#,##0.00",
                ),
            ]
        )
    all_fees = [int(str(r[8])) for r in rows]
    summary.append(
        [
            "All departments",
            "",
            Formula(f"=COUNTA('Catalogue 2026'!$A$2:$A${last})", len(rows), "#,##0"),
            Formula(
                f"=COUNTIF('Catalogue 2026'!$G$2:$G${last},\"Online\")",
                sum(1 for r in rows if r[6] == "Online"),
                "#,##0",
            ),
            Formula(
                f"=ROUND(AVERAGE('Catalogue 2026'!$I$2:$I${last}),2)",
                round(sum(all_fees) / len(all_fees), 2),
                "#,##0.00",
            ),
        ]
    )
    notes: list[list[XlsxValue]] = [
        ["Item", "Detail"],
        ["Publisher", "Northbridge Polytechnic, School of Continuing Education"],
        ["Catalogue edition", "2026 (published 12 January 2026)"],
        ["Enrolment", "Enrol online or at Student Services, Main Building, Room G.05"],
        ["Concessions", "Students aged 60 or over pay 75% of the listed fee"],
        ["Refunds", "Full refund if you withdraw at least 10 working days before the start date"],
        ["Enquiries", "ce-enquiries@northbridge.example / 01632 960 412"],
    ]
    _xlsx_write(
        path,
        [
            SheetSpec(
                "Catalogue 2026",
                [header, *rows],
                widths=[12, 44, 22, 13, 8, 13, 14, 12, 10, 26],
                number_formats={8: "#,##0", 7: "yyyy-mm-dd"},
            ),
            SheetSpec("Summary", summary, widths=[24, 12, 10, 15, 18]),
            SheetSpec("Notes", notes, widths=[20, 80]),
        ],
    )
    return path


def build_travel_allowance_zh_hant(out: pathlib.Path) -> pathlib.Path:
    """澄光醫療器材 差旅費支給標準 (zh-Hant, XLSX with three sheets)."""
    path = out / "travel-allowance-zh-hant.xlsx"
    domestic_data = [
        ("臺北市", 2500, 600),
        ("新北市", 2200, 550),
        ("桃園市", 2000, 550),
        ("新竹市", 2100, 550),
        ("臺中市", 2000, 550),
        ("臺南市", 1800, 500),
        ("高雄市", 2000, 550),
        ("花蓮縣", 1900, 500),
        ("臺東縣", 1800, 500),
        ("澎湖縣", 2200, 600),
        ("金門縣", 2300, 600),
        ("其他縣市", 1600, 450),
    ]
    domestic: list[list[XlsxValue]] = [
        ["地區", "住宿費上限（元/日）", "膳雜費（元/日）", "交通費", "每日合計上限（元）"]
    ]
    for index, (area, lodging, meals) in enumerate(domestic_data, start=2):
        domestic.append(
            [
                area,
                lodging,
                meals,
                "實支實付",
                Formula(f"=B{index}+C{index}", lodging + meals, "#,##0"),
            ]
        )
    abroad_data = [
        ("日本", "東京", 320, 0.7, ""),
        ("日本", "大阪", 290, 0.7, ""),
        ("韓國", "首爾", 280, 0.7, ""),
        ("新加坡", "新加坡", 300, 0.7, ""),
        ("美國", "舊金山", 400, 0.65, ""),
        ("美國", "紐約", 420, 0.65, "須事先經副總經理核准"),
        ("德國", "法蘭克福", 330, 0.6, "展覽期間得檢據核實報支"),
        ("越南", "胡志明市", 220, 0.65, ""),
        ("泰國", "曼谷", 240, 0.7, ""),
        ("印尼", "雅加達", 260, 0.65, ""),
    ]
    abroad: list[list[XlsxValue]] = [
        ["國家", "城市", "日支數額（美元）", "住宿費比例", "住宿費上限（美元）", "備註"]
    ]
    for index, (country, city, daily, share, remark) in enumerate(abroad_data, start=2):
        abroad.append(
            [
                country,
                city,
                daily,
                share,
                Formula(f"=ROUND(C{index}*D{index},0)", round(daily * share)),
                remark,
            ]
        )
    notes: list[list[XlsxValue]] = [
        ["項次", "說明"],
        [1, "本標準適用於澄光醫療器材股份有限公司全體員工，自2026年1月1日起實施。"],
        [2, "國內出差當日往返者，不得報支住宿費，膳雜費減半支給。"],
        [3, "國外出差之日支數額以美元計算，按出發前一日往來銀行公告之即期賣出匯率折算新臺幣。"],
        [4, "國外出差人員應於返國後7日內檢附單據辦理核銷。"],
        [5, "搭乘高鐵以標準車廂為原則；經理級以上得搭乘商務車廂。"],
        [6, "本標準承辦單位為財務部，聯絡人林雅婷，分機3128。"],
    ]
    _xlsx_write(
        path,
        [
            SheetSpec(
                "國內出差",
                domestic,
                widths=[12, 20, 17, 12, 20],
                number_formats={1: "#,##0", 2: "#,##0"},
            ),
            SheetSpec(
                "國外出差", abroad, widths=[10, 12, 18, 12, 20, 28], number_formats={3: "0%"}
            ),
            SheetSpec("說明", notes, widths=[6, 90]),
        ],
    )
    return path


def _with_tax(price: str) -> float:
    from decimal import ROUND_HALF_UP, Decimal

    exact = Decimal(price) * Decimal("1.13")
    if (exact * 100) % 1 == Decimal("0.5"):
        raise ValueError(f"price {price} gives a rounding tie")
    return float(exact.quantize(Decimal("0.01"), rounding=ROUND_HALF_UP))


def build_price_list_zh_hans(out: pathlib.Path) -> pathlib.Path:
    """上海启明办公用品 2026年企业客户价目表 (zh-Hans, XLSX with three sheets)."""
    path = out / "office-price-list-zh-hans.xlsx"
    items = [
        ("QM-P001", "启明A4复印纸 70g", "500张/包，5包/箱", "箱", "118", "现货"),
        ("QM-P002", "启明A4复印纸 80g", "500张/包，5包/箱", "箱", "139", "现货"),
        ("QM-P003", "启明A3复印纸 80g", "500张/包，4包/箱", "箱", "196", "现货"),
        ("QM-P004", "彩色复印纸 A4 混色", "100张/包", "包", "16.8", "现货"),
        ("QM-P005", "牛皮纸信封 5号", "100个/包", "包", "24", "现货"),
        ("QM-P006", "无碳复写联单 二联", "50组/本，10本/包", "包", "32", "需预订"),
        ("QM-W001", "中性笔 0.5mm 黑色", "12支/盒", "盒", "18", "现货"),
        ("QM-W002", "中性笔 0.5mm 红色", "12支/盒", "盒", "19", "现货"),
        ("QM-W003", "中性笔替芯 0.5mm 黑色", "20支/盒", "盒", "12", "现货"),
        ("QM-W004", "圆珠笔 0.7mm 蓝色", "40支/盒", "盒", "24", "现货"),
        ("QM-W005", "白板笔 黑色 可擦", "10支/盒", "盒", "22", "现货"),
        ("QM-W006", "荧光笔 五色套装", "5支/套", "套", "9.9", "现货"),
        ("QM-W007", "记号笔 双头 黑色", "10支/盒", "盒", "19.8", "缺货"),
        ("QM-W008", "自动铅笔 0.5mm", "1支", "支", "6.6", "现货"),
        ("QM-F001", "档案盒 A4 55mm 蓝色", "1个", "个", "6.8", "现货"),
        ("QM-F002", "文件夹 双强力夹", "1个", "个", "8.9", "现货"),
        ("QM-F003", "资料册 A4 60页", "1个", "个", "15.6", "现货"),
        ("QM-F004", "拉链文件袋 A4 透明", "10个/包", "包", "14", "现货"),
        ("QM-B001", "订书机 12号 中号", "1个", "个", "26", "现货"),
        ("QM-B002", "订书钉 12号", "1000枚/盒，10盒/包", "包", "15", "现货"),
        ("QM-B003", "长尾夹 32mm", "12只/盒", "盒", "7.8", "现货"),
        ("QM-B004", "回形针 29mm", "100枚/盒", "盒", "3.2", "现货"),
        ("QM-B005", "起钉器", "1个", "个", "5.8", "现货"),
        ("QM-D001", "计算器 12位 太阳能双电源", "1台", "台", "45", "现货"),
        ("QM-D002", "便利贴 76×76mm 黄色", "100张/本", "本", "4.2", "现货"),
        ("QM-D003", "美工刀 大号 18mm", "1把", "把", "6.6", "现货"),
        ("QM-D004", "办公剪刀 21cm", "1把", "把", "9.8", "现货"),
        ("QM-D005", "液体胶水 50ml", "1瓶", "瓶", "3.9", "现货"),
        ("QM-D006", "透明封箱胶带 48mm×100m", "6卷/筒", "筒", "41", "现货"),
        ("QM-T001", "U盘 64GB USB 3.2", "1个", "个", "49", "现货"),
        ("QM-T002", "激光打印机硒鼓 QM-TN260", "1支", "支", "298", "需预订"),
        ("QM-T003", "喷墨打印机墨盒 黑色 QM-INK45", "1支", "支", "129", "现货"),
        ("QM-T004", "无线键鼠套装", "1套", "套", "89", "现货"),
        ("QM-C001", "抽纸 三层 100抽", "24包/箱", "箱", "86", "现货"),
        ("QM-C002", "一次性纸杯 250ml", "50只/包，20包/箱", "箱", "58", "现货"),
        ("QM-C003", "桶装饮用水 18.9L", "1桶", "桶", "22", "需预订"),
    ]
    price_rows: list[list[XlsxValue]] = [
        ["商品编号", "商品名称", "规格", "单位", "单价（元）", "含税价（元）", "库存状态"]
    ]
    for index, (code, name, spec, unit, price, stock) in enumerate(items, start=2):
        price_rows.append(
            [
                code,
                name,
                spec,
                unit,
                float(price),
                Formula(f"=ROUND(E{index}*1.13,2)", _with_tax(price), "0.00"),
                stock,
            ]
        )
    discounts: list[list[XlsxValue]] = [
        ["单笔订单金额（元）", "折扣", "说明"],
        ["2,000以下", "无折扣", "按价目表单价结算"],
        ["2,000（含）至5,000", "9.5折", "自动计入订单"],
        ["5,000（含）至20,000", "9折", "自动计入订单"],
        ["20,000（含）以上", "8.8折", "须签订年度框架协议"],
    ]
    delivery: list[list[XlsxValue]] = [
        ["项目", "说明"],
        ["上海市内配送", "单笔订单满300元免运费，不满300元收取运费20元"],
        ["外省市配送", "单笔订单满1000元包邮，由合作物流配送，3至5个工作日送达"],
        ["发货时间", "工作日15:00前确认的订单当天发货"],
        ["付款方式", "企业客户可申请月结，账期30天"],
        ["开票", "开具13%增值税专用发票或普通发票"],
        ["客服热线", "021-5432 7788（周一至周五 8:30–17:30）"],
    ]
    _xlsx_write(
        path,
        [
            SheetSpec(
                "2026年价目表",
                price_rows,
                widths=[11, 30, 20, 6, 12, 13, 10],
                number_formats={4: "0.00"},
            ),
            SheetSpec("批量折扣", discounts, widths=[22, 10, 22]),
            SheetSpec("配送与付款", delivery, widths=[14, 60]),
        ],
    )
    return path


# ---------------------------------------------------------------------------
# CSV documents
# ---------------------------------------------------------------------------


def _add_minutes(clock: str, minutes: int) -> str:
    hour, minute = (int(part) for part in clock.split(":"))
    total = hour * 60 + minute + minutes
    return f"{total // 60:02d}:{total % 60:02d}"


def build_shuttle_csv(out: pathlib.Path) -> pathlib.Path:
    """青嵐大學 campus shuttle timetable, bilingual (mixed zh-Hant/English, UTF-8 with BOM)."""
    path = out / "campus-shuttle-timetable.csv"
    header = [
        "班次 Run",
        "路線 Route",
        "正門 Main Gate",
        "圖書館 Library",
        "醫學院 Medical School",
        "學生宿舍 Dormitory",
        "高鐵站 HSR Station",
        "備註 Notes",
    ]
    loop_departures = [
        "07:20",
        "07:45",
        "08:10",
        "08:35",
        "09:05",
        "09:40",
        "10:20",
        "11:00",
        "11:50",
        "12:30",
        "13:15",
        "14:00",
        "15:10",
        "16:20",
        "17:05",
        "17:40",
        "18:30",
        "21:50",
    ]
    loop_notes = {
        1: "僅平日行駛 Weekdays only",
        8: "經體育館 Via the Sports Centre",
        17: "週六停駛 No service on Saturdays",
        18: "末班車，寒暑假停駛 Last run; no service during winter and summer breaks",
    }
    link_departures = [
        "06:50",
        "07:35",
        "08:20",
        "09:30",
        "11:10",
        "13:40",
        "15:25",
        "17:15",
        "19:00",
        "20:40",
    ]
    link_notes = {
        1: "需刷學生證或教職員證 Student or staff card required",
        5: "無障礙低地板公車 Wheelchair-accessible low-floor bus",
        9: "僅週五及週日行駛 Fridays and Sundays only",
        10: "末班車 Last run",
    }
    rows: list[list[str]] = []
    for number, start in enumerate(loop_departures, start=1):
        rows.append(
            [
                f"A{number:02d}",
                "A 校內循環 Campus Loop",
                start,
                _add_minutes(start, 4),
                _add_minutes(start, 9),
                _add_minutes(start, 15),
                "—",
                loop_notes.get(number, ""),
            ]
        )
    for number, start in enumerate(link_departures, start=1):
        rows.append(
            [
                f"B{number:02d}",
                "B 高鐵接駁 HSR Link",
                start,
                "—",
                "—",
                _add_minutes(start, 6),
                _add_minutes(start, 31),
                link_notes.get(number, ""),
            ]
        )
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\r\n")
    writer.writerow(header)
    writer.writerows(rows)
    path.write_bytes(buffer.getvalue().encode("utf-8-sig"))
    return path


# Hand-written rows that questions ask about; the other rows are generated.
_ASSET_FIXED: list[list[str]] = [
    [
        "ZC-2022-0033",
        "七座商务车",
        "沪E·5K2M7 自动挡",
        "行政部",
        "陆文斌",
        "2022-05-16",
        "268000.00",
        "地下车库 B2-017",
        "在用",
    ],
    [
        "ZC-2023-0089",
        "激光投影仪",
        "XC-LP5200 5200流明",
        "市场部",
        "沈佳怡",
        "2023-07-05",
        "6980.00",
        "3楼 301会议室",
        "维修中",
    ],
    [
        "ZC-2024-0156",
        "机架式服务器",
        "2U 双路 512GB内存",
        "信息技术部",
        "周立强",
        "2024-03-18",
        "86500.00",
        "1楼 数据机房 A03机柜",
        "在用",
    ],
    [
        "ZC-2025-0212",
        "移动工作站",
        "15.6英寸 64GB内存",
        "研发一部",
        "顾晓峰",
        "2025-09-22",
        "18650.00",
        "5楼 研发一部",
        "在用",
    ],
    [
        "ZC-2025-0240",
        "会议平板",
        "86英寸 触控一体机",
        "总经理办公室",
        "钱雨桐",
        "2025-11-10",
        "23800.00",
        "8楼 董事会议室",
        "待验收",
    ],
]


def build_assets_csv_gbk(out: pathlib.Path) -> pathlib.Path:
    """星川软件 固定资产清单 (zh-Hans, GBK-encoded CSV)."""
    path = out / "fixed-assets-zh-hans-gbk.csv"
    rng = random.Random(8020)
    kinds = [
        ("台式电脑", "i5 16GB 512GB", 4200, 6500),
        ("笔记本电脑", "14英寸 16GB", 5600, 8900),
        ("显示器", "27英寸 2K", 1100, 1900),
        ("激光打印机", "A4 黑白 双面", 1800, 3200),
        ("网络交换机", "48口 千兆", 3600, 7800),
        ("办公桌椅套装", "1.4米 含活动柜", 1500, 2600),
        ("空调", "3匹 立式", 6800, 9800),
        ("碎纸机", "5级保密", 900, 1600),
        ("文件柜", "钢制 四门", 1200, 2100),
        ("无线访问点", "Wi-Fi 6 吸顶式", 800, 1500),
    ]
    departments = ["研发一部", "研发二部", "测试部", "市场部", "财务部", "人力资源部", "行政部"]
    keepers = [
        "张伟",
        "王芳",
        "李娜",
        "刘洋",
        "陈静",
        "杨帆",
        "黄磊",
        "吴婷",
        "徐明",
        "孙悦",
        "马超",
        "朱丽",
        "胡斌",
        "郭敏",
        "何军",
    ]
    places = [
        "3楼 开放办公区",
        "4楼 开放办公区",
        "5楼 研发一部",
        "6楼 测试实验室",
        "2楼 财务室",
        "2楼 人事行政区",
        "1楼 前台",
    ]
    header = [
        "资产编号",
        "资产名称",
        "规格型号",
        "使用部门",
        "保管人",
        "购置日期",
        "原值(元)",
        "存放地点",
        "状态",
    ]
    rows: list[list[str]] = [list(row) for row in _ASSET_FIXED]
    used = {row[0] for row in rows}
    serial = {2021: 10, 2022: 20, 2023: 60, 2024: 120, 2025: 180}
    while len(rows) < 40:
        name, spec, low, high = rng.choice(kinds)
        year = rng.choice([2021, 2022, 2023, 2024, 2025])
        serial[year] += rng.randint(1, 6)
        code = f"ZC-{year}-{serial[year]:04d}"
        if code in used:
            continue
        used.add(code)
        bought = dt.date(year, rng.randint(1, 12), rng.randint(1, 28))
        rows.append(
            [
                code,
                name,
                spec,
                rng.choice(departments),
                rng.choice(keepers),
                bought.isoformat(),
                f"{rng.randint(low, high)}.00",
                rng.choice(places),
                rng.choice(["在用", "在用", "在用", "闲置"]),
            ]
        )
    rows.sort(key=lambda row: row[0])
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\r\n")
    writer.writerow(header)
    writer.writerows(rows)
    path.write_bytes(buffer.getvalue().encode("gbk"))
    return path


# ---------------------------------------------------------------------------
# ODS documents
# ---------------------------------------------------------------------------


def _ods_write(
    path: pathlib.Path, sheets: Sequence[tuple[str, Sequence[Sequence[str | int | float]]]]
) -> None:
    document = OdfDocument("spreadsheet")
    document.body.clear()
    for name, rows in sheets:
        document.body.append(_ods_table(name, rows))
    document.save(path)


def build_training_rates_ods(out: pathlib.Path) -> pathlib.Path:
    """Elmstead Learning Centre room hire and trainer rates (English, ODS)."""
    path = out / "training-rates-en.ods"
    rooms: list[list[str | int | float]] = [
        [
            "Room",
            "Theatre capacity",
            "Classroom capacity",
            "Half day (4 h) £",
            "Full day (8 h) £",
            "Evening (3 h) £",
            "Equipment included",
        ],
        ["Willow Room", 40, 24, 180, 320, 150, "Projector, whiteboard"],
        ["Cedar Suite", 120, 60, 520, 940, 410, "Projector, PA system, two lapel microphones"],
        ["Oak Room", 20, 12, 110, 195, 90, "65-inch screen"],
        ["Birch Lab", 24, 24, 260, 470, 220, "24 PCs with office software"],
        ["Hazel Studio", 30, 16, 200, 360, 170, "Sprung floor, wall mirrors, sound system"],
        ["Maple Boardroom", 14, 14, 160, 290, 130, "Video conferencing bar, 75-inch screen"],
        ["Rowan Hall", 200, 90, 780, 1400, 620, "Stage, lectern, PA system, hearing loop"],
    ]
    trainers: list[list[str | int | float]] = [
        ["Trainer", "Specialism", "Day rate £", "Half-day rate £", "Travel zone"],
        ["Gillian Marsh", "Leadership and coaching", 850, 480, "Zone 1"],
        ["Obinna Eze", "Excel and data analysis", 720, 400, "Zone 1"],
        ["Harriet Lowe", "First aid at work", 640, 360, "Zone 2"],
        ["Rafael Domingues", "Project management (PRINCE2)", 900, 510, "Zone 2"],
        ["Ingrid Solberg", "Presentation skills", 680, 380, "Zone 1"],
        ["Callum Reid", "Health and safety (IOSH)", 760, 430, "Zone 3"],
        ["Mei-Ling Foster", "Customer service", 600, 340, "Zone 1"],
    ]
    terms: list[list[str | int | float]] = [
        ["Term", "Detail"],
        ["Deposit", "25% of the hire fee, payable when the booking is confirmed"],
        ["Cancellation more than 20 working days ahead", "Deposit refunded in full"],
        ["Cancellation 10 to 20 working days ahead", "Deposit kept; no further charge"],
        ["Cancellation fewer than 10 working days ahead", "Full hire fee charged"],
        ["Catering", "Supplied by Quince Kitchen; minimum order of 12 covers"],
        ["VAT", "All rates exclude VAT at 20%"],
        ["Payment", "Invoices are payable within 30 days"],
        ["Travel zones", "Zone 1 no travel charge; Zone 2 adds £45 a day; Zone 3 adds £90 a day"],
        ["Bookings", "bookings@elmstead-learning.example or 0161 496 0732"],
    ]
    _ods_write(
        path, [("Rates 2026", rooms), ("Trainer Day Rates", trainers), ("Booking Terms", terms)]
    )
    return path


def build_meeting_rooms_ods(out: pathlib.Path) -> pathlib.Path:
    """永晴保險經紀 會議室一覽與預約規則 (zh-Hant, ODS)."""
    path = out / "meeting-rooms-zh-hant.ods"
    rooms: list[list[str | int | float]] = [
        ["會議室", "樓層", "容納人數", "視訊會議設備", "投影/螢幕", "白板", "備註"],
        ["玉山廳", "12F", 40, "有", "雷射投影機＋電動布幕", "有", "須經行政管理部核准"],
        ["雪山廳", "12F", 24, "有", "86吋觸控螢幕", "有", ""],
        ["合歡室", "11F", 12, "有", "65吋螢幕", "有", ""],
        ["阿里山室", "11F", 8, "無", "55吋螢幕", "有", ""],
        ["太魯閣室", "10F", 16, "有", "投影機", "有", "可拆分為兩間"],
        ["日月潭室", "10F", 6, "無", "無", "有", "僅供面談使用"],
        ["墾丁室", "9F", 10, "有", "65吋螢幕", "無", ""],
        ["清境室", "9F", 4, "有", "32吋螢幕", "無", "電話會議小間"],
        ["七星潭室", "B1", 60, "有", "雷射投影機＋音響", "有", "教育訓練專用"],
    ]
    rules: list[list[str | int | float]] = [
        ["項目", "規定"],
        ["預約方式", "一律透過「晴空會議室預約」系統預約，不受理電話預約"],
        ["預約期限", "最早可於使用日前30天預約"],
        ["使用時數", "單次預約最長4小時；超過者須分次預約"],
        ["報到", "逾預約開始時間15分鐘未於門口平板報到者，系統自動釋出"],
        ["餐點", "會議需訂便當或茶點者，應於會議前2個工作日向總務組申請"],
        ["使用後", "請關閉投影設備及空調，並將白板擦拭乾淨"],
        ["管理單位", "行政管理部總務組，分機1520"],
    ]
    _ods_write(path, [("會議室清單", rooms), ("預約規則", rules)])
    return path


# ---------------------------------------------------------------------------
# Slide decks (PPTX, ODP)
# ---------------------------------------------------------------------------

ONBOARDING_EN = [
    SlideSpec(
        "Welcome to Larkspur Analytics",
        subtitle="New starter onboarding · Cohort 2026-03 · People Team",
        notes="Welcome everyone. The session lasts 90 minutes, with a ten-minute break at the "
        "halfway point.",
    ),
    SlideSpec(
        "Your first week",
        table=(
            ["Day", "Time", "Activity", "Where"],
            [
                ["Monday", "09:00", "Welcome breakfast", "Atrium, ground floor"],
                ["Monday", "10:30", "Laptop and accounts set-up", "Room 3.02"],
                ["Tuesday", "14:00", "Data protection and security training", "Online (Teams)"],
                ["Wednesday", "11:00", "Meet your buddy", "Your team area"],
                ["Thursday", "15:00", "Benefits and pension briefing", "Room 1.10"],
                ["Friday", "16:00", "Q&A with the CEO, Dana Whitfield", "Atrium, ground floor"],
            ],
        ),
        notes="Buddies are assigned by your line manager before your first day.",
    ),
    SlideSpec(
        "Working hours and leave",
        bullets=[
            "Core hours are 10:00–16:00; start any time between 07:30 and 10:00",
            "25 days' annual leave plus public holidays",
            "Carry over up to 5 unused days into the next leave year",
            "Book leave in Bloom, our HR portal; absences over 3 days need two weeks' notice",
            "Off sick? Tell your manager by 09:30 on the first day",
        ],
        notes="Remind everyone that carried-over days expire on 31 March.",
    ),
    SlideSpec(
        "Pay and benefits",
        bullets=[
            "Salary is paid on the 25th of each month (earlier if the 25th is a weekend)",
            "Pension: Larkspur contributes 6% of salary when you contribute 4%",
            "Private medical insurance starts once you pass probation",
            "Cycle-to-work scheme and season-ticket loans of up to £3,000",
        ],
        notes="Probation lasts six months and can be extended once, by up to three months.",
    ),
    SlideSpec(
        "IT and security",
        bullets=[
            "Multi-factor authentication is switched on for every account",
            "Forward suspicious e-mails to phish@larkspur.example",
            "Keep passwords only in the company password manager",
            "Lock your screen (Windows + L) whenever you leave your desk",
        ],
        notes="Staff Wi-Fi is LARK-STAFF. Visitors use LARK-GUEST, whose password changes every "
        "Monday and is shown on the reception screen.",
    ),
    SlideSpec(
        "Who to contact",
        table=(
            ["Topic", "Team", "E-mail", "Extension"],
            [
                ["Payroll and contracts", "People Team", "people@larkspur.example", "210"],
                ["Laptops, accounts, access", "IT Help", "ithelp@larkspur.example", "333"],
                ["Building passes and desks", "Facilities", "facilities@larkspur.example", "118"],
                ["Expenses and company cards", "Finance", "finance@larkspur.example", "245"],
            ],
        ),
    ),
    SlideSpec(
        "Your next steps",
        bullets=[
            "Finish the five compliance e-learning modules by the end of week 2",
            "Agree your objectives with your manager within your first month",
            "Mid-probation review with your manager at three months",
            "Tell us how onboarding went: the survey link arrives on Friday",
        ],
        notes="Building pass photos are taken at reception on the ground floor between 08:30 and "
        "09:30 on your first day.",
    ),
]

ORIENTATION_ZH_HANS = [
    SlideSpec(
        "新员工入职培训",
        subtitle="星川软件（苏州）有限公司 · 2026年4月批次 · 人力资源部",
        notes="本次培训约2小时，中间休息10分钟。",
    ),
    SlideSpec(
        "公司概况",
        bullets=[
            "成立于2012年，总部位于苏州工业园区星湖街",
            "员工约460人，其中研发人员占68%",
            "三条产品线：星川ERP、星川云仓、星川智能客服",
            "在南京、合肥设有研发中心",
        ],
        notes="2025年公司营业收入为3.2亿元，同比增长18%。",
    ),
    SlideSpec(
        "入职第一周安排",
        table=(
            ["日期", "时间", "内容", "地点"],
            [
                ["4月7日（周二）", "9:00–10:00", "报到，领取工牌和电脑", "1楼 前台"],
                ["4月7日（周二）", "10:30–12:00", "公司制度与企业文化", "7楼 培训室"],
                ["4月8日（周三）", "14:00–16:00", "信息安全与保密培训", "线上（企业微信直播）"],
                ["4月9日（周四）", "9:30–11:30", "产品线介绍", "7楼 培训室"],
                ["4月10日（周五）", "15:00–16:00", "与总经理座谈", "8楼 董事会议室"],
            ],
        ),
    ),
    SlideSpec(
        "考勤与请假",
        bullets=[
            "实行弹性工作制，核心工作时间为9:30–16:30",
            "上下班须在“星川OA”移动端打卡",
            "请假须提前在OA提交申请，3天以内由部门经理审批，超过3天须分管副总审批",
            "年休假：累计工作满1年不满10年的，每年5天",
        ],
        notes="病假须在当天上午10点前告知直属主管，并在返岗后2个工作日内补交病假证明。",
    ),
    SlideSpec(
        "工资与福利",
        bullets=[
            "工资每月15日发放，遇节假日提前发放",
            "依法缴纳五险一金，住房公积金缴存比例为12%",
            "餐补每月600元，随工资发放",
            "每年安排一次免费体检",
        ],
        notes="试用期为3个月，试用期工资为转正工资的90%。",
    ),
    SlideSpec(
        "常用联系人",
        table=(
            ["事项", "负责部门", "联系人", "分机"],
            [
                ["工资与社保", "人力资源部", "王晓梅", "8021"],
                ["电脑与账号", "信息技术部", "周立强", "8066"],
                ["工牌与门禁", "行政部", "陆文斌", "8008"],
                ["费用报销", "财务部", "赵丹", "8035"],
            ],
        ),
    ),
    SlideSpec(
        "信息安全须知",
        bullets=[
            "离开座位时须锁定电脑屏幕（Win+L）",
            "禁止使用个人网盘传输公司文件",
            "发现可疑邮件请转发至 security@xingchuan.example",
        ],
        notes="VPN账号在入职第二天开通，初始密码通过短信发送。",
    ),
]

SECURITY_ZH_HANT = [
    SlideSpec(
        "2026 年度資訊安全宣導",
        subtitle="永晴保險經紀股份有限公司　資訊安全小組",
        notes="本課程為全體同仁年度必修課程，完成後登錄教育訓練時數 3 小時。",
    ),
    SlideSpec(
        "密碼管理原則",
        bullets=[
            "密碼長度至少 12 碼，須包含英文大小寫、數字及符號",
            "每 90 天須更換一次密碼",
            "不得重複使用最近 5 次用過的密碼",
            "連續輸入錯誤 6 次，帳號即自動鎖定",
        ],
    ),
    SlideSpec(
        "資安事件通報時限",
        table=(
            ["事件等級", "情境範例", "通報時限", "通報對象"],
            [
                ["第一級", "個人電腦中毒，未影響業務運作", "8 小時內", "資訊安全小組"],
                ["第二級", "客戶資料疑似外洩（100 筆以下）", "2 小時內", "資訊安全小組及部門主管"],
                ["第三級", "核心系統中斷或大量客戶資料外洩", "1 小時內", "資安長及總經理"],
            ],
        ),
        notes="完成通報後，承辦單位應於 72 小時內提出事件處理報告。",
    ),
    SlideSpec(
        "如何辨識釣魚郵件",
        bullets=[
            "寄件者網域與公司網域 yongqing.example 不符",
            "要求點擊連結並輸入帳號密碼",
            "語氣急迫，例如「帳號將於今日停用」",
            "附件為壓縮檔或含巨集的文件",
        ],
        notes="今年上半年社交工程演練的郵件點擊率為 7.8%，年度目標為降至 5% 以下。",
    ),
    SlideSpec(
        "可攜式裝置與雲端服務",
        bullets=[
            "公司電腦禁止使用未經核准的 USB 儲存裝置",
            "攜出之筆記型電腦須啟用硬碟加密",
            "禁止將客戶資料上傳至個人雲端空間",
        ],
    ),
    SlideSpec(
        "聯絡窗口",
        table=(
            ["項目", "聯絡窗口", "分機／信箱"],
            [
                ["資安事件通報", "資訊安全小組", "分機 6110"],
                ["帳號解鎖、密碼重設", "資訊服務台", "分機 6100"],
                ["可疑郵件回報", "資訊安全小組", "report-phish@yongqing.example"],
            ],
        ),
        notes="本公司資安長由陳志宏副總經理擔任。",
    ),
]

OFFICE_MOVE_EN = [
    SlideSpec(
        "Moving to Quayside House",
        subtitle="Harbourline Consulting · Staff briefing · April 2026 · Facilities Team",
        notes="Questions after this briefing go to the move coordinator, Priya Raman, on "
        "extension 5520.",
    ),
    SlideSpec(
        "Why we are moving",
        bullets=[
            "Our lease at 14 Fenwick Street ends on 31 May 2026",
            "Quayside House gives us four floors and 320 desks",
            "Five minutes' walk from Harbour Road station",
            "Rent and energy costs fall by about 18% a year",
        ],
    ),
    SlideSpec(
        "Move timeline",
        table=(
            ["Date", "Milestone"],
            [
                ["Mon 20 April 2026", "Crates delivered to every desk"],
                ["Thu 7 May 2026", "Last day to return IT equipment you no longer need"],
                [
                    "Fri 8 May 2026",
                    "Pack your crate by 15:00 and label it with your new desk number",
                ],
                ["Sat 9 May 2026", "Removal firm moves everything (no staff access)"],
                ["Mon 11 May 2026", "First working day at Quayside House"],
            ],
        ),
        notes="The removal firm is Tidewater Removals. Each crate holds about 40 litres.",
    ),
    SlideSpec(
        "Where each team sits",
        table=(
            ["Team", "Floor", "Zone"],
            [
                ["Reception and Facilities", "Ground", "G-A"],
                ["Finance", "1st", "1-B"],
                ["Consulting – Public Sector", "2nd", "2-A"],
                ["Consulting – Private Sector", "2nd", "2-C"],
                ["Technology", "3rd", "3-A"],
                ["Leadership and board room", "4th", "4-A"],
            ],
        ),
    ),
    SlideSpec(
        "Travel and parking",
        bullets=[
            "40 parking spaces, allocated by a monthly ballot",
            "Secure cycle store for 80 bikes, with showers on the ground floor",
            "Season-ticket loans remain available through Finance",
        ],
        notes="The first parking ballot closes on 24 April.",
    ),
    SlideSpec(
        "What to do now",
        bullets=[
            "Clear out paper files; confidential waste bins are emptied every Friday",
            "Update your e-mail signature to: Quayside House, 3 Harbour Road",
            "Book a building tour with the Facilities Team",
        ],
        notes="Building tours run on 28 and 29 April at 12:30, meeting at the Quayside House "
        "reception.",
    ),
]


def build_onboarding_pptx(out: pathlib.Path) -> pathlib.Path:
    path = out / "onboarding-en.pptx"
    _pptx_write(path, ONBOARDING_EN)
    return path


def build_orientation_pptx(out: pathlib.Path) -> pathlib.Path:
    path = out / "new-staff-orientation-zh-hans.pptx"
    _pptx_write(path, ORIENTATION_ZH_HANS)
    return path


def build_security_odp(out: pathlib.Path) -> pathlib.Path:
    path = out / "security-awareness-zh-hant.odp"
    _odp_write(path, SECURITY_ZH_HANT)
    return path


def build_office_move_odp(out: pathlib.Path) -> pathlib.Path:
    path = out / "office-move-en.odp"
    _odp_write(path, OFFICE_MOVE_EN)
    return path


# ---------------------------------------------------------------------------
# ODT documents
# ---------------------------------------------------------------------------


class _Odt:
    """Small writer for ODT bodies: headings, paragraphs, lists, tables."""

    def __init__(self, header: str, footer_before: str, footer_after: str = "") -> None:
        self.document = _odt_new(header, footer_before, footer_after)
        self.body = self.document.body
        self.tables = 0

    def title(self, text: str) -> None:
        self.body.append(OdfHeader(1, text, suppress_numbering=True))

    def heading(self, text: str, level: int = 2) -> None:
        self.body.append(OdfHeader(level, text, suppress_numbering=True))

    def para(self, text: str, style: str = "Text_20_body") -> None:
        self.body.append(OdfParagraph(text, style=style))

    def bullets(self, items: Sequence[str]) -> None:
        self.body.append(OdfList(list(items), style="List_20_1"))

    def numbered(self, items: Sequence[str]) -> None:
        self.body.append(OdfList(list(items), style="Numbering_20_1"))

    def table(
        self,
        header: Sequence[str],
        rows: Rows,
        group_header: Sequence[tuple[str, int]] | None = None,
        caption: str = "",
    ) -> None:
        self.tables += 1
        if caption:
            self.para(caption, style="Caption")
        self.body.append(_odt_table(f"Table{self.tables}", header, rows, group_header))

    def save(self, path: pathlib.Path) -> None:
        self.document.save(path)


def build_procurement_odt(out: pathlib.Path) -> pathlib.Path:
    """澄光醫療器材 採購作業須知暨請購單 (zh-Hant, ODT)."""
    path = out / "procurement-form-zh-hant.odt"
    w = _Odt("內部文件", "澄光醫療器材股份有限公司　第 ", " 頁")
    w.title("澄光醫療器材股份有限公司　採購作業須知暨請購單")
    w.para(
        "文件編號：FIN-PR-002　　版次：第 5 版　　生效日期：2026 年 2 月 1 日　　"
        "權責單位：財務部採購課"
    )
    w.heading("一、總則")
    w.para("第一條　為使本公司採購作業公開、透明並有效控管成本，特訂定本須知。")
    w.para(
        "第二條　本須知適用於單筆金額新臺幣 3,000 元以上之財物及勞務採購；未滿 3,000 元者，"
        "得以零用金支付，免填請購單。"
    )
    w.heading("二、核決權限")
    w.para("第三條　請購案依採購金額，由下列權責主管核決，並依表列要求辦理比價：")
    w.table(
        ["採購金額（新臺幣）", "核決主管", "比價要求"],
        [
            ["3,000 元以上未滿 5 萬元", "部門經理", "得逕洽廠商採購"],
            ["5 萬元以上未滿 50 萬元", "處長", "應取得二家以上廠商報價"],
            ["50 萬元以上未滿 300 萬元", "副總經理", "應取得三家以上廠商報價"],
            ["300 萬元以上", "總經理", "應辦理公開招標"],
        ],
        group_header=[("採購金額（新臺幣）", 1), ("核決及比價", 2)],
        caption="表一　採購核決權限表",
    )
    w.heading("三、作業流程")
    w.para("第四條　採購作業依下列順序辦理：")
    w.numbered(
        [
            "請購單位於 ERP 系統填寫請購單，並上傳規格說明。",
            "採購課辦理詢價、比價及議價。",
            "依表一之權限完成核決後，由採購課向廠商下訂。",
            "廠商交貨後，由請購單位辦理驗收。",
            "財務部依驗收紀錄辦理付款。",
        ]
    )
    w.para("第五條　廠商交貨後，請購單位應於 7 個工作日內完成驗收，並於 ERP 系統登錄驗收結果。")
    w.para("第六條　驗收合格之款項，於次月 25 日以電匯方式支付。")
    w.para(
        "第七條　遇設備故障影響生產等緊急情形，得經處長口頭同意先行採購，並於 3 個工作日內"
        "補辦請購程序。"
    )
    w.para("第八條　採購人員與廠商有下列關係之一者，應自行迴避：")
    w.bullets(
        [
            "本人或配偶為該廠商之負責人、股東或員工。",
            "二親等以內親屬任職於該廠商。",
            "過去一年內曾受僱於該廠商。",
        ]
    )
    w.para("第九條　採購相關文件（含報價單、比價紀錄及驗收紀錄）應保存 5 年。")
    w.para("第十條　本須知如有疑義，請洽財務部採購課吳佩珊課長，分機 3310。")
    w.heading("四、請購單（範本）")
    w.table(
        ["欄位", "填寫內容"],
        [
            ["請購單號", "PR-2026-＿＿＿＿（由系統編號）"],
            ["請購單位", ""],
            ["請購人／分機", ""],
            ["需求日期", ""],
            ["品名及規格", ""],
            ["數量及單位", ""],
            ["預估金額（新臺幣）", ""],
            ["用途說明", ""],
            ["建議廠商", "（5 萬元以上請列二家以上）"],
            ["核決主管簽章", ""],
        ],
        caption="表二　請購單",
    )
    w.save(path)
    return path


def build_overtime_odt(out: pathlib.Path) -> pathlib.Path:
    """上海启明办公用品 加班管理办法 (zh-Hans, ODT)."""
    path = out / "overtime-rules-zh-hans.odt"
    w = _Odt("内部资料", "上海启明办公用品有限公司　第 ", " 页")
    w.title("上海启明办公用品有限公司加班管理办法")
    w.para("文件编号：QM-HR-011　　施行日期：2026年3月1日　　归口部门：人力资源部")
    w.heading("第一章　总则")
    w.para("第一条　为规范加班管理，保障员工休息权利，依据《劳动法》及公司规章制度，制定本办法。")
    w.para(
        "第二条　本办法适用于实行标准工时制的员工；实行综合计算工时制或不定时工作制的岗位，"
        "另行规定。"
    )
    w.heading("第二章　加班申请")
    w.para(
        "第三条　加班须提前1个工作日在“启明OA”提交加班申请，经部门经理批准后方可安排；"
        "因突发情况临时加班的，须在次日12:00前补办申请。"
    )
    w.para(
        "第四条　每日延长工作时间一般不超过1小时，因特殊原因需要延长的，每日不超过3小时；"
        "每月累计加班不超过36小时。"
    )
    w.heading("第三章　加班工资与调休")
    w.para("第五条　各类加班的工资支付标准及调休安排如下表所示：")
    w.table(
        ["加班类型", "工资支付标准", "调休安排", "备注"],
        [
            ["工作日延长工作时间", "不低于本人工资的150%", "不安排调休", "按实际加班时长计算"],
            [
                "休息日加班",
                "不低于本人工资的200%",
                "可安排同等时长调休，调休后不再支付加班工资",
                "调休须在3个月内使用",
            ],
            ["法定节假日加班", "不低于本人工资的300%", "不得以调休代替", "如春节、国庆节"],
        ],
        group_header=[("加班类型", 1), ("待遇", 2), ("备注", 1)],
        caption="表1　加班工资支付标准",
    )
    w.para(
        "第六条　加班工资以员工本人上月基本工资为计算基数；日工资按月工资除以21.75天计算，"
        "小时工资按日工资除以8小时计算。"
    )
    w.para("第七条　加班补贴：")
    w.bullets(
        [
            "工作日20:00以后仍在加班的，发放加班餐补30元；",
            "22:00以后下班的，打车费凭发票报销，单次上限120元；",
            "休息日加班满4小时的，另发放交通补贴20元。",
        ]
    )
    w.heading("第四章　考勤与监督")
    w.para("第八条　加班时长以门禁记录和OA打卡记录为准，两者不一致的，以较短者为准。")
    w.para("第九条　加班审批流程：")
    w.numbered(
        [
            "员工在“启明OA”提交加班申请，写明加班事由和预计时长；",
            "部门经理审批；每月累计超过20小时的，还须人力资源部复核；",
            "加班结束后由系统自动核对打卡记录并计入当月考勤。",
        ]
    )
    w.heading("第五章　附则")
    w.para("第十条　本办法由人力资源部负责解释。联系人：郑慧，分机6203。")
    w.para("第十一条　本办法自2026年3月1日起施行。")
    w.save(path)
    return path


def build_visitor_policy_odt(out: pathlib.Path) -> pathlib.Path:
    """Harbourline Consulting visitor and contractor access policy (English, ODT)."""
    path = out / "visitor-policy-en.odt"
    w = _Odt("Harbourline Consulting — Internal", "Confidential — page ")
    w.title("Visitor and Contractor Access Policy")
    w.para("Harbourline Consulting Ltd · Policy FAC-04 · Version 3.1 · Approved 9 March 2026")
    w.heading("1 Purpose and scope")
    w.para(
        "1.1 This policy sets out how visitors and contractors are registered, identified and "
        "supervised at all Harbourline offices."
    )
    w.para("1.2 It applies to every employee who invites a visitor and to every person visiting.")
    w.heading("2 Registering visitors")
    w.para(
        "2.1 Hosts must register each visitor in the Front Desk app at least 24 hours before the "
        "visitor arrives."
    )
    w.para("2.2 On arrival, visitors sign in at reception and show photo identification.")
    w.para("2.3 Guest Wi-Fi vouchers are issued at reception and are valid for 12 hours.")
    w.heading("3 Visitor categories and badges")
    w.para("3.1 Each category of visitor wears a badge of a different colour, as follows:")
    w.table(
        ["Visitor type", "Badge colour", "Escort required", "Maximum stay before renewal"],
        [
            ["Business guest", "Blue", "Yes, at all times", "1 day"],
            ["Interview candidate", "Green", "Yes, at all times", "1 day"],
            [
                "Contractor (inducted)",
                "Orange",
                "Only in plant rooms and the server room",
                "4 weeks",
            ],
            ["Delivery driver", "Grey", "No; loading bay only", "2 hours"],
            ["Auditor or regulator", "Purple", "No, after induction", "2 weeks"],
        ],
        caption="Table 1. Visitor badges",
    )
    w.heading("4 Contractors")
    w.para(
        "4.1 Contractors complete a 20-minute safety induction with Facilities before their first "
        "access to any site."
    )
    w.para(
        "4.2 Hot works (welding, cutting, soldering) need a hot works permit, which Facilities "
        "must issue at least 48 hours in advance."
    )
    w.para(
        "4.3 Every contracting firm must hold public liability insurance of at least £5 million "
        "and send a copy of the certificate before work starts."
    )
    w.heading("5 Badges")
    w.bullets(
        [
            "Badges must be worn visibly at all times on site.",
            "A lost badge must be reported to Security on extension 5599 within 1 hour.",
            "Badges are returned at reception on departure; a lost contractor badge costs £25.",
        ]
    )
    w.heading("6 Confidentiality")
    w.para("6.1 To protect client information:")
    w.numbered(
        [
            "No photographs may be taken in client project areas.",
            "Visitors' laptops connect only to the guest Wi-Fi, never to the corporate network.",
            "Visitors to project rooms sign a non-disclosure agreement before entering.",
        ]
    )
    w.heading("7 Ownership and review")
    w.para(
        "7.1 This policy is owned by the Head of Facilities, Joanna Pike, and will next be "
        "reviewed in March 2027."
    )
    w.save(path)
    return path


# ---------------------------------------------------------------------------
# HTML documents
# ---------------------------------------------------------------------------


def _html_table(
    caption: str,
    header: Sequence[str],
    rows: Rows,
    group_header: Sequence[tuple[str, int]] | None = None,
) -> str:
    """An HTML table; ``group_header`` gives a two-row header with rowspan/colspan."""
    e = html.escape
    lines = ["<table>"]
    if caption:
        lines.append(f"  <caption>{e(caption)}</caption>")
    lines.append("  <thead>")
    if group_header:
        top: list[str] = []
        sub: list[str] = []
        col = 0
        for label, span in group_header:
            if span == 1:
                top.append(f'<th rowspan="2" scope="col">{e(label)}</th>')
            else:
                top.append(f'<th colspan="{span}" scope="colgroup">{e(label)}</th>')
                sub.extend(f'<th scope="col">{e(h)}</th>' for h in header[col : col + span])
            col += span
        lines.append("    <tr>" + "".join(top) + "</tr>")
        lines.append("    <tr>" + "".join(sub) + "</tr>")
    else:
        lines.append("    <tr>" + "".join(f'<th scope="col">{e(h)}</th>' for h in header) + "</tr>")
    lines.append("  </thead>")
    lines.append("  <tbody>")
    for values in rows:
        cells = [f'<th scope="row">{e(values[0])}</th>'] + [f"<td>{e(v)}</td>" for v in values[1:]]
        lines.append("    <tr>" + "".join(cells) + "</tr>")
    lines.append("  </tbody>")
    lines.append("</table>")
    return "\n".join(lines)


_HTML_STYLE = """
    body { font-family: sans-serif; margin: 0; line-height: 1.6; }
    header, footer, main { padding: 0 2rem; }
    nav ul { list-style: none; display: flex; gap: 1.2rem; padding: 0; }
    table { border-collapse: collapse; margin: 1rem 0; }
    th, td { border: 1px solid #999; padding: 0.3rem 0.6rem; }
    caption { font-weight: bold; text-align: left; }
    footer { border-top: 1px solid #ccc; font-size: 0.85rem; color: #555; }
"""


def build_library_html(out: pathlib.Path) -> pathlib.Path:
    """青嵐大學圖書館 開放時間與借閱規則, with nav menu and footer (zh-Hant, HTML)."""
    path = out / "library-services-zh-hant.html"
    hours = _html_table(
        "表一　總館開放時間",
        ["區域", "週一至週五", "週六", "週日", "寒暑假期間（週一至週五）"],
        [
            ["一般閱覽區", "08:00–22:00", "09:00–17:00", "13:00–21:00", "09:00–17:00"],
            ["自習室", "全天開放", "全天開放", "全天開放", "08:00–22:00"],
            ["多媒體中心", "09:00–21:00", "09:00–17:00", "休館", "10:00–16:00"],
            ["特藏室", "09:00–17:00", "休館", "休館", "預約開放"],
        ],
        group_header=[("區域", 1), ("學期間", 3), ("寒暑假期間（週一至週五）", 1)],
    )
    loans = _html_table(
        "表二　各類讀者借閱權限",
        ["讀者身分", "借閱冊數", "借期", "續借次數", "可預約冊數"],
        [
            ["大學部學生", "20 冊", "30 天", "2 次", "5 冊"],
            ["碩士班研究生", "40 冊", "60 天", "3 次", "10 冊"],
            ["博士班研究生", "50 冊", "90 天", "3 次", "10 冊"],
            ["專任教師", "100 冊", "120 天", "5 次", "20 冊"],
            ["職員", "30 冊", "30 天", "2 次", "5 冊"],
            ["校友（需辦理借書證）", "5 冊", "14 天", "1 次", "不開放"],
        ],
    )
    page = f"""<!DOCTYPE html>
<html lang="zh-Hant-TW">
<head>
  <meta charset="utf-8">
  <title>開放時間與借閱規則｜青嵐大學圖書館</title>
  <style>{_HTML_STYLE}  </style>
</head>
<body>
<header>
  <p class="site-name"><a href="index.html">青嵐大學圖書館 Qinglan University Library</a></p>
  <nav aria-label="主選單">
    <ul>
      <li><a href="index.html">首頁</a></li>
      <li><a href="catalog.html">館藏查詢</a></li>
      <li><a href="eresources.html">電子資源</a></li>
      <li><a href="services.html" aria-current="page">開放時間與借閱</a></li>
      <li><a href="rooms.html">空間預約</a></li>
      <li><a href="news.html">最新消息</a></li>
      <li><a href="contact.html">聯絡我們</a></li>
      <li><a href="en/index.html">English</a></li>
    </ul>
  </nav>
  <p class="breadcrumb"><a href="index.html">首頁</a> ＞ 讀者服務 ＞ 開放時間與借閱規則</p>
</header>
<main>
  <h1>開放時間與借閱規則</h1>
  <p class="updated">最後更新：2026 年 2 月 2 日</p>
  <h2>一、開放時間</h2>
  <p>總館各區域於學期間及寒暑假期間之開放時間如下表；國定假日之開放時間另行公告。</p>
{hours}
  <h2>二、借閱規則</h2>
  <p>讀者憑學生證、教職員證或借書證借閱圖書，各類讀者之借閱權限如下：</p>
{loans}
  <p>續借須於到期日前辦理；已有他人預約之圖書不得續借。</p>
  <h2>三、逾期及遺失處理</h2>
  <ul>
    <li>一般圖書逾期歸還，每冊每日罰款 5 元。</li>
    <li>指定參考書逾期歸還，每冊每小時罰款 10 元。</li>
    <li>罰款累計達 300 元者，停止借閱權利至繳清為止。</li>
    <li>遺失圖書應於 30 日內購買相同或較新版本賠償，或按定價 1.5 倍賠償。</li>
  </ul>
  <h2>四、其他服務</h2>
  <ol>
    <li>館際合作：向他館申請複印文獻，每頁 2 元；借閱圖書每件 100 元。</li>
    <li>研究小間：限研究生及教師使用，每次可預約 3 小時，每人每日以 1 次為限。</li>
    <li>還書箱：設於總館正門左側，24 小時開放。</li>
  </ol>
</main>
<footer>
  <nav aria-label="頁尾選單">
    <a href="privacy.html">隱私權政策</a>｜<a href="sitemap.html">網站導覽</a>｜
    <a href="a11y.html">無障礙聲明</a>｜<a href="contact.html">聯絡我們</a>
  </nav>
  <p>© 2026 青嵐大學圖書館 版權所有</p>
  <p>地址：30999 新竹縣青嵐鄉大學路 1 號｜電話：(03) 599-8800｜傳真：(03) 599-8801</p>
  <p>建議使用 Chrome、Edge、Firefox 最新版本瀏覽，最佳解析度 1280×800。</p>
</footer>
</body>
</html>
"""
    path.write_text(page, encoding="utf-8")
    return path


def build_community_fees_html(out: pathlib.Path) -> pathlib.Path:
    """Riverside Community Centre room hire and class fees (English, HTML)."""
    path = out / "community-centre-fees-en.html"
    hire = _html_table(
        "Hourly hire rates from 1 April 2026",
        ["Room", "Weekday", "Weekend", "Weekday", "Weekend", "Capacity"],
        [
            ["Main Hall", "£22", "£28", "£45", "£60", "150"],
            ["Garden Room", "£14", "£18", "£30", "£38", "40"],
            ["Dance Studio", "£16", "£20", "£34", "£42", "30"],
            ["Meeting Room 1", "£10", "£12", "£20", "£25", "12"],
            ["Kitchen (add-on)", "£8", "£10", "£15", "£19", "n/a"],
        ],
        group_header=[
            ("Room", 1),
            ("Community groups", 2),
            ("Private and commercial", 2),
            ("Capacity", 1),
        ],
    )
    classes = _html_table(
        "",
        ["Class", "Day", "Time", "Tutor", "Price per session", "10-week pass"],
        [
            ["Chair Yoga", "Monday", "10:00–11:00", "Bev Anders", "£5.50", "£48"],
            ["Toddler Music", "Tuesday", "09:30–10:15", "Kwame Boateng", "£4.00", "£35"],
            ["Beginners' Pottery", "Wednesday", "18:30–20:30", "Lotte Svensson", "£12.00", "£110"],
            ["Zumba Gold", "Thursday", "11:00–12:00", "Marisol Ortega", "£5.00", "£44"],
            ["Coding Club (ages 9–13)", "Friday", "16:00–17:30", "Dev Chaudhry", "Free", "Free"],
            ["Tai Chi", "Saturday", "09:00–10:00", "Helen Zhou", "£6.00", "£54"],
        ],
    )
    page = f"""<!DOCTYPE html>
<html lang="en-GB">
<head>
  <meta charset="utf-8">
  <title>Room Hire and Class Fees 2026 – Riverside Community Centre</title>
  <style>{_HTML_STYLE}  </style>
</head>
<body>
<main>
  <h1>Room Hire and Class Fees 2026</h1>
  <p>Riverside Community Centre is run by the Riverside Residents' Trust, a registered charity.
  The rates below apply to bookings made on or after 1 April 2026.</p>
  <h2>Room hire</h2>
  <p>Hire is charged per hour. Community groups are non-profit groups based in the Riverside
  ward; everyone else pays the private and commercial rate.</p>
{hire}
  <h2>Weekly classes</h2>
  <p>Classes run in term time. This is the current timetable and what each class costs:</p>
{classes}
  <h2>Booking conditions</h2>
  <ol>
    <li>Rooms must be booked at least 7 days in advance.</li>
    <li>Private events in the Main Hall need a refundable deposit of £150, returned within
    14 days if the hall is left clean and undamaged.</li>
    <li>Amplified music must end by 23:00 and the building must be empty by 23:30.</li>
    <li>Registered charities receive a 20% discount on community group rates.</li>
    <li>Cancellations made less than 48 hours before the booking are charged in full.</li>
  </ol>
  <h2>Contact</h2>
  <p>Centre manager: Alison Creed · bookings@riverside-cc.example · 01632 960 781 ·
  Riverside Community Centre, 2 Mill Lane.</p>
</main>
</body>
</html>
"""
    path.write_text(page, encoding="utf-8")
    return path


# ---------------------------------------------------------------------------
# EPUB
# ---------------------------------------------------------------------------


def _xhtml(title: str, body: str) -> str:
    return (
        '<html xmlns="http://www.w3.org/1999/xhtml" lang="zh-Hans">'
        f"<head><title>{html.escape(title)}</title></head><body>{body}</body></html>"
    )


def build_handbook_epub(out: pathlib.Path) -> pathlib.Path:
    """华澜物流集团 员工手册 (zh-Hans, EPUB)."""
    path = out / "employee-handbook-zh-hans.epub"
    book = epub.EpubBook()
    book.set_identifier("urn:uuid:6f1c2d9e-3a57-4b8e-9d21-hualan-2026")
    book.set_title("华澜物流集团员工手册（2026年版）")
    book.set_language("zh-Hans")
    book.add_author("华澜物流集团有限公司 人力资源中心")
    book.add_metadata("DC", "date", "2026-01-01")
    leave = _html_table(
        "表3-1　各类假期一览",
        ["假期类型", "天数", "工资待遇", "备注"],
        [
            [
                "年休假",
                "累计工作满1年不满10年的5天；满10年不满20年的10天；满20年的15天",
                "工资照发",
                "可分段休，当年未休的可顺延至次年3月31日",
            ],
            ["病假", "根据医疗期规定", "按本人工资的80%发放", "须提供二级以上医院证明"],
            [
                "婚假",
                "13天（含法定婚假3天及公司奖励假10天）",
                "全额发放",
                "须在领取结婚证后1年内休完",
            ],
            ["产假", "158天", "享受生育津贴", "难产或多胞胎按规定增加"],
            ["陪产假", "10天", "全额发放", "须在子女出生后30天内休完"],
            ["丧假", "3天", "全额发放", "限直系亲属"],
        ],
    ).replace("<table>", '<table border="1">')
    chapters = [
        (
            "ch1",
            "第一章　欢迎加入华澜",
            (
                "<h1>第一章　欢迎加入华澜</h1>"
                "<p>华澜物流集团成立于2004年，总部位于上海市浦东新区，在全国设有42个仓储中心。</p>"
                "<p>集团核心价值观为“守时、守信、共赢”。本手册适用于集团全体员工，"
                "如与正式规章制度不一致，以正式规章制度为准。</p>"
            ),
        ),
        (
            "ch2",
            "第二章　工作时间与考勤",
            (
                "<h1>第二章　工作时间与考勤</h1>"
                "<h2>2.1 标准工时</h2>"
                "<p>总部及各分公司职能部门实行标准工时制：周一至周五 8:30–17:30，"
                "午休 12:00–13:00。</p>"
                "<h2>2.2 轮班制</h2>"
                "<p>仓储一线岗位实行三班轮班制：</p>"
                "<ul><li>早班：6:00–14:00</li><li>中班：14:00–22:00</li>"
                "<li>夜班：22:00–次日6:00，每班发放夜班津贴40元</li></ul>"
                "<h2>2.3 迟到与旷工</h2>"
                "<p>迟到超过30分钟的，按旷工半天处理；连续旷工3天或一年内累计旷工5天的，"
                "公司可依法解除劳动合同。</p>"
            ),
        ),
        (
            "ch3",
            "第三章　假期",
            (
                "<h1>第三章　假期</h1>"
                "<p>员工享有的各类假期及待遇见表3-1。请假须通过“华澜e家”系统提交申请。</p>"
                f"{leave}"
            ),
        ),
        (
            "ch4",
            "第四章　工资与福利",
            (
                "<h1>第四章　工资与福利</h1>"
                "<ol>"
                "<li>工资每月10日发放，遇法定节假日或休息日提前至最近的工作日发放。</li>"
                "<li>年终奖根据集团效益和个人绩效考核结果确定，于春节前发放。</li>"
                "<li>工龄补贴：员工在集团每工作满一年，每月增加50元，最高500元。</li>"
                "<li>员工成功推荐人才入职并通过试用期的，发放推荐奖金2000元。</li>"
                "<li>集团为员工购买补充医疗保险，门诊费用报销比例为70%。</li>"
                "</ol>"
            ),
        ),
        (
            "ch5",
            "第五章　行为规范",
            (
                "<h1>第五章　行为规范</h1>"
                "<ul>"
                "<li>不得收受客户或供应商价值超过200元的礼品；</li>"
                "<li>仓储作业区内必须穿戴安全帽和防砸鞋；</li>"
                "<li>不得向外部人员透露客户的货物信息。</li>"
                "</ul>"
                "<p>发现违规行为可发送邮件至 compliance@hualan.example 实名或匿名举报。</p>"
            ),
        ),
    ]
    items = []
    for name, title, body in chapters:
        item = epub.EpubHtml(title=title, file_name=f"{name}.xhtml", lang="zh-Hans")
        item.content = _xhtml(title, body)
        book.add_item(item)
        items.append(item)
    book.toc = items
    book.add_item(epub.EpubNcx())
    book.add_item(epub.EpubNav())
    book.spine = ["nav", *items]
    epub.write_epub(str(path), book)
    return path


# ---------------------------------------------------------------------------
# EML
# ---------------------------------------------------------------------------

_NOTICE_AGENDA = [
    ("14:00", "總經理開場 Opening remarks", "總經理 林國樑 (President Kuo-Liang Lin)"),
    (
        "14:15",
        "各事業部第二季業績報告 Business unit Q2 results",
        "各事業部主管，每單位限 10 分鐘 (unit heads, 10 minutes each)",
    ),
    ("15:30", "休息 Break", ""),
    ("15:45", "第三季預算調整 Q3 budget adjustments", "財務長 蔡明哲 (CFO Ming-Che Tsai)"),
    ("16:15", "臨時動議 Any other business", "全體 All"),
]


def build_meeting_notice_eml(out: pathlib.Path) -> pathlib.Path:
    """欣禾科技 bilingual meeting notice e-mail with plain-text and HTML parts (EML)."""
    path = out / "meeting-notice-mixed.eml"
    message = EmailMessage(policy=SMTP)
    message["From"] = "欣禾科技 總經理室 <gm-office@xinhe-tech.example>"
    message["To"] = "各部門主管 <dept-heads@xinhe-tech.example>"
    message["Cc"] = "財務處 <finance@xinhe-tech.example>"
    message["Subject"] = "【會議通知】2026年第二季營運檢討會議 / Notice: Q2 2026 Operations Review"
    message["Date"] = format_datetime(
        dt.datetime(2026, 6, 30, 9, 15, tzinfo=dt.timezone(dt.timedelta(hours=8)))
    )
    message["Message-ID"] = "<20260630091500.q2review@xinhe-tech.example>"
    agenda_text = "\n".join(
        f"  {time}  {item}" + (f" — {who}" if who else "") for time, item, who in _NOTICE_AGENDA
    )
    text = f"""各位主管好 / Dear managers,

茲訂於 2026年7月14日（星期二）14:00–16:30 召開第二季營運檢討會議，敬請準時出席。
The Q2 2026 Operations Review will be held on Tuesday, 14 July 2026, 14:00–16:30.

地點 Venue：台北總部 12 樓 大會議室 (12F Main Conference Room, Taipei HQ)
視訊 Online：Teams 會議 ID 483 920 115，密碼 Xh2026Q2

議程 Agenda:
{agenda_text}

請於 7月10日（星期五）17:00 前回覆出席情形；
簡報檔請於 7月13日 12:00 前上傳至「營運檢討」共用資料夾。
Please reply by 17:00 on Friday, 10 July, and upload your slides to the "Operations Review"
shared folder by 12:00 on 13 July.

聯絡人 Contact：總經理室 秘書 陳怡君 (Yi-Chun Chen)，分機 1008

欣禾科技股份有限公司 總經理室
"""
    rows = "\n".join(
        f"<tr><td>{html.escape(time)}</td><td>{html.escape(item)}</td>"
        f"<td>{html.escape(who)}</td></tr>"
        for time, item, who in _NOTICE_AGENDA
    )
    html_body = f"""<!DOCTYPE html>
<html lang="zh-Hant"><head><meta charset="utf-8"></head><body>
<p>各位主管好 / Dear managers,</p>
<p>茲訂於 <strong>2026年7月14日（星期二）14:00–16:30</strong>
召開第二季營運檢討會議，敬請準時出席。<br>
The Q2 2026 Operations Review will be held on
<strong>Tuesday, 14 July 2026, 14:00–16:30</strong>.</p>
<ul>
<li>地點 Venue：台北總部 12 樓 大會議室 (12F Main Conference Room, Taipei HQ)</li>
<li>視訊 Online：Teams 會議 ID 483 920 115，密碼 Xh2026Q2</li>
</ul>
<table border="1" cellpadding="4">
<caption>議程 Agenda</caption>
<thead><tr><th>時間 Time</th><th>議題 Item</th><th>報告人 Presenter</th></tr></thead>
<tbody>
{rows}
</tbody>
</table>
<p>請於 7月10日（星期五）17:00 前回覆出席情形；
簡報檔請於 7月13日 12:00 前上傳至「營運檢討」共用資料夾。<br>
Please reply by 17:00 on Friday, 10 July, and upload your slides to the "Operations Review"
shared folder by 12:00 on 13 July.</p>
<p>聯絡人 Contact：總經理室 秘書 陳怡君 (Yi-Chun Chen)，分機 1008</p>
<p>欣禾科技股份有限公司 總經理室</p>
</body></html>
"""
    message.set_content(text, subtype="plain", charset="utf-8", cte="base64")
    message.add_alternative(html_body, subtype="html", charset="utf-8", cte="base64")
    message.set_boundary("==xinhe-q2-review-20260630==")
    path.write_bytes(message.as_bytes())
    return path


# ---------------------------------------------------------------------------
# Entry points
# ---------------------------------------------------------------------------

BUILDERS: list[Callable[[pathlib.Path], pathlib.Path]] = [
    build_leave_rules_zh_hant,
    build_travel_policy_zh_hans,
    build_it_handbook_en,
    build_course_catalogue_en,
    build_travel_allowance_zh_hant,
    build_price_list_zh_hans,
    build_shuttle_csv,
    build_assets_csv_gbk,
    build_training_rates_ods,
    build_meeting_rooms_ods,
    build_onboarding_pptx,
    build_orientation_pptx,
    build_security_odp,
    build_office_move_odp,
    build_procurement_odt,
    build_overtime_odt,
    build_visitor_policy_odt,
    build_library_html,
    build_community_fees_html,
    build_handbook_epub,
    build_meeting_notice_eml,
]

_ZIP_SUFFIXES = {".docx", ".xlsx", ".pptx", ".odt", ".ods", ".odp", ".epub"}


def build(out_dir: pathlib.Path) -> list[pathlib.Path]:
    """Write every office document into ``out_dir`` and return their paths."""
    out_dir.mkdir(parents=True, exist_ok=True)
    paths: list[pathlib.Path] = []
    for builder in BUILDERS:
        path = builder(out_dir)
        if path.suffix in _ZIP_SUFFIXES:
            _normalise_zip(path)
        paths.append(path)
    return paths


def main(argv: Sequence[str]) -> int:
    if len(argv) != 2:
        print(f"usage: {os.path.basename(argv[0])} OUT_DIR", file=sys.stderr)
        return 2
    for path in build(pathlib.Path(argv[1])):
        print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
