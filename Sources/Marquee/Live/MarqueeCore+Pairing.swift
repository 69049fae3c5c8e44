import Foundation
import MarqueeWire

/// Pairing with the dashboard (``MarqueeSDK/pair(code:)``): the server then sends this device
/// previews and debug sessions over the live channel, which stays open while paired.
extension MarqueeCore {
    func pair(code: String) async -> Result<Void, PairingError> {
        guard configuration.isConfigured, client != nil else { return .failure(.notConfigured) }
        if device.endpoints?.pair == nil { await fetchConfig() }
        guard let client, let url = device.endpoints?.pair.flatMap({ URL(string: $0) }) else {
            return .failure(.unsupportedByServer)
        }
        switch await client.pair(url: url, code: code) {
        case .success(let response):
            pairing = response.pairing
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
        guard let pairing else { return }
        self.pairing = nil
        setDebugSession(nil)
        guard let client, let url = device.endpoints?.pair.flatMap({ URL(string: $0 + "/end") }) else { return }
        _ = await client.endPairing(url: url, pairing: pairing)
    }
}
