import Foundation
import MarqueeTestSupport
import MarqueeModel
import MarqueeRender
import MarqueeTesting
import Testing

/// Rendered messages in a real browser (headless Chromium): every kind lays out inside a phone
/// screen with its controls visible and tappable, campaign text never runs as script, and an
/// `html` message's campaign runs sandboxed. See ``BrowserHarness`` for how pages are measured.
@Suite("Rendered messages in headless Chromium",
       .enabled(if: HeadlessChromium.isEnabled,
                "No Chromium found: install Debian's chromium package or set MARQUEE_CHROMIUM to run these tests"))
struct BrowserLayoutTests {
    /// A message to lay out, named for failure messages.
    struct Variant {
        var name: String
        var message: Message
    }

    /// Every kind: slide-ups from each edge, banners at top and bottom, tooltips at each position.
    /// A carousel shows one page at a time and has tests of its own (``CarouselBrowserTests``).
    static let variants: [Variant] = MessageKind.allCases.filter { $0 != .carousel }.flatMap { kind -> [Variant] in
        let sample = SampleMessages.untimed(kind)
        switch kind {
        case .slideUp:
            return SlideEdge.allCases.map { edge in
                var message = sample
                message.slideFrom = edge
                return Variant(name: "slideUp-\(edge.rawValue)", message: message)
            }
        case .banner:
            return BannerPlacement.allCases.map { placement in
                var message = sample
                message.banner?.placement = placement
                return Variant(name: "banner-\(placement.rawValue)", message: message)
            }
        case .tooltip:
            return TooltipPosition.allCases.map { position in
                var message = sample
                message.tooltip?.position = position
                return Variant(name: "tooltip-\(position.rawValue)", message: message)
            }
        default:
            return [Variant(name: kind.rawValue, message: sample)]
        }
    }

    /// The bridge events a page recorded, without size reports: a banner or slide-up in a frame
    /// (as in the harness) reports the height its frame needs, for the web SDK to size it by.
    static func actions(_ events: [String]) throws -> [BridgeMessage] {
        try events.map { try BridgeMessage(json: $0) }.filter { event in
            if case .resized = event { false } else { true }
        }
    }

    static let screens: [(name: String, size: ViewportSize)] = [
        ("portrait", .phonePortrait), ("landscape", .phoneLandscape),
    ]

    /// What to tap in `message`, and the bridge events that must result: the opt-out box first
    /// (when shown), then the first button, else the content, else the close control — each
    /// tapped twice, then the close control, to show that only the first resolution counts.
    static func interaction(for message: Message) -> (taps: [String], events: [BridgeMessage]) {
        var taps: [String] = []
        var events: [BridgeMessage] = []
        let optOut: Bool? = message.showsOptOut ? true : nil
        if message.showsOptOut {
            taps.append("#marquee-opt-out")
            events.append(.optOutToggled(isChecked: true))
        }
        let isContentClickable = message.contentAction != nil
            || (message.kind == .tooltip && message.tooltip?.redirectURL != nil)
        if let button = message.buttons.first {
            taps += ["#marquee-button-1", "#marquee-button-1"]
            events.append(.buttonTapped(buttonID: button.id, optOut: optOut))
        } else if isContentClickable {
            let target = message.kind == .image ? "#marquee-image" : "#marquee-title"
            taps += [target, target]
            events.append(.contentClicked(optOut: optOut))
        } else if message.isDismissable {
            events.append(.closed(.user, optOut: optOut))
        }
        if message.isDismissable { taps += ["#marquee-close", "#marquee-close"] }
        return (taps, events)
    }

    /// The Marquee elements a variant must show.
    static func expectedControls(for message: Message) -> Set<String> {
        var names: Set<String> = ["card"]
        switch message.kind {
        case .modal, .fullScreen, .slideUp, .banner, .tooltip, .survey: names.insert("title")
        case .image, .video, .carousel: break
        case .html: names.insert("frame")
        }
        if message.kind == .tooltip { names.insert("tooltip-target") }
        if message.isDismissable { names.insert("close") }
        if message.showsOptOut { names.insert("opt-out") }
        for button in message.buttons { names.insert("button \(button.id)") }
        return names
    }

    @Test("every kind is visible, inside the screen and tappable, in light and dark, portrait and landscape")
    func everyKindLaysOut() async throws {
        let browser = try HeadlessChromium.require()
        var pages: [BrowserPage] = []
        var expectations: [String: (message: Message, theme: Theme, events: [BridgeMessage])] = [:]
        for variant in Self.variants {
            for theme in [Theme.light, .dark] {
                for screen in Self.screens {
                    let name = "\(variant.name) \(theme.rawValue) \(screen.name)"
                    let html = HTMLRenderer(options: RenderOptions(theme: theme, personalization: SampleMessages.personalization))
                        .render(variant.message)
                    let interaction = Self.interaction(for: variant.message)
                    pages.append(BrowserPage(name: name, html: html, width: screen.size.width, height: screen.size.height,
                                             taps: interaction.taps))
                    expectations[name] = (variant.message, theme, interaction.events)
                }
            }
        }

        let report = try await BrowserHarness.run(pages, in: browser)

        #expect(report.pages.count == pages.count)
        for page in report.pages {
            let expected = try #require(expectations[page.name])
            try #require(page.loaded, "\(page.name): the message did not load")
            #expect(page.viewport.width == pages.first { $0.name == page.name }?.width, "\(page.name): frame width")
            let atLoad = try page.eventsAtLoad.map { try BridgeMessage(json: $0) }
            if [.banner, .slideUp].contains(expected.message.kind) {
                // A bar reports the height its frame needs: the card's, with the message's padding around it.
                let card = try #require(page.controls.first { $0.name == "card" })
                guard atLoad.count == 1, case .resized(let height) = atLoad[0] else {
                    Issue.record("\(page.name): a framed bar reported \(atLoad) at load, not its height")
                    continue
                }
                #expect(height >= card.rect.height && height <= card.rect.height + 25, "\(page.name): height \(height) for card \(card.rect)")
            } else {
                #expect(atLoad.isEmpty, "\(page.name): the bridge recorded \(page.eventsAtLoad) before any tap")
            }
            #expect(page.missingTaps.isEmpty, "\(page.name): nothing to tap for \(page.missingTaps)")

            let names = Set(page.controls.map(\.name))
            #expect(names == Self.expectedControls(for: expected.message), "\(page.name): controls found")
            for control in page.controls {
                #expect(control.visible, "\(page.name): \(control.name) is not visible at \(control.rect)")
                #expect(control.inside, "\(page.name): \(control.name) at \(control.rect) is outside the \(page.viewport.width)×\(page.viewport.height) screen")
                // The tooltip's target placeholder lets taps through to the app, like the rest of the stage.
                if control.name != "tooltip-target" {
                    #expect(control.reachable, "\(page.name): \(control.name) at \(control.rect) is covered or clipped at its centre")
                }
            }

            let events = try Self.actions(page.events)
            #expect(events == expected.events, "\(page.name): bridge events after tapping")

            for (part, contrast) in page.contrasts {
                #expect(contrast >= 4.5, "\(page.name): \(part) text contrast \(contrast) against the card is below 4.5:1")
            }
            if expected.message.colors.background == MessageColors().background, let luminance = page.backgroundLuminance {
                // A default white card stays white in light mode and turns dark in dark mode.
                if expected.theme == .dark {
                    #expect(luminance < 0.2, "\(page.name): card background is not dark (luminance \(luminance))")
                } else {
                    #expect(luminance > 0.8, "\(page.name): card background is not light (luminance \(luminance))")
                }
            }
        }
    }

    /// Every kind, with and without media above its text, a carousel included, with titles long
    /// enough to fill their line: no text box lies under the close control, in either theme and
    /// orientation.
    @Test("no kind's text lies under its close control")
    func noTextLiesUnderTheCloseControl() async throws {
        let browser = try HeadlessChromium.require()
        let long = "How are we doing today, friend? Tell us in a minute"
        var messages: [(String, Message)] = MessageKind.allCases.map { kind in
            var message = SampleMessages.untimed(kind)
            message.title = message.title.isEmpty ? message.title : long
            return (kind.rawValue, message)
        }
        for kind in [MessageKind.modal, .fullScreen, .slideUp, .carousel] {
            var textOnly = SampleMessages.untimed(kind)
            textOnly.title = long
            textOnly.image = nil
            for index in textOnly.pages.indices { textOnly.pages[index].image = nil; textOnly.pages[index].title = long }
            messages.append(("\(kind.rawValue)-textOnly", textOnly))
        }
        var pages: [BrowserPage] = []
        for (name, message) in messages {
            for theme in [Theme.light, .dark] {
                for screen in Self.screens {
                    let html = HTMLRenderer(options: RenderOptions(theme: theme, personalization: SampleMessages.personalization)).render(message)
                    pages.append(BrowserPage(name: "\(name) \(theme.rawValue) \(screen.name)", html: html,
                                             width: screen.size.width, height: screen.size.height))
                }
            }
        }
        let report = try await BrowserHarness.run(pages, in: browser)
        #expect(report.pages.count == pages.count)
        for page in report.pages {
            try #require(page.loaded, "\(page.name): the message did not load")
            guard let close = page.controls.first(where: { $0.name == "close" }) else { continue }
            #expect(!page.textBoxes.isEmpty || page.name.hasPrefix("html") || page.name.hasPrefix("image") || page.name.hasPrefix("video"),
                    "\(page.name): no text measured")
            for text in page.textBoxes {
                #expect(!text.rect.overlaps(close.rect), "\(page.name): \(text.name) at \(text.rect) lies under the close control at \(close.rect)")
            }
        }
    }

    /// Markup a campaign might smuggle into text; each would set `__pwned` if it ever ran.
    static let payloads = [
        #"<img src=x onerror="window.__pwned=parent.__pwned=1">"#,
        #"<script>window.__pwned=parent.__pwned=1</script>"#,
        #"<svg onload="window.__pwned=parent.__pwned=1"></svg>"#,
        #"<iframe srcdoc="<script>parent.parent.__pwned=1</script>"></iframe>"#,
        #"</title></style><a href="javascript:parent.__pwned=1">link</a>"#,
    ]

    @Test("markup in a non-HTML message's text is shown as text and never runs")
    func markupInTextNeverRuns() async throws {
        let browser = try HeadlessChromium.require()
        let values = ["first_name": Self.payloads[2]]
        let buttonID = #""><img src=x onerror="parent.__pwned=1">"#
        var pages: [BrowserPage] = []
        var messages: [String: Message] = [:]
        // Carousels and surveys keep their buttons elsewhere: their own suites check their text.
        for kind in MessageKind.allCases where kind != .html && kind != .carousel && kind != .survey {
            var message = SampleMessages.untimed(kind)
            message.header = Self.payloads[0]
            message.title = Self.payloads[1] + " %%first_name%%"
            message.body = Self.payloads[2] + "\n" + Self.payloads[3]
            message.buttons = [MessageButton(id: buttonID, text: Self.payloads[4])]
            message.contentAction = nil
            if message.image != nil { message.image?.altText = Self.payloads[0] }
            if message.media != nil { message.media?.altText = Self.payloads[0] }
            if message.tooltip != nil { message.tooltip?.targetElementID = Self.payloads[3] }
            let html = HTMLRenderer(options: RenderOptions(theme: .light, personalization: values)).render(message)
            pages.append(BrowserPage(name: kind.rawValue, html: html, width: 390, height: 844, taps: ["#marquee-button-1"]))
            messages[kind.rawValue] = message
        }

        let report = try await BrowserHarness.run(pages, in: browser)

        #expect(report.canaryRan, "the same payloads must run in a page without Marquee's policy, or this test proves nothing")
        #expect(!report.harnessPwned, "a message's markup ran script in the parent window")
        #expect(report.pages.count == pages.count)
        for page in report.pages {
            let message = try #require(messages[page.name])
            try #require(page.loaded, "\(page.name): the message did not load")
            #expect(!page.pwned, "\(page.name): markup ran script in the message window")
            #expect(page.scriptCount == 1, "\(page.name): only Marquee's bridge may be a script element")
            #expect(page.unexpectedElements.isEmpty, "\(page.name): text became elements: \(page.unexpectedElements)")
            #expect(page.handlerAttributes.isEmpty, "\(page.name): text became event handlers: \(page.handlerAttributes)")

            let title = Self.payloads[1] + " " + Self.payloads[2]
            #expect(page.texts.documentTitle == title, "\(page.name): document title")
            #expect(page.texts.title == title, "\(page.name): title text")
            #expect(page.texts.buttons == [Self.payloads[4]], "\(page.name): button text")
            if message.kind != .image && message.kind != .video {
                #expect(page.texts.header == Self.payloads[0], "\(page.name): header text")
                #expect(page.texts.body == message.body, "\(page.name): body text")
            }
            if let alt = page.texts.imageAlt {
                #expect(alt == Self.payloads[0], "\(page.name): image alt text")
            }
            let events = try Self.actions(page.events)
            let optOut: Bool? = message.showsOptOut ? false : nil
            #expect(events == [.buttonTapped(buttonID: buttonID, optOut: optOut)], "\(page.name): the button still works")
        }
    }

    @Test("markup that escaping let through would still be stopped by the Content-Security-Policy",
          arguments: [MessageKind.modal, .banner, .html])
    func policyStopsInjectedMarkup(kind: MessageKind) async throws {
        let browser = try HeadlessChromium.require()
        let rendered = HTMLRenderer(options: RenderOptions(theme: .light)).render(SampleMessages.untimed(kind))
        // Simulate an escaping bug: the payloads land in the body as markup.
        let injected = rendered.replacingOccurrences(of: "<body>", with: "<body>" + Self.payloads.joined())
        try #require(injected != rendered)

        let report = try await BrowserHarness.run([BrowserPage(name: "injected \(kind.rawValue)", html: injected,
                                                               width: 390, height: 844)], in: browser)

        let page = try #require(report.pages.first)
        #expect(report.canaryRan, "the same payloads must run in a page without Marquee's policy")
        #expect(!page.handlerAttributes.isEmpty, "the payloads must have become elements for this test to mean anything")
        #expect(!page.pwned, "an injected handler or script ran in the message window")
        #expect(!report.harnessPwned, "an injected handler or script ran in the parent window")
    }

    /// Campaign HTML that probes its sandbox on load and reports through a link, which the frame
    /// bridge forwards to the message document's bridge.
    static let probeHTML = #"""
        <!DOCTYPE html>
        <html><head><title>Probe</title></head><body>
        <p>Sandbox probe</p>
        <a id="blocked" href="javascript:parent.__pwned=1">blocked scheme</a>
        <a id="report" href="https://report.example/">report</a>
        <img src="https://cdn.example.com/missing.png" onerror="window.__handlerRan = 1">
        <script>
        window.addEventListener("load", function () {
          var results = { origin: String(window.origin) };
          function probe(name, attempt) {
            try { results[name] = attempt() ? "allowed" : "blocked"; } catch (error) { results[name] = "blocked"; }
          }
          probe("parentDocument", function () { return !!parent.document; });
          probe("parentWrite", function () { parent.__pwned = 1; return true; });
          probe("topWrite", function () { top.__pwned = 1; return true; });
          probe("cookie", function () { document.cookie = "probe=1"; return document.cookie.indexOf("probe=1") >= 0; });
          probe("storage", function () { return !!window.localStorage; });
          probe("eval", function () { return eval("1") === 1; });
          probe("injectedScript", function () {
            var script = document.createElement("script");
            script.textContent = "window.__injected = 1;";
            document.body.appendChild(script);
            return window.__injected === 1;
          });
          probe("popup", function () { return window.open("https://popup.example/") !== null; });
          results.handler = window.__handlerRan === 1 ? "allowed" : "blocked";
          document.getElementById("blocked").click();
          var report = document.getElementById("report");
          report.setAttribute("href", "https://report.example/?" + Object.keys(results).map(function (key) {
            return key + "=" + encodeURIComponent(results[key]);
          }).join("&"));
          report.click();
        });
        </script>
        </body></html>
        """#

    @Test("a banner, an image and a tooltip with a timer close themselves as timed out",
          arguments: [MessageKind.banner, .image, .tooltip])
    func timedMessagesCloseThemselves(kind: MessageKind) async throws {
        let browser = try HeadlessChromium.require()
        var message = SampleMessages.untimed(kind)
        message.banner?.autoCloseSeconds = 0.2
        message.media?.autoCloseSeconds = 0.2
        message.tooltip?.autoDisappearSeconds = 1
        let html = HTMLRenderer(options: RenderOptions(theme: .light)).render(message)

        // Nothing is tapped; the harness waits for the page to report by itself.
        let report = try await BrowserHarness.run([BrowserPage(name: kind.rawValue, html: html, width: 390, height: 844,
                                                               awaitsEvent: true)], in: browser)

        let page = try #require(report.pages.first)
        try #require(page.loaded, "\(kind.rawValue): the message did not load")
        let events = try Self.actions(page.events)
        let optOut: Bool? = message.showsOptOut ? false : nil
        #expect(events == [.closed(.timeout, optOut: optOut)], "\(kind.rawValue): \(events)")
    }

    @Test("an HTML message's campaign runs its own scripts in an opaque-origin sandbox and reaches the app only through links")
    func htmlCampaignIsSandboxed() async throws {
        let browser = try HeadlessChromium.require()
        let message = Message(kind: .html, title: "Probe", html: Self.probeHTML)
        let html = HTMLRenderer(options: RenderOptions(theme: .light)).render(message)

        let report = try await BrowserHarness.run([BrowserPage(name: "probe", html: html, width: 390, height: 844,
                                                               awaitsEvent: true)], in: browser)

        let page = try #require(report.pages.first)
        try #require(page.loaded)
        #expect(page.frame?.sandbox == "allow-scripts")
        #expect(page.frame?.contentAccessible == false, "the message document can read the campaign's document")
        #expect(page.location.hasSuffix("/page-0.html"), "the message document navigated to \(page.location)")
        #expect(!page.pwned)
        #expect(!report.harnessPwned)

        // The campaign's inline script ran (it is allowed by hash) and reported through one link;
        // the javascript: link before it was swallowed.
        let events = try page.events.map { try BridgeMessage(json: $0) }
        try #require(events.count == 1, "expected exactly the report link, got \(events)")
        guard case .linkActivated(let link) = events[0] else {
            Issue.record("expected a link event, got \(events[0])")
            return
        }
        #expect(link.text == "report")
        let items = try #require(URLComponents(string: link.url)?.queryItems, "report link \(link.url)")
        let results = Dictionary(items.map { ($0.name, $0.value ?? "") }, uniquingKeysWith: { first, _ in first })
        #expect(results["origin"] == "null", "the campaign runs in an opaque origin")
        for probe in ["parentDocument", "parentWrite", "topWrite", "cookie", "storage", "eval", "injectedScript",
                      "popup", "handler"] {
            #expect(results[probe] == "blocked", "campaign HTML could use \(probe): \(results[probe] ?? "not reported")")
        }
    }

    @Test("an app's style defaults size the card and buttons, and an absurd width still fits the screen")
    func styleDefaultsLayOut() async throws {
        let browser = try HeadlessChromium.require()
        var labelled = SampleMessages.appStyle
        labelled[.banner].dismissIcon = .label
        labelled[.slideUp].dismissIcon = .label
        var absurd = SampleMessages.appStyle
        absurd[.modal].maxWidth = 100_000
        let styles: [(name: String, defaults: StyleDefaults, maxWidth: Double)] = [
            ("styled", labelled, 340), ("absurd", absurd, 4096),
        ]
        let names = ["modal", "slideUp-bottom", "banner-top", "image"]
        var pages: [BrowserPage] = []
        var expectations: [String: (message: Message, maxWidth: Double, events: [BridgeMessage])] = [:]
        for style in styles {
            for variant in Self.variants where names.contains(variant.name) {
                for screen in Self.screens {
                    let name = "\(style.name) \(variant.name) \(screen.name)"
                    let options = RenderOptions(theme: .light, personalization: SampleMessages.personalization,
                                                strings: .german, styleDefaults: style.defaults)
                    let interaction = Self.interaction(for: variant.message)
                    pages.append(BrowserPage(name: name, html: HTMLRenderer(options: options).render(variant.message),
                                             width: screen.size.width, height: screen.size.height, taps: interaction.taps))
                    let maxWidth = style.defaults.style(for: variant.message.kind).maxWidth ?? style.maxWidth
                    expectations[name] = (variant.message, maxWidth, interaction.events)
                }
            }
        }

        let report = try await BrowserHarness.run(pages, in: browser)

        #expect(report.pages.count == pages.count)
        for page in report.pages {
            let expected = try #require(expectations[page.name])
            try #require(page.loaded, "\(page.name): the message did not load")
            #expect(Set(page.controls.map(\.name)) == Self.expectedControls(for: expected.message), "\(page.name): controls found")
            for control in page.controls {
                #expect(control.visible && control.inside && control.reachable,
                        "\(page.name): \(control.name) at \(control.rect) is hidden, off screen or covered")
            }
            let card = try #require(page.controls.first { $0.name == "card" })
            #expect(card.rect.width <= expected.maxWidth + 0.5, "\(page.name): card \(card.rect) wider than \(expected.maxWidth)")
            #expect(card.rect.x >= 15.5, "\(page.name): card \(card.rect) inside the 16-point leading padding")
            for button in page.controls where button.name.hasPrefix("button ") {
                #expect(button.rect.height >= 47.5, "\(page.name): \(button.name) \(button.rect) is shorter than 48 points")
            }
            let events = try Self.actions(page.events)
            #expect(events == expected.events, "\(page.name): bridge events after tapping")
        }
    }
}
