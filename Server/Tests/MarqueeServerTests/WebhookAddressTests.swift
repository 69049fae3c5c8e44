import Foundation
import NIOConcurrencyHelpers
@testable import MarqueeServer
import MarqueeTestSupport
import Testing

/// Webhook URLs reach only public addresses, and a delivery connects to the address that was
/// checked: the host is resolved once per delivery, never again when the request is sent.
@Suite("Webhook addresses", .serialized)
struct WebhookAddressTests {
    /// Answers `host` with the addresses of each call in turn (the last one once they run out),
    /// as a DNS server that rebinds the name would; counts the calls.
    final class RebindingResolver: WebhookResolver {
        let host: String
        private let answers: NIOLockedValueBox<(left: [[[UInt8]]], calls: Int)>

        init(host: String, answers: [[[UInt8]]]) {
            self.host = host
            self.answers = NIOLockedValueBox((answers, 0))
        }

        var calls: Int { answers.withLockedValue { $0.calls } }

        func addresses(of host: String) async -> [[UInt8]] {
            guard host == self.host else { return await SystemWebhookResolver().addresses(of: host) }
            return answers.withLockedValue { state in
                state.calls += 1
                return state.left.count > 1 ? state.left.removeFirst() : state.left.first ?? []
            }
        }
    }

    @Test(arguments: [
        "http://[64:ff9b::7f00:1]/hook",            // NAT64 of 127.0.0.1
        "http://[64:ff9b::a00:1]/hook",             // NAT64 of 10.0.0.1
        "http://[64:ff9b:1::7f00:1]/hook",          // local-use NAT64
        "http://[2002:7f00:1::1]/hook",             // 6to4 of 127.0.0.1
        "http://[2002:808:808::1]/hook",            // 6to4, whichever IPv4 address it carries
        "http://[2001:0:4136:e378:8000:63bf:3fff:fdd2]/hook", // Teredo
        "http://198.18.0.1/hook",                   // benchmarking
        "http://198.19.255.254/hook",
        "http://192.0.0.8/hook",                    // IETF protocol assignments
        "http://192.0.0.170/hook",
    ])
    func specialRangesAreRefused(_ url: String) async throws {
        try await TestServer.with { server in
            let app = try await server.createApp()
            let refused = try await server.send(.POST, "/api/v1/apps/\(app.id)/webhooks", json: ["url": url])
            #expect(refused.status == .unprocessableEntity && refused.errorFields == ["url"], "\(url): \(refused.text)")
        }
    }

    @Test func publicNeighboursOfTheSpecialRangesArePublic() {
        for address: [UInt8] in [[198, 17, 255, 1], [198, 20, 0, 1], [192, 0, 1, 1], [8, 8, 8, 8]] {
            #expect(WebhookURLPolicy.isPublic(address), "\(address)")
        }
        let publicIPv6: [UInt8] = [0x26, 0x06, 0x47, 0x00] + Array(repeating: 0, count: 11) + [1]
        #expect(WebhookURLPolicy.isPublic(publicIPv6))
    }

    @Test func aHostThatResolvesToAnyPrivateAddressIsRefused() async throws {
        let resolver = RebindingResolver(host: "mixed.example", answers: [[[93, 184, 216, 34], [10, 0, 0, 5]]])
        let policy = WebhookURLPolicy(allowsPrivateAddresses: false, resolver: resolver)
        await #expect(throws: WebhookURLPolicy.Refusal.privateAddress("10.0.0.5")) {
            try await policy.target(for: URL(string: "https://mixed.example/hook")!)
        }
    }

    @Test func aDeliveryConnectsToTheCheckedAddressWhateverTheNameResolvesToNext() async throws {
        try await WebhookReceiver.with { receiver in
            let port = try #require(URL(string: receiver.url)?.port)
            // First the receiver's address, then one where nothing listens: a name rebound after the check.
            let resolver = RebindingResolver(host: "hooks.example", answers: [[[127, 0, 0, 1]], [[127, 0, 0, 1]], [[127, 0, 0, 2]]])
            try await TestServer.with(adjust: { $0.allowsPrivateWebhookURLs = true }, webhookResolver: resolver) { server in
                let app = try await server.createApp()
                let campaign = try await server.createCampaign(Fixtures.modal(), in: app)
                let webhook = try await server.createWebhook(in: app, url: "http://hooks.example:\(port)/hook")
                #expect(resolver.calls == 1, "checked when it is made")
                try await server.postImpression(in: app, campaign: campaign, user: "ada")
                try await server.deliverWebhooks { !receiver.received.isEmpty }

                let delivery = try #require(receiver.received.first)
                #expect(delivery.headers.first(name: "Host") == "hooks.example:\(port)", "sent with the URL's host")
                #expect(resolver.calls == 2, "resolved once for the delivery, and connected to what was checked")
                let log = try await server.send(.GET, "/api/v1/apps/\(app.id)/webhooks/\(webhook)/deliveries")
                #expect((log.json["items"] as? [[String: Any]])?.first?["state"] as? String == "delivered")
            }
        }
    }
}
