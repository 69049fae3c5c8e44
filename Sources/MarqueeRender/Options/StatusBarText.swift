import MarqueeModel

/// The status bar text a message needs: a full-screen message lies under the status bar, whose
/// text must stay readable on the message's background whatever the app's screen below it set.
public enum StatusBarText: Sendable, Hashable {
    /// Dark text, for a light background.
    case dark
    /// Light text, for a dark background.
    case light
}

extension RenderOptions {
    /// The status bar text `message` needs when the device's appearance is dark or not; `nil` for
    /// kinds that leave the app's status bar as it is (all but full screen).
    public func statusBarText(for message: Message, deviceIsDark: Bool) -> StatusBarText? {
        guard message.kind == .fullScreen else { return nil }
        let dark = switch resolvedTheme(for: message) {
        case .automatic: deviceIsDark
        case .light: false
        case .dark: true
        }
        // The colour drawn under the status bar: the card's, in the theme the page uses.
        let background = ThemePalette(resolvedColors(for: message), dark: dark).background
        return background.contrastRatio(with: Self.black) >= background.contrastRatio(with: Self.white) ? .dark : .light
    }

    private static let black = HexColor("#000000")!
    private static let white = HexColor("#FFFFFF")!
}
