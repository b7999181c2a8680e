"""Builds ``router_eval.jsonl``, the router's labelled evaluation set (run once; output committed).

Written by hand before the offline router was tuned; see README.md in this folder for the
labelling guide. Every item gets a deterministic split: about a quarter is ``heldout`` (hash of
the text), never inspected item by item while tuning.

    .venv/bin/python tests/router/data/make_router_eval.py
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

import hanzidentifier

OUT = Path(__file__).with_name("router_eval.jsonl")

Hist = list[tuple[str, str]]
# (text, language, intent, task_type, history)
Item = tuple[str, str, str, str, Hist]

DA, DQ, WEB, CX = "DIRECT_ANSWER", "DOCUMENT_QA", "WEB_SEARCH", "COMPLEX"
GR, FAQ, FORM, FU, OOS = (
    "greeting",
    "simple_faq",
    "form_download",
    "conversation_followup",
    "out_of_scope",
)
T, S, E, M = "zh-Hant", "zh-Hans", "en", "mixed"


def _plain(lang: str, intent: str, task: str, texts: list[str]) -> list[Item]:
    return [(t, lang, intent, task, []) for t in texts]


GREETINGS: list[Item] = [
    *_plain(
        T,
        DA,
        GR,
        [
            "你好",
            "您好！",
            "哈囉～",
            "早安",
            "午安，大家好",
            "謝謝你的幫忙！",
            "感謝，這樣就清楚了",
            "好的，謝謝",
            "再見囉",
            "你是誰？",
            "你可以幫我做什麼？",
            "嗨嗨",
            "辛苦了，謝謝",
            "你好嗎？最近如何",
            "晚安～",
            "哈哈，你好可愛",
        ],
    ),
    *_plain(
        S,
        DA,
        GR,
        [
            "你好啊",
            "您好，在吗？",
            "早上好！",
            "晚上好",
            "谢谢你",
            "多谢，明白了",
            "好的谢谢",
            "再见",
            "拜拜～",
            "你是谁呀",
            "你能帮我做什么？",
            "嗨，你好",
            "辛苦啦",
            "你好吗？",
            "哈喽",
        ],
    ),
    *_plain(
        E,
        DA,
        GR,
        [
            "hi",
            "Hello!",
            "Hey there",
            "Good morning",
            "good evening everyone",
            "Thanks a lot!",
            "thank you, that helps",
            "ok thanks",
            "Bye!",
            "See you later",
            "Who are you?",
            "What can you do?",
            "How are you today?",
            "Nice to meet you",
            "What's up?",
            "Are you a bot?",
        ],
    ),
    *_plain(M, DA, GR, ["Hi 你好", "謝謝 thanks!", "hello 大家好"]),
]

OUT_OF_SCOPE: list[Item] = [
    *_plain(
        T,
        DA,
        OOS,
        [
            "今天台北天氣如何？",
            "明天會下雨嗎",
            "講個笑話給我聽",
            "台積電今天股價多少？",
            "這期大樂透號碼是什麼",
            "我是雙子座，今天運勢好嗎？",
            "推薦一部好看的電影",
            "昨晚NBA誰贏了？",
            "幫我寫一首關於秋天的詩",
            "紅燒肉怎麼做比較好吃",
            "你覺得我該不該跟女朋友分手",
            "推薦台南好吃的牛肉湯",
        ],
    ),
    *_plain(
        S,
        DA,
        OOS,
        [
            "北京明天天气怎么样？",
            "今天会不会下雪",
            "给我讲个笑话吧",
            "茅台股票现在多少钱",
            "双色球下期号码预测",
            "今天星座运势如何",
            "推荐几部好看的电视剧",
            "昨天足球比赛谁赢了",
            "帮我写一首情诗",
            "红烧鱼怎么做",
            "周末去哪里玩比较好",
            "帮我算一下塔罗牌",
        ],
    ),
    *_plain(
        E,
        DA,
        OOS,
        [
            "What's the weather like in London today?",
            "Will it rain tomorrow?",
            "Tell me a joke",
            "What is Tesla's stock price right now?",
            "Give me the winning lottery numbers",
            "What's my horoscope for today?",
            "Recommend a good movie for tonight",
            "Who won the football game last night?",
            "Write me a poem about the sea",
            "How do I bake sourdough bread?",
            "Should I break up with my boyfriend?",
            "What's a good restaurant near me?",
        ],
    ),
    *_plain(M, DA, OOS, ["今天的 weather 怎樣？", "推薦一部 Netflix 的 movie"]),
]

SIMPLE_FAQ: list[Item] = [
    *_plain(
        T,
        DQ,
        FAQ,
        [
            "請問年假有幾天？",
            "員工請病假需要附什麼證明？",
            "加班費怎麼計算",
            "公司的上班時間是幾點到幾點？",
            "報帳需要在幾天內完成？",
            "遠端工作的規定是什麼",
            "筆電遺失要通報誰",
            "密碼多久要更換一次？",
            "新人到職第一天要做什麼",
            "出差住宿費的上限是多少",
            "我想知道育嬰假可以請多久",
            "請幫我查一下員工旅遊補助的金額",
            "可以告訴我 VPN 怎麼連線嗎？",
            "婚假有幾天",
            "離職要提前多久通知",
        ],
    ),
    *_plain(
        S,
        DQ,
        FAQ,
        [
            "请问年假有几天？",
            "病假需要提供什么证明",
            "加班费是怎么算的？",
            "公司几点上班",
            "报销要在多少天内提交？",
            "居家办公有什么规定",
            "电脑丢了应该找谁",
            "密码多久需要修改一次",
            "新员工入职要准备什么材料",
            "出差的餐费标准是多少",
            "我想知道产假有多长",
            "请帮我查一下团建经费的额度",
            "能不能告诉我怎么申请门禁卡？",
            "试用期是多久",
            "辞职需要提前几天说",
        ],
    ),
    *_plain(
        E,
        DQ,
        FAQ,
        [
            "How many days of annual leave do I get?",
            "What proof do I need for sick leave?",
            "How is overtime pay calculated?",
            "What are the office hours?",
            "How soon must expense reports be submitted?",
            "What is the remote work policy?",
            "Who do I report a lost laptop to?",
            "How often do passwords have to be rotated?",
            "What should a new hire do on the first day?",
            "What is the hotel limit for business travel?",
            "Can you tell me how long parental leave is?",
            "I'd like to know the notice period for resigning",
            "Please explain how to connect to the VPN",
            "Is full-disk encryption required on laptops?",
            "Where is the parking policy described?",
        ],
    ),
    *_plain(
        M,
        DQ,
        FAQ,
        [
            "請問 VPN 的 password 要怎麼 reset？",
            "我的 laptop 壞了要找 IT 的哪個窗口",
            "how many 特休 days do new employees get?",
            "报销 receipt 可以用电子档吗",
        ],
    ),
]

# Hard negatives: questions that open with a greeting, one-word queries, questions about the
# service that the documents answer.
HARD_FAQ: list[Item] = [
    *_plain(
        T,
        DQ,
        FAQ,
        [
            "你好，請問年假怎麼請？",
            "早安！想問一下報帳的截止日",
            "嗨，員工餐廳幾點開？",
            "年假",
            "報帳",
            "加班費？",
            "上傳的文件支援哪些格式？",
            "答案裡的引用編號是什麼意思？",
        ],
    ),
    *_plain(
        S,
        DQ,
        FAQ,
        [
            "你好，请问怎么申请出差？",
            "哈喽，想问下公积金比例是多少",
            "谢谢！那试用期工资怎么算？",
            "公积金",
            "报销",
            "社保",
            "上传的文件可以多大？",
        ],
    ),
    *_plain(
        E,
        DQ,
        FAQ,
        [
            "Hi, how many vacation days do I have?",
            "Hello! What's the policy on working from home?",
            "Good morning, who approves purchase orders?",
            "Thanks! And how do I book a meeting room?",
            "vacation",
            "VPN",
            "expenses",
            "onboarding",
            "What file types can I upload?",
            "How does the judge decide if an answer is accepted?",
        ],
    ),
    *_plain(M, DQ, FAQ, ["Hi，請問 onboarding 的流程是什麼？"]),
]

FORMS: list[Item] = [
    *_plain(
        T,
        DQ,
        FORM,
        [
            "請假單在哪裡下載？",
            "我需要報帳的申請表",
            "有沒有出差申請表的範本",
            "離職申請書可以去哪裡拿",
            "請給我加班申請單的下載連結",
            "在職證明的表單在哪",
            "我要下載員工資料異動表",
            "請幫我找健康檢查補助的申請表格",
            "採購申請表",
            "有育嬰留停申請書的檔案嗎？",
            "哪裡可以找到保密協議的範本",
            "能給我一份請款單嗎",
        ],
    ),
    *_plain(
        S,
        DQ,
        FORM,
        [
            "请假条在哪里下载？",
            "我需要报销申请表",
            "有出差申请单的模板吗",
            "离职申请表去哪里领",
            "给我加班申请单的下载链接",
            "收入证明的表格在哪",
            "我要下载员工信息变更表",
            "帮我找一下体检报销的申请表",
            "采购申请单",
            "有没有实习协议的文件",
            "哪里能找到保密协议模板",
            "能发我一份付款申请表吗",
        ],
    ),
    *_plain(
        E,
        DQ,
        FORM,
        [
            "Where can I download the leave request form?",
            "I need the expense claim form",
            "Is there a template for a travel request?",
            "Where do I get the resignation form?",
            "Send me the link to the overtime request form",
            "Where is the employment verification form?",
            "I want to download the personal details change form",
            "Can you find me the application form for the health check subsidy?",
            "purchase request form",
            "Do you have the parental leave application as a file?",
            "Where can I find the NDA template?",
            "Could I get a copy of the reimbursement form?",
        ],
    ),
    *_plain(M, DQ, FORM, ["請給我 expense claim 的 form", "我要下载 travel request 的 template"]),
]

WEB_ITEMS: list[Item] = [
    *_plain(
        T,
        WEB,
        FAQ,
        [
            "上網查一下最新的勞基法修正內容",
            "今年的基本工資調整到多少？請搜尋網路",
            "幫我搜尋 Python 3.13 的新功能",
            "最近有什麼關於生成式 AI 的新聞？",
            "網路上有人評價過我們的競爭對手嗎",
            "Google 一下 Kubernetes 最新版本是幾版",
            "目前美金兌台幣的匯率是多少",
            "請上網找 ISO 27001 最新改版的重點",
            "查一下今天的科技新聞",
            "現在 OpenAI 最新的模型是什麼",
        ],
    ),
    *_plain(
        S,
        WEB,
        FAQ,
        [
            "上网查一下最新的个税政策",
            "今年最低工资标准是多少，帮我在网上搜一下",
            "搜索一下 React 19 有哪些新特性",
            "最近有哪些关于芯片出口管制的新闻",
            "网上对这款产品的评价怎么样",
            "百度一下 Linux 最新内核版本",
            "现在人民币兑美元汇率是多少",
            "帮我在网上找 GDPR 最近的罚款案例",
            "查一下今天的行业新闻",
            "目前最新的 iPhone 是哪一款",
        ],
    ),
    *_plain(
        E,
        WEB,
        FAQ,
        [
            "Search the web for the latest changes to GDPR",
            "What is the current minimum wage in California? Look it up online",
            "Google the release notes of Python 3.13",
            "Any recent news about AI regulation in the EU?",
            "What are people saying online about our competitor's new product?",
            "What's the latest version of Kubernetes?",
            "What is the current USD to EUR exchange rate?",
            "Find online the newest NIST password guidelines",
            "Look up today's tech headlines",
            "Search the internet for reviews of the ThinkPad X1 Carbon",
        ],
    ),
    *_plain(
        M, WEB, FAQ, ["幫我 google 一下 latest Docker release", "上网查一下 latest news about 5G"]
    ),
]

COMPLEX: list[Item] = [
    *_plain(
        T,
        CX,
        FAQ,
        [
            "比較一下特休和病假的規定有什麼不同",
            "遠端工作和進辦公室的報帳方式有什麼差異？",
            "請假流程是什麼？需要誰核准？多久會通過？",
            "出差的交通費和住宿費各自怎麼報？",
            "新人到職和離職的流程分別是什麼",
            "請分析一下加班制度的優缺點",
            "如果我在國外出差時生病了，要怎麼請假又怎麼報帳？",
            "資安規定和個資保護規定之間有哪些重疊的地方",
            "請一步一步說明從申請採購到付款的完整流程",
            "年假沒休完會怎樣？可以換成錢嗎？有期限嗎？",
            "整理所有文件中關於密碼的要求並比較",
            "產假、陪產假和育嬰假各有幾天，差別在哪",
        ],
    ),
    *_plain(
        S,
        CX,
        FAQ,
        [
            "比较一下年假和事假的规定",
            "居家办公和在公司办公的考勤有什么区别？",
            "报销流程是什么？谁审批？多久到账？",
            "出差的机票和酒店分别怎么报销",
            "入职和离职分别要办哪些手续",
            "分析一下弹性工作制的优缺点",
            "如果试用期内生病了，工资怎么算，还能转正吗？",
            "信息安全制度和数据保护制度有哪些重叠",
            "请一步一步说明从立项到上线的审批流程",
            "年假没休完怎么办？能折算工资吗？有效期多久？",
            "总结所有文档里关于加班的规定并对比",
            "婚假、丧假和病假各有几天，有什么不同",
        ],
    ),
    *_plain(
        E,
        CX,
        FAQ,
        [
            "Compare the sick leave and annual leave policies",
            "What are the differences between the remote and on-site expense rules?",
            "What is the leave process? Who approves it? How long does it take?",
            "How are flights and hotels reimbursed, respectively?",
            "Walk me through onboarding and offboarding, and how they differ",
            "What are the pros and cons of the flexible hours policy?",
            "If I get sick on a business trip abroad, how do I take leave and how do I claim "
            "the costs?",
            "Where do the security policy and the privacy policy overlap?",
            "Explain step by step the whole process from purchase request to payment",
            "What happens to unused vacation days, can they be paid out, and do they expire?",
            "Summarize everything the documents say about passwords and contrast the rules",
            "How do maternity, paternity and parental leave compare in length and pay?",
        ],
    ),
    *_plain(M, CX, FAQ, ["比較 on-call 和 overtime 的補償方式有什麼不同？"]),
]

_T_HIST: Hist = [("user", "請問年假有幾天？"), ("assistant", "到職滿一年享有七天特別休假。")]
_S_HIST: Hist = [("user", "请问年假有几天？"), ("assistant", "入职满一年有五天年假。")]
_E_HIST: Hist = [
    ("user", "How many days of annual leave do I get?"),
    ("assistant", "After one year you get fifteen days of annual leave."),
]
_T_HIST2: Hist = [
    ("user", "出差的住宿費上限是多少？"),
    ("assistant", "國內出差每晚上限兩千元，需檢附收據。"),
]
_S_HIST2: Hist = [("user", "怎么申请门禁卡？"), ("assistant", "请在行政系统提交申请，由前台发放。")]
_E_HIST2: Hist = [
    ("user", "How do I connect to the VPN?"),
    ("assistant", "Install the client from the IT portal and sign in with your hardware key."),
]
_T_HIST3: Hist = [
    ("user", "報帳要準備什麼？"),
    ("assistant", "需要發票正本與報帳單，並在三十天內送出。"),
    ("user", "發票遺失怎麼辦？"),
    ("assistant", "可以填寫遺失切結書代替。"),
]
_E_HIST3: Hist = [
    ("user", "What is the remote work policy?"),
    ("assistant", "You may work remotely up to two days a week with your manager's approval."),
    ("user", "Do I need to be reachable during core hours?"),
    ("assistant", "Yes, core hours are 10:00 to 16:00."),
]
_MIX_HIST: Hist = [
    ("user", "How many days of annual leave do I get?"),
    ("assistant", "After one year you get fifteen days of annual leave."),
]

FOLLOWUPS: list[Item] = [
    ("那病假呢？", T, DQ, FU, _T_HIST),
    ("那新人呢", T, DQ, FU, _T_HIST),
    ("這個可以分次休嗎？", T, DQ, FU, _T_HIST),
    ("它會過期嗎", T, DQ, FU, _T_HIST),
    ("沒休完的話呢？", T, DQ, FU, _T_HIST),
    ("那國外出差呢？", T, DQ, FU, _T_HIST2),
    ("餐費也一樣嗎", T, DQ, FU, _T_HIST2),
    ("要附什麼？", T, DQ, FU, _T_HIST2),
    ("上面說的切結書要去哪裡拿？", T, DQ, FU, _T_HIST3),
    ("超過期限呢？", T, DQ, FU, _T_HIST3),
    ("還有其他方式嗎", T, DQ, FU, _T_HIST3),
    ("剛才說的七天是工作天嗎？", T, DQ, FU, _T_HIST),
    ("那病假呢？", S, DQ, FU, _S_HIST),
    ("那实习生呢", S, DQ, FU, _S_HIST),
    ("这个可以分开休吗？", S, DQ, FU, _S_HIST),
    ("它会过期吗", S, DQ, FU, _S_HIST),
    ("那访客呢？", S, DQ, FU, _S_HIST2),
    ("需要多久？", S, DQ, FU, _S_HIST2),
    ("丢了怎么办", S, DQ, FU, _S_HIST2),
    ("刚才说的行政系统在哪里？", S, DQ, FU, _S_HIST2),
    ("还有别的办法吗", S, DQ, FU, _S_HIST2),
    ("没休完的话呢？", S, DQ, FU, _S_HIST),
    ("What about sick leave?", E, DQ, FU, _E_HIST),
    ("and for part-time staff?", E, DQ, FU, _E_HIST),
    ("Can I carry them over?", E, DQ, FU, _E_HIST),
    ("Does it expire?", E, DQ, FU, _E_HIST),
    ("How about contractors?", E, DQ, FU, _E_HIST2),
    ("What if I lose it?", E, DQ, FU, _E_HIST2),
    ("Where do I get that?", E, DQ, FU, _E_HIST2),
    ("And on Fridays?", E, DQ, FU, _E_HIST3),
    ("what about the rest of the day", E, DQ, FU, _E_HIST3),
    ("Is that the same for managers?", E, DQ, FU, _E_HIST3),
    ("Why?", E, DQ, FU, _E_HIST3),
    ("What about the first year?", E, DQ, FU, _E_HIST),
    ("那病假呢？", T, DQ, FU, _MIX_HIST),
    ("那 sick leave 呢？", M, DQ, FU, _T_HIST),
    ("What about 病假?", M, DQ, FU, _T_HIST),
]

# History present, but the message stands on its own (a new topic) or is a thank-you.
WITH_HISTORY_NOT_FOLLOWUP: list[Item] = [
    ("謝謝你！", T, DA, GR, _T_HIST),
    ("好的，了解了，感謝", T, DA, GR, _T_HIST2),
    ("员工体检每年几次？", S, DQ, FAQ, _S_HIST),
    ("谢谢，再见", S, DA, GR, _S_HIST2),
    ("Thanks, that's all!", E, DA, GR, _E_HIST),
    ("Who approves purchase orders over 5000 dollars?", E, DQ, FAQ, _E_HIST2),
    ("請問加班費怎麼算？", T, DQ, FAQ, _T_HIST3),
    ("Where can I download the travel request form?", E, DQ, FORM, _E_HIST3),
    ("报销申请表在哪里下载", S, DQ, FORM, _S_HIST),
    ("明天天氣好嗎", T, DA, OOS, _T_HIST),
    ("Tell me a joke", E, DA, OOS, _E_HIST3),
    ("Compare the annual leave and sick leave rules", E, CX, FAQ, _E_HIST2),
]

# Written after the first version of the offline rules, as paraphrases that avoid their
# keywords; labelled split "challenge" and never used for tuning.
CHALLENGE: list[Item] = [
    *_plain(
        T, DA, GR, ["嘿，午安啊", "收到，感恩", "先這樣，下次再聊", "您辛苦了，祝您有美好的一天"]
    ),
    *_plain(S, DA, GR, ["收到，感谢啦", "先这样，回头聊", "祝你今天愉快", "你叫什么呀"]),
    *_plain(
        E, DA, GR, ["Much appreciated!", "Have a great weekend", "yo", "Morning!", "Cheers mate"]
    ),
    *_plain(
        T,
        DA,
        OOS,
        [
            "週末去墾丁要帶什麼",
            "幫我想三個寵物名字",
            "周杰倫最新專輯好聽嗎",
            "宇宙有多大",
            "1+1等於多少",
        ],
    ),
    *_plain(
        S,
        DA,
        OOS,
        ["周末爬山穿什么好", "帮我起个网名", "王者荣耀怎么上分", "怎么减肥最快", "月球离地球多远"],
    ),
    *_plain(
        E,
        DA,
        OOS,
        [
            "What should I name my cat?",
            "How far is the moon?",
            "Can you help me with my calculus homework?",
            "Which video game should I play next?",
            "What's the best way to lose weight?",
        ],
    ),
    *_plain(
        T,
        DQ,
        FAQ,
        [
            "員工可以帶寵物來上班嗎",
            "停車位要怎麼登記",
            "試用期可以請特休嗎？",
            "電腦壞掉找哪個單位",
            "三節獎金什麼時候發",
            "你好，我是新來的，想知道識別證怎麼辦",
            "尾牙",
        ],
    ),
    *_plain(
        S,
        DQ,
        FAQ,
        [
            "员工可以带宠物上班吗",
            "工位怎么申请调换",
            "年终奖什么时候发",
            "电脑坏了报修找谁",
            "你好，我刚入职，想了解一下工牌怎么办理",
            "打卡",
        ],
    ),
    *_plain(
        E,
        DQ,
        FAQ,
        [
            "Are pets allowed in the office?",
            "When are bonuses paid out?",
            "My monitor broke, who fixes it?",
            "Hey, I'm new here, how do I get a badge?",
            "Is there a dress code?",
            "payroll",
        ],
    ),
    *_plain(
        T,
        DQ,
        FORM,
        ["報名尾牙的單子要去哪裡拿", "可以寄給我請假用的那張單子嗎", "我要填的調職申請在哪裡"],
    ),
    *_plain(
        S, DQ, FORM, ["请假要填的那张单子在哪", "把调岗申请的文档发我一下", "报名团建的登记单"]
    ),
    *_plain(
        E,
        DQ,
        FORM,
        [
            "Where's the paperwork for changing my bank details?",
            "Send me the sheet I fill in for overtime",
            "I need the PDF for the travel request",
        ],
    ),
    *_plain(
        T,
        WEB,
        FAQ,
        [
            "去年台灣的 GDP 成長率是多少",
            "幫我查一下外面對這個新法規的看法",
            "勞保費率今年有調漲嗎，查一下網頁",
        ],
    ),
    *_plain(
        S,
        WEB,
        FAQ,
        [
            "去年中国的 GDP 增长了多少",
            "查一下外界对新政策的评价",
            "帮我找找网页上关于新社保法的解读",
        ],
    ),
    *_plain(
        E,
        WEB,
        FAQ,
        [
            "What did the Fed announce this week?",
            "How did the markets react to yesterday's rate cut? check the web",
            "What's the population of Canada in 2024?",
        ],
    ),
    *_plain(
        T,
        CX,
        FAQ,
        [
            "特休跟補休哪個比較划算",
            "從申請出差到拿到報帳款，中間要經過哪些人",
            "遠距工作時資安和打卡要注意什麼",
        ],
    ),
    *_plain(
        S,
        CX,
        FAQ,
        [
            "调休和年假哪个更划算",
            "从提交采购到付款，中间要经过哪些审批",
            "出差期间加班怎么算，又怎么调休",
        ],
    ),
    *_plain(
        E,
        CX,
        FAQ,
        [
            "Which is better for me, comp time or overtime pay?",
            "From booking a trip to getting reimbursed, who signs off at each stage?",
            "When working remotely, what do the security rules and the attendance rules require?",
        ],
    ),
    ("病假也是這樣算嗎？", T, DQ, FU, _T_HIST),
    ("主管也適用嗎", T, DQ, FU, _T_HIST2),
    ("所以最多幾天？", T, DQ, FU, _T_HIST),
    ("实习生适用吗", S, DQ, FU, _S_HIST),
    ("要带身份证吗", S, DQ, FU, _S_HIST2),
    ("所以一共几天？", S, DQ, FU, _S_HIST),
    ("Does that include weekends?", E, DQ, FU, _E_HIST),
    ("Same for interns?", E, DQ, FU, _E_HIST),
    ("How long does the setup take?", E, DQ, FU, _E_HIST2),
]

ALL: list[Item] = [
    *GREETINGS,
    *OUT_OF_SCOPE,
    *SIMPLE_FAQ,
    *HARD_FAQ,
    *FORMS,
    *WEB_ITEMS,
    *COMPLEX,
    *FOLLOWUPS,
    *WITH_HISTORY_NOT_FOLLOWUP,
]
CHALLENGE_KEYS = {(t, tuple(h)) for t, _, _, _, h in CHALLENGE}


def _split(text: str, history: Hist) -> str:
    key = text + "|" + "|".join(c for _, c in history)
    return "heldout" if int(hashlib.sha1(key.encode()).hexdigest(), 16) % 4 == 0 else "dev"


def _script_label(text: str, lang: str, history: Hist) -> str:
    """Text written identically in both scripts ("你好", "年假") cannot be told apart: it is
    labelled with the conversation's script, else the deployment default (zh-Hant)."""
    if lang not in (T, S):
        return lang
    han = "".join(ch for ch in text if "\u3400" <= ch <= "\u9fff")
    if hanzidentifier.identify(han) != hanzidentifier.BOTH or "么" in han:
        return lang
    for role, content in reversed(history):
        h = "".join(ch for ch in content if "\u3400" <= ch <= "\u9fff")
        if role == "user" and hanzidentifier.identify(h) in (
            hanzidentifier.TRADITIONAL,
            hanzidentifier.SIMPLIFIED,
        ):
            return T if hanzidentifier.identify(h) == hanzidentifier.TRADITIONAL else S
    return T


def rows() -> list[dict[str, Any]]:
    """The labelled items as JSON objects."""
    out: list[dict[str, Any]] = []
    for text, lang0, intent, task, history in [*ALL, *CHALLENGE]:
        lang = _script_label(text, lang0, history)
        out.append(
            {
                "text": text,
                "history": [{"role": r, "content": c} for r, c in history],
                "language": lang,
                "intent": intent,
                "task_type": task,
                "split": "challenge"
                if (text, tuple(history)) in CHALLENGE_KEYS
                else _split(text, history),
            }
        )
    return out


def main() -> None:
    data = rows()
    keys = [(r["text"], json.dumps(r["history"], ensure_ascii=False)) for r in data]
    assert len(set(keys)) == len(keys), "duplicate items"
    with OUT.open("w", encoding="utf-8") as f:
        for r in data:
            f.write(json.dumps(r, ensure_ascii=False) + "\n")
    print(f"wrote {len(data)} items to {OUT}")


if __name__ == "__main__":
    main()
