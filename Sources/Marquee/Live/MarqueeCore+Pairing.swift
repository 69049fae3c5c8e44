import Foundation
import MarqueeWire

/// Pairing with the dashboard (``MarqueeSDK/pair(code:)``): the server then sends this device
/// previews and debug sessions over the live channel, which stays open while paired (also with
/// live updates turned off).
extension MarqueeCore {
    func pair(code: String) async -> Result<Void, PairingError> {
        guard configuration.isConfigured, client != nil else { return .failure(.notConfigured) }
        if device.endpoints?.pair == nil { await fetchConfig() }
        guard let client, let url = device.endpoints?.pair.flatMap({ URL(string: $0) }) else {
            return .failure(.unsupportedByServer)
        }
        switch await client.pair(url: url, code: code) {
        case .success(let response):
            pairing.paired(response)
            environment.log("Marquee: paired with the dashboard")
            updateLiveChannel()
            return .success(())
        case .failure(.permanent(.httpStatus(_, 404))):
            return .failure(.invalidCode)
        case .failure(.retryable(.transport(_, let description))):
            return .failure(.offline(description))
        case .failure(let failure):
            return .failure(.failed(failure.error))
        }
    }

    func endPairing() async {
        guard pairing.current != nil else { return }
        setDebugSession(nil)
        guard let ended = pairing.end() else { return }
        updateLiveChannel()
        guard let client, let url = device.endpoints?.pair.flatMap({ URL(string: $0 + "/end") }) else { return }
        _ = await client.endPairing(url: url, pairing: ended.pairing)
    }

    /// The dashboard ended pairing `id` (the server said so on the live channel): the device
    /// lets it go, and its channel with it unless live updates keep it open.
    func pairingEnded(_ id: String) async {
        guard pairing.current?.pairing == id else { return }
        setDebugSession(nil)
        _ = pairing.endedByDashboard(id)
        environment.log("Marquee: the dashboard ended the pairing")
        updateLiveChannel()
        let registry = registry
        await MainActor.run { registry.delegate?.marqueePairingDidEnd() }
    }

    /// Whether the device holds a pairing that has not run out, and that it has not heard was ended.
    var isPaired: Bool { pairing.isPaired(at: now) }
}
