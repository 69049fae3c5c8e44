/// Why a rendered message asked to close.
public enum CloseReason: String, Sendable, Hashable, Codable, CaseIterable {
    /// The user tapped the close control or pressed Escape.
    case user
    /// The message's auto-close timer ran out (banner, image, tooltip).
    case timeout
    /// The video finished playing.
    case ended
}
