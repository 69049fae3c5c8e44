import Foundation
import MarqueeModel
import MarqueeTestSupport
import Testing

/// What a new campaign's form shows is what the server stores: in headless Chromium against a live
/// server, a campaign of each kind is saved from a new form with only its required fields filled.
/// Every select, tick box, colour and number the form shows equals what the admin API then returns
/// for that field, or, where nothing is stored, the default the model describes
/// (`GET /api/v1/model`); the stored message's settings are the model's defaults; and the preview
/// draws the alignment, placement, position, edge and orientation the form shows.
@Suite("Dashboard composer defaults in a browser",
       .enabled(if: HeadlessChromium.isEnabled, "needs Chromium (install Debian's chromium or set MARQUEE_CHROMIUM)"))
struct DashboardDefaultsBrowserTests {
    /// Every control of the composer that shows a value for a field: `[path, kind, value]`, where
    /// kind is `select` (with `empty` when it has an option that removes the key), `check`,
    /// `colour` (the hex text) or `number` (an empty field's placeholder).
    static let shownControls = """
        (() => {
          const shown = [];
          for (const field of document.querySelectorAll('#composer .field[data-path]')) {
            const path = field.dataset.path;
            const select = field.querySelector(':scope > select');
            const check = field.querySelector(':scope > input[type=checkbox]');
            const hex = field.querySelector(':scope > input.hex');
            const number = field.querySelector(':scope > input[type=number]');
            if (select) shown.push([path, [...select.options].some((o) => o.value === '') ? 'select-empty' : 'select', select.value]);
            else if (check) shown.push([path, 'check', check.checked]);
            else if (hex) shown.push([path, 'colour', hex.value]);
            else if (number && !number.dataset.scale) shown.push([path, 'number', number.value === '' ? number.placeholder : number.value]);
          }
          return shown;
        })()
        """

    /// What the preview frame draws: the root's data attributes and the text's computed alignment.
    static let drawn = """
        (() => {
          const root = document.getElementById('marquee-root');
          const text = document.querySelector('.mq-text');
          return { ...root.dataset, textAlign: text ? getComputedStyle(text).textAlign : '' };
        })()
        """

    /// The CSS the renderer writes for each alignment (logical, so RTL follows).
    static func css(_ alignment: String) -> String {
        switch TextAlignment(rawValue: alignment) {
        case .leading: "start"
        case .center: "center"
        case .trailing: "end"
        case .justified: "justify"
        case nil: "unknown alignment \(alignment)"
        }
    }

    /// The value at a dotted path (`message.buttons.0.textColor`).
    static func value(at path: String, in json: JSONValue?) -> JSONValue? {
        path.split(separator: ".").reduce(json) { current, key in
            switch current {
            case .object(let members)?: members[String(key)]
            case .array(let items)?: Int(key).flatMap { items.indices.contains($0) ? items[$0] : nil }
            default: nil
            }
        }
    }

    /// The model's default for `path`: each item of a list is described by its first.
    static func modelDefault(at path: String, in defaults: JSONValue?) -> JSONValue? {
        value(at: path.split(separator: ".").map { Int($0) == nil ? String($0) : "0" }.joined(separator: "."), in: defaults)
    }

    @Test(arguments: MessageKind.allCases)
    func aNewCampaignSavedUntouchedStoresTheModelsDefaultsAndItsPreviewShowsItsForm(_ kind: MessageKind) async throws {
        try await LiveServer.with { server in
            let app = try await server.createApp(subscriptionID: "dash-defaults")
            try await server.createAccount("editor@example.com", role: "editor", password: DashboardBrowserTests.password)
            let model = try JSONDecoder().decode(JSONValue.self, from: try await server.admin("GET", "api/v1/model"))
            let defaults = Self.value(at: "defaults", in: model)
            #expect(defaults != nil, "the model describes its defaults")

            var shown: JSONValue = .null
            var drawn: JSONValue = .null
            try await DashboardBrowserTests.withSignedInDashboard(server, fragment: "app=\(app.id.uuidString.lowercased())",
                                                                  email: "editor@example.com", width: 1400, height: 1000) { page in
                try await page.click("new-campaign")
                try await page.waitUntil("document.getElementById('field-message-kind') !== null")
                try await DashboardInboxBrowserTests.choose(kind.rawValue, in: "field-message-kind", on: page)
                // Only what the server requires of the kind.
                switch kind {
                case .image: try await page.type("https://cdn.example.com/sale.png", into: "field-message-image-url")
                case .video: try await page.type("https://cdn.example.com/sale.mp4", into: "field-message-media-videoURL")
                case .html: try await page.type("<h1>Sale</h1>", into: "field-message-html")
                case .tooltip: try await page.type("buy-button", into: "field-message-tooltip-targetElementID")
                case .carousel:
                    for index in 0..<2 {
                        try await page.click("add-page")
                        try await page.waitUntil("document.getElementById('field-message-pages-\(index)-title') !== null")
                    }
                case .survey:
                    try await page.waitUntil("document.getElementById('field-message-survey-questions-0-prompt') !== null")
                case .modal, .fullScreen, .slideUp, .banner: break
                }
                try await page.waitUntil("""
                    document.body.dataset.preview === 'ready' && document.querySelector('#preview-form [name=message]').value
                      === JSON.stringify(JSON.parse(document.getElementById('campaign-json').value).message)
                    """)
                shown = try await page.evaluate(Self.shownControls)
                // The frame loads what the form posted after the page says it sent it: read it once
                // it shows this kind.
                let drawsKind = "Boolean(document.getElementById('marquee-root')?.classList.contains('mq-kind-\(kind.rawValue)'))"
                let deadline = ContinuousClock.now + .seconds(60)
                while (try? await page.evaluate(drawsKind, inFrame: "preview-frame")) != .bool(true), ContinuousClock.now < deadline {
                    try await Task.sleep(for: .milliseconds(100))
                }
                drawn = try await page.evaluate(Self.drawn, inFrame: "preview-frame")
                if kind == .modal {
                    try await page.evaluate("document.getElementById('message-fields').scrollIntoView({ block: 'start' })")
                    try await page.saveScreenshot("composer-new-modal-defaults")
                }
                try await page.click("save")
                try await page.waitUntil("document.getElementById('status').textContent === 'Saved.'")
            }

            let list = try JSONDecoder().decode(JSONValue.self, from: try await server.admin("GET", "api/v1/apps/\(app.id)/campaigns"))
            let stored = try #require(Self.value(at: "items.0", in: list))
            #expect(Self.value(at: "message.kind", in: stored) == .string(kind.rawValue))

            // The form shows what is stored, or, where nothing is, what the model says an empty field stores.
            guard case .array(let controls) = shown else { Issue.record("no controls: \(shown)"); return }
            #expect(controls.count > 20, "\(kind): the form shows its controls")
            var seen: [String: JSONValue] = [:]
            for case .array(let control) in controls {
                guard control.count == 3, case .string(let path) = control[0], case .string(let type) = control[1] else { continue }
                let value = control[2]
                seen[path] = value
                let storedValue = Self.value(at: path, in: stored)
                let expected = storedValue ?? Self.modelDefault(at: path, in: defaults)
                switch type {
                case "select-empty" where value == .string(""), "select" where value == .string(""):
                    // Nothing chosen (a translation's language in a campaign without translations): nothing stored.
                    #expect(storedValue == nil, "\(kind): \(path) shows none, and \(String(describing: storedValue)) is stored")
                case "number":
                    if case .string(let text) = value, !text.isEmpty, case .number(let number)? = expected {
                        #expect(Double(text) == number, "\(kind): \(path) shows \(text) for \(number)")
                    } else {
                        #expect(value == .string("") && expected == nil, "\(kind): \(path) shows \(value) for \(String(describing: expected))")
                    }
                default:
                    #expect(expected == value, "\(kind): \(path) shows \(value), the server has \(String(describing: expected))")
                }
            }

            // The stored message's settings are the model's defaults: the form wrote none of them.
            for key in ["colors", "textAlignment", "orientation", "showsOptOut", "isDismissable", "appearance", "extras"] {
                #expect(Self.value(at: "message.\(key)", in: stored) == Self.value(at: "message.\(key)", in: defaults),
                        "\(kind): message.\(key)")
            }
            for path in ["status", "channel", "targeting.audience", "triggers.match"] {
                #expect(Self.value(at: path, in: stored) == Self.value(at: path, in: defaults), "\(kind): \(path)")
            }

            // The preview draws what the form shows.
            if case .string(let alignment)? = seen["message.textAlignment"], case .string(let css)? = Self.value(at: "textAlign", in: drawn),
               !css.isEmpty {
                #expect(css == Self.css(alignment), "\(kind): the form says \(alignment), the preview aligns \(css)")
            }
            #expect(Self.value(at: "orientation", in: drawn) == seen["message.orientation"], "\(kind): orientation")
            let dismissable = seen["message.isDismissable"] == .bool(true) ? "true" : "false"
            #expect(Self.value(at: "dismissable", in: drawn) == .string(dismissable), "\(kind): can be closed")
            let kindSetting: [MessageKind: (form: String, drawn: String)] = [
                .banner: ("message.banner.placement", "bannerPlacement"),
                .slideUp: ("message.slideFrom", "slideFrom"),
                .tooltip: ("message.tooltip.position", "tooltipPosition"),
            ]
            if let setting = kindSetting[kind] {
                #expect(seen[setting.form] != nil, "\(kind): the form shows \(setting.form)")
                #expect(Self.value(at: setting.drawn, in: drawn) == seen[setting.form],
                        "\(kind): the form shows \(String(describing: seen[setting.form])), the preview draws \(String(describing: Self.value(at: setting.drawn, in: drawn)))")
            }
        }
    }
}
