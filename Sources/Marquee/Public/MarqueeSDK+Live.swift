import Foundation

extension MarqueeSDK {
    /// Whether the SDK keeps a live channel to the server while the app is in the foreground
    /// (default `true`). Through it, campaign changes reach the app within seconds instead of at
    /// the next ping, and a paired device receives previews and debug sessions. RInAppMessaging
    /// servers have no channel; the SDK then simply pings.
    public var liveUpdates: Bool {
        get { settings.liveUpdates }
        set {
            settings.liveUpdates = newValue
            core.submit(.liveSettingChanged)
        }
    }

    /// Pairs this device with the dashboard, with the code its "Preview on a device" dialog shows.
    /// For an hour, or until either side ends it, the dashboard can show this device campaigns as
    /// they are being edited and follow a debug session of the SDK's decisions.
    public func pair(code: String) async throws(PairingError) {
        let result = await withCheckedContinuation { core.submit(.pair(code, $0)) }
        try result.get()
    }

    /// Pairs with the URL of the dashboard's QR code, which the app received (a universal link
    /// or a scanned code): its `code` query item.
    public func pair(url: URL) async throws(PairingError) {
        guard let code = URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems?
            .first(where: { $0.name == "code" })?.value, !code.isEmpty else { throw .invalidURL }
        try await pair(code: code)
    }

    /// Ends the pairing, and any debug session with it.
    public func endPairing() async {
        await withCheckedContinuation { core.submit(.endPairing($0)) }
    }
}
