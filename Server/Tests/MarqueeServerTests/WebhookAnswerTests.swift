import Foundation
import NIOPosix
@testable import MarqueeServer
import Testing

/// A receiver's answer costs the server a few KB at most: a receiver that answers 200 and then
/// streams forever is read up to the cap, its connection closed, and the delivery done.
@Suite("Webhook answers", .serialized)
struct WebhookAnswerTests {
    @Test func theSenderReadsAtMostTheCapOfAnEndlessAnswer() async throws {
        try await MisbehavingReceiver.with(.answersEndlessly) { receiver in
            let sender = try HTTPWebhookSender(group: MultiThreadedEventLoopGroup.singleton)
            let target = try await WebhookURLPolicy(allowsPrivateAddresses: true).target(for: try #require(URL(string: receiver.baseURL + "/hook")))
            let started = ContinuousClock.now
            let answer = try await sender.post(Data(#"{"events":[]}"#.utf8), to: target, headers: [], timeout: .seconds(10))
            #expect(answer.status == 200)
            #expect(answer.bodyBytesRead <= HTTPWebhookSender.maxAnswerBytes, "read \(answer.bodyBytesRead) bytes")
            #expect(ContinuousClock.now - started < .seconds(5), "done at the cap, not at the timeout")
            try await within(seconds: 5, "the sender closes the connection") { receiver.counted.open == 0 }
        }
    }

    @Test func aDeliveryAnsweredEndlesslyIsDoneAndTheReceiverStopped() async throws {
        try await MisbehavingReceiver.with(.answersEndlessly) { receiver in
            try await TestServer.with(adjust: { $0.allowsPrivateWebhookURLs = true }) { server in
                let app = try await server.createApp()
                let campaign = try await server.createCampaign(Fixtures.modal(), in: app)
                let webhook = try await server.createWebhook(in: app, url: receiver.baseURL + "/hook")
                try await server.postImpression(in: app, campaign: campaign, user: "ada")

                // Well inside the 10-second timeout: the server does not wait for the rest of the answer.
                func log() async throws -> [[String: Any]] {
                    try await server.send(.GET, "/api/v1/apps/\(app.id)/webhooks/\(webhook)/deliveries").json["items"] as? [[String: Any]] ?? []
                }
                try await within(seconds: 8, "the delivery is answered and done") {
                    try await server.app.marquee.webhooks.round()
                    return try await log().first?["state"] as? String == "delivered"
                }
                #expect((try await log().first?["attempts"] as? [[String: Any]])?.first?["status"] as? Int == 200)

                try await within(seconds: 5, "the server closes the receiver's connection") { receiver.counted.open == 0 }
                let sent = receiver.counted.bodyBytesSent
                try await Task.sleep(for: .milliseconds(300))
                #expect(receiver.counted.bodyBytesSent == sent, "nothing more is taken once the connection is closed")
                // What the kernel's socket buffers took before the close, not gigabytes.
                #expect(sent < 32 * 1024 * 1024, "the receiver got \(sent) bytes out")
            }
        }
    }
}
