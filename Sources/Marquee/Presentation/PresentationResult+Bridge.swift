import MarqueeModel
import MarqueeRender

extension PresentationResult {
    /// The result a rendered message's JavaScript bridge reports; `nil` for messages that do not
    /// end the display (ticking the opt-out box, showing a carousel page, sending a survey).
    /// Web-view presenters use this so that every platform reads the bridge the same way.
    public init?(_ bridge: BridgeMessage) {
        let optedOut = bridge.optOut ?? false
        switch bridge {
        case .buttonTapped(let id, _): self.init(.buttonClick(id: id), optedOut: optedOut)
        case .contentClicked: self.init(.contentClick, optedOut: optedOut)
        case .closed(.user, _): self.init(.userDismissed, optedOut: optedOut)
        case .closed(.timeout, _), .closed(.ended, _): self.init(.timedOut, optedOut: optedOut)
        case .linkActivated(let link): self.init(link.type == .close ? .userDismissed : .contentClick)
        case .optOutToggled, .pageViewed, .surveyAnswered, .resized: return nil
        }
    }
}

/// What one display's bridge said so far: the carousel pages the user saw and the survey
/// answers they sent, until a message ends the display. A web-view presenter keeps one per
/// display, so that every platform counts pages and answers the same way.
public struct BridgeSession: Sendable, Hashable {
    /// The pages seen, from 0, each once, in the order they first showed.
    public private(set) var viewedPages: [Int] = []
    /// The survey's answers, once sent: the first sending counts.
    public private(set) var surveyAnswers: [SurveyAnswer]?

    public init() {}

    /// Takes in what the bridge posted; the display's result when it ends the display.
    public mutating func receive(_ bridge: BridgeMessage) -> PresentationResult? {
        switch bridge {
        case .pageViewed(let index, _):
            if !viewedPages.contains(index) { viewedPages.append(index) }
            return nil
        case .surveyAnswered(let answers):
            if surveyAnswers == nil { surveyAnswers = answers }
            return nil
        case .resized:
            return nil
        case .buttonTapped, .contentClicked, .closed, .optOutToggled, .linkActivated:
            guard var result = PresentationResult(bridge) else { return nil }
            result.viewedPages = viewedPages
            result.surveyAnswers = surveyAnswers
            return result
        }
    }
}
