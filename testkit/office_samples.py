"""Small office documents of every new format, built in memory with the libraries made for
each (reportlab, python-docx, python-pptx, odfdo, ebooklib, email), for tests and demos."""

from __future__ import annotations

import io
from email.message import EmailMessage


def leave_policy_pdf(rows: int = 3) -> bytes:
    """A zh-Hant leave policy over two pages: a running header, 「第 N 頁」 footers, a wrapped
    clause, a ruled table of leave days (``rows`` rows, header repeated when it breaks), and
    a second clause on page 2. CID fonts, as Taiwanese office PDFs often use."""
    from reportlab.lib import colors
    from reportlab.lib.pagesizes import A4
    from reportlab.lib.styles import ParagraphStyle
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.cidfonts import UnicodeCIDFont
    from reportlab.platypus import (
        PageBreak,
        Paragraph,
        SimpleDocTemplate,
        Spacer,
        Table,
        TableStyle,
    )

    pdfmetrics.registerFont(UnicodeCIDFont("MSung-Light"))
    body = ParagraphStyle("b", fontName="MSung-Light", fontSize=11, leading=16, wordWrap="CJK")
    head = ParagraphStyle("h", fontName="MSung-Light", fontSize=16, leading=20)

    def frame(canvas: object, doc: object) -> None:
        c, page = canvas, getattr(doc, "page", 0)
        c.saveState()  # type: ignore[attr-defined]
        c.setFont("MSung-Light", 9)  # type: ignore[attr-defined]
        c.drawString(60, A4[1] - 40, "國立海濱科技大學人事室　內部文件")  # type: ignore[attr-defined]
        c.drawCentredString(A4[0] / 2, 30, f"第 {page} 頁")  # type: ignore[attr-defined]
        c.restoreState()  # type: ignore[attr-defined]

    clause = "本校教職員工因急病或緊急事故不及事前申請者，應於三日內補辦手續，並檢附證明文件。"
    data = [["假別", "每年日數", "薪資"], ["事假", "七日", "不給薪"], ["婚假", "八日", "照常發給"]]
    data += [[f"特別假{i}", f"{i}日", "照常發給"] for i in range(1, rows - 1)]
    table = Table(data, repeatRows=1)
    table.setStyle(
        TableStyle(
            [
                ("FONT", (0, 0), (-1, -1), "MSung-Light"),
                ("GRID", (0, 0), (-1, -1), 0.5, colors.black),
            ]
        )
    )
    story = [
        Paragraph("請假規則", head),
        Paragraph("第一條　" + clause * 3, body),
        Spacer(1, 12),
        Paragraph("下表為各假別之日數：", body),
        table,
        PageBreak(),
        Paragraph("第二條　員工出差應事先填寫出差申請單，並經主管核准後始得出發。", body),
    ]
    out = io.BytesIO()
    SimpleDocTemplate(out, pagesize=A4, topMargin=70, bottomMargin=60).build(
        story, onFirstPage=frame, onLaterPages=frame
    )
    return out.getvalue()


def two_column_pdf() -> bytes:
    """An English page in two columns, drawn line by line, with a word hyphenated at a
    line's end ("reim-" / "bursement") and a running footer."""
    from reportlab.pdfgen import canvas

    out = io.BytesIO()
    c = canvas.Canvas(out, pagesize=(612, 792))
    left = [f"Left column line {i} about travel rules and their reim-" for i in range(1, 2)]
    left += ["bursement within fourteen days of return."]
    left += [f"Left column sentence number {i} keeps going here." for i in range(2, 25)]
    right = [f"Right column sentence number {i} speaks of leave." for i in range(1, 25)]
    for x, lines in ((72, left), (330, right)):
        y = 720
        for line in lines:
            c.setFont("Helvetica", 10)
            c.drawString(x, y, line)
            y -= 14
    c.setFont("Helvetica", 8)
    c.drawString(72, 30, "Northbridge Logistics - Internal - Page 1 of 1")
    c.showPage()
    c.save()
    return out.getvalue()


def framed_bulletin_pdf() -> bytes:
    """An election bulletin drawn as ruled boxes: a title box across the page, then two
    framed columns of contests (a contest's lines 10 pt apart, contests 20 pt apart) and a
    footer box, as a county's precinct bulletin is laid out. pdfplumber finds the rules as a
    table of a few huge cells."""
    from reportlab.pdfgen import canvas

    out = io.BytesIO()
    c = canvas.Canvas(out, pagesize=(612, 792))
    c.setFont("Helvetica", 9)
    for box in ((30, 720, 552, 40), (30, 90, 276, 630), (306, 90, 276, 630), (30, 50, 552, 40)):
        c.rect(*box)
    c.drawString(36, 740, "PRECINCT BULLETIN GENERAL ELECTION PRECINCT 0050003A ACTON")
    c.drawString(36, 66, "END OF BULLETIN")
    contests = [
        (f"CONTEST NUMBER {i}", [f"CANDIDATE {i}A REP {100 + i}", f"CANDIDATE {i}B DEM {50 + i}"])
        for i in range(1, 17)
    ]
    contests[4] = ("SHERIFF", ["JIM MCDONNELL 219", "PAUL TANAKA 61"])
    for x, part in ((30, contests[:8]), (306, contests[8:])):
        y = 700
        for name, lines in part:
            for text in (name, *lines):
                c.drawString(x + 6, y, text)
                y -= 10
            y -= 20
    c.showPage()
    c.save()
    return out.getvalue()


def docx_with_table() -> bytes:
    """A DOCX: a heading, a paragraph, a table, a list item, and a page header."""
    import docx

    document = docx.Document()
    document.sections[0].header.paragraphs[0].text = "CONFIDENTIAL HEADER"
    document.add_heading("Travel rules", level=1)
    document.add_paragraph("Daily rates by city:")
    table = document.add_table(rows=3, cols=2)
    for r, (city, rate) in enumerate(
        [("City", "Daily rate"), ("Taipei", "2,500"), ("Tainan", "1,800")]
    ):
        table.cell(r, 0).text, table.cell(r, 1).text = city, rate
    document.add_paragraph("Claims are filed within 14 days.", style="List Number")
    out = io.BytesIO()
    document.save(out)
    return out.getvalue()


def pptx_deck() -> bytes:
    """Two slides: a title and bullets; a title, a table and speaker notes."""
    from pptx import Presentation
    from pptx.util import Inches

    deck = Presentation()
    slide = deck.slides.add_slide(deck.slide_layouts[1])
    slide.shapes.title.text = "Welcome"
    body = slide.placeholders[1].text_frame
    body.text = "Badges are issued on day one."
    para = body.add_paragraph()
    para.text = "Bring an ID card."
    para.level = 1
    slide = deck.slides.add_slide(deck.slide_layouts[5])
    slide.shapes.title.text = "Shuttle times"
    shape = slide.shapes.add_table(3, 2, Inches(1), Inches(2), Inches(6), Inches(2))
    for r, (stop, time) in enumerate(
        [("Stop", "Departs"), ("Main gate", "07:40"), ("Library", "07:55")]
    ):
        shape.table.cell(r, 0).text, shape.table.cell(r, 1).text = stop, time
    slide.notes_slide.notes_text_frame.text = "The last shuttle leaves at 22:10."
    out = io.BytesIO()
    deck.save(out)
    return out.getvalue()


def pptx_deck_with_footer(slides: int = 4) -> bytes:
    """``slides`` slides, each a title, a bullet and the deck's name with a counter in a text box
    at the foot of the slide («Harbour Run 2025 organising committee | n/N»)."""
    from pptx import Presentation
    from pptx.util import Emu, Inches

    deck = Presentation()
    height = int(deck.slide_height or 6_858_000)
    for n in range(1, slides + 1):
        slide = deck.slides.add_slide(deck.slide_layouts[1])
        slide.shapes.title.text = f"Section {n}"
        slide.placeholders[1].text_frame.text = f"Bib pickup point {n} opens at 10:0{n}."
        box = slide.shapes.add_textbox(
            Inches(0.5), Emu(height - Inches(0.5)), Inches(8), Inches(0.4)
        )
        box.text_frame.text = f"Harbour Run 2025 organising committee | {n}/{slides}"
    out = io.BytesIO()
    deck.save(out)
    return out.getvalue()


def odf_documents() -> dict[str, bytes]:
    """An ODT (heading, paragraph, list, table), an ODS (a named sheet) and an ODP (a title,
    text and notes), written by odfdo."""
    import odfdo

    text = odfdo.Document("text")
    text.body.append(odfdo.Header(1, "場地使用規則"))
    text.body.append(odfdo.Paragraph("押金為新臺幣五千元，於活動結束後退還。"))
    text.body.append(odfdo.List(["開放日：週二至週日", "容納人數：120人"]))
    table = odfdo.Table("rooms", width=2, height=2)
    table.set_values([["場地", "時租"], ["演講廳", "1200元"]])
    text.body.append(table)

    sheet_doc = odfdo.Document("spreadsheet")
    sheet = odfdo.Table("國內出差", width=2, height=3)
    sheet.set_values([["城市", "日支"], ["臺北", 2500], ["臺南", 1800]])
    sheet_doc.body.append(sheet)

    deck = odfdo.Document("presentation")
    page = odfdo.DrawPage("p1", name="Slide 1")
    title = odfdo.Frame.text_frame("Onboarding", size=("20cm", "2cm"), position=("1cm", "1cm"))
    title.set_attribute("presentation:class", "title")
    page.append(title)
    page.append(odfdo.Frame.text_frame("Lockers are on level 2.", position=("1cm", "5cm")))
    deck.body.append(page)

    out: dict[str, bytes] = {}
    for name, document in (("odt", text), ("ods", sheet_doc), ("odp", deck)):
        buf = io.BytesIO()
        document.save(buf)
        out[name] = buf.getvalue()
    return out


def epub_book() -> bytes:
    """An EPUB of one chapter with a heading, a paragraph and a table."""
    from ebooklib import epub

    book = epub.EpubBook()
    book.set_identifier("gm-1")
    book.set_title("Staff handbook")
    book.set_language("en")
    chapter = epub.EpubHtml(title="Leave", file_name="leave.xhtml", lang="en")
    chapter.content = (
        "<html><body><h1>Leave</h1><p>Annual leave is fourteen days.</p><table>"
        "<tr><th>Leave</th><th>Days</th></tr><tr><td>Marriage</td><td>8</td></tr>"
        "</table></body></html>"
    )
    book.add_item(chapter)
    book.add_item(epub.EpubNcx())
    book.add_item(epub.EpubNav())
    book.spine = ["nav", chapter]
    out = io.BytesIO()
    epub.write_epub(out, book)
    return out.getvalue()


def notice_eml() -> bytes:
    """A notice e-mail with a plain-text and an HTML part."""
    message = EmailMessage()
    message["From"] = "facilities@example.org"
    message["To"] = "staff@example.org"
    message["Subject"] = "電梯保養通知"
    message.set_content("本大樓電梯將於十二月三日上午九時至十二時停用保養。")
    message.add_alternative(
        "<p>本大樓電梯將於十二月三日上午九時至十二時停用保養。</p>", subtype="html"
    )
    return message.as_bytes()
