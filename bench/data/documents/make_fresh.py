"""Generate the "fresh" benchmark document set.

Every institution, person, phone number, price and rule in these documents is
invented for testing a document question-answering system; none of it
describes a real organisation.

The output is deterministic: no randomness, fixed timestamps inside every
ZIP-based container, reportlab invariant mode for PDFs, fixed MIME boundary.

Usage:
    python make_fresh.py OUT_DIR
"""

from __future__ import annotations

import csv
import datetime as _dt
import io
import pathlib
import re
import sys
import zipfile
from collections.abc import Callable
from email.mime.multipart import MIMEMultipart
from email.mime.text import MIMEText
from typing import Any

from reportlab import rl_config  # type: ignore[import-untyped, unused-ignore]
from reportlab.lib import colors  # type: ignore[import-untyped, unused-ignore]
from reportlab.lib.pagesizes import A4, landscape  # type: ignore[import-untyped, unused-ignore]
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
CJK = "WQY"
FIXED_ZIP_TIME = (2024, 1, 1, 0, 0, 0)
_ISO_RE = re.compile(rb"\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:Z|[+-]\d{2}:\d{2})?")


def _register_fonts() -> None:
    if CJK not in pdfmetrics.getRegisteredFontNames():
        pdfmetrics.registerFont(TTFont(CJK, CJK_FONT_PATH, subfontIndex=0))


# ---------------------------------------------------------------------------
# generic helpers
# ---------------------------------------------------------------------------


def _normalize_zip(path: pathlib.Path) -> None:
    """Rewrite a ZIP container with fixed timestamps (keeps member order)."""
    with zipfile.ZipFile(path) as src:
        members = [(info, src.read(info.filename)) for info in src.infolist()]
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as dst:
        for info, data in members:
            name = info.filename
            if name.endswith((".xml", ".rels", ".opf", ".ncx", ".xhtml", ".html", ".rdf")):
                data = _ISO_RE.sub(b"2024-01-01T00:00:00Z", data)
            zi = zipfile.ZipInfo(name, date_time=FIXED_ZIP_TIME)
            zi.compress_type = info.compress_type
            zi.external_attr = 0o644 << 16
            dst.writestr(zi, data)
    path.write_bytes(buf.getvalue())


def _styles(font: str, bold: str | None = None) -> dict[str, ParagraphStyle]:
    wrap = "CJK" if font == CJK else None
    bold = bold or font
    kw: dict[str, Any] = {"wordWrap": wrap} if wrap else {}
    return {
        "title": ParagraphStyle(
            "title", fontName=bold, fontSize=16, leading=22, spaceAfter=8, alignment=1, **kw
        ),
        "h1": ParagraphStyle(
            "h1", fontName=bold, fontSize=12.5, leading=17, spaceBefore=8, spaceAfter=4, **kw
        ),
        "h2": ParagraphStyle(
            "h2", fontName=bold, fontSize=11, leading=15, spaceBefore=5, spaceAfter=3, **kw
        ),
        "body": ParagraphStyle(
            "body", fontName=font, fontSize=10, leading=14.5, spaceAfter=3, **kw
        ),
        "clause": ParagraphStyle(
            "clause",
            fontName=font,
            fontSize=10,
            leading=14.5,
            spaceAfter=3,
            leftIndent=18,
            firstLineIndent=-18,
            **kw,
        ),
        "small": ParagraphStyle(
            "small", fontName=font, fontSize=8, leading=10.5, spaceAfter=2, **kw
        ),
        "cell": ParagraphStyle("cell", fontName=font, fontSize=8.8, leading=11, **kw),
        "cellh": ParagraphStyle("cellh", fontName=bold, fontSize=8.8, leading=11, **kw),
    }


def _table(
    rows: list[list[str]],
    widths: list[float],
    st: dict[str, ParagraphStyle],
    *,
    header_rows: int = 1,
    spans: list[tuple[tuple[int, int], tuple[int, int]]] | None = None,
    repeat: bool = True,
    extra: list[tuple[Any, ...]] | None = None,
    grid: bool = True,
) -> Table:
    data = []
    for r, row in enumerate(rows):
        sty = st["cellh"] if r < header_rows else st["cell"]
        data.append([Paragraph(c, sty) if c else "" for c in row])
    t = Table(data, colWidths=widths, repeatRows=header_rows if repeat else 0)
    cmds: list[tuple[Any, ...]] = [
        ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
        ("BACKGROUND", (0, 0), (-1, header_rows - 1), colors.HexColor("#D9DEE6")),
        ("TOPPADDING", (0, 0), (-1, -1), 2.5),
        ("BOTTOMPADDING", (0, 0), (-1, -1), 2.5),
    ]
    if grid:
        cmds.append(("GRID", (0, 0), (-1, -1), 0.5, colors.HexColor("#555555")))
    else:
        cmds += [
            ("LINEABOVE", (0, 0), (-1, 0), 1, colors.black),
            ("LINEBELOW", (0, header_rows - 1), (-1, header_rows - 1), 0.7, colors.black),
            ("LINEBELOW", (0, -1), (-1, -1), 1, colors.black),
        ]
    for a, b in spans or []:
        cmds.append(("SPAN", a, b))
    cmds += extra or []
    t.setStyle(TableStyle(cmds))
    return t


def _build_pdf(
    path: pathlib.Path,
    story_factory: Callable[[], list[Any]],
    *,
    font: str,
    header_left: str,
    header_right: str,
    footer_left: str,
    page_fmt: str,
    pagesize: tuple[float, float] = A4,
    title: str = "",
) -> None:
    """Two passes: the first counts pages so the footer can say "N of M"."""
    w, h = pagesize
    margin = 20 * mm

    def make(target: Any, total: int, seen: list[int]) -> None:
        def deco(canv: Any, doc: Any) -> None:
            n = canv.getPageNumber()
            seen.append(n)
            canv.saveState()
            canv.setFont(font, 8.5)
            canv.setStrokeColor(colors.HexColor("#777777"))
            canv.drawString(margin, h - 12 * mm, header_left)
            canv.drawRightString(w - margin, h - 12 * mm, header_right)
            canv.line(margin, h - 13.5 * mm, w - margin, h - 13.5 * mm)
            canv.line(margin, 13.5 * mm, w - margin, 13.5 * mm)
            canv.drawString(margin, 9.5 * mm, footer_left)
            canv.drawRightString(w - margin, 9.5 * mm, page_fmt.format(n=n, t=total))
            canv.restoreState()

        doc = BaseDocTemplate(
            target,
            pagesize=pagesize,
            leftMargin=margin,
            rightMargin=margin,
            topMargin=20 * mm,
            bottomMargin=20 * mm,
            title=title,
            author="",
            subject="",
            creator="fresh generator",
            invariant=1,
        )
        one = Frame(margin, 20 * mm, w - 2 * margin, h - 40 * mm, id="one")
        cw = (w - 2 * margin - 8 * mm) / 2
        left = Frame(margin, 20 * mm, cw, h - 40 * mm, id="left")
        right = Frame(margin + cw + 8 * mm, 20 * mm, cw, h - 40 * mm, id="right")
        doc.addPageTemplates(
            [
                PageTemplate(id="one", frames=[one], onPage=deco),
                PageTemplate(id="two", frames=[left, right], onPage=deco),
            ]
        )
        doc.build(story_factory())

    seen: list[int] = []
    make(io.BytesIO(), 0, seen)
    total = max(seen)
    make(str(path), total, [])


# ---------------------------------------------------------------------------
# PDF 1 — canteen price list (zh-Hans, landscape)
# ---------------------------------------------------------------------------

CANTEEN_ITEMS: list[tuple[str, str, str, str, str, str]] = [
    ("R01", "荤菜", "红烧肉", "150克", "9.00", ""),
    ("R02", "", "宫保鸡丁", "150克", "8.00", "微辣"),
    ("R03", "", "糖醋里脊", "150克", "8.50", ""),
    ("R04", "", "黑椒牛柳", "120克", "12.00", ""),
    ("R05", "", "香煎鸡腿排", "1块", "7.50", "限午餐"),
    ("R06", "", "梅菜扣肉", "150克", "9.50", ""),
    ("R07", "", "小炒黄牛肉", "120克", "13.00", "辣"),
    ("R08", "", "可乐鸡翅", "4只", "8.00", ""),
    ("A01", "水产", "清蒸鲈鱼", "半条", "14.00", "周二、周四"),
    ("A02", "", "酸菜鱼", "200克", "12.50", "辣"),
    ("A03", "", "油焖大虾", "6只", "16.00", ""),
    ("A04", "", "红烧带鱼", "2段", "9.00", ""),
    ("V01", "素菜", "清炒时蔬", "200克", "3.50", "按时价浮动"),
    ("V02", "", "麻婆豆腐", "200克", "4.00", "辣"),
    ("V03", "", "番茄炒蛋", "200克", "5.00", ""),
    ("V04", "", "地三鲜", "200克", "4.50", ""),
    ("V05", "", "干煸四季豆", "200克", "5.00", ""),
    ("V06", "", "手撕包菜", "200克", "3.50", ""),
    ("V07", "", "凉拌木耳", "150克", "4.00", "冷菜"),
    ("S01", "主食", "米饭", "2两", "0.80", "可免费续加一次"),
    ("S02", "", "杂粮饭", "2两", "1.20", ""),
    ("S03", "", "馒头", "1个", "0.60", ""),
    ("S04", "", "葱油饼", "1张", "2.00", "早餐"),
    ("S05", "", "扬州炒饭", "1份", "9.00", ""),
    ("S06", "", "牛肉拉面", "1碗", "12.00", "清真窗口"),
    ("S07", "", "阳春面", "1碗", "5.00", ""),
    ("S08", "", "鲜肉小笼包", "8只", "6.00", "早餐"),
    ("S09", "", "三鲜水饺", "15只", "9.50", ""),
    ("T01", "汤品", "紫菜蛋花汤", "1碗", "1.50", ""),
    ("T02", "", "番茄牛腩汤", "1碗", "8.00", ""),
    ("T03", "", "玉米排骨汤", "1碗", "7.00", "限晚餐"),
    ("T04", "", "绿豆汤", "1碗", "1.00", "6月至9月供应"),
    ("B01", "早点", "豆浆", "1杯", "1.50", ""),
    ("B02", "", "茶叶蛋", "1个", "1.20", ""),
    ("B03", "", "白粥", "1碗", "1.00", ""),
    ("B04", "", "油条", "1根", "1.50", ""),
    ("B05", "", "煎饺", "6只", "5.00", ""),
    ("N01", "夜宵", "麻辣烫", "按称重", "2.98/100克", "三楼夜宵窗口"),
    ("N02", "", "烤冷面", "1份", "7.00", "三楼夜宵窗口"),
    ("N03", "", "关东煮", "1串", "1.50", "三楼夜宵窗口"),
    ("N04", "", "炸鸡排", "1块", "10.00", "三楼夜宵窗口"),
]


def _canteen(out: pathlib.Path) -> pathlib.Path:
    path = out / "fresh-canteen-prices-zh-hans.pdf"
    st = _styles(CJK)

    def story() -> list[Any]:
        s: list[Any] = [
            Paragraph("临江理工学院第二食堂（桂园餐厅）2024年秋季学期价目表", st["title"]),
            Paragraph("发文编号：临理后〔2024〕第37号　　公示日期：2024年8月26日", st["small"]),
            Paragraph("一、执行说明", st["h1"]),
            Paragraph(
                "1. 本价目表自2024年9月2日起执行，有效期至2025年1月17日；期间如遇原材料价格大幅波动，经伙食管理委员会审议后方可调整。",
                st["clause"],
            ),
            Paragraph(
                "2. 学生、教职工须刷校园卡消费，按对应身份价格结算；访客须使用现金或移动支付，不享受任何折扣。",
                st["clause"],
            ),
            Paragraph(
                "3. 供应时间：早餐 6:30—9:00，午餐 10:50—13:00，晚餐 16:50—19:00；三楼夜宵窗口营业至22:30。",
                st["clause"],
            ),
            Paragraph(
                "4. 自带餐具就餐者，每餐减免0.5元（限午餐、晚餐，须在结算时向收银员出示）。",
                st["clause"],
            ),
            Paragraph(
                "5. 对饭菜质量、份量有异议的，可拨打伙食监督电话 0571-8869 2730，或在食堂一楼意见箱留言。",
                st["clause"],
            ),
            Paragraph("二、套餐价格", st["h1"]),
        ]
        rows = [
            ["类别", "品名", "主要内容", "学生价（元）", "教职工价（元）", "访客价（元）"],
            ["基本套餐", "A套餐", "两荤一素＋米饭", "12.00", "14.00", "18.00"],
            ["", "B套餐", "一荤两素＋米饭＋例汤", "10.00", "12.00", "16.00"],
            ["", "C套餐", "三素＋杂粮饭", "8.00", "9.50", "13.00"],
            ["特色套餐", "清真牛肉面套餐*", "牛肉拉面＋小菜一份", "15.00", "17.00", "22.00"],
            ["", "轻食沙拉套餐", "鸡胸肉沙拉＋无糖酸奶", "16.50", "18.00", "24.00"],
        ]
        s.append(
            _table(
                rows,
                [28 * mm, 42 * mm, 70 * mm, 32 * mm, 32 * mm, 32 * mm],
                st,
                spans=[((0, 1), (0, 3)), ((0, 4), (0, 5))],
            )
        )
        s.append(Spacer(1, 3))
        s.append(
            Paragraph(
                "* 清真窗口位于一楼东侧，每周一至周六供应，周日及法定节假日停供。", st["small"]
            )
        )
        s.append(Paragraph("注：套餐不单独找零，不可拆分；例汤为当日指定汤品。", st["small"]))
        s.append(PageBreak())
        s.append(Paragraph("三、单点菜品价目（按窗口编号排列）", st["h1"]))
        rows2 = [["编号", "分类", "菜名", "份量", "价格（元）", "备注"]]
        rows2 += [list(r) for r in CANTEEN_ITEMS]
        s.append(_table(rows2, [22 * mm, 25 * mm, 55 * mm, 30 * mm, 35 * mm, 70 * mm], st))
        s.append(Spacer(1, 4))
        s.append(Paragraph("四、饮品", st["h1"]))
        rows3 = [
            ["饮品", "规格", "学生价（元）", "教职工价（元）", "访客价（元）"],
            ["现磨豆浆", "350毫升", "2.00", "2.00", "3.00"],
            ["鲜榨橙汁", "300毫升", "6.00", "7.00", "9.00"],
            ["酸梅汤", "500毫升", "3.00", "3.00", "4.00"],
        ]
        s.append(_table(rows3, [50 * mm, 35 * mm, 35 * mm, 35 * mm, 35 * mm], st, grid=False))
        s.append(Spacer(1, 4))
        s.append(Paragraph("后勤集团餐饮中心　2024年8月", st["body"]))
        return s

    _build_pdf(
        path,
        story,
        font=CJK,
        header_left="临江理工学院后勤服务集团 · 第二食堂（桂园餐厅）",
        header_right="2024年秋季学期 执行版",
        footer_left="后勤集团餐饮中心 制　内部公示，请勿转载",
        page_fmt="第 {n} 页 / 共 {t} 页",
        pagesize=landscape(A4),
        title="第二食堂价目表",
    )
    return path


# ---------------------------------------------------------------------------
# PDF 2 — library lending rules (zh-Hant) with a two-column page
# ---------------------------------------------------------------------------


def _library(out: pathlib.Path) -> pathlib.Path:
    path = out / "fresh-library-rules-zh-hant.pdf"
    st = _styles(CJK)

    def c(t: str) -> Paragraph:
        return Paragraph(t, st["clause"])

    def story() -> list[Any]:
        s: list[Any] = [
            Paragraph("嘉禾大學圖書館資料借閱規則", st["title"]),
            Paragraph(
                "民國九十八年三月十日館務會議通過；民國一一三年八月二十日圖書館委員會修正通過",
                st["small"],
            ),
            Paragraph("第一章　總則", st["h1"]),
            c(
                "第一條　嘉禾大學圖書館（以下簡稱本館）為有效利用館藏資源，依本校圖書館組織規程第五條規定，訂定本規則。"
            ),
            c(
                "第二條　本館借閱服務對象如下：一、本校專任及兼任教師、職員。二、本校在學學生。三、本校退休教職員。四、持有校友借書證之校友。五、經館長核准之校外人士。"
            ),
            c(
                "第三條　讀者須持本人有效之教職員證、學生證或借書證辦理借書，證件不得轉借他人使用；冒用他人證件者，停止借閱權利六個月。"
            ),
            Paragraph("第二章　借閱冊數及期限", st["h1"]),
            c("第四條　各類讀者借閱冊數、借期及續借次數如下表："),
        ]
        rows = [
            ["讀者身分", "", "圖書冊數", "借期（日）", "續借次數", "視聽資料（件）"],
            ["教職員", "專任教師", "50", "120", "2", "5"],
            ["", "兼任教師", "20", "60", "1", "3"],
            ["", "職員", "20", "30", "1", "3"],
            ["學生", "研究生", "30", "60", "2", "3"],
            ["", "大學部學生", "20", "30", "1", "2"],
            ["其他", "退休教職員", "10", "30", "1", "0"],
            ["", "校友※", "5", "14", "0", "0"],
        ]
        s.append(
            _table(
                rows,
                [24 * mm, 32 * mm, 24 * mm, 26 * mm, 24 * mm, 30 * mm],
                st,
                spans=[((0, 0), (1, 0)), ((0, 1), (0, 3)), ((0, 4), (0, 5)), ((0, 6), (0, 7))],
            )
        )
        s.append(
            Paragraph(
                "※ 校友須先辦理校友借書證，並繳交保證金新臺幣一千元，於註銷借書證時無息退還。",
                st["small"],
            )
        )
        s.append(Paragraph("註：視聽資料借期一律為七日，不得續借。", st["small"]))
        s += [
            c(
                "第五條　讀者得於資料到期日前七日內，透過本館館藏查詢系統或至流通櫃臺辦理續借；資料已有他人預約者，不得續借。"
            ),
            c(
                "第六條　讀者得預約已被借出之圖書，每人同時以預約五冊為限。預約資料到館後，本館以電子郵件通知，並保留五個工作天，逾期未取者取消預約。"
            ),
            c(
                "第七條　指定參考書、期刊現刊及工具書限館內閱覽，不得攜出館外；指定參考書每次借閱以二小時為限。"
            ),
            Paragraph("第三章　逾期、遺失與損壞", st["h1"]),
            c(
                "第八條　借閱資料逾期歸還者，圖書每冊每逾一日罰款新臺幣五元；視聽資料每件每逾一日罰款新臺幣十元。"
            ),
            c(
                "第九條　罰款累計達新臺幣三百元者，停止其借閱權利，至罰款繳清為止。學期結束前未繳清者，由本館通知註冊組暫緩辦理其次學期註冊手續。"
            ),
            c(
                "第十條　借閱資料遺失者，應於報失之日起三十日內購買同版本或較新版本之資料賠償；無法購得者，依原價之二倍賠償。絕版資料之賠償金額，由本館依市價另訂之。"
            ),
            c("第十一條　借閱資料有污損、劃線、缺頁等情事者，視同遺失，依前條規定辦理。"),
            c(
                "第十二條　寒暑假期間，本館得公告延長借期；原到期日落於假期中者，自動延至開學後第七日。"
            ),
            c("第十三條　畢業生、離職或退休人員應於辦理離校手續前歸還所借全部資料，並繳清罰款。"),
            NextPageTemplate("two"),
            PageBreak(),
            Paragraph("附錄一　開放時間及服務項目", st["h1"]),
            Paragraph("（一）學期期間開放時間", st["h2"]),
            Paragraph("週一至週五　08:00至22:00", st["body"]),
            Paragraph("週六　09:00至17:00", st["body"]),
            Paragraph("週日　13:00至21:00", st["body"]),
            Paragraph("國定假日　休館", st["body"]),
            Paragraph("期中考及期末考前二週，總館一樓自修室延長開放至午夜十二時。", st["body"]),
            Paragraph("（二）寒暑假期間開放時間", st["h2"]),
            Paragraph(
                "週一至週五　09:00至17:00；週六、週日休館。寒暑假期間不提供夜間服務。", st["body"]
            ),
            Paragraph("（三）流通櫃臺", st["h2"]),
            Paragraph(
                "借還書服務於閉館前十五分鐘停止辦理。館外還書箱設於總館正門右側，二十四小時開放，但視聽資料請勿投入還書箱，以免損壞。",
                st["body"],
            ),
            Paragraph("（四）館際合作", st["h2"]),
            Paragraph(
                "本校師生可透過館際合作系統向其他大學圖書館申請借書或文獻複印。館際借書每冊手續費新臺幣五十元，文獻複印每頁新臺幣三元，由申請人自行負擔。",
                st["body"],
            ),
            Paragraph("（五）研究小間", st["h2"]),
            Paragraph(
                "研究小間限研究生及教師使用，每次預約以三小時為限，每人每日限預約一次。使用研究小間須至少二人同行，逾時十五分鐘未報到者，取消該次預約。",
                st["body"],
            ),
            Paragraph("（六）影印及列印", st["h2"]),
            Paragraph(
                "館內設有自助影印機六台，黑白影印每頁新臺幣一元，彩色列印每頁新臺幣五元，均以校園卡扣款。",
                st["body"],
            ),
            Paragraph("（七）聯絡方式", st["h2"]),
            Paragraph(
                "流通櫃臺電話：(04) 2285-6610 轉 2301；電子郵件：circ@lib.jiahe.example。",
                st["body"],
            ),
            NextPageTemplate("one"),
            PageBreak(),
            Paragraph("第四章　附則", st["h1"]),
            c("第十四條　校外人士借書辦法另訂之，其借閱冊數以三冊為限，借期十四日，不得續借。"),
            c("第十五條　讀者違反本規則情節重大者，本館得停止其借閱權利一年。"),
            c("第十六條　本規則未盡事宜，依本校相關規定辦理。"),
            c("第十七條　本規則經圖書館委員會通過，陳請校長核定後實施，修正時亦同。"),
        ]
        return s

    _build_pdf(
        path,
        story,
        font=CJK,
        header_left="嘉禾大學圖書館｜資料借閱規則",
        header_right="113年8月修正版",
        footer_left="圖書館讀者服務組",
        page_fmt="第 {n} 頁，共 {t} 頁",
        title="嘉禾大學圖書館資料借閱規則",
    )
    return path


# ---------------------------------------------------------------------------
# PDF 3 — shuttle timetable (en), table split over a page break
# ---------------------------------------------------------------------------


def _hm(minutes: int) -> str:
    return f"{minutes // 60:02d}:{minutes % 60:02d}"


def shuttle_trips() -> list[list[str]]:
    deps: list[int] = []
    deps += list(range(6 * 60 + 40, 9 * 60 + 41, 20))
    deps += list(range(10 * 60 + 10, 16 * 60 + 11, 30))
    deps += list(range(16 * 60 + 30, 19 * 60 + 31, 20))
    deps += [20 * 60 + 15, 21 * 60]
    express = {7 * 60 + 20, 8 * 60, 8 * 60 + 40}
    rows = []
    for i, d in enumerate(deps, start=1):
        x = d in express
        note = "Express¹" if x else ""
        if d == 21 * 60:
            note = "Last bus²"
        if d == 12 * 60 + 10:
            note = "Lunch loop, via canteen"
        rows.append(
            [
                f"W{i:02d}",
                _hm(d),
                "—" if x else _hm(d + 7),
                _hm(d + (10 if x else 12)),
                _hm(d + (16 if x else 19)),
                note,
            ]
        )
    return rows


def _shuttle(out: pathlib.Path) -> pathlib.Path:
    path = out / "fresh-shuttle-timetable-en.pdf"
    st = _styles("Helvetica", "Helvetica-Bold")

    def c(t: str) -> Paragraph:
        return Paragraph(t, st["clause"])

    def story() -> list[Any]:
        s: list[Any] = [
            Paragraph("Northbridge Science Park — Staff Shuttle Service", st["title"]),
            Paragraph(
                "Timetable and conditions of carriage, effective 3 March 2025 (supersedes the October 2024 edition)",
                st["small"],
            ),
            Paragraph("1. General", st["h1"]),
            c(
                "1.1 The shuttle runs a single loop between Northbridge Station (NS), Park Central Plaza (PC), Innovation Tower (IT) and Riverside Labs (RL)."
            ),
            c(
                "1.2 Travel is free for holders of a valid Science Park badge. Visitors without a badge pay a flat fare of $1.50 per ride, payable by contactless card only."
            ),
            c(
                "1.3 Buses display the route code NSP-1 on the front. Timings at intermediate stops are approximate; please be at the stop two minutes early."
            ),
            Paragraph(
                "2. Weekday timetable (Monday to Friday, outbound from Northbridge Station)",
                st["h1"],
            ),
        ]
        rows = [
            [
                "Trip",
                "Northbridge Stn dep.",
                "Park Central",
                "Innovation Tower",
                "Riverside Labs arr.",
                "Notes",
            ]
        ]
        rows += shuttle_trips()
        s.append(_table(rows, [16 * mm, 32 * mm, 26 * mm, 30 * mm, 32 * mm, 34 * mm], st))
        s.append(Spacer(1, 3))
        s.append(Paragraph("¹ Express trips do not stop at Park Central Plaza.", st["small"]))
        s.append(
            Paragraph(
                "² The last bus waits up to 5 minutes at Northbridge Station for delayed trains.",
                st["small"],
            )
        )
        s.append(Spacer(1, 6))
        s.append(Paragraph("2A. Weekday return trips (inbound from Riverside Labs)", st["h1"]))
        s.append(
            c(
                "2A.1 Return trips run non-stop from Riverside Labs to Innovation Tower and then call at all stops."
            )
        )
        back = [
            [
                "Trip",
                "Riverside Labs dep.",
                "Innovation Tower",
                "Park Central",
                "Northbridge Stn arr.",
            ]
        ]
        for i, d in enumerate(
            list(range(7 * 60 + 5, 9 * 60 + 6, 30))
            + list(range(11 * 60 + 35, 15 * 60 + 36, 60))
            + list(range(16 * 60 + 45, 19 * 60 + 46, 20))
            + [20 * 60 + 40, 21 * 60 + 25],
            start=1,
        ):
            back.append([f"R{i:02d}", _hm(d), _hm(d + 6), _hm(d + 11), _hm(d + 19)])
        s.append(_table(back, [18 * mm, 36 * mm, 32 * mm, 30 * mm, 38 * mm], st, grid=False))
        s.append(
            Paragraph(
                "Return trip R05 and later trips before 16:00 may be replaced by a minibus during school holidays.",
                st["small"],
            )
        )
        s.append(PageBreak())
        s.append(Paragraph("3. Weekend and public holiday service", st["h1"]))
        c31 = "3.1 Saturday departures from Northbridge Station:"
        s.append(c(c31))
        sat = [
            ["Departure", "07:30", "09:00", "10:30", "12:00", "13:30", "15:00", "16:30", "18:00"]
        ]
        s.append(_table(sat, [22 * mm] + [18 * mm] * 8, st, header_rows=1, repeat=False))
        s.append(Spacer(1, 4))
        s += [
            c(
                "3.2 On Sundays and public holidays the first bus leaves Northbridge Station at 08:15 and buses then run every 45 minutes; the last departure is at 18:45."
            ),
            c("3.3 No service operates on 25 December or 1 January."),
            Paragraph("4. Conditions of carriage", st["h1"]),
            c(
                "4.1 Bicycles are not carried, with the exception of folding bicycles, which must be folded before boarding."
            ),
            c("4.2 Pets are not permitted, except assistance dogs."),
            c(
                "4.3 Items left on a shuttle are taken to the Park Central Plaza reception desk and held for 14 days before disposal."
            ),
            c(
                "4.4 If a scheduled shuttle is more than 15 minutes late, passengers may call the transport hotline on 0800 555 0192 to request a taxi voucher."
            ),
            c(
                "4.5 Eating and drinking on board is not permitted, except water in a closed bottle."
            ),
            c(
                "4.6 The driver may refuse boarding to any passenger once all 33 seats are occupied; standing is not allowed."
            ),
            Paragraph("5. Contacts", st["h1"]),
            c(
                "5.1 Facilities Management Office, Park Central Plaza, Level 2. Email shuttle@nbsp.example."
            ),
        ]
        return s

    _build_pdf(
        path,
        story,
        font="Helvetica",
        header_left="Northbridge Science Park · Staff Shuttle",
        header_right="Timetable effective 3 March 2025",
        footer_left="Facilities Management Office · Rev. 2",
        page_fmt="Page {n} of {t}",
        title="Staff Shuttle Timetable",
    )
    return path


# ---------------------------------------------------------------------------
# PDF 4 — equipment loan rules (zh-Hant) with a form-like page
# ---------------------------------------------------------------------------


def _equipment(out: pathlib.Path) -> pathlib.Path:
    path = out / "fresh-equipment-loan-zh-hant.pdf"
    st = _styles(CJK)

    def c(t: str) -> Paragraph:
        return Paragraph(t, st["clause"])

    def story() -> list[Any]:
        s: list[Any] = [
            Paragraph("雲岫科技大學教學設備借用管理要點", st["title"]),
            Paragraph("中華民國一一二年十二月五日總務會議通過　一一三年九月二日修正", st["small"]),
            Paragraph("一、目的", st["h1"]),
            c(
                "雲岫科技大學（以下簡稱本校）為有效管理總務處保管組所屬教學設備，提高使用效率，特訂定本要點。"
            ),
            Paragraph("二、借用對象", st["h1"]),
            c("（一）本校專任、兼任教職員工。"),
            c("（二）經系所或課外活動指導組核准之學生社團，並須由指導老師擔任保證人。"),
            c("（三）校外單位不得借用，但與本校合辦活動者，得專案簽准。"),
            Paragraph("三、借用期限、押金及違約金", st["h1"]),
            c("各項設備之借用期限、押金及逾期違約金如下表："),
        ]
        rows = [
            ["設備類別", "設備名稱", "借用期限", "押金（新臺幣元）", "逾期違約金（元／日）"],
            ["影音設備", "單槍投影機", "三日", "2,000", "200"],
            ["", "攜帶式音響", "五日", "1,500", "100"],
            ["", "數位攝影機", "三日", "5,000", "300"],
            ["電腦設備", "筆記型電腦", "七日", "3,000", "150"],
            ["", "平板電腦", "七日", "2,000", "100"],
            ["其他", "延長線捲", "十四日", "免收", "20"],
            ["", "折疊桌（每張）", "五日", "免收", "50"],
        ]
        s.append(
            _table(
                rows,
                [26 * mm, 40 * mm, 26 * mm, 36 * mm, 40 * mm],
                st,
                spans=[((0, 1), (0, 3)), ((0, 4), (0, 5)), ((0, 6), (0, 7))],
            )
        )
        s.append(Paragraph("註1：寒暑假期間借用期限得延長一倍，惟單槍投影機不適用。", st["small"]))
        s.append(
            Paragraph(
                "註2：押金於設備歸還並經檢查無誤後當場退還；學生社團之押金由指導老師代繳。",
                st["small"],
            )
        )
        s += [
            Paragraph("四、申請程序", st["h1"]),
            c(
                "（一）借用人應於借用日前三個工作日，至本校設備借用系統填具申請，經單位主管核章後送保管組辦理。"
            ),
            c("（二）每人同一時間借用同類設備以二件為限。"),
            c(
                "（三）借用期滿仍有需要者，得於到期前一日申請續借一次，續借期限與原借用期限相同；已有他人預約者不得續借。"
            ),
            Paragraph("五、逾期及損壞處理", st["h1"]),
            c("（一）逾期未歸還者，依第三點所列標準按日計收違約金，並自押金中扣抵。"),
            c("（二）逾期超過十日者，除計收違約金外，停止其借用資格一學期。"),
            c(
                "（三）設備於借用期間遺失或損壞者，借用人應負責修復或照價賠償；屬正常耗損者不在此限。"
            ),
            c(
                "（四）歸還時應將配件（電源線、遙控器、收納袋等）一併歸還，缺件者每件酌收新臺幣三百元。"
            ),
            Paragraph("六、其他", st["h1"]),
            c("（一）保管組辦公時間為週一至週五 08:30 至 17:00，中午 12:00 至 13:00 暫停借還。"),
            c("（二）本要點經總務會議通過，陳請校長核定後實施，修正時亦同。"),
            PageBreak(),
            Paragraph("附件一　可借用設備存放地點及數量一覽表", st["h1"]),
            Paragraph("（資料截至114年2月28日，數量以保管組系統登錄為準）", st["small"]),
        ]
        inv = [
            ["設備名稱", "廠牌型號", "可借數量", "存放地點", "備註"],
            ["單槍投影機", "Epson EB-992F", "12台", "行政大樓B1 保管組倉庫", "含HDMI線及遙控器"],
            ["攜帶式音響", "Mipro MA-303", "8台", "行政大樓B1 保管組倉庫", "附無線麥克風2支"],
            ["數位攝影機", "Sony FDR-AX43A", "4台", "圖資大樓3樓 視聽組", "需另簽切結書"],
            [
                "筆記型電腦",
                "ASUS ExpertBook B5",
                "20台",
                "圖資大樓3樓 視聽組",
                "已安裝Office及防毒軟體",
            ],
            ["平板電腦", "iPad 第10代", "30台", "圖資大樓3樓 視聽組", "限教學課程使用"],
            ["延長線捲", "30公尺", "15捲", "行政大樓B1 保管組倉庫", ""],
            ["折疊桌", "180×60公分", "60張", "體育館地下室倉庫", "需自備搬運人力"],
        ]
        s.append(_table(inv, [28 * mm, 38 * mm, 20 * mm, 48 * mm, 40 * mm], st))
        s += [
            Spacer(1, 6),
            Paragraph(
                "借用體育館倉庫之折疊桌者，請於借用當日 16:00 前洽體育組開門，假日不提供搬運服務。",
                st["body"],
            ),
            Paragraph(
                "如需借用上表以外之設備（如無線簡報器、雷射筆），請洽各系所辦公室。", st["body"]
            ),
            PageBreak(),
            Paragraph("附件　教學設備借用申請單（填寫範例）", st["h1"]),
            Spacer(1, 4),
        ]
        form = [
            ["申請單號", "EQ-2025-0318", "申請日期", "2025年3月18日"],
            ["申請人", "林柏宏", "單位", "機械工程系"],
            ["職稱／身分", "助理教授", "聯絡電話", "分機 3127"],
            ["電子郵件", "bh.lin@yunxiu.example", "用途", "機械設計專題期末發表"],
            ["借用設備", "單槍投影機 ×1、延長線捲 ×2", "財產編號", "5010107-03-0042"],
            ["借用日期", "2025年3月20日", "預定歸還日期", "2025年3月22日"],
            ["押金金額", "新臺幣2,000元", "押金收據號碼", "D-11823"],
            ["單位主管", "黃志明（系主任）", "保管組承辦人", "陳怡君"],
            ["實際歸還日期", "2025年3月22日", "檢查結果", "配件齊全，功能正常"],
        ]
        t = Table(
            [
                [Paragraph(x, st["cellh"] if i % 2 == 0 else st["cell"]) for i, x in enumerate(r)]
                for r in form
            ],
            colWidths=[30 * mm, 55 * mm, 30 * mm, 55 * mm],
            rowHeights=[11 * mm] * len(form),
        )
        t.setStyle(
            TableStyle(
                [
                    ("GRID", (0, 0), (-1, -1), 0.6, colors.black),
                    ("BACKGROUND", (0, 0), (0, -1), colors.HexColor("#EEEEEE")),
                    ("BACKGROUND", (2, 0), (2, -1), colors.HexColor("#EEEEEE")),
                    ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
                ]
            )
        )
        s.append(t)
        s.append(Spacer(1, 8))
        s.append(
            Paragraph(
                "借用人簽章：＿＿＿＿＿＿　　單位主管簽章：＿＿＿＿＿＿　　保管組簽章：＿＿＿＿＿＿",
                st["body"],
            )
        )
        s.append(Paragraph("本申請單一式二聯，第一聯保管組存查，第二聯借用人收執。", st["small"]))
        return s

    _build_pdf(
        path,
        story,
        font=CJK,
        header_left="雲岫科技大學總務處保管組",
        header_right="教學設備借用管理要點",
        footer_left="YX-GA-0207　版次：3",
        page_fmt="第 {n} 頁／共 {t} 頁",
        title="教學設備借用管理要點",
    )
    return path


# ---------------------------------------------------------------------------
# PDF 5 — insurance schedule of benefits (en) with a two-column page
# ---------------------------------------------------------------------------


def _insurance(out: pathlib.Path) -> pathlib.Path:
    path = out / "fresh-insurance-benefits-en.pdf"
    st = _styles("Helvetica", "Helvetica-Bold")

    def c(t: str) -> Paragraph:
        return Paragraph(t, st["clause"])

    def story() -> list[Any]:
        s: list[Any] = [
            Paragraph("Group Medical Plan for Staff of Kestrel Polytechnic", st["title"]),
            Paragraph(
                "Underwritten by Harbourline Mutual Assurance · Policy No. HM-GMP-20417 · Plan year 1 January to 31 December 2025",
                st["small"],
            ),
            Paragraph("1. Eligibility", st["h1"]),
            c(
                "1.1 All full-time employees on a contract of twelve months or longer are enrolled automatically on their first day of service."
            ),
            c(
                "1.2 Eligible dependants are the employee's spouse or registered partner and unmarried children up to age 23 who are in full-time education."
            ),
            c(
                "1.3 Employees on Grade 1 to Grade 6 are covered under Plan B; Grade 7 and above are covered under Plan A."
            ),
            Paragraph("2. Schedule of benefits", st["h1"]),
            c("All amounts are the maximum payable per insured person in US dollars."),
        ]
        rows = [
            ["Benefit group", "Benefit", "Plan A (USD)", "Plan B (USD)", "Limit basis"],
            ["Inpatient", "Room and board (per day)", "250", "150", "max. 90 days per year"],
            ["", "Intensive care unit (per day)", "600", "400", "max. 30 days per year"],
            ["", "Surgeon's fee", "8,000", "5,000", "per disability¹"],
            ["", "Anaesthetist's fee", "2,400", "1,500", "per disability¹"],
            [
                "Outpatient",
                "General practitioner consultation",
                "40",
                "30",
                "per visit, max. 20 visits",
            ],
            ["", "Specialist consultation", "80", "60", "per visit, max. 10 visits"],
            ["", "Diagnostic X-ray and laboratory tests", "1,200", "800", "per year"],
            ["", "Physiotherapy", "50", "35", "per session, max. 12 sessions"],
            ["Dental", "Check-up and scaling", "120", "80", "per year"],
            ["", "Fillings and extractions", "400", "250", "per year²"],
            ["Maternity", "Normal delivery", "3,000", "2,000", "per pregnancy³"],
            ["", "Caesarean section", "5,000", "3,500", "per pregnancy³"],
        ]
        s.append(
            _table(
                rows,
                [26 * mm, 56 * mm, 24 * mm, 24 * mm, 40 * mm],
                st,
                spans=[((0, 1), (0, 4)), ((0, 5), (0, 8)), ((0, 9), (0, 10)), ((0, 11), (0, 12))],
            )
        )
        s.append(Spacer(1, 3))
        s.append(
            Paragraph(
                '¹ "Disability" means all injuries or illnesses arising from the same cause, including complications.',
                st["small"],
            )
        )
        s.append(
            Paragraph("² Cosmetic dentistry, orthodontics and implants are excluded.", st["small"])
        )
        s.append(
            Paragraph(
                "³ Maternity benefits are payable only after a waiting period of 10 months of continuous cover.",
                st["small"],
            )
        )
        s += [
            Paragraph("3. Co-payment and overall limits", st["h1"]),
            c(
                "3.1 Plan A members pay no co-payment. Plan B members pay a co-payment of 10% of each outpatient bill."
            ),
            c(
                "3.2 The overall annual limit is USD 150,000 per person under Plan A and USD 90,000 per person under Plan B."
            ),
            c("3.3 Pre-existing conditions are covered after 12 months of continuous membership."),
            NextPageTemplate("two"),
            PageBreak(),
            Paragraph("4. How to claim", st["h1"]),
            c(
                "4.1 Claims must be submitted within 90 days of the date of treatment. Late claims are accepted only if the member can show that it was not reasonably possible to submit them in time."
            ),
            c(
                "4.2 Submit the completed claim form together with original itemised receipts and the doctor's diagnosis. Photocopies are accepted only for amounts below USD 200."
            ),
            c(
                "4.3 Claims can be sent by post to Harbourline Mutual, Claims Unit, PO Box 7710, or uploaded through the member portal."
            ),
            c(
                "4.4 Approved claims are reimbursed by bank transfer within 15 working days of receipt of complete documents."
            ),
            c(
                "4.5 For planned hospital admission, pre-authorisation must be requested at least 5 working days in advance; the insurer then issues a guarantee of payment directly to the hospital."
            ),
            Paragraph("5. Exclusions", st["h1"]),
            c("5.1 Treatment that is not medically necessary."),
            c("5.2 Cosmetic surgery, unless needed after an accident covered by this plan."),
            c(
                "5.3 Injuries from professional sports, motor racing or mountaineering above 4,500 metres."
            ),
            c("5.4 Self-inflicted injuries and conditions caused by alcohol or drug misuse."),
            c("5.5 Experimental treatment and drugs not approved by the local health authority."),
            c("5.6 Spectacles, contact lenses and hearing aids."),
            c(
                "5.7 Treatment received outside Asia, except emergency treatment during business travel of up to 60 days."
            ),
            Paragraph("6. Emergency assistance", st["h1"]),
            c(
                "6.1 The 24-hour assistance line is +852 3900 7781. Quote the policy number and the member's staff ID."
            ),
            c(
                "6.2 Emergency medical evacuation is covered up to USD 50,000 per event under both plans."
            ),
            NextPageTemplate("one"),
            PageBreak(),
            Paragraph("7. Contacts at Kestrel Polytechnic", st["h1"]),
            c(
                "7.1 Human Resources Office, Benefits Team, Block C Room 214, telephone extension 6120."
            ),
            c(
                "7.2 Changes to dependants must be reported to Human Resources within 30 days of the change (marriage, birth, adoption)."
            ),
            c(
                "7.3 This schedule is a summary. In case of any difference, the policy wording prevails."
            ),
        ]
        return s

    _build_pdf(
        path,
        story,
        font="Helvetica",
        header_left="Kestrel Polytechnic · Group Medical Plan 2025",
        header_right="Schedule of Benefits",
        footer_left="Harbourline Mutual Assurance — summary for employees",
        page_fmt="Page {n} of {t}",
        title="Schedule of Benefits",
    )
    return path


# ---------------------------------------------------------------------------
# PDF 6 — procurement thresholds (zh-Hans)
# ---------------------------------------------------------------------------


def _procurement(out: pathlib.Path) -> pathlib.Path:
    path = out / "fresh-procurement-rules-zh-hans.pdf"
    st = _styles(CJK)

    def c(t: str) -> Paragraph:
        return Paragraph(t, st["clause"])

    def story() -> list[Any]:
        s: list[Any] = [
            Paragraph("青屿市第三人民医院采购管理办法（试行）", st["title"]),
            Paragraph("青屿三院〔2024〕112号　2024年12月10日院长办公会审议通过", st["small"]),
            Paragraph("第一章　总则", st["h1"]),
            c(
                "第一条　为规范本院采购行为，提高资金使用效益，防范廉政风险，根据国家有关法律法规，结合本院实际，制定本办法。"
            ),
            c(
                "第二条　本办法适用于本院使用财政资金及自有资金采购货物、服务和工程的行为。药品、医用耗材集中带量采购按上级部门规定执行，不适用本办法。"
            ),
            c(
                "第三条　本院采购工作遵循公开透明、公平竞争、公正和诚实信用原则，实行“管采分离、分级审批”。"
            ),
            c(
                "第四条　院采购管理委员会是本院采购工作的决策机构，由院长任主任委员；采购中心负责组织实施，纪检监察室负责全过程监督。"
            ),
            Paragraph("第二章　采购方式与限额标准", st["h1"]),
            c(
                "第五条　本院采购方式包括：公开招标、邀请招标、竞争性谈判、竞争性磋商、询价、单一来源采购及科室自行比价采购。"
            ),
            c(
                "第六条　单项或同一批次采购预算金额对应的采购方式和审批层级如下表。同一年度内同类项目不得化整为零规避采购方式。"
            ),
        ]
        rows = [
            ["采购类别", "预算金额（万元）", "采购方式", "审批层级"],
            ["货物", "1以下", "科室自行比价", "科室负责人"],
            ["", "1（含）至10", "询价（不少于3家）", "采购中心主任"],
            ["", "10（含）至50", "竞争性谈判", "分管副院长"],
            ["", "50（含）以上", "公开招标", "院长办公会"],
            ["服务", "2以下", "科室自行比价", "科室负责人"],
            ["", "2（含）至20", "询价（不少于3家）", "采购中心主任"],
            ["", "20（含）至100", "竞争性磋商", "分管副院长"],
            ["", "100（含）以上", "公开招标", "院长办公会"],
            ["工程", "5以下", "定点单位承接", "基建科科长"],
            ["", "5（含）至40", "邀请招标", "分管副院长"],
            ["", "40（含）至400", "竞争性磋商", "院长办公会"],
            ["", "400（含）以上", "公开招标△", "院长办公会"],
        ]
        s.append(
            _table(
                rows,
                [28 * mm, 44 * mm, 50 * mm, 44 * mm],
                st,
                spans=[((0, 1), (0, 4)), ((0, 5), (0, 8)), ((0, 9), (0, 12))],
            )
        )
        s.append(
            Paragraph(
                "△ 依法必须进行招标的工程建设项目，按《招标投标法》及其实施条例执行。", st["small"]
            )
        )
        s += [
            c(
                "第七条　采用询价方式的，应当从符合条件的供应商中确定不少于3家进行报价，并由2名以上工作人员共同开启报价单。"
            ),
            c(
                "第八条　有下列情形之一的，经采购管理委员会批准，可以采用单一来源采购：（一）只能从唯一供应商处采购的；（二）发生不可预见的紧急情况不能从其他供应商处采购的；（三）为保证原有采购项目一致性或者服务配套要求，需要继续从原供应商处添购，且添购资金总额不超过原合同金额10%的。"
            ),
            Paragraph("第三章　紧急采购", st["h1"]),
            c(
                "第九条　因抢救危重病人、突发公共卫生事件等紧急情况确需立即采购的，经分管副院长口头同意后可先行采购，但须在5个工作日内补办审批手续。"
            ),
            c("第十条　紧急采购每次金额不得超过30万元，全年累计不得超过200万元。"),
            Paragraph("第四章　验收与合同管理", st["h1"]),
            c(
                "第十一条　采购项目完成后，由使用科室、采购中心和资产管理科共同验收。预算金额在10万元以上的项目，验收小组成员不少于3人，其中至少1人为非使用科室人员。"
            ),
            c("第十二条　合同金额在20万元以上的，合同文本须经法务办公室审核后方可签订。"),
            c(
                "第十三条　货物类合同一般预留合同金额3%的质量保证金，质保期满无质量问题后无息退还；工程类项目质量保证金比例为5%。"
            ),
            c(
                "第十四条　付款原则上采用银行转账，不得以现金支付；单笔支付金额超过50万元的，须经院长审签。"
            ),
            Paragraph("第五章　监督与责任", st["h1"]),
            c("第十五条　采购人员与供应商有利害关系的，应当主动回避。"),
            c(
                "第十六条　采购文件及相关资料由采购中心归档保存，保存期限为从采购结束之日起不少于15年。"
            ),
            c("第十七条　违反本办法规定的，视情节轻重，依照有关规定追究相关人员责任。"),
            Paragraph("第六章　附则", st["h1"]),
            c("第十八条　本办法由采购中心负责解释。"),
            c(
                "第十九条　本办法自2025年1月1日起施行。原《青屿市第三人民医院物资采购暂行规定》同时废止。"
            ),
            PageBreak(),
            Paragraph("附件1　常用采购品目归口管理科室对照表", st["h1"]),
        ]
        cat = [
            ["品目编码", "品目名称", "归口管理科室", "是否纳入集中采购", "备注"],
            ["A02010104", "台式计算机", "信息中心", "是", "配置标准见信息化年度计划"],
            ["A02010105", "便携式计算机", "信息中心", "是", ""],
            ["A02021000", "复印纸", "总务科", "是", "年度协议供货"],
            ["A03220000", "医用诊断设备", "医学装备部", "否", "单价5万元以上须论证"],
            ["A06050000", "办公家具", "总务科", "是", ""],
            ["C16050000", "物业管理服务", "后勤保障部", "否", "合同期限一般不超过3年"],
            ["C18010000", "保安服务", "保卫科", "否", ""],
            ["C21040000", "车辆维修和保养服务", "总务科", "是", "定点维修"],
            ["B07000000", "房屋修缮工程", "基建科", "否", "须编制工程预算"],
        ]
        s.append(_table(cat, [26 * mm, 36 * mm, 28 * mm, 30 * mm, 46 * mm], st))
        s += [
            Spacer(1, 6),
            Paragraph(
                "注：纳入集中采购的品目，由采购中心统一组织，科室不得自行采购；未列明的品目由采购中心会同财务科确定归口科室。",
                st["small"],
            ),
        ]
        return s

    _build_pdf(
        path,
        story,
        font=CJK,
        header_left="青屿市第三人民医院",
        header_right="采购管理办法（试行）",
        footer_left="采购中心　发布",
        page_fmt="第 {n} 页　共 {t} 页",
        title="采购管理办法（试行）",
    )
    return path


# ---------------------------------------------------------------------------
# DOCX
# ---------------------------------------------------------------------------


def _docx_page_field(paragraph: Any) -> None:
    from docx.oxml import OxmlElement  # type: ignore[import-untyped, unused-ignore]
    from docx.oxml.ns import qn  # type: ignore[import-untyped, unused-ignore]

    run = paragraph.add_run()
    for kind, text in (("begin", None), (None, " PAGE "), ("end", None)):
        if kind:
            el = OxmlElement("w:fldChar")
            el.set(qn("w:fldCharType"), kind)
        else:
            el = OxmlElement("w:instrText")
            el.set(qn("xml:space"), "preserve")
            el.text = text
        run._r.append(el)


def _docx_cjk(doc: Any, font: str) -> None:
    from docx.oxml.ns import qn  # type: ignore[import-untyped, unused-ignore]

    for name in ("Normal", "Heading 1", "Heading 2", "Title"):
        style = doc.styles[name]
        rpr = style.element.get_or_add_rPr()
        fonts = rpr.find(qn("w:rFonts"))
        if fonts is None:
            fonts = rpr.makeelement(qn("w:rFonts"), {})
            rpr.append(fonts)
        fonts.set(qn("w:eastAsia"), font)


def _docx_table(doc: Any, rows: list[list[str]]) -> None:
    t = doc.add_table(rows=len(rows), cols=len(rows[0]))
    t.style = "Table Grid"
    for i, row in enumerate(rows):
        for j, val in enumerate(row):
            cell = t.cell(i, j)
            cell.text = val
            if i == 0:
                for r in cell.paragraphs[0].runs:
                    r.bold = True


def _docx_core(doc: Any, title: str) -> None:
    cp = doc.core_properties
    cp.title = title
    cp.author = "fresh generator"
    cp.last_modified_by = "fresh generator"
    cp.created = _dt.datetime(2024, 1, 1)
    cp.modified = _dt.datetime(2024, 1, 1)
    cp.revision = 1


def _scholarship(out: pathlib.Path) -> pathlib.Path:
    import docx  # type: ignore[import-untyped, unused-ignore]

    path = out / "fresh-scholarship-rules-zh-hant.docx"
    d = docx.Document()
    _docx_cjk(d, "Microsoft JhengHei")
    _docx_core(d, "澄川大學清寒勵學獎學金設置辦法")
    sec = d.sections[0]
    sec.header.paragraphs[0].text = "澄川大學學生事務處　生活輔導組"
    fp = sec.footer.paragraphs[0]
    fp.text = "113年10月9日行政會議修正通過　第 "
    _docx_page_field(fp)
    fp.add_run(" 頁")
    d.add_heading("澄川大學清寒勵學獎學金設置辦法", level=0)
    d.add_paragraph("民國一〇八年五月二十二日行政會議通過；民國一一三年十月九日行政會議修正通過")
    d.add_heading("一、設置目的", level=1)
    d.add_paragraph(
        "為鼓勵家境清寒而力求上進之學生安心向學，並培養其服務精神，特設置本獎學金。經費由校務基金及校友會捐款支應。"
    )
    d.add_heading("二、申請資格", level=1)
    d.add_paragraph("申請人須同時符合下列各款條件：")
    for t in [
        "具本校學籍之大學部在學學生（延修生除外）。",
        "家庭年所得總額在新臺幣七十萬元以下，或持有直轄市、縣（市）政府核發之低收入戶、中低收入戶證明。",
        "前一學期學業成績平均七十五分以上，且操行成績八十分以上。",
        "前一學年度未受小過以上之懲處。",
    ]:
        d.add_paragraph(t, style="List Number")
    d.add_heading("三、獎項、名額及金額", level=1)
    d.add_paragraph("本獎學金每學年辦理一次，獎項如下表（金額單位：新臺幣元）：")
    _docx_table(
        d,
        [
            ["獎項", "名額", "每名金額（元）", "成績條件"],
            ["特優獎", "5名", "30,000", "學業平均85分以上"],
            ["優等獎", "15名", "15,000", "學業平均80分以上"],
            ["勵學獎", "40名", "8,000", "學業平均75分以上"],
        ],
    )
    d.add_paragraph("各獎項名額如有不足，得由其他獎項流用；流用後仍有餘額者，保留至下學年度。")
    d.add_heading("四、申請時程", level=1)
    _docx_table(
        d,
        [
            ["作業項目", "日期", "承辦單位"],
            ["公告受理", "9月16日", "生活輔導組"],
            ["收件截止", "10月18日（郵戳為憑）", "生活輔導組"],
            ["資格審查及面談", "11月4日至11月15日", "獎助學金審查委員會"],
            ["公告得獎名單", "11月29日", "學生事務處"],
            ["撥款", "12月20日前", "出納組"],
        ],
    )
    d.add_heading("五、應繳文件", level=1)
    for t in [
        "申請表一份（附最近三個月內二吋照片）。",
        "全戶戶籍謄本一份。",
        "前一年度家庭所得清單（國稅局核發）。",
        "前一學期成績單正本。",
        "自傳及讀書計畫一份，以一千五百字為限。",
    ]:
        d.add_paragraph(t, style="List Number")
    d.add_heading("六、受獎生義務", level=1)
    d.add_paragraph(
        "獲獎學生應於獲獎之學年度內完成服務學習二十小時，服務單位由學生事務處統一安排；未完成者，次學年度不得再申請本獎學金。"
    )
    d.add_paragraph(
        "同一學年度內已領取本校其他獎學金且金額達新臺幣一萬元以上者，不得重複申請本獎學金；政府助學貸款不在此限。"
    )
    d.add_heading("七、附則", level=1)
    d.add_paragraph(
        "申請資料如有偽造、變造或不實情事，撤銷其得獎資格並追回已領之獎學金。本辦法經行政會議通過後實施，修正時亦同。"
    )
    d.add_paragraph("聯絡窗口：生活輔導組　李雅婷小姐，分機 2215。")
    d.save(str(path))
    _normalize_zip(path)
    return path


def _it_sla(out: pathlib.Path) -> pathlib.Path:
    import docx  # type: ignore[import-untyped, unused-ignore]

    path = out / "fresh-it-service-levels-en.docx"
    d = docx.Document()
    _docx_core(d, "IT Service Level Agreement")
    sec = d.sections[0]
    sec.header.paragraphs[0].text = "Fenwick County Council — Digital Services | OFFICIAL"
    fp = sec.footer.paragraphs[0]
    fp.text = "SLA-DS-004 v3.1 · Review date: 31 March 2026 · Page "
    _docx_page_field(fp)
    d.add_heading("Internal IT Service Level Agreement", level=0)
    d.add_paragraph(
        "Between Digital Services and all directorates of Fenwick County Council. Effective from 1 April 2025."
    )
    d.add_heading("1. Scope", level=1)
    d.add_paragraph(
        "This agreement covers the corporate desktop, email, telephony, the payroll and finance systems and the "
        "staff Wi-Fi network. Schools and the Fire and Rescue Service have separate agreements."
    )
    d.add_heading("2. How to contact the Service Desk", level=1)
    for t in [
        "Self-service portal: https://help.fenwick.example (available 24 hours a day).",
        "Telephone: extension 4400, or 01632 960 440 from outside the council network.",
        "The Service Desk is staffed Monday to Friday from 07:30 to 18:00, excluding bank holidays.",
        "Out of hours, only P1 and P2 incidents are handled by the on-call engineer.",
    ]:
        d.add_paragraph(t, style="List Number")
    d.add_heading("3. Incident priorities and targets", level=1)
    d.add_paragraph(
        "Priority is set by the Service Desk analyst using the impact and urgency of the incident."
    )
    _docx_table(
        d,
        [
            [
                "Priority",
                "Typical example",
                "Response time",
                "Resolution target",
                "Out-of-hours cover",
            ],
            [
                "P1 – Critical",
                "A whole service or building is down",
                "15 minutes",
                "4 hours",
                "Yes",
            ],
            [
                "P2 – High",
                "A team cannot work, or a VIP is affected",
                "1 hour",
                "8 business hours",
                "Yes",
            ],
            [
                "P3 – Medium",
                "One user is impaired but has a workaround",
                "4 business hours",
                "3 business days",
                "No",
            ],
            [
                "P4 – Low",
                "Requests for information or minor faults",
                "1 business day",
                "10 business days",
                "No",
            ],
        ],
    )
    d.add_paragraph(
        "Targets are measured monthly; at least 95% of incidents in each priority must meet the resolution target."
    )
    d.add_heading("4. Service availability", level=1)
    _docx_table(
        d,
        [
            ["Service", "Availability target", "Planned maintenance window"],
            ["Email and calendar", "99.9%", "Sundays 02:00–05:00"],
            ["Payroll system", "99.5%", "First Saturday of each month 20:00–23:59"],
            ["Finance system", "99.5%", "Wednesdays 19:00–21:00"],
            ["Staff Wi-Fi", "99.0%", "Tuesdays 06:00–07:00"],
            ["Telephony", "99.95%", "By arrangement only"],
        ],
    )
    d.add_heading("5. Requests", level=1)
    for t in [
        "New starter accounts must be requested by the line manager at least 5 working days before the start date.",
        "Leaver accounts are disabled at 17:00 on the last working day and deleted after 90 days.",
        "Password resets are self-service through the portal; the Service Desk will reset a password only after verifying two security questions.",
        "Replacement laptops are issued from the loan pool within 2 business days; a maximum of 12 loan laptops is held.",
        "Software not on the approved catalogue requires a security review, which takes up to 15 business days.",
    ]:
        d.add_paragraph(t, style="List Number")
    d.add_heading("6. Service credits and escalation", level=1)
    d.add_paragraph(
        "If a target is missed for two consecutive months, the Head of Digital Services presents a service improvement "
        "plan to the Corporate Leadership Team. Complaints about the service may be escalated to the Service Delivery "
        "Manager, Priya Raman, at servicedelivery@fenwick.example."
    )
    d.save(str(path))
    _normalize_zip(path)
    return path


# ---------------------------------------------------------------------------
# XLSX (xlsxwriter, cached formula values)
# ---------------------------------------------------------------------------

LAB_ORDERS: list[tuple[str, str, str, str, int, float, str]] = [
    (
        "PO-25-0101",
        "2025-01-08",
        "Rhenvale Scientific",
        "Nitrile gloves, size M (box of 100)",
        40,
        6.25,
        "Genomics",
    ),
    (
        "PO-25-0102",
        "2025-01-08",
        "Rhenvale Scientific",
        "Pipette tips 200 µl, racked (pack of 960)",
        12,
        38.50,
        "Genomics",
    ),
    (
        "PO-25-0107",
        "2025-01-15",
        "Osterby Labware",
        "Serological pipettes 10 ml (case of 200)",
        5,
        54.00,
        "Cell Culture",
    ),
    (
        "PO-25-0109",
        "2025-01-20",
        "Osterby Labware",
        "T75 culture flasks (case of 100)",
        6,
        112.00,
        "Cell Culture",
    ),
    ("PO-25-0113", "2025-01-27", "Kalder Chemicals", "Ethanol absolute 2.5 L", 8, 31.75, "Shared"),
    (
        "PO-25-0118",
        "2025-02-03",
        "Rhenvale Scientific",
        "PCR plates 96-well (pack of 50)",
        4,
        89.90,
        "Genomics",
    ),
    (
        "PO-25-0121",
        "2025-02-10",
        "Kalder Chemicals",
        "Agarose, molecular grade 500 g",
        1,
        245.00,
        "Genomics",
    ),
    (
        "PO-25-0126",
        "2025-02-17",
        "Osterby Labware",
        "Fetal bovine serum 500 ml",
        3,
        410.00,
        "Cell Culture",
    ),
    (
        "PO-25-0130",
        "2025-02-24",
        "Marlow Safety Supply",
        "Safety goggles, anti-fog",
        25,
        7.40,
        "Shared",
    ),
    (
        "PO-25-0134",
        "2025-03-03",
        "Kalder Chemicals",
        "Liquid nitrogen refill (per 100 L)",
        2,
        95.00,
        "Shared",
    ),
    (
        "PO-25-0138",
        "2025-03-10",
        "Rhenvale Scientific",
        "Microcentrifuge tubes 1.5 ml (bag of 500)",
        10,
        14.20,
        "Cell Culture",
    ),
    (
        "PO-25-0141",
        "2025-03-17",
        "Marlow Safety Supply",
        "Biohazard waste bags (roll of 50)",
        6,
        18.60,
        "Shared",
    ),
]
LAB_BUDGET = {"Genomics": 2500.00, "Cell Culture": 3200.00, "Shared": 1200.00}


def _lab_xlsx(out: pathlib.Path) -> pathlib.Path:
    import xlsxwriter  # type: ignore[import-untyped, unused-ignore]

    path = out / "fresh-lab-consumables-en.xlsx"
    wb = xlsxwriter.Workbook(str(path))
    wb.set_properties(
        {
            "title": "Lab consumables Q1 2025",
            "author": "Dr. Ines Halvorsen",
            "created": _dt.datetime(2025, 3, 31),
        }
    )
    bold = wb.add_format({"bold": True, "bg_color": "#DDE4EE", "border": 1, "text_wrap": True})
    money = wb.add_format({"num_format": "#,##0.00", "border": 1})
    txt = wb.add_format({"border": 1})
    ws = wb.add_worksheet("Orders")
    ws.write(
        0,
        0,
        "Molecular Biology Unit — consumables orders, Q1 2025",
        wb.add_format({"bold": True, "font_size": 13}),
    )
    hdr = [
        "Order no.",
        "Order date",
        "Supplier",
        "Item",
        "Qty",
        "Unit price (EUR)",
        "Line total (EUR)",
        "Cost centre",
    ]
    for j, hname in enumerate(hdr):
        ws.write(2, j, hname, bold)
    spent = {k: 0.0 for k in LAB_BUDGET}
    for i, (po, date, sup, item, qty, price, cc) in enumerate(LAB_ORDERS):
        r = 3 + i
        ws.write_string(r, 0, po, txt)
        ws.write_string(r, 1, date, txt)
        ws.write_string(r, 2, sup, txt)
        ws.write_string(r, 3, item, txt)
        ws.write_number(r, 4, qty, txt)
        ws.write_number(r, 5, price, money)
        total = round(qty * price, 2)
        spent[cc] += total
        ws.write_formula(r, 6, f"=E{r + 1}*F{r + 1}", money, total)
        ws.write_string(r, 7, cc, txt)
    last = 3 + len(LAB_ORDERS)
    grand = round(sum(spent.values()), 2)
    ws.write(last, 5, "Total", bold)
    ws.write_formula(last, 6, f"=SUM(G4:G{last})", money, grand)
    ws.write(last + 2, 0, "Prices exclude VAT. Orders above EUR 500 need the unit head's approval.")
    ws.set_column(0, 1, 12)
    ws.set_column(2, 2, 22)
    ws.set_column(3, 3, 42)
    ws.set_column(4, 7, 14)
    ws2 = wb.add_worksheet("Summary")
    ws2.write(
        0, 0, "Budget position by cost centre (EUR)", wb.add_format({"bold": True, "font_size": 13})
    )
    for j, hname in enumerate(
        ["Cost centre", "Budget Q1 (EUR)", "Spent (EUR)", "Remaining (EUR)", "Budget holder"]
    ):
        ws2.write(2, j, hname, bold)
    holders = {
        "Genomics": "Dr. Ines Halvorsen",
        "Cell Culture": "Dr. Tomasz Wierzba",
        "Shared": "Lab manager (K. Osei)",
    }
    for i, (cc, budget) in enumerate(LAB_BUDGET.items()):
        r = 3 + i
        ws2.write_string(r, 0, cc, txt)
        ws2.write_number(r, 1, budget, money)
        sp = round(spent[cc], 2)
        ws2.write_formula(r, 2, f"=SUMIF(Orders!H:H,A{r + 1},Orders!G:G)", money, sp)
        ws2.write_formula(r, 3, f"=B{r + 1}-C{r + 1}", money, round(budget - sp, 2))
        ws2.write_string(r, 4, holders[cc], txt)
    ws2.set_column(0, 4, 20)
    wb.close()
    _normalize_zip(path)
    return path


def lab_totals() -> dict[str, float]:
    spent = {k: 0.0 for k in LAB_BUDGET}
    for *_, qty, price, cc in LAB_ORDERS:
        spent[cc] += round(qty * price, 2)
    return {k: round(v, 2) for k, v in spent.items()}


# ---------------------------------------------------------------------------
# ODS (odfdo)
# ---------------------------------------------------------------------------


def _sports_ods(out: pathlib.Path) -> pathlib.Path:
    import odfdo  # type: ignore[import-untyped, unused-ignore]

    path = out / "fresh-sports-hall-fees-zh-hant.ods"
    doc = odfdo.Document("spreadsheet")
    body = doc.body
    body.clear()
    t1 = odfdo.Table("場地收費標準")
    rows1: list[list[Any]] = [
        ["東湖科技大學體育館場地租借收費標準（114學年度）", None, None, None, None],
        [None, None, None, None, None],
        ["場地", "時段", "校內單位（元／小時）", "校外單位（元／小時）", "備註"],
        ["羽球場（每面）", "日間 08:00–17:00", 150, 300, "至多連續租用3小時"],
        ["羽球場（每面）", "夜間 17:00–22:00", 200, 400, "須另付燈光費"],
        ["籃球場（全場）", "日間 08:00–17:00", 400, 900, None],
        ["籃球場（全場）", "夜間 17:00–22:00", 600, 1200, "須另付燈光費"],
        ["韻律教室", "全日", 250, 500, "限赤足或軟底鞋"],
        ["游泳池（單水道）", "06:00–21:00", 350, 800, "須附救生員證明"],
        ["重量訓練室", "全日", "免費", "不開放", "限本校教職員生"],
        [None, None, None, None, None],
        ["燈光費：每小時新臺幣120元（羽球場）；籃球場每小時新臺幣250元。", None, None, None, None],
        ["租借單位須於使用日前7日提出申請，並於3日內繳費，逾期視同放棄。", None, None, None, None],
    ]
    for r in rows1:
        row = odfdo.Row()
        row.set_values(r)
        t1.append(row)
    body.append(t1)
    t2 = odfdo.Table("取消與退費")
    rows2: list[list[Any]] = [
        ["取消時間", "退費比例", "說明"],
        ["使用日前7日以上", "100%", "全額退費"],
        ["使用日前3至6日", "50%", "扣除半數場地費"],
        ["使用日前2日以內", "0%", "不予退費"],
        ["因颱風、停電等不可抗力停止使用", "100%", "或改期一次"],
        [None, None, None],
        ["聯絡人：體育室場館組 吳冠廷，電話 (03) 571-2280 分機 5502", None, None],
    ]
    for r in rows2:
        row = odfdo.Row()
        row.set_values(r)
        t2.append(row)
    body.append(t2)
    doc.save(str(path))
    _normalize_zip(path)
    return path


# ---------------------------------------------------------------------------
# CSV
# ---------------------------------------------------------------------------

EXAMS: list[list[str]] = [
    [
        "Course code",
        "Course title",
        "Date",
        "Start",
        "Duration (min)",
        "Venue",
        "Chief invigilator",
        "Candidates",
    ],
    [
        "MATH1201",
        "Linear Algebra I",
        "2025-06-02",
        "09:30",
        "120",
        "Sports Centre Hall B",
        "Dr. A. Kowalczyk",
        "214",
    ],
    [
        "CHEM2107",
        "Organic Chemistry II",
        "2025-06-02",
        "14:00",
        "180",
        "Sports Centre Hall A",
        "Prof. L. Ferreira",
        "96",
    ],
    [
        "STAT1010",
        "Introductory Statistics",
        "2025-06-03",
        "09:30",
        "120",
        "Great Hall",
        "Dr. M. Okonkwo",
        "388",
    ],
    [
        "PHYS1150",
        "Mechanics and Waves",
        "2025-06-03",
        "14:00",
        "150",
        "Sports Centre Hall B",
        "Dr. R. Nakamura",
        "172",
    ],
    [
        "COMP2230",
        "Data Structures",
        "2025-06-04",
        "09:30",
        "120",
        "Lab Block L2.04 (computer-based)",
        "Mr. D. Achterberg",
        "140",
    ],
    [
        "ECON1002",
        "Principles of Macroeconomics",
        "2025-06-04",
        "14:00",
        "120",
        "Great Hall",
        "Dr. S. Varga",
        "305",
    ],
    [
        "BIOL2310",
        "Genetics",
        "2025-06-05",
        "09:30",
        "180",
        "Sports Centre Hall A",
        "Dr. H. Lindqvist",
        "121",
    ],
    [
        "LAW1105",
        "Contract Law",
        "2025-06-05",
        "14:00",
        "180",
        "Moot Court Room",
        "Prof. E. Adeyemi",
        "64",
    ],
    [
        "COMP3410",
        "Machine Learning",
        "2025-06-06",
        "09:30",
        "150",
        "Sports Centre Hall B",
        "Dr. Y. Chen",
        "158",
    ],
    [
        "HIST1020",
        "Modern European History",
        "2025-06-06",
        "14:00",
        "120",
        "Room A101",
        "Dr. P. Moreau",
        "47",
    ],
    [
        "MATH2204",
        "Probability Theory",
        "2025-06-09",
        "09:30",
        "120",
        "Great Hall",
        "Dr. A. Kowalczyk",
        "201",
    ],
    [
        "ENGL1001",
        "Academic Writing",
        "2025-06-09",
        "14:00",
        "90",
        "Room A101 and A102",
        "Ms. C. O'Brien",
        "93",
    ],
]


def _exam_csv(out: pathlib.Path) -> pathlib.Path:
    path = out / "fresh-exam-timetable-en.csv"
    with path.open("w", newline="", encoding="utf-8") as fh:
        w = csv.writer(fh)
        for r in EXAMS:
            w.writerow(r)
    return path


# ---------------------------------------------------------------------------
# PPTX
# ---------------------------------------------------------------------------


def _onboarding_pptx(out: pathlib.Path) -> pathlib.Path:
    from pptx import Presentation  # type: ignore[import-untyped, unused-ignore]
    from pptx.util import Cm, Pt  # type: ignore[import-untyped, unused-ignore]

    path = out / "fresh-it-onboarding-zh-hans.pptx"
    prs = Presentation()
    prs.slide_width = Cm(33.867)
    prs.slide_height = Cm(19.05)
    cp = prs.core_properties
    cp.title = "新员工信息化入职指南"
    cp.author = "信息中心"
    cp.created = _dt.datetime(2025, 4, 1)
    cp.modified = _dt.datetime(2025, 4, 1)
    cp.last_modified_by = "信息中心"
    cp.revision = 1

    def bullets(title: str, items: list[str], notes: str = "") -> None:
        s = prs.slides.add_slide(prs.slide_layouts[1])
        s.shapes.title.text = title
        body = s.placeholders[1]
        body.width = Cm(30)
        tf = body.text_frame
        tf.text = items[0]
        for it in items[1:]:
            p = tf.add_paragraph()
            p.text = it
        for p in tf.paragraphs:
            for r in p.runs:
                r.font.size = Pt(20)
        if notes:
            s.notes_slide.notes_text_frame.text = notes

    s = prs.slides.add_slide(prs.slide_layouts[0])
    s.shapes.title.text = "新员工信息化入职指南"
    s.placeholders[1].text = "北辰精密制造有限公司　信息中心\n2025年4月版"
    s.notes_slide.notes_text_frame.text = "开场约2分钟，先介绍信息中心的三个科室。"
    bullets(
        "一、账号与密码",
        [
            "入职当天由人事部发放工号及初始密码",
            "首次登录后须在24小时内修改初始密码",
            "密码长度不少于12位，须包含大小写字母、数字和符号",
            "密码每90天强制更换一次，不得与最近5次相同",
            "连续输错5次，账号锁定30分钟",
        ],
        "强调：信息中心工作人员不会以任何方式索要员工密码。",
    )
    bullets(
        "二、远程办公与VPN",
        [
            "远程访问内网须使用“北辰安全接入”客户端",
            "VPN账号须由部门经理在OA中提交申请",
            "单次VPN会话最长8小时，超时自动断开",
            "禁止在网吧等公共电脑上登录VPN",
        ],
        "海外出差人员需提前3个工作日向信息中心报备，否则VPN可能被风控拦截。",
    )
    s = prs.slides.add_slide(prs.slide_layouts[5])
    s.shapes.title.text = "三、常用业务系统一览"
    data = [
        ["系统", "访问地址", "开通方式", "对接人"],
        ["OA协同办公", "oa.beichen.example", "入职自动开通", "王磊"],
        ["企业邮箱", "mail.beichen.example", "入职自动开通", "王磊"],
        ["ERP（生产与物料）", "erp.beichen.example", "部门经理审批", "赵敏"],
        ["费用报销系统", "fk.beichen.example", "财务部审批", "孙静怡"],
        ["图纸管理PDM", "pdm.beichen.example", "研发总监审批", "刘子航"],
    ]
    shape = s.shapes.add_table(len(data), 4, Cm(1.5), Cm(4), Cm(30.8), Cm(10))
    for i, row in enumerate(data):
        for j, v in enumerate(row):
            cell = shape.table.cell(i, j)
            cell.text = v
            for p in cell.text_frame.paragraphs:
                for r in p.runs:
                    r.font.size = Pt(16)
    s.notes_slide.notes_text_frame.text = (
        "注意：研发部员工的ERP权限还需质量部会签，一般需要3个工作日。"
    )
    bullets(
        "四、办公设备领用",
        [
            "标准配置：14英寸笔记本电脑一台、显示器一台、键鼠套装一套",
            "设计岗可申请图形工作站，须研发总监签字",
            "设备丢失须在2小时内向信息中心和保卫科报告",
            "离职时须归还全部设备，经信息中心签字后方可办理离职结算",
        ],
    )
    bullets(
        "五、信息安全红线",
        [
            "禁止使用个人U盘拷贝图纸及工艺文件",
            "禁止将公司文件上传至个人网盘或公共AI工具",
            "陌生邮件附件请先转发至 security@beichen.example 检测",
            "违反红线者，按《信息安全奖惩细则》处理，情节严重的解除劳动合同",
        ],
        "去年共发生钓鱼邮件事件17起，请结合案例讲解。",
    )
    bullets(
        "六、联系我们",
        [
            "信息中心服务台：分机 8010（工作日 8:00—17:30）",
            "紧急故障（夜间及节假日）：值班手机 139-0000-8010",
            "服务台位置：行政楼二层 203 室",
            "自助服务：OA首页 → IT服务 → 提交工单",
        ],
    )
    prs.save(str(path))
    _normalize_zip(path)
    return path


# ---------------------------------------------------------------------------
# ODP (odfdo)
# ---------------------------------------------------------------------------


def _safety_odp(out: pathlib.Path) -> pathlib.Path:
    import odfdo  # type: ignore[import-untyped, unused-ignore]

    path = out / "fresh-lab-safety-briefing-en.odp"
    doc = odfdo.Document("presentation")
    body = doc.body
    body.clear()
    slides = [
        (
            "Chemistry Building Safety Briefing",
            [
                "Ashworth College — School of Chemical Sciences",
                "For new research students, September 2025",
            ],
        ),
        (
            "Emergencies",
            [
                "Fire alarm: a continuous bell; leave by the nearest exit and do not use the lifts",
                "Assembly point: car park C, opposite the library",
                "Campus security emergency line: extension 2222",
                "Chemical spills larger than 500 ml must be reported to the building safety officer",
            ],
        ),
        (
            "Personal protective equipment",
            [
                "Lab coats and safety glasses are compulsory in all laboratories",
                "Nitrile gloves must be removed before touching door handles or keyboards",
                "Open-toed shoes are not permitted in laboratories",
                "Face shields are required when working with hydrofluoric acid",
            ],
        ),
        (
            "Working hours and lone working",
            [
                "Normal working hours are 08:00 to 19:00 on weekdays",
                "Work outside these hours needs written approval from your supervisor",
                "Lone working with hazardous substances is never allowed",
                "Sign the out-of-hours register at the porters' lodge on the ground floor",
            ],
        ),
        (
            "Waste disposal",
            [
                "Halogenated solvent waste goes in the green-labelled containers",
                "Sharps bins are collected every Thursday",
                "Waste containers must not be filled beyond 80% of capacity",
                "Building safety officer: Dr. Rowan Ellery, room G.17",
            ],
        ),
    ]
    for i, (title, lines) in enumerate(slides, start=1):
        page = odfdo.DrawPage(f"page{i}", name=f"Slide {i}")
        page.append(
            odfdo.Frame.text_frame(
                title, size=("24cm", "2.5cm"), position=("2cm", "1.2cm"), presentation_class="title"
            )
        )
        paras = [odfdo.Paragraph(x) for x in lines]
        page.append(
            odfdo.Frame.text_frame(
                paras,
                size=("24cm", "12cm"),
                position=("2cm", "4.5cm"),
                presentation_class="outline",
            )
        )
        body.append(page)
    doc.save(str(path))
    _normalize_zip(path)
    return path


# ---------------------------------------------------------------------------
# ODT (odfdo, zh-Hans)
# ---------------------------------------------------------------------------


def _dorm_odt(out: pathlib.Path) -> pathlib.Path:
    import odfdo  # type: ignore[import-untyped, unused-ignore]

    path = out / "fresh-dorm-rules-zh-hans.odt"
    doc = odfdo.Document("text")
    body = doc.body
    body.clear()
    H, P = odfdo.Header, odfdo.Paragraph
    body.append(H(1, "南屏职业技术学院学生公寓管理规定"))
    body.append(P("学生工作处　2024年8月修订"))
    body.append(H(2, "一、入住与退宿"))
    body.append(
        P(
            "1. 新生凭录取通知书和身份证于报到当日办理入住，领取钥匙及门禁卡。门禁卡遗失补办收取工本费20元。"
        )
    )
    body.append(
        P(
            "2. 学生须按学校安排的床位入住，不得私自调换寝室；确需调换的，须向辅导员提交申请，经公寓管理中心批准。"
        )
    )
    body.append(
        P("3. 毕业生须在毕业典礼后三日内办理退宿手续，交还钥匙，经宿管员检查设施无损坏后签字离校。")
    )
    body.append(H(2, "二、住宿费标准"))
    table = odfdo.Table("住宿费标准")
    for r in [
        ["公寓区", "房型", "住宿费（元/学年）", "配套设施"],
        ["梅园（1—4号楼）", "四人间", "1200", "独立卫生间、空调"],
        ["梅园（5—6号楼）", "六人间", "900", "公共卫生间、空调"],
        ["竹园", "四人间", "1500", "独立卫浴、空调、阳台"],
        ["兰园（研究生公寓）", "双人间", "2400", "独立卫浴、空调、书桌柜"],
    ]:
        row = odfdo.Row()
        row.set_values(r)
        table.append(row)
    body.append(table)
    body.append(
        P("住宿费按学年收取，开学后两周内通过统一缴费平台缴纳；家庭经济困难学生可申请缓缴。")
    )
    body.append(H(2, "三、作息与门禁"))
    body.append(P("4. 公寓大门每日6:00开启，23:00关闭。周五、周六延长至23:30关闭。"))
    body.append(
        P(
            "5. 关门后返回的，须在值班室登记姓名、学号及晚归原因；一学期内晚归累计达到3次的，通报辅导员。"
        )
    )
    body.append(
        P("6. 异性访客一律不得进入寝室楼层；家长来访须在值班室登记，探访时间为9:00至20:00。")
    )
    body.append(H(2, "四、安全用电"))
    body.append(
        P("7. 严禁使用电热毯、电饭煲、热得快等大功率电器；寝室单个插座负载超过800瓦将自动断电。")
    )
    lst = odfdo.List(
        [
            "第一次查获违规电器的，予以没收并通报批评；",
            "第二次查获的，给予警告处分；",
            "造成火灾事故的，依法追究责任并照价赔偿。",
        ]
    )
    body.append(lst)
    body.append(P("8. 每月最后一个周三下午进行寝室安全卫生检查，检查结果纳入综合素质测评。"))
    body.append(H(2, "五、维修与报修"))
    body.append(
        P(
            "9. 公寓设施损坏可通过“南屏后勤”微信公众号报修，一般故障24小时内上门维修，水电紧急故障30分钟内到场。"
        )
    )
    body.append(P("10. 人为损坏公共设施的，按原价赔偿；无法确定责任人的，由该寝室成员平均分摊。"))
    body.append(H(2, "六、附则"))
    body.append(
        P("本规定自2024年9月1日起施行，由学生工作处负责解释。公寓管理中心值班电话：0739-522 6031。")
    )
    doc.save(str(path))
    _normalize_zip(path)
    return path


# ---------------------------------------------------------------------------
# HTML
# ---------------------------------------------------------------------------


def _parking_html(out: pathlib.Path) -> pathlib.Path:
    path = out / "fresh-parking-permits-en.html"
    html = """<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Staff and student parking permits 2025/26 – Larkhill Medical Campus</title>
<style>
 body { font-family: Arial, sans-serif; max-width: 900px; margin: 2em auto; }
 table { border-collapse: collapse; } td, th { border: 1px solid #888; padding: 4px 8px; }
 .crumbs { font-size: 0.85em; color: #555; }
</style>
</head>
<body>
<nav class="crumbs">Home &gt; Estates &gt; Travel &amp; parking &gt; Permits</nav>
<header><h1>Parking permits 2025/26</h1>
<p>Larkhill Medical Campus · Estates and Facilities · Last reviewed 14 July 2025</p></header>
<main>
<h2>Who can apply</h2>
<p>Permits are available to staff on contracts of three months or longer and to students on clinical placements
who live more than 2 miles from campus. Applications open on 1 August and permits are valid from
1 September 2025 to 31 August 2026.</p>
<h2>Permit charges</h2>
<table>
 <thead>
  <tr><th>Permit type</th><th>Eligible car parks</th><th>Annual fee (GBP)</th><th>Monthly payroll deduction (GBP)</th></tr>
 </thead>
 <tbody>
  <tr><td>Staff – salary below £30,000</td><td>P2, P3</td><td>180.00</td><td>15.00</td></tr>
  <tr><td>Staff – salary £30,000 to £50,000</td><td>P2, P3</td><td>300.00</td><td>25.00</td></tr>
  <tr><td>Staff – salary above £50,000</td><td>P2, P3</td><td>420.00</td><td>35.00</td></tr>
  <tr><td>Night shift (19:00–08:00 only)</td><td>P1, P2, P3</td><td>96.00</td><td>8.00</td></tr>
  <tr><td>Student on placement</td><td>P3</td><td>60.00</td><td>n/a</td></tr>
  <tr><td>Blue Badge holder</td><td>Any accessible bay</td><td>0.00</td><td>n/a</td></tr>
  <tr><td>Motorcycle</td><td>Motorcycle bays</td><td>30.00</td><td>2.50</td></tr>
 </tbody>
</table>
<p><small>Electric vehicles receive a 50% discount on the annual fee; charging is billed separately at 32p per kWh.</small></p>
<h2>Rules</h2>
<ol>
 <li>Display the permit hanger on the rear-view mirror so that it can be read from outside.</li>
 <li>Car park P1 is reserved for patients and visitors between 08:00 and 19:00.</li>
 <li>A lost permit can be replaced once per year for an administration fee of £10.</li>
 <li>Vehicles parked without a valid permit receive a parking charge notice of £70, reduced to £35 if paid within 14 days.</li>
 <li>Car sharers (three or more staff in one car) may apply for a free reserved bay in P2.</li>
</ol>
<h2>Contact</h2>
<p>Travel Office, Estates Building, ground floor. Telephone 0113 496 0775 or email travel@larkhill.example.</p>
</main>
<footer><p>© Larkhill Medical Campus Estates. This page is reviewed every July.</p></footer>
</body>
</html>
"""
    path.write_text(html, encoding="utf-8")
    return path


# ---------------------------------------------------------------------------
# EPUB (zh-Hant)
# ---------------------------------------------------------------------------


def _volunteer_epub(out: pathlib.Path) -> pathlib.Path:
    from ebooklib import epub  # type: ignore[import-untyped, unused-ignore]

    path = out / "fresh-volunteer-handbook-zh-hant.epub"
    book = epub.EpubBook()
    book.set_identifier("fresh-volunteer-handbook-2025")
    book.set_title("松濤社區關懷協會志工服務手冊")
    book.set_language("zh-Hant")
    book.add_author("松濤社區關懷協會")
    ch1 = epub.EpubHtml(title="第一章　加入志工行列", file_name="ch1.xhtml", lang="zh-Hant")
    ch1.content = (
        "<h1>第一章　加入志工行列</h1>"
        "<p>松濤社區關懷協會成立於民國九十五年，主要服務社區獨居長者及弱勢家庭。凡年滿十六歲、身心健康者，均可報名成為本會志工；"
        "未滿十八歲者須檢附法定代理人同意書。</p>"
        "<h2>一、基礎訓練</h2>"
        "<p>新進志工須完成基礎訓練十二小時及特殊訓練六小時，並通過三個月見習期，方可取得志願服務紀錄冊。</p>"
        "<h2>二、服務時數</h2>"
        "<p>志工每月至少服務八小時，連續三個月未服務者，視同自動退出。服務滿一百五十小時者，由本會推薦申請志願服務榮譽卡。</p>"
        "<h2>三、保險</h2><p>本會為所有在職志工投保意外事故保險，每人保額新臺幣一百萬元，保費由本會全額負擔。</p>"
    )
    ch2 = epub.EpubHtml(title="第二章　服務守則", file_name="ch2.xhtml", lang="zh-Hant")
    ch2.content = (
        "<h1>第二章　服務守則</h1>"
        "<ol>"
        "<li>服務時須穿著本會背心並配戴志工證。</li>"
        "<li>不得向服務對象收受任何金錢或禮物；服務對象堅持致贈時，應婉拒並向督導回報。</li>"
        "<li>因故無法出勤者，應於服務日前二日通知志工督導，以便安排代班。</li>"
        "<li>居家訪視須二人一組，每次訪視以一小時為原則。</li>"
        "<li>遇長者身體不適或緊急狀況，應立即撥打119，並通知督導。</li>"
        "</ol>"
        "<h2>交通補助</h2>"
        "<p>志工參與居家訪視，每次發給交通補助新臺幣一百元，於次月十日前匯入志工指定帳戶。</p>"
        "<p>志工督導：蔡佩珊，聯絡電話 (02) 2931-4470。</p>"
    )
    for ch in (ch1, ch2):
        book.add_item(ch)
    book.toc = (ch1, ch2)
    book.add_item(epub.EpubNcx())
    book.add_item(epub.EpubNav())
    book.spine = ["nav", ch1, ch2]
    epub.write_epub(str(path), book)
    _normalize_zip(path)
    return path


# ---------------------------------------------------------------------------
# EML
# ---------------------------------------------------------------------------


def _outage_eml(out: pathlib.Path) -> pathlib.Path:
    path = out / "fresh-water-shutdown-notice-en.eml"
    text = """Dear residents and staff,

Planned water supply interruption – Halden Court and Birch House

To allow the replacement of the main water valve, the cold water supply to Halden Court (Blocks A to D) and
Birch House will be switched off on Tuesday 14 October 2025 from 09:00 until approximately 15:30.

During the work:
  1. Toilets will not flush after the first use; portable toilets will be placed in the Halden Court courtyard.
  2. Free bottled water (two 1.5-litre bottles per person) can be collected from the Birch House reception from 08:00.
  3. Hot water tanks will keep working for about two hours after the shutdown begins.
  4. The laundry room in Block C will be closed for the whole day.

When the supply is restored the water may look cloudy. Please run the cold tap for about 3 minutes before drinking.

If the water is still off after 17:00, please call the 24-hour maintenance line on 01904 555 318
and quote job number WO-88412.

We apologise for the inconvenience.

Marta Lindgren
Residential Services Manager
Eastmoor University Accommodation Office
"""
    html = (
        "<html><body>"
        + "".join(f"<p>{line}</p>" for line in text.replace("&", "&amp;").split("\n\n"))
        + "</body></html>"
    )
    msg = MIMEMultipart("alternative", boundary="==========fresh-boundary-7731==========")
    msg["From"] = "Eastmoor Accommodation Office <accommodation@eastmoor.example>"
    msg["To"] = "halden-birch-residents@lists.eastmoor.example"
    msg["Subject"] = "Planned water shutdown on Tuesday 14 October – Halden Court and Birch House"
    msg["Date"] = "Thu, 09 Oct 2025 10:12:44 +0100"
    msg["Message-ID"] = "<wo-88412.notice@eastmoor.example>"
    msg.attach(MIMEText(text, "plain", "utf-8"))
    msg.attach(MIMEText(html, "html", "utf-8"))
    path.write_bytes(msg.as_bytes())
    return path


# ---------------------------------------------------------------------------


def build(out_dir: pathlib.Path) -> list[pathlib.Path]:
    out_dir = pathlib.Path(out_dir)
    out_dir.mkdir(parents=True, exist_ok=True)
    _register_fonts()
    makers = [
        _canteen,
        _library,
        _shuttle,
        _equipment,
        _insurance,
        _procurement,
        _scholarship,
        _it_sla,
        _lab_xlsx,
        _sports_ods,
        _exam_csv,
        _onboarding_pptx,
        _safety_odp,
        _dorm_odt,
        _parking_html,
        _volunteer_epub,
        _outage_eml,
    ]
    return [m(out_dir) for m in makers]


if __name__ == "__main__":
    if len(sys.argv) != 2:
        print("usage: make_fresh.py OUT_DIR", file=sys.stderr)
        sys.exit(2)
    for p in build(pathlib.Path(sys.argv[1])):
        print(p)
