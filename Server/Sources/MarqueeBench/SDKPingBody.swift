import Foundation
import Marquee

// marquee-bench sdk-ping-body USER_ID: the body of the first ping the Marquee SDK sends for a
// signed-in user, as its own encoder writes it, so that server benchmarks send what devices send
// rather than a hand-written copy that may lack a key.

/// Keeps the body of the first ping the SDK sends, and answers it with an empty campaign list.
private actor PingCapture: HTTPTransport {
    private(set) var body: Data?

    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        let path = request.url.path
        if path.hasSuffix("config") {
            return MemoryServer.configAnswer
        }
        if path.hasSuffix("ping") {
            if body == nil { body = request.body }
            return HTTPResponse(status: 200, body: Data(#"{"currentPingMillis":0,"nextPingMillis":86400000,"data":[]}"#.utf8))
        }
        throw URLError(.notConnectedToInternet)
    }
}

private struct SignedInUser: UserInfoProvider {
    let userID: String?
    var idTrackingIdentifier: String? { nil }
    var accessToken: String? { nil }
}

/// The bytes of the SDK's ping for `userID`, or `nil` if it sent none.
func sdkPingBody(userID: String) async -> Data? {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("marquee-bench-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: directory) }
    let capture = PingCapture()
    let sdk = MarqueeSDK(environment: MarqueeEnvironment(
        clock: ManualClock(), transport: capture, storageDirectory: directory,
        app: AppInfo(appID: "bench", appVersion: "1.0.0", locale: "en-US", deviceID: "bench-device"),
        buildConfiguration: BuildConfiguration()))
    sdk.registerPreference(SignedInUser(userID: userID))
    sdk.configure(subscriptionID: "bench", configurationURL: URL(string: "http://bench.local/v1/config"))
    await sdk.waitUntilIdle()
    return await capture.body
}
