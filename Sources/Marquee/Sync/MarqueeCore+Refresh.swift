import Foundation

/// ``MarqueeSDK/refresh()``: a ping now, whose outcome the app awaits.
extension MarqueeCore {
    func refresh() async -> Result<Void, RefreshError> {
        guard configuration.isConfigured else { return .failure(.notConfigured) }
        guard isActive else {
            // As a scheduled ping would, it goes out once the SDK is active again.
            sync.pingMissed = true
            return .failure(.disabled)
        }
        // Without endpoints (the configuration fetch failed so far) the configuration comes first; it pings.
        let outcome = device.endpoints?.ping == nil ? await fetchConfig() : await ping()
        switch outcome {
        case .done: return .success(())
        case .deferred: return .failure(.disabled)
        case .failed(.transport(_, let description)): return .failure(.offline(description))
        case .failed(let error): return .failure(.failed(error))
        }
    }
}
