//! Names in scripts without capitals, where case cannot show a name: Chinese and Korean names
//! recognised by their family name, and labelled names in Arabic, Hebrew, Devanagari and CJK.

/// Common family names in Chinese (first character) and Korean: a short line that starts with
/// one is a name, in scripts with no capitals to show it.
const CJK_SURNAMES: &str = "王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹彭曾肖田董袁潘于蒋蔡余杜叶程苏魏吕丁任沈姚卢姜崔钟谭陆汪范金石廖贾夏韦付方白邹孟熊秦邱江尹薛闫段雷侯龙史陶黎贺顾毛郝龚邵万钱严覃武戴莫孔向汤谈常温康施文牛樊葛邢安齐易乔伍庞颜倪庄聂章鲁岳翟殷詹申欧耿关兰焦俞左柳甘祝包宁尚符舒阮柯纪梅童凌毕单季裴霍涂成苗谷盛曲翁冉骆蓝路游辛靳管柴蒙鲍华喻祁蒲房滕屈饶解牟艾尤阳时穆农司卓古吉缪简车项连芦麦褚娄窦戚岑景党宫费卜冷晏席卫米柏宗瞿桂全佟应臧闵苟邬边卞姬师和仇栾隋商刁沙荣巫寇桑郎甄丛仲虞敖巩明佘池查麻苑迟邝官封谈匡鞠惠荆乐冀郁胥南班储原栗燕楚鄢劳谌奚皮粟冼蔺楼盘满闻位厉伊仝区郜海阚花权强帅屠豆朴盖练廉禹井祖漆巴丰支卿国狄平计索宣晋相初门云容敬来扈晁芮都普阙浦戈伏鹿薄邸雍辜羊阿乌母裘亓修邰赫杭况那宿鲜印逯隆茹诸战慕危玉银亢嵇公哈湛宾戎勾茅利於呼居揭干但尉冶斯元束檀衣信展阴昝智幸奉植衡富尧闭由김이박최정강조윤장임한오서신권황안송류전홍고문양손배백허유남심노하곽성차주우구민진지엄채원천방공현함변염여추도소석선설마길연위표명기반왕금옥육인맹제모탁국어은편용";

/// Section headings that read like a short CJK name.
const CJK_HEADINGS: &[&str] = &[
    "个人信息",
    "联系方式",
    "教育经历",
    "工作经历",
    "实习经历",
    "项目经历",
    "专业技能",
    "自我评价",
    "获奖情况",
    "个人简历",
    "简历",
    "求职意向",
    "教育背景",
    "工作经验",
    "项目经验",
    "技能",
    "荣誉奖项",
    "简历",
    "项目",
    "荣誉",
    "证书",
    "教育",
    "经历",
    "简介",
    "个人简介",
    "소개",
    "경력",
    "학력",
    "기술",
    "이력서",
    "자기소개",
    "프로젝트",
    "이메일",
    "연락처",
    "전화",
    "주소",
    "정보",
    "한국어",
    "고등학교",
    "대학교",
    "수상",
    "교육",
];

/// A Chinese or Korean name: two to four Han or Hangul characters starting with a family name,
/// and not a heading.
pub(super) fn cjk_name(line: &str) -> Option<String> {
    let name = line.trim();
    let count = name.chars().count();
    let han_or_hangul = |c: char| matches!(c, '\u{4E00}'..='\u{9FFF}' | '\u{AC00}'..='\u{D7AF}' | '\u{3400}'..='\u{4DBF}');
    ((2..=4).contains(&count)
        && name.chars().all(han_or_hangul)
        && name
            .chars()
            .next()
            .is_some_and(|c| CJK_SURNAMES.contains(c))
        && !CJK_HEADINGS.contains(&name))
    .then(|| name.to_string())
}

/// A labelled name in a script without capitals (Arabic, Hebrew, Devanagari, CJK): two to five
/// letter-only words.
pub(super) fn caseless_name(value: &str) -> Option<String> {
    let words: Vec<&str> = value.split_whitespace().collect();
    let caseless = |w: &&str| {
        w.chars()
            .all(|c| c.is_alphabetic() && !c.is_uppercase() && !c.is_lowercase())
    };
    ((2..=5).contains(&words.len()) && words.iter().all(caseless))
        .then(|| words.join(" "))
        .or_else(|| cjk_name(value))
}
