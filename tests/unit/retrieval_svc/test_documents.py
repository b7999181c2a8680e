"""The document model: every format's extractor gives blocks with pages, tables stay tables,
running headers go, CJK lines join without a space; bad files are clear errors."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from mesh.errors import InvalidInput
from retrieval_svc.chunking import chunk_blocks
from retrieval_svc.documents.margins import MarginLine, is_page_number, running_lines
from retrieval_svc.documents.model import Block, Kind, TableRow
from retrieval_svc.documents.pdf_lines import join_lines
from retrieval_svc.documents.table_records import RECORDS_UP_TO, column_records, record
from retrieval_svc.formats import (
    CSV,
    DOCX,
    EML,
    EPUB,
    ODP,
    ODS,
    ODT,
    PDF,
    PPTX,
    XLSX,
    Extracted,
    extract,
    screen,
)  # fmt: skip
from testkit import hostile_documents as hostile
from testkit import office_samples as samples

pytestmark = pytest.mark.unit
LIMIT = 16 * 1024 * 1024


def _read(ctype: str, content: bytes) -> Extracted:
    return extract(ctype, content, LIMIT)


def _tables(out: Extracted) -> list[Block]:
    return [b for b in out.document.blocks if b.kind is Kind.TABLE]


class TestPdf:
    def test_running_header_and_page_numbers_are_dropped(self) -> None:
        out = _read(PDF, samples.leave_policy_pdf())
        assert "內部文件" not in out.text
        assert "第 1 頁" not in out.text and "第 2 頁" not in out.text

    def test_wrapped_chinese_lines_join_without_a_space(self) -> None:
        out = _read(PDF, samples.leave_policy_pdf())
        clause = next(b for b in out.document.blocks if b.text.startswith("第一條"))
        assert clause.text.count("應於三日內補辦手續") == 3
        assert " " not in clause.text

    def test_ruled_table_keeps_its_header_and_rows_on_their_pages(self) -> None:
        out = _read(PDF, samples.leave_policy_pdf(rows=40))
        (table,) = _tables(out)
        assert table.header == ("假別", "每年日數", "薪資")
        assert ("婚假", "八日", "照常發給") in [r.cells for r in table.rows]
        assert len(table.rows) == 40, "a table over a page break is one table"
        assert {r.page for r in table.rows} == {1, 2}
        assert table.header not in [r.cells for r in table.rows], "repeated header dropped"

    def test_a_ruled_frame_around_text_is_read_as_its_boxes_paragraphs(self) -> None:
        out = _read(PDF, samples.framed_bulletin_pdf())
        assert not _tables(out), "a frame of huge cells is not a table"
        texts = [b.text for b in out.document.blocks]
        assert "SHERIFF JIM MCDONNELL 219 PAUL TANAKA 61" in texts, "one contest, one paragraph"
        assert texts.index("CONTEST NUMBER 8 CANDIDATE 8A REP 108 CANDIDATE 8B DEM 58") < (
            texts.index("CONTEST NUMBER 9 CANDIDATE 9A REP 109 CANDIDATE 9B DEM 59")
        ), "the left box is read before the right one"

    def test_each_block_keeps_its_page(self) -> None:
        out = _read(PDF, samples.leave_policy_pdf())
        second = next(b for b in out.document.blocks if b.text.startswith("第二條"))
        assert second.page == 2
        assert out.document.blocks[0].page == 1

    def test_two_columns_are_read_column_by_column_and_hyphenation_is_undone(self) -> None:
        text = _read(PDF, samples.two_column_pdf()).text
        assert "reimbursement within fourteen days" in text
        assert text.index("Left column sentence number 24") < text.index(
            "Right column sentence number 1 "
        )


class TestOffice:
    def test_docx_keeps_body_order_and_leaves_the_page_header_out(self) -> None:
        out = _read(DOCX, samples.docx_with_table())
        kinds = [b.kind for b in out.document.blocks]
        assert kinds == [Kind.HEADING, Kind.PARAGRAPH, Kind.TABLE, Kind.LIST_ITEM]
        assert "CONFIDENTIAL HEADER" not in out.text
        assert _tables(out)[0].header == ("City", "Daily rate")

    def test_xlsx_sheet_is_a_table_named_by_its_sheet_with_cached_formula_values(self) -> None:
        (table,) = _tables(_read(XLSX, hostile.xlsx_rates()))
        assert (table.page, table.page_label) == (1, "Rates")
        assert [r.cells for r in table.rows] == [("Taipei", "2500"), ("Tainan", "1800")]

    def test_macros_are_never_run_and_the_sheet_still_reads(self) -> None:
        (table,) = _tables(_read(XLSX, hostile.xlsx_rates(macro=True)))
        assert table.rows[0].cells == ("Taipei", "2500")

    def test_csv_in_big5_is_one_table(self) -> None:
        content = "城市,日支\n臺北,2500\n臺南,1800\n".encode("big5")
        (table,) = _tables(extract(CSV, content, LIMIT, charset="big5"))
        assert table.header == ("城市", "日支")

    def test_a_title_over_a_sheet_and_notes_under_it_are_text_not_its_header(self) -> None:
        content = (
            b"Consumables orders Q1 2025,,\n"
            b"Order no.,Item,Line total (EUR)\n"
            b"PO-1,Gloves,250\n"
            b"PO-2,Pipette tips,462\n"
            b",Total,712\n"
            b"Prices exclude VAT.,,\n"
        )
        blocks = extract(CSV, content, LIMIT).document.blocks
        assert [b.kind for b in blocks] == [Kind.HEADING, Kind.TABLE, Kind.PARAGRAPH]
        assert blocks[0].text == "Consumables orders Q1 2025"
        assert blocks[1].header == ("Order no.", "Item", "Line total (EUR)")
        assert blocks[1].rows[-1].cells == ("", "Total", "712")
        assert blocks[2].text == "Prices exclude VAT."

    def test_two_title_rows_the_first_is_text_the_second_names_the_table(self) -> None:
        # As two headings, the first was replaced by the second and indexed nowhere: "Where is
        # the symposium held?" found no passage holding its venue.
        content = (
            b'"PRCES 2025 - Symposium, Lantau Bay Convention Hall, 17-20 November 2025",,\n'
            b"Registration fee schedule (HKD),,\n"
            b"Category,Early Bird Fee (HKD),Standard Fee (HKD)\n"
            b"Student,1800,2100\n"
            b"Member,3200,3600\n"
        )
        blocks = extract(CSV, content, LIMIT).document.blocks
        assert [b.kind for b in blocks] == [Kind.PARAGRAPH, Kind.HEADING, Kind.TABLE]
        assert "Lantau Bay Convention Hall" in blocks[0].text
        assert blocks[1].text == "Registration fee schedule (HKD)"

    def test_a_sheet_of_one_column_stays_a_table(self) -> None:
        content = b"Rooms\nA101\nA102\nB201\n"
        (table,) = _tables(extract(CSV, content, LIMIT))
        assert len(table.rows) + bool(table.header) == 4

    def test_pptx_is_read_slide_by_slide_with_tables_and_notes(self) -> None:
        blocks = _read(PPTX, samples.pptx_deck()).document.blocks
        assert [(b.kind, b.page) for b in blocks if b.kind is Kind.HEADING] == [
            (Kind.HEADING, 1),
            (Kind.HEADING, 2),
        ]
        notes = next(b for b in blocks if "last shuttle" in b.text)
        assert notes.page == 2
        table = next(b for b in blocks if b.kind is Kind.TABLE)
        assert (table.page, table.rows[0].cells) == (2, ("Main gate", "07:40"))

    def test_a_footer_repeated_on_every_slide_is_dropped(self) -> None:
        texts = [b.text for b in _read(PPTX, samples.pptx_deck_with_footer()).document.blocks]
        assert "Bib pickup point 3 opens at 10:03." in texts
        assert not [t for t in texts if "organising committee" in t]

    def test_a_line_on_one_slide_foot_stays(self) -> None:
        texts = [b.text for b in _read(PPTX, samples.pptx_deck_with_footer(1)).document.blocks]
        assert "Harbour Run 2025 organising committee | 1/1" in texts

    def test_odf_text_sheet_and_slides(self) -> None:
        docs = samples.odf_documents()
        odt = _read(ODT, docs["odt"])
        assert odt.title == "場地使用規則"
        assert "- 容納人數：120人" in odt.text
        assert _tables(odt)[0].rows[0].cells == ("演講廳", "1200元")
        (sheet,) = _tables(_read(ODS, docs["ods"]))
        assert sheet.page_label == "國內出差" and sheet.rows[0].cells == ("臺北", "2500")
        odp = _read(ODP, docs["odp"]).document.blocks
        # odfdo's blank presentation starts with an empty slide; ours is the second
        assert [(b.kind, b.text, b.page) for b in odp][:2] == [
            (Kind.HEADING, "Onboarding", 2),
            (Kind.PARAGRAPH, "Lockers are on level 2.", 2),
        ]

    def test_epub_and_email(self) -> None:
        book = _read(EPUB, samples.epub_book())
        assert book.title == "Staff handbook"
        assert _tables(book)[0].rows[0].cells == ("Marriage", "8")
        mail = _read(EML, samples.notice_eml())
        assert mail.title == "電梯保養通知"
        assert "十二月三日上午九時至十二時停用保養" in mail.text


class TestLines:
    def test_join_lines(self) -> None:
        assert join_lines(["其他员工乘坐高", "铁二等座。"]) == "其他员工乘坐高铁二等座。"
        assert join_lines(["filed within", "fourteen days"]) == "filed within fourteen days"
        assert join_lines(["the reim-", "bursement"]) == "the reimbursement"
        assert join_lines(["e-mail of COVID-", "19"]) == "e-mail of COVID- 19"

    def test_page_numbers_in_office_forms(self) -> None:
        for text in ("第 3 頁", "第3页 共5页", "Page 3 of 5", "- 3 -", "3", "p. 12"):
            assert is_page_number(text), text
        assert not is_page_number("第三條 請假")

    def test_running_lines_recur_in_the_margin_and_body_text_does_not(self) -> None:
        lines = [MarginLine(p, 0.03, f"Northbridge — Internal {p}") for p in range(1, 5)]
        lines += [MarginLine(p, 0.5, "Body text that repeats") for p in range(1, 5)]
        lines += [MarginLine(1, 0.02, "Only on the first page")]
        drop = running_lines(lines, 4)
        assert (2, "Northbridge — Internal 2") in drop
        assert (1, "Body text that repeats") not in drop
        assert (1, "Only on the first page") not in drop


class TestTableRecords:
    def test_a_record_names_its_columns(self) -> None:
        header = ("假別", "每年日數", "薪資")
        assert (
            record(header, ("婚假", "八日", "照常發給"))
            == "假別：婚假｜每年日數：八日｜薪資：照常發給"
        )
        assert record(("City", "Rate"), ("Taipei", "")) == "City: Taipei"

    def test_a_totals_label_stands_alone_in_its_record(self) -> None:
        """A sheet's "Total" sits under "Unit price"; it is no unit price."""
        header = ("Item", "Unit price (EUR)", "Line total (EUR)")
        assert record(header, ("", "Total", "4371.2")) == "Total | Line total (EUR): 4371.2"
        assert record(("項目", "金額"), ("合計", "1,200")) == "合計｜金額：1,200"
        assert record(("Item", "Amount"), ("Total cost", "9")) == "Item: Total cost | Amount: 9"

    def test_rows_become_records_on_their_pages_and_a_small_table_is_also_whole(self) -> None:
        rows = (TableRow(("婚假", "八日"), 3), TableRow(("病假", "三十日"), 4))
        blocks = [
            Block(Kind.HEADING, "請假"),
            Block(Kind.TABLE, "假別日數表", page=3, header=("假別", "日數"), rows=rows),
        ]
        chunks = chunk_blocks(blocks)
        assert [(c.text, c.page) for c in chunks[:2]] == [
            ("假別：婚假｜日數：八日", 3),
            ("假別：病假｜日數：三十日", 4),
        ]
        assert chunks[0].section == "請假 › 假別日數表"
        assert chunks[2].text.startswith("| 假別 | 日數 |") and "病假" in chunks[2].text

    def test_a_timetables_columns_are_records_too(self) -> None:
        """Trains across, stations down: one train's times are a column, not a row."""
        header = ("Train", "2103", "2105", "2107")
        rows = (
            TableRow(("Notes", "", "Express", ""), 2),
            TableRow(("Port Ellery", "06:22", "06:47", "07:02"), 2),
            TableRow(("Harbour Road", "06:26", "|", "07:06"), 2),
            TableRow(("Kingsford", "07:07", "07:29", "07:47"), 2),
        )
        texts = [c.text for c in chunk_blocks([Block(Kind.TABLE, "", 2, header=header, rows=rows)])]
        assert (
            "Train: 2105 | Notes: Express | Port Ellery: 06:47 | Harbour Road: | | Kingsford: 07:29"
            in texts
        )
        assert "Train: Port Ellery | 2103: 06:22 | 2105: 06:47 | 2107: 07:02" in texts

    def test_a_table_of_rows_is_not_read_down_its_columns(self) -> None:
        """Column names in words, or row labels that are codes: each row is one thing."""
        words = ("假別", "日數", "薪資", "備註")
        rows = (TableRow(("婚假", "8", "全薪", "—")), TableRow(("病假", "30", "半薪", "—")))
        runs = ("Run", "Gate 1", "Gate 2", "Gate 3")
        codes = (
            TableRow(("A01", "07:20", "07:24", "07:29")),
            TableRow(("A02", "07:45", "07:49", "07:54")),
        )
        for header, body in ((words, rows), (runs, codes)):
            block = Block(Kind.TABLE, "", header=header, rows=body)
            assert column_records(block) == []

    def test_a_filled_in_form_names_each_value_by_its_label(self) -> None:
        """A form has no header row: its rows read label, value, label, value."""
        rows = (
            TableRow(("物品名稱", "差示掃描量熱儀", "規格型號", "DSC 3500"), 3),
            TableRow(("數量", "1台", "預算金額", "186,000.00元"), 3),
            TableRow(("用途說明", "用於聚合物材料測試，現有設備已使用11年。"), 3),
        )
        chunks = chunk_blocks([Block(Kind.TABLE, "採購申請單（填寫示例）", page=3, rows=rows)])
        texts = [c.text for c in chunks]
        assert texts[1] == "數量：1台｜預算金額：186,000.00元"
        assert texts[3] == "\n".join(texts[:3])  # the whole form, for a question over two fields

    def test_a_headerless_table_of_data_is_not_read_as_a_form(self) -> None:
        rows = tuple(TableRow((f"{i}:00", f"{i}:45", "Platform 2", "Express"), 1) for i in range(4))
        chunks = chunk_blocks([Block(Kind.TABLE, "", page=1, rows=rows)])
        assert chunks[0].text == "0:00 | 0:45 | Platform 2 | Express"

    def test_a_huge_table_is_grouped_not_flooded(self) -> None:
        n = RECORDS_UP_TO * 3
        rows = tuple(TableRow((f"course {i}", f"{i} credits"), 1 + i // 50) for i in range(n))
        chunks = chunk_blocks([Block(Kind.TABLE, "", header=("Course", "Credits"), rows=rows)])
        assert len(chunks) < n // 5
        assert all(c.text.startswith("| Course | Credits |") for c in chunks)
        assert any("course 5999 " in c.text and c.page == 1 + 5999 // 50 for c in chunks)


BAD: list[tuple[str, str, Callable[[], bytes], str]] = [
    ("encrypted PDF", PDF, hostile.encrypted_pdf, "encrypted"),
    ("password-protected XLSX", XLSX, hostile.password_protected_office, "password"),
    ("password-protected PPTX", PPTX, hostile.password_protected_office, "password"),
    ("XLSX zip bomb", XLSX, lambda: hostile.zip_bomb("xl/worksheets/sheet1.xml"), "zip bomb"),
    ("PPTX zip bomb", PPTX, lambda: hostile.zip_bomb("ppt/slides/slide1.xml"), "zip bomb"),
    ("ODT zip bomb", ODT, lambda: hostile.zip_bomb("content.xml"), "zip bomb"),
    ("EPUB zip bomb", EPUB, lambda: hostile.zip_bomb("OEBPS/c.xhtml"), "zip bomb"),
    ("million-row sheet", XLSX, hostile.xlsx_million_rows, "rows"),
    ("page of 100,000 characters", PDF, lambda: hostile.pdf_page_of(100_000), "characters"),
    ("corrupt XLSX", XLSX, lambda: b"PK\x03\x04 not a workbook", "XLSX"),
    ("corrupt ODP", ODP, lambda: b"PK\x03\x04 junk", "ODP"),
    ("not an e-mail", EML, lambda: b"hello there", "e-mail"),
]


@pytest.mark.parametrize(("name", "ctype", "make", "says"), BAD, ids=[b[0] for b in BAD])
def test_bad_files_are_clear_errors_at_upload_and_in_the_job(
    name: str, ctype: str, make: Callable[[], bytes], says: str
) -> None:
    content = make()
    with pytest.raises(InvalidInput, match=says):
        screen(ctype, content, LIMIT)
    with pytest.raises(InvalidInput, match=says):
        extract(ctype, content, LIMIT)


class TestMergedHeaders:
    @pytest.mark.parametrize(
        ("rows", "header"),
        [
            (
                [
                    ("城市", "住宿费上限", "住宿费上限", "伙食补助"),
                    ("城市", "总监及以上", "其他员工", "伙食补助"),
                    ("成都", "650", "450", "100"),
                ],
                ("城市", "住宿费上限 总监及以上", "住宿费上限 其他员工", "伙食补助"),
            ),
            # A ferry timetable: "Day" spans both header rows, "Departure times" the sailings.
            (
                [
                    ("Day", "Departure times", "Departure times", "Departure times"),
                    ("Day", "1", "2", "3"),
                    ("Saturday", "08:00", "11:30", "15:00"),
                ],
                ("Day", "Departure times 1", "Departure times 2", "Departure times 3"),
            ),
        ],
    )
    def test_two_header_rows_under_a_merged_cell_become_one(
        self, rows: list[tuple[str, ...]], header: tuple[str, ...]
    ) -> None:
        from retrieval_svc.documents.tables import split_header

        assert split_header(rows) == (header, rows[2:])

    def test_a_first_row_of_numbers_under_a_merged_cell_stays_a_row(self) -> None:
        from retrieval_svc.documents.tables import split_header

        rows = [("Item", "Price", "Price"), ("Tea", "1", "2"), ("Cake", "3", "4")]
        assert split_header(rows) == (
            ("Item", "Price", "Price"),
            [("Tea", "1", "2"), ("Cake", "3", "4")],
        )

    def test_a_single_header_row_stays_as_it_is(self) -> None:
        from retrieval_svc.documents.tables import split_header

        header, body = split_header([("Stop", "Departs"), ("Main gate", "07:40")])
        assert header == ("Stop", "Departs") and body == [("Main gate", "07:40")]

    def test_records_two_lines_each_under_a_two_line_header_are_paired(self) -> None:
        # A police listing: type and make on one line, serial and tag on the next.
        from retrieval_svc.documents.tables import split_header

        rows = [
            ("TYPE ITEM", "MAKE MODEL CALIBRE STATUS"),
            ("SERIAL NUMBER REPORT/TAG NUMBER", "CASE/FILE NUMBER STORAGE LOCATION"),
            ("PISTOL REVOLVER", "UNKWN MAKE 38 FOUND"),
            ("1721 Tag#:SJ3095-1", "GO SJ 2012-1225 WA-GR/GUN DESTRUCTION"),
            ("PISTOL SEMI-AUTOMATIC", "CARL WALTHER PPK 7.65 FOUND"),
            ("832229 Tag#:SJ4664-1", "GO SJ 2012-1229 WA-GR/GD-SCCCL"),
        ]
        header, body = split_header(rows)
        assert len(header) == 4 and header[2] == "SERIAL NUMBER REPORT/TAG NUMBER"
        assert body[1] == (
            "PISTOL SEMI-AUTOMATIC",
            "CARL WALTHER PPK 7.65 FOUND",
            "832229 Tag#:SJ4664-1",
            "GO SJ 2012-1229 WA-GR/GD-SCCCL",
        )

    def test_rows_that_do_not_alternate_are_not_paired(self) -> None:
        from retrieval_svc.documents.tables import split_header

        rows = [
            ("Room", "Capacity"),
            ("Name", "Seats"),
            ("Main Hall", "320"),
            ("Garden Room", "80"),
            ("Library", "40"),
            ("Studio", "25"),
        ]
        header, body = split_header(rows)
        assert header == ("Room", "Capacity") and len(body) == 5

    def test_html_colspan_and_rowspan_land_on_the_grid(self) -> None:
        from retrieval_svc.formats import HTML

        page = (
            "<table><tr><th rowspan=2>Room</th><th colspan=2>Weekday</th></tr>"
            "<tr><th>Day</th><th>Evening</th></tr>"
            "<tr><td>Main Hall</td><td>£22</td><td>£30</td></tr></table>"
        )
        (table,) = _tables(_read(HTML, page.encode()))
        assert table.header == ("Room", "Weekday Day", "Weekday Evening")
        assert table.rows[0].cells == ("Main Hall", "£22", "£30")


def test_a_timetable_keeps_its_numbered_columns_as_the_header() -> None:
    from retrieval_svc.documents.tables import split_header

    rows = [
        ("Train", "2101", "2103"),
        ("Port Ellery", "06:10", "06:40"),
        ("Kingsford", "07:02", "07:32"),
    ]
    header, body = split_header(rows)
    assert header == ("Train", "2101", "2103") and len(body) == 2
    assert record(header, body[1]) == "Train: Kingsford | 2101: 07:02 | 2103: 07:32"
    assert split_header([("Taipei", "2500", "1800"), ("Tainan", "1800", "2500")])[0] == ()


def test_a_field_on_its_own_line_is_not_glued_to_the_line_before() -> None:
    assert join_lines(["課程編號：QH-DA-201", "課時：48課時"]) == "課程編號：QH-DA-201 課時：48課時"


def test_prices_with_currency_marks_are_values_not_column_names() -> None:
    from retrieval_svc.documents.tables import is_numeric, split_header

    assert all(is_numeric(c) for c in ("S$320", "HK$1,900", "JPY 28,000", "2025年9月13日"))
    assert not any(is_numeric(c) for c in ("P1紧急", "Hotel cap per night", "City"))
    rows = [("Singapore", "Singapore", "S$320"), ("Hong Kong", "China", "HK$1,900")]
    assert split_header(rows) == ((), rows)


def test_a_category_written_once_heads_the_records_of_the_rows_below_it() -> None:
    """A merged first cell (「服务」 over its budget bands) is blank in the rows below it; their
    records name it, so 「服务类项目预算30万」 finds the band, while the whole table keeps the
    blanks as the document lays them out."""
    header = ("采购类别", "预算金额（万元）", "采购方式")
    rows = tuple(
        TableRow(c, 7)
        for c in [
            ("货物", "2以下", "自行比价"),
            ("服务", "2以下", "科室自行比价"),
            ("", "20至100", "竞争性磋商"),
            ("", "备注：含税", ""),
        ]
    )
    texts = [c.text for c in chunk_blocks([Block(Kind.TABLE, "", 7, header=header, rows=rows)])]
    assert "采购类别：服务｜预算金额（万元）：20至100｜采购方式：竞争性磋商" in texts
    assert "预算金额（万元）：备注：含税" in texts
    assert any("|  | 20至100 | 竞争性磋商 |" in t for t in texts)
