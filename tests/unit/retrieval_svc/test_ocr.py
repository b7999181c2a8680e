"""OCR round trips: pages made at test time (reportlab's built-in Helvetica, rendered by
PDFium, so no system font is needed), recognised by the bundled models; bad images refused."""

from __future__ import annotations

import io
import struct
import zlib
from pathlib import Path

import pytest
from PIL import Image, ImageDraw, ImageFont

from mesh.document_types import JPEG, PNG, TIFF, normalize_content_type
from mesh.errors import InvalidInput
from retrieval_svc.documents.images import image_document, screen_image
from retrieval_svc.documents.model import Limits
from retrieval_svc.formats import PDF, extract, screen

pytestmark = [pytest.mark.unit, pytest.mark.slow]

LINES = [
    "Venue rules for the community hall",
    "The hall opens Tuesday to Sunday from nine.",
    "A deposit of 5000 dollars is paid in advance.",
    "At most thirty people may use the hall at once.",
]
KEY_WORDS = ("hall", "Tuesday", "Sunday", "deposit", "thirty")


def _text_pdf(lines: list[str]) -> bytes:
    from reportlab.pdfgen import canvas

    buf = io.BytesIO()
    c = canvas.Canvas(buf, pagesize=(595, 842))
    c.setFont("Helvetica", 14)
    for i, line in enumerate(lines):
        c.drawString(60, 760 - 24 * i, line)
    c.showPage()
    c.save()
    return buf.getvalue()


def _render(pdf: bytes, dpi: int = 200) -> Image.Image:
    import pypdfium2 as pdfium

    doc = pdfium.PdfDocument(pdf)
    try:
        image: Image.Image = doc[0].render(scale=dpi / 72).to_pil().convert("RGB")
        return image
    finally:
        doc.close()


@pytest.fixture(scope="module")
def page_image() -> Image.Image:
    return _render(_text_pdf(LINES))


def _png(image: Image.Image) -> bytes:
    buf = io.BytesIO()
    image.save(buf, format="PNG")
    return buf.getvalue()


def _image_only_pdf(images: list[Image.Image]) -> bytes:
    from reportlab.lib.utils import ImageReader
    from reportlab.pdfgen import canvas

    buf = io.BytesIO()
    c = canvas.Canvas(buf, pagesize=(595, 842))
    for image in images:
        c.drawImage(ImageReader(image), 0, 0, width=595, height=842)
        c.showPage()
    c.save()
    return buf.getvalue()


def test_a_png_of_english_text_is_read_with_its_key_words(page_image: Image.Image) -> None:
    seen: list[tuple[int, int]] = []
    doc = image_document(_png(page_image), Limits(), lambda p, n: seen.append((p, n)))
    text = " ".join(b.text for b in doc.blocks)
    for word in KEY_WORDS:
        assert word in text
    # digits are not asserted: PP-OCRv4 reads Helvetica's 0 as "o" inside numbers ("5oo0")
    assert seen == [(1, 1)]
    assert all(b.page == 1 and b.confidence is not None for b in doc.blocks)
    assert min(b.confidence or 0 for b in doc.blocks) > 0.8


def test_an_image_only_pdf_is_read_page_by_page(page_image: Image.Image) -> None:
    other = _render(_text_pdf(["Page two says the garden closes at six."]))
    pdf = _image_only_pdf([page_image, other])
    screen(PDF, pdf, 64 << 20)
    result = extract(PDF, pdf, 64 << 20)
    pages = {b.page for b in result.document.blocks}
    assert pages == {1, 2}
    assert "deposit" in result.text and "garden" in result.text
    assert all(b.confidence is not None for b in result.document.blocks)


def test_a_text_pdf_is_not_ocred() -> None:
    result = extract(PDF, _text_pdf(LINES), 64 << 20)
    assert "deposit" in result.text
    assert all(b.confidence is None for b in result.document.blocks)


def test_a_skewed_photo_and_a_page_upside_down_are_straightened(page_image: Image.Image) -> None:
    skewed = page_image.rotate(4, expand=True, fillcolor=(255, 255, 255))
    upside = page_image.transpose(Image.Transpose.ROTATE_180)
    for image in (skewed, upside):
        buf = io.BytesIO()
        image.save(buf, format="JPEG", quality=90)
        text = extract(JPEG, buf.getvalue(), 64 << 20).text
        assert "deposit" in text and "Tuesday" in text


def test_every_frame_of_a_tiff_is_a_page(page_image: Image.Image) -> None:
    small = page_image.resize((page_image.width // 2, page_image.height // 2))
    buf = io.BytesIO()
    small.save(buf, format="TIFF", save_all=True, append_images=[small.copy()])
    doc = extract(TIFF, buf.getvalue(), 64 << 20).document
    assert {b.page for b in doc.blocks} == {1, 2}


def _bomb_png(width: int, height: int) -> bytes:
    def chunk(kind: bytes, data: bytes) -> bytes:
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))

    header = struct.pack(">IIBBBBB", width, height, 8, 0, 0, 0, 0)  # 8-bit grey
    data = zlib.compress(b"\0" * 1000)
    return (
        b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", data) + chunk(b"IEND", b"")
    )


@pytest.mark.parametrize("size", [(100_000, 100_000), (10_000, 10_000)])
def test_a_decompression_bomb_is_refused_before_it_is_decoded(size: tuple[int, int]) -> None:
    bomb = _bomb_png(*size)
    assert len(bomb) < 200
    with pytest.raises(InvalidInput, match="pixels"):
        screen(PNG, bomb, 64 << 20)
    with pytest.raises(InvalidInput, match="pixels"):
        extract(PNG, bomb, 64 << 20)


def test_a_corrupt_image_is_refused(page_image: Image.Image) -> None:
    good = _png(page_image.resize((200, 280)))
    for bad in (b"not an image at all", good[: len(good) // 2], b"\x89PNG\r\n\x1a\n" + b"x" * 50):
        with pytest.raises(InvalidInput, match=r"corrupt|unreadable|not a PNG"):
            extract(PNG, bad, 64 << 20)


def test_an_image_with_no_text_is_refused() -> None:
    blank = Image.new("RGB", (800, 600), (255, 255, 255))
    ImageDraw.Draw(blank).rectangle((100, 100, 300, 300), fill=(200, 30, 30))
    with pytest.raises(InvalidInput, match="no text"):
        extract(PNG, _png(blank), 64 << 20)


def test_the_upload_screen_decodes_but_never_ocrs_an_image(
    page_image: Image.Image, monkeypatch: pytest.MonkeyPatch
) -> None:
    """OCR runs in the job on the ingest workers, never on the replica taking the upload: the
    screen refuses a truncated image (its first frame is decoded) and passes a textless one."""

    def no_ocr(*_: object) -> None:
        raise AssertionError("screen ran OCR")

    monkeypatch.setattr("retrieval_svc.documents.images.recognise", no_ocr)
    good = _png(page_image.resize((400, 560)))
    with pytest.raises(InvalidInput, match=r"corrupt|unreadable"):
        screen(PNG, good[: len(good) // 2], 64 << 20)
    screen(PNG, _png(Image.new("RGB", (300, 200), "white")), 64 << 20)
    screen(PNG, good, 64 << 20)


def test_more_frames_than_the_page_limit_are_refused() -> None:
    frames = [Image.new("L", (8, 8), 255) for _ in range(4)]
    buf = io.BytesIO()
    frames[0].save(buf, format="TIFF", save_all=True, append_images=frames[1:])
    with pytest.raises(InvalidInput, match="4 pages; the limit is 3"):
        screen_image(buf.getvalue(), Limits(max_pages=3))


def test_image_types_are_known_by_their_aliases() -> None:
    assert normalize_content_type("image/jpg") == JPEG
    assert normalize_content_type("image/x-ms-bmp") == "image/bmp"


_CJK_FONTS = [
    "/usr/share/fonts/truetype/wqy/wqy-microhei.ttc",
    "/usr/share/fonts/truetype/wqy/wqy-zenhei.ttc",
    "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc",
]


def _cjk_font(size: int) -> ImageFont.FreeTypeFont:
    for path in _CJK_FONTS:
        if Path(path).exists():
            return ImageFont.truetype(path, size)
    pytest.skip("no CJK font on this machine to render Chinese with")


def test_traditional_chinese_lines_are_read() -> None:
    font = _cjk_font(40)
    lines = ["場地開放時間為星期二至星期日", "押金為新臺幣五千元", "會議室最多容納三十人"]
    image = Image.new("RGB", (1400, 400), (255, 255, 255))
    draw = ImageDraw.Draw(image)
    for i, line in enumerate(lines):
        draw.text((60, 60 + 100 * i), line, font=font, fill=(0, 0, 0))
    text = extract(PNG, _png(image), 64 << 20).text
    for word in ("星期二", "五千元", "三十人"):
        assert word in text


def test_a_tilted_read_kept_is_levelled_so_rows_stay_rows() -> None:
    import math

    from retrieval_svc.documents.ocr import level, skew_angle

    def box(x: float, y: float, a: float) -> list[list[float]]:
        c, s = math.cos(math.radians(a)), math.sin(math.radians(a))
        return [[x, y], [x + 300 * c, y - 300 * s], [x + 300 * c + 20 * s, y - 300 * s + 20 * c],
                [x + 20 * s, y + 20 * c]]  # fmt: skip

    raw = [(box(100, 100 + 50 * i, 3.0), "t", 0.9) for i in range(4)]
    assert abs(skew_angle([r[0] for r in raw]) - 3.0) < 1e-6
    flat = level(raw, 3.0, (1000, 1000))
    assert abs(skew_angle([r[0] for r in flat])) < 1e-6
    assert [r[1:] for r in flat] == [r[1:] for r in raw]
