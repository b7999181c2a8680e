"""Hostile and broken office files, made in memory: what an upload of each new format must
refuse with a clear error, storing nothing (used by the unit and reliability tests)."""

from __future__ import annotations

import io
import zipfile

from retrieval_svc.sample_documents import pdf_bytes

MB = 1024 * 1024
OLE_MAGIC = b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1"


def encrypted_pdf(password: str = "secret") -> bytes:
    """A real PDF encrypted with a user password (pypdf, RC4-128)."""
    from pypdf import PdfReader, PdfWriter

    writer = PdfWriter()
    for page in PdfReader(io.BytesIO(pdf_bytes(["Salary table, confidential."]))).pages:
        writer.add_page(page)
    writer.encrypt(user_password=password, owner_password=password, algorithm="RC4-128")
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


def password_protected_office() -> bytes:
    """What Office writes for a password-protected DOCX/XLSX/PPTX: an OLE compound file
    (the encrypted package inside it), not a zip."""
    return OLE_MAGIC + b"\x00" * 504 + b"EncryptionInfo EncryptedPackage" + b"\x00" * 512


def zip_bomb(
    first_part: str, uncompressed: int = 100 * MB, extra: dict[str, bytes] | None = None
) -> bytes:
    """A zip-based document whose ``first_part`` inflates to ``uncompressed`` zero bytes."""
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as z:
        for name, data in (extra or {}).items():
            z.writestr(name, data)
        with z.open(first_part, "w", force_zip64=True) as part:
            block = b"\0" * MB
            for _ in range(uncompressed // MB):
                part.write(block)
    return buf.getvalue()


_XLSX_TYPES = (
    b'<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/'
    b'package/2006/content-types"><Default Extension="rels" ContentType="application/'
    b'vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType='
    b'"application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/'
    b'vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName='
    b'"/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.'
    b'spreadsheetml.worksheet+xml"/></Types>'
)
_RELS = (
    b'<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats'
    b'.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.'
    b'openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target='
    b'"xl/workbook.xml"/></Relationships>'
)
_WORKBOOK = (
    b'<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="http://schemas.openxmlformats.org/'
    b'spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/'
    b'relationships"><sheets><sheet name="Rates" sheetId="1" r:id="rId1"/></sheets></workbook>'
)
_WORKBOOK_RELS = (
    b'<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats'
    b'.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.'
    b'openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/'
    b'sheet1.xml"/></Relationships>'
)


def xlsx_with_sheet(sheet_xml: bytes, macro: bool = False) -> bytes:
    """A minimal XLSX whose one sheet ("Rates") is ``sheet_xml``; ``macro`` adds a VBA
    project part, as an .xlsm carries."""
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as z:
        z.writestr("[Content_Types].xml", _XLSX_TYPES)
        z.writestr("_rels/.rels", _RELS)
        z.writestr("xl/workbook.xml", _WORKBOOK)
        z.writestr("xl/_rels/workbook.xml.rels", _WORKBOOK_RELS)
        z.writestr("xl/worksheets/sheet1.xml", sheet_xml)
        if macro:
            z.writestr("xl/vbaProject.bin", OLE_MAGIC + b'Sub AutoOpen() Shell("rm -rf /")')
    return buf.getvalue()


def _sheet(rows: str) -> bytes:
    return (
        '<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats'
        f'.org/spreadsheetml/2006/main"><sheetData>{rows}</sheetData></worksheet>'
    ).encode()


def xlsx_rates(macro: bool = False) -> bytes:
    """A small, good XLSX: a header row and two rates (inline strings and numbers)."""
    rows = (
        '<row r="1"><c r="A1" t="inlineStr"><is><t>City</t></is></c>'
        '<c r="B1" t="inlineStr"><is><t>Daily rate</t></is></c></row>'
        '<row r="2"><c r="A2" t="inlineStr"><is><t>Taipei</t></is></c>'
        '<c r="B2"><v>2500</v></c></row>'
        '<row r="3"><c r="A3" t="inlineStr"><is><t>Tainan</t></is></c>'
        '<c r="B3"><f>B2-700</f><v>1800</v></c></row>'
    )
    return xlsx_with_sheet(_sheet(rows), macro)


def xlsx_million_rows() -> bytes:
    """A tiny XLSX whose sheet reaches row 1,048,576 (a million-row sheet, declared cheaply)."""
    rows = (
        '<row r="1"><c r="A1" t="inlineStr"><is><t>x</t></is></c></row>'
        '<row r="1048576"><c r="A1048576" t="inlineStr"><is><t>y</t></is></c></row>'
    )
    return xlsx_with_sheet(_sheet(rows))


def pdf_page_of(chars: int) -> bytes:
    """A one-page PDF whose page holds ``chars`` characters (far more than a page can)."""
    line = "A" * 200
    return pdf_bytes([line] * (chars // len(line)))
