/// The name of a place in the app's own screens where embedded content shows: `home.top`,
/// `product.footer`. The app declares its placements by showing them; a campaign with channel
/// `embedded` names one (``Campaign/placement``).
public enum PlacementID {
    /// At most this many bytes (``IdentifierLimits/fits(_:_:)``); the characters allowed are ASCII.
    public static let maxLength = 64

    /// Letters, digits, `.`, `_` and `-`, 1 to ``maxLength`` characters, starting with a letter or digit.
    public static func isValid(_ id: String) -> Bool {
        guard let first = id.unicodeScalars.first, IdentifierLimits.fits(id, maxLength), isLetterOrDigit(first) else { return false }
        return id.unicodeScalars.allSatisfy { isLetterOrDigit($0) || $0 == "." || $0 == "_" || $0 == "-" }
    }

    public static let rule = "1 to 64 letters, digits, '.', '_' or '-', starting with a letter or digit (home.top)"

    private static func isLetterOrDigit(_ scalar: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar)
    }
}
