import MarqueeModel
import MarqueeRender

/// Draws messages as text in a terminal and waits for the user's choice through ``choose(_:)``:
/// the presenter behind `marquee simulate`, and a readable presenter for command-line tools.
@MainActor
public final class TerminalPresenter: RenderingPresenter {
    /// A user's answer to the message on screen.
    public enum Choice: Sendable, Hashable {
        /// The n-th button, counting from 1.
        case button(Int)
        /// A tap on the message outside its buttons.
        case content
        /// The close control.
        case close
        /// Ticks or clears "don't show this again".
        case toggleOptOut
    }

    /// Why a choice does not apply to the message on screen.
    public enum ChoiceError: Error, Sendable, Hashable, CustomStringConvertible {
        case noMessage
        case noSuchButton(Int, available: Int)
        case noContentAction
        case notDismissable
        case noOptOut

        public var description: String {
            switch self {
            case .noMessage: "no message is on screen"
            case .noSuchButton(let index, let available):
                available == 0 ? "this message has no buttons" : "there is no button \(index); choose 1...\(available)"
            case .noContentAction: "tapping this message does nothing"
            case .notDismissable: "this message cannot be dismissed; choose a button"
            case .noOptOut: "this message has no \"don't show again\" box"
            }
        }
    }

    private let write: @Sendable (String) -> Void
    private let width: Int
    private let useColor: Bool
    private var completion: (@MainActor (PresentationResult) -> Void)?
    private var optOutChecked = false

    /// The message on screen, if any.
    public private(set) var current: InAppMessage?
    /// Values for placeholders such as `%%first_name%%`, under each message's own
    /// (``InAppMessage/personalization``, the user's attributes).
    public var personalization: [String: String]
    /// The app's style defaults and Marquee's words in the user's language; the SDK sets it on registration.
    public var renderContext = RenderContext.standard

    /// - Parameters:
    ///   - width: columns to lay messages out in.
    ///   - useColor: draw with the message's colours (24-bit ANSI).
    ///   - personalization: values for placeholders such as `%%first_name%%`.
    ///   - write: receives each block of output; prints by default.
    public init(width: Int = 80, useColor: Bool = false, personalization: [String: String] = [:],
                write: @escaping @Sendable (String) -> Void = { print($0) }) {
        self.width = width
        self.useColor = useColor
        self.personalization = personalization
        self.write = write
    }

    /// One message at a time: a terminal has one place to draw it.
    public func isReady(for message: InAppMessage) -> Bool { current == nil }

    public func display(_ message: InAppMessage, completion: @escaping @MainActor (PresentationResult) -> Void) {
        current = message
        optOutChecked = false
        self.completion = completion
        let renderer = TerminalRenderer(width: width, useColor: useColor,
                                        options: renderContext.options(personalization: message.personalization(over: personalization)))
        write(renderer.render(message.message))
        write(hint(for: message.message))
    }

    public func dismiss(_ message: InAppMessage) {
        guard current?.id == message.id else { return }
        write("(\(message.campaignName) was closed by the app)")
        current = nil
        completion = nil
    }

    /// Answers the message on screen as a user would.
    public func choose(_ choice: Choice) throws(ChoiceError) {
        guard let message = current?.message, let completion else { throw .noMessage }
        let resolution: DisplayResolution
        switch choice {
        case .button(let index):
            // A carousel's page buttons are numbered on from the first page's.
            let buttons = message.allButtons
            guard buttons.indices.contains(index - 1) else {
                throw .noSuchButton(index, available: buttons.count)
            }
            let button = buttons[index - 1]
            write("→ \(button.text): \(describe(button.action))")
            resolution = .buttonClick(id: button.id)
        case .content:
            guard let action = message.contentAction ?? message.tooltip?.redirectURL.map({ MessageAction(.deepLink, uri: $0) }) else {
                throw .noContentAction
            }
            write("→ message tapped: \(describe(action))")
            resolution = .contentClick
        case .close:
            guard message.isDismissable else { throw .notDismissable }
            write("→ closed")
            resolution = .userDismissed
        case .toggleOptOut:
            guard message.showsOptOut else { throw .noOptOut }
            optOutChecked.toggle()
            write((optOutChecked ? "[x] " : "[ ] ") + renderContext.strings.optOut)
            return
        }
        let optedOut = optOutChecked
        current = nil
        self.completion = nil
        // The terminal shows every page of a carousel at once.
        completion(PresentationResult(resolution, optedOut: optedOut, viewedPages: Array(message.pages.indices)))
    }

    private func hint(for message: Message) -> String {
        var choices: [String] = []
        let buttons = message.allButtons.count
        if buttons > 0 { choices.append("button " + (1...buttons).map(String.init).joined(separator: "|")) }
        if message.contentAction != nil || message.tooltip?.redirectURL != nil { choices.append("click") }
        if message.isDismissable { choices.append("close") }
        if message.showsOptOut { choices.append("optout") }
        return "  choose: " + choices.joined(separator: ", ")
    }

    private func describe(_ action: MessageAction) -> String {
        var text: String = switch action.type {
        case .openURL: "opens \(action.uri ?? "") in the browser"
        case .deepLink: "opens \(action.uri ?? "") in the app"
        case .close: "closes the message"
        case .pushPrimer: "asks for push notification permission"
        }
        if let event = action.logsEvent { text += ", logs event \(event.name)" }
        return text
    }
}
