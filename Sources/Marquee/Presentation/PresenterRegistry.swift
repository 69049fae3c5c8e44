import MarqueeModel

/// The presenters per message kind, the templates by name, and the delegate. Main-actor state.
@MainActor
final class PresenterRegistry {
    var presenters: [MessageKind: any MessagePresenter] = [:]
    var templates: [String: any MessagePresenter] = [:]
    weak var delegate: (any MarqueeDelegate)?

    nonisolated init() {}

    /// The presenter for `message`: its template when it names one, else its kind's.
    func presenter(for message: Message) -> (any MessagePresenter)? {
        if let template = message.template { return templates[template] }
        return presenters[message.kind]
    }
}
