import MarqueeModel
import MarqueeRender
import Testing

/// A full-screen message sets the status bar's text to read on the background drawn under it,
/// in the theme the page is drawn in; other kinds leave the app's status bar alone.
struct StatusBarTextTests {
    static func fullScreen(background: String, theme: Theme = .automatic) -> Message {
        var message = Message(kind: .fullScreen, title: "Sale")
        message.colors.background = HexColor(background)!
        message.appearance.theme = theme
        return message
    }

    @Test func theTextContrastsWithTheMessagesBackground() {
        let options = RenderOptions()
        #expect(options.statusBarText(for: Self.fullScreen(background: "#FFFFFF"), deviceIsDark: false) == .dark)
        #expect(options.statusBarText(for: Self.fullScreen(background: "#0B1F3A"), deviceIsDark: false) == .light)
        #expect(options.statusBarText(for: Self.fullScreen(background: "#FFD60A"), deviceIsDark: false) == .dark, "yellow is light")
        #expect(options.statusBarText(for: Self.fullScreen(background: "#C2187A"), deviceIsDark: false) == .light)
    }

    @Test func aWhiteMessageInDarkModeIsDrawnDarkAndGetsLightText() {
        let white = Self.fullScreen(background: "#FFFFFF")
        #expect(RenderOptions().statusBarText(for: white, deviceIsDark: true) == .light, "the page swaps the white surface")
        #expect(RenderOptions(theme: .light).statusBarText(for: white, deviceIsDark: true) == .dark, "the app forces light")
        #expect(RenderOptions().statusBarText(for: Self.fullScreen(background: "#FFFFFF", theme: .dark), deviceIsDark: false) == .light)
        #expect(RenderOptions().statusBarText(for: Self.fullScreen(background: "#C2187A"), deviceIsDark: true) == .light,
                "a brand colour stays as it is")
    }

    @Test(arguments: MessageKind.allCases.filter { $0 != .fullScreen })
    func otherKindsLeaveTheStatusBarAlone(_ kind: MessageKind) {
        #expect(RenderOptions().statusBarText(for: Message(kind: kind, title: "Sale"), deviceIsDark: false) == nil)
    }
}
