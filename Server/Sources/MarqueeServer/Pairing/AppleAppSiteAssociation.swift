import MarqueeModel
import Vapor

/// `GET /.well-known/apple-app-site-association`: the iOS apps of the server's configuration
/// (`--apple-app-ids`) claim its pairing links. A phone's camera then opens the app, which hands
/// the link to `MarqueeSDK.pair(url:)`, instead of the page that shows the code to type. With no
/// app configured there is nothing to claim, and the file is not found.
struct AppleAppSiteAssociation {
    struct File: Encodable {
        var applinks: AppLinks
    }

    struct AppLinks: Encodable {
        var details: [Detail]
    }

    struct Detail: Encodable {
        var appIDs: [String]
        var components: [Component]
    }

    /// A pattern of the links an app opens (iOS 13 and later): a path, and query items that must match.
    struct Component: Encodable {
        var path: String
        var query: [String: String]
        var comment: String

        private enum CodingKeys: String, CodingKey {
            case path = "/", query = "?", comment
        }
    }

    /// The file for `apps`: the pairing link with a code of at least one character.
    static func file(for apps: [AppleAppID]) -> File {
        let pairing = Component(path: PairingLink.path, query: [PairingLink.codeItem: "?*"],
                                comment: "Pairs the device with the Marquee dashboard")
        return File(applinks: AppLinks(details: [Detail(appIDs: apps.map(\.description), components: [pairing])]))
    }

    @Sendable func file(req: Request) async throws -> Response {
        let apps = req.marquee.configuration.appleAppIDs
        guard !apps.isEmpty else {
            throw APIError(.notFound, code: .notFound, "no iOS app claims this server's links; list them with --apple-app-ids")
        }
        // Apple's CDN fetches the file and keeps it for a while; an hour here bounds how stale a proxy's copy gets.
        return Response(status: .ok, headers: ["Content-Type": "application/json", "Cache-Control": "public, max-age=3600"],
                        body: .init(data: try MarqueeJSON.encoder().encode(Self.file(for: apps))))
    }
}
