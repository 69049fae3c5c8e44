import Foundation

/// An image or video URL that is safe to put in a rendered document.
///
/// Only absolute `http` and `https` URLs with a plain host name qualify; anything else
/// (`javascript:`, `data:`, relative paths, credentials, characters that would need escaping) is
/// refused and the media is left out, rather than emitted and trusted to escaping alone. An image
/// the device holds (``InlineImage``) is written as its `data:` URL instead of the remote one.
struct MediaURL: Sendable, Hashable {
    /// The URL as written into `src` (after removing tabs and newlines and trimming).
    let absoluteString: String
    /// `scheme://host[:port]`, for the Content-Security-Policy.
    let origin: String

    /// The URL, or the `data:` URL of its image when `inline` holds it (the device's copy).
    init?(_ raw: String?, inline: [String: InlineImage]) {
        guard let remote = Self(raw) else { return nil }
        guard let image = inline[remote.absoluteString] ?? raw.flatMap({ inline[$0] }) else {
            self = remote
            return
        }
        absoluteString = image.dataURL
        origin = "data:"
    }

    init?(_ raw: String?) {
        guard let raw else { return nil }
        let text = HTMLLinkClassifier.cleaned(raw)
        guard !text.isEmpty, text.unicodeScalars.allSatisfy(Self.isAllowed),
              let components = URLComponents(string: text),
              let scheme = components.scheme?.lowercased(), scheme == "http" || scheme == "https",
              let host = components.host?.lowercased(), !host.isEmpty,
              host.unicodeScalars.allSatisfy(Self.isHostScalar),
              components.user == nil, components.password == nil else { return nil }
        absoluteString = text
        origin = components.port.map { "\(scheme)://\(host):\($0)" } ?? "\(scheme)://\(host)"
    }

    /// Printable ASCII that needs no escaping in a URL (RFC 3986 characters and `%`).
    private static func isAllowed(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "a"..."z", "A"..."Z", "0"..."9": true
        case "-", ".", "_", "~", ":", "/", "?", "#", "[", "]", "@", "!", "$", "&", "'", "(", ")", "*", "+",
             ",", ";", "=", "%": true
        default: false
        }
    }

    private static func isHostScalar(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "a"..."z", "0"..."9", "-", ".": true
        default: false
        }
    }
}
