import Foundation
import Marquee
import MarqueeModel
import MarqueeWire

/// Answers config, ping (offering the App Inbox), inbox sync and inbox update from memory, for
/// `marquee-bench inbox`. Sync pages hold 500 messages, as the server's default page does; the
/// token names the next page.
struct InboxBenchServer: HTTPTransport {
    static let pageSize = 500
    static let endpoints = InboxEndpoints(sync: "http://bench.local/v1/inbox/sync", update: "http://bench.local/v1/inbox/update",
                                          track: "http://bench.local/v1/inbox/track")
    /// Each page's response body, encoded once so that the setup's time is the SDK's.
    private let pages: [Data]

    init(messages: [InboxMessage]) throws {
        let unread = messages.filter { !$0.isRead }.count
        let encoder = MarqueeJSON.encoder()
        pages = try stride(from: 0, to: max(messages.count, 1), by: Self.pageSize).enumerated().map { page, start in
            let slice = Array(messages[start..<min(start + Self.pageSize, messages.count)])
            let response = InboxSyncResponse(messages: slice, removedIDs: [], syncToken: "page-\(page + 1)",
                                             hasMore: start + Self.pageSize < messages.count, fullSync: page == 0,
                                             unreadCount: unread)
            return try encoder.encode(response)
        }
    }

    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        let path = request.url.path
        if path.hasSuffix("config") {
            return MemoryServer.configAnswer
        }
        if path.hasSuffix("ping") {
            let ping = PingResponse(currentPingMillis: 0, nextPingMillis: 86_400_000, data: [],
                                    marquee: PingExtension(frequencyCaps: [], inbox: Self.endpoints))
            return HTTPResponse(status: 200, body: try MarqueeJSON.encoder().encode(ping))
        }
        if path.hasSuffix("inbox/sync") {
            let body = try MarqueeJSON.decoder().decode(InboxSyncRequest.self, from: request.body ?? Data())
            let page = body.syncToken.flatMap { Int($0.dropFirst("page-".count)) } ?? 0
            guard pages.indices.contains(page) else { return HTTPResponse(status: 410) }
            return HTTPResponse(status: 200, body: pages[page])
        }
        if path.hasSuffix("inbox/update") {
            return HTTPResponse(status: 200, body: Data(#"{"changed":1}"#.utf8))
        }
        throw URLError(.notConnectedToInternet)
    }
}
