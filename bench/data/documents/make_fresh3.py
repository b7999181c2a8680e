"""Generate the "fresh3" benchmark document set.

Every organisation, person, telephone number, e-mail address, street address,
price and rule in these documents is invented for testing a document
question-answering system; none of it describes a real institution.

Deterministic output: no randomness, no current time, fixed timestamps in ZIP
containers, reportlab invariant mode for PDFs.

Usage:
    python make_fresh3.py OUT_DIR
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
CJK = "WQYMicroHei"
LATIN = "Helvetica"
LATIN_B = "Helvetica-Bold"
ZIP_TIME = (2025, 1, 1, 0, 0, 0)
_ISO_RE = re.compile(rb"\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:Z|[+-]\d{2}:\d{2})?")


def _fonts() -> None:
    if CJK not in pdfmetrics.getRegisteredFontNames():
        pdfmetrics.registerFont(TTFont(CJK, CJK_FONT_PATH, subfontIndex=0))


def _fix_zip(path: pathlib.Path, first: str | None = None) -> None:
    """Rewrite a ZIP container with fixed timestamps and fixed metadata dates."""
    with zipfile.ZipFile(path) as src:
        members = [(i, src.read(i.filename)) for i in src.infolist()]
    if first is not None:
        members.sort(key=lambda m: m[0].filename != first)
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as dst:
        for info, data in members:
            if info.filename.endswith((".xml", ".rels")):
                data = _ISO_RE.sub(b"2025-01-01T00:00:00Z", data)
            zi = zipfile.ZipInfo(info.filename, date_time=ZIP_TIME)
            zi.compress_type = (
                zipfile.ZIP_STORED if info.filename == "mimetype" else zipfile.ZIP_DEFLATED
            )
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
        "title": ps("title", b, 16, 22, alignment=1, spaceAfter=4),
        "sub": ps("sub", f, 9, 12.5, alignment=1, spaceAfter=10),
        "h1": ps("h1", b, 12, 16, spaceBefore=9, spaceAfter=4, keepWithNext=1),
        "h2": ps("h2", b, 10.5, 14, spaceBefore=6, spaceAfter=3, keepWithNext=1),
        "h2n": ps("h2n", b, 10.5, 14, spaceBefore=6, spaceAfter=3),
        "body": ps("body", f, 9.8, 14.2, spaceAfter=4),
        "just": ps("just", f, 9.4, 13.4, spaceAfter=5, alignment=4 if not cjk else 0),
        "cl": ps("cl", f, 9.8, 14.2, spaceAfter=4, leftIndent=24, firstLineIndent=-24),
        "cl2": ps("cl2", f, 9.8, 14.2, spaceAfter=3, leftIndent=44, firstLineIndent=-30),
        "small": ps("small", f, 8, 10.8, spaceAfter=2),
        "cell": ps("cell", f, 8.6, 11),
        "cellh": ps("cellh", b, 8.6, 11, alignment=1),
        "lab": ps("lab", b, 10, 15),
        "val": ps("val", f, 10, 15),
    }


def _tbl(
    rows: list[list[str]],
    widths: list[float],
    st: dict[str, ParagraphStyle],
    *,
    hdr: int = 1,
    spans: list[tuple[tuple[int, int], tuple[int, int]]] | None = None,
    repeat: bool = True,
    shade: str = "#DCE6F0",
) -> Table:
    data = []
    for r, row in enumerate(rows):
        sty = st["cellh"] if r < hdr else st["cell"]
        data.append([Paragraph(c, sty) if c else "" for c in row])
    t = Table(data, colWidths=widths, repeatRows=hdr if repeat else 0)
    cmds: list[tuple[Any, ...]] = [
        ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
        ("GRID", (0, 0), (-1, -1), 0.5, colors.HexColor("#555555")),
        ("BACKGROUND", (0, 0), (-1, hdr - 1), colors.HexColor(shade)),
        ("TOPPADDING", (0, 0), (-1, -1), 2.5),
        ("BOTTOMPADDING", (0, 0), (-1, -1), 2.5),
    ]
    for a, b in spans or []:
        cmds.append(("SPAN", a, b))
    t.setStyle(TableStyle(cmds))
    return t


def _form(
    pairs: list[tuple[str, str]], st: dict[str, ParagraphStyle], widths: list[float]
) -> Table:
    data = [[Paragraph(a, st["lab"]), Paragraph(b, st["val"])] for a, b in pairs]
    t = Table(data, colWidths=widths)
    t.setStyle(
        TableStyle(
            [
                ("VALIGN", (0, 0), (-1, -1), "TOP"),
                ("LINEBELOW", (0, 0), (-1, -1), 0.4, colors.HexColor("#999999")),
                ("TOPPADDING", (0, 0), (-1, -1), 4),
                ("BOTTOMPADDING", (0, 0), (-1, -1), 4),
            ]
        )
    )
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
) -> None:
    w, h = A4
    m = 18 * mm

    def run(target: Any, total: int, seen: list[int]) -> None:
        def deco(c: Any, _doc: Any) -> None:
            n = c.getPageNumber()
            seen.append(n)
            c.saveState()
            c.setFont(font, 8)
            c.setStrokeColor(colors.HexColor("#777777"))
            c.drawString(m, h - 11 * mm, head_l)
            c.drawRightString(w - m, h - 11 * mm, head_r)
            c.line(m, h - 12.5 * mm, w - m, h - 12.5 * mm)
            c.line(m, 14 * mm, w - m, 14 * mm)
            c.drawString(m, 10 * mm, foot_l)
            c.drawRightString(w - m, 10 * mm, page_fmt.format(n=n, t=total))
            c.restoreState()

        doc = BaseDocTemplate(
            target,
            pagesize=A4,
            leftMargin=m,
            rightMargin=m,
            topMargin=19 * mm,
            bottomMargin=19 * mm,
            title=title,
            author="",
            subject="",
            creator="fresh3 generator",
            invariant=1,
        )
        one = Frame(m, 19 * mm, w - 2 * m, h - 38 * mm, id="one")
        cw = (w - 2 * m - 8 * mm) / 2
        left = Frame(m, 19 * mm, cw, h - 38 * mm, id="l")
        right = Frame(m + cw + 8 * mm, 19 * mm, cw, h - 38 * mm, id="r")
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


W_FULL = A4[0] - 36 * mm

# ---------------------------------------------------------------------------
# 1. Riverton General Hospital visitor policy (en PDF)
# ---------------------------------------------------------------------------

RIVERTON_WARDS: list[tuple[str, str, str, str, str]] = [
    (
        "Acute Medical Unit (AMU)",
        "Level 1, East Wing",
        "14:00–20:00",
        "2",
        "No visiting during the consultant ward round (09:00–11:00)",
    ),
    ("Cardiology (Ward 2A)", "Level 2, East Wing", "14:00–16:00<br/>18:00–20:00", "2", ""),
    ("Coronary Care Unit", "Level 2, East Wing", "15:00–19:00", "2", "Immediate family only"),
    (
        "Intensive Care Unit (ICU)",
        "Level 3, Central",
        "11:00–12:00<br/>16:00–20:00",
        "2&#8224;",
        "Ring the entry bell (ext. 3318) and wait to be admitted",
    ),
    ("High Dependency Unit", "Level 3, Central", "14:00–20:00", "2", ""),
    (
        "Maternity (Ward 3B)",
        "Level 3, West Wing",
        "Birth partner: 08:00–22:00<br/>Other visitors: 15:00–17:00",
        "2",
        "The baby's brothers and sisters are welcome; other children under 12 are not admitted",
    ),
    (
        "Neonatal Unit",
        "Level 3, West Wing",
        "Parents: 24 hours<br/>Grandparents: 14:00–17:00",
        "2",
        "No other visitors",
    ),
    (
        "Children's Ward (Puffin Ward)",
        "Level 4, West Wing",
        "Parents: 24 hours*<br/>Others: 10:00–19:00",
        "3",
        "One parent may stay overnight on a fold-out bed",
    ),
    ("Orthopaedics (Ward 4A)", "Level 4, East Wing", "13:00–20:00", "2", ""),
    (
        "General Surgery (Ward 4C)",
        "Level 4, East Wing",
        "14:00–20:00",
        "2",
        "Visitors may be asked to wait outside during dressing changes",
    ),
    (
        "Day Surgery Unit",
        "Ground Floor, West Wing",
        "No visiting<br/>(one escort at discharge)",
        "–",
        "Collect the patient from the Discharge Lounge, Ground Floor",
    ),
    (
        "Haematology (Ward 5B)",
        "Level 5, Central",
        "14:00–19:00",
        "1",
        "No fresh flowers or plants; do not visit with cold or flu symptoms",
    ),
    ("Oncology (Ward 5A)", "Level 5, Central", "11:00–20:00", "2", ""),
    ("Renal Unit", "Level 5, East Wing", "15:00–19:00", "2", "Dialysis bays: no visitors"),
    (
        "Stroke Unit (Heron Ward)",
        "Level 6, East Wing",
        "12:00–20:00",
        "2",
        "Therapy sessions take priority over visits",
    ),
    (
        "Elderly Care (Kingfisher Ward)",
        "Level 6, West Wing",
        "10:00–20:00",
        "3",
        "Holders of a Carer's Passport: open visiting",
    ),
    (
        "Respiratory (Ward 6C)",
        "Level 6, Central",
        "14:00–20:00",
        "2",
        "Surgical masks must be worn in side rooms",
    ),
    (
        "Mental Health Assessment Unit",
        "Annexe B",
        "14:00–16:30<br/>18:00–19:30",
        "2",
        "Bags are checked at reception",
    ),
    ("Rehabilitation Unit", "Annexe A", "Mon–Fri: 15:00–20:00<br/>Sat–Sun: 11:00–20:00", "3", ""),
    ("Palliative Care (Willow Suite)", "Annexe C", "Open visiting", "4", "See section 6.1"),
    (
        "Emergency Department",
        "Ground Floor, Central",
        "One companion per patient",
        "1",
        "Companions may be asked to wait in the main waiting room",
    ),
    (
        "Isolation rooms (all wards)",
        "—",
        "By arrangement with the nurse in charge",
        "1",
        "Protective equipment provided at the door",
    ),
]


def _riverton(out: pathlib.Path) -> pathlib.Path:
    path = out / "fresh3-riverton-hospital-visitors-en.pdf"
    st = _st(False)

    def story() -> list[Any]:
        s: list[Any] = [
            Paragraph("Visitor Policy", st["title"]),
            Paragraph(
                "Riverton General Hospital &#183; Policy VP-07, revision 4 "
                "&#183; Approved by the Patient Experience Committee on 11 February 2025",
                st["sub"],
            ),
            Paragraph("1. Purpose", st["h1"]),
            Paragraph(
                "1.1 Visits from family and friends support recovery. This policy balances that benefit "
                "with the need for rest, privacy, infection control and safe staffing on every ward of "
                "Riverton General Hospital, 48 Quarry Lane, Riverton RV3 8JD.",
                st["cl"],
            ),
            Paragraph(
                "1.2 The policy applies to all inpatient areas, the Emergency Department and the "
                "Day Surgery Unit. Outpatient clinics are covered by policy OP-02.",
                st["cl"],
            ),
            Paragraph("2. Definitions", st["h1"]),
            Paragraph(
                "2.1 <b>Visitor</b>: any person who is not a patient, member of staff, contractor or "
                "registered volunteer.",
                st["cl"],
            ),
            Paragraph(
                "2.2 <b>Nominated carer</b>: one person named by the patient (or, where the patient lacks "
                "capacity, by the clinical team) who provides regular care at home. A nominated carer "
                "is not counted as a visitor for the purposes of clause 4.2.1.",
                st["cl"],
            ),
            Paragraph("3. Visiting hours by ward", st["h1"]),
            Paragraph(
                "The table below sets out the visiting hours and the maximum number of visitors at the "
                "bedside for each area. Hours apply every day of the week unless stated.",
                st["body"],
            ),
        ]
        rows = [["Ward / area", "Location", "Visiting hours", "Max. visitors at bedside", "Notes"]]
        rows += [list(r) for r in RIVERTON_WARDS]
        s.append(_tbl(rows, [40 * mm, 30 * mm, 38 * mm, 20 * mm, W_FULL - 128 * mm], st))
        s += [
            Spacer(1, 3),
            Paragraph(
                "* Open visiting for parents and legal guardians; siblings 10:00–19:00.",
                st["small"],
            ),
            Paragraph(
                "&#8224; In the ICU each visit is limited to 30 minutes; the nurse in charge may allow longer "
                "visits for critically ill patients.",
                st["small"],
            ),
            Paragraph("4. General rules for visitors", st["h1"]),
            Paragraph("4.1 Arrival", st["h2"]),
            Paragraph(
                "4.1.1 All visitors must report to the ward reception desk on arrival and sign the "
                "visitors' book. Outside visiting hours the main entrance doors close at 20:30; "
                "after this time use the Emergency Department entrance on Mill Road.",
                st["cl2"],
            ),
            Paragraph(
                "4.1.2 Visitors must clean their hands with the gel provided on entering and leaving the ward.",
                st["cl2"],
            ),
            Paragraph("4.2 Number and age of visitors", st["h2"]),
            Paragraph(
                "4.2.1 No more than two visitors may be at a patient's bedside at any one time, unless "
                "the table in section 3 allows a different number for that ward.",
                st["cl2"],
            ),
            Paragraph(
                "4.2.2 Children under 12 must be accompanied by an adult at all times and may not visit "
                "the Intensive Care Unit, except with the prior agreement of the ICU consultant.",
                st["cl2"],
            ),
            Paragraph(
                "4.2.3 Visitors who have had diarrhoea or vomiting must not visit until they have been "
                "free of symptoms for 48 hours.",
                st["cl2"],
            ),
            Paragraph("4.3 Quiet time and meals", st["h2"]),
            Paragraph(
                "4.3.1 Quiet hours are observed on all wards from 21:00 to 07:00. Televisions and "
                "radios must be used with headphones during quiet hours.",
                st["cl2"],
            ),
            Paragraph(
                "4.3.2 Protected mealtimes are 12:00–12:45 and 17:00–17:45. A nominated carer who "
                "helps the patient to eat may stay during protected mealtimes.",
                st["cl2"],
            ),
            Paragraph("5. Responsibilities", st["h1"]),
            Paragraph(
                "5.1 The nurse in charge of each shift may shorten, stop or extend a visit where this is "
                "in the interest of the patient or of other patients on the ward.",
                st["cl"],
            ),
            Paragraph(
                "5.2 The Director of Nursing, Mrs Helen Okafor, is the owner of this policy.",
                st["cl"],
            ),
            Paragraph("6. Exceptions", st["h1"]),
            Paragraph(
                "6.1 <b>End of life.</b> When a patient is expected to die within days, the ward manager may "
                "grant unrestricted visiting for up to four named people, including overnight stays. "
                "Free parking permits for these visitors are issued by the ward.",
                st["cl"],
            ),
            Paragraph(
                "6.2 <b>Outbreaks.</b> During an infection outbreak the Infection Prevention Team may suspend "
                "visiting on a ward. Suspensions are posted on the ward door and on the hospital website; "
                "essential visits may still be arranged with the nurse in charge.",
                st["cl"],
            ),
            Paragraph(
                "6.3 <b>Interpreters and assistance dogs.</b> Professional interpreters are not counted as "
                "visitors. Assistance dogs are welcome in all areas except the ICU, the Neonatal Unit and "
                "operating theatres.",
                st["cl"],
            ),
            Paragraph(
                "6.4 <b>Patients with learning disabilities or dementia</b> may have their nominated carer "
                "present at any time, including during ward rounds.",
                st["cl"],
            ),
            NextPageTemplate("two"),
            PageBreak(),
        ]
        two = [
            Paragraph("Practical guidance for visitors", st["h1"]),
            Paragraph(
                "<b>Parking.</b> Visitor parking is in the multi-storey car park P2, entered from Mill "
                "Road. The first 30 minutes are free. After that the charge is £2.40 per hour, capped at "
                "£12.00 for 24 hours. Pay at the machines on level 0 by card or phone app; cash is not "
                "accepted. Blue Badge holders park free of charge in the marked bays on level 0 and must "
                "display their badge. Relatives of patients who stay longer than seven days may buy a "
                "weekly concession permit for £5.00 from the General Office on the ground floor "
                "(Monday to Friday, 09:00–16:00).",
                st["just"],
            ),
            Paragraph(
                "<b>Getting here by bus.</b> Routes 14 and 27 stop outside the main entrance every 15 "
                "minutes during the day. The free hospital hopper bus links the main entrance with "
                "Annexes A, B and C every 20 minutes between 07:00 and 19:00 on weekdays.",
                st["just"],
            ),
            Paragraph(
                "<b>Food and gifts.</b> Please do not bring hot food onto the wards. Cold food brought for a "
                "patient must be labelled with the patient's name and the date and is kept in the ward "
                "fridge for a maximum of 24 hours. Fresh flowers are not allowed in the ICU, the Haematology "
                "ward or the Neonatal Unit; helium balloons are not allowed anywhere in the hospital "
                "because of the risk to patients with latex allergies.",
                st["just"],
            ),
            Paragraph(
                "<b>Mobile phones and photography.</b> Mobile phones may be used on wards in silent mode. "
                "Taking photographs or videos of other patients or of staff without their permission is "
                "not allowed, and staff may ask a visitor to delete such images.",
                st["just"],
            ),
            Paragraph(
                "<b>Cafés and shops.</b> The Atrium Café on the ground floor is open 07:30–19:30 every day. "
                "The League of Friends shop near the main lifts is open Monday to Saturday 08:30–17:00. "
                "Drinks and snack vending machines are available 24 hours in the Emergency Department "
                "waiting area.",
                st["just"],
            ),
            Paragraph(
                "<b>Overnight stays.</b> Apart from parents on the Children's Ward and visitors covered by "
                "section 6.1, visitors may not stay overnight. The Riverton Relatives' Lodge, 200 metres "
                "from the main entrance, has 12 rooms for relatives of patients in intensive care; rooms "
                "cost £18 per night and are booked through the ICU reception.",
                st["just"],
            ),
            Paragraph(
                "<b>Lost property.</b> Items found on the wards are sent to the Main Reception desk and are "
                "kept for three months. After that they are donated to charity or disposed of. Valuables "
                "such as jewellery and cash are held by the Cashier's Office.",
                st["just"],
            ),
            Paragraph(
                "<b>Behaviour.</b> Violence, aggression or abuse towards staff, patients or other visitors "
                "will not be tolerated. Visitors who behave in this way will be asked to leave and may "
                "be barred from the site for up to 12 months. Smoking and vaping are not permitted "
                "anywhere on the hospital grounds.",
                st["just"],
            ),
            Paragraph(
                "<b>Concerns and compliments.</b> The Patient Advice and Liaison Service (PALS) helps "
                "visitors with questions, concerns and complaints. PALS is located next to the Atrium "
                "Café and is open Monday to Friday 09:30–16:30. Telephone 01632 960 418 or e-mail "
                "pals@riverton-general.example. Formal complaints are acknowledged within three "
                "working days.",
                st["just"],
            ),
            Paragraph(
                "<b>Wi-Fi.</b> Free Wi-Fi is available in all public areas: connect to the network "
                "RGH-Guest; no password is needed. Sessions are limited to four hours and then "
                "reconnect automatically.",
                st["just"],
            ),
            NextPageTemplate("one"),
            PageBreak(),
        ]
        s += two
        s += [
            Paragraph("7. Contacts", st["h1"]),
            _tbl(
                [
                    ["Service", "Telephone", "When"],
                    ["Main switchboard", "01632 960 000", "24 hours"],
                    ["Ward enquiries (automated line)", "01632 960 100", "24 hours"],
                    ["ICU reception", "01632 960 331", "24 hours"],
                    ["PALS", "01632 960 418", "Mon–Fri 09:30–16:30"],
                    ["General Office (parking permits)", "01632 960 275", "Mon–Fri 09:00–16:00"],
                    ["Security control room", "01632 960 999", "24 hours"],
                ],
                [70 * mm, 45 * mm, W_FULL - 115 * mm],
                st,
            ),
            Paragraph("8. Monitoring and review", st["h1"]),
            Paragraph(
                "8.1 Compliance with this policy is audited every six months by the Patient Experience "
                "Team using the visitor feedback survey.",
                st["cl"],
            ),
            Paragraph(
                "8.2 This policy will be reviewed by 28 February 2027, or earlier if national guidance changes.",
                st["cl"],
            ),
            Spacer(1, 8),
            _form(
                [
                    ("Document number:", "VP-07"),
                    ("Revision:", "4"),
                    ("Policy owner:", "Director of Nursing"),
                    ("Author:", "Daniel Kessler, Head of Patient Experience"),
                    ("Equality impact assessment:", "Completed 20 January 2025"),
                    ("Supersedes:", "VP-07 revision 3 (March 2022)"),
                ],
                st,
                [60 * mm, W_FULL - 60 * mm],
            ),
        ]
        return s

    _pdf(
        path,
        story,
        font=LATIN,
        head_l="Riverton General Hospital — Visitor Policy VP-07",
        head_r="Revision 4 · Effective 1 March 2025",
        foot_l="Uncontrolled when printed. Check the intranet for the latest version.",
        page_fmt="Page {n} of {t}",
        title="Riverton General Hospital Visitor Policy",
    )
    return path


# ---------------------------------------------------------------------------
# 2. Lindqvist Translation Bureau price list (en PDF)
# ---------------------------------------------------------------------------

LINDQVIST_WRITTEN: list[tuple[str, str, str, str, str]] = [
    ("English → Traditional Chinese", "2,400", "3,100", "3,600", "4,650"),
    ("Traditional Chinese → English", "2,900", "3,700", "4,350", "5,550"),
    ("Japanese → Traditional Chinese", "2,600", "3,300", "3,900", "4,950"),
    ("Traditional Chinese → Japanese", "3,200", "4,000", "4,800", "6,000"),
    ("Korean → Traditional Chinese", "2,800", "3,500", "4,200", "5,250"),
    ("German → Traditional Chinese", "3,000", "3,800", "4,500", "5,700"),
    ("French → Traditional Chinese", "3,000", "3,800", "4,500", "5,700"),
    ("Spanish → Traditional Chinese", "3,100", "3,900", "4,650", "5,850"),
    ("Vietnamese → Traditional Chinese", "2,700", "3,400", "4,050", "5,100"),
    ("Thai → Traditional Chinese", "3,300", "4,200", "4,950", "6,300"),
    ("Traditional → Simplified Chinese (localisation)", "900", "1,200", "1,350", "1,800"),
]


def _lindqvist(out: pathlib.Path) -> pathlib.Path:
    path = out / "fresh3-lindqvist-translation-prices-en.pdf"
    st = _st(False)

    def story() -> list[Any]:
        s: list[Any] = [
            Paragraph("Price List 2025", st["title"]),
            Paragraph(
                "Lindqvist Translation Bureau &#183; Taipei Office &#183; 9F, No. 61, Lane 12, Jinhua Road, "
                "Da'an District, Taipei &#183; valid from 1 April 2025",
                st["sub"],
            ),
            Paragraph("A. Written translation", st["h1"]),
            Paragraph(
                "Fees are charged per 1,000 words of source text for European and South-East Asian languages "
                "and per 1,000 characters of source text for Chinese, Japanese and Korean. General texts "
                "include letters, websites and marketing material; technical and legal texts include "
                "contracts, patents, manuals and medical reports.",
                st["body"],
            ),
        ]
        rows = [
            ["Language pair", "Fee (NT$ per 1,000 words or characters)", "", "", ""],
            ["", "Standard (5 working days)", "", "Express (2 working days)", ""],
            ["", "General", "Technical / legal", "General", "Technical / legal"],
        ]
        rows += [list(r) for r in LINDQVIST_WRITTEN]
        s.append(
            _tbl(
                rows,
                [58 * mm] + [(W_FULL - 58 * mm) / 4] * 4,
                st,
                hdr=3,
                spans=[((0, 0), (0, 2)), ((1, 0), (4, 0)), ((1, 1), (2, 1)), ((3, 1), (4, 1))],
            )
        )
        s += [
            Spacer(1, 3),
            Paragraph("Minimum charge per written order: NT$1,200.", st["small"]),
            Paragraph(
                "Proofreading of a client's own translation is charged at 45% of the Standard fee for the "
                "language pair.",
                st["small"],
            ),
            Paragraph("B. Certified translation of personal documents", st["h1"]),
        ]
        rows2 = [
            ["Document", "Fee (NT$ per document)", "Ready in (working days)", "Remarks"],
            [
                "Household registration transcript",
                "1,100",
                "3",
                "Up to 2 pages; each extra page NT$400",
            ],
            ["Birth certificate", "950", "3", ""],
            ["Marriage or divorce certificate", "1,050", "3", ""],
            [
                "Police criminal record certificate",
                "1,000",
                "2",
                "Bilingual certificates not accepted",
            ],
            ["Driving licence", "800", "2", ""],
            ["University diploma", "1,000", "3", ""],
            [
                "Academic transcript",
                "1,300",
                "4",
                "Per page; grading scale translated free of charge",
            ],
            ["Bank statement", "1,200", "3", "Per page; maximum 40 transactions per page"],
            [
                "Court notarisation (handling)",
                "1,800",
                "7",
                "Court fee paid separately by the client",
            ],
        ]
        s.append(_tbl(rows2, [55 * mm, 32 * mm, 30 * mm, W_FULL - 117 * mm], st))
        s += [
            Spacer(1, 3),
            Paragraph(
                "Certified translations carry the Bureau's seal and the translator's signed declaration. "
                "A second certified copy of the same document costs NT$300.",
                st["small"],
            ),
            Paragraph("C. Interpreting", st["h1"]),
        ]
        rows3 = [
            ["Service", "Unit", "Fee (NT$)", "Conditions"],
            [
                "Consecutive interpreting",
                "Half day (up to 4 hours)",
                "9,500",
                "Business meetings, site visits,<br/>medical appointments",
            ],
            [
                "Consecutive interpreting",
                "Full day (up to 8 hours)",
                "16,000",
                "Includes one hour lunch break",
            ],
            [
                "Simultaneous interpreting",
                "Per interpreter per day",
                "28,000",
                "Booth work requires a team of two interpreters",
            ],
            [
                "Remote interpreting (video)",
                "Per hour, minimum 2 hours",
                "3,200",
                "Client provides the platform",
            ],
            ["Overtime", "Per started hour", "2,500", "Applies to all interpreting"],
            [
                "Travel outside Taipei City",
                "Per day",
                "2,000",
                "Plus transport and accommodation at cost",
            ],
        ]
        s.append(_tbl(rows3, [45 * mm, 42 * mm, 22 * mm, W_FULL - 109 * mm], st))
        s += [
            Spacer(1, 3),
            Paragraph("All prices exclude 5% business tax.", st["small"]),
            Paragraph("D. Terms of business", st["h1"]),
            Paragraph(
                "1. <b>Quotations.</b> Written quotations are valid for 30 days from the date of issue.",
                st["cl"],
            ),
            Paragraph(
                "2. <b>Deadlines.</b> Working days exclude weekends and Taiwanese public holidays. Files "
                "received after 16:00 are treated as received on the next working day.",
                st["cl"],
            ),
            Paragraph(
                "3. <b>Same-day service.</b> Documents of up to 800 words received before 11:00 can be "
                "delivered the same day at twice the Express fee, subject to translator availability.",
                st["cl"],
            ),
            Paragraph(
                "4. <b>Payment.</b> Orders above NT$30,000 require a deposit of 50% on confirmation. The "
                "balance is due within 14 days of the invoice date. Late payment incurs interest of 1% "
                "per month.",
                st["cl"],
            ),
            Paragraph(
                "5. <b>Cancelling interpreting bookings.</b> If a booking is cancelled less than 72 hours "
                "before the assignment, 50% of the fee is charged; less than 24 hours before, the full "
                "fee is charged.",
                st["cl"],
            ),
            Paragraph(
                "6. <b>Revisions.</b> Corrections requested within 10 days of delivery are made free of "
                "charge. Changes to the source text after the order is confirmed are charged as new work.",
                st["cl"],
            ),
            Paragraph(
                "7. <b>Confidentiality.</b> All translators sign a confidentiality agreement. Files are "
                "deleted from our servers 90 days after delivery unless the client asks otherwise.",
                st["cl"],
            ),
            Paragraph(
                "8. <b>Discounts.</b> Registered charities and students (with a valid student card, for "
                "personal documents only) receive 10% off written translation. Discounts cannot be combined.",
                st["cl"],
            ),
            Spacer(1, 10),
            Paragraph("E. How to order", st["h1"]),
            _form(
                [
                    ("Quotation e-mail:", "quotes@lindqvist-translation.example"),
                    ("Telephone:", "+886 2 2700 1834"),
                    (
                        "Office hours:",
                        "Monday–Friday 09:00–18:00; Saturday 10:00–13:00 (collection only)",
                    ),
                    ("Project manager (Japanese/Korean):", "Ms Aiko Brandt"),
                    ("Project manager (European languages):", "Mr Tomas Lindqvist"),
                    ("Bank account for transfers:", "Formosa Harbour Bank, account 072-118-560431"),
                ],
                st,
                [62 * mm, W_FULL - 62 * mm],
            ),
        ]
        return s

    _pdf(
        path,
        story,
        font=LATIN,
        head_l="Lindqvist Translation Bureau",
        head_r="Price List 2025 — Taipei Office",
        foot_l="All amounts in New Taiwan dollars (NT$).",
        page_fmt="Page {n} of {t}",
        title="Lindqvist Translation Bureau Price List 2025",
    )
    return path


# ---------------------------------------------------------------------------
# 3. Yilin translation agency fee schedule (zh-Hant PDF)
# ---------------------------------------------------------------------------

YILIN_WRITTEN: list[tuple[str, str, str, str, str]] = [
    ("英文→中文（繁體）", "1,900", "2,600", "2,850", "3,900"),
    ("中文→英文", "2,300", "3,200", "3,450", "4,800"),
    ("日文→中文", "2,100", "2,800", "3,150", "4,200"),
    ("中文→日文", "2,700", "3,500", "4,050", "5,250"),
    ("韓文→中文", "2,300", "3,000", "3,450", "4,500"),
    ("德文、法文→中文", "2,800", "3,600", "4,200", "5,400"),
    ("越南文、印尼文→中文", "2,200", "2,900", "3,300", "4,350"),
    ("繁體→簡體（在地化）", "700", "1,000", "1,050", "1,500"),
]


def _yilin(out: pathlib.Path) -> pathlib.Path:
    path = out / "fresh3-yilin-translation-fees-zh-hant.pdf"
    st = _st(True)

    def story() -> list[Any]:
        s: list[Any] = [
            Paragraph("譯林翻譯社　收費標準", st["title"]),
            Paragraph("台中總社｜台中市西區民權路 312 號 5 樓｜114 年 3 月 1 日起適用", st["sub"]),
            Paragraph("一、筆譯費用", st["h1"]),
            Paragraph(
                "（一）中文、日文、韓文原稿以字元計算，其他語文原稿以字數計算，均以每千字（詞）為單位，"
                "未滿一千字以一千字計。",
                st["cl"],
            ),
            Paragraph(
                "（二）「專業文件」指合約、專利說明書、醫療報告、財務報表及技術手冊；其餘為「一般文件」。",
                st["cl"],
            ),
        ]
        rows = [
            ["語文組合", "費用（新臺幣元／每千字）", "", "", ""],
            ["", "一般件（7 個工作天）", "", "急件（3 個工作天）", ""],
            ["", "一般文件", "專業文件", "一般文件", "專業文件"],
        ]
        rows += [list(r) for r in YILIN_WRITTEN]
        s.append(
            _tbl(
                rows,
                [50 * mm] + [(W_FULL - 50 * mm) / 4] * 4,
                st,
                hdr=3,
                spans=[((0, 0), (0, 2)), ((1, 0), (4, 0)), ((1, 1), (2, 1)), ((3, 1), (4, 1))],
                shade="#F2E6D0",
            )
        )
        s += [
            Spacer(1, 3),
            Paragraph(
                "註：每件最低收費新臺幣 1,000 元。客戶自行翻譯之稿件委託校稿，按一般件費用之 50% 計收。",
                st["small"],
            ),
            Paragraph("二、證件翻譯及公證代辦", st["h1"]),
        ]
        rows2 = [
            ["文件", "費用（元／份）", "工作天", "備註"],
            ["戶籍謄本", "800", "2", "三頁以內；每增加一頁加收 300 元"],
            ["出生證明", "700", "2", ""],
            ["結婚證書／離婚協議書", "900", "3", ""],
            ["警察刑事紀錄證明（良民證）", "750", "2", ""],
            ["駕駛執照", "600", "1", "附原件正反面影本"],
            ["畢業證書", "800", "2", ""],
            ["成績單", "1,000", "3", "每頁計費"],
            ["存款證明", "900", "2", ""],
            ["法院公證代辦", "1,500", "5", "法院規費另計<br/>需本人或持委託書代理人到場"],
        ]
        s.append(_tbl(rows2, [52 * mm, 28 * mm, 20 * mm, W_FULL - 100 * mm], st, shade="#F2E6D0"))
        s += [
            Paragraph("三、口譯費用", st["h1"]),
        ]
        rows3 = [
            ["項目", "計費單位", "費用（新臺幣元）", "說明"],
            ["逐步口譯", "半天（4 小時以內）", "8,000", "商務會議、參訪"],
            ["逐步口譯", "全天（8 小時以內）", "14,000", "含午休一小時"],
            ["同步口譯", "每位口譯員每天", "25,000", "須二位口譯員輪替"],
            ["陪同口譯（就醫、洽公）", "每小時，最低 2 小時", "1,800", ""],
            ["超時費", "每小時（未滿一小時以一小時計）", "2,000", ""],
            ["台中市以外地區", "每天", "1,500", "交通及住宿實報實銷"],
        ]
        s.append(_tbl(rows3, [42 * mm, 50 * mm, 30 * mm, W_FULL - 122 * mm], st, shade="#F2E6D0"))
        s += [
            PageBreak(),
            Paragraph("四、委託須知", st["h1"]),
            Paragraph("（一）報價單自開立日起 15 日內有效。", st["cl"]),
            Paragraph(
                "（二）工作天不含週六、週日及國定假日；下午 5 時以後收件者，自次一工作天起算。",
                st["cl"],
            ),
            Paragraph(
                "（三）委託金額達新臺幣 20,000 元以上者，須預付三成訂金；餘款於交件後 7 日內付清。"
                "逾期付款者，每逾一日加收應付金額千分之五之遲延費用。",
                st["cl"],
            ),
            Paragraph(
                "（四）口譯案件於活動前 48 小時內取消者，收取費用之 50%；活動前 24 小時內取消或臨時改期者，"
                "收取全額費用。因颱風等天然災害由政府宣布停班者，得免費改期一次。",
                st["cl"],
            ),
            Paragraph(
                "（五）交件後 7 日內，客戶得要求免費修改一次；原稿內容變更者，另行報價。",
                st["cl"],
            ),
            Paragraph(
                "（六）持有效學生證之學生委託個人證件翻譯，享九折優惠；社福團體享八五折優惠。優惠不得合併使用。",
                st["cl"],
            ),
            Paragraph(
                "（七）證件翻譯完成後，可選擇到店自取或郵寄；郵寄掛號費每件 80 元，由客戶負擔。",
                st["cl"],
            ),
            Paragraph("五、聯絡方式", st["h1"]),
            _form(
                [
                    ("客服電話：", "(04) 2326-5180"),
                    ("傳真：", "(04) 2326-5181"),
                    ("電子郵件：", "service@yilin-trans.example"),
                    ("營業時間：", "週一至週五 9:00–18:00；週六 9:30–12:30"),
                    ("口譯派案窗口：", "何佩珊 小姐（分機 12）"),
                    ("匯款帳戶：", "中港銀行 西屯分行　帳號 0451-22-309817"),
                ],
                st,
                [40 * mm, W_FULL - 40 * mm],
            ),
            Spacer(1, 8),
            Paragraph("本收費標準如有未盡事宜，以本社正式報價單為準。", st["small"]),
        ]
        return s

    _pdf(
        path,
        story,
        font=CJK,
        head_l="譯林翻譯社　收費標準（114 年版）",
        head_r="台中總社",
        foot_l="本表金額均為新臺幣，已含營業稅",
        page_fmt="第 {n} 頁，共 {t} 頁",
        title="譯林翻譯社收費標準",
    )
    return path


# ---------------------------------------------------------------------------
# 4. Cuiling water company tariff (zh-Hant PDF)
# ---------------------------------------------------------------------------

CUILING_METERS: list[tuple[str, str, str, str]] = [
    ("13", "17", "34", "1,000"),
    ("20", "35", "70", "1,600"),
    ("25", "58", "116", "2,400"),
    ("40", "148", "296", "4,800"),
    ("50", "232", "464", "7,500"),
    ("75", "522", "1,044", "15,000"),
    ("100", "928", "1,856", "26,000"),
    ("150", "2,088", "4,176", "52,000"),
    ("200", "3,712", "7,424", "88,000"),
    ("250", "5,800", "11,600", "130,000"),
    ("300", "8,352", "16,704", "180,000"),
]

CUILING_VOLUME: list[tuple[str, str, str, str]] = [
    ("住宅用水", "第一段", "1–20 度", "7.35"),
    ("", "第二段", "21–60 度", "9.45"),
    ("", "第三段", "61–200 度", "11.55"),
    ("", "第四段", "201 度以上", "12.60"),
    ("非住宅用水<br/>（營業、辦公）", "第一段", "1–100 度", "10.20"),
    ("", "第二段", "101–1,000 度", "11.80"),
    ("", "第三段", "1,001 度以上", "13.10"),
    ("機關、學校<br/>及公益團體", "單一費率", "不分段", "8.40"),
    ("工業用水", "第一段", "1–5,000 度", "9.90"),
    ("", "第二段", "5,001 度以上", "10.60"),
    ("臨時用水<br/>（工地、攤販）", "單一費率", "不分段", "15.75"),
    ("消防專用", "單一費率", "僅限火災搶救", "免費"),
]


def _cuiling(out: pathlib.Path) -> pathlib.Path:
    path = out / "fresh3-cuiling-water-tariff-zh-hant.pdf"
    st = _st(True)

    def story() -> list[Any]:
        s: list[Any] = [
            Paragraph("翠嶺水務股份有限公司　自來水費率及收費辦法", st["title"]),
            Paragraph(
                "經董事會 114 年 5 月 20 日第 9 屆第 14 次會議修正通過，自 114 年 7 月 1 日起施行",
                st["sub"],
            ),
            Paragraph("第一章　總則", st["h1"]),
            Paragraph(
                "第一條　本辦法適用於本公司供水區域（翠嶺市、東坪鎮及雲溪鄉）內之所有用水戶。",
                st["cl"],
            ),
            Paragraph(
                "第二條　水費由基本費及流量費組成。流量費以每一立方公尺為一度計算。", st["cl"]
            ),
            Paragraph(
                "第三條　本公司每二個月抄表一次，為一期。單號月份抄表區域於單月 1 日至 20 日抄表，"
                "雙號月份抄表區域於雙月 1 日至 20 日抄表。",
                st["cl"],
            ),
            Paragraph(
                "第四條　用戶如於抄表日不在，抄表員應留置通知單，用戶得於 5 日內以電話、網站或本公司 App "
                "自行回報度數；逾期未回報者，以前三期平均用水量估計。",
                st["cl"],
            ),
            Paragraph(
                "第五條　本辦法所稱「住宅用水」，指供家庭生活使用之用水；店住合一之用戶，以非住宅用水計費。",
                st["cl"],
            ),
            Paragraph("第二章　費率", st["h1"]),
            Paragraph("第六條　基本費依水表口徑按期計收，其金額如附表一。", st["cl"]),
            Paragraph(
                "第七條　流量費依用水類別及每期用水度數分段累進計收，其單價如附表二。", st["cl"]
            ),
            Paragraph("附表一　基本費及水表保證金", st["h2"]),
        ]
        rows = [
            ["水表口徑（公厘）", "基本費（元／期）", "", "水表保證金（元）"],
            ["", "住宅用水", "非住宅用水", ""],
        ]
        rows += [list(r) for r in CUILING_METERS]
        s.append(
            _tbl(
                rows,
                [40 * mm, 40 * mm, 40 * mm, W_FULL - 120 * mm],
                st,
                hdr=2,
                spans=[((0, 0), (0, 1)), ((1, 0), (2, 0)), ((3, 0), (3, 1))],
                shade="#D6EAF2",
            )
        )
        s += [
            Spacer(1, 3),
            Paragraph("註：水表口徑 300 公厘以上者，基本費另案核定。", st["small"]),
            Paragraph("附表二　流量費分段累進費率", st["h2n"]),
        ]
        rows2 = [["用水類別", "段別", "每期用水度數", "每度單價（元）"]]
        rows2 += [list(r) for r in CUILING_VOLUME]
        s.append(
            _tbl(
                rows2,
                [45 * mm, 30 * mm, 50 * mm, W_FULL - 125 * mm],
                st,
                spans=[((0, 1), (0, 4)), ((0, 5), (0, 7)), ((0, 9), (0, 10))],
                shade="#D6EAF2",
            )
        )
        s += [
            Spacer(1, 3),
            Paragraph(
                "※ 累進計費以每期實際用水度數分段計算，各段分別以該段單價計收。", st["small"]
            ),
            Paragraph("※ 臨時用水之用水期間以一年為限，期滿須重新申請。", st["small"]),
            Paragraph("第三章　繳費", st["h1"]),
            Paragraph(
                "第八條　水費繳費期限為繳費通知單寄發日起 15 日。用戶得以超商、金融機構代收、"
                "信用卡或本公司 App 繳納。",
                st["cl"],
            ),
            Paragraph(
                "第九條　用戶申請以金融機構帳戶自動扣繳者，每期減收水費新臺幣 5 元；申請電子帳單者，每期再減收 3 元。",
                st["cl"],
            ),
            Paragraph("第十條　水費單據遺失者，得免費申請補發，或於本公司網站自行列印。", st["cl"]),
            Paragraph(
                "第十一條　用戶對水費有疑義者，應於繳費期限內提出；經查明確有溢收者，於下期水費中扣抵。",
                st["cl"],
            ),
            Paragraph(
                "第十二條　用戶逾期繳納水費者，自繳費期限屆滿之翌日起，每逾 3 日按應繳水費加收 1% 滯納金，"
                "最高以 15% 為限。逾期 60 日仍未繳納者，本公司得於書面通知後停止供水。",
                st["cl"],
            ),
            Paragraph(
                "第十三條　因欠費停水之用戶，於繳清欠費、滯納金及復水費新臺幣 300 元後，本公司應於 "
                "24 小時內恢復供水。",
                st["cl"],
            ),
            Paragraph("第四章　減免", st["h1"]),
            Paragraph(
                "第十四條　經主管機關核定之低收入戶，其住宅用水基本費全免，流量費第一段用水度數之單價減半計收；"
                "中低收入戶之基本費減半計收。",
                st["cl"],
            ),
            Paragraph(
                "第十五條　用戶內線（水表後）地下管線漏水，經用戶自行修復並檢附修繕證明者，漏水期間之流量費"
                "按前六期平均用水量計收；同一用水地址每年以申請一次為限。",
                st["cl"],
            ),
            Paragraph(
                "第十六條　因本公司計畫性停水連續達 24 小時以上者，當期基本費減收二分之一；"
                "但因天然災害致停水者，不在此限。",
                st["cl"],
            ),
            Paragraph("第五章　其他服務費", st["h1"]),
            Paragraph("第十七條　用戶申請下列服務，應依附表三繳納費用。", st["cl"]),
            Paragraph("附表三　其他服務費", st["h2"]),
        ]
        rows3 = [
            ["服務項目", "費用（新臺幣元）", "說明"],
            ["用戶名義變更（過戶）", "50", "繼承或夫妻間變更免收"],
            ["水表檢驗（口徑 25 公厘以下）", "400", "檢驗結果誤差超過 ±3% 者免收"],
            ["水表檢驗（口徑 40 公厘以上）", "1,200", "同上"],
            ["水表遷移（同一地址）", "2,500", "不含路面修復費"],
            ["暫停用水（每次）", "200", "停用期間免收基本費，最長一年"],
            ["恢復供水", "300", "含因欠費停水之復水"],
            ["水質檢驗（一般項目）", "1,500", "報告於 10 個工作天內寄發"],
            ["夜間或假日緊急搶修派工", "免費", "水表前管線屬本公司維護範圍"],
        ]
        s.append(_tbl(rows3, [60 * mm, 32 * mm, W_FULL - 92 * mm], st, shade="#D6EAF2"))
        s += [
            Paragraph("第六章　附則", st["h1"]),
            Paragraph("第十八條　本辦法未規定事項，依本公司營業章程辦理。", st["cl"]),
            Paragraph(
                "第十九條　本辦法經董事會通過後施行，修正時亦同。客服專線 0800-021-365（24 小時）；"
                "營業處地址：翠嶺市中正路 220 號；服務信箱：service@cuiling-water.example。",
                st["cl"],
            ),
        ]
        return s

    _pdf(
        path,
        story,
        font=CJK,
        head_l="翠嶺水務股份有限公司",
        head_r="自來水費率及收費辦法（114 年 7 月 1 日施行）",
        foot_l="客服專線 0800-021-365",
        page_fmt="第 {n} 頁，共 {t} 頁",
        title="翠嶺水務自來水費率及收費辦法",
    )
    return path


# ---------------------------------------------------------------------------
# 5. Yunxi talent apartments house rules (zh-Hans PDF)
# ---------------------------------------------------------------------------


def _yunxi(out: pathlib.Path) -> pathlib.Path:
    path = out / "fresh3-yunxi-apartment-rules-zh-hans.pdf"
    st = _st(True)

    def story() -> list[Any]:
        s: list[Any] = [
            Paragraph("云溪人才公寓　住户守则", st["title"]),
            Paragraph(
                "云溪人才公寓运营管理有限公司　2025年修订版（自2025年4月1日起执行）", st["sub"]
            ),
            Paragraph("附：租赁信息确认单（示例）", st["h1"]),
            Paragraph("以下信息由管家在签约时填写，住户核对无误后签字确认。", st["body"]),
            _form(
                [
                    ("合同编号：", "YX-2025-0318"),
                    ("房号：", "B栋 1207室（一室一厅，建筑面积 52 平方米）"),
                    ("承租人：", "周明远"),
                    ("工作单位：", "云溪智能制造研究院"),
                    ("租赁期限：", "2025年3月1日至2026年2月28日"),
                    ("月租金：", "人民币 3,650 元"),
                    ("押金：", "人民币 7,300 元（相当于两个月租金）"),
                    ("物业服务费：", "每月 186 元，随租金一并缴纳"),
                    ("缴租日期：", "每月 5 日前"),
                    ("水电燃气：", "按表计费，每月 10 日在线缴纳"),
                    ("门禁卡：", "2 张（遗失补办每张 50 元）"),
                    ("车位：", "地下二层 B2-086，月租 300 元"),
                    ("紧急联系人：", "周建华（父亲）　138 0571 4629"),
                    ("专属管家：", "李晓萌　0571-8690 2315"),
                ],
                st,
                [38 * mm, W_FULL - 38 * mm],
            ),
            Spacer(1, 10),
            Paragraph(
                "承租人签字：______________　　管家签字：______________　　日期：______________",
                st["body"],
            ),
            PageBreak(),
            Paragraph("第一章　总则", st["h1"]),
            Paragraph(
                "第一条　为维护云溪人才公寓（以下简称“公寓”）良好的居住秩序，保障全体住户的合法权益，"
                "依据租赁合同，制定本守则。",
                st["cl"],
            ),
            Paragraph("第二条　本守则适用于公寓 A、B、C 三栋全体住户及其访客。", st["cl"]),
            Paragraph(
                "第三条　公寓仅限经人才服务中心认定的人才本人及其配偶、子女、父母居住，不得转租、转借。",
                st["cl"],
            ),
            Paragraph("第二章　公共秩序", st["h1"]),
            Paragraph(
                "第四条　每日 22:00 至次日 7:00 为安静时段，住户不得大声喧哗、播放音响或进行健身跳操等产生噪音的活动。",
                st["cl"],
            ),
            Paragraph(
                "第五条　室内装修、打孔等施工仅限工作日 9:00–12:00、14:00–18:00 进行，且须提前 3 个工作日向管家报备。"
                "墙面打孔每户累计不超过 10 个。",
                st["cl"],
            ),
            Paragraph(
                "第六条　访客须在一楼大堂登记身份证件。访客留宿须提前一天在“云溪家”小程序登记，"
                "每月累计不得超过 10 晚；超过的，须补办同住登记。",
                st["cl"],
            ),
            Paragraph(
                "第七条　公寓内禁止饲养犬只。经管理处书面同意，每户可饲养猫 1 只，并须另交宠物押金 1,000 元；"
                "导盲犬等工作犬不受本条限制。",
                st["cl"],
            ),
            Paragraph(
                "第八条　公寓内全面禁烟，包括阳台及楼梯间。违者首次予以警告，再次违反的每次罚款 200 元。",
                st["cl"],
            ),
            Paragraph(
                "第九条　禁止在走廊、楼梯间堆放物品，禁止在室内为电动自行车电池充电。电动自行车须停放于"
                "C 栋西侧集中充电车棚，充电费每小时 0.5 元。",
                st["cl"],
            ),
            Paragraph(
                "第十条　生活垃圾须分类后投放至各栋一楼垃圾房。投放时间为每日 7:00–9:00 及 18:00–21:00；"
                "大件垃圾须预约，每周六上午统一清运。",
                st["cl"],
            ),
            Paragraph("第三章　报修与设施", st["h1"]),
            Paragraph(
                "第十一条　房屋及配套家电出现故障的，住户可通过小程序或管家报修。一般报修 24 小时内上门处理，"
                "漏水、断电、门锁故障等紧急报修 2 小时内到场。因住户使用不当造成损坏的，维修费用由住户承担。",
                st["cl"],
            ),
            Paragraph("公共设施开放时间如下：", st["body"]),
        ]
        rows = [
            ["设施", "位置", "开放时间", "收费及说明"],
            ["健身房", "A栋 2楼", "6:30–22:30", "免费；须刷门禁卡<br/>16岁以下须家长陪同"],
            ["共享洗衣房", "各栋 1楼", "24小时", "洗衣每次 4 元，烘干每次 5 元"],
            ["自习室", "B栋 3楼", "8:00–23:00", "免费；每人每次限 4 小时"],
            ["共享厨房", "C栋 1楼", "10:00–21:00", "须预约，每次 2 小时，收取清洁费 20 元"],
            ["屋顶花园", "A栋 顶层", "周五至周日 9:00–21:00", "雨天关闭"],
            ["快递柜", "各栋大堂", "24小时", "超过 48 小时未取，每 12 小时收费 1 元"],
            ["会客室", "B栋 1楼", "9:00–21:00", "须提前一天预约"],
        ]
        s.append(_tbl(rows, [28 * mm, 26 * mm, 42 * mm, W_FULL - 96 * mm], st, shade="#E4EFD9"))
        s += [
            Paragraph("第四章　租金与退租", st["h1"]),
            Paragraph(
                "第十二条　住户应于每月 5 日前缴纳当月租金及物业服务费。逾期缴纳的，每逾期一日按当月租金的 0.5% "
                "收取滞纳金；逾期超过 15 日的，视为违约，运营方有权解除合同并收回房屋。",
                st["cl"],
            ),
            Paragraph(
                "第十三条　住户退租须提前 30 日书面通知管家。租期未满提前退租的，须支付一个月租金作为违约金；"
                "但因工作调动离开云溪市并提供单位证明的，免收违约金。",
                st["cl"],
            ),
            Paragraph(
                "第十四条　退租时，管家按入住时的《房屋交接清单》逐项验收。押金在退房验收合格后 10 个工作日内"
                "无息退还至住户银行账户，扣除未结清的费用及损坏赔偿。",
                st["cl"],
            ),
            Paragraph(
                "第十五条　租期届满需续租的，住户应于届满前 60 日提出申请；续租租金涨幅每年不超过 5%。",
                st["cl"],
            ),
            Paragraph("第五章　违规处理", st["h1"]),
            Paragraph("第十六条　住户违反本守则的，运营方按下表处理：", st["cl"]),
        ]
        rows2 = [
            ["违规行为", "首次", "再次", "第三次及以上"],
            ["安静时段制造噪音", "口头提醒", "书面警告", "纳入信用记录"],
            ["楼道堆放杂物", "限期 24 小时清理", "代为清理，收取 100 元", "代为清理，收取 200 元"],
            ["室内吸烟", "警告", "罚款 200 元", "罚款 200 元并通报单位"],
            ["室内为电池充电", "罚款 500 元", "解除合同", "—"],
            ["擅自转租", "解除合同", "—", "—"],
        ]
        s.append(_tbl(rows2, [40 * mm, 40 * mm, 45 * mm, W_FULL - 125 * mm], st, shade="#E4EFD9"))
        s += [
            Spacer(1, 3),
            Paragraph(
                "注：信用记录将报送云溪市人才服务中心，可能影响下一年度续租资格。", st["small"]
            ),
            Paragraph("第六章　附则", st["h1"]),
            Paragraph("第十七条　本守则由云溪人才公寓运营管理有限公司负责解释。", st["cl"]),
            Paragraph(
                "第十八条　管理处地址：云溪市滨江路 88 号 A 栋 1 楼；服务热线 0571-8690 2300（工作日 8:30–17:30）；"
                "夜间值班电话 0571-8690 2399；电子邮箱 service@yunxi-apt.example。",
                st["cl"],
            ),
        ]
        return s

    _pdf(
        path,
        story,
        font=CJK,
        head_l="云溪人才公寓运营管理有限公司",
        head_r="住户守则（2025年修订版）",
        foot_l="请妥善保管本守则",
        page_fmt="第 {n} 页，共 {t} 页",
        title="云溪人才公寓住户守则",
    )
    return path


# ---------------------------------------------------------------------------
# DOCX helpers
# ---------------------------------------------------------------------------


def _docx_core(d: Any, title: str) -> None:
    cp = d.core_properties
    cp.title = title
    cp.author = "fresh3 generator"
    cp.last_modified_by = "fresh3 generator"
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


def _docx_field(p: Any, instr: str) -> None:
    from docx.oxml import OxmlElement  # type: ignore[import-untyped, unused-ignore]
    from docx.oxml.ns import qn  # type: ignore[import-untyped, unused-ignore]

    def el(tag: str, **attrs: str) -> Any:
        e = OxmlElement(tag)
        for k, v in attrs.items():
            e.set(qn(k), v)
        return e

    r1 = p.add_run()
    r1._r.append(el("w:fldChar", **{"w:fldCharType": "begin"}))
    r2 = p.add_run()
    it = el("w:instrText", **{"xml:space": "preserve"})
    it.text = f" {instr} "
    r2._r.append(it)
    r3 = p.add_run()
    r3._r.append(el("w:fldChar", **{"w:fldCharType": "separate"}))
    p.add_run("1")
    r5 = p.add_run()
    r5._r.append(el("w:fldChar", **{"w:fldCharType": "end"}))


def _docx_table(
    d: Any, rows: list[list[str]], merges: list[tuple[int, int, int, int]] | None = None
) -> Any:
    from docx.oxml import OxmlElement  # type: ignore[import-untyped, unused-ignore]
    from docx.oxml.ns import qn  # type: ignore[import-untyped, unused-ignore]

    t = d.add_table(rows=len(rows), cols=len(rows[0]))
    t.style = "Table Grid"
    for i, row in enumerate(rows):
        for j, v in enumerate(row):
            cell = t.cell(i, j)
            lines = v.split("\n")
            cell.text = lines[0]
            for extra in lines[1:]:
                cell.add_paragraph(extra)
            if i == 0:
                for par in cell.paragraphs:
                    for r in par.runs:
                        r.bold = True
    trpr = t.rows[0]._tr.get_or_add_trPr()
    th = OxmlElement("w:tblHeader")
    th.set(qn("w:val"), "true")
    trpr.append(th)
    for r0, c0, r1, c1 in merges or []:
        a = t.cell(r0, c0)
        keep = a.text
        a.merge(t.cell(r1, c1))
        # python-docx concatenates merged text; keep only the first cell's text
        for par in a.paragraphs[1:]:
            par._p.getparent().remove(par._p)
        a.paragraphs[0].text = keep
        for r in a.paragraphs[0].runs:
            r.bold = r0 == 0
    return t


# ---------------------------------------------------------------------------
# 6. Northgate Home Appliances warranty terms (en DOCX)
# ---------------------------------------------------------------------------


def _northgate(out: pathlib.Path) -> pathlib.Path:
    import docx  # type: ignore[import-untyped, unused-ignore]

    path = out / "fresh3-northgate-appliance-warranty-en.docx"
    d = docx.Document()
    _docx_core(d, "Northgate Home Appliances Limited Warranty Terms")
    sec = d.sections[0]
    sec.header.paragraphs[
        0
    ].text = "Northgate Home Appliances Ltd — Limited Warranty Terms (NG-WT-2025)"
    fp = sec.footer.paragraphs[0]
    fp.add_run(
        "Northgate Home Appliances Ltd, Unit 7 Carrow Business Park, Kilbeggan Road, Athmore. Page "
    )
    _docx_field(fp, "PAGE")
    fp.add_run(" of ")
    _docx_field(fp, "NUMPAGES")

    d.add_heading("Limited Warranty Terms", 0)
    d.add_paragraph(
        "These terms apply to Northgate-branded household appliances bought new from an authorised "
        "retailer on or after 1 January 2025 and used in the Republic of Athmore. They are in addition "
        "to your statutory rights as a consumer."
    )
    d.add_heading("1. What the warranty covers", 1)
    d.add_paragraph(
        "1.1 Northgate will repair or, at its option, replace any part that fails because of a defect in "
        "materials or manufacture during the warranty period shown in Table 1."
    )
    d.add_paragraph(
        "1.2 'Parts' cover means the replacement part is free of charge. 'Labour' cover means the "
        "engineer's time and call-out are also free of charge. After the labour period ends, a labour "
        "charge of €85 per visit applies even if the part itself is still covered."
    )
    d.add_paragraph("Table 1 – Warranty periods by product category")
    _docx_table(
        d,
        [
            [
                "Product category",
                "Parts (years)",
                "Labour (years)",
                "Extended cover on key component",
                "Notes",
            ],
            [
                "Refrigerators and freezers",
                "2",
                "1",
                "Compressor: 10 years (parts only)",
                "Door seals: 6 months",
            ],
            [
                "Washing machines",
                "2",
                "2",
                "Direct-drive motor: 10 years (parts only)",
                "Drum bearings covered for 3 years",
            ],
            ["Tumble dryers", "2", "1", "Heat-pump unit: 5 years", ""],
            ["Dishwashers", "2", "2", "—", "Cutlery basket and racks: 1 year"],
            [
                "Built-in ovens and hobs",
                "2",
                "1",
                "Induction generator: 5 years",
                "Oven lamps not covered",
            ],
            ["Cooker hoods", "2", "1", "—", "Grease and carbon filters not covered"],
            [
                "Microwave ovens",
                "1",
                "1",
                "Magnetron: 3 years",
                "Carry-in service only\n(no home visit)",
            ],
            [
                "Air conditioners (split type)",
                "3",
                "1",
                "Inverter compressor: 7 years",
                "Installation by a Northgate-approved installer required",
            ],
            [
                "Electric water heaters",
                "2",
                "1",
                "Inner tank: 6 years",
                "Anode rod to be replaced every 2 years by the owner",
            ],
            [
                "Cordless vacuum cleaners",
                "2",
                "2",
                "Battery: 1 year",
                "Carry-in service only\n(no home visit)",
            ],
        ],
    )
    d.add_paragraph(
        "Registering the product at northgate-appliances.example/register within 30 days of purchase adds "
        "one extra year of parts cover to the periods above. Registration is not available for products used "
        "commercially (see clause 3.2)."
    )
    d.add_heading("2. How to make a claim", 1)
    d.add_paragraph(
        "2.1 Contact Northgate Customer Care within 14 days of discovering a fault, on 1800 555 0193 "
        "(Monday to Friday 08:00–20:00, Saturday 09:00–17:00) or by e-mail to "
        "warranty@northgate-appliances.example."
    )
    d.add_paragraph(
        "2.2 You will need the model number, the serial number (on the rating plate) and proof of purchase "
        "showing the date and the retailer."
    )
    d.add_paragraph(
        "2.3 An engineer visit will normally be offered within 3 working days. If a repair is not completed "
        "within 10 working days of the first visit, Northgate will offer a replacement of the same or an "
        "equivalent model."
    )
    d.add_paragraph(
        "2.4 If the engineer finds no fault with the appliance, or finds that the fault is not covered by this "
        "warranty, a call-out fee of €65 will be charged."
    )
    d.add_paragraph(
        "2.5 Carry-in products must be brought or posted to the Northgate Service Centre, Unit 7 Carrow "
        "Business Park, Athmore. Postage for faulty products within the parts period is refunded on request."
    )
    d.add_heading("3. What the warranty does not cover", 1)
    d.add_paragraph(
        "3.1 Damage caused by incorrect installation, misuse, power surges, limescale, foreign objects, "
        "pests, accidents, or repairs carried out by anyone other than a Northgate-approved engineer."
    )
    d.add_paragraph(
        "3.2 Commercial use. Appliances used in a business, guest house, laundrette or shared facility "
        "with more than 6 households are covered for 6 months parts and labour only, and the extended "
        "cover in Table 1 does not apply."
    )
    d.add_paragraph(
        "3.3 Consumable items such as filters, light bulbs, batteries of remote controls, hoses and "
        "glass parts, except where the failure is caused by a manufacturing defect found within 30 days "
        "of delivery."
    )
    d.add_paragraph(
        "3.4 Cosmetic damage (dents, scratches) must be reported to the retailer within 48 hours of delivery; "
        "Northgate does not accept cosmetic claims after that time."
    )
    d.add_heading("4. Replacement products and transfer", 1)
    d.add_paragraph(
        "4.1 A replacement product or part is covered for the remainder of the original warranty period "
        "only, and not for a new period."
    )
    d.add_paragraph(
        "4.2 The warranty transfers automatically to a new owner if the appliance is sold with the property "
        "in which it is installed. In all other cases it is not transferable."
    )
    d.add_heading("5. Extended Care plans", 1)
    d.add_paragraph(
        "Owners can buy a Northgate Extended Care plan at any time before the original labour cover ends. "
        "Prices include parts, labour and one annual service visit."
    )
    _docx_table(
        d,
        [
            ["Plan", "Term", "Price (€)", "Available for"],
            ["Care 3", "3 years", "149", "All categories except microwave ovens"],
            [
                "Care 5",
                "5 years",
                "229",
                "Refrigerators, washing machines, dishwashers,\ntumble dryers",
            ],
            [
                "Cool Care",
                "5 years",
                "279",
                "Air conditioners only\n(includes annual filter clean)",
            ],
        ],
    )
    d.add_paragraph(
        "Extended Care plans can be cancelled within 30 days for a full refund; after that, a pro-rata "
        "refund less an administration fee of €20 is made."
    )
    d.add_heading("6. Complaints", 1)
    d.add_paragraph(
        "If you are not satisfied with how a claim was handled, write to the Customer Relations Manager, "
        "Ms Orla Fennessy, at the address below or at relations@northgate-appliances.example. We will "
        "reply within 15 working days."
    )
    d.save(str(path))
    _fix_zip(path)
    return path


# ---------------------------------------------------------------------------
# 7. Chengjiang city government leave rules (zh-Hant DOCX)
# ---------------------------------------------------------------------------


def _chengjiang(out: pathlib.Path) -> pathlib.Path:
    import docx  # type: ignore[import-untyped, unused-ignore]

    path = out / "fresh3-chengjiang-leave-rules-zh-hant.docx"
    d = docx.Document()
    _docx_core(d, "澄江市政府公務人員休假及請假實施要點")
    _docx_east_asia(d, "Microsoft JhengHei")
    sec = d.sections[0]
    sec.header.paragraphs[
        0
    ].text = "澄江市政府人事處　公務人員休假及請假實施要點（114 年 1 月 1 日生效）"
    fp = sec.footer.paragraphs[0]
    fp.add_run("第 ")
    _docx_field(fp, "PAGE")
    fp.add_run(" 頁，共 ")
    _docx_field(fp, "NUMPAGES")
    fp.add_run(" 頁")

    d.add_heading("澄江市政府公務人員休假及請假實施要點", 0)
    d.add_paragraph("澄江市政府 113 年 12 月 10 日澄府人給字第 1130047215 號函訂定")
    d.add_heading("一、目的", 1)
    d.add_paragraph(
        "澄江市政府（以下簡稱本府）為使所屬公務人員兼顧工作與生活，落實休假制度，特訂定本要點。"
    )
    d.add_heading("二、適用對象", 1)
    d.add_paragraph(
        "本府各局、處、委員會及所屬機關之編制內公務人員。約聘僱人員及技工、工友，依其契約或相關規定辦理。"
    )
    d.add_heading("三、年度休假日數", 1)
    d.add_paragraph("（一）公務人員依服務年資，每年給予休假日數如下表：")
    _docx_table(
        d,
        [
            ["連續服務年資", "年度休假日數", "休假補助最高日數", "說明"],
            ["滿 1 年", "7 日", "7 日", "第 2 年 1 月起核給"],
            ["滿 2 年", "10 日", "10 日", ""],
            ["滿 4 年", "14 日", "14 日", ""],
            ["滿 7 年", "21 日", "14 日", "超過 14 日部分得保留"],
            ["滿 10 年", "26 日", "14 日", "同上"],
            ["滿 15 年", "30 日", "14 日", "最高 30 日"],
        ],
    )
    d.add_paragraph(
        "（二）初任人員於 1 月 1 日以後到職者，次年 1 月起按當年在職月數比例核給休假，"
        "未滿半日者以半日計。"
    )
    d.add_paragraph(
        "（三）休假應以半日為最小單位；但因照顧未滿 12 歲子女而休假者，得以小時為單位。"
    )
    d.add_heading("四、休假補助", 1)
    d.add_paragraph(
        "（一）公務人員於每年 1 月至 12 月間休假，並於休假期間持國民旅遊卡消費者，"
        "每日補助新臺幣 800 元，全年最高 16,000 元。"
    )
    d.add_paragraph(
        "（二）具有休假 14 日以上資格者，應至少休假 14 日，始得就超過 14 日之未休假日數，"
        "按日支給不休假加班費；未達 14 日者，不予支給。"
    )
    d.add_paragraph("（三）未休畢之休假日數，得保留至次年實施，但保留日數累計以 30 日為上限。")
    d.add_heading("五、請假類別及日數", 1)
    d.add_paragraph("公務人員請假類別、給假日數及應檢附之證明如下表：")
    _docx_table(
        d,
        [
            ["假別", "給假日數", "應附證明", "備註"],
            ["事假", "每年 5 日", "免附", "超過者按日扣除俸給"],
            ["家庭照顧假", "每年 7 日", "免附", "併入事假計算"],
            ["病假", "每年 28 日", "請假 2 日以上應附醫療證明", "超過者以事假或休假抵銷"],
            ["生理假", "每月 1 日", "免附", "全年未超過 3 日者不併入病假"],
            ["婚假", "14 日", "結婚證明或戶籍謄本", "應於結婚之日前 10 日起三個月內請畢"],
            ["產前假", "8 日", "醫療證明", "得分次申請，不得保留至分娩後"],
            ["娩假", "42 日", "出生證明", "流產者依懷孕週數另定"],
            [
                "陪產檢及陪產假",
                "7 日",
                "出生證明或產檢紀錄",
                "應於配偶懷孕期間或分娩前後 15 日內請畢",
            ],
            [
                "喪假",
                "父母、配偶：15 日\n祖父母、子女：5 日\n兄弟姊妹：3 日",
                "死亡證明或訃聞",
                "得分次請假，應於死亡之日起百日內請畢",
            ],
            ["公假", "依實際需要", "開會通知、調訓函等", "含參加本府指派之訓練"],
        ],
    )
    d.add_heading("六、申請程序", 1)
    d.add_paragraph(
        "（一）請假或休假，應於前一日下班前，透過本府「差勤管理系統」提出申請，經單位主管核准後始得離開"
        "職守。但因急病或緊急事故不及事先申請者，得由同事或家屬代為電話報告，並於銷假上班後 2 日內補辦手續。"
    )
    d.add_paragraph(
        "（二）連續請假（含休假）達 5 日以上者，應經機關首長或其授權之副首長核准，並妥善安排職務代理人。"
    )
    d.add_paragraph(
        "（三）出國休假者，應於出國前 7 日填具出國申請表送人事單位備查；前往中國大陸地區者，另依相關規定辦理。"
    )
    d.add_heading("七、附則", 1)
    d.add_paragraph(
        "本要點如有疑義，請洽本府人事處給與科，承辦人：鄭雅筑，電話 (05) 2778-3100 分機 2417，"
        "電子郵件 leave@chengjiang.example.gov.tw。"
    )
    d.save(str(path))
    _fix_zip(path)
    return path


# ---------------------------------------------------------------------------
# 8. Ministry of Harbours and Fisheries annual leave workbook (en XLSX)
# ---------------------------------------------------------------------------

CALVERA_STAFF: list[tuple[str, str, str, str, int, int, int]] = [
    ("MHF-0112", "Amara Delacroix", "Port Licensing", "B", 30, 5, 12),
    ("MHF-0127", "Benedict Oyelaran", "Port Licensing", "C", 25, 3, 9),
    ("MHF-0203", "Clara Montvale", "Fisheries Inspection", "A", 32, 8, 14),
    ("MHF-0219", "Dmitri Albescu", "Fisheries Inspection", "D", 22, 0, 6),
    ("MHF-0245", "Esperanza Quill", "Fisheries Inspection", "C", 27, 4, 17),
    ("MHF-0301", "Farid Nasrallah", "Marine Safety", "B", 28, 6, 11),
    ("MHF-0318", "Greta Solberg", "Marine Safety", "C", 25, 2, 20),
    ("MHF-0330", "Hugo Ferreira-Lund", "Marine Safety", "D", 24, 1, 8),
    ("MHF-0407", "Ingrid Rautio", "Corporate Services", "A", 32, 10, 15),
    ("MHF-0415", "Jonas Achterberg", "Corporate Services", "C", 27, 5, 4),
    ("MHF-0422", "Keziah Mbeki", "Corporate Services", "D", 22, 2, 13),
    ("MHF-0509", "Lorcan Whitcombe", "Legal Unit", "B", 30, 7, 19),
]


def _calvera(out: pathlib.Path) -> pathlib.Path:
    import xlsxwriter  # type: ignore[import-untyped, unused-ignore]

    path = out / "fresh3-calvera-ministry-annual-leave-en.xlsx"
    wb = xlsxwriter.Workbook(str(path))
    wb.set_properties(
        {
            "title": "Ministry of Harbours and Fisheries - Annual Leave 2025",
            "author": "fresh3 generator",
            "created": _dt.datetime(2025, 1, 1),
        }
    )
    bold = wb.add_format(
        {"bold": True, "bg_color": "#DDEBF7", "border": 1, "text_wrap": True, "valign": "vcenter"}
    )
    cell = wb.add_format({"border": 1, "text_wrap": True, "valign": "top"})
    title = wb.add_format({"bold": True, "font_size": 13})
    note = wb.add_format({"italic": True})

    ws = wb.add_worksheet("Entitlement")
    ws.write(
        0,
        0,
        "Ministry of Harbours and Fisheries, Republic of Calvera — Annual leave entitlement 2025",
        title,
    )
    ws.write(1, 0, "Human Resources Directorate · Circular HR/2025/04 · days per calendar year")
    ws.merge_range(3, 0, 4, 0, "Grade band", bold)
    ws.merge_range(3, 1, 3, 3, "Annual leave (working days) by completed years of service", bold)
    ws.write(4, 1, "Under 5 years", bold)
    ws.write(4, 2, "5 to 14 years", bold)
    ws.write(4, 3, "15 years or more", bold)
    ws.merge_range(3, 4, 4, 4, "Max. carry-over into 2026 (days)", bold)
    ws.merge_range(3, 5, 4, 5, "Example posts", bold)
    ent = [
        ("A (Director and above)", 28, 30, 32, 10, "Director of Port Licensing\nChief Inspector"),
        ("B (Senior officer)", 26, 28, 30, 8, "Senior Licensing Officer\nLegal Adviser"),
        ("C (Officer)", 25, 27, 29, 5, "Fisheries Inspector\nMarine Safety Officer"),
        ("D (Assistant)", 22, 24, 26, 5, "Administrative Assistant\nBoat Crew"),
        ("Trainee / apprentice", 20, "—", "—", 3, "Cadet Inspector"),
    ]
    for i, row in enumerate(ent):
        for j, v in enumerate(row):
            ws.write(5 + i, j, v, cell)
    ws.write(11, 0, "Notes", title)
    notes = [
        "1. Part-time staff receive leave pro rata to their contracted hours, rounded up to the nearest half day.",
        "2. Leave requests must be submitted in the e-HR portal at least 5 working days in advance; requests for more than 10 consecutive working days need the Director's approval.",
        "3. Carried-over days not used by 31 March 2026 are forfeited.",
        "4. Staff on sea-going vessels receive 4 additional days of leave per year (Marine Safety crews only).",
        "5. Public holidays falling within a period of leave are not deducted from the leave balance.",
        "6. Questions: Leave Administration Desk, ext. 4410, leave.desk@mhf-calvera.example",
    ]
    for i, n in enumerate(notes):
        ws.write(12 + i, 0, n, note)
    ws.set_column(0, 0, 26)
    ws.set_column(1, 4, 15)
    ws.set_column(5, 5, 30)

    ws2 = wb.add_worksheet("Balances 2025")
    ws2.write(
        0, 0, "Annual leave balances at 30 June 2025 — Ministry of Harbours and Fisheries", title
    )
    hdr = [
        "Staff ID",
        "Name",
        "Division",
        "Grade",
        "Entitlement 2025 (days)",
        "Carried over from 2024 (days)",
        "Taken to 30 June (days)",
        "Remaining (days)",
    ]
    for j, h in enumerate(hdr):
        ws2.write(2, j, h, bold)
    for i, (sid, name, div, grade, e, c, t) in enumerate(CALVERA_STAFF):
        r = 3 + i
        ws2.write(r, 0, sid, cell)
        ws2.write(r, 1, name, cell)
        ws2.write(r, 2, div, cell)
        ws2.write(r, 3, grade, cell)
        ws2.write_number(r, 4, e, cell)
        ws2.write_number(r, 5, c, cell)
        ws2.write_number(r, 6, t, cell)
        ws2.write_formula(r, 7, f"=E{r + 1}+F{r + 1}-G{r + 1}", cell, e + c - t)
    last = 3 + len(CALVERA_STAFF)
    ws2.write(last, 0, "Total", bold)
    for j, col in ((4, "E"), (5, "F"), (6, "G"), (7, "H")):
        idx = {4: 4, 5: 5, 6: 6, 7: 7}[j]
        tot = sum(
            (s[4] if idx == 4 else s[5] if idx == 5 else s[6] if idx == 6 else s[4] + s[5] - s[6])
            for s in CALVERA_STAFF
        )
        ws2.write_formula(last, j, f"=SUM({col}4:{col}{last})", bold, tot)
    ws2.write(
        last + 2,
        0,
        "Balances are provisional until confirmed by the Leave Administration Desk.",
        note,
    )
    ws2.set_column(0, 0, 11)
    ws2.set_column(1, 2, 22)
    ws2.set_column(3, 7, 13)
    wb.close()
    _fix_zip(path)
    return path


# ---------------------------------------------------------------------------
# 9. Luhai marathon runner briefing (zh-Hans PPTX)
# ---------------------------------------------------------------------------


def _luhai(out: pathlib.Path) -> pathlib.Path:
    from pptx import Presentation  # type: ignore[import-untyped, unused-ignore]
    from pptx.util import Emu, Pt  # type: ignore[import-untyped, unused-ignore]

    path = out / "fresh3-luhai-marathon-briefing-zh-hans.pptx"
    prs = Presentation()
    prs.slide_width = Emu(12192000)
    prs.slide_height = Emu(6858000)
    cp = prs.core_properties
    cp.title = "2025鹭海国际马拉松 选手须知"
    cp.author = "fresh3 generator"
    cp.last_modified_by = "fresh3 generator"
    cp.created = _dt.datetime(2025, 1, 1)
    cp.modified = _dt.datetime(2025, 1, 1)
    cp.revision = 1
    blank = prs.slide_layouts[6]
    total = 9

    def base(title: str, n: int) -> Any:
        s = prs.slides.add_slide(blank)
        tb = s.shapes.add_textbox(Emu(500000), Emu(300000), Emu(11000000), Emu(800000))
        p = tb.text_frame.paragraphs[0]
        p.text = title
        p.runs[0].font.size = Pt(30)
        p.runs[0].font.bold = True
        ft = s.shapes.add_textbox(Emu(500000), Emu(6350000), Emu(11000000), Emu(400000))
        fp = ft.text_frame.paragraphs[0]
        fp.text = f"2025鹭海国际马拉松组委会　|　{n}/{total}"
        fp.runs[0].font.size = Pt(11)
        return s

    def bullets(s: Any, items: list[str], top: int = 1300000, height: int = 4900000) -> None:
        tb = s.shapes.add_textbox(Emu(600000), Emu(top), Emu(11000000), Emu(height))
        tf = tb.text_frame
        tf.word_wrap = True
        for i, it in enumerate(items):
            p = tf.paragraphs[0] if i == 0 else tf.add_paragraph()
            p.text = "• " + it
            p.runs[0].font.size = Pt(18)

    def table(
        s: Any, rows: list[list[str]], top: int = 1300000, widths: list[int] | None = None
    ) -> None:
        nr, nc = len(rows), len(rows[0])
        shape = s.shapes.add_table(nr, nc, Emu(600000), Emu(top), Emu(11000000), Emu(400000 * nr))
        tbl = shape.table
        if widths:
            for j, w in enumerate(widths):
                tbl.columns[j].width = Emu(w)
        for i, row in enumerate(rows):
            for j, v in enumerate(row):
                c = tbl.cell(i, j)
                c.text = v
                for p in c.text_frame.paragraphs:
                    for r in p.runs:
                        r.font.size = Pt(15)

    # 1 title
    s = prs.slides.add_slide(blank)
    tb = s.shapes.add_textbox(Emu(800000), Emu(1800000), Emu(10500000), Emu(3000000))
    tf = tb.text_frame
    tf.word_wrap = True
    tf.paragraphs[0].text = "2025鹭海国际马拉松　选手须知"
    tf.paragraphs[0].runs[0].font.size = Pt(40)
    for line in [
        "比赛日期：2025年11月16日（星期日）",
        "起点：鹭海市环岛路 观音山沙滩广场",
        "主办：鹭海市体育总会　承办：鹭海市田径协会",
    ]:
        p = tf.add_paragraph()
        p.text = line
        p.runs[0].font.size = Pt(20)
    ft = s.shapes.add_textbox(Emu(500000), Emu(6350000), Emu(11000000), Emu(400000))
    ft.text_frame.paragraphs[0].text = f"2025鹭海国际马拉松组委会　|　1/{total}"

    # 2 events
    s = base("比赛项目与规模", 2)
    table(
        s,
        [
            ["项目", "距离", "鸣枪时间", "关门时间", "参赛名额", "报名费（元）"],
            ["全程马拉松", "42.195 公里", "7:30", "6 小时（13:30）", "20,000 人", "200"],
            ["半程马拉松", "21.0975 公里", "7:30", "3 小时（10:30）", "12,000 人", "150"],
            ["欢乐跑", "约 5 公里", "8:10", "1 小时（9:10）", "3,000 人", "80"],
        ],
    )
    bullets(
        s,
        [
            "各项目起点相同；欢乐跑不计时、不设奖金。",
            "年龄要求：全程马拉松须年满 20 周岁，半程马拉松须年满 16 周岁，欢乐跑 8 周岁以上（未成年人须监护人陪同）。",
        ],
        top=3200000,
        height=2500000,
    )

    # 3 packet pickup
    s = base("参赛物品领取", 3)
    bullets(
        s,
        [
            "时间：2025年11月13日至15日，每天 10:00–20:00（15日提前至 18:00 结束）",
            "地点：鹭海国际会展中心 3 号馆（会展北路 1 号）",
            "凭本人有效身份证件原件及领物确认短信领取号码布、计时芯片和参赛包",
            "代领：须持代领授权书、参赛者及代领人身份证复印件；每人最多代领 5 人",
            "逾期未领取者视为自动放弃，报名费不予退还",
        ],
    )

    # 4 race morning
    s = base("比赛日安排", 4)
    table(
        s,
        [
            ["时间", "事项", "地点"],
            ["5:30", "地铁 2 号线提前开通运营", "全线"],
            ["5:45–6:50", "存衣（凭号码布存取）", "沙滩广场北侧存衣车"],
            ["6:00–7:10", "检录入区", "A–F 起跑区（按号码布字母）"],
            ["7:15", "起跑区关闭", "未入区者从最后一区出发"],
            ["7:30", "全程、半程马拉松鸣枪", "观音山沙滩广场"],
            ["8:10", "欢乐跑鸣枪", "观音山沙滩广场"],
        ],
        widths=[2200000, 5000000, 3800000],
    )
    bullets(
        s,
        ["存衣袋限 1 个，贵重物品请勿存放；赛后 15:00 前凭号码布领取。"],
        top=4600000,
        height=1200000,
    )

    # 5 supply
    s = base("补给与医疗", 5)
    bullets(
        s,
        [
            "饮水站：自 5 公里起每约 2.5 公里设 1 处，提供饮用水和电解质饮料",
            "能量补给站：15、25、32、38 公里处，提供香蕉、能量胶和盐丸",
            "医疗站：每 2.5 公里设 1 处；30 公里以后每 1 公里配备 AED 急救跑者",
            "终点设医疗中心，配有 2 名急诊科医生",
            "身体不适请立即停止比赛，向最近的医疗站或志愿者求助",
        ],
    )

    # 6 cut-off
    s = base("分段关门时间", 6)
    table(
        s,
        [
            ["关门点", "关门时间", "说明"],
            ["10 公里", "9:05", ""],
            ["半程终点 21.0975 公里", "10:30", "半程马拉松终点"],
            ["25 公里", "10:55", ""],
            ["30 公里", "11:40", ""],
            ["35 公里", "12:25", ""],
            ["40 公里", "13:10", ""],
            ["全程终点", "13:30", ""],
        ],
        widths=[4200000, 2800000, 4000000],
    )
    bullets(
        s, ["未在关门时间内通过的选手须退出比赛，乘坐收容车返回终点。"], top=4900000, height=900000
    )

    # 7 prizes
    s = base("奖金设置（全程马拉松）", 7)
    table(
        s,
        [
            ["名次", "男子（元）", "女子（元）", "国内选手专项奖（元）"],
            ["第一名", "60,000", "60,000", "20,000"],
            ["第二名", "30,000", "30,000", "10,000"],
            ["第三名", "15,000", "15,000", "6,000"],
            ["第四至第八名", "5,000", "5,000", "2,000"],
        ],
    )
    bullets(
        s,
        [
            "打破赛会纪录（男子 2:08:41，女子 2:24:16）另奖 50,000 元",
            "奖金为税前金额，由组委会代扣代缴个人所得税",
            "半程马拉松前三名颁发奖牌和证书，不设奖金",
        ],
        top=3600000,
        height=2400000,
    )

    # 8 rules
    s = base("竞赛规则与处罚", 8)
    bullets(
        s,
        [
            "号码布须佩戴在胸前，不得折叠、遮挡或转让",
            "替跑、使用他人号码布者，取消成绩并禁赛 2 年",
            "赛道全程禁止使用无人机、自拍杆，禁止携带宠物和婴儿车",
            "完赛者可于赛后 3 个工作日内在官方小程序查询成绩并下载电子证书",
            "成绩申诉须在成绩公布后 24 小时内，以书面形式提交至组委会竞赛部",
        ],
    )

    # 9 contact
    s = base("联系我们", 9)
    bullets(
        s,
        [
            "选手服务热线：0592-555 8016（11月10日至17日 9:00–21:00）",
            "电子邮箱：runner@luhai-marathon.example",
            "组委会地址：鹭海市体育路 66 号 鹭海体育中心 B 座 4 楼",
            "如遇恶劣天气，组委会将在比赛前一天 18:00 前发布是否延期的通知",
        ],
    )
    prs.save(str(path))
    _fix_zip(path)
    return path


# ---------------------------------------------------------------------------
# 10. Qingchuan animal hospital pet boarding (zh-Hant ODT, hand-written ODF)
# ---------------------------------------------------------------------------


def _xml_esc(t: str) -> str:
    return t.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def _odt_write(
    path: pathlib.Path, body: str, header: str, footer_prefix: str, footer_suffix: str, title: str
) -> None:
    ns = (
        'xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" '
        'xmlns:style="urn:oasis:names:tc:opendocument:xmlns:style:1.0" '
        'xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" '
        'xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" '
        'xmlns:fo="urn:oasis:names:tc:opendocument:xmlns:xsl-fo-compatible:1.0" '
        'xmlns:meta="urn:oasis:names:tc:opendocument:xmlns:meta:1.0" '
        'xmlns:dc="http://purl.org/dc/elements/1.1/" '
        'xmlns:svg="urn:oasis:names:tc:opendocument:xmlns:svg-compatible:1.0"'
    )
    content = f"""<?xml version="1.0" encoding="UTF-8"?>
<office:document-content {ns} office:version="1.2">
<office:font-face-decls><style:font-face style:name="Noto Sans CJK TC" svg:font-family="'Noto Sans CJK TC'"/></office:font-face-decls>
<office:automatic-styles>
<style:style style:name="Tbl" style:family="table"><style:table-properties style:width="16cm" table:align="margins"/></style:style>
<style:style style:name="Cell" style:family="table-cell"><style:table-cell-properties fo:padding="0.08cm" fo:border="0.5pt solid #000000"/></style:style>
<style:style style:name="HCell" style:family="table-cell"><style:table-cell-properties fo:padding="0.08cm" fo:border="0.5pt solid #000000" fo:background-color="#e8e0f0"/></style:style>
<style:style style:name="Bold" style:family="text"><style:text-properties fo:font-weight="bold" style:font-weight-asian="bold"/></style:style>
</office:automatic-styles>
<office:body><office:text>
{body}
</office:text></office:body></office:document-content>
"""
    styles = f"""<?xml version="1.0" encoding="UTF-8"?>
<office:document-styles {ns} office:version="1.2">
<office:styles>
<style:default-style style:family="paragraph"><style:text-properties style:font-name-asian="Noto Sans CJK TC" fo:font-size="11pt" style:font-size-asian="11pt"/></style:default-style>
<style:style style:name="Standard" style:family="paragraph"><style:paragraph-properties fo:margin-bottom="0.15cm"/></style:style>
<style:style style:name="Title" style:family="paragraph"><style:paragraph-properties fo:text-align="center" fo:margin-bottom="0.3cm"/><style:text-properties fo:font-size="18pt" style:font-size-asian="18pt" fo:font-weight="bold" style:font-weight-asian="bold"/></style:style>
<style:style style:name="Heading_20_1" style:display-name="Heading 1" style:family="paragraph"><style:paragraph-properties fo:margin-top="0.35cm" fo:margin-bottom="0.15cm"/><style:text-properties fo:font-size="14pt" style:font-size-asian="14pt" fo:font-weight="bold" style:font-weight-asian="bold"/></style:style>
<style:style style:name="Small" style:family="paragraph"><style:text-properties fo:font-size="9pt" style:font-size-asian="9pt"/></style:style>
</office:styles>
<office:automatic-styles>
<style:page-layout style:name="PL"><style:page-layout-properties fo:page-width="21cm" fo:page-height="29.7cm" fo:margin-top="1.5cm" fo:margin-bottom="1.5cm" fo:margin-left="2cm" fo:margin-right="2cm"/></style:page-layout>
</office:automatic-styles>
<office:master-styles>
<style:master-page style:name="Standard" style:page-layout-name="PL">
<style:header><text:p text:style-name="Small">{_xml_esc(header)}</text:p></style:header>
<style:footer><text:p text:style-name="Small">{_xml_esc(footer_prefix)}<text:page-number text:select-page="current">1</text:page-number>{_xml_esc(footer_suffix)}</text:p></style:footer>
</style:master-page>
</office:master-styles>
</office:document-styles>
"""
    meta = f"""<?xml version="1.0" encoding="UTF-8"?>
<office:document-meta {ns} office:version="1.2"><office:meta><dc:title>{_xml_esc(title)}</dc:title><meta:generator>fresh3 generator</meta:generator></office:meta></office:document-meta>
"""
    manifest = """<?xml version="1.0" encoding="UTF-8"?>
<manifest:manifest xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0" manifest:version="1.2">
<manifest:file-entry manifest:full-path="/" manifest:version="1.2" manifest:media-type="application/vnd.oasis.opendocument.text"/>
<manifest:file-entry manifest:full-path="content.xml" manifest:media-type="text/xml"/>
<manifest:file-entry manifest:full-path="styles.xml" manifest:media-type="text/xml"/>
<manifest:file-entry manifest:full-path="meta.xml" manifest:media-type="text/xml"/>
</manifest:manifest>
"""
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as z:
        for name, data, comp in [
            ("mimetype", "application/vnd.oasis.opendocument.text", zipfile.ZIP_STORED),
            ("META-INF/manifest.xml", manifest, zipfile.ZIP_DEFLATED),
            ("content.xml", content, zipfile.ZIP_DEFLATED),
            ("styles.xml", styles, zipfile.ZIP_DEFLATED),
            ("meta.xml", meta, zipfile.ZIP_DEFLATED),
        ]:
            zi = zipfile.ZipInfo(name, date_time=ZIP_TIME)
            zi.compress_type = comp
            zi.external_attr = 0o644 << 16
            z.writestr(zi, data.encode("utf-8"))
    path.write_bytes(buf.getvalue())


def _odt_p(t: str, style: str = "Standard") -> str:
    return f'<text:p text:style-name="{style}">{_xml_esc(t)}</text:p>'


def _odt_h(t: str) -> str:
    return f'<text:h text:style-name="Heading_20_1" text:outline-level="1">{_xml_esc(t)}</text:h>'


def _odt_table(
    name: str, rows: list[list[str]], spans: dict[tuple[int, int], int] | None = None
) -> str:
    spans = spans or {}
    ncol = len(rows[0])
    out = [f'<table:table table:name="{name}" table:style-name="Tbl">']
    out.append(f'<table:table-column table:number-columns-repeated="{ncol}"/>')
    out.append("<table:table-header-rows>")
    for i, row in enumerate(rows):
        if i == 1:
            out.append("</table:table-header-rows>")
        out.append("<table:table-row>")
        skip = 0
        for j, v in enumerate(row):
            if skip:
                skip -= 1
                out.append("<table:covered-table-cell/>")
                continue
            span = spans.get((i, j), 1)
            attr = f' table:number-columns-spanned="{span}"' if span > 1 else ""
            skip = span - 1
            sty = "HCell" if i == 0 else "Cell"
            paras = "".join(
                (
                    f'<text:p><text:span text:style-name="Bold">{_xml_esc(x)}</text:span></text:p>'
                    if i == 0
                    else _odt_p(x)
                )
                for x in v.split("\n")
            )
            out.append(
                f'<table:table-cell table:style-name="{sty}" office:value-type="string"{attr}>{paras}</table:table-cell>'
            )
        out.append("</table:table-row>")
    out.append("</table:table>")
    return "\n".join(out)


def _qingchuan(out: pathlib.Path) -> pathlib.Path:
    path = out / "fresh3-qingchuan-pet-boarding-zh-hant.odt"
    parts = [
        f'<text:p text:style-name="Title">{_xml_esc("晴川動物醫院　寵物住宿須知")}</text:p>',
        _odt_p("晴川動物醫院（新北市永和區得和路 57 號）｜住宿部｜114 年 6 月版"),
        _odt_p(
            "本院住宿部設有獨立貓房與犬舍，由駐院獸醫師每日巡房兩次。預約住宿前，請詳閱以下須知。"
        ),
        _odt_h("一、住宿房型及價格"),
        _odt_table(
            "房型價格",
            [
                ["房型", "適用對象", "每晚費用（新臺幣元）", "", "說明"],
                ["", "", "平日", "連假及寒暑假", ""],
                ["貓咪獨立房", "貓（每房限 1 隻）", "650", "750", "附貓跳台及窗景"],
                ["貓咪家庭房", "同戶貓 2–3 隻", "1,000", "1,150", "第 3 隻另加 200 元"],
                ["小型犬房", "10 公斤以下犬", "750", "850", "每日放風 2 次"],
                ["中型犬房", "10–25 公斤犬", "950", "1,100", "每日放風 2 次"],
                ["大型犬房", "25 公斤以上犬", "1,200", "1,400", "每日放風 3 次\n含室外活動區"],
                ["VIP 套房", "犬貓皆可", "1,800", "2,100", "24 小時監視器\n飼主可遠端觀看"],
            ],
            spans={(0, 2): 2},
        ),
        _odt_p("※ 春節期間（農曆除夕至初五）每晚另加收 300 元，且須預付全額。", "Small"),
        _odt_p(
            "※ 連續住宿滿 7 晚者，住宿費打 95 折；滿 14 晚者打 9 折。折扣不適用於加購服務。",
            "Small",
        ),
        _odt_h("二、入住條件"),
        _odt_p(
            "（一）犬須於一年內完成八合一（或十合一）疫苗及狂犬病疫苗注射；貓須於一年內完成三合一疫苗及狂犬病疫苗注射。入住時請攜帶疫苗紀錄卡。"
        ),
        _odt_p(
            "（二）入住前 30 日內須完成體內外寄生蟲預防。未完成者，本院將於入住當日代為投藥，費用另計。"
        ),
        _odt_p("（三）未滿 4 個月之幼犬、幼貓，以及懷孕中或有攻擊行為之寵物，恕不接受住宿。"),
        _odt_p(
            "（四）入住時由護理師進行基本健康檢查（免費）。如發現皮膚病或傳染病徵兆，本院得拒絕入住。"
        ),
        _odt_h("三、入住及退房時間"),
        _odt_p("（一）入住時間為每日 10:00 至 19:00；退房須於 12:00 前完成。"),
        _odt_p("（二）超過 12:00 退房者加收半日費用；超過 18:00 者以一晚計費。"),
        _odt_p("（三）週三下午（13:00 以後）住宿部公休，不辦理入住及退房。"),
        _odt_h("四、加購服務"),
        _odt_table(
            "加購服務",
            [
                ["服務項目", "費用（新臺幣元）", "備註"],
                ["洗澡（小型犬、貓）", "450", "退房前一天安排"],
                ["洗澡（中大型犬）", "700–1,000", "依體重及毛量報價"],
                ["一對一陪玩或散步", "200／15 分鐘", "限犬"],
                ["餵藥（口服）", "60／日", "請自備藥品並附使用說明"],
                ["胰島素注射", "150／日", "須由本院獸醫師評估"],
                ["每日照片及影片回報", "免費", "透過 LINE 官方帳號傳送"],
            ],
        ),
        _odt_h("五、訂金、取消及延長"),
        _odt_p(
            "（一）預約時須支付住宿費 30% 作為訂金。入住日 3 日前取消者，訂金全額退還；3 日內取消者，訂金不予退還，但可於 6 個月內折抵住宿費用一次。"
        ),
        _odt_p("（二）如需延長住宿，請於原訂退房日前一天通知，視空房情況安排。"),
        _odt_p(
            "（三）飼主逾原訂退房日 7 日未接回寵物且無法聯繫者，本院將依動物保護法相關規定通報主管機關。"
        ),
        _odt_h("六、住宿期間醫療"),
        _odt_p(
            "（一）寵物於住宿期間如出現不適，由駐院獸醫師先行診治，醫療費用依本院收費標準另計。"
        ),
        _odt_p(
            "（二）緊急狀況時，本院將先聯絡飼主；若 30 分鐘內無法聯絡飼主或緊急聯絡人，獸醫師得逕行必要之急救處置，醫療費用上限為新臺幣 15,000 元，超過者須經飼主同意。"
        ),
        _odt_h("七、攜帶物品"),
        _odt_p(
            "可攜帶平常食用之飼料（請依每餐份量分裝）、一件有飼主氣味之毛毯或玩具。本院不接受攜帶外食罐頭以外之生食。如未自備飼料，本院提供處方級乾糧，每日加收 80 元。"
        ),
        _odt_h("八、聯絡方式"),
        _odt_p("住宿部專線：(02) 2926-7781（每日 9:00–21:00）　LINE 官方帳號：@qingchuanvet"),
        _odt_p("住宿部主任：賴思妤 獸醫師　電子郵件：boarding@qingchuan-vet.example"),
    ]
    _odt_write(
        path,
        "\n".join(parts),
        header="晴川動物醫院　住宿部　寵物住宿須知",
        footer_prefix="第 ",
        footer_suffix=" 頁　｜　預約專線 (02) 2926-7781",
        title="晴川動物醫院寵物住宿須知",
    )
    return path


# ---------------------------------------------------------------------------
# 11. Ostrander Bay Ferries winter timetable (en HTML)
# ---------------------------------------------------------------------------

OSTRANDER_HTML = """<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Ostrander Bay Ferries — Winter Timetable and Fares 2025/26</title>
<style>
body {{ font-family: Georgia, serif; max-width: 960px; margin: 2em auto; color: #1d2b36; }}
table {{ border-collapse: collapse; margin: 1em 0; }}
th, td {{ border: 1px solid #7a8a99; padding: 4px 8px; text-align: center; }}
th {{ background: #dbe8f2; }}
.note {{ font-size: 0.85em; }}
header, footer {{ color: #555; font-size: 0.9em; }}
</style>
</head>
<body>
<header>
<p>Ostrander Bay Ferries Ltd &middot; Harbour Office, Quay Street, Port Ellery &middot; <a href="#fares">Fares</a> &middot; <a href="#conditions">Conditions</a></p>
</header>
<h1>Winter Timetable 2025/26: Port Ellery &harr; Gannet Island</h1>
<p>Valid from <strong>3 November 2025</strong> to <strong>29 March 2026</strong>. Crossing time about 50 minutes.
Our vessel this winter is the MV <em>Saltmarsh Wren</em> (capacity 220 passengers and 34 cars).</p>

<h2>Departures from Port Ellery</h2>
<table>
<thead>
<tr><th rowspan="2">Day</th><th colspan="5">Departure times</th></tr>
<tr><th>1</th><th>2</th><th>3</th><th>4</th><th>5</th></tr>
</thead>
<tbody>
<tr><td>Monday–Friday</td><td>06:45</td><td>09:30</td><td>12:15</td><td>15:40</td><td>18:20<sup>a</sup></td></tr>
<tr><td>Saturday</td><td>08:00</td><td>11:30</td><td>15:00</td><td>17:45</td><td>—</td></tr>
<tr><td>Sunday and public holidays</td><td>09:15</td><td>13:00</td><td>16:30</td><td>—</td><td>—</td></tr>
</tbody>
</table>

<h2>Departures from Gannet Island</h2>
<table>
<thead>
<tr><th rowspan="2">Day</th><th colspan="5">Departure times</th></tr>
<tr><th>1</th><th>2</th><th>3</th><th>4</th><th>5</th></tr>
</thead>
<tbody>
<tr><td>Monday–Friday</td><td>07:50</td><td>10:35</td><td>13:25<sup>b</sup></td><td>16:50</td><td>19:25<sup>a</sup></td></tr>
<tr><td>Saturday</td><td>09:05</td><td>12:40</td><td>16:05</td><td>18:50</td><td>—</td></tr>
<tr><td>Sunday and public holidays</td><td>10:20</td><td>14:10</td><td>17:35</td><td>—</td><td>—</td></tr>
</tbody>
</table>
<p class="note"><sup>a</sup> Fridays only between 5 January and 27 February 2026.<br>
<sup>b</sup> Passengers only; no vehicles are carried on this sailing because of the fuel delivery.<br>
No sailings on 25 December and 1 January. On 24 and 31 December the last departure from Gannet Island is at 16:50.</p>

<h2 id="fares">Fares (GBP)</h2>
<table>
<thead>
<tr><th rowspan="2">Ticket type</th><th colspan="2">Standard</th><th colspan="2">Islander card holders*</th></tr>
<tr><th>Single</th><th>Day return</th><th>Single</th><th>Day return</th></tr>
</thead>
<tbody>
<tr><td>Adult (16–64)</td><td>9.80</td><td>16.50</td><td>4.20</td><td>7.00</td></tr>
<tr><td>Child (5–15)</td><td>4.90</td><td>8.25</td><td>2.10</td><td>3.50</td></tr>
<tr><td>Senior (65+)</td><td>6.50</td><td>11.00</td><td>free</td><td>free</td></tr>
<tr><td>Child under 5</td><td>free</td><td>free</td><td>free</td><td>free</td></tr>
<tr><td>Bicycle</td><td>2.00</td><td>3.00</td><td>free</td><td>free</td></tr>
<tr><td>Car or motorcycle (up to 5 m)<br>driver included</td><td>38.00</td><td>62.00</td><td>17.50</td><td>28.00</td></tr>
<tr><td>Van or car with trailer (5–8 m)</td><td>56.00</td><td>92.00</td><td>26.00</td><td>41.00</td></tr>
</tbody>
</table>
<p class="note">* Islander cards are issued free of charge to residents of Gannet Island by the Harbour Office on proof of address.
A book of 10 adult single tickets costs 78.00 (not valid on the first sailing of the day on Saturdays).</p>

<h2 id="conditions">Conditions of travel</h2>
<ol>
<li>Vehicles must check in at least <strong>30 minutes</strong> before departure and foot passengers at least 10 minutes before departure. Later arrivals may lose their place.</li>
<li>Vehicle space must be booked in advance online or by telephone; foot passengers can buy tickets at the kiosk or on board.</li>
<li>Dogs travel free but must be kept on a lead on the outer deck; only assistance dogs are allowed in the passenger lounge.</li>
<li>Refunds: unused tickets are refunded in full up to 24 hours before the booked sailing. After that an amendment fee of 5.00 applies, and no refund is given after departure.</li>
<li>If a sailing is cancelled because of weather, tickets are valid on the next available sailing or can be refunded without charge. Cancellations are posted on our website and sent by SMS to booked customers at least 2 hours before departure when possible.</li>
<li>Dangerous goods (for example gas cylinders over 15 kg) must be declared when booking.</li>
</ol>

<h2>Contact</h2>
<p>Bookings and enquiries: +44 1632 555 0142 (daily 07:00–19:00) &middot; bookings@ostrander-ferries.example<br>
Harbour Master (out of hours, emergencies only): +44 1632 555 0199</p>

<footer>
<p>&copy; Ostrander Bay Ferries Ltd. Timetable subject to tide and weather conditions. Last updated 15 October 2025.</p>
</footer>
</body>
</html>
"""


def _ostrander(out: pathlib.Path) -> pathlib.Path:
    path = out / "fresh3-ostrander-ferry-winter-en.html"
    path.write_text(OSTRANDER_HTML.format(), encoding="utf-8")
    return path


# ---------------------------------------------------------------------------
# 12. Jinhu Garden property management holiday notice (zh-Hans EML)
# ---------------------------------------------------------------------------

JINHU_BODY = """各位业主、住户：

新春将至，锦湖花园物业服务中心全体员工提前祝您新年快乐！根据公司安排，现将2026年春节期间物业服务安排通知如下：

一、客服中心服务时间
（一）2026年2月15日（除夕）至2月21日（正月初五），客服中心值班时间为 9:00–17:00，其余时间请拨打24小时值班电话。
（二）2月22日（正月初六）起恢复正常服务时间 8:00–20:00。

二、维修服务
（一）春节期间仅受理紧急维修，包括水管爆裂、户内停电、电梯困人及燃气泄漏（燃气泄漏请同时拨打燃气公司抢修电话）。
（二）一般维修（如更换灯具、疏通地漏）将于2月22日起按报修先后顺序上门处理。
（三）24小时值班电话：0755-2618 7730；值班经理：王海峰，手机 139 2651 0847。

三、环境卫生
（一）春节期间生活垃圾每日清运一次，时间为上午 8:00 前，请于前一晚 22:00 前投放。
（二）烟花爆竹残屑、年货包装纸箱请压扁后放置于各栋一楼指定区域，切勿堆放在楼道。

四、安全管理
（一）根据市政府规定，小区内全面禁止燃放烟花爆竹，违者将报公安机关处理。
（二）南门将于2月16日至2月18日关闭，期间人员及车辆请由北门出入；东侧人行小门正常开放。
（三）离家外出的住户，请关闭水、电、燃气总阀，并可在物业登记，保安将每日巡查一次。

五、车辆管理
（一）春节期间（2月15日至2月21日）访客车辆停放不超过 4 小时的免费，超过 4 小时的按每小时 5 元收费，每日最高 40 元。
（二）地下车库B区因设备检修，2月19日 9:00 至 15:00 暂停使用，请车主提前将车辆移至A区。

六、快递收发
快递柜正常使用。物业前台代收大件快递服务截至2月13日，2月22日起恢复；期间无法入柜的大件快递请与快递员另约时间。

七、2026年度物业费缴纳
2026年度物业服务费缴纳截止日期为2026年3月31日。于3月15日前一次性缴清全年物业费的业主可享受九五折优惠；逾期未缴的，自4月1日起每日按欠费金额的万分之五收取违约金。缴费方式：“锦湖生活”公众号在线缴费或至客服中心刷卡缴费。

如有疑问，请联系客服中心：0755-2618 7700，或发送邮件至 service@jinhu-pm.example。

特此通知。

锦湖花园物业服务中心
2026年2月6日
"""


def _jinhu(out: pathlib.Path) -> pathlib.Path:
    from email.message import EmailMessage
    from email.policy import SMTP

    path = out / "fresh3-jinhu-property-spring-festival-zh-hans.eml"
    msg = EmailMessage(policy=SMTP)
    msg["From"] = "锦湖花园物业服务中心 <service@jinhu-pm.example>"
    msg["To"] = "锦湖花园全体业主 <owners@jinhu-pm.example>"
    msg["Subject"] = "关于2026年春节期间物业服务安排的通知"
    msg["Date"] = "Fri, 06 Feb 2026 10:30:00 +0800"
    msg["Message-ID"] = "<20260206103000.spring-festival@jinhu-pm.example>"
    msg.set_content(JINHU_BODY, charset="utf-8", cte="base64")
    path.write_bytes(msg.as_bytes())
    return path


# ---------------------------------------------------------------------------


def build(out_dir: pathlib.Path) -> list[pathlib.Path]:
    out_dir = pathlib.Path(out_dir)
    out_dir.mkdir(parents=True, exist_ok=True)
    _fonts()
    makers = [
        _riverton,
        _lindqvist,
        _yilin,
        _cuiling,
        _yunxi,
        _northgate,
        _chengjiang,
        _calvera,
        _luhai,
        _qingchuan,
        _ostrander,
        _jinhu,
    ]
    return [m(out_dir) for m in makers]


if __name__ == "__main__":
    if len(sys.argv) != 2:
        print("usage: make_fresh3.py OUT_DIR", file=sys.stderr)
        sys.exit(2)
    for p in build(pathlib.Path(sys.argv[1])):
        print(p)
