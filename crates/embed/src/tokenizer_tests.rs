//! The tokenizer's ids against Hugging Face's `BertTokenizerFast` (tokenizers 0.23.3) with the
//! model's own `tokenizer.json`, on strings that exercise each rule, and its logic on a toy
//! vocabulary.

use super::*;

fn toy() -> Tokenizer {
    let vocab = [
        "[PAD]", "[UNK]", "[CLS]", "[SEP]", "un", "##aff", "##able", "aff", "able", "!", "##a", "a",
    ];
    Tokenizer::from_vocab(&vocab.join("\n")).expect("the toy vocabulary has the special tokens")
}

fn real() -> Tokenizer {
    let path = crate::models_dir()
        .expect("a models directory")
        .join("all-MiniLM-L6-v2-int8/vocab.txt");
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("{}: {e}; run scripts/models.sh", path.display()));
    Tokenizer::from_vocab(&text).expect("the pinned vocabulary")
}

#[test]
fn longest_match_first_with_continuations() {
    assert_eq!(toy().encode("unaffable"), [4, 5, 6]);
    assert_eq!(toy().encode("affable!"), [7, 6, 9]);
}

#[test]
fn a_word_with_an_unknown_part_is_one_unk() {
    assert_eq!(toy().encode("unaffablex able"), [1, 8]);
}

#[test]
fn words_over_a_hundred_characters_are_unk() {
    assert_eq!(
        toy().encode(&"a".repeat(100)),
        [[11].as_slice(), &[10; 99]].concat()
    );
    assert_eq!(toy().encode(&"a".repeat(101)), [1]);
}

#[test]
fn a_vocabulary_without_the_special_tokens_is_refused() {
    assert!(Tokenizer::from_vocab("a\nb").is_err());
}

#[test]
fn ids_match_the_reference_tokenizer() {
    let tokenizer = real();
    let cases: &[(&str, &[u32])] = &[
        ("Hello, World!", &[7592, 1010, 2088, 999]),
        (
            "Café naïve résumé — ŁÓDŹ straße",
            &[7668, 15743, 13746, 1517, 17814, 2358, 27807],
        ),
        (
            "東京大学で学んだ 北京",
            &[1879, 1755, 1810, 1817, 1665, 1817, 1691, 30187, 1781, 1755],
        ),
        (
            "soft\u{ad}hyphen zero\u{200b}width joi\u{200d}ner \u{feff}bom",
            &[
                3730, 10536, 8458, 2368, 5717, 9148, 11927, 2232, 3693, 2121, 8945, 2213,
            ],
        ),
        (
            "icon\u{f0e0} mail@example.com +1 (555) 010-9999",
            &[
                12696, 5653, 1030, 2742, 1012, 4012, 1009, 1015, 1006, 29541, 1007, 5890, 2692,
                1011, 25897, 2683,
            ],
        ),
        (
            "e-mail: j.doe@acme.io; $100k+ <b>bold</b> ^~`|",
            &[
                1041, 1011, 5653, 1024, 1046, 1012, 18629, 1030, 9353, 4168, 1012, 22834, 1025,
                1002, 2531, 2243, 1009, 1026, 1038, 1028, 7782, 1026, 1013, 1038, 1028, 1034, 1066,
                1036, 1064,
            ],
        ),
        (
            "unaffable antidisestablishmentarianism",
            &[
                14477, 20961, 3468, 3424, 10521, 4355, 7875, 13602, 3672, 12199, 2964,
            ],
        ),
        (&"x".repeat(101), &[100]),
        (
            &"a".repeat(100),
            &[
                13360, 11057, 11057, 11057, 11057, 11057, 11057, 11057, 11057, 11057, 11057, 11057,
                11057, 11057, 11057, 11057, 11057, 11057, 11057, 11057, 11057, 11057, 11057, 11057,
                11057, 11057, 11057, 11057, 11057, 11057, 11057, 11057, 11057, 11057, 11057, 11057,
                11057, 11057, 11057, 11057, 11057, 11057, 11057, 11057, 11057, 11057, 11057, 11057,
                11057, 2050,
            ],
        ),
        (
            "Ünïcödé ÀÉÎÕÜ ǅ İstanbul ΣΊΣΥΦΟΣ",
            &[
                27260, 29347, 3695, 2226, 100, 9960, 1173, 18199, 29733, 29735, 29736, 29730, 29733,
            ],
        ),
        (
            "tab\there\nnew line\r\nreturn  \u{3000}ideographic\u{a0}nbsp",
            &[
                21628, 2182, 2047, 2240, 2709, 8909, 8780, 14773, 1050, 5910, 2361,
            ],
        ),
        (
            "C++ / C# / Node.js / k8s / CI/CD",
            &[
                1039, 1009, 1009, 1013, 1039, 1001, 1013, 13045, 1012, 1046, 2015, 1013, 1047,
                2620, 2015, 1013, 25022, 1013, 3729,
            ],
        ),
        (
            "Иван Петров, инженер-программист",
            &[
                1188, 25529, 28995, 1194, 15290, 22919, 16856, 19259, 1010, 1188, 18947, 29743,
                15290, 18947, 15290, 16856, 1011, 1194, 16856, 14150, 29741, 16856, 10260, 29745,
                29745, 10325, 29747, 22919,
            ],
        ),
        (
            "•\tLed a team of 5 • 2019–2023 “quoted” ‘single’ …",
            &[
                1528, 2419, 1037, 2136, 1997, 1019, 1528, 10476, 1516, 16798, 2509, 1523, 9339,
                1524, 1520, 2309, 1521, 1529,
            ],
        ),
        ("💡 emoji 🚀 rocket", &[100, 7861, 29147, 2072, 100, 7596]),
        ("", &[]),
        ("   ", &[]),
        (
            "\u{0}null\u{fffd}replacement\u{7}bell",
            &[19701, 2890, 24759, 10732, 3672, 17327],
        ),
    ];
    for (text, ids) in cases {
        assert_eq!(tokenizer.encode(text), *ids, "{text:?}");
    }
}
