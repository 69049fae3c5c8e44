extension String {
    /// The longest start of the string that fits in `bytes` of UTF-8 and ends on a character
    /// boundary: a cut never splits a character, so the result is always valid text.
    func prefix(utf8Bytes bytes: Int) -> String {
        guard utf8.count > bytes else { return self }
        var end = utf8.index(utf8.startIndex, offsetBy: max(0, bytes))
        while end > startIndex && end.samePosition(in: self) == nil { end = utf8.index(before: end) }
        return String(self[..<end])
    }
}
