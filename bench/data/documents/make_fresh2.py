"""Generate the "fresh2" benchmark document set.

Every organisation, person, telephone number, address, price and rule in these
documents is invented for testing a document question-answering system; none
of it describes a real institution.

Deterministic output: no randomness, no current time, fixed timestamps inside
ZIP containers, reportlab invariant mode for PDFs.

Usage:
    python make_fresh2.py OUT_DIR
"""

from __future__ import annotations

import datetime as _dt
import io
import pathlib
import re
import sys
import zipfile
from collections.abc import Callable
from typing import Any

from reportlab import rl_config  # type: ignore[import-untyped, unused-ignore]
from reportlab.lib import colors  # type: ignore[import-untyped, unused-ignore]
from reportlab.lib.pagesizes import A4  # type: ignore[import-untyped, unused-ignore]
from reportlab.lib.styles import ParagraphStyle  # type: ignore[import-untyped, unused-ignore]
from reportlab.lib.units import mm  # type: ignore[import-untyped, unused-ignore]
from reportlab.pdfbase import pdfmetrics  # type: ignore[import-untyped, unused-ignore]
from reportlab.pdfbase.ttfonts import TTFont  # type: ignore[import-untyped, unused-ignore]
from reportlab.platypus import (  # type: ignore[import-untyped, unused-ignore]
    BaseDocTemplate,
    Frame,
    NextPageTemplate,
    PageBreak,
    PageTemplate,
    Paragraph,
    Spacer,
    Table,
    TableStyle,
)

rl_config.invariant = 1

CJK_FONT_PATH = "/usr/share/fonts/truetype/wqy/wqy-microhei.ttc"
CJK = "WQYMH"
LATIN = "Helvetica"
LATIN_B = "Helvetica-Bold"
ZIP_TIME = (2025, 1, 1, 0, 0, 0)
_ISO_RE = re.compile(rb"\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:Z|[+-]\d{2}:\d{2})?")


def _fonts() -> None:
    if CJK not in pdfmetrics.getRegisteredFontNames():
        pdfmetrics.registerFont(TTFont(CJK, CJK_FONT_PATH, subfontIndex=0))


def _fix_zip(path: pathlib.Path) -> None:
    """Rewrite a ZIP-based file with fixed member timestamps and metadata dates."""
    with zipfile.ZipFile(path) as src:
        members = [(i, src.read(i.filename)) for i in src.infolist()]
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as dst:
        for info, data in members:
            if info.filename.endswith((".xml", ".rels")):
                data = _ISO_RE.sub(b"2025-01-01T00:00:00Z", data)
            zi = zipfile.ZipInfo(info.filename, date_time=ZIP_TIME)
            zi.compress_type = info.compress_type
            zi.external_attr = 0o644 << 16
            dst.writestr(zi, data)
    path.write_bytes(buf.getvalue())


# ---------------------------------------------------------------------------
# PDF helpers
# ---------------------------------------------------------------------------


def _st(cjk: bool) -> dict[str, ParagraphStyle]:
    f = CJK if cjk else LATIN
    b = CJK if cjk else LATIN_B
    kw: dict[str, Any] = {"wordWrap": "CJK"} if cjk else {}

    def ps(name: str, font: str, size: float, lead: float, **extra: Any) -> ParagraphStyle:
        return ParagraphStyle(name, fontName=font, fontSize=size, leading=lead, **kw, **extra)

    return {
        "title": ps("title", b, 15, 21, alignment=1, spaceAfter=6),
        "sub": ps("sub", f, 9, 12.5, alignment=1, spaceAfter=8),
        "h1": ps("h1", b, 12, 16, spaceBefore=8, spaceAfter=4),
        "h2": ps("h2", b, 10.5, 14, spaceBefore=5, spaceAfter=3),
        "body": ps("body", f, 9.8, 14, spaceAfter=3),
        "cl": ps("cl", f, 9.8, 14, spaceAfter=3, leftIndent=20, firstLineIndent=-20),
        "cl2": ps("cl2", f, 9.8, 14, spaceAfter=3, leftIndent=34, firstLineIndent=-26),
        "small": ps("small", f, 8, 10.5, spaceAfter=2),
        "cell": ps("cell", f, 8.6, 10.8),
        "cellh": ps("cellh", b, 8.6, 10.8),
    }


def _tbl(
    rows: list[list[str]],
    widths: list[float],
    st: dict[str, ParagraphStyle],
    *,
    hdr: int = 1,
    spans: list[tuple[tuple[int, int], tuple[int, int]]] | None = None,
    zebra: bool = False,
    align_right_from: int | None = None,
) -> Table:
    data = []
    for r, row in enumerate(rows):
        sty = st["cellh"] if r < hdr else st["cell"]
        data.append([Paragraph(c, sty) if c else "" for c in row])
    t = Table(data, colWidths=widths, repeatRows=hdr)
    cmds: list[tuple[Any, ...]] = [
        ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
        ("GRID", (0, 0), (-1, -1), 0.5, colors.HexColor("#4A4A4A")),
        ("BACKGROUND", (0, 0), (-1, hdr - 1), colors.HexColor("#E3E8D8")),
        ("TOPPADDING", (0, 0), (-1, -1), 2),
        ("BOTTOMPADDING", (0, 0), (-1, -1), 2),
    ]
    if zebra:
        for r in range(hdr, len(rows)):
            if (r - hdr) % 2 == 1:
                cmds.append(("BACKGROUND", (0, r), (-1, r), colors.HexColor("#F4F4F4")))
    for a, b in spans or []:
        cmds.append(("SPAN", a, b))
    t.setStyle(TableStyle(cmds))
    return t


def _pdf(
    path: pathlib.Path,
    story: Callable[[], list[Any]],
    *,
    font: str,
    head_l: str,
    head_r: str,
    foot_l: str,
    page_fmt: str,
    title: str,
    pagesize: tuple[float, float] = A4,
) -> None:
    w, h = pagesize
    m = 18 * mm

    def run(target: Any, total: int, seen: list[int]) -> None:
        def deco(c: Any, _doc: Any) -> None:
            n = c.getPageNumber()
            seen.append(n)
            c.saveState()
            c.setFont(font, 8)
            c.setStrokeColor(colors.HexColor("#888888"))
            c.drawString(m, h - 11 * mm, head_l)
            c.drawRightString(w - m, h - 11 * mm, head_r)
            c.line(m, h - 12.5 * mm, w - m, h - 12.5 * mm)
            c.line(m, 14 * mm, w - m, 14 * mm)
            c.drawString(m, 10 * mm, foot_l)
            c.drawRightString(w - m, 10 * mm, page_fmt.format(n=n, t=total))
            c.restoreState()

        doc = BaseDocTemplate(
            target,
            pagesize=pagesize,
            leftMargin=m,
            rightMargin=m,
            topMargin=19 * mm,
            bottomMargin=19 * mm,
            title=title,
            author="",
            subject="",
            creator="fresh2 generator",
            invariant=1,
        )
        one = Frame(m, 19 * mm, w - 2 * m, h - 38 * mm, id="one")
        cw = (w - 2 * m - 7 * mm) / 2
        left = Frame(m, 19 * mm, cw, h - 38 * mm, id="l")
        right = Frame(m + cw + 7 * mm, 19 * mm, cw, h - 38 * mm, id="r")
        doc.addPageTemplates(
            [
                PageTemplate(id="one", frames=[one], onPage=deco),
                PageTemplate(id="two", frames=[left, right], onPage=deco),
            ]
        )
        doc.build(story())

    seen: list[int] = []
    run(io.BytesIO(), 0, seen)
    run(str(path), max(seen), [])


# ---------------------------------------------------------------------------
# 1. Clinic opening hours and fees (en PDF)
# ---------------------------------------------------------------------------

CLINIC_FEES: list[tuple[str, str, str, str, str]] = [
    ("GP-01", "General consultation (adult)", "320", "95", "Includes one follow-up within 7 days"),
    ("GP-02", "General consultation (child under 12)", "260", "75", ""),
    ("GP-03", "Extended consultation (30 min)", "480", "140", "By appointment only"),
    ("GP-04", "Telephone consultation", "180", "60", "Registered patients only"),
    ("GP-05", "Home visit (within district)", "1,150", "450", "Mon-Fri, 14:00-17:00"),
    ("GP-06", "Medical certificate (sick leave)", "90", "40", ""),
    ("GP-07", "Medical report (up to 2 pages)", "650", "300", "Ready in 10 working days"),
    ("VC-01", "Seasonal influenza vaccine", "240", "Free", "Concession: aged 65+ only"),
    ("VC-02", "Pneumococcal vaccine (PCV)", "980", "520", ""),
    ("VC-03", "Hepatitis B vaccine (per dose)", "310", "150", "3-dose course"),
    ("VC-04", "Tetanus booster", "210", "90", ""),
    ("VC-05", "Travel vaccination advice", "200", "200", "No concession"),
    ("LB-01", "Full blood count", "160", "70", "Fasting not required"),
    ("LB-02", "Fasting lipid profile", "280", "110", "Fast for 10 hours"),
    ("LB-03", "HbA1c (diabetes monitoring)", "230", "90", ""),
    ("LB-04", "Urine routine test", "110", "45", ""),
    ("LB-05", "Liver function test", "260", "105", ""),
    ("LB-06", "Venepuncture / blood taking", "70", "30", "Charged once per visit"),
    ("IM-01", "Chest X-ray (PA view)", "390", "180", "Results in 2 working days"),
    ("IM-02", "Resting ECG", "350", "150", ""),
    ("IM-03", "Abdominal ultrasound", "1,480", "720", "Thursday sessions only"),
    ("DN-01", "Dental check-up", "300", "120", ""),
    ("DN-02", "Scaling and polishing", "520", "230", ""),
    ("DN-03", "Tooth extraction (simple)", "680", "310", ""),
    ("DN-04", "Composite filling (per surface)", "740", "350", ""),
    ("DN-05", "Dental X-ray (per film)", "120", "50", ""),
    ("PH-01", "Dispensing fee (per item)", "25", "10", "Max. 5 items charged"),
    ("PH-02", "Blister packing service (weekly)", "60", "20", ""),
    ("PH-03", "Repeat prescription (no consultation)", "110", "40", "Stable chronic conditions"),
    ("WD-01", "Simple wound dressing", "150", "60", ""),
    ("WD-02", "Suture removal", "180", "70", ""),
    ("WD-03", "Ear syringing (one ear)", "220", "90", ""),
    ("AD-01", "Duplicate receipt", "30", "30", ""),
    ("AD-02", "Copy of medical records (per page)", "8", "8", "Minimum charge HKD 40"),
    ("AD-03", "Missed appointment charge", "120", "60", "See clause 3.3"),
]


def _clinic(out: pathlib.Path) -> pathlib.Path:
    path = out / "fresh2-harbourview-clinic-fees-en.pdf"
    st = _st(False)

    def story() -> list[Any]:
        s: list[Any] = [
            Paragraph("Harbourview Community Health Clinic", st["title"]),
            Paragraph(
                "Opening Hours, Services and Fee Schedule &middot; Edition 2025/1 &middot; "
                "Effective 1 March 2025",
                st["sub"],
            ),
            Paragraph(
                "Harbourview Community Health Clinic (HCHC) is operated by the Harbourview Residents' "
                "Health Trust, 18 Tidewater Lane, Kai Sun District. This schedule replaces Edition 2024/2.",
                st["body"],
            ),
            Paragraph("1. Opening Hours", st["h1"]),
        ]
        rows = [
            ["Day", "General Practice", "Dental Unit", "Pharmacy", "Phlebotomy (blood taking)"],
            [
                "Monday to Friday",
                "08:30 - 20:00",
                "09:00 - 17:30",
                "08:30 - 20:30",
                "07:45 - 11:00",
            ],
            ["Saturday", "09:00 - 13:00", "09:00 - 12:30", "09:00 - 13:30", "08:00 - 10:30"],
            ["Sunday", "Closed", "Closed", "10:00 - 12:00", "Closed"],
            ["Public holidays", "Closed", "Closed", "Closed", "Closed"],
        ]
        s.append(_tbl(rows, [34 * mm, 34 * mm, 32 * mm, 32 * mm, 42 * mm], st))
        s.append(
            Paragraph(
                "Note: Last registration for General Practice is 30 minutes before closing. "
                "The Dental Unit closes for lunch from 13:00 to 14:00 on weekdays.",
                st["small"],
            )
        )
        s += [
            Paragraph("2. Appointments and Registration", st["h1"]),
            Paragraph(
                "2.1 Walk-in patients are seen in order of registration; patients with chest pain, "
                "breathing difficulty or heavy bleeding are triaged first.",
                st["cl"],
            ),
            Paragraph(
                "2.2 Appointments may be booked up to 14 days in advance through the booking line "
                "2817 4406 or the HCHC Patient Portal.",
                st["cl"],
            ),
            Paragraph(
                "2.3 Patients who arrive more than 15 minutes after their appointment time may be "
                "asked to rebook or to wait as a walk-in patient.",
                st["cl"],
            ),
            Paragraph(
                "2.4 First-time patients must bring a valid identity document and arrive 10 minutes "
                "early to complete the registration form (Form HR-1).",
                st["cl"],
            ),
            Paragraph("3. Fees", st["h1"]),
            Paragraph(
                "3.1 Concession fees apply to holders of a valid Senior Citizen Card, recipients of "
                "Comprehensive Social Security Assistance (CSSA) and full-time students aged under 18.",
                st["cl"],
            ),
            Paragraph(
                "3.2 Fees are payable at the cashier before leaving the clinic. We accept cash, EPS, "
                "Visa and Mastercard; cheques are not accepted.",
                st["cl"],
            ),
            Paragraph(
                "3.3 Appointments cancelled less than 24 hours in advance, or not attended, incur the "
                "missed appointment charge shown in the schedule (code AD-03).",
                st["cl"],
            ),
            Paragraph("3.4 Schedule of fees", st["h2"]),
        ]
        rows2 = [["Code", "Service", "Standard Fee (HKD)", "Concession Fee (HKD)*", "Remarks"]]
        rows2 += [list(r) for r in CLINIC_FEES]
        s.append(_tbl(rows2, [17 * mm, 62 * mm, 24 * mm, 26 * mm, 45 * mm], st, zebra=True))
        s.append(
            Paragraph(
                "* Concession fees require proof of eligibility at every visit (see clause 3.1). "
                "All fees are in Hong Kong dollars and are not subject to any service charge.",
                st["small"],
            )
        )
        s += [
            Paragraph("4. Refunds and Records", st["h1"]),
            Paragraph(
                "4.1 Refunds for services paid but not received are processed within 21 days of a "
                "written request to the Clinic Manager.",
                st["cl"],
            ),
            Paragraph(
                "4.2 Medical records are kept for 7 years after the last attendance, or until the "
                "patient reaches 25 years of age, whichever is later.",
                st["cl"],
            ),
            Paragraph(
                "Clinic Manager: Ms Vivian Lo-Hendricks &middot; Enquiries: 2817 4406 &middot; "
                "Fax: 2817 4499 &middot; reception@hchc.example.org",
                st["body"],
            ),
        ]
        return s

    _pdf(
        path,
        story,
        font=LATIN,
        head_l="Harbourview Community Health Clinic - Opening Hours & Fee Schedule",
        head_r="Edition 2025/1",
        foot_l="HCHC/ADM/FS-2025-1",
        page_fmt="Page {n} of {t}",
        title="HCHC Opening Hours and Fee Schedule 2025",
    )
    return path


# ---------------------------------------------------------------------------
# 2. Records retention schedule (en PDF, two-row header with merged cells)
# ---------------------------------------------------------------------------

RETENTION: list[tuple[str, str, str, str, str, str]] = [
    (
        "A1",
        "Governance",
        "Council and Senate minutes",
        "End of academic year",
        "5 years",
        "Permanent",
    ),
    ("A2", "", "Committee papers (non-statutory)", "End of academic year", "3 years", "Destroy"),
    ("A3", "", "Policies and superseded versions", "Policy superseded", "10 years", "Permanent"),
    (
        "B1",
        "Students",
        "Application forms (unsuccessful)",
        "End of admission cycle",
        "1 year",
        "Destroy",
    ),
    ("B2", "", "Student file (core record)", "Student leaves", "6 years", "Review"),
    ("B3", "", "Examination scripts", "Results published", "1 year", "Destroy"),
    ("B4", "", "Appeals and complaints", "Case closed", "6 years", "Destroy"),
    ("B5", "", "Degree award register", "Award conferred", "Permanent", "Permanent"),
    ("C1", "Staff", "Personnel file", "Employment ends", "7 years", "Destroy"),
    ("C2", "", "Recruitment (unsuccessful candidates)", "Post filled", "6 months", "Destroy"),
    ("C3", "", "Payroll and tax records", "End of tax year", "7 years", "Destroy"),
    ("C4", "", "Occupational health records", "Employment ends", "40 years", "Destroy"),
    ("C5", "", "Disciplinary records (warnings)", "Warning expires", "1 year", "Destroy"),
    ("D1", "Finance", "Invoices and receipts", "End of financial year", "7 years", "Destroy"),
    ("D2", "", "Annual financial statements", "Approval by Council", "10 years", "Permanent"),
    ("D3", "", "Bank reconciliations", "End of financial year", "7 years", "Destroy"),
    ("E1", "Research", "Research grant files", "Grant closed", "10 years", "Review"),
    ("E2", "", "Ethics approval records", "Project completed", "10 years", "Review"),
    ("E3", "", "Clinical trial data", "Trial report published", "25 years", "Review"),
    ("F1", "Estates & IT", "CCTV recordings", "Date of recording", "31 days", "Overwrite"),
    ("F2", "", "Building access logs", "Date of entry", "12 months", "Destroy"),
    ("F3", "", "System backup tapes", "Date of backup", "90 days", "Overwrite"),
    ("F4", "", "Email of departed staff", "Account closed", "6 months", "Delete"),
    ("F5", "", "Health and safety incident reports", "Incident closed", "15 years", "Destroy"),
    ("G1", "Communications", "Press releases", "Date issued", "2 years", "Permanent"),
    ("G2", "", "Website content (archived snapshots)", "Page withdrawn", "3 years", "Review"),
]


def _retention(out: pathlib.Path) -> pathlib.Path:
    path = out / "fresh2-northgate-records-retention-en.pdf"
    st = _st(False)

    def story() -> list[Any]:
        s: list[Any] = [
            Paragraph("Northgate Polytechnic", st["title"]),
            Paragraph(
                "Records Retention and Disposal Schedule (RRDS) &middot; Version 3.2 &middot; "
                "Approved by the Information Governance Board on 14 May 2024 &middot; "
                "Effective 1 July 2024",
                st["sub"],
            ),
            Paragraph("1. Purpose and Scope", st["h1"]),
            Paragraph(
                "1.1 This Schedule sets the minimum periods for which Northgate Polytechnic records "
                "must be kept and the action to be taken when those periods end.",
                st["cl"],
            ),
            Paragraph(
                "1.2 It applies to records in any format, including paper, email, databases and "
                "cloud storage, held by every faculty, department and wholly owned subsidiary.",
                st["cl"],
            ),
            Paragraph("2. Roles", st["h1"]),
            Paragraph(
                "2.1 Each department appoints a Records Liaison Officer (RLO) who keeps the "
                "department's disposal log.",
                st["cl"],
            ),
            Paragraph(
                "2.2 The Records Manager maintains this Schedule and reviews it every two years.",
                st["cl"],
            ),
            Paragraph("3. Using the Schedule", st["h1"]),
            Paragraph(
                "3.1 The retention period starts from the trigger event shown for each record series, "
                "not from the date the record was created.",
                st["cl"],
            ),
            Paragraph("3.2 Periods in the table", st["h2"]),
            Paragraph(
                '3.2.1 "In office" is the period a record stays in the creating department.',
                st["cl2"],
            ),
            Paragraph(
                '3.2.2 "Total" is the full retention period, including time in the Records Centre, '
                "after which the disposal action applies.",
                st["cl2"],
            ),
            Paragraph("4. Retention Schedule", st["h1"]),
        ]
        hdr = [
            [
                "Ref.",
                "Function",
                "Record series",
                "Retention trigger",
                "Retention period",
                "",
                "Disposal action",
            ],
            ["", "", "", "", "In office", "Total", ""],
        ]
        body: list[list[str]] = []
        office = {
            "A1": "2 years",
            "A2": "1 year",
            "A3": "Until superseded",
            "B1": "1 year",
            "B2": "1 year",
            "B3": "6 months",
            "B4": "2 years",
            "B5": "5 years",
            "C1": "1 year",
            "C2": "6 months",
            "C3": "2 years",
            "C4": "1 year",
            "C5": "1 year",
            "D1": "2 years",
            "D2": "5 years",
            "D3": "2 years",
            "E1": "3 years",
            "E2": "3 years",
            "E3": "5 years",
            "F1": "31 days",
            "F2": "3 months",
            "F3": "90 days",
            "F4": "6 months",
            "F5": "3 years",
            "G1": "1 year",
            "G2": "1 year",
        }
        for ref, fn, series, trig, total, action in RETENTION:
            body.append([ref, fn, series, trig, office[ref], total, action])
        spans = [
            ((0, 0), (0, 1)),
            ((1, 0), (1, 1)),
            ((2, 0), (2, 1)),
            ((3, 0), (3, 1)),
            ((4, 0), (5, 0)),
            ((6, 0), (6, 1)),
        ]
        # merge the "Function" group cells
        r = 2
        i = 0
        while i < len(body):
            j = i + 1
            while j < len(body) and body[j][1] == "":
                j += 1
            if j - i > 1:
                spans.append(((1, r + i), (1, r + j - 1)))
            i = j
        s.append(
            _tbl(
                hdr + body,
                [12 * mm, 24 * mm, 50 * mm, 34 * mm, 22 * mm, 20 * mm, 22 * mm],
                st,
                hdr=2,
                spans=spans,
            )
        )
        s.append(
            Paragraph(
                "Disposal actions: Destroy = confidential shredding or secure deletion; Review = "
                "the Records Manager decides whether to keep, transfer to the Archive or destroy; "
                "Overwrite = automatic overwriting by the system.",
                st["small"],
            )
        )
        s += [
            Paragraph("5. Disposal", st["h1"]),
            Paragraph("5.1 Authorisation", st["h2"]),
            Paragraph(
                '5.1.1 Destruction of any record series marked "Review" requires written approval '
                "from the Records Manager.",
                st["cl2"],
            ),
            Paragraph(
                "5.1.2 Confidential paper waste is collected from departments every second Tuesday by "
                "the contracted shredding company and destroyed on site.",
                st["cl2"],
            ),
            Paragraph("5.2 Legal holds", st["h2"]),
            Paragraph(
                "5.2.1 When litigation, an audit or a data subject request is expected, the Legal "
                "Office issues a legal hold and all disposal of the affected records is suspended.",
                st["cl2"],
            ),
            Paragraph(
                "5.2.2 A legal hold stays in force until the Legal Office releases it in writing; the "
                "retention period then resumes.",
                st["cl2"],
            ),
            Paragraph("5.3 Disposal log", st["h2"]),
            Paragraph(
                "5.3.1 The RLO records every disposal in the disposal log within 5 working days, "
                "giving the reference, date range, quantity and method.",
                st["cl2"],
            ),
            Paragraph(
                "5.3.2 Disposal logs are themselves retained permanently.",
                st["cl2"],
            ),
            Paragraph(
                "Contact: Records Manager, Dr Ifeoma Castellanos, Library Building Room L2.14, "
                "ext. 6620, records@northgate-poly.example.ac",
                st["body"],
            ),
        ]
        return s

    _pdf(
        path,
        story,
        font=LATIN,
        head_l="Northgate Polytechnic - Records Retention and Disposal Schedule v3.2",
        head_r="UNCLASSIFIED",
        foot_l="Records Management Office",
        page_fmt="Page {n} of {t}",
        title="Northgate Polytechnic RRDS v3.2",
    )
    return path


# ---------------------------------------------------------------------------
# 3. Childcare subsidy rules (zh-Hant PDF, 第N條, merged header)
# ---------------------------------------------------------------------------


def _childcare(out: pathlib.Path) -> pathlib.Path:
    path = out / "fresh2-chenghu-childcare-subsidy-zh-hant.pdf"
    st = _st(True)

    def c(t: str) -> Paragraph:
        return Paragraph(t, st["cl"])

    def story() -> list[Any]:
        s: list[Any] = [
            Paragraph("澄湖市育兒托育費用補助辦法", st["title"]),
            Paragraph(
                "中華民國一一三年十一月八日澄湖市政府府社兒字第1130087421號令訂定發布　自一一四年一月一日施行",
                st["sub"],
            ),
            Paragraph("第一章　總則", st["h1"]),
            c("第一條　澄湖市政府（以下簡稱本府）為減輕家長育兒負擔，支持送托家庭，特訂定本辦法。"),
            c("第二條　本辦法之主管機關為本府社會局（以下簡稱社會局）。"),
            c(
                "第三條　本辦法所稱托育，指將幼兒送交經本府登記之居家托育人員（保母）或私立托嬰中心照顧，每月托育時數達一百二十小時以上者。"
            ),
            Paragraph("第二章　申請資格", st["h1"]),
            c(
                "第四條　申請人應符合下列各款資格：一、幼兒未滿三歲，且與申請人於本市設有戶籍；二、申請人為幼兒之父母或監護人；三、家庭綜合所得稅稅率未達百分之二十。"
            ),
            c("第五條　同一幼兒已領取其他政府機關相同性質之托育補助者，不得重複申請。"),
            Paragraph("第三章　補助標準", st["h1"]),
            c("第六條　補助金額依家庭類別及幼兒年齡，按月核發，標準如下表："),
        ]
        rows = [
            ["家庭類別", "補助金額（新臺幣元／月）", "", "加碼補助※"],
            ["", "未滿二歲", "二歲以上未滿三歲", ""],
            ["一般家庭", "5,000", "4,000", "—"],
            ["中低收入戶", "7,000", "6,000", "1,000"],
            ["低收入戶", "9,000", "8,000", "1,500"],
            ["身心障礙幼兒", "9,000", "9,000", "2,000"],
        ]
        s.append(
            _tbl(
                rows,
                [40 * mm, 38 * mm, 42 * mm, 36 * mm],
                st,
                hdr=2,
                spans=[((0, 0), (0, 1)), ((1, 0), (2, 0)), ((3, 0), (3, 1))],
            )
        )
        s.append(Paragraph("※ 加碼補助限第三名以上子女申請，與基本補助合併撥付。", st["small"]))
        s.append(
            Paragraph(
                "註：幼兒年齡以托育當月一日之實足年齡計算；未滿一個月托育者，依實際托育日數按比例核算。",
                st["small"],
            )
        )
        s += [
            c("第七條　托育人員收費超過本府公告之收費上限者，不予補助。"),
            Paragraph("第四章　申請程序", st["h1"]),
            c(
                "第八條　申請人應於幼兒開始托育之日起三十日內，檢附申請表、戶口名簿影本及托育契約影本，向幼兒戶籍所在地區公所提出申請。"
            ),
            c("第九條　逾期申請者，自受理申請之當月起核發補助，不予追溯。"),
            c(
                "第十條　區公所應於受理申請後十四日內完成初審，並送社會局複核。資料不全者，應通知申請人於七日內補正。"
            ),
            c(
                "第十一條　補助款於每月二十五日撥入申請人指定之金融機構帳戶；遇例假日順延至次一上班日。"
            ),
            Paragraph("第五章　變更、停止及追繳", st["h1"]),
            c(
                "第十二條　有下列情形之一者，申請人應於事實發生之日起十五日內通知區公所：一、更換托育人員或托嬰中心；二、幼兒戶籍遷出本市；三、停止托育。"
            ),
            c(
                "第十三條　溢領或不符資格領取之補助，本府應以書面通知限期繳回；申請人應於收受通知之日起三十日內繳回，屆期未繳回者，依法移送行政執行。"
            ),
            c("第十四條　本辦法自中華民國一一四年一月一日施行。"),
            PageBreak(),
            Paragraph("附表　各區公所受理窗口一覽表", st["h1"]),
            _tbl(
                [
                    ["區別", "受理單位", "地址", "電話", "夜間受理"],
                    [
                        "東湖區",
                        "東湖區公所社會課",
                        "東湖區中正路一段12號2樓",
                        "(05) 272-1101 分機 305",
                        "每週三至19:00",
                    ],
                    [
                        "西堤區",
                        "西堤區公所社會課",
                        "西堤區民權路88號1樓",
                        "(05) 236-4420 分機 21",
                        "無",
                    ],
                    [
                        "南岸區",
                        "南岸區公所社會課",
                        "南岸區光明街5號3樓",
                        "(05) 281-0736",
                        "每週四至19:00",
                    ],
                    [
                        "北港區",
                        "北港區公所社會暨人文課",
                        "北港區復興路二段201號",
                        "(05) 292-5512 分機 118",
                        "無",
                    ],
                    [
                        "湖心區",
                        "湖心區公所社會課",
                        "湖心區和平東路7號",
                        "(05) 265-3380",
                        "每週二至19:00",
                    ],
                ],
                [18 * mm, 40 * mm, 50 * mm, 38 * mm, 28 * mm],
                st,
            ),
            Paragraph("註：申請書表可至各區公所索取，或於澄湖市政府社會局網站下載。", st["small"]),
            Spacer(1, 6),
            Paragraph(
                "承辦單位：澄湖市政府社會局兒童及少年福利科　諮詢專線：(05) 272-6138　上班時間：週一至週五 8:30—17:30",
                st["body"],
            ),
        ]
        return s

    _pdf(
        path,
        story,
        font=CJK,
        head_l="澄湖市育兒托育費用補助辦法",
        head_r="澄湖市政府社會局",
        foot_l="本辦法全文另刊登於澄湖市政府公報",
        page_fmt="第 {n} 頁，共 {t} 頁",
        title="澄湖市育兒托育費用補助辦法",
    )
    return path


# ---------------------------------------------------------------------------
# 4. Museum opening hours & closure calendar (zh-Hant PDF, table across pages)
# ---------------------------------------------------------------------------

CLOSURES: list[tuple[str, str, str, str]] = [
    ("1月1日（三）", "元旦", "照常開放", "9:30—17:30"),
    ("1月27日（一）", "彈性放假（常態休館）", "休館", "—"),
    ("1月28日（二）", "農曆除夕", "縮短開放", "9:30—14:00"),
    ("1月29日（三）", "春節初一", "休館", "—"),
    ("1月30日（四）", "春節初二", "照常開放", "10:00—17:30"),
    ("1月31日（五）", "春節初三", "照常開放", "10:00—17:30"),
    ("2月28日（五）", "和平紀念日", "照常開放", "9:30—17:30"),
    ("3月3日（一）", "常態休館", "休館", "—"),
    ("3月10日—3月14日", "典藏庫房年度燻蒸", "全館休館", "—"),
    ("4月3日（四）", "兒童節補假", "照常開放", "9:30—17:30，兒童免費入館"),
    ("4月4日（五）", "兒童節、清明節", "照常開放", "9:30—17:30"),
    ("4月7日（一）", "常態休館", "休館", "—"),
    ("5月1日（四）", "勞動節", "照常開放", "9:30—17:30"),
    ("5月18日（日）", "國際博物館日", "延長開放", "9:30—21:00，免費入館"),
    ("5月31日（六）", "端午節", "照常開放", "9:30—20:00"),
    ("6月2日（一）", "常態休館", "休館", "—"),
    ("7月14日—7月18日", "第二展覽室換展", "部分休館", "其他展區照常開放"),
    ("8月8日（五）", "父親節", "照常開放", "9:30—17:30"),
    ("9月28日（日）", "教師節", "照常開放", "9:30—17:30，教師憑證免費"),
    ("9月29日（一）", "教師節補假", "照常開放", "9:30—17:30"),
    ("9月30日（二）", "補休館", "休館", "—"),
    ("10月6日（一）", "中秋節", "照常開放", "9:30—17:30"),
    ("10月7日（二）", "中秋節補休館", "休館", "—"),
    ("10月10日（五）", "國慶日", "照常開放", "9:30—17:30"),
    ("10月25日（六）", "臺灣光復節", "照常開放", "9:30—20:00"),
    ("11月3日—11月7日", "空調系統維護", "全館休館", "—"),
    ("12月25日（四）", "行憲紀念日", "照常開放", "9:30—17:30"),
    ("12月31日（三）", "年終盤點", "縮短開放", "9:30—15:00"),
]


def _museum(out: pathlib.Path) -> pathlib.Path:
    path = out / "fresh2-qinglan-museum-closures-zh-hant.pdf"
    st = _st(True)

    def story() -> list[Any]:
        s: list[Any] = [
            Paragraph("青嵐市立美術館　民國一一四年開放時間及休館日公告", st["title"]),
            Paragraph("公告日期：民國113年12月16日　　館務發文：青美展字第1130002214號", st["sub"]),
            Paragraph("壹、常態開放時間", st["h1"]),
            Paragraph("一、週二至週五：上午9時30分至下午5時30分。", st["cl"]),
            Paragraph("二、週六：上午9時30分至晚間8時，晚間6時後入館免費。", st["cl"]),
            Paragraph("三、週日：上午9時30分至下午5時30分。", st["cl"]),
            Paragraph(
                "四、每週一為常態休館日；週一如逢國定假日照常開放，並於次一日（週二）補休館。",
                st["cl"],
            ),
            Paragraph("五、最後入館時間為閉館前30分鐘；展廳於閉館前15分鐘開始清場。", st["cl"]),
            Paragraph("貳、票價", st["h1"]),
        ]
        rows = [
            ["票種", "票價（新臺幣元）", "適用對象"],
            ["全票", "150", "一般民眾"],
            ["優待票", "80", "學生、軍警、65歲以上長者"],
            ["團體票", "120", "20人以上團體（須於7日前預約）"],
            ["免費", "0", "未滿6歲兒童、身心障礙者及陪同者1人、本市市民每月第一個週日"],
        ]
        s.append(_tbl(rows, [30 * mm, 34 * mm, 100 * mm], st))
        s.append(Paragraph("註：特展票價另行公告，不適用上表。", st["small"]))
        s += [
            Paragraph("參、導覽服務", st["h1"]),
            Paragraph(
                "一、定時導覽每日10時30分及14時30分各一場，每場約50分鐘，免費參加，請於一樓服務台集合。",
                st["cl"],
            ),
            Paragraph("二、團體導覽須於參觀日14日前以線上表單預約，每團以30人為限。", st["cl"]),
            Paragraph("三、語音導覽機租借每台新臺幣50元，須抵押身分證件。", st["cl"]),
        ]
        s.append(Paragraph("肆、一一四年國定假日及特殊休館日一覽", st["h1"]))
        s.append(
            Paragraph(
                "下表未列之週一均為常態休館日。遇颱風等天然災害，依青嵐市政府停止上班公告辦理。",
                st["body"],
            )
        )
        rows2 = [["日期（星期）", "節日或事由", "開放狀態", "開放時間及備註"]]
        rows2 += [list(r) for r in CLOSURES]
        s.append(_tbl(rows2, [38 * mm, 40 * mm, 28 * mm, 60 * mm], st, zebra=True))
        s += [
            Paragraph("伍、其他", st["h1"]),
            Paragraph(
                "一、館內圖書室開放時間為週二至週六上午10時至下午5時，週日及休館日不開放。",
                st["cl"],
            ),
            Paragraph("二、寄物櫃使用須投幣新臺幣10元，取物後退還。", st["cl"]),
            Paragraph("服務台電話：(04) 2358-7760　　地址：青嵐市西屯區藝苑路66號", st["body"]),
        ]
        return s

    _pdf(
        path,
        story,
        font=CJK,
        head_l="青嵐市立美術館",
        head_r="民國一一四年開放時間及休館日公告",
        foot_l="青嵐市立美術館 展覽教育組 編",
        page_fmt="第 {n} 頁，共 {t} 頁",
        title="青嵐市立美術館一一四年休館日公告",
    )
    return path


# ---------------------------------------------------------------------------
# 5. Research grant budget rules (zh-Hans PDF, 3.4.2 clauses, two-column page)
# ---------------------------------------------------------------------------


def _grant(out: pathlib.Path) -> pathlib.Path:
    path = out / "fresh2-binjiang-grant-budget-zh-hans.pdf"
    st = _st(True)

    def c(t: str) -> Paragraph:
        return Paragraph(t, st["cl"])

    def c2(t: str) -> Paragraph:
        return Paragraph(t, st["cl2"])

    def story() -> list[Any]:
        s: list[Any] = [
            Paragraph("滨江大学纵向科研项目经费预算编制与管理细则", st["title"]),
            Paragraph(
                "滨大科字〔2024〕58号　　2024年10月9日校长办公会审议通过　　自2025年1月1日起施行",
                st["sub"],
            ),
            Paragraph("1　总则", st["h1"]),
            c(
                "1.1　为规范学校纵向科研项目经费管理，提高资金使用效益，根据国家有关规定，结合学校实际，制定本细则。"
            ),
            c(
                "1.2　本细则适用于学校作为承担单位的各级政府部门资助的纵向科研项目。横向项目另行规定。"
            ),
            c("1.3　项目负责人是经费使用的直接责任人，对经费使用的合规性、合理性和真实性负责。"),
            Paragraph("2　预算编制", st["h1"]),
            c("2.1　项目预算分为直接费用和间接费用。直接费用科目及编制要求见表1。"),
        ]
        rows = [
            ["预算科目", "开支范围", "编制要求", "调剂权限"],
            [
                "设备费",
                "购置或试制专用仪器设备，升级改造现有设备，租赁外单位设备",
                "单台（套）50万元以上须附询价单",
                "报科研院审批",
            ],
            [
                "业务费",
                "材料、测试化验加工、燃料动力、出版、文献、知识产权事务、会议、差旅、国际合作交流等",
                "不再细分二级科目",
                "项目负责人自行调剂",
            ],
            [
                "劳务费",
                "参与项目的研究生、博士后、访问学者及聘用研究人员的劳务性费用",
                "不设比例限制",
                "项目负责人自行调剂",
            ],
            [
                "专家咨询费",
                "支付临时聘请的咨询专家的费用",
                "高级职称每人每天1500元，其他职称每人每天900元",
                "项目负责人自行调剂",
            ],
        ]
        s.append(_tbl(rows, [24 * mm, 68 * mm, 48 * mm, 34 * mm], st))
        s.append(Paragraph("表1　直接费用科目及编制要求", st["small"]))
        s.append(Paragraph("注：专家咨询费不得支付给参与本项目研究及管理的相关人员。", st["small"]))
        s += [
            c("2.2　间接费用按直接费用扣除设备购置费后的一定比例核定，实行总额控制："),
            c2("2.2.1　500万元以下的部分，不超过30%；"),
            c2("2.2.2　超过500万元至1000万元的部分，不超过25%；"),
            c2("2.2.3　超过1000万元的部分，不超过20%。"),
            c("2.3　间接费用中绩效支出不设比例限制，由学校根据科研人员的实际贡献统筹安排。"),
            Paragraph("3　经费使用", st["h1"]),
            Paragraph("3.4　报销与支付", st["h2"]),
            c2("3.4.1　项目经费支出一律通过学校财务处结算，原则上实行公务卡结算。"),
            c2("3.4.2　单笔支出超过5万元的，须通过银行转账方式支付，不得使用现金。"),
            c2("3.4.3　报销单据须在业务发生后3个月内提交财务处，跨年度的须在次年1月15日前提交。"),
            c2("3.4.4　项目负责人可授权1至2名团队成员代为办理报销，授权书在科研院备案。"),
            Paragraph("3.5　结余经费", st["h2"]),
            c2(
                "3.5.1　项目通过综合绩效评价后，结余经费留归学校统筹用于科研活动的直接支出，使用期限为2年。"
            ),
            c2("3.5.2　2年后仍未使用完毕的，按规定收回。"),
            NextPageTemplate("two"),
            PageBreak(),
            Paragraph("附录A　常见问题解答", st["h1"]),
        ]
        faq = [
            (
                "问1：项目结题前最后一个月还能采购设备吗？",
                "答：原则上结题前3个月内不得购置设备，确因研究需要的，须经科研院审批。",
            ),
            (
                "问2：劳务费可以发给在职教师吗？",
                "答：不可以。劳务费不得支付给有工资性收入的本校在职人员。",
            ),
            (
                "问3：出版费能否在结题后支付？",
                "答：结题后发生的论文版面费，可在结题后6个月内从结余经费中列支。",
            ),
            (
                "问4：预算调剂需要什么手续？",
                "答：设备费调增须填写《预算调剂申请表》，经学院、科研院审批；其他科目由项目负责人在系统中自行调整。",
            ),
            (
                "问5：会议费有什么标准？",
                "答：校内举办会议按每人每天不超过550元执行，含住宿和伙食。",
            ),
            (
                "问6：外币支出如何报销？",
                "答：按实际支付日中国人民银行公布的汇率中间价折算，须附银行扣款单。",
            ),
            (
                "问7：发票遗失怎么办？",
                "答：取得开票单位加盖公章的发票记账联复印件，并附情况说明，经项目负责人签字后报销。",
            ),
            (
                "问8：项目负责人调离学校怎么办？",
                "答：须在调离前1个月内办理项目负责人变更或经费结算手续。",
            ),
            (
                "问9：能否购买办公用笔记本电脑？",
                "答：可列入设备费，单价不超过8000元，每个项目最多购置2台。",
            ),
            ("问10：经费卡号在哪里查询？", "答：登录财务处网上报销系统，在“我的项目”中查询。"),
        ]
        for q, a in faq:
            s.append(Paragraph(q, st["h2"]))
            s.append(Paragraph(a, st["body"]))
        s.append(Spacer(1, 6))
        s.append(
            Paragraph(
                "联系人：科研院项目管理办公室 庞海琳　电话：0571-8620 3317　邮箱：kyxm@bjdx.example.cn",
                st["body"],
            )
        )
        return s

    _pdf(
        path,
        story,
        font=CJK,
        head_l="滨江大学纵向科研项目经费预算编制与管理细则",
        head_r="滨大科字〔2024〕58号",
        foot_l="滨江大学科学研究院　财务处",
        page_fmt="第 {n} 页　共 {t} 页",
        title="滨江大学纵向科研项目经费管理细则",
    )
    return path


# ---------------------------------------------------------------------------
# DOCX helpers
# ---------------------------------------------------------------------------


def _docx_core(d: Any, title: str) -> None:
    cp = d.core_properties
    cp.title = title
    cp.author = "fresh2 generator"
    cp.last_modified_by = "fresh2 generator"
    cp.created = _dt.datetime(2025, 1, 1)
    cp.modified = _dt.datetime(2025, 1, 1)
    cp.revision = 1


def _docx_east_asia(d: Any, font: str) -> None:
    from docx.oxml.ns import qn  # type: ignore[import-untyped, unused-ignore]

    for name in ("Normal", "Heading 1", "Heading 2", "Title"):
        rpr = d.styles[name].element.get_or_add_rPr()
        f = rpr.find(qn("w:rFonts"))
        if f is None:
            f = rpr.makeelement(qn("w:rFonts"), {})
            rpr.append(f)
        f.set(qn("w:eastAsia"), font)


def _docx_table(d: Any, rows: list[list[str]]) -> Any:
    t = d.add_table(rows=len(rows), cols=len(rows[0]))
    t.style = "Table Grid"
    for i, row in enumerate(rows):
        for j, v in enumerate(row):
            cell = t.cell(i, j)
            cell.text = v
            if i == 0:
                for r in cell.paragraphs[0].runs:
                    r.bold = True
    return t


def _sup(p: Any, text: str) -> None:
    r = p.add_run(text)
    r.font.superscript = True


# ---------------------------------------------------------------------------
# 6. Fleet vehicle use policy (en DOCX)
# ---------------------------------------------------------------------------


def _fleet(out: pathlib.Path) -> pathlib.Path:
    import docx  # type: ignore[import-untyped, unused-ignore]

    path = out / "fresh2-eastmoor-fleet-vehicles-en.docx"
    d = docx.Document()
    _docx_core(d, "Eastmoor County Council Fleet Vehicle Use Policy")
    hp = d.sections[0].header.paragraphs[0]
    hp.text = "Eastmoor County Council | Fleet Vehicle Use Policy | FM-POL-07 rev. 4"
    fp = d.sections[0].footer.paragraphs[0]
    fp.text = "Owner: Fleet Management Unit, Depot Services Directorate"

    d.add_heading("Fleet Vehicle Use Policy", 0)
    d.add_paragraph(
        "Document FM-POL-07, revision 4. Effective from 3 February 2025. Review due February 2027."
    )
    d.add_heading("1. Who may drive a pool vehicle", 1)
    d.add_paragraph(
        "1.1 Pool vehicles may be driven only by Council employees who have held a full driving "
        "licence for at least 2 years and who have passed the Council's online driver assessment."
    )
    p = d.add_paragraph(
        "1.2 Drivers must re-take the driver assessment every 3 years and must declare any penalty "
        "points within 7 days of receiving them"
    )
    _sup(p, "1")
    p.add_run(".")
    d.add_paragraph(
        "1.3 Agency workers and contractors may not drive pool vehicles unless their manager has "
        "obtained a temporary authorisation from the Fleet Manager."
    )
    d.add_heading("2. Booking", 1)
    d.add_paragraph(
        "2.1 Vehicles are booked through the FleetDesk system. The table below lists each vehicle "
        "pool, the minimum booking notice and where the keys are collected."
    )
    _docx_table(
        d,
        [
            [
                "Pool",
                "Vehicle type",
                "Seats",
                "Minimum notice",
                "Key collection point",
                "Max. booking",
            ],
            [
                "P1",
                "Small hatchback (electric)",
                "4",
                "1 working day",
                "Civic Centre reception",
                "3 days",
            ],
            ["P2", "Estate car (hybrid)", "5", "1 working day", "Civic Centre reception", "5 days"],
            ["P3", "9-seat minibus", "9", "5 working days", "Harwick Road Depot", "2 days"],
            ["P4", "Panel van (3.5 t)", "3", "2 working days", "Harwick Road Depot", "5 days"],
            ["P5", "4x4 pickup", "5", "3 working days", "Bramley Yard gatehouse", "7 days"],
            [
                "P6",
                "Wheelchair-accessible van",
                "6 + 1 wheelchair",
                "3 working days",
                "Harwick Road Depot",
                "2 days",
            ],
        ],
    )
    p = d.add_paragraph("Minibus (P3) drivers must also hold a MiDAS certificate")
    _sup(p, "2")
    p.add_run(". Bookings longer than the maximum need written approval from the Fleet Manager.")
    d.add_heading("3. Using the vehicle", 1)
    d.add_paragraph(
        "3.1 Before each journey the driver completes the walk-round check on the FleetDesk app; "
        "defects must be reported before the vehicle is driven."
    )
    d.add_paragraph(
        "3.2 Drivers should take a break of at least 15 minutes after every 2 hours of continuous driving."
    )
    d.add_paragraph(
        "3.3 Smoking and vaping are prohibited in all Council vehicles at all times. Pets are not "
        "allowed except assistance dogs."
    )
    d.add_paragraph(
        "3.4 Fuel must be bought with the vehicle's fuel card only. Electric vehicles are charged at "
        "the Civic Centre car park or at public chargers using the Council's ChargePass account."
    )
    d.add_heading("4. Returning the vehicle", 1)
    d.add_paragraph(
        "4.1 Return the vehicle with at least a quarter of a tank of fuel, or at least 30% battery "
        "charge for electric vehicles."
    )
    d.add_paragraph(
        "4.2 Keys must be returned to the key collection point by 18:00 on the last day of the "
        "booking; out-of-hours returns use the key safe at Harwick Road Depot."
    )
    d.add_paragraph(
        "4.3 A cleaning charge of £45 is recharged to the driver's service when a vehicle is returned "
        "in an unacceptable condition."
    )
    d.add_heading("5. Accidents, fines and damage", 1)
    d.add_paragraph(
        "5.1 Any accident, however minor, must be reported to the Fleet Management Unit within 24 hours "
        "using form FM-12, and to the police where required by law."
    )
    d.add_paragraph(
        "5.2 Parking and speeding fines incurred while using a pool vehicle are the personal "
        "responsibility of the driver and will not be paid by the Council."
    )
    d.add_paragraph(
        "5.3 The insurance excess for damage caused by driver negligence is £250 per incident and may "
        "be recharged to the driver's service."
    )
    d.add_heading("Notes", 2)
    d.add_paragraph("1 Declarations are made to the Fleet Manager using form FM-03.")
    d.add_paragraph(
        "2 MiDAS: Minibus Driver Awareness Scheme; the Council funds the course for approved drivers."
    )
    d.add_paragraph(
        "Fleet Management Unit, Harwick Road Depot, Eastmoor EM4 7QT. Tel. 01632 960 418. "
        "fleet@eastmoor.example.gov"
    )
    d.save(str(path))
    _fix_zip(path)
    return path


# ---------------------------------------------------------------------------
# 7. Print & copy centre prices (zh-Hans DOCX)
# ---------------------------------------------------------------------------


def _print(out: pathlib.Path) -> pathlib.Path:
    import docx  # type: ignore[import-untyped, unused-ignore]

    path = out / "fresh2-yunling-print-centre-zh-hans.docx"
    d = docx.Document()
    _docx_east_asia(d, "WenQuanYi Micro Hei")
    _docx_core(d, "云岭师范学院文印中心服务收费标准")
    d.sections[0].header.paragraphs[
        0
    ].text = "云岭师范学院后勤服务中心　文印中心服务收费标准（2025版）"
    d.sections[0].footer.paragraphs[0].text = "价格投诉电话：0871-6593 2208"

    d.add_heading("云岭师范学院文印中心服务收费标准", 0)
    d.add_paragraph("云师后〔2025〕6号　　自2025年2月17日起执行")
    d.add_heading("一、营业时间与地点", 1)
    d.add_paragraph(
        "文印中心设在学生活动中心一楼（东门旁），营业时间为周一至周五8:00—21:30，周六、周日9:00—17:00；"
        "寒暑假期间仅周一至周五9:00—16:00营业。"
    )
    d.add_paragraph(
        "自助打印机分布在图书馆二楼、各教学楼一楼大厅，24小时可用，支持校园卡和微信支付。"
    )
    d.add_heading("二、收费标准", 1)
    _docx_table(
        d,
        [
            ["类别", "项目", "规格", "单位", "校内价（元）", "校外价（元）"],
            ["打印", "黑白打印", "A4 单面", "张", "0.20", "0.50"],
            ["", "黑白打印", "A4 双面", "张", "0.30", "0.80"],
            ["", "彩色打印", "A4 单面", "张", "1.00", "2.00"],
            ["", "彩色打印", "A3 单面", "张", "2.00", "4.00"],
            ["复印", "黑白复印", "A4", "张", "0.15", "0.40"],
            ["", "黑白复印", "A3", "张", "0.30", "0.80"],
            ["扫描", "扫描成PDF", "A4", "页", "0.10", "0.50"],
            ["装订", "胶装", "100页以内", "本", "5.00", "8.00"],
            ["", "铁圈装订", "—", "本", "3.00", "5.00"],
            ["", "骑马钉", "—", "本", "1.00", "2.00"],
            ["大幅面", "海报打印（铜版纸）", "A1", "张", "25.00", "40.00"],
            ["", "工程图打印", "A0 黑白", "张", "8.00", "15.00"],
            ["其他", "塑封", "A4", "张", "1.50", "3.00"],
            ["", "毕业论文印装", "软皮封面", "本", "12.00", "—"],
        ],
    )
    p = d.add_paragraph("注：①校内价凭校园卡享受")
    _sup(p, "[1]")
    p.add_run("；②单笔打印复印超过500张的，可享受九折优惠；③以上价格均含税。")
    d.add_heading("三、服务规定", 1)
    d.add_paragraph("1. 毕业论文印装须提前1个工作日预约，旺季（每年5月）须提前3个工作日预约。")
    p = d.add_paragraph("2. 学院公务文印实行记账结算，每月10日前由各学院办公室核对上月账单")
    _sup(p, "[2]")
    p.add_run("。")
    d.add_paragraph("3. 顾客遗留在文印中心的原件和资料，保管期限为30天，逾期不再保留。")
    d.add_paragraph("4. 涉密文件一律不得在文印中心或自助打印机打印、复印。")
    d.add_heading("脚注", 2)
    d.add_paragraph("[1] 教职工及在校学生均可使用校园卡；离校毕业生的校园卡自动失效。")
    d.add_paragraph("[2] 记账结算须使用“公务文印记账单”，由经办人和部门负责人签字。")
    d.add_paragraph("联系人：文印中心主管 杜晓梅　电话：0871-6593 2216")
    d.save(str(path))
    _fix_zip(path)
    return path


# ---------------------------------------------------------------------------
# 8. Conference registration fees (en XLSX, two sheets)
# ---------------------------------------------------------------------------


def _conference(out: pathlib.Path) -> pathlib.Path:
    from openpyxl import Workbook  # type: ignore[import-untyped, unused-ignore]
    from openpyxl.styles import Alignment, Font  # type: ignore[import-untyped, unused-ignore]

    path = out / "fresh2-prces2025-registration-en.xlsx"
    wb = Workbook()
    ws = wb.active
    ws.title = "Registration Fees"
    ws["A1"] = (
        "PRCES 2025 - 11th Pacific Rim Coastal Engineering Symposium, Lantau Bay Convention Hall, 17-20 November 2025"
    )
    ws["A1"].font = Font(bold=True, size=13)
    ws["A2"] = "Registration fee schedule. All fees in Hong Kong dollars (HKD)."
    hdr = [
        "Category",
        "Early Bird Fee (HKD)\n(by 31 Jul 2025)",
        "Standard Fee (HKD)\n(1 Aug - 15 Oct 2025)",
        "Late / On-site Fee (HKD)",
        "Gala Dinner",
        "Proceedings (USB)",
        "Days covered",
    ]
    ws.append([])
    ws.append(hdr)
    data = [
        ["Full delegate (IACE member)", 4200, 4800, 5600, "Included", "Included", "4"],
        ["Full delegate (non-member)", 5100, 5700, 6500, "Included", "Included", "4"],
        ["Student (full-time)*", 1800, 2100, 2600, "Not included", "Included", "4"],
        ["Retired / emeritus", 2000, 2300, 2800, "Included", "Included", "4"],
        ["One-day delegate", 1600, 1800, 2100, "Not included", "Not included", "1"],
        ["Accompanying person", 1200, 1200, 1400, "Included", "Not included", "4"],
        ["Exhibitor staff (extra badge)", 900, 900, 1100, "Not included", "Not included", "4"],
    ]
    for r in data:
        ws.append(r)
    ws.append([])
    ws.append(
        ["* Students must upload a letter from their institution dated within the last 6 months."]
    )
    ws.append(["Gala Dinner tickets for categories that do not include it: HKD 780 each."])
    ws.append(
        [
            "Cancellation before 30 Sep 2025: full refund less HKD 500 admin fee; after that date no refund, but substitution is allowed."
        ]
    )
    ws.append(["Registration desk: registration@prces2025.example.org | +852 3155 0827"])
    for cell in ws[4]:
        cell.font = Font(bold=True)
        cell.alignment = Alignment(wrap_text=True, vertical="top")
    for col, w in zip("ABCDEFG", [32, 20, 22, 20, 14, 16, 12], strict=True):
        ws.column_dimensions[col].width = w

    ws2 = wb.create_sheet("Workshops & Tours")
    ws2.append(["Pre- and post-symposium workshops and technical tours"])
    ws2["A1"].font = Font(bold=True)
    ws2.append(["Code", "Title", "Date", "Time", "Fee (HKD)", "Capacity", "Venue / meeting point"])
    for r in [
        [
            "W1",
            "Numerical Wave Modelling with SWASH",
            "17 Nov 2025",
            "09:00-17:00",
            1500,
            40,
            "Room 2A",
        ],
        ["W2", "Nature-based Shoreline Design", "17 Nov 2025", "09:00-12:30", 850, 60, "Room 2B"],
        ["W3", "Coastal Drone Survey Basics", "17 Nov 2025", "14:00-17:30", 950, 25, "Room 2C"],
        ["W4", "Port Resilience Planning", "20 Nov 2025", "14:00-17:30", 850, 50, "Room 3A"],
        [
            "T1",
            "Technical tour: Tung Wan Breakwater",
            "20 Nov 2025",
            "13:30-18:00",
            620,
            45,
            "Hall foyer, Gate 2",
        ],
        [
            "T2",
            "Technical tour: Sai Kok Reclamation Site",
            "21 Nov 2025",
            "08:30-13:00",
            680,
            40,
            "Hall foyer, Gate 2",
        ],
    ]:
        ws2.append(r)
    ws2.append([])
    ws2.append(
        [
            "Workshop fees include lunch or refreshments; tours include coach transfer and safety gear."
        ]
    )
    for cell in ws2[2]:
        cell.font = Font(bold=True)
    for col, w in zip("ABCDEFG", [8, 40, 14, 14, 12, 10, 22], strict=True):
        ws2.column_dimensions[col].width = w
    wb.properties.creator = "fresh2 generator"
    wb.properties.created = _dt.datetime(2025, 1, 1)
    wb.properties.modified = _dt.datetime(2025, 1, 1)
    wb.save(str(path))
    _fix_zip(path)
    return path


# ---------------------------------------------------------------------------
# 9. Gym membership (zh-Hant PPTX)
# ---------------------------------------------------------------------------


def _gym(out: pathlib.Path) -> pathlib.Path:
    from pptx import Presentation  # type: ignore[import-untyped, unused-ignore]
    from pptx.util import Inches, Pt  # type: ignore[import-untyped, unused-ignore]

    path = out / "fresh2-songtao-gym-membership-zh-hant.pptx"
    prs = Presentation()
    prs.core_properties.author = "fresh2 generator"
    prs.core_properties.created = _dt.datetime(2025, 1, 1)
    prs.core_properties.modified = _dt.datetime(2025, 1, 1)
    prs.core_properties.last_modified_by = "fresh2 generator"
    prs.core_properties.revision = 1

    s = prs.slides.add_slide(prs.slide_layouts[0])
    s.shapes.title.text = "松濤運動中心 2025年會員方案說明"
    s.placeholders[
        1
    ].text = "松濤運動中心（委託經營：健禾運動事業股份有限公司）\n民國114年3月1日起適用"

    def bullets(title: str, items: list[str]) -> None:
        sl = prs.slides.add_slide(prs.slide_layouts[1])
        sl.shapes.title.text = title
        tf = sl.placeholders[1].text_frame
        tf.text = items[0]
        for it in items[1:]:
            tf.add_paragraph().text = it

    bullets(
        "入會須知",
        [
            "年滿16歲即可加入會員；未滿18歲須由法定代理人簽署同意書",
            "入會須繳交一次性入會費新臺幣1,200元（學生方案免收）",
            "首次入場前須完成20分鐘器材安全說明，由教練現場安排",
            "會員證遺失補發，每次酌收新臺幣200元",
        ],
    )
    sl = prs.slides.add_slide(prs.slide_layouts[5])
    sl.shapes.title.text = "會員方案與費用"
    rows = [
        ["方案", "月費（元）", "年繳（元）", "可使用時段", "附加權益"],
        ["全時段會員", "1,680", "17,800", "全日 6:00—23:00", "每月團體課程 8 堂"],
        ["離峰會員", "1,180", "12,500", "平日 9:00—16:00", "每月團體課程 4 堂"],
        ["學生會員", "880", "9,200", "全日 6:00—23:00", "須出示有效學生證"],
        ["樂齡會員（65歲以上）", "780", "8,000", "平日 6:00—17:00", "免費體適能檢測每年 2 次"],
        ["親子雙人方案", "2,280", "24,000", "週末 8:00—20:00", "限一位成人及一位 12 歲以下兒童"],
    ]
    shape = sl.shapes.add_table(
        len(rows), len(rows[0]), Inches(0.3), Inches(1.5), Inches(9.4), Inches(3.6)
    )
    tbl = shape.table
    for i, row in enumerate(rows):
        for j, v in enumerate(row):
            cell = tbl.cell(i, j)
            cell.text = v
            for para in cell.text_frame.paragraphs:
                for run in para.runs:
                    run.font.size = Pt(13)
    tb = sl.shapes.add_textbox(Inches(0.3), Inches(5.3), Inches(9.4), Inches(0.8))
    tb.text_frame.text = "註：年繳方案一次付清享贈1個月；費用皆含營業稅。"

    bullets(
        "暫停與退會",
        [
            "因出國、懷孕或傷病，每年可申請暫停會籍1次，最長90天，須檢附證明",
            "月繳會員退會須於前一個月的15日前提出申請",
            "年繳會員中途退會，按已使用月數以月費原價計算後退還餘額，另收手續費新臺幣500元",
        ],
    )
    bullets(
        "場館資訊",
        [
            "地址：松濤區海濱路三段128號 B1–3F",
            "游泳池每週二 6:00—10:00 清潔維護暫停開放",
            "停車：會員憑證每次入場可折抵汽車停車費2小時",
            "客服專線：(02) 2796-1185　LINE官方帳號：@songtaogym",
        ],
    )
    prs.save(str(path))
    _fix_zip(path)
    return path


# ---------------------------------------------------------------------------
# 10. Waste collection schedule (zh-Hans ODS)
# ---------------------------------------------------------------------------


def _recycling(out: pathlib.Path) -> pathlib.Path:
    import odfdo  # type: ignore[import-untyped, unused-ignore]

    path = out / "fresh2-qingtong-waste-collection-zh-hans.ods"
    doc = odfdo.Document("spreadsheet")
    body = doc.body
    body.clear()

    t1 = odfdo.Table("收运时间表")
    sheet1 = [
        ["青桐街道生活垃圾分类定时定点收运时间表（2025年3月起执行）", "", "", "", "", ""],
        [
            "小区名称",
            "投放点位",
            "厨余垃圾收运时间",
            "可回收物收运日",
            "有害垃圾收运日",
            "其他垃圾收运时间",
        ],
        ["梧桐苑", "3号楼北侧", "每日 7:30、19:30", "周二、周五", "每月第一个周六", "每日 8:00"],
        [
            "青桐新村一期",
            "东门垃圾房",
            "每日 7:00、19:00",
            "周一、周四",
            "每月第一个周六",
            "每日 7:30",
        ],
        [
            "青桐新村二期",
            "12号楼西侧",
            "每日 7:00、19:00",
            "周一、周四",
            "每月第一个周六",
            "每日 7:30",
        ],
        [
            "锦绣华庭",
            "地下车库B1入口",
            "每日 8:00、20:00",
            "周三、周六",
            "每月第三个周六",
            "每日 9:00",
        ],
        ["滨河嘉园", "南门岗亭旁", "每日 7:30、19:30", "周二、周五", "每月第三个周六", "每日 8:30"],
        [
            "桐荫里（老旧小区）",
            "沿街收集点",
            "每日 6:30、18:30",
            "周三",
            "每月第三个周六",
            "每日 7:00、17:00",
        ],
        [
            "街道办事处机关大院",
            "后院",
            "工作日 11:30",
            "周五",
            "每季度末月最后一周",
            "工作日 16:00",
        ],
        ["", "", "", "", "", ""],
        [
            "注：1. 厨余垃圾须沥干水分、去除包装后投放；2. 遇法定节假日收运时间不变。",
            "",
            "",
            "",
            "",
            "",
        ],
    ]
    for r in sheet1:
        row = odfdo.Row()
        row.set_values(r)
        t1.append(row)
    body.append(t1)

    t2 = odfdo.Table("大件及装修垃圾")
    sheet2 = [
        ["项目", "收费标准", "预约方式", "说明"],
        ["大件家具（沙发、床垫等）", "免费", "提前2天拨打 0512-6723 9150", "每户每月限2件"],
        ["废旧家电", "免费", "“青桐回收”小程序预约", "可按重量兑换积分"],
        ["装修垃圾（袋装）", "每袋3元", "物业服务中心登记", "须使用统一编织袋，每袋不超过25公斤"],
        ["装修垃圾（散装清运）", "每车400元", "物业服务中心登记", "每车约3立方米"],
        ["园林绿化垃圾", "免费", "提前1天电话预约", "树枝须截成1米以内"],
        ["", "", "", ""],
        [
            "违规投放的，由城市管理部门依照《苏江省生活垃圾管理条例》处以50元以上200元以下罚款。",
            "",
            "",
            "",
        ],
        ["青桐街道城市管理办公室　监督电话：0512-6723 9100", "", "", ""],
    ]
    for r in sheet2:
        row = odfdo.Row()
        row.set_values(r)
        t2.append(row)
    body.append(t2)
    doc.save(str(path))
    _fix_zip(path)
    return path


# ---------------------------------------------------------------------------
# 11. Tuition fee schedule (zh-Hans HTML)
# ---------------------------------------------------------------------------

TUITION_HTML = """<!DOCTYPE html>
<html lang="zh-CN">
<head>
<meta charset="utf-8">
<title>江澜职业技术学院2025—2026学年学费标准</title>
<style>
body {{ font-family: sans-serif; max-width: 960px; margin: auto; }}
table {{ border-collapse: collapse; }}
th, td {{ border: 1px solid #999; padding: 4px 8px; }}
nav, footer {{ color: #666; font-size: 0.9em; }}
</style>
</head>
<body>
<nav>首页 &gt; 信息公开 &gt; 收费公示</nav>
<header>
<h1>江澜职业技术学院2025—2026学年学费标准公示</h1>
<p class="meta">发布单位：计划财务处　发布日期：2025年6月20日　浏览次数：3582</p>
</header>
<main>
<p>根据省发展改革委、省财政厅、省教育厅《关于高等职业学校学费标准的通知》（江发改收费〔2023〕412号），现将我院2025—2026学年学费标准公示如下：</p>
<h2>一、全日制高职（专科）学费标准</h2>
<table>
<thead>
<tr><th rowspan="2">专业大类</th><th rowspan="2">代表专业</th><th rowspan="2">学制</th><th colspan="2">学费（元/学年）</th></tr>
<tr><th>普通班</th><th>中外合作办学班</th></tr>
</thead>
<tbody>
{rows}
</tbody>
</table>
<p class="note">注：中外合作办学班学费经省物价部门专项核准；“—”表示该专业未开设中外合作办学班。</p>
<h2>二、其他收费</h2>
<ul>
<li>教材费按实际发生代收代付，每学年预收800元，学年末多退少补。</li>
<li>重修费按每学分60元收取。</li>
<li>转专业学生自转入学年起按新专业标准收费。</li>
</ul>
<h2>三、缴费办法</h2>
<p>新生应于报到前通过“江澜财务”微信公众号或建设银行“缴费通”缴纳第一学年学费；老生应于每学年开学后3周内缴清当年学费。</p>
<p>家庭经济困难学生可通过“绿色通道”先办理入学手续，再申请生源地信用助学贷款，贷款每生每年最高不超过20000元。</p>
<h2>四、退费规定</h2>
<p>学生因退学、转学等原因提前离校的，开学后2周内离校的退还当学年学费的80%；开学2周后至学期中离校的，按实际学习时间以月为单位计算，收取学费后退还剩余部分。</p>
</main>
<footer>
<p>计划财务处收费管理科　咨询电话：0516-8337 2604　监督举报电话：0516-8337 2699</p>
<p>版权所有 © 江澜职业技术学院</p>
</footer>
</body>
</html>
"""

TUITION_ROWS: list[tuple[str, str, str, str, str]] = [
    ("装备制造大类", "机电一体化技术", "3年", "6000", "16000"),
    ("电子与信息大类", "计算机网络技术", "3年", "6000", "16000"),
    ("电子与信息大类", "动漫制作技术", "3年", "7500", "—"),
    ("医药卫生大类", "护理", "3年", "6800", "—"),
    ("财经商贸大类", "大数据与会计", "3年", "5400", "15000"),
    ("旅游大类", "酒店管理与数字化运营", "3年", "5400", "—"),
    ("文化艺术大类", "音乐表演", "3年", "9800", "—"),
    ("交通运输大类", "城市轨道交通运营管理", "3年", "6000", "—"),
    ("教育与体育大类", "学前教育", "3年", "5000", "—"),
]


def _tuition(out: pathlib.Path) -> pathlib.Path:
    path = out / "fresh2-jianglan-tuition-zh-hans.html"
    rows = "\n".join(
        f"<tr><td>{a}</td><td>{b}</td><td>{c}</td><td>{d}</td><td>{e}</td></tr>"
        for a, b, c, d, e in TUITION_ROWS
    )
    path.write_text(TUITION_HTML.format(rows=rows), encoding="utf-8")
    return path


# ---------------------------------------------------------------------------
# 12. Mail room guide (zh-Hant Markdown)
# ---------------------------------------------------------------------------

MAILROOM_MD = """# 恆川科技大學郵務中心收發作業須知

> 總務處文書組　民國114年2月修訂｜地點：行政大樓B1（近停車場電梯）

## 一、服務時間

| 業務 | 週一至週五 | 週六 | 備註 |
|---|---|---|---|
| 公文收發 | 8:30–17:00 | 不收發 | 校內公文每日 10:00、15:00 兩次遞送 |
| 包裹領取 | 8:30–19:30 | 9:00–12:00 | 寒暑假週六不開放 |
| 掛號信件領取 | 8:30–17:00 | 9:00–12:00 | 須出示學生證或教職員證 |
| 對外寄件 | 8:30–16:00 | 不受理 | 郵局每日 16:30 收件 |

國定假日及學校行政休假日全天暫停服務。

## 二、包裹及掛號信件

1. 包裹到達後，系統以簡訊及學校信箱通知收件人，請攜帶證件於**保管期限 7 日**內領取。
2. 逾期未領之包裹，第 8 日起退回寄件人；生鮮冷藏包裹僅保管 2 日。
3. 代領他人包裹，須出示收件人證件影本及代領人證件。
4. 單件重量超過 20 公斤之包裹，郵務中心不代收，請收件人與物流業者另約時間交貨。

## 三、公務寄件

- 各單位公務郵件須填寫「公務郵件登記單」，並於當日 16:00 前送達郵務中心。
- 郵資由各單位業務費支應，每月 5 日前寄發上月郵資明細。
- 國際快捷郵件須提前 1 個工作天送件，並附英文地址。

## 四、學生個人寄件收費（代售郵資）

| 項目 | 費用（新臺幣元） |
|---|---|
| 國內平信（20公克以內） | 8 |
| 國內掛號（20公克以內） | 36 |
| 國內限時掛號 | 43 |
| 便利箱（中型） | 65 |

*以上價格依中華郵政公告調整，郵務中心不另收手續費。*

---

郵務中心承辦人：林欣妤　分機 2231　電子郵件：mail@hcust.example.edu.tw
"""


def _mailroom(out: pathlib.Path) -> pathlib.Path:
    path = out / "fresh2-hengchuan-mailroom-zh-hant.md"
    path.write_text(MAILROOM_MD, encoding="utf-8")
    return path


# ---------------------------------------------------------------------------


def build(out_dir: pathlib.Path) -> list[pathlib.Path]:
    out_dir = pathlib.Path(out_dir)
    out_dir.mkdir(parents=True, exist_ok=True)
    _fonts()
    makers = [
        _clinic,
        _retention,
        _childcare,
        _museum,
        _grant,
        _fleet,
        _print,
        _conference,
        _gym,
        _recycling,
        _tuition,
        _mailroom,
    ]
    return [m(out_dir) for m in makers]


if __name__ == "__main__":
    if len(sys.argv) != 2:
        print("usage: make_fresh2.py OUT_DIR", file=sys.stderr)
        sys.exit(2)
    for p in build(pathlib.Path(sys.argv[1])):
        print(p)
