import Foundation
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
        /// Answers the n-th survey question, counting from 1: choice numbers (or ids) separated
        /// by commas, a score, or text.
        case answer(question: Int, String)
        /// Sends the survey's answers; the thank-you page shows and the display ends.
        case submit
    }

    /// Why a choice does not apply to the message on screen.
    public enum ChoiceError: Error, Sendable, Hashable, CustomStringConvertible {
        case noMessage
        case noSuchButton(Int, available: Int)
        case noContentAction
        case notDismissable
        case noOptOut
        case noSurvey
        case noSuchQuestion(Int, available: Int)
        case invalidAnswer(String)

        public var description: String {
            switch self {
            case .noMessage: "no message is on screen"
            case .noSuchButton(let index, let available):
                available == 0 ? "this message has no buttons" : "there is no button \(index); choose 1...\(available)"
            case .noContentAction: "tapping this message does nothing"
            case .notDismissable: "this message cannot be dismissed; choose a button"
            case .noOptOut: "this message has no \"don't show again\" box"
            case .noSurvey: "this message is not a survey"
            case .noSuchQuestion(let index, let available): "there is no question \(index); choose 1...\(available)"
            case .invalidAnswer(let reason): reason
            }
        }
    }

    private let write: @Sendable (String) -> Void
    private let width: Int
    private let useColor: Bool
    private var completion: (@MainActor (PresentationResult) -> Void)?
    private var optOutChecked = false
    /// The survey answers given so far, by question id.
    private var surveyAnswers: [String: SurveyAnswer] = [:]

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
        surveyAnswers = [:]
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
        guard let message = current?.message, completion != nil else { throw .noMessage }
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
        case .answer(let number, let text):
            guard let survey = message.survey else { throw .noSurvey }
            guard survey.questions.indices.contains(number - 1) else {
                throw .noSuchQuestion(number, available: survey.questions.count)
            }
            let answer = try Self.answer(text, to: survey.questions[number - 1])
            surveyAnswers[answer.questionID] = answer
            write("→ \(number): \(answer.comparedValues.joined(separator: ", "))")
            return
        case .submit:
            guard let survey = message.survey else { throw .noSurvey }
            let given = survey.questions.compactMap { surveyAnswers[$0.id] }
            let answers: [SurveyAnswer]
            do { answers = try survey.checked(given) } catch { throw .invalidAnswer(error.description) }
            let thanks = survey.thankYou.title.isEmpty ? renderContext.strings.thankYou : survey.thankYou.title
            write("→ sent \(answers.count) answers. \(thanks)")
            finish(PresentationResult(.userDismissed, optedOut: optOutChecked, surveyAnswers: answers))
            return
        }
        // The terminal shows every page of a carousel at once.
        finish(PresentationResult(resolution, optedOut: optOutChecked, viewedPages: Array(message.pages.indices)))
    }

    private func finish(_ result: PresentationResult) {
        guard let completion else { return }
        current = nil
        self.completion = nil
        completion(result)
    }

    /// `text` read as an answer to `question`: choice numbers or ids separated by commas, a score, or the text itself.
    private static func answer(_ text: String, to question: SurveyQuestion) throws(ChoiceError) -> SurveyAnswer {
        switch question.kind {
        case .singleChoice, .multipleChoice:
            let ids = try text.split(separator: ",").map { part throws(ChoiceError) -> String in
                let word = part.trimmingCharacters(in: .whitespaces)
                if let number = Int(word), question.choices.indices.contains(number - 1) { return question.choices[number - 1].id }
                guard question.choices.contains(where: { $0.id == word }) else {
                    throw .invalidAnswer("'\(word)' is no choice; choose 1...\(question.choices.count)")
                }
                return word
            }
            return SurveyAnswer(questionID: question.id, value: .choices(ids))
        case .rating, .nps:
            guard let score = Int(text.trimmingCharacters(in: .whitespaces)), question.kind.scores?.contains(score) == true else {
                throw .invalidAnswer("choose a score from \(question.kind.scores?.lowerBound ?? 0) to \(question.kind.scores?.upperBound ?? 0)")
            }
            return SurveyAnswer(questionID: question.id, value: .score(score))
        case .text:
            return SurveyAnswer(questionID: question.id, value: .text(text))
        }
    }

    private func hint(for message: Message) -> String {
        var choices: [String] = []
        let buttons = message.allButtons.count
        if buttons > 0 { choices.append("button " + (1...buttons).map(String.init).joined(separator: "|")) }
        if message.contentAction != nil || message.tooltip?.redirectURL != nil { choices.append("click") }
        if message.isDismissable { choices.append("close") }
        if message.showsOptOut { choices.append("optout") }
        if let survey = message.survey { choices.insert("answer 1...\(survey.questions.count) VALUE, submit", at: 0) }
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
