import Foundation
import MarqueeModel

/// What the JavaScript bridge of a rendered message reports to the app.
///
/// The bridge (``MarqueeBridge/script``) posts one JSON object per user action as a string, to
/// `window.webkit.messageHandlers.marquee` when present (WebKit), else to
/// `window.marqueeBridge.post(json)` (Android and other hosts), else, when the document is in a
/// frame, to the page that framed it with `window.parent.postMessage(json, "*")` (the web SDK,
/// which reads only its own frame's messages; nothing posted is secret). It always appends the
/// object to `window.__marqueeEvents` so a headless browser test can read what happened.
/// Format (version 1):
///
/// ```json
/// {"v":1,"type":"button","buttonId":"shop","optOut":false}
/// {"v":1,"type":"content","optOut":false}
/// {"v":1,"type":"close","reason":"user","optOut":true}
/// {"v":1,"type":"optOut","checked":true}
/// {"v":1,"type":"link","url":"https://example.com","actionType":"browser","text":"Shop"}
/// {"v":1,"type":"page","index":1,"pageId":"sizes"}
/// {"v":1,"type":"size","height":212}
/// {"v":1,"type":"survey","answers":[{"question":"recommend","score":9},{"question":"topics","choices":["prices"]}]}
/// ```
///
/// - `buttonId` is the ``MarqueeModel/MessageButton/id`` of the tapped button.
/// - `reason` is a ``CloseReason`` raw value: `user`, `timeout` (auto-close) or `ended` (video).
/// - `optOut` appears when the message shows the opt-out checkbox and tells its state at that moment.
/// - `link` comes from inside an `html` message: the element's `data-link` or `href` as written and
///   its `data-actiontype` (or `null`); Swift classifies it with ``HTMLLinkClassifier`` so the
///   rules live in one place.
///
/// - `page` comes from a carousel, the first time each page shows (the first page as the message
///   shows): `index` from 0, `pageId` the ``MarqueeModel/MessagePage/id``.
///
/// - `survey` comes from a survey when the user sends it: the answers given (``SurveyAnswer``),
///   unchecked; the thank-you page shows until a close message ends the display.
///
/// - `size` comes from embedded content (``Embedding``), as it first lays out and whenever its
///   height changes: the card's height in CSS pixels, for the view that holds it. A banner or
///   slide-up in a frame (the web SDK shows them as bars) reports it too, with the message's own
///   padding around the card: the height its frame needs.
/// - `close` with `reason` `user` also comes from the Escape key, in a message that may be closed.
///
/// After a button, content, close or link message the bridge sends nothing more: one resolution
/// per display; embedded content, which stays in its place, reports every tap.
public enum BridgeMessage: Sendable, Hashable, Decodable {
    /// A message button was tapped.
    case buttonTapped(buttonID: String, optOut: Bool?)
    /// The message outside its buttons was tapped.
    case contentClicked(optOut: Bool?)
    /// The message asked to close.
    case closed(CloseReason, optOut: Bool?)
    /// The opt-out checkbox changed.
    case optOutToggled(isChecked: Bool)
    /// A link or action element inside an `html` message was activated.
    case linkActivated(HTMLLink)
    /// A carousel page showed for the first time in this display.
    case pageViewed(index: Int, pageID: String)
    /// A survey was sent with these answers (at most ``Campaign/Limits/surveyQuestions``' upper bound).
    case surveyAnswered([SurveyAnswer])
    /// Embedded content laid out at this height, in CSS pixels.
    case resized(height: Double)

    /// The newest bridge protocol version this build reads.
    public static let protocolVersion = 1

    private enum CodingKeys: String, CodingKey {
        case version = "v", type, buttonId, optOut, reason, checked, url, actionType, text, index, pageId, answers, height
    }

    /// Decodes a message as the bridge posts it; throws ``RenderError`` on anything else.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let version = try container.decodeIfPresent(Int.self, forKey: .version) ?? 1
        guard version <= Self.protocolVersion else { throw RenderError.unsupportedBridgeVersion(version) }
        let optOut = try container.decodeIfPresent(Bool.self, forKey: .optOut)
        switch try container.decode(String.self, forKey: .type) {
        case "button":
            self = .buttonTapped(buttonID: try container.decode(String.self, forKey: .buttonId), optOut: optOut)
        case "content":
            self = .contentClicked(optOut: optOut)
        case "close":
            let reason = try container.decodeIfPresent(String.self, forKey: .reason) ?? CloseReason.user.rawValue
            guard let closeReason = CloseReason(rawValue: reason) else {
                throw RenderError.malformedBridgeMessage("unknown close reason '\(reason)'")
            }
            self = .closed(closeReason, optOut: optOut)
        case "optOut":
            self = .optOutToggled(isChecked: try container.decode(Bool.self, forKey: .checked))
        case "link":
            let url = try container.decodeIfPresent(String.self, forKey: .url) ?? ""
            let actionType = try container.decodeIfPresent(String.self, forKey: .actionType)
            guard let type = HTMLLinkClassifier.classify(url: url, actionType: actionType) else {
                throw RenderError.rejectedLink(url)
            }
            let text = try container.decodeIfPresent(String.self, forKey: .text) ?? ""
            self = .linkActivated(HTMLLink(url: HTMLLinkClassifier.cleaned(url), type: type, text: text))
        case "page":
            let index = try container.decode(Int.self, forKey: .index)
            guard index >= 0 else { throw RenderError.malformedBridgeMessage("page index \(index) is negative") }
            let pageID = try container.decodeIfPresent(String.self, forKey: .pageId) ?? ""
            self = .pageViewed(index: index, pageID: String(pageID.prefix(64)))
        case "survey":
            let answers = try container.decode([SurveyAnswer].self, forKey: .answers)
            guard answers.count <= Campaign.Limits.surveyQuestions.upperBound else {
                throw RenderError.malformedBridgeMessage("\(answers.count) survey answers")
            }
            self = .surveyAnswered(answers)
        case "size":
            let height = try container.decode(Double.self, forKey: .height)
            guard height.isFinite, (0...100_000).contains(height) else {
                throw RenderError.malformedBridgeMessage("height \(height) is out of range")
            }
            self = .resized(height: height)
        case let other:
            throw RenderError.malformedBridgeMessage("unknown message type '\(other)'")
        }
    }

    /// Decodes the JSON text the bridge posted.
    ///
    /// - Throws: ``RenderError`` when the text is not a bridge message.
    public init(json: String) throws(RenderError) {
        do {
            self = try JSONDecoder().decode(BridgeMessage.self, from: Data(json.utf8))
        } catch let error as RenderError {
            throw error
        } catch {
            throw RenderError.malformedBridgeMessage(String(describing: error))
        }
    }

    /// Whether this message ends the display (everything except toggling the opt-out box,
    /// showing a carousel page, sending a survey and embedded content's size).
    public var isResolution: Bool {
        switch self {
        case .optOutToggled, .pageViewed, .surveyAnswered, .resized: false
        case .buttonTapped, .contentClicked, .closed, .linkActivated: true
        }
    }

    /// The opt-out checkbox state this message reports, if it reports one.
    public var optOut: Bool? {
        switch self {
        case .buttonTapped(_, let optOut), .contentClicked(let optOut), .closed(_, let optOut): optOut
        case .optOutToggled(let isChecked): isChecked
        case .linkActivated, .pageViewed, .surveyAnswered, .resized: nil
        }
    }

    /// The action to run for this message, looked up in the message that was shown.
    ///
    /// A button tap runs that button's action; a content click runs the content action (or, for a
    /// tooltip without one, opens its redirect URL); a close closes; a link runs
    /// ``HTMLLink/action``. Returns `nil` when there is nothing to run (an unknown button id, a
    /// content click on a message without a content action, an opt-out toggle, a page view or survey answers).
    public func action(in message: Message) -> MessageAction? {
        switch self {
        case .buttonTapped(let id, _):
            return message.allButtons.first { $0.id == id }?.action
        case .contentClicked:
            if let action = message.contentAction { return action }
            guard let redirect = message.tooltip?.redirectURL,
                  let type = HTMLLinkClassifier.classify(url: redirect, actionType: nil) else { return nil }
            return MessageAction(type.actionType, uri: HTMLLinkClassifier.cleaned(redirect))
        case .closed:
            return .close
        case .optOutToggled, .pageViewed, .surveyAnswered, .resized:
            return nil
        case .linkActivated(let link):
            return link.action
        }
    }
}
