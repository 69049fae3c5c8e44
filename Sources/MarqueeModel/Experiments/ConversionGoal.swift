import Foundation

/// What counts as a conversion for a campaign: an event the app logs (a custom event, or a
/// purchase), optionally with conditions on its attributes, within a window after the user saw
/// the campaign, or was held back from it in the control group; or, for a survey, an answer
/// to one of its questions ("answered 9 or 10").
///
/// The Marquee SDK reports one conversion per user per campaign, through its persisted outbox;
/// the server counts each user once even when reports are retried, and counts a survey answer
/// itself when it stores the answers. RInAppMessaging clients do not report conversions.
public struct ConversionGoal: Sendable, Hashable, Codable {
    /// The kinds of event a goal can name.
    public enum EventKind: String, Sendable, Hashable, Codable, CaseIterable {
        case custom, purchase
        /// An answer to the survey question ``ConversionGoal/name`` names, one of
        /// ``ConversionGoal/answers`` (any answer when empty).
        case surveyAnswer

        /// The event kind the trigger engine matches on; `nil` for a survey answer, which no
        /// logged event is.
        public var eventKind: MarqueeModel.EventKind? {
            switch self {
            case .custom: .custom
            case .purchase: .purchase
            case .surveyAnswer: nil
            }
        }
    }

    public var event: EventKind
    /// The custom event's name, or the survey question's id; required for `custom` and
    /// `surveyAnswer`, ignored for `purchase`.
    public var name: String?
    /// Conditions on the event's attributes, all of which must hold.
    @Defaulted<Defaults.EmptyList<AttributeCondition>> public var conditions: [AttributeCondition]
    /// Hours after an impression (or control impression) within which the event counts.
    @Defaulted<WindowDefault> public var windowHours: Double
    /// For `surveyAnswer`: the choice ids or scores that count (`["9", "10"]`); empty counts any answer.
    @Defaulted<Defaults.EmptyList<String>> public var answers: [String]

    public init(event: EventKind, name: String? = nil, conditions: [AttributeCondition] = [], windowHours: Double = 72,
                answers: [String] = []) {
        self.event = event
        self.name = name
        self.conditions = conditions
        self.windowHours = windowHours
        self.answers = answers
    }

    /// The attribution window in seconds.
    public var window: TimeInterval { windowHours * 3_600 }

    /// The key of the events that may convert; `nil` for a survey answer.
    public var key: EventKey? { event.eventKind.map { EventKey(kind: $0, name: name) } }

    /// The goal in a few words: its event's key, or the question and answers that count.
    public var summary: String {
        if let key { return key.description }
        return "answer to \(name ?? "")" + (answers.isEmpty ? "" : " in " + answers.joined(separator: "|"))
    }

    /// Whether `event` is this goal's event, with every condition holding.
    public func matches(_ logged: Event) -> Bool {
        logged.key == key && conditions.allSatisfy { $0.matches(logged.attributes) }
    }

    /// Whether `survey` answers hold this survey goal: its question answered with one of its answers.
    public func matches(_ survey: [SurveyAnswer]) -> Bool {
        guard event == .surveyAnswer, let answer = survey.first(where: { $0.questionID == name }) else { return false }
        return answers.isEmpty || !Set(answer.comparedValues).isDisjoint(with: answers)
    }

    /// Whether an event at `date` counts for an exposure at `exposure`: not before it, and at
    /// most ``window`` after it.
    public func attributes(_ date: Date, toExposureAt exposure: Date) -> Bool {
        let elapsed = date.timeIntervalSince(exposure)
        return elapsed >= 0 && elapsed <= window
    }

    public enum WindowDefault: DefaultValue { public static var value: Double { 72 } }

    /// Limits validation enforces.
    public enum Limits {
        /// Up to 90 days.
        public static let windowHours = 0.0...2_160.0
    }
}
