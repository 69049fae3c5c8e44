/// The link a pairing's QR code carries, `BASE/pair?code=CODE`. One definition for the link the
/// dashboard shows, the page it opens on a phone without the app (``PairingPageController``) and
/// the universal-link claim that opens the app instead (``AppleAppSiteAssociation``).
enum PairingLink {
    static let path = "/pair"
    static let codeItem = "code"

    static func url(base: String, code: String) -> String {
        base + path + "?" + codeItem + "=" + code
    }
}
