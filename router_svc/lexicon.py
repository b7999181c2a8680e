"""The offline router's lexicons, in Traditional Chinese, Simplified Chinese and English.

Each pattern names one signal; :mod:`router_svc.offline` combines them. Patterns run on the
normalized text (NFKC, half-width punctuation), case-insensitively.
"""

from __future__ import annotations

import re

# Whole-message greetings, thanks, farewells and small talk about the assistant itself; a
# message made only of these (and filler) is DIRECT_ANSWER / greeting.
GREETING_PHRASES: tuple[str, ...] = tuple(
    sorted(
        {
            # zh-Hant / zh-Hans
            "你好嗎",
            "你好吗",
            "您好",
            "你好",
            "妳好",
            "大家好",
            "哈囉",
            "哈啰",
            "哈嘍",
            "哈喽",
            "嗨嗨",
            "嗨",
            "早安",
            "午安",
            "晚安",
            "早上好",
            "中午好",
            "下午好",
            "晚上好",
            "謝謝你的幫忙",
            "谢谢你的帮忙",
            "謝謝您",
            "谢谢您",
            "謝謝你",
            "谢谢你",
            "謝謝",
            "谢谢",
            "感謝",
            "感谢",
            "多謝",
            "多谢",
            "再見",
            "再见",
            "拜拜",
            "掰掰",
            "回頭見",
            "回头见",
            "你是誰",
            "你是谁",
            "你叫什麼名字",
            "你叫什么名字",
            "你是機器人嗎",
            "你是机器人吗",
            "你可以幫我做什麼",
            "你可以帮我做什么",
            "你能幫我做什麼",
            "你能帮我做什么",
            "你可以做什麼",
            "你可以做什么",
            "你能做什麼",
            "你能做什么",
            "辛苦了",
            "辛苦啦",
            "最近好嗎",
            "最近好吗",
            "最近如何",
            "最近怎麼樣",
            "最近怎么样",
            "在嗎",
            "在吗",
            "哈哈",
            "好的",
            "好喔",
            "了解了",
            "了解",
            "明白了",
            "明白",
            "知道了",
            "沒問題",
            "没问题",
            "這樣就清楚了",
            "这样就清楚了",
            "你好可愛",
            "你好可爱",
            "你好棒",
            "你真棒",
            # en
            "good morning",
            "good afternoon",
            "good evening",
            "good night",
            "how are you doing",
            "how are you",
            "how's it going",
            "how is it going",
            "what's up",
            "whats up",
            "nice to meet you",
            "thank you very much",
            "thank you so much",
            "thank you",
            "thanks a lot",
            "thanks so much",
            "thanks",
            "thx",
            "that helps",
            "that's helpful",
            "that's all",
            "got it",
            "ok",
            "okay",
            "great",
            "cool",
            "awesome",
            "goodbye",
            "bye",
            "see you later",
            "see you",
            "take care",
            "hello",
            "hiya",
            "hey",
            "hi",
            "greetings",
            "who are you",
            "what are you",
            "what is your name",
            "what's your name",
            "are you a bot",
            "are you a robot",
            "are you human",
            "what can you do",
            "what can you help me with",
            "can you help me",
            "could you help me",
            "can you help",
            "i need help",
            "你可以幫我嗎",
            "你可以帮我吗",
            "可以幫我嗎",
            "可以帮我吗",
            "能幫我嗎",
            "能帮我吗",
            "how can you help me",
            "cheers",
        },
        key=lambda p: (-len(p), p),
    )
)
GREETING_FILLER = re.compile(
    r"(?i)\b(there|all|everyone|everybody|friend|bot|groundmesh|again|so much|guys|today|"
    r"for now|for your help|very much|then)\b"
    r"|[啊呀哦喔啦嘛囉咯哈~,.!?:;)(\s、，。！？😀🙂👋]+|這樣|这样|一下|你|您"
)

# Thanks inside a greeting-only message: such a message gets a "you're welcome", not a hello.
THANKS = re.compile(r"(?i)(謝|谢|辛苦|\bthanks?\b|\bthx\b|\bcheers\b)")

# A question for today's date, the day of the week or the time: never small talk, the
# current_time tool answers it (agent_svc's planner), so it goes down the document path.
DATE_TIME = re.compile(
    r"(?i)((現在|现在|目前|今天|今日|今年|這個月|这个月)(是)?(幾點|几点|幾時|几时|時間|时间|幾號|几号|"
    r"幾月|几月|日期|星期幾|星期几|禮拜幾|礼拜几|週幾|周几|哪一?天|哪一?年|幾年|几年|什麼日子|什么日子)|"
    r"(幾點了|几点了|幾號了|几号了)|"
    r"\bwhat\s+time\s+is\s+it\b|\bwhat(?:['’]s|\s+is)\s+the\s+(time|date|day)\b|"
    r"\btoday['’]?s\s+date\b|\bdate\s+today\b|\bcurrent\s+(time|date|day)\b|"
    r"\bwhat\s+(day|date|month|year)\s+is\s+(it|today|this)\b|\bwhich\s+day\s+is\s+(it|today)\b|"
    r"\btime\s+(is\s+it\s+)?(right\s+)?now\b|\bday\s+of\s+the\s+week\s+is\s+(it|today)\b)"
)

# Topics outside any document workspace (weather, markets, lottery, horoscopes, jokes,
# entertainment, sports, creative writing, cooking, dining, dating, leisure travel).
OUT_OF_SCOPE = re.compile(
    r"(?i)(天氣|天气|氣溫|气温|下雨|下雪|颱風|台风|氣象|气象|"
    r"股價|股价|股票|(?<!員工)(?<!员工)股市|樂透|乐透|彩票|雙色球|双色球|大樂透|中獎號碼|"
    r"星座|運勢|运势|塔羅|塔罗|算命|占卜|笑話|笑话|"
    r"電影|电影|電視劇|电视剧|追劇|追剧|綜藝|综艺|"
    r"NBA|足球|籃球|篮球|棒球|比賽誰贏|比赛谁赢|"
    r"寫一首|写一首|情詩|情诗|作詩|作诗|寫首|写首|"
    r"怎麼做.{0,4}好吃|怎么做.{0,4}好吃|食譜|食谱|菜譜|菜谱|紅燒|红烧|"
    r"好吃的|餐廳推薦|餐厅推荐|推薦.{0,6}(餐廳|小吃|美食)|推荐.{0,6}(餐厅|小吃|美食)|"
    r"分手|女朋友|男朋友|談戀愛|谈恋爱|"
    r"去哪裡玩|去哪里玩|景點推薦|景点推荐|"
    r"\bweather\b|\brain(s|ing)?\b|\bsnow(s|ing)?\b|\bforecast\b|\btemperature outside\b|"
    r"\bstock price|\bshare price|\bstock market\b|\blottery\b|\bhoroscope\b|\bzodiac\b|"
    r"\btarot\b|\bjokes?\b|\bmovies?\b|\bfilms?\b|\btv shows?\b|\bnetflix\b|"
    r"\bwho won\b|\bfootball\b|\bsoccer\b|\bbasketball\b|\bbaseball\b|\bscores? of the\b|"
    r"\bpoems?\b|\bsong lyrics\b|\brecipe\b|\bbake\b|\bcook(ing)? (a|the|some)\b|"
    r"\brestaurants?\b|\bboyfriend\b|\bgirlfriend\b|\bbreak up\b|\bdating\b)"
)
# Words of the workplace: an out-of-scope word next to them is about the documents
# ("員工股票選擇權", "the policy on filming in the office").
WORK_DOMAIN = re.compile(
    r"(?i)(公司|員工|员工|同仁|報帳|报销|報銷|請假|请假|規定|规定|制度|政策|申請|申请|補助|补助|"
    r"福利|辦公室|办公室|部門|部门|出差|病假|年假|特休|事假|婚假|產假|产假|育嬰|育婴|加班|薪資|薪资|"
    r"薪水|工資|工资|離職|离职|入職|入职|到職|試用期|试用期|主管|人事|\bpolicy\b|\bpolicies\b|\bemployees?\b|\bstaff\b|"
    r"\bexpenses?\b|\breimburs|\bleave\b|\bcompany\b|\boffice\b|\bhandbook\b|\bbenefits?\b)"
)

FORM = re.compile(
    r"(?i)(下載|下载|表單|表单|表格|申請表|申请表|申請書|申请书|申請單|申请单|請假單|请假单|"
    r"请假条|請假條|請款單|请款单|付款申请|異動表|异动表|切結書|切结书|範本|范本|模板|"
    r"(有沒有|有没有|有).{1,15}(檔案|文件)(嗎|吗)?[?]?$|"
    r"\bforms?\b|\bdownload|\btemplates?\b|\bas a file\b|\bcopy of the\b|\bblank\b)"
)

# An explicit request to search outside the documents, or a question about public, current
# information (news, latest releases, exchange rates).
WEB_EXPLICIT = re.compile(
    r"(?i)(上網|上网|網路上|网络上|網上|网上|搜尋網路|搜索网络|在網路|在网络|google|百度一下|"
    r"谷歌|搜尋一下|搜索一下|搜一下|幫我搜尋|帮我搜索|\bsearch (the )?(web|internet|online)\b|"
    r"\b(look|find|search)\b.{0,30}\bonline\b|\bon the (web|internet)\b|\bonline reviews?\b|"
    r"\bthe internet\b|\bbing\b)"
)
WEB_CURRENT = re.compile(
    r"(?i)(最新|新聞|新闻|頭條|头条|匯率|汇率|今年的|近期|"
    r"\blatest\b|\bnewest\b|\bnews\b|\bheadlines?\b|\bexchange rate\b|\brelease notes\b|"
    r"\bcurrent (version|release|price|minimum wage|rate)\b|\brecent(ly)?\b.{0,20}\bnews\b|"
    r"\bpeople saying\b|\breviews? of\b)"
)

# Comparison, several parts, a multi-step procedure, or a synthesis across documents.
COMPLEX = re.compile(
    r"(?i)(比較|比较|對比|对比|差異|差异|區別|区别|差別|差别|有何不同|有什麼不同|有什么不同|"
    r"優缺點|优缺点|利弊|分別|分别|各自|各有|重疊|重叠|一步一步|完整流程|整理所有|總結所有|"
    r"总结所有|彙整|汇总|\bcompare\b|\bcomparison\b|\bcontrast\b|\bdifferences?\b|\bdiffer\b|"
    r"\bversus\b|\bvs\.?\s|\bpros and cons\b|\brespectively\b|\bstep by step\b|"
    r"\bwalk me through\b|\boverlap\b|\bsummari[sz]e (all|everything)\b|\btrade-?offs?\b)"
)
# Markers that a message leans on the conversation.
FOLLOWUP_ZH = re.compile(
    r"^(那|那麼|那么|還有|还有|另外|而且|所以|然後|然后)|呢[?!.]?$|這個|这个|那個|那个|這些|这些|"
    r"那些|它|他們|他们|她們|她们|上面|剛才|刚才|剛剛|刚刚|前面說|前面说|同樣|同样|也一樣|也一样|"
    r"這樣|这样|如此|的話|的话|"
    # A person named before: 「他是哪天出生的？」, 「她的職位是什麼？」 (not 其他, 吉他, 他人).
    r"(?<![其吉])他(?!人)|她"
)
# Explicit references to what was said before: a follow-up whatever its length.
BACK_REFERENCE = re.compile(
    r"(?i)(剛才|刚才|剛剛|刚刚|上面說|上面说|上面提到|前面說|前面说|前面提到|你說的|你说的|你提到|"
    r"\byou (just )?(said|mentioned)\b|\bmentioned (above|earlier)\b|\b(above|earlier) answer\b)"
)
FOLLOWUP_EN = re.compile(
    r"(?i)^(and|but|so|also|then|what about|how about|and what about|what if)\b|"
    r"\b(it|its|that|this|those|these|they|them|their|the same|he|she|his|her|him)\b"
)

# Leading filler that carries no search term.
FILLER_PREFIX = re.compile(
    r"(?i)^(?:(?:請問一下|请问一下|請問|请问|想請問|想请问|想問一下|想问一下|想問下|想问下|問一下|"
    r"问一下|請幫我查一下|请帮我查一下|請幫我找一下|请帮我找一下|請幫我查|请帮我查|請幫我找|请帮我找|"
    r"請幫我|请帮我|幫我查一下|帮我查一下|幫我找一下|帮我找一下|幫我|帮我|麻煩你|麻烦你|麻煩|麻烦|"
    r"我想知道|我想了解|我想問|我想问|可以告訴我|可以告诉我|能不能告訴我|能不能告诉我|能告訴我|"
    r"能告诉我|告訴我|告诉我|我想|我要|想要|你好|您好|哈囉|哈啰|哈喽|嗨|早安|午安|謝謝|谢谢|好的|"
    r"請給我|请给我|給我|给我)"
    r"|(?:can you (?:please )?(?:tell me|explain|show me|find|help me (?:find|with))?|"
    r"could you (?:please )?(?:tell me|explain|show me|find)?|would you (?:please )?|please|"
    r"i(?: want| would like|['’]d like| wanna) to know|i(?:['’]m| am) wondering|i wonder|tell me|"
    r"do you know|let me know|i need to know|hi|hello|hey|good morning|thanks|thank you|"
    r"ok|okay)\b)[\s,，:：!！.。]*"
)
FILLER_SUFFIX = re.compile(
    r"(?i)(?:[\s,，]*(?:謝謝|谢谢|感謝|感谢|thanks|thank you|please))+[\s!！.。]*$"
)
EDGE_PUNCT = re.compile(r"^[\s,，.。!！?？:：;；~、]+|[\s,，.。!！?？:：;；~、]+$")
VAGUE = re.compile(
    r"(?i)^(?:這個|这个|那個|那个|資料|资料|東西|东西|相關|相关|問題|问题|info|information|"
    r"stuff|something|help|details|more)\b"
)

# Arithmetic the calculator answers: "15% of 5000", "1200/12", "三乘以七" (precise enough to stay a
# rule: every match among the 2,272 training messages was arithmetic).
_NUM = r"(?:\d+(?:[.,]\d+)?%?|[零〇一二兩两三四五六七八九十百千萬万]+)"
ARITHMETIC = re.compile(
    rf"{_NUM}\s*(?:[+\-*/×÷^xX]|加上?|減去?|减去?|乘以?|除以?|plus|minus|times|divided by|"
    rf"multiplied by)\s*{_NUM}|\d+(?:\.\d+)?\s*%\s*of\s*\d|百分之{_NUM}",
    re.I,
)
