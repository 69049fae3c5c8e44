import Foundation
import Marquee
import MarqueeModel
import MarqueeRender
import Testing

/// Collects what a presenter writes.
private final class Transcript: @unchecked Sendable {
    // @unchecked Sendable: `lines` is only touched while `lock` is held.
    private let lock = NSLock()
    private var lines: [String] = []

    func append(_ text: String) { lock.withLock { lines.append(text) } }
    var text: String { lock.withLock { lines.joined(separator: "\n") } }
}

@MainActor
@Suite("Terminal presenter")
struct TerminalPresenterTests {
    let message = InAppMessage(id: "c1", campaignName: "Sale", message: Message(
        kind: .modal, title: "Hello %%first_name|there%%", body: "Body",
        buttons: [MessageButton(id: "shop", text: "Shop", action: MessageAction(.openURL, uri: "https://shop.example.com",
                                                                                 logsEvent: EmittedEvent(name: "shop_tapped"))),
                  MessageButton(id: "later", text: "Later")],
        showsOptOut: true))

    @Test func drawsTheMessageAndReportsTheChosenButton() throws {
        let transcript = Transcript()
        let presenter = TerminalPresenter(width: 40, personalization: ["first_name": "Ada"], write: transcript.append)
        var results: [PresentationResult] = []
        presenter.display(message) { results.append($0) }
        #expect(transcript.text.contains("Hello Ada"))
        #expect(transcript.text.contains("choose: button 1|2, close, optout"))

        try presenter.choose(.toggleOptOut)
        try presenter.choose(.button(1))
        #expect(results == [PresentationResult(.buttonClick(id: "shop"), optedOut: true)])
        #expect(transcript.text.contains("→ Shop: opens https://shop.example.com in the browser, logs event shop_tapped"))
        #expect(presenter.current == nil)
        #expect(throws: TerminalPresenter.ChoiceError.noMessage) { try presenter.choose(.close) }
    }

    @Test func rejectsChoicesTheMessageDoesNotOffer() throws {
        var strict = message
        strict.message.isDismissable = false
        strict.message.showsOptOut = false
        let presenter = TerminalPresenter(write: { _ in })
        var results: [PresentationResult] = []
        presenter.display(strict) { results.append($0) }
        #expect(throws: TerminalPresenter.ChoiceError.noSuchButton(3, available: 2)) { try presenter.choose(.button(3)) }
        #expect(throws: TerminalPresenter.ChoiceError.notDismissable) { try presenter.choose(.close) }
        #expect(throws: TerminalPresenter.ChoiceError.noOptOut) { try presenter.choose(.toggleOptOut) }
        #expect(throws: TerminalPresenter.ChoiceError.noContentAction) { try presenter.choose(.content) }
        #expect(results.isEmpty, "nothing was resolved")
        try presenter.choose(.button(2))
        #expect(results == [PresentationResult(.buttonClick(id: "later"))])
    }

    @Test func theAppCanTakeTheMessageDown() {
        let transcript = Transcript()
        let presenter = TerminalPresenter(write: transcript.append)
        presenter.display(message) { _ in Issue.record("a dismissed message reports nothing") }
        presenter.dismiss(message)
        #expect(presenter.current == nil)
        #expect(transcript.text.contains("(Sale was closed by the app)"))
    }
}

@Suite("Bridge messages become presentation results")
struct PresentationResultBridgeTests {
    @Test func everyBridgeMessageMaps() throws {
        #expect(PresentationResult(try BridgeMessage(json: #"{"v":1,"type":"button","buttonId":"shop","optOut":true}"#))
            == PresentationResult(.buttonClick(id: "shop"), optedOut: true))
        #expect(PresentationResult(try BridgeMessage(json: #"{"v":1,"type":"content"}"#)) == PresentationResult(.contentClick))
        #expect(PresentationResult(try BridgeMessage(json: #"{"v":1,"type":"close","reason":"user"}"#)) == PresentationResult(.userDismissed))
        #expect(PresentationResult(try BridgeMessage(json: #"{"v":1,"type":"close","reason":"timeout"}"#)) == PresentationResult(.timedOut))
        #expect(PresentationResult(try BridgeMessage(json: #"{"v":1,"type":"close","reason":"ended"}"#)) == PresentationResult(.timedOut))
        #expect(PresentationResult(try BridgeMessage(json: #"{"v":1,"type":"optOut","checked":true}"#)) == nil)
        #expect(PresentationResult(try BridgeMessage(json: #"{"v":1,"type":"size","height":80}"#)) == nil)
        #expect(PresentationResult(try BridgeMessage(json: #"{"v":1,"type":"link","url":"https://x.example","actionType":null}"#))
            == PresentationResult(.contentClick))
        #expect(PresentationResult(try BridgeMessage(json: #"{"v":1,"type":"link","url":"","actionType":"close"}"#))
            == PresentationResult(.userDismissed))
    }
}
