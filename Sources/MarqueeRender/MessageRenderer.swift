import MarqueeModel

/// Turns a message into text for one medium: ``HTMLRenderer`` for web views and the dashboard
/// preview, ``TerminalRenderer`` for the simulator.
///
/// Both take the same ``RenderOptions`` and fill placeholders with the same ``Personalizer``, so a
/// presenter can hold `any MessageRenderer` and show identical words whichever it draws with.
public protocol MessageRenderer: Sendable {
    /// Theme override, viewport, personalization values and Marquee's own strings.
    var options: RenderOptions { get }

    /// `message` rendered for this medium.
    func render(_ message: Message) -> String
}

extension HTMLRenderer: MessageRenderer {}

extension TerminalRenderer: MessageRenderer {}
