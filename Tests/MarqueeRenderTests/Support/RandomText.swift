/// Random campaign text for property tests: pieces that stress wrapping (spaces, newlines, wide
/// CJK, emoji with skin tones and ZWJ, combining marks, zero-width characters), tokenizing
/// (`<`, `>`, `&`, quotes, tags, comments, raw-text elements, character references) and
/// placeholders (`%%`), glued together at random.
enum RandomText {
    static let pieces: [String] = [
        "a", "b", "z", "Q", "word", "longerword", "0", "9", " ", " ", "  ", "\n", "\n\n", "\t", "\r\n",
        "漢", "字", "한", "ｱ", "Ａ", "👍🏽", "👨‍👩‍👧", "🇯🇵", "🏷️", "e\u{301}", "\u{301}", "\u{200B}", "\u{200D}", "\u{A0}",
        "<", ">", "&", "\"", "'", "=", "/", "!", "-", "?", "|", "%", "%%", ";", "#",
        "<a href=x>", "<a href='https://x.example/p?q=1'>", "<A HREF=\"shop://b\">", "</a>", "</A>",
        "<p>", "</p>", "<div data-link=\"shop://d\" data-actiontype=deep-link>", "</div>", "<b>", "</b>",
        "<br/>", "<img data-link=shop://i>", "<button data-actiontype=close>", "</button>", "<li>",
        "<a>", "<div>", "<button>", "<b data-link=shop://bold>", "<a href=y/>",
        "<script>", "</script>", "<script src=x>", "<style>", "</style>", "<title>", "</TITLE>", "<textarea>",
        "<template>", "</template>", "<!--", "-->", "--!>", "<!DOCTYPE html>", "<?x?>", "</>", "</ x>",
        "&amp;", "&lt;", "&#x41;", "&#39;", "&#0;", "&nbsp;", "&bogus;", "&#xZZ;",
        "%%first_name%%", "%%first_name|there%%", "%%a.b-c_d|x y%%", "%%not a name%%", "%%x\ny%%",
        " a=\"1\"", " a='2'", " a=3", " b", " a", " =x", "/>",
    ]

    /// Up to `maximumPieces` random pieces.
    static func make(using random: inout SplitMix64, maximumPieces: Int = 40) -> String {
        let count = Int.random(in: 0...maximumPieces, using: &random)
        var text = ""
        for _ in 0..<count { text += pieces.randomElement(using: &random)! }
        return text
    }
}
