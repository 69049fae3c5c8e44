import Foundation

/// A device paired with the dashboard for previews and debug sessions.
///
/// The dashboard makes one with a short code; the first device of the app to send that code
/// within ``codeLifetime`` takes it (a code works once), and the pairing then lasts
/// ``lifetime`` unless either side ends it sooner.
struct Pairing: Sendable, Equatable {
    /// How long a code may be used.
    static let codeLifetime: Int64 = 10 * 60 * 1000
    /// How long a pairing lasts once a device took it.
    static let lifetime: Int64 = 60 * 60 * 1000

    enum Status: String, Sendable, Codable {
        /// Waiting for a device to send the code.
        case waiting
        case paired
        /// Ended by the dashboard or the device.
        case ended
        /// The code or the pairing ran out.
        case expired
    }

    let id: UUID
    let appID: UUID
    var deviceID: String?
    var codeExpiresAt: Int64
    var expiresAt: Int64?
    var endedAt: Int64?
    /// Who made it, as the audit log names them.
    var createdBy: String
    var createdAt: Int64
    /// The debug session running on the device, if any.
    var debugSession: String?

    func status(at now: Int64) -> Status {
        if endedAt != nil { return .ended }
        guard deviceID != nil else { return now < codeExpiresAt ? .waiting : .expired }
        return now < (expiresAt ?? 0) ? .paired : .expired
    }
}
