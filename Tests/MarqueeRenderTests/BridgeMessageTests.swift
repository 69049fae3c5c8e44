import MarqueeModel
import MarqueeRender
import MarqueeTesting
import Testing

@Suite("Bridge messages")
struct BridgeMessageTests {
    @Test("decodes every message the bridge posts")
    func decodes() throws {
        #expect(try BridgeMessage(json: #"{"v":1,"type":"button","buttonId":"shop","optOut":true}"#)
                == .buttonTapped(buttonID: "shop", optOut: true))
        #expect(try BridgeMessage(json: #"{"v":1,"type":"content"}"#) == .contentClicked(optOut: nil))
        #expect(try BridgeMessage(json: #"{"v":1,"type":"close","reason":"timeout","optOut":false}"#)
                == .closed(.timeout, optOut: false))
        #expect(try BridgeMessage(json: #"{"v":1,"type":"close","reason":"ended"}"#) == .closed(.ended, optOut: nil))
        #expect(try BridgeMessage(json: #"{"v":1,"type":"optOut","checked":true}"#) == .optOutToggled(isChecked: true))
        #expect(try BridgeMessage(json: #"{"v":1,"type":"link","url":" https://a.example ","actionType":null,"text":"A"}"#)
                == .linkActivated(HTMLLink(url: "https://a.example", type: .browser, text: "A")))
        #expect(try BridgeMessage(json: #"{"v":1,"type":"link","url":"","actionType":"close","text":"No"}"#)
                == .linkActivated(HTMLLink(url: "", type: .close, text: "No")))
        #expect(try BridgeMessage(json: #"{"v":1,"type":"page","index":2,"pageId":"done"}"#) == .pageViewed(index: 2, pageID: "done"))
        #expect(try BridgeMessage(json: #"{"v":1,"type":"survey","answers":[{"question":"q","score":3}]}"#)
                == .surveyAnswered([SurveyAnswer(questionID: "q", value: .score(3))]))
        #expect(try BridgeMessage(json: #"{"v":1,"type":"size","height":212}"#) == .resized(height: 212))
    }

    @Test("rejects what the bridge never sends")
    func rejects() {
        #expect(throws: RenderError.self) { try BridgeMessage(json: "not json") }
        #expect(throws: RenderError.self) { try BridgeMessage(json: #"{"v":1,"type":"explode"}"#) }
        #expect(throws: RenderError.self) { try BridgeMessage(json: #"{"v":1,"type":"close","reason":"bored"}"#) }
        #expect(throws: RenderError.self) { try BridgeMessage(json: #"{"v":1,"type":"page","index":-1}"#) }
        #expect(throws: RenderError.self) { try BridgeMessage(json: #"{"v":1,"type":"size","height":-5}"#) }
        #expect(throws: RenderError.self) { try BridgeMessage(json: #"{"v":1,"type":"survey","answers":[{"question":"q"}]}"#) }
        #expect(throws: RenderError.unsupportedBridgeVersion(2)) { try BridgeMessage(json: #"{"v":2,"type":"content"}"#) }
        #expect(throws: RenderError.rejectedLink("javascript:alert(1)")) {
            try BridgeMessage(json: #"{"v":1,"type":"link","url":"javascript:alert(1)","actionType":"browser"}"#)
        }
    }

    @Test("resolves to the action of the message that was shown")
    func actions() {
        let message = SampleMessages.message(.modal)
        var tooltip = SampleMessages.message(.tooltip)
        tooltip.contentAction = nil

        #expect(BridgeMessage.buttonTapped(buttonID: "shop", optOut: nil).action(in: message) == SampleMessages.shop.action)
        #expect(BridgeMessage.buttonTapped(buttonID: "unknown", optOut: nil).action(in: message) == nil)
        #expect(BridgeMessage.contentClicked(optOut: nil).action(in: message) == MessageAction(.deepLink, uri: "shop://sale"))
        #expect(BridgeMessage.contentClicked(optOut: nil).action(in: tooltip) == MessageAction(.deepLink, uri: "shop://carts"))
        #expect(BridgeMessage.closed(.user, optOut: nil).action(in: message) == .close)
        #expect(BridgeMessage.optOutToggled(isChecked: true).action(in: message) == nil)
        #expect(!BridgeMessage.optOutToggled(isChecked: true).isResolution)
        #expect(!BridgeMessage.pageViewed(index: 1, pageID: "lists").isResolution)
        let carousel = SampleMessages.message(.carousel)
        #expect(BridgeMessage.buttonTapped(buttonID: "try", optOut: nil).action(in: carousel) == MessageAction(.deepLink, uri: "shop://lists"),
                "a page's button answers for itself")
        #expect(BridgeMessage.closed(.timeout, optOut: true).optOut == true)
    }

    @Test("the bridge posts to WebKit, then to marqueeBridge, and records every event")
    func scriptContract() {
        let script = MarqueeBridge.script

        #expect(script.contains("window.webkit && window.webkit.messageHandlers"))
        #expect(script.contains("handlers.\(MarqueeBridge.messageHandlerName).postMessage(json)"))
        #expect(script.contains("window.marqueeBridge.post(json)"))
        // In a frame with neither host (the web SDK's), the framing page hears the same JSON text.
        #expect(script.contains("var framed = window.parent !== window;"))
        #expect(script.contains("} else if (framed) {\n      window.parent.postMessage(json, \"*\");"))
        #expect(script.contains(#"framed && !embedded && (kind === "banner" || kind === "slideUp")"#))
        #expect(script.contains("window.__marqueeEvents = window.__marqueeEvents || []"))
        #expect(!script.contains("</script"))
        #expect(!MarqueeBridge.frameScript.contains("</script"))
        #expect(MarqueeBridge.frameScript.contains("window.parent.postMessage(message, \"*\")"))
    }
}
